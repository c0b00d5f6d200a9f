//! Bare candidates joined across hyphen line breaks (Appendix C). The
//! chain of pieces is found once, without a limit, and shared by every
//! candidate that starts in it: text with a colon on each of many joined
//! lines stays linear, where scanning and joining the rest of the chain for
//! each colon was quadratic.

use alloc::vec::Vec;

use super::bytes::{URI_BYTE, is_space, tick};
use super::candidate::Pieces;
use super::quote::{Gap, hyphen_break};

/// A run of URI bytes and the runs joined to it by hyphen line breaks, up
/// to its natural end.
#[derive(Clone, Debug)]
pub(super) struct Chain {
    /// `(start, end)` in the input of each piece, in order.
    pieces: Vec<(usize, usize)>,
    /// The offset in `text` of each piece.
    at: Vec<usize>,
    /// The pieces joined.
    text: Vec<u8>,
    /// Offsets in `text` of the hyphens that ended a line.
    hyphens: Vec<usize>,
    /// Up to where the chain is known: `usize::MAX` when it has ended, else
    /// the bound or the end of the buffer where finding it stopped.
    frontier: usize,
    /// Whether the last piece may go on past the frontier.
    open_last: bool,
}

/// What a chain says about one candidate.
pub(super) enum Cand<'c> {
    /// Too long for its limit: skip the run from this index.
    Skip(usize),
    /// The candidate's joined text, and its pieces and hyphens when asked.
    Text(&'c [u8], Span),
    /// The candidate reaches past what the chain knows.
    Unknown,
}

/// The pieces `p..=last` of a chain, the first from `j`.
#[derive(Clone, Copy)]
pub(super) struct Span {
    j: usize,
    p: usize,
    last: usize,
}

impl Chain {
    /// The chain from `j`, found up to `bound` (exclusive) or the end of
    /// the buffer, whichever comes first.
    pub(super) fn build(buf: &[u8], j: usize, bound: usize, eof: bool) -> Chain {
        let mut c = Chain {
            pieces: Vec::new(),
            at: Vec::new(),
            text: Vec::new(),
            hyphens: Vec::new(),
            frontier: usize::MAX,
            open_last: false,
        };
        let end = bound.min(buf.len());
        let (mut s, mut k) = (j, j);
        loop {
            while k < end && URI_BYTE.contains(buf[k]) {
                k += 1;
            }
            tick(k - s);
            c.at.push(c.text.len());
            c.text.extend_from_slice(buf.get(s..k).unwrap_or_default());
            c.pieces.push((s, k));
            if k == end {
                if !(k == buf.len() && eof) {
                    // Cut by the bound or the buffer: it may go on.
                    c.frontier = k;
                    c.open_last = true;
                }
                return c;
            }
            if k > s && is_space(buf[k]) && buf[k - 1] == b'-' {
                match hyphen_break(buf, k, bound, eof) {
                    Gap::Join(next) => {
                        tick(next - k);
                        c.hyphens.push(c.text.len() - 1);
                        (s, k) = (next, next);
                        continue;
                    }
                    // A real end, or no joined line before the bound.
                    Gap::End if bound >= buf.len() && eof => {}
                    Gap::End => c.frontier = bound,
                    Gap::NeedMore => {
                        c.frontier = buf.len();
                        c.open_last = true;
                    }
                }
            }
            return c;
        }
    }

    fn piece_of(&self, x: usize) -> Option<usize> {
        let p = self.pieces.partition_point(|pc| pc.1 <= x);
        (p < self.pieces.len() && self.pieces[p].0 <= x).then_some(p)
    }

    /// The candidate with scheme `j..t` under `limit`, as the scan with
    /// that limit would see it: a piece that reaches past the limit makes
    /// it too long, and a piece that starts at or past it is not joined.
    /// `None` when the candidate does not start in this chain.
    pub(super) fn candidate(&self, j: usize, t: usize, limit: usize) -> Option<Cand<'_>> {
        tick(1);
        let p = self.piece_of(t)?;
        if self.pieces[p].0 > j {
            return None;
        }
        let n = self.pieces.len();
        let i0 = self.pieces.partition_point(|pc| pc.1 <= limit);
        if i0 < n && (i0 == p || self.pieces[i0].0 < limit) {
            return Some(Cand::Skip(limit.max(t)));
        }
        // Here piece `p` ends within the limit, so `i0 > p`.
        let last = if i0 < n {
            i0 - 1
        } else if limit < self.frontier || (limit == self.frontier && !self.open_last) {
            n - 1
        } else {
            return Some(Cand::Unknown);
        };
        let from = self.at[p] + (j - self.pieces[p].0);
        let (ls, le) = self.pieces[last];
        let to = self.at[last] + (le - ls);
        Some(Cand::Text(self.text.get(from..to)?, Span { j, p, last }))
    }

    /// The pieces and hyphens of a candidate, for its match.
    pub(super) fn pieces(&self, span: Span) -> Pieces {
        let Span { j, p, last } = span;
        let mut pieces = Pieces::new(j, self.pieces[p].1);
        let from = self.at[p] + (j - self.pieces[p].0);
        for &(s, e) in &self.pieces[p + 1..=last] {
            pieces.push(s, e);
        }
        // The hyphens at the ends of the pieces before the last.
        let lo = self.hyphens.partition_point(|&h| h < from);
        let hi = self.hyphens.partition_point(|&h| h < self.at[last]);
        pieces.hyphens = self.hyphens[lo..hi].iter().map(|h| h - from).collect();
        tick(last - p + 1);
        pieces
    }
}
