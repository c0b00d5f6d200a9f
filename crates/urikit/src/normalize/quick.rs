//! Word-at-a-time checks for [`super::Normalizer::is_normalized_parsed`]:
//! most URIs are normal already, hold no `%` and no `/.`, so one pass of
//! eight bytes at a time over the whole text settles every component that
//! would otherwise be scanned byte by byte. A check that finds something
//! only sends the value to the exact byte checks of `writer.rs`.

const ONES: u64 = 0x0101_0101_0101_0101;
const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HI: u64 = 0x8080_8080_8080_8080;

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

/// The high bit of each byte of `w` that equals `c`, exactly (no borrow
/// from one byte into the next, unlike the usual "has zero byte" trick).
#[inline(always)]
fn eq_mask(w: u64, c: u8) -> u64 {
    let x = w ^ (u64::from(c) * ONES);
    !(((x & LO7) + LO7) | x | LO7)
}

/// The high bit of each byte of `w` that is an ASCII uppercase letter.
#[inline(always)]
fn upper_mask(w: u64) -> u64 {
    let x = w & LO7;
    // Bytes of 7 bits: adding stays within the byte.
    let ge_a = x + (0x80 - u64::from(b'A')) * ONES;
    let gt_z = x + (0x80 - u64::from(b'Z') - 1) * ONES;
    ge_a & !gt_z & !w & HI
}

/// Whether `s` holds an ASCII uppercase letter.
#[inline]
pub(super) fn has_upper(s: &[u8]) -> bool {
    let mut acc = 0;
    let chunks = s.chunks_exact(8);
    let tail = chunks.remainder();
    for c in chunks {
        acc |= upper_mask(word(c));
    }
    acc |= upper_mask(tail_word(s, tail));
    acc != 0
}

/// What one pass over `s` tells: whether it holds a `%`, and whether a `.`
/// follows a `/` anywhere (the only place, besides the start of a path, a
/// dot segment can begin).
#[inline]
pub(super) fn scan(s: &[u8]) -> (bool, bool) {
    let (mut pct, mut slash_dot, mut carry) = (0, 0, 0);
    let chunks = s.chunks_exact(8);
    let tail = chunks.remainder();
    let mut step = |w: u64| {
        pct |= eq_mask(w, b'%');
        let slash = eq_mask(w, b'/');
        // Each byte's "follows a slash" flag: the slash flags moved up a
        // byte, and the last byte of the previous word into the first.
        slash_dot |= eq_mask(w, b'.') & ((slash << 8) | carry);
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
        for len in 0..=20usize {
            for _ in 0..4000 {
                s.clear();
                for _ in 0..len {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    s.push(alphabet[(x % alphabet.len() as u64) as usize]);
                }
                let pct = s.contains(&b'%');
                let sd = s.windows(2).any(|p| p == b"/.");
                assert_eq!(scan(&s), (pct, sd), "{s:?}");
                assert_eq!(has_upper(&s), s.iter().any(u8::is_ascii_uppercase), "{s:?}");
            }
        }
    }
}
