//! The AVX2 code: the [`Masks`] of a whole input of 32 to 128 bytes.

use super::{Masks, PairClass};
use core::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_movemask_epi8,
    _mm256_set_epi64x, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_srli_epi16,
};

/// Thirty-two bytes as a vector; LLVM makes the quarters one unaligned
/// load (no pointer arithmetic here).
#[inline]
#[target_feature(enable = "avx2")]
fn load32(b: &[u8; 32]) -> __m256i {
    let q = |k: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[8 * k..8 * k + 8]);
        i64::from_le_bytes(w)
    };
    _mm256_set_epi64x(q(3), q(2), q(1), q(0))
}

/// The block at `s[at..at + 32]`, if it is there.
#[inline]
#[target_feature(enable = "avx2")]
fn block(s: &[u8], at: usize) -> Option<__m256i> {
    let b: &[u8; 32] = s.get(at..at + 32)?.try_into().ok()?;
    Some(load32(b))
}

/// The four masks of one block, as 32-bit masks: stop, nonreg, pct, qmark.
#[inline]
#[target_feature(enable = "avx2")]
fn classify(x: __m256i, lo: __m256i, hi_a: __m256i, hi_b: __m256i) -> [u32; 4] {
    let zero = _mm256_setzero_si256();
    let high = _mm256_and_si256(_mm256_srli_epi16::<4>(x), _mm256_set1_epi8(0x0F));
    // Bytes from 0x80 up have their top bit set, which `vpshufb` answers
    // with zero: a member of neither class.
    let low = _mm256_shuffle_epi8(lo, x);
    let a = _mm256_and_si256(low, _mm256_shuffle_epi8(hi_a, high));
    let b = _mm256_and_si256(low, _mm256_shuffle_epi8(hi_b, high));
    let pct = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'%' as i8));
    let qmark = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'?' as i8));
    let stop = _mm256_andnot_si256(pct, _mm256_cmpeq_epi8(a, zero));
    let nonreg = _mm256_andnot_si256(pct, _mm256_cmpeq_epi8(b, zero));
    [
        _mm256_movemask_epi8(stop) as u32,
        _mm256_movemask_epi8(nonreg) as u32,
        _mm256_movemask_epi8(pct) as u32,
        _mm256_movemask_epi8(qmark) as u32,
    ]
}

/// The masks of `s` for the classes of `t` (A: the complement of stop;
/// B: of nonreg); `None` unless `32 <= s.len() <= 64`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn masks_avx2(s: &[u8], t: &PairClass) -> Option<Masks<u64>> {
    let len = s.len();
    if len > 64 {
        return None;
    }
    let (lo, hi_a, hi_b) = (load32(&t.lo), load32(&t.hi_a), load32(&t.hi_b));
    // The first 32 bytes and the last 32: together every byte, and the
    // bytes they share classify the same in both.
    let first = classify(block(s, 0)?, lo, hi_a, hi_b);
    let last = classify(block(s, len - 32)?, lo, hi_a, hi_b);
    let shift = len - 32;
    let join = |k: usize| u64::from(first[k]) | u64::from(last[k]) << shift;
    Some(Masks {
        stop: join(0),
        nonreg: join(1),
        pct: join(2),
        qmark: join(3),
    })
}

/// [`masks_avx2`] for `65 <= s.len() <= 128`: the masks of the first 64
/// bytes and of the last 64, joined (the bytes they share classify the
/// same in both).
#[target_feature(enable = "avx2")]
pub(super) fn masks_wide_avx2(s: &[u8], t: &PairClass) -> Option<Masks<u128>> {
    let len = s.len();
    if !(65..=128).contains(&len) {
        return None;
    }
    let head = masks_avx2(s.get(..64)?, t)?;
    let tail = masks_avx2(s.get(len - 64..)?, t)?;
    let shift = len - 64;
    let join = |h: u64, t: u64| u128::from(h) | u128::from(t) << shift;
    Some(Masks {
        stop: join(head.stop, tail.stop),
        nonreg: join(head.nonreg, tail.nonreg),
        pct: join(head.pct, tail.pct),
        qmark: join(head.qmark, tail.qmark),
    })
}
