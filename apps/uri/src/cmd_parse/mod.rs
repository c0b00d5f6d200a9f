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

use urikit::Profile;

use crate::common::{Output, Status, profile};

/// Run `uri parse`: the profile the flags choose picks the path. RFC 2396
/// and Java, IRIs and zone IDs take their own paths, so that the URI path
/// stays as tuned (its loop reads the parser's offsets straight into the
/// output, with no record in between).
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    match profile::from_flags(args.iri, args.rfc2396, args.java) {
        Profile::Rfc2396 | Profile::Java => rfc2396::run(&args, out),
        Profile::Iri => iri::run(&args, out),
        _ if args.zone_id => iri::run(&args, out),
        _ => uri::run(args, out),
    }
}
