//! `uri parse`: validate and take apart URI references.
//!
//! The options and the components live in [`args`], which both paths use:
//! the tuned URI path ([`uri`]) and the path for IRIs and zone IDs
//! ([`iri`]), chosen once per run.

mod args;
mod iri;
mod uri;

pub use args::Args;

use crate::common::{Output, Status};

/// Run `uri parse`: IRIs and zone IDs take their own path, so that the URI
/// path stays as tuned.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    if args.iri || args.zone_id {
        iri::run(&args, out)
    } else {
        uri::run(args, out)
    }
}
