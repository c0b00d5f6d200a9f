//! Eight bytes at a time in a `u64` (little-endian): the constants, the
//! loads and the exact byte-equality mask that the word-at-a-time scans of
//! resolution, normalization, percent-encoding and IRI mapping share.

/// 0x01 in every byte.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
/// 0x80 in every byte: the high bit of each byte.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// Eight bytes of `b` from `at`, little-endian (0 past the end).
#[inline(always)]
pub(crate) fn load8(b: &[u8], at: usize) -> u64 {
    match b.get(at..at.wrapping_add(8)).map(<[u8; 8]>::try_from) {
        Some(Ok(a)) => u64::from_le_bytes(a),
        _ => 0,
    }
}

/// Four bytes of `b` from `at`, little-endian (0 past the end): for
/// texts too short for a word.
#[inline(always)]
pub(crate) fn load4(b: &[u8], at: usize) -> u32 {
    match b.get(at..at.wrapping_add(4)).map(<[u8; 4]>::try_from) {
        Some(Ok(a)) => u32::from_le_bytes(a),
        _ => 0,
    }
}

/// The high bit of each byte of `x` that is zero, exactly (no borrow
/// between bytes, unlike the usual "has a zero byte" test, so every
/// flagged byte is a zero byte and not only the lowest).
#[inline(always)]
pub(crate) fn zero_bytes(x: u64) -> u64 {
    !(((x & !HIGH) + !HIGH) | x) & HIGH
}

/// The high bit of each byte of `w` that equals `c`, exactly.
#[inline(always)]
pub(crate) fn eq_bytes(w: u64, c: u8) -> u64 {
    zero_bytes(w ^ (ONES * u64::from(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_byte_by_byte() {
        // Every byte value in every lane, against the byte-wise answer;
        // neighbours that would borrow (0x00, 0x01, 0x80) around it.
        for c in 0..=255u8 {
            for lane in 0..8 {
                for fill in [0x00u8, 0x01, 0x80, 0xFF, c.wrapping_add(1)] {
                    let mut bytes = [fill; 8];
                    bytes[lane] = c;
                    let w = u64::from_le_bytes(bytes);
                    let want_zero = bytes
                        .iter()
                        .enumerate()
                        .fold(0u64, |m, (k, &b)| m | u64::from(b == 0) << (8 * k + 7));
                    assert_eq!(zero_bytes(w), want_zero, "{bytes:?}");
                    let want_eq = bytes
                        .iter()
                        .enumerate()
                        .fold(0u64, |m, (k, &b)| m | u64::from(b == c) << (8 * k + 7));
                    assert_eq!(eq_bytes(w, c), want_eq, "{bytes:?} {c}");
                }
            }
        }
        assert_eq!(load8(b"abcdefghi", 1), u64::from_le_bytes(*b"bcdefghi"));
        assert_eq!(load8(b"abcdefghi", 2), 0);
        assert_eq!(load8(b"abc", usize::MAX), 0);
        assert_eq!(load4(b"abcde", 1), u32::from_le_bytes(*b"bcde"));
        assert_eq!(load4(b"abcde", 2), 0);
    }
}
