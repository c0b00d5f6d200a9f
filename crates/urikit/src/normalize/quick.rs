//! Word-at-a-time checks for [`super::Normalizer::is_normalized_parsed`]:
//! most URIs are normal already, hold no `%` and no `/.`, so one pass of
//! eight bytes at a time over the whole text settles every component that
//! would otherwise be scanned byte by byte. A check that finds something
//! only sends the value to the exact byte checks of `writer.rs`.

use crate::word::{HIGH, ONES, eq_bytes};

const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The word of the first eight bytes of `b` (which has at least eight).
#[inline(always)]
fn word(b: &[u8]) -> u64 {
    u64::from_le_bytes(<[u8; 8]>::try_from(&b[..8]).unwrap_or_default())
}

/// The word of the `tail.len()` (under eight) last bytes of `s`, in its
/// low bytes, the rest zero (a zero byte is neither `%`, `/`, `.` nor a
/// letter). One load of the last eight bytes when `s` has them (no call
/// to `memcpy` for a short copy), else byte by byte.
#[inline(always)]
fn tail_word(s: &[u8], tail: &[u8]) -> u64 {
    if tail.is_empty() {
        0
    } else if s.len() >= 8 {
        word(&s[s.len() - 8..]) >> (8 * (8 - tail.len()))
    } else {
        tail.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b))
    }
}

/// The high bit of each byte of `w` that is an ASCII uppercase letter.
#[inline(always)]
fn upper_mask(w: u64) -> u64 {
    let x = w & LO7;
    // Bytes of 7 bits: adding stays within the byte.
    let ge_a = x + (0x80 - u64::from(b'A')) * ONES;
    let gt_z = x + (0x80 - u64::from(b'Z') - 1) * ONES;
    ge_a & !gt_z & !w & HIGH
}

/// What [`super::Normalizer::is_normalized`] asks of the whole text.
pub(super) struct Facts {
    /// The text holds a `%`.
    pub(super) pct: bool,
    /// A `.` follows a `/` somewhere (the only place, besides the start of
    /// a path, a dot segment can begin).
    pub(super) slash_dot: bool,
    /// The host holds an ASCII uppercase letter.
    pub(super) upper_host: bool,
}

/// The [`Facts`] of `s`, whose host is `s[host.0..host.1]` (an empty
/// range where there is none): sixteen bytes at a time where the vector
/// code runs (`simd::text_facts`), a word at a time otherwise.
#[inline(always)]
pub(super) fn facts(s: &[u8], host: (usize, usize)) -> Facts {
    let [pct, slash_dot, upper_host] = crate::simd::text_facts(s, host).unwrap_or_else(|| {
        let (pct, slash_dot) = scan_words(s);
        [pct, slash_dot, has_upper_in(s, host.0, host.1)]
    });
    Facts {
        pct,
        slash_dot,
        upper_host,
    }
}

/// Whether `s[lo..hi]` holds an ASCII uppercase letter, a word at a time
/// (the scheme's check, before anything else; and the definition the
/// vector code is tested against). The last few bytes
/// (under eight) are read with their neighbours in one load, whose other
/// bytes are masked off: the eight bytes from there when `s` has them,
/// else the eight that end at `hi`; so a scheme or host of under eight
/// bytes takes one load, not a loop.
#[inline(always)]
pub(super) fn has_upper_in(s: &[u8], lo: usize, hi: usize) -> bool {
    let mut acc = 0;
    let mut i = lo;
    while i + 8 <= hi {
        acc |= upper_mask(word(&s[i..]));
        i += 8;
    }
    if i < hi {
        let n = hi - i;
        acc |= if let Some(w) = s.get(i..i + 8) {
            upper_mask(word(w)) & (u64::MAX >> (8 * (8 - n)))
        } else if hi >= 8 {
            upper_mask(word(&s[hi - 8..])) >> (8 * (8 - n))
        } else {
            upper_mask(tail_word(&s[..hi], &s[i..hi]))
        };
    }
    acc != 0
}

/// Whether `s` holds a `%`, and whether a `.` follows a `/` anywhere,
/// eight bytes at a time: the definition the vector code is tested
/// against.
#[inline]
fn scan_words(s: &[u8]) -> (bool, bool) {
    let (mut pct, mut slash_dot, mut carry) = (0, 0, 0);
    let chunks = s.chunks_exact(8);
    let tail = chunks.remainder();
    let mut step = |w: u64| {
        pct |= eq_bytes(w, b'%');
        let slash = eq_bytes(w, b'/');
        // Each byte's "follows a slash" flag: the slash flags moved up a
        // byte, and the last byte of the previous word into the first.
        slash_dot |= eq_bytes(w, b'.') & ((slash << 8) | carry);
        carry = slash >> 56;
    };
    for c in chunks {
        step(word(c));
    }
    step(tail_word(s, tail));
    (pct != 0, slash_dot != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of up to 10 bytes over an alphabet that holds each byte
    /// the checks look at and their neighbours, against the plain answers.
    #[test]
    fn word_checks_agree_with_byte_checks() {
        let alphabet = [
            b'%', b'/', b'.', b'A', b'Z', b'@', b'[', b'a', b'z', 0xC3, 0xDA, b'0',
        ];
        let mut s = Vec::new();
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        // Up to 70 bytes: past the vector code's 17-byte minimum, over
        // several blocks and a last one that overlaps.
        for len in 0..=70usize {
            for rep in 0..if cfg!(miri) { 3 } else { 4000 } {
                s.clear();
                for _ in 0..len {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    s.push(alphabet[(x % alphabet.len() as u64) as usize]);
                }
                let pct = s.contains(&b'%');
                let sd = s.windows(2).any(|p| p == b"/.");
                assert_eq!(scan_words(&s), (pct, sd), "{s:?}");
                if let Some(v) = crate::simd::pct_slash_dot(&s) {
                    assert_eq!(v, (pct, sd), "{s:?}");
                }
                // Every range of up to 20 bytes (past the vector code's
                // sixteen), at every start, in strings of up to 40.
                if len > 40 || rep >= 500 {
                    continue;
                }
                for lo in 0..=len {
                    for hi in lo..=len.min(lo + 20) {
                        let want = s[lo..hi].iter().any(u8::is_ascii_uppercase);
                        assert_eq!(has_upper_in(&s, lo, hi), want, "{s:?} {lo}..{hi}");
                        if let Some(v) = crate::simd::upper_in(&s, lo, hi) {
                            assert_eq!(v, want, "{s:?} {lo}..{hi}");
                        }
                        let f = facts(&s, (lo, hi));
                        assert_eq!((f.pct, f.slash_dot, f.upper_host), (pct, sd, want));
                    }
                }
            }
        }
    }
}
