//! `uri parse`: validate and take apart URI references.
//!
//! The options and the components live in [`args`], which both paths use:
//! the tuned URI path ([`uri`]) and the path for IRIs and zone IDs
//! ([`iri`]), and the path for the RFC 2396 profile and java.net.URI's
//! reading of it ([`rfc2396`]), chosen once per run.

mod args;
mod iri;
mod rfc2396;
mod uri;

pub use args::Args;

use crate::common::{Output, Status};

/// Run `uri parse`: RFC 2396 and Java, IRIs and zone IDs take their own paths, so that the URI
/// path stays as tuned.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    if args.rfc2396 || args.java {
        rfc2396::run(&args, out)
    } else if args.iri || args.zone_id {
        iri::run(&args, out)
    } else {
        uri::run(args, out)
    }
}
