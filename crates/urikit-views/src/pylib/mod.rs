//! What CPython itself does under the Python parsers' readings (`yarl`,
//! `httpx`): `int()` of a `str` (their ports), `ipaddress`'s IPv4 and IPv6 address
//! syntax and IPv6 `compressed` form, and the Unicode facts those need,
//! taken from CPython 3.11's own tables (`tables.py` writes `tables.rs`);
//! `repr()` of a `str` (their error messages quote with it) is `pyrepr`'s.

use alloc::string::String;
use core::fmt::Write;

pub(super) mod idna2003;
// Python's `repr()`: the one the urllib views use too.
pub(super) use super::pyrepr::repr;
#[rustfmt::skip]
mod tables;

fn in_ranges(table: &[(u32, u32)], c: char) -> bool {
    let c = c as u32;
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                core::cmp::Ordering::Less
            } else if lo > c {
                core::cmp::Ordering::Greater
            } else {
                core::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// The digit value of a decimal digit character (ASCII or any Unicode
/// `Nd` digit, as `int()` reads them).
fn decimal(c: char) -> Option<u8> {
    if c.is_ascii_digit() {
        return Some(c as u8 - b'0');
    }
    if c.is_ascii() {
        return None;
    }
    let c = c as u32;
    let i = tables::DECIMAL_ZEROS.partition_point(|&z| z <= c);
    let zero = *tables::DECIMAL_ZEROS.get(i.checked_sub(1)?)?;
    (c - zero < 10).then(|| (c - zero) as u8)
}

/// The white space `int()` skips around the number: ASCII's six
/// (`Py_ISSPACE`) and, outside ASCII, `Py_UNICODE_ISSPACE`'s.
fn int_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\u{85}' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// The most digits `int()` reads from a string (CPython 3.11's default
/// `sys.get_int_max_str_digits()`): more is a `ValueError`.
const INT_MAX_STR_DIGITS: usize = 4300;

/// Python's `int(s)` (base 10) of a `str`, as the decimal text `str()`
/// would give back: white space around, one sign, digits of any script,
/// single `_` between digits, leading zeros dropped. `None` where `int()`
/// raises `ValueError`.
pub(super) fn int_text(s: &str) -> Option<String> {
    let s = s.trim_matches(int_space);
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut out = String::new();
    let mut count = 0usize;
    let mut after_digit = false;
    let mut underscore = false;
    for c in digits.chars() {
        if c == '_' {
            if !after_digit || underscore {
                return None;
            }
            underscore = true;
            continue;
        }
        let d = decimal(c)?;
        underscore = false;
        after_digit = true;
        count += 1;
        if d != 0 || !out.is_empty() {
            out.push((b'0' + d) as char);
        }
    }
    if !after_digit || underscore || count > INT_MAX_STR_DIGITS {
        return None;
    }
    if out.is_empty() {
        out.push('0');
    } else if negative {
        out.insert(0, '-');
    }
    Some(out)
}

/// `ipaddress.IPv4Address(s)` accepts `s`: four dot-separated ASCII
/// decimal numbers of one to three digits, no leading zero, each at most
/// 255.
pub(super) fn is_ipv4(s: &str) -> bool {
    ipv4(s).is_some()
}

fn ipv4(s: &str) -> Option<u32> {
    if !s.bytes().all(|c| c.is_ascii_digit() || c == b'.') {
        return None;
    }
    let mut n = 0u32;
    let mut parts = 0;
    for octet in s.split('.') {
        parts += 1;
        let b = octet.as_bytes();
        if parts > 4 || b.is_empty() || b.len() > 3 || !b.iter().all(u8::is_ascii_digit) {
            return None;
        }
        if b.len() > 1 && b[0] == b'0' {
            return None;
        }
        let v = b.iter().fold(0u32, |v, d| v * 10 + u32::from(d - b'0'));
        if v > 255 {
            return None;
        }
        n = n << 8 | v;
    }
    (parts == 4).then_some(n)
}

/// `ipaddress.IPv6Address(s)`'s address (without a `%scope`, which the
/// callers split off as their library does): eight hextets of one to four
/// ASCII hex digits, at most one `::` standing for at least one hextet, the
/// last 32 bits optionally in IPv4 form.
pub(super) fn ipv6(s: &str) -> Option<[u16; 8]> {
    if s.is_empty() || s.contains('/') {
        return None;
    }
    // As Python: split on ':', an IPv4 tail becomes two hextets.
    let mut parts: alloc::vec::Vec<&str> = s.split(':').collect();
    if parts.len() < 3 {
        return None;
    }
    let mut tail = [0u16; 2];
    let has_v4 = parts.last().is_some_and(|p| p.contains('.'));
    if has_v4 {
        let v4 = ipv4(parts.pop()?)?;
        tail = [(v4 >> 16) as u16, v4 as u16];
    }
    let n = parts.len() + usize::from(has_v4) * 2;
    if n > 9 {
        return None;
    }
    // Index (in the hextet list) of the one empty inner part, if any.
    let mut skip = None;
    for i in 1..n - 1 {
        let empty = parts.get(i).is_some_and(|p| p.is_empty());
        if empty {
            if skip.is_some() {
                return None;
            }
            skip = Some(i);
        }
    }
    let first_empty = parts.first().is_some_and(|p| p.is_empty());
    let last_empty = !has_v4 && parts.last().is_some_and(|p| p.is_empty());
    let (hi, lo) = match skip {
        Some(i) => {
            let mut hi = i;
            let mut lo = n - i - 1;
            if first_empty {
                if hi != 1 {
                    return None;
                }
                hi = 0;
            }
            if last_empty {
                if lo != 1 {
                    return None;
                }
                lo = 0;
            }
            if hi + lo > 7 {
                return None;
            }
            (hi, lo)
        }
        None => {
            if n != 8 || first_empty || last_empty {
                return None;
            }
            (n, 0)
        }
    };
    let hextet = |i: usize| -> Option<u16> {
        if i >= parts.len() {
            return Some(tail[i - parts.len()]);
        }
        let p = parts[i];
        if p.is_empty() || p.len() > 4 || !p.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u16::from_str_radix(p, 16).ok()
    };
    let mut out = [0u16; 8];
    for (k, slot) in out.iter_mut().enumerate().take(hi) {
        *slot = hextet(k)?;
    }
    for k in 0..lo {
        out[8 - lo + k] = hextet(n - lo + k)?;
    }
    Some(out)
}

/// `IPv6Address.compressed`: lowercase hex without leading zeros, the
/// first longest run of two or more zero hextets as `::` (no IPv4 form).
pub(super) fn ipv6_compressed(h: &[u16; 8]) -> String {
    let (mut best, mut best_len, mut run, mut run_len) = (0, 0, 0, 0);
    for (i, &x) in h.iter().enumerate() {
        if x == 0 {
            if run_len == 0 {
                run = i;
            }
            run_len += 1;
            if run_len > best_len {
                best = run;
                best_len = run_len;
            }
        } else {
            run_len = 0;
        }
    }
    let mut out = String::with_capacity(39);
    let write = |out: &mut String, r: core::ops::Range<usize>| {
        for (k, i) in r.enumerate() {
            if k > 0 {
                out.push(':');
            }
            let _ = write!(out, "{:x}", h[i]);
        }
    };
    if best_len > 1 {
        write(&mut out, 0..best);
        out.push_str("::");
        write(&mut out, best + best_len..8);
    } else {
        write(&mut out, 0..8);
    }
    out
}

/// Whether one character of `s` becomes, under NFKC, text holding one of
/// `/?#@:%` (yarl's `_check_netloc`, after CPython's `urlsplit`).
pub(super) fn nfkc_has_delimiter(s: &str) -> bool {
    s.chars()
        .any(|c| !c.is_ascii() && in_ranges(&tables::NFKC_DELIMITERS, c))
}

/// Whether a segment of `path` (split at `/`) is `.` or `..`: the
/// Python parsers' test before they remove dot segments, done by a search
/// for the dots only.
pub(super) fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    let mut from = 0;
    while let Some(i) = path[from..].find('.').map(|i| i + from) {
        let starts = i == 0 || b[i - 1] == b'/';
        let ends = |j: usize| j == b.len() || b[j] == b'/';
        if starts && (ends(i + 1) || (b.get(i + 1) == Some(&b'.') && ends(i + 2))) {
            return true;
        }
        from = i + 1;
    }
    false
}

/// Whether `b` holds an ASCII control character (C0 or DEL), eight bytes
/// at a time.
pub(super) fn has_ascii_control(b: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let x = u64::from_ne_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        // A byte below 0x20, or a byte equal to 0x7F (flagged loosely,
        // then checked byte by byte).
        let below = x.wrapping_sub(ONES * 0x20) & !x & HIGH;
        let del = x ^ (ONES * 0x7F);
        let del = del.wrapping_sub(ONES) & !del & HIGH;
        if below | del != 0 && c.iter().any(u8::is_ascii_control) {
            return true;
        }
    }
    chunks.remainder().iter().any(u8::is_ascii_control)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values from CPython 3.11.7 (repr(), int(), ipaddress).
    #[test]
    fn python_builtins() {
        assert_eq!(repr("a'b"), "\"a'b\"");
        assert_eq!(repr("a'\"\u{200b}\té"), "'a\\'\"\\u200b\\té'");
        assert_eq!(int_text(" +0_8\u{a0}").as_deref(), Some("8"));
        assert_eq!(int_text("-0").as_deref(), Some("0"));
        assert_eq!(int_text("\u{664}\u{660}").as_deref(), Some("40"));
        assert_eq!(int_text("_1"), None);
        assert_eq!(int_text("1__0"), None);
        assert!(!is_ipv4("01.2.3.4"));
        assert_eq!(
            ipv6("::ffff:1.2.3.4")
                .map(|h| ipv6_compressed(&h))
                .as_deref(),
            Some("::ffff:102:304")
        );
        assert_eq!(
            ipv6("1:0:0:2:0:0:0:3")
                .map(|h| ipv6_compressed(&h))
                .as_deref(),
            Some("1:0:0:2::3")
        );
        assert_eq!(
            ipv6("1:0:1:1:1:1:1:1")
                .map(|h| ipv6_compressed(&h))
                .as_deref(),
            Some("1:0:1:1:1:1:1:1")
        );
        assert_eq!(ipv6("1::2:3:4:5:6:7:8"), None);
        assert_eq!(ipv6(":1::2"), None);
    }

    #[test]
    fn scans() {
        for (p, want) in [
            ("/a/./b", true),
            ("/a/..", true),
            (".", true),
            ("/a.b/c.", false),
            ("/...", false),
            ("..x", false),
        ] {
            assert_eq!(
                has_dot_segment(p),
                p.split('/').any(|s| s == "." || s == ".."),
                "{p}"
            );
            assert_eq!(has_dot_segment(p), want, "{p}");
        }
        for n in 0..40 {
            for bad in [0u8, 0x1F, 0x7F, b'a', 0x80, 0xFF, b' '] {
                let mut v = [b'x'; 40];
                v[n] = bad;
                let s = &v[..];
                assert_eq!(has_ascii_control(s), s.iter().any(u8::is_ascii_control));
            }
        }
    }
}
