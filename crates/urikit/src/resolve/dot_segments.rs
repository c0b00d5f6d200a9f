//! remove_dot_segments (RFC 3986 section 5.2.4): the published algorithm,
//! segment by segment ([`Dots`]), the one-pass form for a rooted input
//! buffer that resolution writes straight into its result ([`rooted_dots`]),
//! and the step-by-step record of the first ([`remove_dot_segments_trace`]).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::scan::{load8_padded, maybe_dot_segment};
use crate::word::{ONES, eq_bytes, load8, zero_bytes};

/// Calls `f(segment, is_last)` for each `/`-separated piece of `s`. A plain
/// byte loop: segments are short, and a searcher per segment costs more
/// than the scan.
#[inline]
pub(super) fn each_segment(s: &str, mut f: impl FnMut(&str, bool)) {
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
pub(super) fn is_dot(seg: &str) -> bool {
    matches!(seg.as_bytes(), b"." | b"..")
}

/// Whether `path` holds a complete `.` or `..` segment.
///
/// Jumps from dot to dot (`str::find` on a byte is a `memchr`), and looks
/// closer only at a dot that starts a segment.
pub(super) fn has_dot_segment(path: &str) -> bool {
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
pub(super) struct Dots<'o> {
    out: &'o mut String,
    start: usize,
    pub(super) leading: bool,
}

impl<'o> Dots<'o> {
    pub(super) fn new(out: &'o mut String, absolute: bool) -> Dots<'o> {
        let start = out.len();
        Dots {
            out,
            start,
            leading: !absolute,
        }
    }

    #[inline]
    pub(super) fn seg(&mut self, seg: &str, last: bool) {
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
    pub(super) fn run(mut self, prefix: &str, path: &str) {
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
pub(super) fn dots_into(out: &mut String, prefix: &str, path: &str) {
    let absolute = if prefix.is_empty() {
        path.starts_with('/')
    } else {
        prefix.starts_with('/')
    };
    Dots::new(out, absolute).run(prefix, path);
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

/// Whether a path has a dot segment: a close look only when a cheap scan
/// finds a candidate.
#[inline]
pub(super) fn has_dot_segment_fast(path: &[u8]) -> bool {
    maybe_dot_segment(path) && has_dot_segment_bytes(path)
}

/// [`has_dot_segment`] on bytes of a path: a byte loop, as the scans above
/// send here only paths with a `/.` (or a leading `.`), usually early.
pub(super) fn has_dot_segment_bytes(path: &[u8]) -> bool {
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

/// Step C on `out[root..]`, which is rooted and ends with `/`: drop the
/// segment before that `/`, keeping the root. One word back usually finds
/// the `/` before it; a long segment is scanned the rest of the way.
#[inline(always)]
pub(super) fn pop_segment(out: &mut String, root: usize) {
    let o = out.as_bytes();
    let end = o.len() - 1;
    let seg = o.get(root..end).unwrap_or_default();
    let cut = match seg.len().checked_sub(8) {
        Some(w) => match zero_bytes(load8(seg, w) ^ (ONES * u64::from(b'/'))) {
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
pub(super) fn next_dot_start(b: &[u8], from: usize) -> Option<usize> {
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
pub(super) fn rooted_dots(out: &mut String, root: usize, rest: &str) {
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

// ---------------------------------------------------------------------------
// The steps, for showing them

/// A step of remove_dot_segments as RFC 3986 5.2.4 numbers them (2A to 2E).
///
/// ```
/// use urikit::DotRule;
/// assert_eq!(DotRule::C.letter(), 'C');
/// assert_eq!(DotRule::E.to_string(), "2E");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DotRule {
    /// A prefix `../` or `./` removed.
    A,
    /// A prefix `/./` or `/.` (a complete segment) replaced by `/`.
    B,
    /// A prefix `/../` or `/..` replaced by `/`, and the output's last
    /// segment removed with its preceding `/`.
    C,
    /// An input of exactly `.` or `..` removed.
    D,
    /// The first segment, with its leading `/` if any, moved to the output.
    E,
}

impl DotRule {
    /// The step's letter in 5.2.4 (its number is 2).
    pub const fn letter(self) -> char {
        match self {
            DotRule::A => 'A',
            DotRule::B => 'B',
            DotRule::C => 'C',
            DotRule::D => 'D',
            DotRule::E => 'E',
        }
    }

    /// What the step does, in a few words.
    ///
    /// ```
    /// assert_eq!(urikit::DotRule::D.description(), "remove a lone \".\" or \"..\"");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            DotRule::A => "remove a prefix \"../\" or \"./\"",
            DotRule::B => "replace a prefix \"/./\" or \"/.\" with \"/\"",
            DotRule::C => {
                "replace a prefix \"/../\" or \"/..\" with \"/\" and remove the last output segment"
            }
            DotRule::D => "remove a lone \".\" or \"..\"",
            DotRule::E => "move the first segment to the output",
        }
    }
}

impl fmt::Display for DotRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "2{}", self.letter())
    }
}

/// One step of remove_dot_segments: the rule that ran and both buffers
/// after it, as the table of RFC 3986 5.2.4 shows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DotStep {
    rule: DotRule,
    output: String,
    input: String,
}

impl DotStep {
    /// The rule that ran.
    pub const fn rule(&self) -> DotRule {
        self.rule
    }

    /// The output buffer after the step.
    pub fn output(&self) -> &str {
        &self.output
    }

    /// The input buffer after the step (what is left of the input).
    pub fn input(&self) -> &str {
        &self.input
    }
}

/// [`remove_dot_segments`] step by step: each step of the loop of RFC 3986
/// 5.2.4 with the output and input buffers after it. The last step's
/// output is the result (the input itself when there is no step: an
/// empty path).
///
/// It runs the same segment steps as [`remove_dot_segments`] and records
/// the buffers: `O(n)` steps, each copying the buffers, so `O(n²)` bytes
/// for a path of `n` bytes. For showing the algorithm; resolution and
/// normalization never call it.
///
/// RFC 3986 5.2.4's first example:
///
/// ```
/// use urikit::{remove_dot_segments_trace, DotRule::*};
/// let steps = remove_dot_segments_trace("/a/b/c/./../../g");
/// let rows: Vec<_> = steps.iter().map(|s| (s.rule(), s.output(), s.input())).collect();
/// assert_eq!(rows, [
///     (E, "/a", "/b/c/./../../g"),
///     (E, "/a/b", "/c/./../../g"),
///     (E, "/a/b/c", "/./../../g"),
///     (B, "/a/b/c", "/../../g"),
///     (C, "/a/b", "/../g"),
///     (C, "/a", "/g"),
///     (E, "/a/g", ""),
/// ]);
/// let steps = remove_dot_segments_trace("../a/..");
/// let rows: Vec<_> = steps.iter().map(|s| (s.rule(), s.output(), s.input())).collect();
/// assert_eq!(rows, [(A, "", "a/.."), (E, "a", "/.."), (C, "", "/"), (E, "/", "")]);
/// ```
pub fn remove_dot_segments_trace(path: &str) -> Vec<DotStep> {
    let mut steps = Vec::new();
    let mut out = String::with_capacity(path.len());
    let absolute = path.starts_with('/');
    let body = path.strip_prefix('/').unwrap_or(path);
    let mut dots = Dots::new(&mut out, absolute);
    // Where the current segment starts in `path`.
    let mut at = usize::from(absolute);
    let mut step = |rule, output: &str, input: &str| {
        steps.push(DotStep {
            rule,
            output: String::from(output),
            input: String::from(input),
        })
    };
    each_segment(body, |seg, last| {
        let end = at + seg.len();
        let leading = dots.leading;
        dots.seg(seg, last);
        let out = dots.out.as_str();
        let rest = path.get(end..).unwrap_or_default();
        let after_slash = path.get(end + 1..).unwrap_or_default();
        if leading {
            match (is_dot(seg), last) {
                (true, false) => step(DotRule::A, out, after_slash),
                (true, true) => step(DotRule::D, out, ""),
                // An empty first segment (the input now starts with "/",
                // as after "./" in ".//g"): step E moves it with the next
                // segment, in the next call.
                (false, _) if seg.is_empty() => {}
                (false, _) => step(DotRule::E, out, rest),
            }
        } else {
            let rule = match seg {
                "." => DotRule::B,
                ".." => DotRule::C,
                _ => DotRule::E,
            };
            if rule != DotRule::E && last {
                // B or C on "/." or "/.." at the end leaves "/", which E
                // then moves: `Dots` has written both.
                step(rule, out.get(..out.len() - 1).unwrap_or_default(), "/");
                step(DotRule::E, out, "");
            } else {
                step(rule, out, rest);
            }
        }
        at = end + 1;
    });
    steps
}
