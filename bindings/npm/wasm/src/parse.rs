//! `parse`: the components of one input as offsets in a buffer that
//! JavaScript reads in place (no string crosses back; the JavaScript layer
//! slices its own string).

use std::cell::Cell;

use urikit::{HostKind, Iri, IriRef, Uri, UriRef};
use wasm_bindgen::prelude::*;

use crate::failure::Failure;
use crate::utf16;

/// An absent component's offsets.
pub const NONE: u32 = u32::MAX;
/// Offsets per parse: (start, end) of scheme, authority, userinfo, host,
/// port, path, query, fragment; then the host kind (an index into
/// `host_kind_names`, `NONE` without a host), a status word, and for the
/// batch forms where the input starts in the batch and its length (all in
/// UTF-16 units).
pub const SLOTS: usize = 20;

thread_local! {
    // A Cell, not a RefCell: a trap half way through a call leaves no
    // borrow behind (crate::slot).
    static OFFSETS: Cell<[u32; SLOTS]> = const { Cell::new([NONE; SLOTS]) };
}

/// The names of the host kinds, in the order `parse` codes them (the
/// core's names).
#[wasm_bindgen]
pub fn host_kind_names() -> Vec<String> {
    [
        HostKind::RegName,
        HostKind::Ipv4,
        HostKind::Ipv6,
        HostKind::IpvFuture,
    ]
    .iter()
    .map(|k| k.name().to_string())
    .collect()
}

/// The index of `k` in `host_kind_names`; `-1` for a kind added later.
pub fn host_kind_code(k: HostKind) -> i32 {
    match k {
        HostKind::RegName => 0,
        HostKind::Ipv4 => 1,
        HostKind::Ipv6 => 2,
        HostKind::IpvFuture => 3,
        #[allow(unreachable_patterns)]
        _ => -1,
    }
}

/// The parsed pieces every profile's type has, as slices of the input.
pub struct Pieces<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<(&'a str, HostKind)>,
    pub port: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

macro_rules! pieces {
    ($r:expr) => {{
        let r = $r;
        Pieces {
            scheme: r.scheme().into(),
            authority: r.authority(),
            userinfo: r.userinfo(),
            host: r.host().map(|h| (h.as_str(), h.kind())),
            port: r.port(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }};
}

/// `pieces(s, 0)`, inlined: the batch loop of the default profile calls
/// it (inlining every profile's there took 10 KB more, gzipped).
#[inline(always)]
pub fn pieces_uri_reference(s: &str) -> Result<Pieces<'_>, urikit::ParseError> {
    Ok(pieces!(UriRef::parse(s)?))
}

/// Parse `s` in `profile` (0 URI-reference, 1 URI, 2 IRI-reference, 3 IRI).
pub fn pieces(s: &str, profile: u32) -> Result<Pieces<'_>, urikit::ParseError> {
    Ok(match profile {
        1 => pieces!(Uri::parse(s)?),
        2 => pieces!(IriRef::parse(s)?),
        3 => pieces!(Iri::parse(s)?),
        _ => pieces!(UriRef::parse(s)?),
    })
}

/// Write the offsets of `p` (in bytes of `s`, then converted to UTF-16
/// units) into `out`.
pub fn write(s: &str, p: &Pieces<'_>, out: &mut [u32]) {
    let mut put = |slot: usize, part: Option<&str>| match part {
        Some(x) => {
            let a = utf16::start_of(s, x);
            out[2 * slot] = a as u32;
            out[2 * slot + 1] = (a + x.len()) as u32;
        }
        None => {
            out[2 * slot] = NONE;
            out[2 * slot + 1] = NONE;
        }
    };
    put(0, p.scheme);
    put(1, p.authority);
    put(2, p.userinfo);
    put(3, p.host.map(|h| h.0));
    put(4, p.port);
    put(5, Some(p.path));
    put(6, p.query);
    put(7, p.fragment);
    out[16] = p.host.map_or(NONE, |h| host_kind_code(h.1) as u32);
    out[17] = 0;
    utf16::convert_all(s, &mut out[..16], NONE);
}

/// Parse `s` in `profile`; the offsets are then in the buffer at
/// `offsets_ptr()` (UTF-16 units). Throws a `Failure` for invalid input.
#[wasm_bindgen]
pub fn parse(s: &str, profile: u32) -> Result<(), Failure> {
    let p = pieces(s, profile).map_err(|e| Failure::parse(e, s))?;
    // Every word JavaScript reads is written: no copy of the old ones in.
    let mut o = [NONE; SLOTS];
    write(s, &p, &mut o);
    OFFSETS.with(|c| c.set(o));
    Ok(())
}

/// `parse` of the first `len` bytes of the input buffer.
#[wasm_bindgen]
pub fn parse_input(len: u32, profile: u32) -> Result<(), Failure> {
    crate::input::with_input(len, |s| parse(s, profile))?
}

/// Run `f` on the offsets buffer.
pub fn offsets_mut(f: impl FnOnce(&mut [u32; SLOTS])) {
    OFFSETS.with(|o| {
        let mut a = o.get();
        f(&mut a);
        o.set(a);
    });
}

/// Where `parse` leaves its offsets in the module's memory.
#[wasm_bindgen]
pub fn offsets_ptr() -> u32 {
    OFFSETS.with(|o| o.as_ptr() as *const u32 as u32)
}

/// Whether `s` matches the ABNF rule named `rule`: the RFC 3986 rules by
/// the core's names (`URI`, `URI-reference`, `host`, ...), and RFC 3987's
/// `IRI` and `IRI-reference` (the parser's IRI profile). Throws for an
/// invalid input (the failure says where) or an unknown rule.
#[wasm_bindgen]
pub fn validate(s: &str, rule: &str) -> Result<(), Failure> {
    let r = rule_of(rule)?;
    check(r, s).map_err(|e| Failure::parse(e, s))
}

/// A rule `validate` knows.
#[derive(Clone, Copy)]
pub enum AnyRule {
    /// An RFC 3986 rule.
    Uri(urikit::Rule),
    /// RFC 3987's `IRI`.
    Iri,
    /// RFC 3987's `IRI-reference`.
    IriReference,
}

/// Check `s` against `r`.
pub fn check(r: AnyRule, s: &str) -> Result<(), urikit::ParseError> {
    match r {
        AnyRule::Uri(r) => urikit::validate(r, s),
        AnyRule::Iri => Iri::parse(s).map(drop),
        AnyRule::IriReference => IriRef::parse(s).map(drop),
    }
}

/// The rule of a name; a `Failure` (`unknown-rule`) for any other.
pub fn rule_of(rule: &str) -> Result<AnyRule, Failure> {
    match rule {
        "IRI" => Ok(AnyRule::Iri),
        "IRI-reference" => Ok(AnyRule::IriReference),
        // RFC 3986's rules by the core's one reading of names; the two
        // RFC 3987 rules above are this face's own.
        _ => crate::ops::named(rule).map(AnyRule::Uri),
    }
}
