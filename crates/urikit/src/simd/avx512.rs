//! The AVX-512 code (AVX512BW and AVX512-VBMI): the [`Masks`] of a whole
//! input of up to 128 bytes, 64 bytes to a block.
//!
//! Where the AVX2 code needs three nibble lookups and a compare per class
//! and block, here one `vpermi2b` looks every byte up in a 128-entry table
//! of class bits ([`ByteTable`]), and `vptestmb` turns each bit into a mask
//! register at once. A block shorter than 64 bytes is read with a masked
//! load, so inputs under 32 bytes need no overlapping blocks either.

use super::{ByteTable, Masks};
use core::arch::x86_64::{
    __m512i, _mm512_loadu_si512, _mm512_mask_test_epi8_mask, _mm512_maskz_loadu_epi8,
    _mm512_min_epu8, _mm512_permutex2var_epi8, _mm512_set1_epi8,
};

/// One half of a [`ByteTable`] as a vector.
#[inline]
#[target_feature(enable = "avx512f")]
fn load64(half: &[u8; 64]) -> __m512i {
    // SAFETY: `half` is 64 readable bytes, the size of the (unaligned)
    // load. (Built from eight `u64`s instead, the table of a caller that
    // does not inline this took a dozen shuffles to assemble.)
    unsafe { _mm512_loadu_si512(half.as_ptr().cast()) }
}

/// The four masks of `s` (at most 64 bytes): stop, nonreg, pct, qmark.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn block(s: &[u8], t: &ByteTable) -> [u64; 4] {
    let len = s.len().min(64);
    let k = u64::MAX.checked_shr(64 - len as u32).unwrap_or(0);
    // SAFETY: a masked load reads only the bytes whose bit is set in `k`,
    // `s[..len]`; the other lanes are zero and their addresses are not
    // accessed (the CPU suppresses faults on masked-out elements).
    let x = unsafe { _mm512_maskz_loadu_epi8(k, s.as_ptr().cast()) };
    // `vpermi2b` takes the low seven bits of each byte, so bytes from 0x80
    // up would alias ASCII entries: they are read as 0x7F (DEL) instead,
    // which neither class holds ([`ByteTable::of`] checks it) and which is
    // neither `%` nor `?`, just what a byte from 0x80 up is here. One
    // `vpminub` where setting them apart by their top bit took a mask and
    // two mask operations per class on the way to the answer.
    let x = _mm512_min_epu8(x, _mm512_set1_epi8(0x7F));
    let bits = _mm512_permutex2var_epi8(load64(&t.0[0]), x, load64(&t.0[1]));
    // The lanes past the input (zero, which is a stop byte) are left out
    // by the test's own mask, at no cost.
    let test = |bit: u8| _mm512_mask_test_epi8_mask(k, bits, _mm512_set1_epi8(bit as i8));
    [
        test(ByteTable::STOP),
        test(ByteTable::NONREG),
        test(ByteTable::PCT),
        test(ByteTable::QMARK),
    ]
}

/// The masks of `s` for the classes of `t`; `None` past 64 bytes.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(super) fn masks_avx512(s: &[u8], t: &ByteTable) -> Option<Masks<u64>> {
    if s.len() > 64 {
        return None;
    }
    let [stop, nonreg, pct, qmark] = block(s, t);
    Some(Masks {
        stop,
        nonreg,
        pct,
        qmark,
    })
}

/// [`masks_avx512`] for `65 <= s.len() <= 128`: the masks of the first 64
/// bytes and of the rest, joined.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(super) fn masks_wide_avx512(s: &[u8], t: &ByteTable) -> Option<Masks<u128>> {
    if !(65..=128).contains(&s.len()) {
        return None;
    }
    let (head, tail) = s.split_at(64);
    let (h, r) = (block(head, t), block(tail, t));
    let join = |k: usize| u128::from(h[k]) | u128::from(r[k]) << 64;
    Some(Masks {
        stop: join(0),
        nonreg: join(1),
        pct: join(2),
        qmark: join(3),
    })
}
