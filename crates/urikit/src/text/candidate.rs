//! A candidate: the pieces of the input it is made of, and the outcome of
//! trying one; the checks every delimiting style shares.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::bytes::{OPAQUE_SCHEMES, is_space, tick};
use super::found::{Delimiter, Match};
use super::options::ExtractOptions;

/// The outcome of trying one candidate.
pub(super) enum Try<'a> {
    Found(Match<'a>, usize),
    /// Not a URI here; go on scanning at this index.
    No(usize),
    /// A bare candidate starting at the first index, too long: skip the
    /// rest of the run of URI bytes from the second.
    Skip(usize, usize),
    /// A bracketed or quoted candidate from the first index still undecided
    /// at the second, its limit: go on scanning after its first byte.
    TooLong(usize, usize),
    NeedMore,
}

/// A candidate's text: the pieces of the input it is made of (more than one
/// when whitespace was removed), and the hyphens at line ends.
pub(super) struct Pieces {
    /// `(start, end)` in the input; the common case of one piece does not
    /// allocate.
    pub(super) first: (usize, usize),
    pub(super) more: Vec<(usize, usize)>,
    /// Offsets in the joined text of hyphens that ended a line.
    pub(super) hyphens: Vec<usize>,
}

impl Pieces {
    pub(super) fn new(start: usize, end: usize) -> Pieces {
        Pieces {
            first: (start, end),
            more: Vec::new(),
            hyphens: Vec::new(),
        }
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        core::iter::once(self.first).chain(self.more.iter().copied())
    }

    pub(super) fn len(&self) -> usize {
        self.iter().map(|(s, e)| e - s).sum()
    }

    pub(super) fn push(&mut self, start: usize, end: usize) {
        self.more.push((start, end));
    }

    /// The joined text, borrowed when there is one piece.
    pub(super) fn text<'a>(&self, buf: &'a [u8]) -> Cow<'a, [u8]> {
        if self.more.is_empty() {
            Cow::Borrowed(&buf[self.first.0..self.first.1])
        } else {
            tick(self.len());
            let mut v = Vec::with_capacity(self.len());
            for (s, e) in self.iter() {
                v.extend_from_slice(&buf[s..e]);
            }
            Cow::Owned(v)
        }
    }

    /// The input offset just after joined byte `len - 1`.
    pub(super) fn end_of(&self, len: usize) -> usize {
        let mut left = len;
        for (s, e) in self.iter() {
            if left <= e - s {
                return s + left;
            }
            left -= e - s;
        }
        self.iter().last().map_or(0, |(_, e)| e)
    }

    /// Build the match for the first `len` joined bytes.
    pub(super) fn into_match(
        self,
        buf: &[u8],
        len: usize,
        delimiter: Delimiter,
    ) -> Option<Match<'_>> {
        let start = self.first.0;
        let end = self.end_of(len);
        let uri: Cow<'_, str> = if self.first.1 - self.first.0 >= len {
            Cow::Borrowed(core::str::from_utf8(&buf[start..start + len]).ok()?)
        } else {
            let mut v = self.text(buf).into_owned();
            v.truncate(len);
            Cow::Owned(String::from_utf8(v).ok()?)
        };
        let mut hyphens = self.hyphens;
        hyphens.retain(|&h| h < len);
        Some(Match {
            start,
            end,
            uri,
            delimiter,
            hyphens,
        })
    }
}

/// Skip `URL:` (any case) and the whitespace after it.
pub(super) fn skip_url_prefix(buf: &[u8], mut k: usize) -> usize {
    if buf.len() >= k + 4 && buf[k..k + 4].eq_ignore_ascii_case(b"url:") {
        k += 4;
        while k < buf.len() && is_space(buf[k]) {
            k += 1;
        }
    }
    k
}

/// Whether the scheme of `uri` may stand bare or quoted.
pub(super) fn plausible(uri: &[u8], opts: &ExtractOptions) -> bool {
    let Some(colon) = uri.iter().position(|&b| b == b':') else {
        return false;
    };
    let scheme = &uri[..colon];
    if uri[colon + 1..].starts_with(b"//") {
        // Something must follow the "//", whatever the scheme: a bare
        // `https://` names nothing.
        return uri.len() > colon + 3;
    }
    if opts.any_scheme {
        // A scheme ending in a digit right before a digit is a time or a
        // ratio (`T10:00:00Z`, `x2:3`), not a URI.
        let time = scheme.last().is_some_and(u8::is_ascii_digit)
            && uri.get(colon + 1).is_some_and(u8::is_ascii_digit);
        return !time;
    }
    OPAQUE_SCHEMES
        .iter()
        .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme))
}
