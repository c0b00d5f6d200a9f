//! The one-pass writer of a normal form (runs of the input copied whole,
//! only changed bytes written one by one), the path writer that removes
//! dot segments (5.2.4) as it goes, and the byte checks of a normal form.

use alloc::vec::Vec;
use core::fmt;

use super::ladder::PCT;
use crate::chars::{UNRESERVED, hex_value};
use crate::parse::NONE;

/// The output of [`Normalizer::write`]: the input `s` is copied in runs,
/// and `s[run..]` is the part not yet copied nor replaced.
pub(super) struct Writer<'a, 'o> {
    pub(super) s: &'a [u8],
    pub(super) run: usize,
    pub(super) out: &'o mut Vec<u8>,
}

/// `fmt::Write` for the bytes of [`Writer`].
pub(super) struct Bytes<'o>(pub(super) &'o mut Vec<u8>);

impl fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

impl Writer<'_, '_> {
    /// The output offset of input offset `i`, for an `i` at or after `run`
    /// with nothing to change between them.
    #[inline]
    pub(super) fn pos(&self, i: usize) -> u32 {
        off(self.out.len() + i.saturating_sub(self.run))
    }

    /// Copy the input up to `i`.
    #[inline]
    pub(super) fn flush(&mut self, i: usize) {
        if i > self.run {
            self.out
                .extend_from_slice(self.s.get(self.run..i).unwrap_or_default());
            self.run = i;
        }
    }

    /// Copy the input up to `i` and leave out `s[i..j]`.
    #[inline]
    pub(super) fn skip(&mut self, i: usize, j: usize) {
        self.flush(i);
        self.run = j;
    }

    /// Lowercase `s[from..to]`.
    pub(super) fn lower(&mut self, from: usize, to: usize) {
        let b = self.s.get(from..to).unwrap_or_default();
        if let Some(k) = b.iter().position(u8::is_ascii_uppercase) {
            let start = self.pos(from + k) as usize;
            self.flush(to);
            if let Some(t) = self.out.get_mut(start..) {
                t.make_ascii_lowercase();
            }
        }
    }

    /// Normalize the percent-encodings of `s[from..to]` (uppercase hex,
    /// and when `DECODE` unreserved decoded) and, when `LOWER`, lowercase
    /// its letters (a decoded one too). Returns whether it held a
    /// percent-encoding. Normalization always decodes; the ladder's case
    /// rung (6.2.2.1) does not.
    #[inline]
    pub(super) fn pct<const LOWER: bool, const DECODE: bool>(
        &mut self,
        from: usize,
        to: usize,
    ) -> bool {
        let b = self.s.get(..to).unwrap_or_default();
        let mut i = from;
        let mut had = false;
        while let Some(k) = b.get(i..).and_then(|r| {
            r.iter()
                .position(|&c| c == b'%' || (LOWER && c.is_ascii_uppercase()))
        }) {
            i += k;
            if b[i] == b'%' {
                had = true;
                i = self.triplet::<LOWER, DECODE>(b, i);
            } else {
                self.flush(i);
                self.out.push(b[i].to_ascii_lowercase());
                i += 1;
                self.run = i;
            }
        }
        had
    }

    /// [`Writer::pct`] as the ladder's rung `RUNG` does it: decoding from
    /// the percent-encoding rung (6.2.2.2) up.
    #[inline(always)]
    pub(super) fn pct_upto<const LOWER: bool, const RUNG: u8>(
        &mut self,
        from: usize,
        to: usize,
    ) -> bool {
        if RUNG >= PCT {
            self.pct::<LOWER, true>(from, to)
        } else {
            self.pct::<LOWER, false>(from, to)
        }
    }

    /// Normalize the percent-encoding at `b[i]` (decoded when `DECODE` and
    /// unreserved), returning where it ends.
    #[inline(always)]
    pub(super) fn triplet<const LOWER: bool, const DECODE: bool>(
        &mut self,
        b: &[u8],
        i: usize,
    ) -> usize {
        let (Some(&h), Some(&l)) = (b.get(i + 1), b.get(i + 2)) else {
            return i + 1; // not a triplet (the parser lets none through)
        };
        let (Some(hv), Some(lv)) = (hex_value(h), hex_value(l)) else {
            return i + 1;
        };
        let v = (hv << 4) | lv;
        if DECODE && UNRESERVED.contains(v) {
            self.flush(i);
            self.out
                .push(if LOWER { v.to_ascii_lowercase() } else { v });
            self.run = i + 3;
        } else if h.is_ascii_lowercase() || l.is_ascii_lowercase() {
            // Copied with the run, then uppercased where it landed.
            self.flush(i + 3);
            if let [.., h, l] = self.out.as_mut_slice() {
                h.make_ascii_uppercase();
                l.make_ascii_uppercase();
            }
        }
        i + 3
    }

    /// Normalize the percent-encodings of a URI's path `s[from..to]` and
    /// remove its dot segments (5.2.4) on the way, returning whether there
    /// were any. The dot segments are recognized in the input, `%2E` as a
    /// dot, and each one acts on the output written so far:
    /// - at the start of a rootless path, `.` and `..` are dropped with the
    ///   `/` after them (steps A and D);
    /// - elsewhere, `/.` and `/..` are dropped, `..` also drops the last
    ///   output segment, and at the end of the path a `/` stays (B, C).
    pub(super) fn path_without_dots(&mut self, from: usize, to: usize) -> bool {
        let b = self.s.get(..to).unwrap_or_default();
        let p0 = self.pos(from) as usize;
        let mut removed = false;
        let mut i = from;
        if b.get(i) != Some(&b'/') {
            while let Some((_, end)) = dot_segment(b, i) {
                removed = true;
                self.skip(i, to.min(end + 1));
                i = self.run;
            }
        }
        while let Some(k) = b
            .get(i..)
            .and_then(|r| r.iter().position(|&c| c == b'%' || c == b'/'))
        {
            i += k;
            if b[i] == b'%' {
                i = self.triplet::<false, true>(b, i);
                continue;
            }
            // Most segments start with neither "." nor "%2": skip those
            // without a call.
            let maybe_dot = match b.get(i + 1) {
                Some(b'.') => true,
                Some(b'%') => b.get(i + 2) == Some(&b'2'),
                _ => false,
            };
            let Some((double, end)) = maybe_dot.then(|| dot_segment(b, i + 1)).flatten() else {
                i += 1;
                continue;
            };
            removed = true;
            self.flush(i);
            if double {
                // The last segment is short: a plain loop beats memrchr.
                let out = self.out.get(p0..).unwrap_or_default();
                let last = out.iter().rposition(|&c| c == b'/');
                self.out.truncate(last.map_or(p0, |k| p0 + k));
            }
            if end == to {
                self.out.push(b'/');
            }
            // The "/" at `end`, if any, starts the next segment.
            self.run = end;
            i = end;
        }
        removed
    }
}

/// Whether the path segment starting at `b[i]` is `.` or `..`, with each
/// dot possibly written `%2E`: `Some((is_double, end))`.
#[inline]
pub(super) fn dot_segment(b: &[u8], mut i: usize) -> Option<(bool, usize)> {
    let mut dots = 0;
    loop {
        match b.get(i..) {
            Some([b'.', ..]) => i += 1,
            Some([b'%', b'2', b'e' | b'E', ..]) => i += 3,
            Some([] | [b'/', ..]) | None => break,
            Some(_) => return None,
        }
        dots += 1;
        if dots > 2 {
            return None;
        }
    }
    match dots {
        1 => Some((false, i)),
        2 => Some((true, i)),
        _ => None,
    }
}

#[inline]
pub(super) fn off(len: usize) -> u32 {
    // The output is never longer than the input plus two bytes, and parsed
    // inputs are shorter than `MAX_LEN`, so this never saturates in practice.
    u32::try_from(len).unwrap_or(NONE - 1)
}

/// Compares written text against an expected text without allocating.
pub(super) struct Matcher<'a> {
    pub(super) rest: &'a [u8],
    pub(super) ok: bool,
}

impl fmt::Write for Matcher<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s.as_bytes()) {
            Some(rest) if self.ok => self.rest = rest,
            _ => self.ok = false,
        }
        Ok(())
    }
}

/// Whether `s` has no percent-encoding with lowercase hex or of an
/// unreserved character, and (when `lower`) no uppercase letter.
pub(super) fn pct_is_normal(s: &[u8], lower: bool) -> bool {
    // Most components hold no "%" (and hosts no uppercase letter): one quick
    // scan settles them.
    let interesting = |b: &u8| *b == b'%' || (lower && b.is_ascii_uppercase());
    let Some(first) = s.iter().position(interesting) else {
        return true;
    };
    let mut i = first;
    while i < s.len() {
        let b = s[i];
        if b == b'%' {
            let (Some(&h), Some(&l)) = (s.get(i + 1), s.get(i + 2)) else {
                return true; // not a triplet: the parser never lets one through
            };
            if h.is_ascii_lowercase() || l.is_ascii_lowercase() {
                return false;
            }
            if let (Some(h), Some(l)) = (hex_value(h), hex_value(l))
                && UNRESERVED.contains((h << 4) | l)
            {
                return false;
            }
            i += 3;
        } else {
            if lower && b.is_ascii_uppercase() {
                return false;
            }
            i += 1;
        }
    }
    true
}

/// Whether a path has a complete segment `.` or `..`.
pub(super) fn has_dot_segments(path: &str) -> bool {
    let b = path.as_bytes();
    let mut from = 0;
    // Look only at the dots that start a segment.
    while let Some(i) = b
        .get(from..)
        .and_then(|r| r.iter().position(|&c| c == b'.'))
    {
        let i = from + i;
        if i == 0 || b[i - 1] == b'/' {
            let rest = &b[i + 1..];
            let ends = |r: &[u8]| matches!(r.first(), None | Some(b'/'));
            if ends(rest) || (rest.first() == Some(&b'.') && ends(&rest[1..])) {
                return true;
            }
        }
        from = i + 1;
    }
    false
}
