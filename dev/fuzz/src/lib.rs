//! Checks shared by the fuzz targets and the fuzz crate's tests.
//!
//! Each check panics on a violated property; libFuzzer reports the panic as
//! a crash and saves the input.

#[cfg(feature = "uriparser")]
pub mod uriparser;

pub mod arrow_kernels;
pub mod cli_output;
pub mod conversions;
pub mod file_paths;
pub mod iri;
pub mod java;
pub mod ops;
pub mod py_conversions;
pub mod repair;
pub mod rfc2396;
pub mod template;
pub mod views;

// The checks, the oracle and the peers that urikit's tests use too: one
// copy, in the dev-only crate urikit-checks.
pub use urikit_checks::checks::{check_bytes, check_parse};
pub use urikit_checks::{checks, oracle, peers};

/// urikit against every peer on validity and components, as a URI
/// reference and as an IRI reference (oxiri, iri-string and fluent-uri's
/// IRI types); a disagreement that [`explained`] does not account for
/// panics.
pub fn check_differential(s: &str) {
    let ours = peers::urikit(s);
    let compare = |peer: &'static str, theirs: Option<peers::Parts<'_>>| {
        if let Some(field) = peers::first_difference(ours.as_ref(), theirs.as_ref()) {
            assert!(
                explained(peer, field, s).is_some(),
                "{peer} disagrees on {field} for {s:?}:\n  urikit: {ours:?}\n  {peer}: {theirs:?}"
            );
        }
    };
    compare("fluent-uri", peers::fluent(s));
    compare("iri-string", peers::iri_string(s));
    // The same in the IRI profile (RFC 3987), against the IRI peers.
    let ours_iri = peers::urikit_iri(s);
    for &(peer, parse, authority_parts) in peers::IRI_PEERS {
        let theirs = parse(s);
        let mine = if authority_parts {
            ours_iri
        } else {
            ours_iri.map(peers::without_authority_parts)
        };
        if let Some(field) = peers::first_difference(mine.as_ref(), theirs.as_ref()) {
            assert!(
                explained(peer, field, s).is_some(),
                "{peer} (IRI) disagrees on {field} for {s:?}:\n  urikit: {mine:?}\n  {peer}: {theirs:?}"
            );
        }
    }
    #[cfg(feature = "uriparser")]
    {
        compare("uriparser", uriparser::parts(s).ok());
        if let Ok(r) = urikit::UriRef::parse(s) {
            let theirs = uriparser::parse(s.as_bytes()).host_kind;
            let same = match r.host_kind() {
                None | Some(urikit::HostKind::RegName) => theirs == uriparser::HostKind::RegName,
                Some(urikit::HostKind::Ipv4) => theirs == uriparser::HostKind::Ipv4,
                Some(urikit::HostKind::Ipv6) => theirs == uriparser::HostKind::Ipv6,
                Some(urikit::HostKind::IpvFuture) => theirs == uriparser::HostKind::IpvFuture,
                Some(_) => false,
            };
            assert!(
                same || explained("uriparser", "host-kind", s).is_some(),
                "uriparser disagrees on the host kind of {s:?}: {:?} vs {theirs:?}",
                r.host_kind()
            );
        }
    }
}

/// The `DEVIATIONS.md` entry that explains a disagreement of `peer` with
/// urikit on `field` for `s`, by its heading, or `None`.
///
/// `DEVIATIONS.md` has no entries: every disagreement is a crash. An entry
/// added there gets a matching arm here that recognises its inputs by
/// shape (the fuzzer makes new inputs, so a list of strings would not do).
pub fn explained(peer: &str, field: &str, s: &str) -> Option<&'static str> {
    let _ = (peer, field, s);
    None
}
