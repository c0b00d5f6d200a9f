//! The validating parser (sections 3 and 4, Appendix A).
//!
//! One forward pass over the bytes, no recursion, no allocation. The result
//! is a [`Meta`]: the offsets of each component within the input, so a parsed
//! value is the input plus a few integers.
//!
//! Invariants of a `Meta` produced here, relied on by every accessor:
//! - offsets are `u32` and at most the input length; `NONE` marks an absent
//!   component (inputs of `MAX_LEN` bytes or more are rejected first, so no
//!   real offset equals `NONE`);
//! - `scheme_end`, when present, is the index of the `:` after the scheme;
//! - `auth_start`, when present, is the index just after `//`, and then
//!   `auth_start <= host_start <= host_end <= path_start`; a userinfo exists
//!   exactly when `host_start > auth_start` (it ends at `host_start - 1`, an
//!   `@`), and a port exists exactly when `host_end < path_start` (it starts
//!   at `host_end + 1`, after a `:`);
//! - `path_start <= path_end`; the query, when present, starts at
//!   `query_start` (a `?`), and the fragment at `fragment_start` (a `#`).
//!
//! One parser, several grammars: the profile is a compile-time parameter
//! (`const P: u8`, the flags of [`profile`]), so the URI profile compiles
//! to the plain RFC 3986 parser and each `if` on a flag vanishes from it.
//! - [`profile::IRI`] (RFC 3987, 2.2): the IRI grammar is the URI grammar
//!   with `ucschar` added to `iunreserved` (userinfo, reg-name, path, query,
//!   fragment) and `iprivate` to `iquery`. The ASCII scans (vector and
//!   scalar) are the same for both profiles: a non-ASCII byte simply ends
//!   them, and only then does the IRI profile decode one run of UTF-8 out
//!   of line ([`ucs_run`]) and go on scanning. The `http(s)` shortcut of
//!   `fast.rs` serves both profiles the same way.
//! - [`profile::ZONE_ID`] (RFC 6874) and [`profile::ZONE_RAW`] (RFC 9844
//!   user input): a zone identifier after an IPv6 address, read on the
//!   cold path of IP literals only.

use crate::chars::{self, ALPHA, CharClass, HEXDIG, REG_NAME, SCHEME};
use crate::error::{Component, ErrorKind, ParseError};
use crate::host::HostKind;
use crate::simd::{self, SimdClass};

/// The exclusive upper bound on input length, in bytes: offsets are stored
/// as `u32`, and `u32::MAX` marks an absent component.
///
/// ```
/// assert_eq!(urikit::MAX_LEN, u32::MAX as usize);
/// ```
pub const MAX_LEN: usize = u32::MAX as usize;

pub(crate) const NONE: u32 = u32::MAX;

/// The flags of a parser profile, combined with `|` into the `P` parameter.
pub(crate) mod profile {
    /// RFC 3986 as it is: the default.
    pub(crate) const URI: u8 = 0;
    /// RFC 3987: `ucschar` in userinfo, reg-name, path, query and fragment,
    /// `iprivate` in the query.
    pub(crate) const IRI: u8 = 1;
    /// RFC 6874: `IPv6address "%25" ZoneID` inside the brackets.
    pub(crate) const ZONE_ID: u8 = 2;
    /// RFC 9844 user input: also a raw `%` before the zone (`[fe80::1%eth0]`).
    pub(crate) const ZONE_RAW: u8 = 4;
    /// RFC 2396 as amended by RFC 2732: `opaque_part`, `authority = server
    /// | reg_name`, `[` and `]` in `uric`, no reference starting with `?`.
    pub(crate) const RFC2396: u8 = 8;
    /// With [`RFC2396`]: java.net.URI's reading of it (see `crate::java`).
    pub(crate) const JAVA: u8 = 16;
}
use profile::{IRI, JAVA, RFC2396};

mod authority;
mod fast;
mod literal;
mod server;
use authority::{host_kind, parse_authority_p};
pub(crate) use authority::{parse_authority, parse_ip_literal};
pub(crate) use server::java_int;

/// "http" as one little-endian word, for the scheme shortcuts.
const HTTP: u32 = u32::from_le_bytes(*b"http");

/// 4 when `s` starts with "http:", 5 when with "https:" (the index of the
/// colon), 0 otherwise.
#[inline(always)]
fn http_scheme(s: &[u8]) -> usize {
    let Some(&[a, b, c, d, e, f]) = s.get(..6) else {
        return 0;
    };
    if u32::from_le_bytes([a, b, c, d]) != HTTP {
        return 0;
    }
    // Without a branch on the fifth byte: "http" and "https" come about
    // equally often in a list of URLs, so a branch there would be
    // mispredicted about every other row.
    let four = usize::from(e == b':');
    let five = usize::from(u16::from_le_bytes([e, f]) == u16::from_le_bytes(*b"s:"));
    four * 4 + five * 5
}

/// Component boundaries; see the module documentation for the invariants.
///
/// The offsets lie in pairs, each pair one aligned 8-byte word, and the
/// shortcut of `fast.rs` builds its `Meta` from four such words
/// ([`Meta::from_pairs`]), which the compiler stores 8 bytes at a time.
/// Why: a parsed value is often copied right after the parse (into a
/// `Vec`, a caller's frame), and the compiler copies it 8 bytes at a time;
/// a copy that reads 8 bytes from two 4-byte stores just made waits for
/// them to reach the cache (a failed store-to-load forward), which cost
/// about a tenth of a parse with its components read (see docs/speed.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(8))]
pub(crate) struct Meta {
    pub(crate) scheme_end: u32,
    pub(crate) auth_start: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    pub(crate) path_end: u32,
    pub(crate) query_start: u32,
    pub(crate) fragment_start: u32,
    pub(crate) host_kind: HostKind,
}

impl Meta {
    pub(crate) const EMPTY: Meta = Meta {
        scheme_end: NONE,
        auth_start: NONE,
        host_start: NONE,
        host_end: NONE,
        host_kind: HostKind::RegName,
        path_start: 0,
        path_end: 0,
        query_start: NONE,
        fragment_start: NONE,
    };

    /// The `Meta` whose offsets are the halves of `w`, low half first, in
    /// field order: `[scheme_end | auth_start << 32, host_start | host_end
    /// << 32, path_start | path_end << 32, query_start | fragment_start <<
    /// 32]`. Building each pair as one word lets the compiler store it as
    /// one (see [`Meta`]).
    #[inline(always)]
    pub(crate) fn from_pairs(w: [u64; 4], host_kind: HostKind) -> Meta {
        Meta {
            scheme_end: w[0] as u32,
            auth_start: (w[0] >> 32) as u32,
            host_start: w[1] as u32,
            host_end: (w[1] >> 32) as u32,
            path_start: w[2] as u32,
            path_end: (w[2] >> 32) as u32,
            query_start: w[3] as u32,
            fragment_start: (w[3] >> 32) as u32,
            host_kind,
        }
    }
}

/// Which top-level rule to parse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Top {
    /// `URI-reference = URI / relative-ref`
    UriReference,
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
    Uri,
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]`
    AbsoluteUri,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`
    RelativeRef,
}

#[inline(always)]
fn err<T>(index: usize, kind: ErrorKind) -> Result<T, ParseError> {
    Err(ParseError::new(index, kind))
}

/// Whether `s[i]` starts a valid `pct-encoded` triplet.
#[inline(always)]
fn pct_ok(s: &[u8], i: usize) -> bool {
    i + 2 < s.len() && HEXDIG.contains(s[i + 1]) && HEXDIG.contains(s[i + 2])
}

/// The index of the first byte at or after `i` that is not in `class`.
///
/// Eight bytes at a time while all eight are members: a non-short-circuit
/// `&` of eight lookups costs one branch per eight bytes. (A bit mask with
/// `trailing_zeros` for the last block measured more instructions under
/// callgrind on the gsd corpus: 655M and 672M against 632M for this form.)
#[inline(always)]
pub(crate) fn skip(s: &[u8], mut i: usize, class: &CharClass) -> usize {
    while let Some(&[a, b, c, d, e, f, g, h]) = s.get(i..i + 8) {
        let t = |x: u8| class.contains(x);
        if !(t(a) & t(b) & t(c) & t(d) & t(e) & t(f) & t(g) & t(h)) {
            break;
        }
        i += 8;
    }
    while i < s.len() && class.contains(s[i]) {
        i += 1;
    }
    i
}

/// A class scanned as `*( class / pct-encoded )`: its table, and the same
/// set in the form the vector scan uses (see `simd/mod.rs`).
pub(crate) struct ScanClass {
    pub(crate) table: CharClass,
    simd: SimdClass,
}

const fn scan_class(table: CharClass) -> ScanClass {
    ScanClass {
        table,
        simd: SimdClass::of(&table),
    }
}

/// `path-abempty / path-absolute / path-rootless` bytes: `pchar / "/"`.
pub(crate) const PATH_SCAN: ScanClass = scan_class(chars::PATH);
/// `segment-nz-nc` bytes.
pub(crate) const SEGMENT_NZ_NC_SCAN: ScanClass = scan_class(chars::SEGMENT_NZ_NC);
/// `query` bytes (and `fragment`, the same set).
pub(crate) const QUERY_SCAN: ScanClass = scan_class(chars::QUERY);
/// `segment` bytes: `pchar`.
pub(crate) const PCHAR_SCAN: ScanClass = scan_class(chars::PCHAR);
/// `reg-name` bytes.
pub(crate) const REG_NAME_SCAN: ScanClass = scan_class(chars::REG_NAME);
/// `userinfo` bytes.
pub(crate) const USERINFO_SCAN: ScanClass = scan_class(chars::USERINFO);
/// RFC 2396 `uric` bytes: the query, the fragment and an opaque part.
pub(crate) const URIC_2396_SCAN: ScanClass = scan_class(chars::URIC_2396);
/// RFC 2396 `reg_name` bytes.
pub(crate) const REG_NAME_2396_SCAN: ScanClass = scan_class(chars::REG_NAME_2396);
/// The bytes an RFC 2396 `server` may hold anywhere: `userinfo`'s, `@`,
/// `[` and `]`.
pub(crate) const SERVER_2396_SCAN: ScanClass = scan_class(chars::USERINFO.with_bytes(b"@[]"));

/// Scan `*( class / pct-encoded )` from `i`; return the index of the first
/// byte that is neither, or the index of a malformed `%`.
///
/// Sixteen bytes at a time where the target has SSE2 and the input is at
/// least one block long; the scalar loop otherwise.
#[inline(always)]
pub(crate) fn scan(s: &[u8], i: usize, class: &ScanClass) -> Result<usize, usize> {
    match simd::scan(s, i, &class.simd) {
        Some(r) => r,
        None => scalar_scan(s, i, &class.table),
    }
}

/// [`scan`] a byte (or eight) at a time: the definition the vector scan is
/// tested against.
#[inline(always)]
pub(crate) fn scalar_scan(s: &[u8], mut i: usize, class: &CharClass) -> Result<usize, usize> {
    loop {
        i = skip(s, i, class);
        if i < s.len() && s[i] == b'%' {
            if !pct_ok(s, i) {
                return Err(i);
            }
            i += 3;
        } else {
            return Ok(i);
        }
    }
}

/// The length of the run of non-ASCII characters at `s[i]` that the IRI
/// grammar allows there: `ucschar`, and `iprivate` too when `private` (the
/// query). 0 when the first is not one of them or is not valid UTF-8 (the
/// caller reports the byte at `i`). Out of line: the URI profile never
/// calls it, and the IRI profile calls it once per run.
#[inline(never)]
pub(crate) fn ucs_run(s: &[u8], i: usize, private: bool) -> usize {
    ucs_run_inline(s, i, private)
}

/// [`ucs_run`], inlined: for the `http(s)` shortcut's IRI walk
/// (`fast.rs`), which calls it once per run of non-ASCII characters,
/// where the call cost about a fifth of the run's instructions
/// (wiki-iris.txt, callgrind).
#[inline(always)]
pub(crate) fn ucs_run_inline(s: &[u8], i: usize, private: bool) -> usize {
    let mut j = i;
    let cont = |b: u8| b & 0xC0 == 0x80;
    while let Some(&b) = s.get(j) {
        if b < 0x80 {
            break;
        }
        // The common forms, without decoding: every code point from U+00A0
        // to U+07FF (C2 A0 to DF BF) and from U+0800 to U+D7FF (E0 A0 80
        // to ED 9F BF) is a ucschar; the decoding below has the last word
        // on every other form.
        match b {
            0xC2..=0xDF => match s.get(j + 1) {
                Some(&b1) if cont(b1) && (b != 0xC2 || b1 >= 0xA0) => {
                    j += 2;
                    continue;
                }
                _ => {}
            },
            0xE0..=0xED => match s.get(j + 1..j + 3) {
                // E0 80 to E0 9F are overlong, ED A0 up are surrogates.
                Some(&[b1, b2])
                    if cont(b2)
                        & (b1 >= if b == 0xE0 { 0xA0 } else { 0x80 })
                        & (b1 <= if b == 0xED { 0x9F } else { 0xBF }) =>
                {
                    j += 3;
                    continue;
                }
                _ => {}
            },
            _ => {}
        }
        let Some((c, n)) = decode_utf8(s, j) else {
            break;
        };
        if !(chars::is_ucschar(c) || private && chars::is_iprivate(c)) {
            break;
        }
        j += n;
    }
    j - i
}

/// The code point of strictly valid UTF-8 (RFC 3629) at `s[i]`, a byte
/// from 0x80 up, and its length: no overlong forms, no surrogates, nothing
/// past U+10FFFF (the lead bytes C0, C1 and F5 up never start one).
#[inline(always)]
fn decode_utf8(s: &[u8], i: usize) -> Option<(char, usize)> {
    let cont = |k: usize| match s.get(i + k) {
        Some(&b) if b & 0xC0 == 0x80 => Some(u32::from(b & 0x3F)),
        _ => None,
    };
    let b0 = u32::from(s[i]);
    let (c, n) = match b0 {
        0xC2..=0xDF => ((b0 & 0x1F) << 6 | cont(1)?, 2),
        0xE0..=0xEF => {
            let c = (b0 & 0x0F) << 12 | cont(1)? << 6 | cont(2)?;
            if c < 0x800 {
                return None;
            }
            (c, 3)
        }
        0xF0..=0xF4 => {
            let c = (b0 & 0x07) << 18 | cont(1)? << 12 | cont(2)? << 6 | cont(3)?;
            if c < 0x10000 {
                return None;
            }
            (c, 4)
        }
        _ => return None,
    };
    // `from_u32` rejects surrogates and code points past U+10FFFF.
    char::from_u32(c).map(|c| (c, n))
}

/// [`scan`] in profile `P`: with IRI, a non-ASCII run that the component
/// allows is taken and the scan goes on after it.
///
/// Once the component has shown a non-ASCII character, the rest of it is
/// scanned by [`iri_rest`], a byte (or eight) at a time: IRIs mix short
/// ASCII stretches with non-ASCII runs (`/wiki/Irán#Historia`), and
/// restarting the vector scan after each run cost more than it saved
/// (wiki-iris.txt under callgrind: see the README's IRI table).
#[inline(always)]
pub(crate) fn scan_p<const P: u8>(
    s: &[u8],
    i: usize,
    class: &ScanClass,
    private: bool,
) -> Result<usize, usize> {
    if P & (IRI | JAVA) != 0 && s.get(i).is_some_and(|&b| b >= 0x80) {
        return iri_rest::<P>(s, i, &class.table, private);
    }
    let r = scan(s, i, class);
    if P & (IRI | JAVA) != 0
        && let Ok(end) = r
        && end < s.len()
        && s[end] >= 0x80
    {
        return iri_rest::<P>(s, end, &class.table, private);
    }
    r
}

/// The run of non-ASCII characters at `s[i]` that profile `P` allows:
/// [`ucs_run`] for IRIs, java.net.URI's "other" characters for the Java
/// reading.
#[inline(always)]
fn other_run<const P: u8>(s: &[u8], i: usize, private: bool) -> usize {
    if P & JAVA != 0 {
        server::java_other_run(s, i)
    } else {
        ucs_run(s, i, private)
    }
}

/// The IRI profile's scan of `*( class / pct-encoded / ucschar )` (with
/// `iprivate` when `private`) from `i`, scalar: as [`scalar_scan`], with the
/// non-ASCII runs taken by [`ucs_run`].
#[inline(never)]
fn iri_rest<const P: u8>(
    s: &[u8],
    mut i: usize,
    class: &CharClass,
    private: bool,
) -> Result<usize, usize> {
    loop {
        i = skip(s, i, class);
        match s.get(i) {
            Some(b'%') => {
                if !pct_ok(s, i) {
                    return Err(i);
                }
                i += 3;
            }
            Some(&b) if b >= 0x80 => {
                let n = other_run::<P>(s, i, private);
                if n == 0 {
                    return Ok(i);
                }
                i += n;
            }
            _ => return Ok(i),
        }
    }
}

/// [`skip`] over `reg-name` bytes, sixteen at a time where the vector code
/// runs (see `simd::skip`).
#[inline(always)]
fn skip_reg_name(s: &[u8], i: usize) -> usize {
    match simd::skip(s, i, &REG_NAME_SCAN.simd) {
        Some(end) => end,
        None => skip(s, i, &REG_NAME),
    }
}

/// [`skip_reg_name`] in profile `P` (no `%`): see [`scan_p`].
#[inline(always)]
fn skip_reg_name_p<const P: u8>(s: &[u8], i: usize) -> usize {
    let mut i = skip_reg_name(s, i);
    if P & IRI != 0 {
        while i < s.len() && s[i] >= 0x80 {
            let n = ucs_run(s, i, false);
            if n == 0 {
                break;
            }
            i = skip_reg_name(s, i + n);
        }
    }
    i
}

/// Parse `top` by RFC 3986 (always inlined: see `UriRef::parse`).
#[inline(always)]
pub(crate) fn parse(s: &[u8], top: Top) -> Result<Meta, ParseError> {
    parse_with::<{ profile::URI }>(s, top)
}

/// Parse `top` in profile `P` (see [`profile`]).
///
/// The shortcut of `fast.rs` first, in a small frame; the forward parser,
/// out of line, when it has no answer: inlined here, its prologue (every
/// register saved, the `Meta` set up) cost the common case about thirty
/// instructions a row.
#[inline]
pub(crate) fn parse_with<const P: u8>(s: &[u8], top: Top) -> Result<Meta, ParseError> {
    if P & RFC2396 == 0
        && top != Top::RelativeRef
        && let Some(m) = fast::http::<P>(s, top)
    {
        return Ok(m);
    }
    forward::<P>(s, top)
}

/// See `crate::__fuzz::shortcut_agrees`.
#[cfg(feature = "__fuzz")]
pub(crate) fn shortcut_agrees(s: &[u8]) -> bool {
    [Top::UriReference, Top::Uri, Top::AbsoluteUri]
        .into_iter()
        .all(|top| {
            fast::http::<{ profile::URI }>(s, top).is_none_or(|m| {
                forward::<{ profile::URI }>(s, top) == Ok(m) && forward::<IRI>(s, top) == Ok(m)
            }) && fast::http::<IRI>(s, top).is_none_or(|m| forward::<IRI>(s, top) == Ok(m))
        })
}

/// The forward parser, for [`parse_with`].
#[inline(never)]
fn forward<const P: u8>(s: &[u8], top: Top) -> Result<Meta, ParseError> {
    let len = s.len();
    if len >= MAX_LEN {
        return err(MAX_LEN, ErrorKind::TooLong);
    }
    let mut m = Meta::EMPTY;
    let mut i = 0;

    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
    // Scheme bytes are all valid in a first path segment, so when no ":"
    // follows, the bytes seen so far stay valid as the start of a relative
    // path and the scan goes on from where it stopped: one pass either way.
    let mut first_segment_from = None;
    // Most real URIs start with "http:" or "https:"; a match stands for the
    // scan below, which would find the same scheme.
    let http = http_scheme(s);
    if http != 0 && top != Top::RelativeRef {
        m.scheme_end = http as u32;
        i = http + 1;
    } else if len > 0 && ALPHA.contains(s[0]) {
        i = skip(s, 1, &SCHEME);
        if i < len && s[i] == b':' {
            if top == Top::RelativeRef {
                return err(i, ErrorKind::UnexpectedScheme);
            }
            m.scheme_end = i as u32;
            i += 1;
        } else {
            first_segment_from = Some(i);
        }
    }
    if m.scheme_end == NONE && matches!(top, Top::Uri | Top::AbsoluteUri) {
        return Err(missing_scheme(s));
    }

    let path_start;
    let mut query_from = None;
    if let Some(from) = first_segment_from {
        // relative-part = path-noscheme, begun by the scheme scan above.
        path_start = 0;
        i = scan_noscheme_path_p::<P>(s, from)?;
    } else if s[i..].starts_with(b"//") {
        // "//" authority path-abempty
        i = if P & RFC2396 != 0 {
            server::parse_authority_2396::<P>(s, i + 2, &mut m)?
        } else {
            parse_authority_p::<P>(s, i + 2, &mut m)?
        };
        path_start = i;
        (i, query_from) = scan_path_query::<P>(s, i)?;
    } else if m.scheme_end == NONE && !s[i..].starts_with(b"/") {
        // relative-part = path-noscheme / path-empty
        path_start = i;
        i = scan_noscheme_path_p::<P>(s, i)?;
        if P & RFC2396 != 0 && P & JAVA == 0 && i == path_start && i < len && s[i] == b'?' {
            // RFC 2396: rel_path = rel_segment [ abs_path ] has at least
            // one character, so no reference starts with "?".
            return err(i, ErrorKind::InvalidCharacter(Component::Path));
        }
    } else if P & RFC2396 != 0 && m.scheme_end != NONE && !s[i..].starts_with(b"/") {
        // RFC 2396 3: opaque_part = uric_no_slash *uric, at least one
        // character; a "?" in it is data, not a query delimiter.
        if i == len || s[i] == b'#' {
            return err(i, ErrorKind::MissingSchemeSpecificPart);
        }
        if P & JAVA == 0 && matches!(s[i], b'[' | b']') {
            // uric_no_slash lists its characters one by one: RFC 2732 3
            // (3) adds "[" and "]" to reserved, so to uric, not to it
            // (`s:[x` is no URI; `s:x[` is). java.net.URI takes them.
            return err(i, ErrorKind::InvalidCharacter(Component::Path));
        }
        path_start = i;
        i = match scan_p::<P>(s, i, &URIC_2396_SCAN, false) {
            Ok(end) => end,
            Err(at) => return err(at, ErrorKind::InvalidPercentEncoding(Component::Path)),
        };
    } else {
        // path-absolute / path-rootless / path-empty: without an authority
        // the path cannot start with "//", which the branch above took.
        path_start = i;
        (i, query_from) = scan_path_query::<P>(s, i)?;
    }
    m.path_start = path_start as u32;
    if let Some(q) = query_from {
        // The query was scanned with the path; `i` is its end.
        m.path_end = q as u32;
        m.query_start = q as u32;
    } else {
        m.path_end = i as u32;
    }

    if query_from.is_none() && i < len && s[i] == b'?' {
        m.query_start = i as u32;
        i = match scan_p::<P>(s, i + 1, uric::<P>(), true) {
            Ok(end) => end,
            Err(at) => return err(at, ErrorKind::InvalidPercentEncoding(Component::Query)),
        };
    }
    if i < len && s[i] == b'#' {
        if top == Top::AbsoluteUri {
            return err(i, ErrorKind::UnexpectedFragment);
        }
        m.fragment_start = i as u32;
        i = match scan_p::<P>(s, i + 1, uric::<P>(), false) {
            Ok(end) => end,
            Err(at) => return err(at, ErrorKind::InvalidPercentEncoding(Component::Fragment)),
        };
    }
    if i < len {
        return Err(trailing_error(i, &m));
    }
    Ok(m)
}

/// The class of the query and the fragment in profile `P`.
#[inline(always)]
const fn uric<const P: u8>() -> &'static ScanClass {
    if P & RFC2396 != 0 {
        &URIC_2396_SCAN
    } else {
        &QUERY_SCAN
    }
}

/// The error for a byte that stopped the scan of the last component.
#[cold]
#[inline(never)]
fn trailing_error(i: usize, m: &Meta) -> ParseError {
    let component = if m.fragment_start != NONE {
        Component::Fragment
    } else if m.query_start != NONE {
        Component::Query
    } else {
        Component::Path
    };
    ParseError::new(i, ErrorKind::InvalidCharacter(component))
}

/// The error for an input that the URI rule rejects for want of a scheme.
#[cold]
#[inline(never)]
fn missing_scheme(s: &[u8]) -> ParseError {
    match s.first() {
        None => ParseError::new(0, ErrorKind::MissingScheme),
        Some(b) if !ALPHA.contains(*b) => {
            // A string like "1http:" or "-x:" was meant to have a scheme;
            // one like "/path" or "//host" was not.
            if matches!(b, b'/' | b'?' | b'#') {
                ParseError::new(0, ErrorKind::MissingScheme)
            } else {
                ParseError::new(0, ErrorKind::InvalidScheme)
            }
        }
        Some(_) => {
            let mut i = 1;
            while i < s.len() && SCHEME.contains(s[i]) {
                i += 1;
            }
            match s.get(i) {
                None | Some(b'/' | b'?' | b'#') => ParseError::new(i, ErrorKind::MissingScheme),
                Some(_) => ParseError::new(i, ErrorKind::InvalidScheme),
            }
        }
    }
}

/// `path-abempty / path-absolute / path-rootless`, and the query after it
/// when the vector scan can take both at once (the path ends at the first
/// `?`; the query's class is the path's plus `?`). Returns where the scan
/// ended, and where the query starts if it took one; otherwise the path
/// alone, as [`scan_path`].
#[inline(always)]
fn scan_path_query<const P: u8>(s: &[u8], i: usize) -> Result<(usize, Option<usize>), ParseError> {
    if P & RFC2396 != 0 {
        // The query's class is not the path's plus "?" there.
        return Ok((scan_path_p::<P>(s, i)?, None));
    }
    match simd::scan_path_query(s, i, &QUERY_SCAN.simd) {
        None => Ok((scan_path_p::<P>(s, i)?, None)),
        Some((Ok(end), q)) if P & IRI != 0 && end < s.len() && s[end] >= 0x80 => {
            iri_path_query_rest(s, end, q)
        }
        Some((Ok(end), q)) => Ok((end, (q < end).then_some(q))),
        Some((Err(at), q)) => {
            let component = if q < at {
                Component::Query
            } else {
                Component::Path
            };
            err(at, ErrorKind::InvalidPercentEncoding(component))
        }
    }
}

/// The IRI profile's way on after the combined scan stopped at a
/// non-ASCII byte at `end`: the query's rules if a `?` came before it,
/// the path's otherwise.
#[inline(never)]
fn iri_path_query_rest(
    s: &[u8],
    end: usize,
    q: usize,
) -> Result<(usize, Option<usize>), ParseError> {
    if q < end {
        match scan_p::<IRI>(s, end, uric::<IRI>(), true) {
            Ok(end) => Ok((end, Some(q))),
            Err(at) => err(at, ErrorKind::InvalidPercentEncoding(Component::Query)),
        }
    } else {
        Ok((scan_path_p::<IRI>(s, end)?, None))
    }
}

/// `path-abempty`, `path-absolute` or `path-rootless`: `*( pchar / "/" )`,
/// up to `?`, `#` or the end.
#[inline]
pub(crate) fn scan_path(s: &[u8], i: usize) -> Result<usize, ParseError> {
    scan_path_p::<{ profile::URI }>(s, i)
}

#[inline(always)]
fn scan_path_p<const P: u8>(s: &[u8], i: usize) -> Result<usize, ParseError> {
    match scan_p::<P>(s, i, &PATH_SCAN, false) {
        Ok(end) => Ok(end),
        Err(at) => err(at, ErrorKind::InvalidPercentEncoding(Component::Path)),
    }
}

/// `path-noscheme = segment-nz-nc *( "/" segment )`, or `path-empty`: no `:`
/// before the first `/`.
#[inline]
pub(crate) fn scan_noscheme_path(s: &[u8], i: usize) -> Result<usize, ParseError> {
    scan_noscheme_path_p::<{ profile::URI }>(s, i)
}

#[inline(always)]
fn scan_noscheme_path_p<const P: u8>(s: &[u8], i: usize) -> Result<usize, ParseError> {
    let i = match scan_p::<P>(s, i, &SEGMENT_NZ_NC_SCAN, false) {
        Ok(end) => end,
        Err(at) => return err(at, ErrorKind::InvalidPercentEncoding(Component::Path)),
    };
    match s.get(i) {
        Some(b':') => err(i, ErrorKind::ColonInFirstSegment),
        Some(b'/') => scan_path_p::<P>(s, i),
        _ => Ok(i),
    }
}
