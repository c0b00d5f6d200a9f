//! The SSE2 code (every x86_64 CPU has it, so no check runs): the one pass
//! over a whole text that `Normalizer::is_normalized` starts with, and its
//! look for uppercase letters in the scheme and the host, sixteen bytes at
//! a time.
//!
//! No `unsafe` here: the blocks are loaded from checked slices (LLVM makes
//! the two halves one unaligned load). The callers in `mod.rs` hold it:
//! the call of a `#[target_feature]` function, whose feature the build
//! enables for every x86_64 target (checked by `cfg`).

use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_movemask_epi8, _mm_or_si128,
    _mm_set_epi64x, _mm_set1_epi8, _mm_setzero_si128,
};

/// The sixteen bytes at `s[at..at + 16]`, or zeros where `s` is shorter
/// (never at the calls below: zero is none of the bytes looked for).
#[inline]
#[target_feature(enable = "sse2")]
fn load16(s: &[u8], at: usize) -> __m128i {
    let half = |k: usize| {
        let mut w = [0u8; 8];
        if let Some(b) = s.get(at + k..at + k + 8) {
            w.copy_from_slice(b);
        }
        i64::from_le_bytes(w)
    };
    _mm_set_epi64x(half(8), half(0))
}

/// Whether `s` holds a `%`, and whether a `.` follows a `/` anywhere in it
/// (`quick::scan`'s answers), for `s` of 17 bytes or more; `None` for a
/// shorter one.
///
/// Each step takes the block of sixteen bytes at `i` (from 1) and the
/// block one byte before it: a `.` in the first over a `/` in the second
/// is a `/.`. The last block ends at the end of `s`, overlapping the one
/// before it (the answers are ORs, so a byte seen twice does no harm).
#[inline]
#[target_feature(enable = "sse2")]
pub(super) fn pct_slash_dot(s: &[u8]) -> Option<(bool, bool)> {
    let len = s.len();
    if len < 17 {
        return None;
    }
    let (pct_c, slash_c, dot_c) = (
        _mm_set1_epi8(b'%' as i8),
        _mm_set1_epi8(b'/' as i8),
        _mm_set1_epi8(b'.' as i8),
    );
    let (mut pct, mut slash_dot) = (_mm_setzero_si128(), _mm_setzero_si128());
    let mut i = 1;
    loop {
        let at = i.min(len - 16);
        let x = load16(s, at);
        let before = load16(s, at - 1);
        pct = _mm_or_si128(pct, _mm_cmpeq_epi8(x, pct_c));
        let sd = _mm_and_si128(_mm_cmpeq_epi8(x, dot_c), _mm_cmpeq_epi8(before, slash_c));
        slash_dot = _mm_or_si128(slash_dot, sd);
        if at + 16 >= len {
            break;
        }
        i = at + 16;
    }
    // The blocks start at byte 1: byte 0 on its own.
    let pct = _mm_movemask_epi8(pct) != 0 || s[0] == b'%';
    Some((pct, _mm_movemask_epi8(slash_dot) != 0))
}

/// Bit k set when byte k of the sixteen at `s[at..]` is an ASCII
/// uppercase letter (a signed compare: bytes from 0x80 up are negative).
#[inline]
#[target_feature(enable = "sse2")]
fn upper_bits(s: &[u8], at: usize) -> u32 {
    let x = load16(s, at);
    let ge_a = _mm_cmpgt_epi8(x, _mm_set1_epi8(b'A' as i8 - 1));
    let le_z = _mm_cmpgt_epi8(_mm_set1_epi8(b'Z' as i8 + 1), x);
    _mm_movemask_epi8(_mm_and_si128(ge_a, le_z)) as u32
}

/// Whether `s[lo..hi]` holds an ASCII uppercase letter (`quick`'s
/// `has_upper_in`), sixteen bytes at a time; the last block is the sixteen
/// bytes from there when `s` has them, else the sixteen that end at `hi`,
/// the bits outside the range cleared. `None` when `s` is too short for
/// either.
#[inline]
#[target_feature(enable = "sse2")]
pub(super) fn upper_in(s: &[u8], lo: usize, hi: usize) -> Option<bool> {
    let mut acc = 0;
    let mut i = lo;
    while i < hi {
        let n = hi - i;
        if i + 16 <= s.len() {
            let m = upper_bits(s, i);
            acc |= if n < 16 { m & ((1 << n) - 1) } else { m };
        } else if hi >= 16 && n < 16 {
            acc |= upper_bits(s, hi - 16) >> (16 - n);
        } else {
            return None;
        }
        i += 16;
    }
    Some(acc != 0)
}

/// [`pct_slash_dot`], and [`upper_in`] of the host (`s[host.0..host.1]`),
/// in one call: as two calls, the second was not inlined and its call
/// cost as much as its work.
#[inline]
#[target_feature(enable = "sse2")]
pub(super) fn text_facts(s: &[u8], host: (usize, usize)) -> Option<[bool; 3]> {
    let (pct, slash_dot) = pct_slash_dot(s)?;
    let host = upper_in(s, host.0, host.1)?;
    Some([pct, slash_dot, host])
}
