//! The SSSE3 code: the scan of `*( class / pct-encoded )` and the skip of a
//! class, sixteen bytes at a time.

use super::{SimdClass, is_hex};
use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_min_epu8, _mm_movemask_epi8,
    _mm_or_si128, _mm_set_epi64x, _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8,
    _mm_srli_epi16, _mm_srli_si128,
};

/// Sixteen bytes as a vector; LLVM makes the halves one unaligned load.
#[inline]
#[target_feature(enable = "ssse3")]
fn load16(b: &[u8; 16]) -> __m128i {
    let mut lo = [0u8; 8];
    let mut hi = [0u8; 8];
    lo.copy_from_slice(&b[..8]);
    hi.copy_from_slice(&b[8..]);
    _mm_set_epi64x(i64::from_le_bytes(hi), i64::from_le_bytes(lo))
}

/// The block at `s[at..at + 16]`; `at + 16 <= s.len()` at every call.
#[inline]
#[target_feature(enable = "ssse3")]
fn block(s: &[u8], at: usize) -> Option<__m128i> {
    let b: &[u8; 16] = s.get(at..at + 16)?.try_into().ok()?;
    Some(load16(b))
}

/// The class tables, loaded once per scan.
struct Tables {
    lo: __m128i,
    hi: __m128i,
    member: __m128i,
    hex: __m128i,
}

/// Lanes (0xFF) that stop the scan (neither a member nor `%`); lanes
/// that are `%`; and lanes that are nonzero exactly for hex digits.
#[inline]
#[target_feature(enable = "ssse3")]
fn classify(x: __m128i, t: &Tables) -> (__m128i, __m128i, __m128i) {
    let zero = _mm_setzero_si128();
    let high = _mm_and_si128(_mm_srli_epi16::<4>(x), _mm_set1_epi8(0x0F));
    let bits = _mm_and_si128(_mm_shuffle_epi8(t.lo, x), _mm_shuffle_epi8(t.hi, high));
    let nonmember = _mm_cmpeq_epi8(_mm_and_si128(bits, t.member), zero);
    let hex = _mm_and_si128(bits, t.hex);
    let pct = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'%' as i8));
    (_mm_andnot_si128(pct, nonmember), pct, hex)
}

/// Bit k set when byte k of `x` is not a member of the class whose
/// tables are `lo`, `hi` and `member`.
#[inline]
#[target_feature(enable = "ssse3")]
fn nonmembers(x: __m128i, lo: __m128i, hi: __m128i, member: __m128i) -> u32 {
    let high = _mm_and_si128(_mm_srli_epi16::<4>(x), _mm_set1_epi8(0x0F));
    let bits = _mm_and_si128(_mm_shuffle_epi8(lo, x), _mm_shuffle_epi8(hi, high));
    let out = _mm_cmpeq_epi8(_mm_and_si128(bits, member), _mm_setzero_si128());
    _mm_movemask_epi8(out) as u32
}

/// The skip; `s.len() >= 16` and `i <= s.len()` (an `i` past the end
/// gives the end).
#[target_feature(enable = "ssse3")]
pub(super) fn skip_ssse3(s: &[u8], mut i: usize, c: &SimdClass) -> usize {
    let len = s.len();
    let (lo, hi, member) = (load16(&c.lo), load16(&c.hi), load16(&c.member));
    loop {
        if i + 16 > len {
            if i >= len {
                return len;
            }
            // The last bytes: the block that ends at the input's end,
            // its bits shifted so that bit 0 is byte `i`.
            let Some(x) = block(s, len - 16) else {
                return i; // unreachable: len >= 16
            };
            let m = nonmembers(x, lo, hi, member) >> (i - (len - 16));
            return if m == 0 {
                len
            } else {
                i + m.trailing_zeros() as usize
            };
        }
        let Some(x) = block(s, i) else {
            return i; // unreachable: i + 16 <= len
        };
        let m = nonmembers(x, lo, hi, member);
        if m != 0 {
            return i + m.trailing_zeros() as usize;
        }
        i += 16;
    }
}

/// The scan; `s.len() >= 16` and `i <= s.len()`. With `FIND_Q`, also
/// the index of the first `?` it saw (`usize::MAX` if none): every `?`
/// before the end of the scan, and maybe some after it in the last
/// block, which the caller ignores.
#[target_feature(enable = "ssse3")]
pub(super) fn scan_ssse3<const FIND_Q: bool>(
    s: &[u8],
    mut i: usize,
    c: &SimdClass,
) -> (Result<usize, usize>, usize) {
    let len = s.len();
    let t = Tables {
        lo: load16(&c.lo),
        hi: load16(&c.hi),
        member: load16(&c.member),
        hex: load16(&c.hex),
    };
    let mut q = usize::MAX;
    loop {
        // The hot loop: whole blocks of members and `%`s whose two
        // digits are in the same block. It leaves with the block to
        // look at the long way (classified already when it starts at
        // `i`): where the scan stops, where a triplet straddles two
        // blocks, or the last bytes.
        let (at, x, (stop, pct, hex)) = loop {
            if i + 16 >= len {
                if i >= len {
                    return (Ok(len), q);
                }
                // The last bytes: the block ends at the input's end,
                // overlapping bytes already accepted.
                let Some(x) = block(s, len - 16) else {
                    return (Ok(i), q); // unreachable: len >= 16
                };
                break (len - 16, x, classify(x, &t));
            }
            let Some(x) = block(s, i) else {
                return (Ok(i), q); // unreachable: i + 16 < len
            };
            let (stop, pct, hex) = classify(x, &t);
            if FIND_Q && q == usize::MAX {
                let m = _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(b'?' as i8)));
                if m != 0 {
                    q = i + m.trailing_zeros() as usize;
                }
            }
            // Lane k: are bytes k + 1 and k + 2 both hex digits? The
            // lanes shifted in past the block read as "no", so a `%` at
            // 14 or 15 leaves for the long way.
            let digits = _mm_min_epu8(_mm_srli_si128::<1>(hex), _mm_srli_si128::<2>(hex));
            let no_digits = _mm_cmpeq_epi8(digits, _mm_setzero_si128());
            let bad = _mm_or_si128(stop, _mm_and_si128(pct, no_digits));
            if _mm_movemask_epi8(bad) != 0 {
                break (i, x, (stop, pct, hex));
            }
            i += 16;
        };
        // The masks are shifted so that bit 0 is byte `i`; `avail`
        // bytes from `i` are in the block, and when not `more` they are
        // all that is left of the input.
        let more = at + 16 < len;
        let shift = i - at;
        let avail = 16 - shift;
        if FIND_Q && q == usize::MAX {
            let m = _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(b'?' as i8))) as u32;
            if m >> shift != 0 {
                q = i + (m >> shift).trailing_zeros() as usize;
            }
        }
        let stop = (_mm_movemask_epi8(stop) as u32 >> shift) | 1 << avail;
        let n = stop.trailing_zeros() as usize; // <= avail
        let pct = (_mm_movemask_epi8(pct) as u32 >> shift) & ((1 << n) - 1);
        if pct != 0 {
            let nonhex = _mm_cmpeq_epi8(hex, _mm_setzero_si128());
            let mut hex = (!(_mm_movemask_epi8(nonhex) as u32) & 0xFFFF) >> shift;
            if more && pct >> 14 != 0 {
                // The digits of a `%` at 14 or 15 lie in the next block.
                hex |= u32::from(is_hex(s, i + 16)) << 16 | u32::from(is_hex(s, i + 17)) << 17;
            }
            // A digit that is missing is a stop byte or past the end:
            // its bit is clear.
            let bad = pct & !((hex >> 1) & (hex >> 2));
            if bad != 0 {
                return (Err(i + bad.trailing_zeros() as usize), q);
            }
        }
        if n < avail || !more {
            return (Ok(i + n), q);
        }
        i += 16;
    }
}
