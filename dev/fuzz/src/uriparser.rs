//! uriparser, the C library, through the shim in `shim/uriparser_shim.c`.
//!
//! All the FFI is in this module; [`parse`] is its safe face.

use core::ffi::{c_char, c_int, c_long};

use crate::peers::Parts;

#[repr(C)]
#[derive(Default)]
struct RawResult {
    valid: c_int,
    host_kind: c_int,
    absolute_path: c_int,
    has_host_text: c_int,
    error_pos: c_long,
    segments: c_long,
    scheme: [c_long; 2],
    userinfo: [c_long; 2],
    host: [c_long; 2],
    port: [c_long; 2],
    query: [c_long; 2],
    fragment: [c_long; 2],
}

// SAFETY: the declaration matches `urikit_up_parse` in the C shim that
// build.rs compiles (shim/uriparser_shim.c) (same argument and result types, same layout of
// `RawResult`, which is `#[repr(C)]`).
unsafe extern "C" {
    fn urikit_up_parse(s: *const c_char, len: usize, out: *mut RawResult) -> c_int;
}

/// uriparser's host kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostKind {
    /// A registered name, or no host at all.
    RegName,
    /// IPv4address.
    Ipv4,
    /// IPv6address (in brackets).
    Ipv6,
    /// IPvFuture (in brackets).
    IpvFuture,
}

/// A component as uriparser reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    /// Undefined (a NULL range).
    Absent,
    /// Empty, pointed at a static empty string rather than into the input.
    EmptyElsewhere,
    /// These bytes of the input.
    At(usize, usize),
}

/// What uriparser says about one input, as byte ranges into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Parsed as a URI reference.
    pub valid: bool,
    /// Where parsing failed, when it did and uriparser says.
    pub error_pos: Option<usize>,
    pub scheme: Range,
    pub userinfo: Range,
    /// The host text, without the brackets of an IP literal; `Absent` when
    /// there is no authority.
    pub host: Range,
    pub host_kind: HostKind,
    pub port: Range,
    pub segment_count: usize,
    /// uriparser's flag telling `/a` from `a` (false whenever there is a host).
    pub absolute_path: bool,
    pub query: Range,
    pub fragment: Range,
}

fn range(r: [c_long; 2], len: usize) -> Range {
    match (usize::try_from(r[0]), usize::try_from(r[1])) {
        (Ok(a), Ok(b)) => {
            assert!(
                a <= b && b <= len,
                "uriparser range {a}..{b} outside 0..{len}"
            );
            Range::At(a, b)
        }
        _ if r[0] == -2 => Range::EmptyElsewhere,
        _ => Range::Absent,
    }
}

/// Parse `s` with `uriParseSingleUriExA`.
pub fn parse(s: &[u8]) -> Outcome {
    let mut raw = RawResult::default();
    // SAFETY: `s.as_ptr()..s.as_ptr() + s.len()` is one live, initialised
    // allocation for the whole call (the shim reads only that range; it needs
    // no NUL terminator), and `raw` is a valid, exclusively borrowed
    // `RawResult` whose `#[repr(C)]` layout matches `struct
    // urikit_up_result` field for field. The shim keeps no pointer to either
    // after it returns, and frees all that uriparser allocated.
    unsafe {
        urikit_up_parse(s.as_ptr().cast::<c_char>(), s.len(), &mut raw);
    }
    let len = s.len();
    Outcome {
        valid: raw.valid != 0,
        error_pos: usize::try_from(raw.error_pos).ok(),
        scheme: range(raw.scheme, len),
        userinfo: range(raw.userinfo, len),
        host: if raw.has_host_text != 0 {
            range(raw.host, len)
        } else {
            Range::Absent
        },
        host_kind: match raw.host_kind {
            4 => HostKind::Ipv4,
            6 => HostKind::Ipv6,
            7 => HostKind::IpvFuture,
            _ => HostKind::RegName,
        },
        port: range(raw.port, len),
        segment_count: usize::try_from(raw.segments).unwrap_or(0),
        absolute_path: raw.absolute_path != 0,
        query: range(raw.query, len),
        fragment: range(raw.fragment, len),
    }
}

/// uriparser's result in the shape the other peers use, or its error
/// position.
///
/// uriparser reports no authority and no path range, and points empty
/// components it did not find in the input at a static empty string, so
/// some positions are rebuilt: an empty host starts after the userinfo's
/// `@` or after `//`; the authority runs from the userinfo (or host) to the
/// port (or host), brackets included; the path runs from the end of the
/// authority (or after the scheme's `:`, or the start) to the `?` of the
/// query, the `#` of the fragment or the end. The path is thus checked only
/// through its ends; its segment count must fit it.
pub fn parts(s: &str) -> Result<Parts<'_>, Option<usize>> {
    let o = parse(s.as_bytes());
    if !o.valid {
        return Err(o.error_pos);
    }
    let len = s.len();
    let scheme = match o.scheme {
        Range::At(a, b) => Some((a, b)),
        _ => None,
    };
    let userinfo = match o.userinfo {
        Range::At(a, b) => Some((a, b)),
        Range::EmptyElsewhere => panic!("uriparser: empty userinfo without a position in {s:?}"),
        Range::Absent => None,
    };
    let after_slashes = scheme.map_or(0, |(_, e)| e + 1) + 2;
    let bracketed = matches!(o.host_kind, HostKind::Ipv6 | HostKind::IpvFuture);
    let host = match o.host {
        Range::Absent => None,
        Range::EmptyElsewhere => {
            let at = userinfo.map_or(after_slashes, |(_, e)| e + 1);
            Some((at, at))
        }
        Range::At(a, b) if bracketed => Some((a.saturating_sub(1), (b + 1).min(len))),
        Range::At(a, b) => Some((a, b)),
    };
    let port = match (o.port, host) {
        (Range::At(a, b), _) => Some((a, b)),
        (Range::EmptyElsewhere, Some((_, he))) => Some((he + 1, he + 1)),
        _ => None,
    };
    let authority = host.map(|(ha, hb)| {
        let start = userinfo.map_or(ha, |(ua, _)| ua);
        let end = port.map_or(hb, |(_, pe)| pe);
        (start, end)
    });
    let within = |r: Range| match r {
        Range::At(a, b) => Some((a, b)),
        Range::EmptyElsewhere => panic!("uriparser: empty query/fragment without a position"),
        Range::Absent => None,
    };
    let query = within(o.query);
    let fragment = within(o.fragment);
    let path_start = match (authority, scheme) {
        (Some((_, end)), _) => end,
        (None, Some((_, end))) => end + 1,
        (None, None) => 0,
    };
    let path_end = match (query, fragment) {
        (Some((qa, _)), _) => qa.saturating_sub(1),
        (None, Some((fa, _))) => fa.saturating_sub(1),
        (None, None) => len,
    };
    let get = |r: Option<(usize, usize)>| r.and_then(|(a, b)| s.get(a..b));
    let path = s
        .get(path_start..path_end)
        .unwrap_or_else(|| panic!("uriparser: path {path_start}..{path_end} in {s:?}: {o:?}"));
    // The segment count fits the path: "a/b" and "/a/b" have two segments;
    // an empty path or "/" alone none (with an authority, "/" has one empty
    // segment).
    let slashes = path.bytes().filter(|&b| b == b'/').count();
    let expected = match path.as_bytes().first() {
        None => 0,
        Some(b'/') if path.len() == 1 && authority.is_none() => 0,
        Some(b'/') => slashes,
        Some(_) => slashes + 1,
    };
    assert_eq!(
        o.segment_count, expected,
        "uriparser segments of {s:?}: {o:?}"
    );
    Ok(Parts {
        scheme: get(scheme),
        authority: get(authority),
        userinfo: get(userinfo),
        host: get(host),
        port: get(port),
        path,
        query: get(query),
        fragment: get(fragment),
    })
}
