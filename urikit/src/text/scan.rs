//! The scanner: finds the next trigger byte (`<`, `"` or a colon) and
//! tries the candidate there; the pieces a candidate is made of.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::angle::angle;
use super::bare::bare;
use super::chain::Chain;
use super::quote::quote;
use super::{Delimiter, ExtractOptions, Match, OPAQUE_SCHEMES, TRIGGER, URI_BYTE, is_space, tick};

/// Scanner state carried between calls (and across buffer refills).
#[derive(Clone, Debug, Default)]
pub(super) struct State {
    /// A bare scheme may not start before this index (the end of the last
    /// match or skipped run).
    pub(super) floor: usize,
    /// Inside a run of URI bytes too long to be a candidate: skip to its end.
    pub(super) skip_run: bool,
    /// `(from, end)`: the bytes from `from` to `end` are all URI bytes and
    /// the run ends at `end`. Every colon in a run starts a candidate that
    /// runs to the same end; remembering it keeps a long run with many
    /// colons linear.
    pub(super) run: Option<(usize, usize)>,
    /// While `skip_run`: where the candidate being skipped starts. The
    /// streaming extractor may have dropped that part of its buffer; then
    /// `skip_start` is 0 and `skip_lost` counts the bytes before the buffer.
    pub(super) skip_start: usize,
    pub(super) skip_lost: usize,
    /// The last chain of hyphen-joined pieces (see [`Chain`]).
    pub(super) chain: Option<Chain>,
}

pub(super) enum Step<'a> {
    /// A match, and the index to resume scanning at.
    Found(Match<'a>, usize),
    /// The buffer ended before a decision: resume at this index once more
    /// input has been appended.
    NeedMore(#[cfg_attr(not(feature = "std"), allow(dead_code))] usize),
    /// A candidate dropped for its length: it starts `lost` bytes before
    /// `start` (see [`State::skip_lost`]) and was looked at up to `end`;
    /// resume at `resume`.
    Dropped {
        start: usize,
        #[cfg_attr(not(feature = "std"), allow(dead_code))]
        lost: usize,
        end: usize,
        resume: usize,
    },
    /// The end of the input.
    Done,
}

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

pub(super) fn scan<'a>(
    buf: &'a [u8],
    mut i: usize,
    st: &mut State,
    eof: bool,
    opts: &ExtractOptions,
) -> Step<'a> {
    loop {
        if st.skip_run {
            while i < buf.len() && URI_BYTE.contains(buf[i]) {
                i += 1;
                tick(1);
            }
            if i == buf.len() && !eof {
                return Step::NeedMore(i);
            }
            st.skip_run = false;
            st.floor = i;
            return Step::Dropped {
                start: st.skip_start,
                lost: st.skip_lost,
                end: i,
                resume: i,
            };
        }
        while i < buf.len() && !TRIGGER.contains(buf[i]) {
            i += 1;
            tick(1);
        }
        if i >= buf.len() {
            return if eof { Step::Done } else { Step::NeedMore(i) };
        }
        let t = i;
        let outcome = match buf[t] {
            b'<' => angle(buf, t, eof, opts),
            b'"' => quote(buf, t, eof, opts),
            _ => bare(buf, t, st, eof, opts),
        };
        match outcome {
            Try::Found(m, resume) => {
                st.floor = resume;
                return Step::Found(m, resume);
            }
            Try::No(next) => i = next,
            Try::Skip(start, from) => {
                st.skip_run = true;
                st.skip_start = start;
                st.skip_lost = 0;
                i = from;
            }
            Try::TooLong(start, end) => {
                return Step::Dropped {
                    start,
                    lost: 0,
                    end,
                    resume: t + 1,
                };
            }
            Try::NeedMore => return Step::NeedMore(t),
        }
    }
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
