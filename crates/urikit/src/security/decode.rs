//! Percent-decoding without a buffer, and the checks on decoded octets.

use crate::chars::hex_value;

/// The octet of a valid `%XX` at `i`.
pub(super) fn triplet_at(b: &[u8], i: usize) -> Option<u8> {
    if b.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*b.get(i + 1)?)?;
    let lo = hex_value(*b.get(i + 2)?)?;
    Some(hi << 4 | lo)
}

/// Every `%XX` in `s`: its index and octet.
pub(super) fn triplets(s: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    let b = s.as_bytes();
    b.iter()
        .enumerate()
        .filter(|&(_, &c)| c == b'%')
        .filter_map(move |(i, _)| triplet_at(b, i).map(|o| (i, o)))
}

/// Percent-decoding on the fly, without a buffer.
pub(super) struct Decode<'a>(pub(super) core::slice::Iter<'a, u8>);

impl Iterator for Decode<'_> {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        let b = *self.0.next()?;
        if b == b'%' {
            let rest = self.0.as_slice();
            if let (Some(&h), Some(&l)) = (rest.first(), rest.get(1))
                && let (Some(h), Some(l)) = (hex_value(h), hex_value(l))
            {
                self.0.nth(1);
                return Some(h << 4 | l);
            }
        }
        Some(b)
    }
}

/// Whether the decoded segment is `.` or `..`.
pub(super) fn is_dots(mut it: impl Iterator<Item = u8>) -> bool {
    matches!(
        (it.next(), it.next(), it.next()),
        (Some(b'.'), None, _) | (Some(b'.'), Some(b'.'), None)
    )
}

/// A UTF-8 check over a byte iterator (RFC 3629: no overlongs, no
/// surrogates, nothing above U+10FFFF).
pub(super) fn utf8_valid(it: impl Iterator<Item = u8>) -> bool {
    let mut need = 0u8;
    let (mut lo, mut hi) = (0x80u8, 0xBFu8);
    for b in it {
        if need == 0 {
            match b {
                0x00..=0x7F => {}
                0xC2..=0xDF => need = 1,
                0xE0 => (need, lo) = (2, 0xA0),
                0xE1..=0xEC | 0xEE..=0xEF => need = 2,
                0xED => (need, hi) = (2, 0x9F),
                0xF0 => (need, lo) = (3, 0x90),
                0xF1..=0xF3 => need = 3,
                0xF4 => (need, hi) = (3, 0x8F),
                _ => return false,
            }
        } else {
            if b < lo || b > hi {
                return false;
            }
            (lo, hi) = (0x80, 0xBF);
            need -= 1;
        }
    }
    need == 0
}
