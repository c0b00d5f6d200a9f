//! Word-at-a-time scans of path bytes, shared by the fast paths of
//! resolution and of make-relative.

use crate::word::{ONES, load4, load8, zero_bytes};

/// Whether some `w[i]` is `/` and `w[i + 1]` is `.`. Written so that the
/// compiler makes it two vector compares.
#[inline(always)]
pub(super) fn slash_dot16(w: &[u8; 17]) -> bool {
    let mut any = false;
    for i in 0..16 {
        any |= (w[i] == b'/') & (w[i + 1] == b'.');
    }
    any
}

/// [`slash_dot16`] on eight pairs.
#[inline(always)]
pub(super) fn slash_dot8(w: &[u8; 9]) -> bool {
    let mut any = false;
    for i in 0..8 {
        any |= (w[i] == b'/') & (w[i + 1] == b'.');
    }
    any
}

/// Whether a path may hold a dot segment: it starts with `.` or has `/.`
/// somewhere. Windows of 17 bytes overlapping by one, so that every pair of
/// neighbours is in one of them (the last window may overlap more).
#[inline(always)]
pub(super) fn maybe_dot_segment(b: &[u8]) -> bool {
    if b.first() == Some(&b'.') {
        return true;
    }
    let n = b.len();
    if let Some(last) = n.checked_sub(17) {
        let mut at = 0;
        loop {
            let a = at.min(last);
            if win17(b, a) {
                return true;
            }
            if a == last {
                return false;
            }
            at += 16;
        }
    } else if let Some(last) = n.checked_sub(9) {
        let mut at = 0;
        loop {
            let a = at.min(last);
            if win9(b, a) {
                return true;
            }
            if a == last {
                return false;
            }
            at += 8;
        }
    } else {
        b.windows(2).any(|w| w == b"/.")
    }
}

/// [`slash_dot16`] on `b[at..at + 17]` (false past the end).
#[inline(always)]
pub(super) fn win17(b: &[u8], at: usize) -> bool {
    match b.get(at..at.wrapping_add(17)).map(<&[u8; 17]>::try_from) {
        Some(Ok(w)) => slash_dot16(w),
        _ => false,
    }
}

/// [`slash_dot8`] on `b[at..at + 9]` (false past the end).
#[inline(always)]
pub(super) fn win9(b: &[u8], at: usize) -> bool {
    match b.get(at..at.wrapping_add(9)).map(<&[u8; 9]>::try_from) {
        Some(Ok(w)) => slash_dot8(w),
        _ => false,
    }
}

/// Whether `w` holds a `/` (a vector compare).
#[inline(always)]
pub(super) fn any_slash16(w: &[u8; 16]) -> bool {
    let mut any = false;
    for &c in w {
        any |= c == b'/';
    }
    any
}

/// One past the index of the last `/` in the word of `b` at `at`, or 0.
#[inline(always)]
pub(super) fn last_slash8(b: &[u8], at: usize) -> usize {
    let m = zero_bytes(load8(b, at) ^ (ONES * u64::from(b'/')));
    if m == 0 {
        0
    } else {
        at + (63 - m.leading_zeros() as usize) / 8 + 1
    }
}

/// The index just past the last `/` of `b`, or 0 when it has none:
/// windows from the end (a path's last segment is short), the first one
/// overlapping bytes already seen to hold no `/`.
#[inline]
pub(super) fn last_slash_end(b: &[u8]) -> usize {
    let n = b.len();
    // A directory-like path ("/a/b/") is common.
    if b.last() == Some(&b'/') {
        return n;
    }
    if n < 8 {
        return b.iter().rposition(|&c| c == b'/').map_or(0, |i| i + 1);
    }
    if n < 16 {
        let k = last_slash8(b, n - 8);
        return if k != 0 { k } else { last_slash8(b, 0) };
    }
    let mut end = n;
    loop {
        let at = end.saturating_sub(16);
        let hit = match b.get(at..at + 16).map(<&[u8; 16]>::try_from) {
            Some(Ok(w)) => any_slash16(w),
            _ => false,
        };
        if hit {
            let k = last_slash8(b, at + 8);
            return if k != 0 { k } else { last_slash8(b, at) };
        }
        if at == 0 {
            return 0;
        }
        end = at;
    }
}

/// Eight bytes of `b` from `at` (below its length), little-endian, zero
/// past the end (a zero byte is neither `/` nor `.`). The last word is the
/// last eight bytes shifted down, so no load is a copy of unknown length.
#[inline(always)]
pub(super) fn load8_padded(b: &[u8], at: usize) -> u64 {
    let n = b.len();
    if at + 8 <= n {
        load8(b, at)
    } else if n >= 8 {
        load8(b, n - 8) >> (8 * (at + 8 - n))
    } else {
        let mut w = 0;
        for (k, &c) in b.iter().skip(at).enumerate() {
            w |= u64::from(c) << (8 * k);
        }
        w
    }
}

/// The length of the common prefix of `a` and `b`, a word at a time.
#[inline]
pub(super) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= n {
        let x = load8(a, i) ^ load8(b, i);
        if x != 0 {
            return i + x.trailing_zeros() as usize / 8;
        }
        i += 8;
    }
    if i == n {
        return n;
    }
    if n >= 8 {
        // The last word, overlapping bytes already found equal.
        let x = load8(a, n - 8) ^ load8(b, n - 8);
        return if x == 0 {
            n
        } else {
            n - 8 + x.trailing_zeros() as usize / 8
        };
    }
    while i < n && a.get(i) == b.get(i) {
        i += 1;
    }
    i
}

/// Byte equality of short texts a word at a time (the last word may
/// overlap), without a call to `bcmp`.
#[inline(always)]
pub(super) fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n >= 8 {
        let mut i = 0;
        while i + 8 < n {
            if load8(a, i) != load8(b, i) {
                return false;
            }
            i += 8;
        }
        load8(a, n - 8) == load8(b, n - 8)
    } else if n >= 4 {
        load4(a, 0) == load4(b, 0) && load4(a, n - 4) == load4(b, n - 4)
    } else {
        a.iter().zip(b).all(|(x, y)| x == y)
    }
}

/// Whether `b` holds a `:`, 16 bytes at a time (the last window may
/// overlap the one before).
#[inline]
pub(super) fn maybe_colon(b: &[u8]) -> bool {
    let win = |at: usize| match b.get(at..at.wrapping_add(16)).map(<&[u8; 16]>::try_from) {
        Some(Ok(w)) => {
            let mut any = false;
            for &c in w {
                any |= c == b':';
            }
            any
        }
        _ => true,
    };
    let Some(last) = b.len().checked_sub(16) else {
        // A short loop, not `contains` (a call to memchr).
        for &c in b {
            if c == b':' {
                return true;
            }
        }
        return false;
    };
    let mut at = 0;
    loop {
        let a = at.min(last);
        if win(a) {
            return true;
        }
        if a == last {
            return false;
        }
        at += 16;
    }
}
