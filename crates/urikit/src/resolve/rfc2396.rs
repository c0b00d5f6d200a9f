//! The dot-segment steps of the legacy resolution, RFC 2396 section 5.2
//! steps 6c to 6g, for [`Resolver::rfc2396`](super::Resolver::rfc2396).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::dot_segments::each_segment;

/// RFC 2396 5.2 steps 6c to 6g: `.` segments go; `..` removes the segment
/// before it unless that is `..` too, and is otherwise kept ("retaining
/// these components in the resolved path", 6g). A stack of segments held in
/// the output string; `n` counts them.
pub(super) struct Legacy<'o> {
    pub(super) out: &'o mut String,
    pub(super) start: usize,
    pub(super) absolute: bool,
    pub(super) n: usize,
}

impl Legacy<'_> {
    pub(super) fn push(&mut self, seg: &str) {
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
    pub(super) fn top_cut(&self) -> usize {
        self.out[self.start..]
            .rfind('/')
            .map_or(self.start, |i| self.start + i)
    }

    pub(super) fn seg(&mut self, seg: &str, last: bool) {
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

pub(super) fn legacy_into(out: &mut String, prefix: &str, path: &str) {
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

// ---------------------------------------------------------------------------
// The steps, for showing them

/// What RFC 2396 5.2 step 6 does to one segment of its buffer, as urikit
/// takes them: segment by segment, left to right. The RFC removes every
/// `./` first (6c), then `<segment>/../` leftmost first (6e); the result is
/// the same.
///
/// ```
/// assert_eq!(urikit::LegacyRule::E.to_string(), "6e");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LegacyRule {
    /// A segment kept (6a and 6b put it in the buffer).
    Keep,
    /// A complete `.` segment followed by `/` removed.
    C,
    /// A final complete `.` segment removed.
    D,
    /// `<segment>/../` removed, the segment not `..`.
    E,
    /// A final `<segment>/..` removed, the segment not `..`.
    F,
    /// A `..` with no segment before it to remove, kept (the RFC's error
    /// case; "retaining these components", as urikit does).
    G,
}

impl LegacyRule {
    /// The step's label: `6c` to `6g`, or `6a/6b` for a kept segment.
    pub const fn label(self) -> &'static str {
        match self {
            LegacyRule::Keep => "6a/6b",
            LegacyRule::C => "6c",
            LegacyRule::D => "6d",
            LegacyRule::E => "6e",
            LegacyRule::F => "6f",
            LegacyRule::G => "6g",
        }
    }

    /// What the step does, in a few words.
    pub const fn description(self) -> &'static str {
        match self {
            LegacyRule::Keep => "keep the segment",
            LegacyRule::C => "remove a \"./\"",
            LegacyRule::D => "remove a final \".\"",
            LegacyRule::E => "remove \"<segment>/../\"",
            LegacyRule::F => "remove a final \"<segment>/..\"",
            LegacyRule::G => "keep a \"..\" above the root",
        }
    }
}

impl fmt::Display for LegacyRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// One step of RFC 2396 5.2 step 6 on one segment: the rule and, after it,
/// the buffer done so far and the input still to read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LegacyStep {
    rule: LegacyRule,
    output: String,
    input: String,
}

impl LegacyStep {
    /// The rule that ran.
    pub const fn rule(&self) -> LegacyRule {
        self.rule
    }

    /// The buffer done so far.
    pub fn output(&self) -> &str {
        &self.output
    }

    /// What is left of the input.
    pub fn input(&self) -> &str {
        &self.input
    }
}

/// [`legacy_into`] on `buffer` (the merged path of step 6a and 6b), one
/// step per segment, by the same [`Legacy`] steps.
pub(super) fn legacy_trace(buffer: &str) -> Vec<LegacyStep> {
    let mut steps = Vec::new();
    let mut out = String::with_capacity(buffer.len());
    let absolute = buffer.starts_with('/');
    let body = buffer.strip_prefix('/').unwrap_or(buffer);
    let mut l = Legacy {
        out: &mut out,
        start: 0,
        absolute,
        n: 0,
    };
    let mut at = usize::from(absolute);
    each_segment(body, |seg, last| {
        let end = at + seg.len();
        let (n, top_is_dots) = (l.n, {
            let cut = l.top_cut();
            let top = &l.out[cut..];
            top.strip_prefix('/').unwrap_or(top) == ".."
        });
        l.seg(seg, last);
        let rule = match seg {
            "." if last => LegacyRule::D,
            "." => LegacyRule::C,
            ".." if n > 0 && !top_is_dots && last => LegacyRule::F,
            ".." if n > 0 && !top_is_dots => LegacyRule::E,
            ".." => LegacyRule::G,
            _ => LegacyRule::Keep,
        };
        steps.push(LegacyStep {
            rule,
            output: String::from(l.out.as_str()),
            input: String::from(buffer.get(end..).unwrap_or_default()),
        });
        at = end + 1;
    });
    steps
}
