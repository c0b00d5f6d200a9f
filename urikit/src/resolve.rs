//! Reference resolution (RFC 3986 section 5), same-document references
//! (4.4) and its inverse, making a reference relative.
//!
//! - [`Uri::resolve`] and [`Resolver`]: the transform of 5.2.2, with merge
//!   (5.2.3, [`merge`]) and the published remove_dot_segments (5.2.4,
//!   [`remove_dot_segments`]); strict by default, a non-strict option, and
//!   the RFC 2396 resolution (its section 5.2) as a legacy option.
//! - [`Uri::make_relative`]: the shortest reference that resolves back to a
//!   target, byte for byte.
//! - [`Uri::is_same_document`]: the check of 4.4.
//!
//! Resolution makes one allocation (the result's buffer, sized up front from
//! an upper bound) and is linear in the input length: dot-segment removal
//! never rescans what it already wrote, so a path of a million `../`
//! segments takes a million steps.
//!
//! ```
//! use urikit::{Uri, UriRef};
//! let base = Uri::parse("http://a/b/c/d;p?q")?;
//! let target = base.resolve(&UriRef::parse("../g?y#s")?)?;
//! assert_eq!(target, "http://a/b/g?y#s");
//! assert_eq!(base.make_relative(&target.as_uri())?, "../g?y#s");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use core::fmt;

use crate::error::ParseError;
use crate::host::HostKind;
use crate::parse::{Meta, MAX_LEN, NONE};
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};

// ---------------------------------------------------------------------------
// Errors

/// Why a reference could not be resolved, or a target made relative.
///
/// ```
/// use urikit::{ResolveErrorKind, Resolver};
/// let err = Resolver::new().resolve_str("/not/a/uri", "g").unwrap_err();
/// assert_eq!(err.kind(), ResolveErrorKind::BaseNotUri);
/// assert_eq!(err.to_string(), "base is not a URI (it has no scheme)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResolveError {
    kind: ResolveErrorKind,
}

/// The kinds of [`ResolveError`].
///
/// ```
/// use urikit::ResolveErrorKind;
/// assert_eq!(ResolveErrorKind::BaseNotUri.name(), "base-not-uri");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// The base is a relative reference: a base URI needs a scheme (5.1,
    /// 5.2.1).
    BaseNotUri,
    /// The base text is not a valid URI reference.
    InvalidBase(ParseError),
    /// The reference text is not a valid URI reference.
    InvalidReference(ParseError),
    /// The result would be [`crate::MAX_LEN`] bytes or longer.
    TooLong,
    /// No reference resolves to this target: its path holds a `.` or `..`
    /// segment that every resolution removes (5.2.4), and it cannot be
    /// reached through the base's own path either.
    Unreachable,
}

impl ResolveErrorKind {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// assert_eq!(urikit::ResolveErrorKind::Unreachable.name(), "unreachable-target");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ResolveErrorKind::BaseNotUri => "base-not-uri",
            ResolveErrorKind::InvalidBase(_) => "invalid-base",
            ResolveErrorKind::InvalidReference(_) => "invalid-reference",
            ResolveErrorKind::TooLong => "too-long",
            ResolveErrorKind::Unreachable => "unreachable-target",
        }
    }
}

impl ResolveError {
    #[cold]
    const fn new(kind: ResolveErrorKind) -> ResolveError {
        ResolveError { kind }
    }

    /// Why it failed.
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Resolver};
    /// let err = Resolver::new().resolve_str("http://a/", "a b").unwrap_err();
    /// assert!(matches!(err.kind(), ResolveErrorKind::InvalidReference(_)));
    /// ```
    pub const fn kind(&self) -> ResolveErrorKind {
        self.kind
    }

    /// For a text that did not parse, the byte index of the first offending
    /// byte in that text (the base or the reference, as the kind says).
    ///
    /// ```
    /// let err = urikit::Resolver::new().resolve_str("http://a/", "g h").unwrap_err();
    /// assert_eq!(err.index(), Some(1));
    /// ```
    pub const fn index(&self) -> Option<usize> {
        match self.kind {
            ResolveErrorKind::InvalidBase(e) | ResolveErrorKind::InvalidReference(e) => {
                Some(e.index())
            }
            _ => None,
        }
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ResolveErrorKind::BaseNotUri => f.write_str("base is not a URI (it has no scheme)"),
            ResolveErrorKind::InvalidBase(e) => write!(f, "invalid base: {e}"),
            ResolveErrorKind::InvalidReference(e) => write!(f, "invalid reference: {e}"),
            ResolveErrorKind::TooLong => f.write_str("resolved URI too long (4 GiB or more)"),
            ResolveErrorKind::Unreachable => f.write_str(
                "no reference resolves to the target (its path has dot segments that resolution removes)",
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ResolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ResolveErrorKind::InvalidBase(e) | ResolveErrorKind::InvalidReference(e) => Some(e),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------
// Components with the offsets needed to build a result without reparsing

#[derive(Clone, Copy)]
struct Auth<'a> {
    text: &'a str,
    // Host bounds relative to the start of `text`.
    host_start: usize,
    host_end: usize,
    host_kind: HostKind,
}

#[derive(Clone, Copy)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    auth: Option<Auth<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn parts<'a>(r: &'a UriRef<'_>) -> Parts<'a> {
    let c = r.components();
    let m = r.meta();
    Parts {
        scheme: c.scheme,
        auth: c.authority.map(|text| Auth {
            text,
            host_start: (m.host_start - m.auth_start) as usize,
            host_end: (m.host_end - m.auth_start) as usize,
            host_kind: m.host_kind,
        }),
        path: c.path,
        query: c.query,
        fragment: c.fragment,
    }
}

/// Writes components in the order of 5.3 and records the offsets a parse
/// would find.
struct Builder<'o> {
    out: &'o mut String,
    base: usize,
    m: [usize; 8],
    host_kind: HostKind,
}

const SCHEME_END: usize = 0;
const AUTH_START: usize = 1;
const HOST_START: usize = 2;
const HOST_END: usize = 3;
const PATH_START: usize = 4;
const PATH_END: usize = 5;
const QUERY_START: usize = 6;
const FRAGMENT_START: usize = 7;
const ABSENT: usize = usize::MAX;

impl<'o> Builder<'o> {
    fn new(out: &'o mut String) -> Builder<'o> {
        let base = out.len();
        Builder {
            out,
            base,
            m: [ABSENT; 8],
            host_kind: HostKind::RegName,
        }
    }

    #[inline]
    fn pos(&self) -> usize {
        self.out.len() - self.base
    }

    fn scheme(&mut self, s: &str) {
        self.out.push_str(s);
        self.m[SCHEME_END] = self.pos();
        self.out.push(':');
    }

    fn authority(&mut self, a: &Auth<'_>) {
        self.out.push_str("//");
        let at = self.pos();
        self.m[AUTH_START] = at;
        self.m[HOST_START] = at + a.host_start;
        self.m[HOST_END] = at + a.host_end;
        self.host_kind = a.host_kind;
        self.out.push_str(a.text);
    }

    fn path_start(&mut self) {
        self.m[PATH_START] = self.pos();
    }

    fn path_end(&mut self) {
        self.m[PATH_END] = self.pos();
    }

    fn query_fragment(&mut self, query: Option<&str>, fragment: Option<&str>) {
        if let Some(q) = query {
            self.m[QUERY_START] = self.pos();
            self.out.push('?');
            self.out.push_str(q);
        }
        if let Some(f) = fragment {
            self.m[FRAGMENT_START] = self.pos();
            self.out.push('#');
            self.out.push_str(f);
        }
    }

    /// The offsets as a parse would give them, or `TooLong`.
    fn finish(self) -> Result<Meta, ResolveError> {
        if self.pos() >= MAX_LEN {
            return Err(ResolveError::new(ResolveErrorKind::TooLong));
        }
        // Every offset is at most the length, now known to fit in a u32.
        let c = |i: usize| {
            let v = self.m[i];
            if v == ABSENT {
                NONE
            } else {
                v as u32
            }
        };
        Ok(Meta {
            scheme_end: c(SCHEME_END),
            auth_start: c(AUTH_START),
            host_start: c(HOST_START),
            host_end: c(HOST_END),
            host_kind: self.host_kind,
            path_start: c(PATH_START),
            path_end: c(PATH_END),
            query_start: c(QUERY_START),
            fragment_start: c(FRAGMENT_START),
        })
    }
}

// ---------------------------------------------------------------------------
// remove_dot_segments (5.2.4) and merge (5.2.3)

/// Calls `f(segment, is_last)` for each `/`-separated piece of `s`. A plain
/// byte loop: segments are short, and a searcher per segment costs more
/// than the scan.
#[inline]
fn each_segment(s: &str, mut f: impl FnMut(&str, bool)) {
    let mut start = 0;
    for (i, &b) in s.as_bytes().iter().enumerate() {
        if b == b'/' {
            f(&s[start..i], false);
            start = i + 1;
        }
    }
    f(&s[start..], true);
}

/// Whether a segment is `.` or `..`.
#[inline]
fn is_dot(seg: &str) -> bool {
    matches!(seg.as_bytes(), b"." | b"..")
}

/// Whether `path` holds a complete `.` or `..` segment.
///
/// Jumps from dot to dot (`str::find` on a byte is a `memchr`), and looks
/// closer only at a dot that starts a segment.
fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    let mut from = 0;
    while let Some(k) = path.get(from..).and_then(|p| p.find('.')) {
        let i = from + k;
        if i == 0 || b[i - 1] == b'/' {
            // "." or ".." followed by the end or a "/".
            let after = if b.get(i + 1) == Some(&b'.') {
                i + 2
            } else {
                i + 1
            };
            if matches!(b.get(after), None | Some(b'/')) {
                return true;
            }
        }
        from = i + 1;
    }
    false
}

/// The published remove_dot_segments, one segment at a time.
///
/// The input buffer of 5.2.4 always starts with `/` once the first segment
/// of a rootless path has moved (step E); before that (`leading`), steps A
/// and D drop `.` and `..`. After that, each segment `s` is the input prefix
/// `/s`: step B drops `/.`, step C drops `/..` and the last output segment,
/// and when either consumes the end of the input they leave `/`, which
/// step E then moves. Step C's removal scans back only over the segment it
/// removes, so the whole run is linear.
struct Dots<'o> {
    out: &'o mut String,
    start: usize,
    leading: bool,
}

impl<'o> Dots<'o> {
    fn new(out: &'o mut String, absolute: bool) -> Dots<'o> {
        let start = out.len();
        Dots {
            out,
            start,
            leading: !absolute,
        }
    }

    #[inline]
    fn seg(&mut self, seg: &str, last: bool) {
        if self.leading {
            // A (a segment followed by "/") or D (the whole rest).
            if is_dot(seg) {
                return;
            }
            // E: the first segment, without a "/".
            self.out.push_str(seg);
            self.leading = false;
            return;
        }
        match seg.as_bytes() {
            b"." => {}
            b".." => {
                let cut = self.out[self.start..]
                    .rfind('/')
                    .map_or(self.start, |i| self.start + i);
                self.out.truncate(cut);
            }
            _ => {
                self.out.push('/');
                self.out.push_str(seg);
                return;
            }
        }
        if last {
            self.out.push('/');
        }
    }

    /// Feed `prefix`, which is empty or ends with `/`, then `path`, as the
    /// one input buffer `prefix + path`.
    fn run(mut self, prefix: &str, path: &str) {
        if prefix.is_empty() {
            each_segment(path.strip_prefix('/').unwrap_or(path), |s, last| {
                self.seg(s, last)
            });
            return;
        }
        let body = prefix.strip_prefix('/').unwrap_or(prefix);
        // The segments of `prefix` end at its final "/", where `path`'s
        // first segment starts. A prefix of just "/" has none.
        if let Some(body) = body.strip_suffix('/') {
            each_segment(body, |s, _| self.seg(s, false));
        }
        each_segment(path, |s, last| self.seg(s, last));
    }
}

/// Runs remove_dot_segments on `prefix + path` (prefix empty or ending in
/// `/`) and appends the result to `out`.
fn dots_into(out: &mut String, prefix: &str, path: &str) {
    let absolute = if prefix.is_empty() {
        path.starts_with('/')
    } else {
        prefix.starts_with('/')
    };
    Dots::new(out, absolute).run(prefix, path);
}

/// RFC 2396 5.2 steps 6c to 6g: `.` segments go; `..` removes the segment
/// before it unless that is `..` too, and is otherwise kept ("retaining
/// these components in the resolved path", 6g). A stack of segments held in
/// the output string; `n` counts them.
struct Legacy<'o> {
    out: &'o mut String,
    start: usize,
    absolute: bool,
    n: usize,
}

impl Legacy<'_> {
    fn push(&mut self, seg: &str) {
        if self.n == 0 && !self.absolute && seg.is_empty() {
            // The buffer now starts with "/" (as ".//g" does once step 6c
            // drops "./"): it reads as rooted from here on.
            self.absolute = true;
            return;
        }
        if self.n > 0 || self.absolute {
            self.out.push('/');
        }
        self.out.push_str(seg);
        self.n += 1;
    }

    /// Where the top segment starts, at its "/" if it has one.
    fn top_cut(&self) -> usize {
        self.out[self.start..]
            .rfind('/')
            .map_or(self.start, |i| self.start + i)
    }

    fn seg(&mut self, seg: &str, last: bool) {
        match seg.as_bytes() {
            b"." => {
                if last {
                    self.push("");
                }
            }
            b".." => {
                let cut = self.top_cut();
                let top = &self.out[cut..];
                let top = top.strip_prefix('/').unwrap_or(top);
                if self.n > 0 && top != ".." {
                    self.out.truncate(cut);
                    self.n -= 1;
                    if last {
                        self.push("");
                    }
                } else {
                    self.push("..");
                }
            }
            _ => self.push(seg),
        }
    }
}

fn legacy_into(out: &mut String, prefix: &str, path: &str) {
    let absolute = if prefix.is_empty() {
        path.starts_with('/')
    } else {
        prefix.starts_with('/')
    };
    let start = out.len();
    let mut l = Legacy {
        out,
        start,
        absolute,
        n: 0,
    };
    if prefix.is_empty() {
        each_segment(path.strip_prefix('/').unwrap_or(path), |s, last| {
            l.seg(s, last)
        });
        return;
    }
    let body = prefix.strip_prefix('/').unwrap_or(prefix);
    if let Some(body) = body.strip_suffix('/') {
        each_segment(body, |s, _| l.seg(s, false));
    }
    each_segment(path, |s, last| l.seg(s, last));
}

/// Remove the `.` and `..` segments of a path, by the published algorithm
/// of RFC 3986 section 5.2.4 (steps A to E).
///
/// Linear in the length of the path, with one allocation of at most the
/// path's length. [`remove_dot_segments_into`] writes into a buffer of
/// yours instead.
///
/// ```
/// use urikit::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("../g"), "g");
/// assert_eq!(remove_dot_segments("/a/%2E%2E/b"), "/a/%2E%2E/b"); // not a dot segment
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    dots_into(&mut out, "", path);
    out
}

/// [`remove_dot_segments`], appending the result to `out`. It reserves room
/// for `path.len()` more bytes, so it does not allocate when `out` has that
/// much spare capacity.
///
/// ```
/// let mut out = String::with_capacity(64);
/// out.push_str("http://a");
/// urikit::remove_dot_segments_into("/b/c/../d/./e", &mut out);
/// assert_eq!(out, "http://a/b/d/e");
/// ```
pub fn remove_dot_segments_into(path: &str, out: &mut String) {
    out.reserve(path.len());
    dots_into(out, "", path);
}

/// The part of the base path that a relative-path reference is appended to
/// (5.2.3): `/` when the base has an authority and an empty path, else
/// everything up to and including the last `/` (nothing when there is none).
fn merge_prefix(has_authority: bool, base_path: &str) -> &str {
    if has_authority && base_path.is_empty() {
        return "/";
    }
    match base_path.rfind('/') {
        Some(i) => &base_path[..=i],
        None => "",
    }
}

/// Merge a relative-path reference's path with a base URI's path (RFC 3986
/// section 5.2.3), without removing dot segments.
///
/// Resolution never calls this: it removes dot segments from the merged
/// path on the fly without building it. One allocation; see [`merge_into`].
///
/// ```
/// use urikit::{merge, Uri};
/// assert_eq!(merge(&Uri::parse("http://a/b/c/d;p?q")?, "../g"), "/b/c/../g");
/// assert_eq!(merge(&Uri::parse("http://a")?, "g"), "/g");
/// assert_eq!(merge(&Uri::parse("mailto:x")?, "g"), "g");
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn merge(base: &Uri<'_>, reference_path: &str) -> String {
    let mut out = String::new();
    merge_into(base, reference_path, &mut out);
    out
}

/// [`merge`], appending to `out` (no allocation when it has room).
///
/// ```
/// let mut out = String::new();
/// urikit::merge_into(&urikit::Uri::parse("s:/x/y")?, "z", &mut out);
/// assert_eq!(out, "/x/z");
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn merge_into(base: &Uri<'_>, reference_path: &str, out: &mut String) {
    let prefix = merge_prefix(base.has_authority(), base.path());
    out.reserve(prefix.len() + reference_path.len());
    out.push_str(prefix);
    out.push_str(reference_path);
}

// ---------------------------------------------------------------------------
// The fast path of resolution: a splice of the two texts
//
// When no dot segment is involved, the target of 5.2.2 is a prefix of the
// base's text (up to where the reference takes over), perhaps a `/` (merging
// with an empty path under an authority, 5.2.3), and a suffix of the
// reference's text. Leading `./` and `../` segments of a merged path only
// move the cut in the base's path back. Its offsets follow from the two
// parses, so it is written with one allocation of the exact size and two
// copies. Anything else (a dot segment elsewhere, a rootless base path with
// dots, the `/.` rule) takes the general path below.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// Eight bytes of `b` from `at`, little-endian (0 past the end).
#[inline(always)]
fn load8(b: &[u8], at: usize) -> u64 {
    match b.get(at..at.wrapping_add(8)).map(<[u8; 8]>::try_from) {
        Some(Ok(a)) => u64::from_le_bytes(a),
        _ => 0,
    }
}

/// The high bit of each byte of `x` that is zero, exactly (no borrow
/// between bytes).
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    !(((x & !HI) + !HI) | x) & HI
}

/// Whether some `w[i]` is `/` and `w[i + 1]` is `.`. Written so that the
/// compiler makes it two vector compares.
#[inline(always)]
fn slash_dot16(w: &[u8; 17]) -> bool {
    let mut any = false;
    for i in 0..16 {
        any |= (w[i] == b'/') & (w[i + 1] == b'.');
    }
    any
}

/// [`slash_dot16`] on eight pairs.
#[inline(always)]
fn slash_dot8(w: &[u8; 9]) -> bool {
    let mut any = false;
    for i in 0..8 {
        any |= (w[i] == b'/') & (w[i + 1] == b'.');
    }
    any
}

/// Whether a path may hold a dot segment: it starts with `.` or has `/.`
/// somewhere. Windows of 17 bytes overlapping by one, so that every pair of
/// neighbours is in one of them (the last window may overlap more).
#[inline(always)]
fn maybe_dot_segment(b: &[u8]) -> bool {
    if b.first() == Some(&b'.') {
        return true;
    }
    let n = b.len();
    if let Some(last) = n.checked_sub(17) {
        let mut at = 0;
        loop {
            let a = at.min(last);
            if win17(b, a) {
                return true;
            }
            if a == last {
                return false;
            }
            at += 16;
        }
    } else if let Some(last) = n.checked_sub(9) {
        let mut at = 0;
        loop {
            let a = at.min(last);
            if win9(b, a) {
                return true;
            }
            if a == last {
                return false;
            }
            at += 8;
        }
    } else {
        b.windows(2).any(|w| w == b"/.")
    }
}

/// [`slash_dot16`] on `b[at..at + 17]` (false past the end).
#[inline(always)]
fn win17(b: &[u8], at: usize) -> bool {
    match b.get(at..at.wrapping_add(17)).map(<&[u8; 17]>::try_from) {
        Some(Ok(w)) => slash_dot16(w),
        _ => false,
    }
}

/// [`slash_dot8`] on `b[at..at + 9]` (false past the end).
#[inline(always)]
fn win9(b: &[u8], at: usize) -> bool {
    match b.get(at..at.wrapping_add(9)).map(<&[u8; 9]>::try_from) {
        Some(Ok(w)) => slash_dot8(w),
        _ => false,
    }
}

/// Whether `w` holds a `/` (a vector compare).
#[inline(always)]
fn any_slash16(w: &[u8; 16]) -> bool {
    let mut any = false;
    for &c in w {
        any |= c == b'/';
    }
    any
}

/// One past the index of the last `/` in the word of `b` at `at`, or 0.
#[inline(always)]
fn last_slash8(b: &[u8], at: usize) -> usize {
    let m = zero_bytes(load8(b, at) ^ (LO * u64::from(b'/')));
    if m == 0 {
        0
    } else {
        at + (63 - m.leading_zeros() as usize) / 8 + 1
    }
}

/// The index just past the last `/` of `b`, or 0 when it has none:
/// windows from the end (a path's last segment is short), the first one
/// overlapping bytes already seen to hold no `/`.
#[inline]
fn last_slash_end(b: &[u8]) -> usize {
    let n = b.len();
    // A directory-like path ("/a/b/") is common.
    if b.last() == Some(&b'/') {
        return n;
    }
    if n < 8 {
        return b.iter().rposition(|&c| c == b'/').map_or(0, |i| i + 1);
    }
    if n < 16 {
        let k = last_slash8(b, n - 8);
        return if k != 0 { k } else { last_slash8(b, 0) };
    }
    let mut end = n;
    loop {
        let at = end.saturating_sub(16);
        let hit = match b.get(at..at + 16).map(<&[u8; 16]>::try_from) {
            Some(Ok(w)) => any_slash16(w),
            _ => false,
        };
        if hit {
            let k = last_slash8(b, at + 8);
            return if k != 0 { k } else { last_slash8(b, at) };
        }
        if at == 0 {
            return 0;
        }
        end = at;
    }
}

/// Whether a path has a dot segment: a close look only when a cheap scan
/// finds a candidate.
#[inline]
fn has_dot_segment_fast(path: &[u8]) -> bool {
    maybe_dot_segment(path) && has_dot_segment_bytes(path)
}

/// Where a spliced target comes from: the base's text up to `head`, then a
/// `/` if `slash`, then the reference's text from `tail`.
#[derive(Clone, Copy)]
struct Cut {
    head: u32,
    tail: u32,
    slash: bool,
    /// The target's path is still to be checked for dot segments (it is
    /// written as is, or as a prefix of the base's path and the
    /// reference's): one scan of the result instead of one per part.
    scan: bool,
    /// The reference's path from `tail` has dot segments: it goes through
    /// [`rooted_dots`] ([`cut_dots`]), after the base's text up to `head`,
    /// which holds the root and no dot segment.
    dots: bool,
}

/// Strict resolution (5.2.2) as a [`Cut`], or `None` when the general path
/// must run. `bs`/`bm` are the base's text and offsets (it has a scheme),
/// `rs`/`rm` the reference's.
#[inline(always)]
fn cut(bs: &[u8], bm: &Meta, rs: &[u8], rm: &Meta) -> Option<Cut> {
    // The reference's path starts at 0 unless it has a scheme or an
    // authority.
    let rp = rs.get(rm.path_start as usize..rm.path_end as usize)?;
    let plain = |head: u32| {
        Some(Cut {
            head,
            tail: 0,
            slash: false,
            scan: true,
            dots: false,
        })
    };
    if rm.scheme_end != NONE {
        plain(0)
    } else if rm.auth_start != NONE {
        plain(bm.scheme_end.checked_add(1)?)
    } else if rp.is_empty() {
        let head = if rm.query_start != NONE {
            bm.path_end
        } else if bm.fragment_start != NONE {
            bm.fragment_start
        } else {
            bs.len() as u32
        };
        Some(Cut {
            head,
            tail: 0,
            slash: false,
            scan: false,
            dots: false,
        })
    } else if rp[0] == b'/' {
        plain(bm.path_start)
    } else {
        merge_cut(bs, bm, rp)
    }
}

/// The offsets of the target of a [`Cut`], `d` bytes long before the
/// reference's part.
#[inline(always)]
fn cut_meta(bm: &Meta, rm: &Meta, c: Cut, d: u32) -> Meta {
    // x - t0 + d, keeping NONE (no offset of the target reaches it).
    let delta = d.wrapping_sub(c.tail);
    let sh = |x: u32| x.wrapping_add(delta) | 0u32.wrapping_sub(u32::from(x == NONE));
    let (query_start, fragment_start) = (sh(rm.query_start), sh(rm.fragment_start));
    if rm.scheme_end != NONE {
        *rm
    } else if rm.auth_start != NONE {
        Meta {
            scheme_end: bm.scheme_end,
            auth_start: sh(rm.auth_start),
            host_start: sh(rm.host_start),
            host_end: sh(rm.host_end),
            host_kind: rm.host_kind,
            path_start: sh(rm.path_start),
            path_end: sh(rm.path_end),
            query_start,
            fragment_start,
        }
    } else if rm.path_end == rm.path_start {
        Meta {
            query_start: if rm.query_start != NONE {
                query_start
            } else {
                bm.query_start
            },
            fragment_start,
            ..*bm
        }
    } else {
        Meta {
            path_end: rm.path_end.wrapping_add(delta),
            query_start,
            fragment_start,
            ..*bm
        }
    }
}

/// The merge case of [`cut`] (5.2.3 and 5.2.4).
#[inline(always)]
fn merge_cut(bs: &[u8], bm: &Meta, rp: &[u8]) -> Option<Cut> {
    let ps = bm.path_start as usize;
    let bp = bs.get(ps..bm.path_end as usize)?;
    if rp.first() != Some(&b'.') {
        // The merged path as is, checked once written.
        let slash_end = last_slash_end(bp);
        let rooted = bm.auth_start != NONE && slash_end == 0;
        return Some(Cut {
            head: bm.path_start + slash_end as u32,
            tail: 0,
            slash: rooted,
            scan: true,
            dots: false,
        });
    }
    // Leading "." and ".." segments of the reference: remove_dot_segments
    // drops the former and lets each of the latter remove the output's
    // last segment, which is cutting the prefix back a segment (not past
    // the root).
    let mut t0 = 0;
    let mut ups = 0usize;
    while rp.get(t0) == Some(&b'.') {
        let n = if rp.get(t0 + 1) == Some(&b'.') { 2 } else { 1 };
        match rp.get(t0 + n) {
            None => t0 += n,
            Some(b'/') => t0 += n + 1,
            Some(_) => break,
        }
        ups += n - 1;
    }
    // An empty segment next (which may need the `/.` rule) goes to the
    // general path, before any more work here; dot segments further on (or
    // what may be one) to `rooted_dots`.
    let rest = rp.get(t0..)?;
    if t0 == 0 || rest.first() == Some(&b'/') {
        return None;
    }
    let dots = maybe_dot_segment(rest);
    let t0 = t0 as u32;
    if bp.is_empty() && bm.auth_start != NONE {
        // The prefix is "/" (5.2.3).
        return Some(Cut {
            head: bm.path_start,
            tail: t0,
            slash: true,
            scan: false,
            dots,
        });
    }
    // Only a rooted prefix reads this simply (a rootless one drops leading
    // dot segments, 5.2.4 A and D), and one without dot segments: looking
    // at the whole base path for them (a last segment `.` or `..` sends a
    // few more bases to the general path) saves finding its last `/` first.
    if bp.first() != Some(&b'/') || has_dot_segment_fast(bp) {
        return None;
    }
    // The prefix ends after the last "/"; each ".." moves that end back a
    // segment, to the root at most.
    let mut end = last_slash_end(bp);
    if ups > 0 {
        end = slash_back(bp, end - 1, ups).map_or(1, |i| i + 1);
    }
    Some(Cut {
        head: bm.path_start + end as u32,
        tail: t0,
        slash: false,
        scan: false,
        dots,
    })
}

/// The index of the `k`-th `/` of `b` counting back from `end` (exclusive),
/// or `None` when there are fewer: a word at a time.
#[inline]
fn slash_back(b: &[u8], mut end: usize, mut k: usize) -> Option<usize> {
    while end > 0 && k > 0 {
        let at = end.saturating_sub(8);
        // Only the bytes below `end`: the low `end - at` (1 to 8) of the word.
        let mut m = eq_bytes(load8_padded(b, at), b'/') & (u64::MAX >> (64 - 8 * (end - at)));
        while m != 0 {
            let top = 63 - m.leading_zeros();
            k -= 1;
            if k == 0 {
                return Some(at + top as usize / 8);
            }
            m &= !(1 << top);
        }
        end = at;
    }
    None
}

/// Whether the path of a text with offsets `m` has a dot segment.
#[inline]
fn path_has_dot_segment(s: &str, m: &Meta) -> bool {
    s.as_bytes()
        .get(m.path_start as usize..m.path_end as usize)
        .map_or(true, has_dot_segment_fast)
}

/// [`has_dot_segment`] on bytes of a path: a byte loop, as the scans above
/// send here only paths with a `/.` (or a leading `.`), usually early.
fn has_dot_segment_bytes(path: &[u8]) -> bool {
    let mut seg_start = true;
    for (i, &c) in path.iter().enumerate() {
        if seg_start && c == b'.' {
            // "." or ".." followed by the end or a "/".
            let after = if path.get(i + 1) == Some(&b'.') {
                i + 2
            } else {
                i + 1
            };
            if matches!(path.get(after), None | Some(b'/')) {
                return true;
            }
        }
        seg_start = c == b'/';
    }
    false
}

// ---------------------------------------------------------------------------
// The dot-segment path: a rooted path, in one pass into the result
//
// When the input buffer of 5.2.4 is rooted (a merge with a base path that
// starts with `/`, or a reference path that does), the target is written in
// one pass: the text before the path, the merged path through
// remove_dot_segments ([`rooted_dots`]), the reference's query and fragment.
// Its offsets follow from the parses. A rootless buffer (where steps A and D
// apply), RFC 2396 and the non-strict scheme rule take the general path.

/// Bit 7 of each byte of `w` that equals `c`.
#[inline(always)]
fn eq_bytes(w: u64, c: u8) -> u64 {
    zero_bytes(w ^ (LO * u64::from(c)))
}

/// Eight bytes of `b` from `at` (below its length), little-endian, zero
/// past the end (a zero byte is neither `/` nor `.`). The last word is the
/// last eight bytes shifted down, so no load is a copy of unknown length.
#[inline(always)]
fn load8_padded(b: &[u8], at: usize) -> u64 {
    let n = b.len();
    if at + 8 <= n {
        load8(b, at)
    } else if n >= 8 {
        load8(b, n - 8) >> (8 * (at + 8 - n))
    } else {
        let mut w = 0;
        for (k, &c) in b.iter().skip(at).enumerate() {
            w |= u64::from(c) << (8 * k);
        }
        w
    }
}

/// Step C on `out[root..]`, which is rooted and ends with `/`: drop the
/// segment before that `/`, keeping the root. One word back usually finds
/// the `/` before it; a long segment is scanned the rest of the way.
#[inline(always)]
fn pop_segment(out: &mut String, root: usize) {
    let o = out.as_bytes();
    let end = o.len() - 1;
    let seg = o.get(root..end).unwrap_or_default();
    let cut = match seg.len().checked_sub(8) {
        Some(w) => match zero_bytes(load8(seg, w) ^ (LO * u64::from(b'/'))) {
            0 => seg[..w].iter().rposition(|&c| c == b'/').unwrap_or(0),
            m => w + (63 - m.leading_zeros() as usize) / 8,
        },
        None => seg.iter().rposition(|&c| c == b'/').unwrap_or(0),
    };
    out.truncate(root + cut + 1);
}

/// The index of the first `.` at or after `from` in `b` that starts a
/// segment (it is at 0 or after a `/`): only such a `.` can start a dot
/// segment. A word at a time.
#[inline(always)]
fn next_dot_start(b: &[u8], from: usize) -> Option<usize> {
    // Bit 7 of the word's byte 0: whether the byte before is a "/".
    let mut carry = if from == 0 || b.get(from - 1) == Some(&b'/') {
        0x80
    } else {
        0
    };
    let mut at = from;
    while at < b.len() {
        let w = load8_padded(b, at);
        let slash = eq_bytes(w, b'/');
        let starts = eq_bytes(w, b'.') & ((slash << 8) | carry);
        if starts != 0 {
            return Some(at + starts.trailing_zeros() as usize / 8);
        }
        carry = slash >> 56;
        at += 8;
    }
    None
}

/// [`Dots`] on the input buffer `/` + `rest`, where `out[root..]` holds the
/// output buffer so far followed by that `/`.
///
/// A segment of `rest` is then: ordinary, moved with the `/` after it (E);
/// `.`, dropped (B); `..`, dropped with the output's last segment (C), which
/// is cutting `out` back to just after its second-to-last `/`. So
/// `out[root..]` keeps that form, and when `rest` ends with a dot segment,
/// the `/` that B and C leave is already there. The ordinary segments
/// between dot segments are copied in one go, and a cut scans back only
/// over the segment it removes: linear, like [`Dots`].
fn rooted_dots(out: &mut String, root: usize, rest: &str) {
    let b = rest.as_bytes();
    let n = b.len();
    // `rest[run..]` is not written yet.
    let mut run = 0;
    let mut next = next_dot_start(b, 0);
    while let Some(i) = next {
        let dots = match (b.get(i + 1), b.get(i + 2)) {
            (None | Some(b'/'), _) => 1,
            (Some(b'.'), None | Some(b'/')) => 2,
            _ => {
                next = next_dot_start(b, i + 1);
                continue;
            }
        };
        if run < i {
            out.push_str(&rest[run..i]);
        }
        if dots == 2 {
            pop_segment(out, root);
        }
        run = (i + dots + 1).min(n);
        // A segment starts at `run`: a `.` there needs no search (runs of
        // dot segments, as in `../../`).
        next = if b.get(run) == Some(&b'.') {
            Some(run)
        } else {
            next_dot_start(b, run)
        };
    }
    out.push_str(&rest[run..]);
}

/// The end of a target whose path went through [`rooted_dots`] into
/// `out[path_at..]` (the target starts at `at`): the `/.` rule, then the
/// reference's query and fragment (`tail`). The path's bounds relative to
/// `at`, or `None` (with `out` as it was) when the target is too long.
#[inline(always)]
fn finish_dots(
    out: &mut String,
    at: usize,
    path_at: usize,
    has_auth: bool,
    tail: &str,
) -> Option<(u32, u32)> {
    if !has_auth && out.get(path_at..).is_some_and(|p| p.starts_with("//")) {
        out.insert_str(path_at, "/.");
    }
    let path_end = out.len() - at;
    out.push_str(tail);
    if out.len() - at >= MAX_LEN {
        out.truncate(at);
        return None;
    }
    // Every offset is at most the length, which fits in a u32.
    Some(((path_at - at) as u32, path_end as u32))
}

/// The offsets of a target with the base's scheme and authority, the path
/// at `path_start..path_end`, and the reference's query and fragment.
#[inline(always)]
fn base_dots_meta(bm: &Meta, rm: &Meta, path_start: u32, path_end: u32) -> Meta {
    let d = path_end.wrapping_sub(rm.path_end);
    Meta {
        path_start,
        path_end,
        query_start: shift(rm.query_start, d),
        fragment_start: shift(rm.fragment_start, d),
        ..*bm
    }
}

/// `x + d`, keeping `NONE`.
#[inline(always)]
fn shift(x: u32, d: u32) -> u32 {
    if x == NONE {
        NONE
    } else {
        x.wrapping_add(d)
    }
}

/// A [`Cut`] with `dots`, appended to `out`: the target's offsets (from
/// where it starts in `out`), or `None`, with `out` as it was, when the
/// target is too long.
#[inline]
fn cut_dots(bs: &str, bm: &Meta, rs: &str, rm: &Meta, c: Cut, out: &mut String) -> Option<Meta> {
    let head = bs.get(..c.head as usize)?;
    let rest = rs.get(c.tail as usize..rm.path_end as usize)?;
    let tail = rs.get(rm.path_end as usize..)?;
    let at = out.len();
    out.push_str(head);
    if c.slash {
        out.push('/');
    }
    let path_at = at + bm.path_start as usize;
    rooted_dots(out, path_at, rest);
    let (path_start, path_end) = finish_dots(out, at, path_at, bm.auth_start != NONE, tail)?;
    Some(base_dots_meta(bm, rm, path_start, path_end))
}

/// Strict RFC 3986 resolution by [`rooted_dots`], appended to `out`: the
/// target's offsets (from where it starts in `out`), or `None`, with `out`
/// as it was, when the general path must run.
///
/// It reserves what the general path would, so that a fallback does not
/// allocate again.
#[inline]
fn resolve_dots(bs: &str, bm: &Meta, rs: &str, rm: &Meta, out: &mut String) -> Option<Meta> {
    let rp = rs.get(rm.path_start as usize..rm.path_end as usize)?;
    let tail = rs.get(rm.path_end as usize..)?;
    // The text before the path comes from the base (`head_b`) then from the
    // reference (`head_r`), whose offsets move by `head_b.len()`; then the
    // root "/" and the segments of `body` and `rest`, the rest of the merged
    // path.
    let (head_b, head_r, body, rest, has_auth) = if rm.scheme_end != NONE {
        let head_r = rs.get(..rm.path_start as usize)?;
        ("", head_r, "", rp.strip_prefix('/')?, rm.auth_start != NONE)
    } else if rm.auth_start != NONE {
        let head_b = bs.get(..bm.scheme_end.checked_add(1)? as usize)?;
        let head_r = rs.get(..rm.path_start as usize)?;
        (head_b, head_r, "", rp.strip_prefix('/')?, true)
    } else {
        let head_b = bs.get(..bm.path_start as usize)?;
        let has_auth = bm.auth_start != NONE;
        if let Some(rest) = rp.strip_prefix('/') {
            (head_b, "", "", rest, has_auth)
        } else if rp.is_empty() {
            return None;
        } else {
            // Merge (5.2.3).
            let bp = bs.get(bm.path_start as usize..bm.path_end as usize)?;
            let body = if has_auth && bp.is_empty() {
                ""
            } else {
                bp.get(1..last_slash_end(bp.as_bytes()))
                    .filter(|_| bp.starts_with('/'))?
            };
            (head_b, "", body, rp, has_auth)
        }
    };
    let at = out.len();
    // The general path's bound: 2 for the "/." rule.
    let bound = [head_b, head_r, body, rest, tail]
        .iter()
        .fold(3usize, |n, s| n.saturating_add(s.len()));
    if out.capacity() == 0 {
        // Allocating afresh costs less than growing.
        *out = String::with_capacity(bound);
    } else {
        out.reserve(bound);
    }
    out.push_str(head_b);
    out.push_str(head_r);
    let path_at = out.len();
    out.push('/');
    rooted_dots(out, path_at, body);
    rooted_dots(out, path_at, rest);
    let (path_start, path_end) = finish_dots(out, at, path_at, has_auth, tail)?;
    Some(if rm.scheme_end != NONE || rm.auth_start != NONE {
        let d = head_b.len() as u32;
        let q = path_end.wrapping_sub(rm.path_end);
        Meta {
            scheme_end: if rm.scheme_end != NONE {
                rm.scheme_end
            } else {
                bm.scheme_end
            },
            auth_start: shift(rm.auth_start, d),
            host_start: shift(rm.host_start, d),
            host_end: shift(rm.host_end, d),
            host_kind: rm.host_kind,
            path_start,
            path_end,
            query_start: shift(rm.query_start, q),
            fragment_start: shift(rm.fragment_start, q),
        }
    } else {
        base_dots_meta(bm, rm, path_start, path_end)
    })
}

// ---------------------------------------------------------------------------
// Resolution (5.2.2)

/// How resolution goes: by-value options, strict RFC 3986 by default.
///
/// ```
/// use urikit::{Resolver, Uri, UriRef};
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// let r = UriRef::parse("http:g")?;
/// assert_eq!(Resolver::new().resolve(&base, &r)?, "http:g");
/// assert_eq!(Resolver::new().non_strict(true).resolve(&base, &r)?, "http://a/b/c/g");
///
/// let legacy = Resolver::new().rfc2396(true);
/// assert_eq!(legacy.resolve(&base, &UriRef::parse("../../../g")?)?, "http://a/../g");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use]
pub struct Resolver {
    non_strict: bool,
    rfc2396: bool,
}

/// What the target's path is made of.
#[derive(Clone, Copy)]
enum PathPlan<'a> {
    /// Taken as is.
    Copy(&'a str),
    /// remove_dot_segments(prefix + path).
    Dots(&'a str, &'a str),
    /// RFC 2396 steps 6c to 6g on prefix + path.
    Legacy(&'a str, &'a str),
}

impl Resolver {
    /// Strict RFC 3986 resolution.
    ///
    /// ```
    /// assert_eq!(urikit::Resolver::new(), urikit::Resolver::default());
    /// ```
    pub const fn new() -> Resolver {
        Resolver {
            non_strict: false,
            rfc2396: false,
        }
    }

    /// Ignore a reference's scheme when it equals the base's, compared
    /// case-insensitively: the "non-strict" parser of RFC 3986 5.2.2 (and
    /// RFC 2396 5.2 step 3), for backward compatibility with RFC 1630
    /// references such as `http:g`. Off by default (strict).
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("HTTP://a/b/c")?;
    /// let t = Resolver::new().non_strict(true).resolve(&base, &UriRef::parse("http:g")?)?;
    /// assert_eq!(t, "HTTP://a/b/g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn non_strict(self, yes: bool) -> Resolver {
        Resolver {
            non_strict: yes,
            ..self
        }
    }

    /// Resolve as RFC 2396 section 5.2 does (and java.net.URI still does),
    /// where it departs from RFC 3986 5.2.2. Off by default.
    ///
    /// - A `..` segment above the root is kept (2396 step 6g allows it;
    ///   3986 removes it): `../../../g` gives `http://a/../g`.
    /// - Dot segments are only removed from a merged relative path (step 6);
    ///   an absolute-path, network-path or absolute reference is used as
    ///   written: `/./g` gives `http://a/./g`.
    /// - A query-only reference is a relative-path reference with an empty
    ///   path (step 6), so it drops the base's last segment: `?y` gives
    ///   `http://a/b/c/?y`.
    /// - The empty reference, or a fragment alone, is the current document
    ///   (step 2): the base without its fragment, plus the reference's
    ///   fragment.
    ///
    /// Two fixes of RFC 3986 apply here too, so that the result is always a
    /// valid URI: merging with a base that has an authority and an empty
    /// path puts a `/` between them (3986 5.2.3; the 2396 text gives
    /// `http://ag` for `g` against `http://a`), and the `/.` rule of
    /// [`Resolver::resolve`] for a path starting with `//`.
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let legacy = Resolver::new().rfc2396(true);
    /// assert_eq!(legacy.resolve(&base, &UriRef::parse("?y")?)?, "http://a/b/c/?y");
    /// assert_eq!(legacy.resolve(&base, &UriRef::parse("/./g")?)?, "http://a/./g");
    /// assert_eq!(legacy.resolve(&base, &UriRef::parse("#s")?)?, "http://a/b/c/d;p?q#s");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn rfc2396(self, yes: bool) -> Resolver {
        Resolver {
            rfc2396: yes,
            ..self
        }
    }

    /// Resolve `reference` against `base` (RFC 3986 5.2.2), giving the
    /// target URI. The base's fragment is ignored (5.1).
    ///
    /// One allocation, for the result, sized from an upper bound of its
    /// length; time linear in the lengths of the inputs.
    ///
    /// # The `/.` rule
    ///
    /// The result is always a valid URI that parses back to the components
    /// the algorithm produced, with one documented exception. When the
    /// target has no authority and its path starts with `//`, the literal
    /// recomposition (5.3) would read the path's first segment as an
    /// authority: `.//g` against `f:/a` gives the path `//g`, and `f://g`
    /// is the host `g` with an empty path. In that case, and only then, the
    /// result has `/.` written before the path, `f:/.//g`, whose path names
    /// the same resource (remove_dot_segments takes it back to `//g`) and
    /// keeps the URI's meaning. (The WHATWG URL serializer makes the same
    /// repair.)
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("f:/a")?;
    /// let t = Resolver::new().resolve(&base, &UriRef::parse(".//g")?)?;
    /// assert_eq!(t, "f:/.//g");
    /// assert_eq!(t.authority(), None);
    /// assert_eq!(t.path(), "/.//g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve(&self, base: &Uri<'_>, reference: &UriRef<'_>) -> Result<UriBuf, ResolveError> {
        let (bs, rs) = (base.as_text(), reference.as_text());
        let (bm, rm) = (base.meta_ref(), reference.meta_ref());
        if let Some((c, len)) = self.cut(bs, bm, rs, rm) {
            if c.dots {
                // The cut's fields one by one: passed whole, it would be
                // stored to memory on every call.
                return self.resolve_cut_dots(base, reference, c.head, c.tail, c.slash, len);
            }
            if let (Some(head), Some(tail)) = (bs.get(..c.head as usize), rs.get(c.tail as usize..))
            {
                // Room for the general path too (its bound is 2 more:
                // the "/." rule), should the scan find a dot segment.
                let mut out = String::with_capacity(len + 2);
                out.push_str(head);
                if c.slash {
                    out.push('/');
                }
                out.push_str(tail);
                let d = (head.len() + usize::from(c.slash)) as u32;
                let m = cut_meta(bm, rm, c, d);
                if !(c.scan && path_has_dot_segment(&out, &m)) {
                    return Ok(UriBuf::from_parts(out, m));
                }
                out.clear();
                return self.resolve_dots(base, reference, out);
            }
        }
        self.resolve_dots(base, reference, String::new())
    }

    /// [`Resolver::resolve`] of a [`Cut`] with `dots`.
    #[cold]
    #[inline(never)]
    fn resolve_cut_dots(
        &self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
        head: u32,
        tail: u32,
        slash: bool,
        len: usize,
    ) -> Result<UriBuf, ResolveError> {
        let (bs, rs) = (base.as_text(), reference.as_text());
        let (bm, rm) = (base.meta_ref(), reference.meta_ref());
        let c = Cut {
            head,
            tail,
            slash,
            scan: false,
            dots: true,
        };
        // Dot removal never lengthens the path; 2 for the "/." rule.
        let mut out = String::with_capacity(len + 2);
        match cut_dots(bs, bm, rs, rm, c, &mut out) {
            Some(m) => Ok(UriBuf::from_parts(out, m)),
            None => self.resolve_general(base, reference, out),
        }
    }

    /// [`Resolver::resolve`] when the splice does not do: by
    /// [`resolve_dots`] when it can, else by the general path.
    #[cold]
    #[inline(never)]
    fn resolve_dots(
        &self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
        mut out: String,
    ) -> Result<UriBuf, ResolveError> {
        let (bs, rs) = (base.as_text(), reference.as_text());
        let (bm, rm) = (base.meta_ref(), reference.meta_ref());
        if self.rfc3986_only(rm) {
            if let Some(m) = resolve_dots(bs, bm, rs, rm, &mut out) {
                return Ok(UriBuf::from_parts(out, m));
            }
        }
        self.resolve_general(base, reference, out)
    }

    /// [`Resolver::resolve`] by the general path.
    #[cold]
    #[inline(never)]
    fn resolve_general(
        &self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
        mut out: String,
    ) -> Result<UriBuf, ResolveError> {
        let base = base.as_ref_uri();
        let (b, r) = (parts(&base), parts(reference));
        let m = self.transform(&b, &r, &mut out, true)?;
        Ok(UriBuf::from_parts(out, m))
    }

    /// [`Resolver::resolve`], appending the target's text to `out`: for
    /// streaming many references through one buffer. It reserves an upper
    /// bound of the target's length, at most `base.len() + reference.len()
    /// + 3` bytes, so it does not allocate when `out` has that much spare
    /// capacity. On error `out` is left as it was.
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let mut out = String::new();
    /// for r in ["g", "../h"] {
    ///     Resolver::new().resolve_into(&base, &UriRef::parse(r)?, &mut out)?;
    ///     out.push('\n');
    /// }
    /// assert_eq!(out, "http://a/b/c/g\nhttp://a/b/h\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_into(
        &self,
        base: &Uri<'_>,
        reference: &UriRef<'_>,
        out: &mut String,
    ) -> Result<(), ResolveError> {
        let (bs, rs) = (base.as_text(), reference.as_text());
        let (bm, rm) = (base.meta_ref(), reference.meta_ref());
        if let Some((c, len)) = self.cut(bs, bm, rs, rm) {
            if c.dots {
                out.reserve(len + 2);
                if cut_dots(bs, bm, rs, rm, c, out).is_some() {
                    return Ok(());
                }
            } else if let (Some(head), Some(tail)) =
                (bs.get(..c.head as usize), rs.get(c.tail as usize..))
            {
                let at = out.len();
                out.reserve(len + 2);
                out.push_str(head);
                if c.slash {
                    out.push('/');
                }
                out.push_str(tail);
                let d = (head.len() + usize::from(c.slash)) as u32;
                let m = cut_meta(bm, rm, c, d);
                match out.get(at..) {
                    Some(t) if !(c.scan && path_has_dot_segment(t, &m)) => return Ok(()),
                    _ => out.truncate(at),
                }
            }
        }
        if self.rfc3986_only(rm) && resolve_dots(bs, bm, rs, rm, out).is_some() {
            return Ok(());
        }
        let base = base.as_ref_uri();
        let (b, r) = (parts(&base), parts(reference));
        let len = out.len();
        match self.transform(&b, &r, out, false) {
            Ok(_) => Ok(()),
            Err(e) => {
                out.truncate(len);
                Err(e)
            }
        }
    }

    /// Resolve against a base given as a URI reference: an error of kind
    /// [`ResolveErrorKind::BaseNotUri`] when it has no scheme.
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Resolver, UriRef};
    /// let r = UriRef::parse("g")?;
    /// let t = Resolver::new().resolve_ref(&UriRef::parse("s:/a/b")?, &r)?;
    /// assert_eq!(t, "s:/a/g");
    /// let err = Resolver::new().resolve_ref(&UriRef::parse("/a/b")?, &r).unwrap_err();
    /// assert_eq!(err.kind(), ResolveErrorKind::BaseNotUri);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_ref(
        &self,
        base: &UriRef<'_>,
        reference: &UriRef<'_>,
    ) -> Result<UriBuf, ResolveError> {
        match base.as_uri() {
            Some(b) => self.resolve(&b, reference),
            None => Err(ResolveError::new(ResolveErrorKind::BaseNotUri)),
        }
    }

    /// Parse both texts and resolve: errors name which text is invalid, and
    /// a relative base is [`ResolveErrorKind::BaseNotUri`].
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Resolver};
    /// assert_eq!(Resolver::new().resolve_str("http://a/b/c", "./d")?, "http://a/b/d");
    /// let err = Resolver::new().resolve_str("http://a b/", "d").unwrap_err();
    /// assert!(matches!(err.kind(), ResolveErrorKind::InvalidBase(_)));
    /// # Ok::<(), urikit::ResolveError>(())
    /// ```
    pub fn resolve_str(&self, base: &str, reference: &str) -> Result<UriBuf, ResolveError> {
        let b =
            UriRef::parse(base).map_err(|e| ResolveError::new(ResolveErrorKind::InvalidBase(e)))?;
        let r = UriRef::parse(reference)
            .map_err(|e| ResolveError::new(ResolveErrorKind::InvalidReference(e)))?;
        self.resolve_ref(&b, &r)
    }

    /// Whether `reference` is a same-document reference (4.4) with respect
    /// to `base`: its target differs from the base at most in the
    /// fragment. The comparison is byte-wise (no normalization, which 4.4
    /// allows but does not require).
    ///
    /// ```
    /// use urikit::{Resolver, Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q#f")?;
    /// let same = |r| Resolver::new().is_same_document(&base, &UriRef::parse(r).unwrap());
    /// assert!(same("") && same("#s") && same("d;p?q#t") && same("?q"));
    /// assert!(!same("?y") && !same("d;p") && !same("g#f"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_same_document(&self, base: &Uri<'_>, reference: &UriRef<'_>) -> bool {
        let b_ref = base.as_ref_uri();
        let b = parts(&b_ref);
        let mut r = parts(reference);
        self.drop_same_scheme(&b, &mut r);
        if r.scheme.is_none() && r.auth.is_none() && r.path.is_empty() {
            match r.query {
                None => return true,
                Some(q) if !self.rfc2396 => return Some(q) == b.query,
                Some(_) => {}
            }
        }
        let mut out = String::new();
        if self.transform(&b, &r, &mut out, false).is_err() {
            return false;
        }
        let strip = |s: &str| -> usize { s.find('#').unwrap_or(s.len()) };
        let base_text = base.as_str();
        out.get(..strip(&out)) == base_text.get(..strip(base_text))
    }

    /// The fast path, when these options allow it (RFC 3986 resolution,
    /// except a non-strict reference with a scheme): the [`Cut`] and the
    /// target's length, under [`MAX_LEN`].
    #[inline(always)]
    fn cut(&self, bs: &str, bm: &Meta, rs: &str, rm: &Meta) -> Option<(Cut, usize)> {
        if !self.rfc3986_only(rm) {
            return None;
        }
        let c = cut(bs.as_bytes(), bm, rs.as_bytes(), rm)?;
        let len = (c.head as usize + usize::from(c.slash))
            .checked_add(rs.len().checked_sub(c.tail as usize)?)?;
        (len < MAX_LEN).then_some((c, len))
    }

    /// Whether these options resolve a reference with offsets `rm` as
    /// strict RFC 3986 does: not RFC 2396, and not a non-strict reference
    /// with a scheme (which may be dropped).
    #[inline(always)]
    fn rfc3986_only(&self, rm: &Meta) -> bool {
        !(self.rfc2396 || (self.non_strict && rm.scheme_end != NONE))
    }

    fn drop_same_scheme(&self, b: &Parts<'_>, r: &mut Parts<'_>) {
        if self.non_strict {
            if let (Some(rs), Some(bs)) = (r.scheme, b.scheme) {
                if rs.eq_ignore_ascii_case(bs) {
                    r.scheme = None;
                }
            }
        }
    }

    /// The pseudocode of 5.2.2 (or the steps of RFC 2396 5.2), writing the
    /// target straight into `out` in the order of 5.3.
    fn transform(
        &self,
        b: &Parts<'_>,
        r: &Parts<'_>,
        out: &mut String,
        exact: bool,
    ) -> Result<Meta, ResolveError> {
        let mut r = *r;
        self.drop_same_scheme(b, &mut r);
        let legacy = self.rfc2396;
        let dots = |p| {
            if legacy {
                PathPlan::Copy(p)
            } else {
                PathPlan::Dots("", p)
            }
        };
        let b_scheme = b.scheme.unwrap_or("");
        let (scheme, auth, plan, query) = if let Some(s) = r.scheme {
            (s, r.auth, dots(r.path), r.query)
        } else if r.auth.is_some() {
            (b_scheme, r.auth, dots(r.path), r.query)
        } else if r.path.is_empty() && !(legacy && r.query.is_some()) {
            (
                b_scheme,
                b.auth,
                PathPlan::Copy(b.path),
                r.query.or(b.query),
            )
        } else if r.path.starts_with('/') {
            (b_scheme, b.auth, dots(r.path), r.query)
        } else {
            let prefix = merge_prefix(b.auth.is_some(), b.path);
            let plan = if legacy {
                PathPlan::Legacy(prefix, r.path)
            } else {
                PathPlan::Dots(prefix, r.path)
            };
            (b_scheme, b.auth, plan, r.query)
        };
        let fragment = r.fragment;

        // Upper bound: dot removal never lengthens a path; 2 for "/.".
        let path_max = match plan {
            PathPlan::Copy(p) => p.len(),
            PathPlan::Dots(a, p) | PathPlan::Legacy(a, p) => a.len().saturating_add(p.len()),
        };
        let cap = [
            scheme.len() + 1,
            auth.map_or(0, |a| a.text.len() + 2),
            path_max,
            2,
            query.map_or(0, |q| q.len() + 1),
            fragment.map_or(0, |f| f.len() + 1),
        ]
        .iter()
        .fold(0usize, |acc, &x| acc.saturating_add(x));
        if exact {
            out.reserve_exact(cap.min(MAX_LEN));
        } else {
            out.reserve(cap.min(MAX_LEN));
        }

        let mut w = Builder::new(out);
        w.scheme(scheme);
        if let Some(a) = &auth {
            w.authority(a);
        }
        w.path_start();
        let path_at = w.out.len();
        match plan {
            PathPlan::Copy(p) => w.out.push_str(p),
            // Without a "." or ".." segment, remove_dot_segments is the
            // identity ("a" ends with "/", so no segment spans the two).
            PathPlan::Dots(a, p) if !has_dot_segment(a) && !has_dot_segment(p) => {
                w.out.push_str(a);
                w.out.push_str(p);
            }
            PathPlan::Dots(a, p) => dots_into(w.out, a, p),
            PathPlan::Legacy(a, p) => legacy_into(w.out, a, p),
        }
        if auth.is_none() && w.out[path_at..].starts_with("//") {
            w.out.insert_str(path_at, "/.");
        }
        w.path_end();
        w.query_fragment(query, fragment);
        w.finish()
    }
}

// ---------------------------------------------------------------------------
// Make relative: the inverse of resolution

/// What remove_dot_segments must produce for the target's path, or `None`
/// when no run of it can: its output never holds a `.` or `..` segment,
/// except the `/.` that [`Resolver::resolve`] writes before a path starting
/// with `//` when there is no authority.
fn needed_path(path: &str, has_authority: bool) -> Option<&str> {
    if !has_dot_segment(path) {
        return Some(path);
    }
    if !has_authority {
        if let Some(rest) = path.strip_prefix("/.") {
            if rest.starts_with("//") && !has_dot_segment(rest) {
                return Some(rest);
            }
        }
    }
    None
}

/// A relative-path or absolute-path reference's path: `../` `ups` times,
/// then `mid`, then `tail`.
#[derive(Clone, Copy)]
struct PathRef<'a> {
    ups: usize,
    mid: &'static str,
    tail: &'a str,
}

impl PathRef<'_> {
    fn len(&self) -> usize {
        self.ups
            .saturating_mul(3)
            .saturating_add(self.mid.len() + self.tail.len())
    }

    fn write(&self, out: &mut String) {
        for _ in 0..self.ups {
            out.push_str("../");
        }
        out.push_str(self.mid);
        out.push_str(self.tail);
    }
}

/// Whether a relative-path reference with this path needs `./` in front:
/// an empty first segment would make it an absolute path, and a `:` in the
/// first segment would read as a scheme (4.2).
fn needs_dot_slash(path: &str) -> bool {
    let first = &path[..path.find('/').unwrap_or(path.len())];
    first.is_empty() || first.contains(':')
}

/// The shortest relative-path reference (no scheme, no authority, a path
/// not starting with `/`) whose merge with the base path (5.2.3) reduces
/// under remove_dot_segments to exactly `need`.
///
/// Merging appends the reference to the prefix `P` of the base path, and
/// remove_dot_segments reduces `P`'s segments to an output `O` before the
/// reference's segments arrive. From there, each `..` removes the last
/// segment of the output, and each other segment `s` appends `/s`; a final
/// `.` or `..` appends `/`. So the reference is some number of `..` and
/// then the rest of `need`, which must be `O`, cut back by those `..`,
/// followed by `/`. Try every cut and keep the shortest.
fn relative_path<'a>(has_authority: bool, base_path: &str, need: &'a str) -> Option<PathRef<'a>> {
    let prefix = merge_prefix(has_authority, base_path);
    let mut scratch = String::new();
    let (o, leading): (&str, bool) = if !has_dot_segment(prefix) {
        (
            prefix.strip_suffix('/').unwrap_or(prefix),
            prefix.is_empty(),
        )
    } else {
        // Reduce the prefix's segments, none of them the last one.
        let mut d = Dots::new(&mut scratch, prefix.starts_with('/'));
        let body = prefix.strip_prefix('/').unwrap_or(prefix);
        if let Some(body) = body.strip_suffix('/') {
            each_segment(body, |s, _| d.seg(s, false));
        }
        let leading = d.leading;
        (scratch.as_str(), leading)
    };

    if leading {
        // Nothing has reached the output: steps A and D drop the leading
        // dot segments, then the first segment is moved without a "/".
        let r = if need.is_empty() {
            PathRef {
                ups: 0,
                mid: ".",
                tail: "",
            }
        } else if needs_dot_slash(need) {
            PathRef {
                ups: 0,
                mid: "./",
                tail: need,
            }
        } else {
            PathRef {
                ups: 0,
                mid: "",
                tail: need,
            }
        };
        return Some(r);
    }

    let common = o
        .bytes()
        .zip(need.bytes())
        .take_while(|(x, y)| x == y)
        .count();
    let mut cut = o;
    let mut ups = 0usize;
    let mut best: Option<PathRef<'a>> = None;
    loop {
        if cut.len() <= common && need.as_bytes().get(cut.len()) == Some(&b'/') {
            let rest = &need[cut.len() + 1..];
            let cand = if rest.is_empty() {
                // Only the final "/" to add: end with a dot segment.
                if ups == 0 {
                    PathRef {
                        ups: 0,
                        mid: ".",
                        tail: "",
                    }
                } else {
                    PathRef {
                        ups: ups - 1,
                        mid: "..",
                        tail: "",
                    }
                }
            } else if ups == 0 && needs_dot_slash(rest) {
                PathRef {
                    ups: 0,
                    mid: "./",
                    tail: rest,
                }
            } else {
                PathRef {
                    ups,
                    mid: "",
                    tail: rest,
                }
            };
            if best.map_or(true, |b| cand.len() < b.len()) {
                best = Some(cand);
            }
        }
        if cut.is_empty() {
            break;
        }
        cut = &cut[..cut.rfind('/').unwrap_or(0)];
        ups += 1;
        // Every later candidate is at least 3 * ups - 1 long.
        if best.is_some_and(|b| ups.saturating_mul(3) - 1 > b.len()) {
            break;
        }
    }
    best
}

/// The shortest reference that [`Resolver::resolve`] (strict) takes from
/// `base` back to `target` exactly; see [`Uri::make_relative`].
///
/// ```
/// use urikit::{make_relative, Uri};
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// assert_eq!(make_relative(&base, &Uri::parse("http://a/b/g")?)?, "../g");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn make_relative(base: &Uri<'_>, target: &Uri<'_>) -> Result<UriRefBuf, ResolveError> {
    let r = match relative_fast(base, target) {
        Some(r) => r,
        None => make_relative_general(base, target)?,
    };
    #[cfg(debug_assertions)]
    if let Ok(back) = Resolver::new().resolve(base, &r.as_ref_uri()) {
        debug_assert_eq!(back.as_str(), target.as_str(), "base {base} relative {r}");
    }
    Ok(r)
}

/// [`make_relative`] by the general path.
#[cold]
#[inline(never)]
fn make_relative_general(base: &Uri<'_>, target: &Uri<'_>) -> Result<UriRefBuf, ResolveError> {
    let (b_ref, t_ref) = (base.as_ref_uri(), target.as_ref_uri());
    let (b, t) = (parts(&b_ref), parts(&t_ref));
    relative_parts(&b, &t, target)
}

/// The length of the common prefix of `a` and `b`, a word at a time.
#[inline]
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= n {
        let x = load8(a, i) ^ load8(b, i);
        if x != 0 {
            return i + x.trailing_zeros() as usize / 8;
        }
        i += 8;
    }
    if i == n {
        return n;
    }
    if n >= 8 {
        // The last word, overlapping bytes already found equal.
        let x = load8(a, n - 8) ^ load8(b, n - 8);
        return if x == 0 {
            n
        } else {
            n - 8 + x.trailing_zeros() as usize / 8
        };
    }
    while i < n && a.get(i) == b.get(i) {
        i += 1;
    }
    i
}

/// Four bytes of `b` from `at` (0 past the end).
#[inline(always)]
fn load4(b: &[u8], at: usize) -> u32 {
    match b.get(at..at.wrapping_add(4)).map(<[u8; 4]>::try_from) {
        Some(Ok(a)) => u32::from_le_bytes(a),
        _ => 0,
    }
}

/// Byte equality of short texts a word at a time (the last word may
/// overlap), without a call to `bcmp`.
#[inline(always)]
fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n >= 8 {
        let mut i = 0;
        while i + 8 < n {
            if load8(a, i) != load8(b, i) {
                return false;
            }
            i += 8;
        }
        load8(a, n - 8) == load8(b, n - 8)
    } else if n >= 4 {
        load4(a, 0) == load4(b, 0) && load4(a, n - 4) == load4(b, n - 4)
    } else {
        a.iter().zip(b).all(|(x, y)| x == y)
    }
}

/// [`make_relative`] in the common case, a base and a target with an
/// authority, the same scheme and no dot segment in the way; `None` sends
/// everything else to the general path. The same choices as
/// [`relative_parts`], written as a short prefix (`../` repeated, then
/// `.`, `..` or `./`) and a suffix of the target's text.
#[inline]
fn relative_fast(base: &Uri<'_>, target: &Uri<'_>) -> Option<UriRefBuf> {
    let t_text = target.as_text();
    let (bs, ts) = (base.as_text().as_bytes(), t_text.as_bytes());
    let (bm, tm) = (base.meta_ref(), target.meta_ref());
    if bm.auth_start == NONE || tm.auth_start == NONE {
        return None;
    }
    let bp = bs.get(bm.path_start as usize..bm.path_end as usize)?;
    let tp = ts.get(tm.path_start as usize..tm.path_end as usize)?;
    // An empty or dot-free path is what remove_dot_segments must give.
    if !bytes_eq(
        bs.get(..bm.scheme_end as usize)?,
        ts.get(..tm.scheme_end as usize)?,
    ) {
        return None;
    }
    // No "/." at all in the target's path, or only in names like ".x".
    let tp_clean = !maybe_dot_segment(tp);
    if !tp_clean && has_dot_segment_bytes(tp) {
        return None;
    }
    let b_auth = bs.get(bm.auth_start as usize..bm.path_start as usize)?;
    let t_auth = ts.get(tm.auth_start as usize..tm.path_start as usize)?;
    // The network-path form: "//", the authority and the rest, as written.
    let network = || {
        let from = tm.auth_start.checked_sub(2)?;
        spliced_ref(t_text, tm, "", 0, from)
    };
    if !bytes_eq(b_auth, t_auth) {
        return network();
    }
    if tp.is_empty() || tp.starts_with(b"//") {
        return None;
    }
    if bytes_eq(tp, bp) {
        let (bq, tq) = (query_bytes(bs, bm), query_bytes(ts, tm));
        let same_query = match (bq, tq) {
            (None, None) => true,
            (Some(x), Some(y)) => bytes_eq(x, y),
            _ => false,
        };
        if same_query {
            // The fragment alone, or nothing.
            let from = if tm.fragment_start != NONE {
                tm.fragment_start
            } else {
                ts.len() as u32
            };
            return spliced_ref(t_text, tm, "", 0, from);
        }
        if tq.is_some() {
            return spliced_ref(t_text, tm, "", 0, tm.query_start);
        }
    }
    // The relative-path candidate (see relative_path): cut the base's
    // prefix back a segment at a time until the target's path continues
    // it with a "/"; the first such cut is the shortest.
    let slash_end = last_slash_end(bp);
    let prefix = bp.get(..slash_end)?;
    let o = bp.get(..slash_end.saturating_sub(1))?;
    let common = common_prefix(o, tp);
    let mut cut = o.len();
    let mut ups = 0usize;
    // The base's prefix must be free of dot segments too. Where it agrees
    // with a clean target path it is; the walk back below passes over the
    // rest of it, every "/" but the prefix's last, so it looks at each "/"
    // for a "." after it.
    let mut maybe_dots = !tp_clean;
    while !(cut <= common && tp.get(cut) == Some(&b'/')) {
        if cut == 0 {
            return None;
        }
        cut = o.get(..cut)?.iter().rposition(|&c| c == b'/').unwrap_or(0);
        maybe_dots |= o.get(cut + 1) == Some(&b'.');
        ups += 1;
    }
    if maybe_dots && has_dot_segment_bytes(prefix) {
        return None;
    }
    let rest = tp.get(cut + 1..)?;
    let (ups, mid) = if rest.is_empty() {
        if ups == 0 {
            (0, ".")
        } else {
            (ups - 1, "..")
        }
    } else if ups == 0 && needs_dot_slash_bytes(rest) {
        (0, "./")
    } else {
        (ups, "")
    };
    let rel_len = ups.checked_mul(3)?.checked_add(mid.len() + rest.len())?;
    // The absolute-path form is the path itself; it wins only when
    // strictly shorter. The network-path and whole forms are longer still
    // unless the relative one is very long.
    let net_len = t_auth.len() + 2 + tp.len();
    let tail_from = tm.path_start + (tp.len() - rest.len()) as u32;
    if tp.len() < rel_len {
        if tp.len() <= net_len {
            return spliced_ref(t_text, tm, "", 0, tm.path_start);
        }
    } else if rel_len <= net_len {
        return spliced_ref(t_text, tm, mid, ups, tail_from);
    }
    network()
}

/// Whether `b` holds a `:`, 16 bytes at a time (the last window may
/// overlap the one before).
#[inline]
fn maybe_colon(b: &[u8]) -> bool {
    let win = |at: usize| match b.get(at..at.wrapping_add(16)).map(<&[u8; 16]>::try_from) {
        Some(Ok(w)) => {
            let mut any = false;
            for &c in w {
                any |= c == b':';
            }
            any
        }
        _ => true,
    };
    let Some(last) = b.len().checked_sub(16) else {
        // A short loop, not `contains` (a call to memchr).
        for &c in b {
            if c == b':' {
                return true;
            }
        }
        return false;
    };
    let mut at = 0;
    loop {
        let a = at.min(last);
        if win(a) {
            return true;
        }
        if a == last {
            return false;
        }
        at += 16;
    }
}

/// The query of a parsed text, as bytes.
#[inline]
fn query_bytes<'s>(s: &'s [u8], m: &Meta) -> Option<&'s [u8]> {
    if m.query_start == NONE {
        return None;
    }
    let end = if m.fragment_start != NONE {
        m.fragment_start as usize
    } else {
        s.len()
    };
    s.get(m.query_start as usize + 1..end)
}

/// [`needs_dot_slash`] on bytes.
#[inline]
fn needs_dot_slash_bytes(path: &[u8]) -> bool {
    if matches!(path.first(), None | Some(b'/')) {
        return true;
    }
    // A ":" anywhere is rare: look closer only then.
    if !maybe_colon(path) {
        return false;
    }
    for &c in path {
        match c {
            b'/' => return false,
            b':' => return true,
            _ => {}
        }
    }
    false
}

/// A relative reference: `../` `ups` times, `mid`, then `ts[from..]` (the
/// target's text from the start of its path, its query, its fragment or
/// the "//" of its authority), with the offsets shifted from `tm`.
#[inline(always)]
fn spliced_ref(ts: &str, tm: &Meta, mid: &str, ups: usize, from: u32) -> Option<UriRefBuf> {
    let tail = ts.get(from as usize..)?;
    let plen = ups.checked_mul(3)?.checked_add(mid.len())?;
    let len = plen.checked_add(tail.len())?;
    if len >= MAX_LEN {
        return None;
    }
    let mut out = String::with_capacity(len);
    for _ in 0..ups {
        out.push_str("../");
    }
    out.push_str(mid);
    out.push_str(tail);
    // Offsets: every one at or after `from` moves to `plen + (x - from)`;
    // the path starts at 0 unless an authority comes first.
    let d = plen as u32;
    let sh = |x: u32| {
        if x == NONE || x < from {
            NONE
        } else {
            x - from + d
        }
    };
    let m = if tm.auth_start != NONE && from < tm.auth_start {
        Meta {
            scheme_end: NONE,
            auth_start: sh(tm.auth_start),
            host_start: sh(tm.host_start),
            host_end: sh(tm.host_end),
            host_kind: tm.host_kind,
            path_start: sh(tm.path_start),
            path_end: sh(tm.path_end),
            query_start: sh(tm.query_start),
            fragment_start: sh(tm.fragment_start),
        }
    } else {
        let path_end = if tm.path_end >= from {
            tm.path_end - from + d
        } else {
            d
        };
        Meta {
            path_start: 0,
            path_end,
            query_start: sh(tm.query_start),
            fragment_start: sh(tm.fragment_start),
            ..Meta::EMPTY
        }
    };
    Some(UriRefBuf::from_parts(out, m))
}

fn unreachable() -> ResolveError {
    ResolveError::new(ResolveErrorKind::Unreachable)
}

/// Writes `path` (a [`PathRef`] or a network path) plus `t`'s query and
/// fragment as a relative reference.
fn relative_ref(
    auth: Option<&Auth<'_>>,
    path: &dyn Fn(&mut String),
    path_len: usize,
    t: &Parts<'_>,
) -> Result<UriRefBuf, ResolveError> {
    let cap = auth.map_or(0, |a| a.text.len() + 2)
        + path_len
        + t.query.map_or(0, |q| q.len() + 1)
        + t.fragment.map_or(0, |f| f.len() + 1);
    let mut out = String::with_capacity(cap);
    let mut w = Builder::new(&mut out);
    if let Some(a) = auth {
        w.authority(a);
    }
    w.path_start();
    path(w.out);
    w.path_end();
    w.query_fragment(t.query, t.fragment);
    let m = w.finish()?;
    Ok(UriRefBuf::from_parts(out, m))
}

fn relative_parts(
    b: &Parts<'_>,
    t: &Parts<'_>,
    target: &Uri<'_>,
) -> Result<UriRefBuf, ResolveError> {
    let has_auth = t.auth.is_some();
    let need = needed_path(t.path, has_auth);
    let whole = || -> Result<UriRefBuf, ResolveError> {
        need.ok_or_else(unreachable)?;
        Ok(UriRefBuf::from(target.into_owned()))
    };
    let network = |a: &Auth<'_>| -> Result<UriRefBuf, ResolveError> {
        need.ok_or_else(unreachable)?;
        relative_ref(Some(a), &|o| o.push_str(t.path), t.path.len(), t)
    };
    // Resolving a reference without a scheme copies the base's scheme
    // byte for byte, and without an authority copies its authority.
    if t.scheme != b.scheme {
        return whole();
    }
    let same_auth = match (&b.auth, &t.auth) {
        (None, None) => true,
        (Some(x), Some(y)) => x.text == y.text,
        _ => false,
    };
    if !same_auth {
        return match &t.auth {
            Some(a) => network(a),
            None => whole(),
        };
    }
    // An empty path inherits the base's path as is, and its query unless
    // the reference has one.
    if t.path == b.path {
        let empty = PathRef {
            ups: 0,
            mid: "",
            tail: "",
        };
        if t.query == b.query {
            let t_no_query = Parts { query: None, ..*t };
            return relative_ref(None, &|o| empty.write(o), 0, &t_no_query);
        }
        if t.query.is_some() {
            return relative_ref(None, &|o| empty.write(o), 0, t);
        }
    }
    let need = need.ok_or_else(unreachable)?;

    let rel = relative_path(b.auth.is_some(), b.path, need);
    let abs = need.starts_with('/').then(|| PathRef {
        ups: 0,
        mid: if need.starts_with("//") { "/." } else { "" },
        tail: need,
    });
    // The network-path and whole forms repeat the path as written. On a
    // tie the earlier form wins.
    let net_len = t.auth.map(|a| a.text.len() + 2 + t.path.len());
    let whole_len = b.scheme.map_or(0, |s| s.len() + 1) + net_len.unwrap_or(t.path.len());
    let mut best: Option<PathRef<'_>> = None;
    for p in [rel, abs].into_iter().flatten() {
        if best.map_or(true, |b| p.len() < b.len()) {
            best = Some(p);
        }
    }
    let best_len = best.map_or(usize::MAX, |p| p.len());
    match (best, &t.auth) {
        (Some(p), _) if best_len <= net_len.unwrap_or(usize::MAX) && best_len <= whole_len => {
            relative_ref(None, &|o| p.write(o), p.len(), t)
        }
        (_, Some(a)) => network(a),
        _ => whole(),
    }
}

// ---------------------------------------------------------------------------
// Methods on the URI types

impl Uri<'_> {
    /// Resolve a reference against this base URI (RFC 3986 5.2, strict);
    /// [`Resolver`] has the options and the details, including the `/.`
    /// rule for a path starting with `//`.
    ///
    /// ```
    /// use urikit::{Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.resolve(&UriRef::parse("g;x?y#s")?)?, "http://a/b/c/g;x?y#s");
    /// assert_eq!(base.resolve(&UriRef::parse("../../../g")?)?.to_string(), "http://a/g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve(&self, reference: &UriRef<'_>) -> Result<UriBuf, ResolveError> {
        Resolver::new().resolve(self, reference)
    }

    /// The shortest reference that resolves (strictly) from this base back
    /// to `target`, byte for byte: the inverse of [`Uri::resolve`].
    ///
    /// - A target with another scheme (compared byte-wise, as resolution
    ///   copies the base's) comes back unchanged; one with another
    ///   authority becomes a network-path reference (`//host/path`).
    /// - Otherwise the shortest of an absolute-path, relative-path,
    ///   query-only, fragment-only or empty reference that round-trips
    ///   (a relative path on a tie), falling back to the forms above.
    ///
    /// The round trip `self.resolve(&r) == target` is guaranteed. A target
    /// that no reference reaches is an error of kind
    /// [`ResolveErrorKind::Unreachable`]: its path holds a `.` or `..`
    /// segment, which every resolution removes (`http://a/x/../y`), unless
    /// it is the base's own path. Under non-strict resolution a returned
    /// absolute URI with the base's scheme may resolve differently.
    ///
    /// ```
    /// use urikit::Uri;
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let rel = |t| base.make_relative(&Uri::parse(t).unwrap()).unwrap().to_string();
    /// assert_eq!(rel("http://a/b/c/g"), "g");
    /// assert_eq!(rel("http://a/g"), "/g");
    /// assert_eq!(rel("http://a/b/c/d;p?q#s"), "#s");
    /// assert_eq!(rel("http://a/b/c/d;p"), "d;p");
    /// assert_eq!(rel("http://a/b/c/x:y"), "./x:y");
    /// assert_eq!(rel("http://z/b"), "//z/b");
    /// assert_eq!(rel("ftp://a/b"), "ftp://a/b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn make_relative(&self, target: &Uri<'_>) -> Result<UriRefBuf, ResolveError> {
        make_relative(self, target)
    }

    /// Whether `reference`, resolved (strictly) against this base, differs
    /// from it only in the fragment: a same-document reference (4.4).
    ///
    /// ```
    /// use urikit::{Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert!(base.is_same_document(&UriRef::parse("#s")?));
    /// assert!(base.is_same_document(&UriRef::parse("./d;p?q")?));
    /// assert!(!base.is_same_document(&UriRef::parse("?r")?));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_same_document(&self, reference: &UriRef<'_>) -> bool {
        Resolver::new().is_same_document(self, reference)
    }
}

impl UriBuf {
    /// [`Uri::resolve`] on an owned base.
    ///
    /// ```
    /// let base = urikit::UriBuf::parse("http://a/b/c")?;
    /// let t = base.resolve(&urikit::UriRef::parse("../d")?)?;
    /// assert_eq!(t, "http://a/d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve(&self, reference: &UriRef<'_>) -> Result<UriBuf, ResolveError> {
        self.as_uri().resolve(reference)
    }

    /// [`Uri::make_relative`] on an owned base.
    ///
    /// ```
    /// let base = urikit::UriBuf::parse("http://a/b/c")?;
    /// let r = base.make_relative(&urikit::Uri::parse("http://a/d")?)?;
    /// assert_eq!(r, "/d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn make_relative(&self, target: &Uri<'_>) -> Result<UriRefBuf, ResolveError> {
        self.as_uri().make_relative(target)
    }

    /// [`Uri::is_same_document`] on an owned base.
    ///
    /// ```
    /// let base = urikit::UriBuf::parse("http://a/b")?;
    /// assert!(base.is_same_document(&urikit::UriRef::parse("#x")?));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_same_document(&self, reference: &UriRef<'_>) -> bool {
        self.as_uri().is_same_document(reference)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Strings over `a . /` of every length up to 70, each byte position
    /// taking each value against backgrounds of `a` and of `/`: the word
    /// scans agree with byte-by-byte reference scans.
    #[test]
    fn scans_agree_with_bytewise() {
        let naive_dot = |b: &[u8]| b.first() == Some(&b'.') || b.windows(2).any(|w| w == b"/.");
        let naive_slash = |b: &[u8]| b.iter().rposition(|&c| c == b'/').map_or(0, |i| i + 1);
        let mut checked = 0;
        for n in 0..70 {
            for bg in [b'a', b'/', b'.'] {
                for i in 0..n {
                    for j in [i, i + 1, n - 1, n / 2] {
                        for (x, y) in [(b'/', b'.'), (b'.', b'/'), (b'/', b'/'), (b'a', b'.')] {
                            let mut v = alloc::vec![bg; n];
                            v[i] = x;
                            if j < n {
                                v[j] = y;
                            }
                            assert_eq!(maybe_dot_segment(&v), naive_dot(&v), "{v:?}");
                            assert_eq!(last_slash_end(&v), naive_slash(&v), "{v:?}");
                            checked += 1;
                        }
                    }
                }
                let v = alloc::vec![bg; n];
                assert_eq!(maybe_dot_segment(&v), naive_dot(&v), "{v:?}");
                assert_eq!(last_slash_end(&v), naive_slash(&v), "{v:?}");
            }
        }
        assert!(checked > 10_000);
    }

    /// The fast path (a splice of the two texts) against the general one,
    /// on bases and references built from dot, empty and plain segments,
    /// some long enough for several scan windows. Debug builds also check
    /// the spliced offsets against a parse of the result.
    #[test]
    fn splice_agrees_with_general_path() {
        let segs = [
            "",
            ".",
            "..",
            "a",
            "bb",
            ".x",
            "x.",
            "c:d",
            "0123456789abcdef",
        ];
        let mut paths: Vec<String> = alloc::vec![String::new()];
        for &a in &segs {
            paths.push(a.into());
            for &b in &segs {
                paths.push(alloc::format!("{a}/{b}"));
                for &c in &segs[..5] {
                    paths.push(alloc::format!("{a}/{b}/{c}"));
                }
            }
        }
        let mut bases = Vec::new();
        let mut refs = Vec::new();
        for p in &paths {
            for head in ["http://h", "s:", "http://h/", "s:/"] {
                let b = alloc::format!("{head}{p}?q#f");
                if UriRef::parse(&b).is_ok_and(|r| !r.is_relative()) {
                    bases.push(b);
                }
            }
            for head in ["", "/", "//h/", "t:", "t:/", "t://h/"] {
                for tail in ["", "?y", "#z", "?y#z"] {
                    let r = alloc::format!("{head}{p}{tail}");
                    if UriRef::parse(&r).is_ok() {
                        refs.push(r);
                    }
                }
            }
        }
        let mut checked = 0;
        for (i, b) in bases.iter().enumerate() {
            let b = Uri::parse(b).unwrap();
            // Every base against a stride of the references, so that each
            // pairing kind comes up without the full square.
            for r in refs.iter().skip(i % 61).step_by(61) {
                let r = UriRef::parse(r).unwrap();
                for res in [Resolver::new(), Resolver::new().non_strict(true)] {
                    let fast = res.resolve(&b, &r).unwrap();
                    let general = res.resolve_general(&b, &r, String::new()).unwrap();
                    assert_eq!(fast.as_str(), general.as_str(), "{b} + {r}");
                    assert_eq!(fast.components(), general.components(), "{b} + {r}");
                    let mut out = String::from("x");
                    res.resolve_into(&b, &r, &mut out).unwrap();
                    assert_eq!(&out[1..], general.as_str(), "{b} + {r}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// The fast path of make_relative against the general one, on pairs of
    /// URIs built from dot, empty, colon and plain segments, with equal
    /// and differing schemes, authorities, paths and queries.
    #[test]
    fn relative_fast_agrees_with_general_path() {
        let segs = ["", ".", "..", "a", "b", ".x", "c:d", "0123456789abcdef"];
        let mut paths: Vec<String> = alloc::vec![String::new()];
        for &a in &segs {
            paths.push(alloc::format!("/{a}"));
            for &b in &segs {
                paths.push(alloc::format!("/{a}/{b}"));
                for &c in &segs[..6] {
                    paths.push(alloc::format!("/{a}/{b}/{c}"));
                }
            }
        }
        let mut uris = Vec::new();
        for (i, p) in paths.iter().enumerate() {
            let head = ["http://h", "http://h", "http://g", "s://h", "http://"][i % 5];
            let tail = ["", "?q", "#f", "?q#f", "?r", "?"][i % 6];
            let u = alloc::format!("{head}{p}{tail}");
            if Uri::parse(&u).is_ok() {
                uris.push(u);
            }
        }
        let mut checked = 0;
        for (i, b) in uris.iter().enumerate() {
            let b = Uri::parse(b).unwrap();
            for t in uris.iter().skip(i % 2).step_by(2) {
                let t = Uri::parse(t).unwrap();
                let general = make_relative_general(&b, &t);
                if let Some(fast) = relative_fast(&b, &t) {
                    let general = general.unwrap();
                    assert_eq!(fast.as_str(), general.as_str(), "{b} -> {t}");
                    assert_eq!(fast.components(), general.components(), "{b} -> {t}");
                    checked += 1;
                }
                assert_eq!(
                    make_relative(&b, &t).map(|r| r.into_string()),
                    make_relative_general(&b, &t).map(|r| r.into_string())
                );
            }
        }
        assert!(checked > 20_000, "{checked}");
    }
}
