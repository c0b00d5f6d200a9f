//! The dot-segment steps of the legacy resolution, RFC 2396 section 5.2
//! steps 6c to 6g, for [`Resolver::rfc2396`](super::Resolver::rfc2396).

use alloc::string::String;

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
