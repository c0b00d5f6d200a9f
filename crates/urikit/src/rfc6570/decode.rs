//! Percent-decoding of matched values: all of it for most expressions,
//! only what expansion itself wrote for `+` and `#`.

use alloc::string::String;
use alloc::vec::Vec;

use super::parse::ALLOW_UR;
use crate::chars::HEXDIG;

/// Percent-decodes `s` into a string; with `reserved`, see
/// [`decode_reserved`].
pub(crate) fn decode(s: &str, reserved: bool) -> Option<String> {
    let b = s.as_bytes();
    if !b.contains(&b'%') {
        return Some(s.into());
    }
    if reserved {
        return decode_reserved(b);
    }
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let (h, l) = (*b.get(i + 1)?, *b.get(i + 2)?);
            if !HEXDIG.contains(h) || !HEXDIG.contains(l) {
                return None;
            }
            out.push((hex(h) << 4) | hex(l));
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The value of a `+` or `#` expression. Expansion passed the value's own
/// triplets through and wrote its own for the rest, always upper-case and
/// whole UTF-8 characters; so decode just those, and keep as written every
/// triplet expansion would not have written: lower-case ones, those of
/// unreserved and reserved characters, and bytes that are not UTF-8.
fn decode_reserved(b: &[u8]) -> Option<String> {
    let upper = |i: usize| -> Option<u8> {
        let (h, l) = (*b.get(i + 1)?, *b.get(i + 2)?);
        let ok = |c: u8| c.is_ascii_digit() || (b'A'..=b'F').contains(&c);
        (b.get(i) == Some(&b'%') && ok(h) && ok(l)).then(|| (hex(h) << 4) | hex(l))
    };
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c != b'%' {
            out.push(char::from(c));
            i += 1;
            continue;
        }
        let (h, l) = (*b.get(i + 1)?, *b.get(i + 2)?);
        if !HEXDIG.contains(h) || !HEXDIG.contains(l) {
            return None;
        }
        let raw = core::str::from_utf8(&b[i..i + 3]).ok()?;
        let Some(v) = upper(i) else {
            out.push_str(raw);
            i += 3;
            continue;
        };
        if v < 0x80 {
            // A `%` that two hex digits follow would pass through as a
            // triplet of its own: expansion wrote `%25` for no such `%`.
            let makes_triplet = v == b'%'
                && b.get(i + 3).is_some_and(|&c| HEXDIG.contains(c))
                && b.get(i + 4).is_some_and(|&c| HEXDIG.contains(c));
            if ALLOW_UR.contains(v) || makes_triplet {
                out.push_str(raw);
            } else {
                out.push(char::from(v));
            }
            i += 3;
            continue;
        }
        let len = match v {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 0,
        };
        let mut buf = [0u8; 4];
        let whole = len > 0
            && (0..len).all(|k| match upper(i + 3 * k) {
                Some(x) => {
                    buf[k] = x;
                    true
                }
                None => false,
            });
        match core::str::from_utf8(&buf[..len]) {
            Ok(ch) if whole => {
                out.push_str(ch);
                i += 3 * len;
            }
            _ => {
                out.push_str(raw);
                i += 3;
            }
        }
    }
    Some(out)
}

pub(crate) fn hex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => c.wrapping_sub(b'A').wrapping_add(10),
    }
}
