//! What the JavaScript readings (`node-legacy`, `fast-uri`, `url-parse`)
//! share: ECMAScript's `decodeURIComponent` and `encodeURIComponent`
//! (ECMA-262, "Decode" and "Encode") and `String.prototype.toLowerCase`,
//! on Rust strings.
//!
//! JavaScript strings are UTF-16, Rust's UTF-8; an input of the views is
//! valid UTF-8, so it never holds the lone surrogates that make
//! `encodeURIComponent` throw, and `decodeURIComponent` never produces one
//! (it rejects the UTF-8 of a surrogate).

use alloc::borrow::Cow;
use alloc::string::String;

use crate::hex::digit as hex;

/// The message of the `URIError` both functions throw, as V8 writes it.
pub(super) const URI_MALFORMED: &str = "URIError: URI malformed";

/// The byte of the `%XX` at `i`, if there is one.
fn escape_at(s: &[u8], i: usize) -> Option<u8> {
    if s.get(i) != Some(&b'%') {
        return None;
    }
    Some(hex(*s.get(i + 1)?)? << 4 | hex(*s.get(i + 2)?)?)
}

/// `decodeURIComponent(s)`: every `%XX` decoded (reserved characters
/// too), a multi-byte sequence as one code point; `Err` where JavaScript
/// throws `URIError` (a `%` without two hex digits, a byte sequence that
/// is not the UTF-8 of one code point).
pub(super) fn decode_uri_component(s: &str) -> Result<Cow<'_, str>, ()> {
    if !s.contains('%') {
        return Ok(Cow::Borrowed(s));
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        out.push_str(&s[last..i]);
        let lead = escape_at(b, i).ok_or(())?;
        // The number of bytes the lead byte announces (its leading ones).
        let n = match lead.leading_ones() {
            0 => 1,
            n @ 2..=4 => n as usize,
            _ => return Err(()),
        };
        let mut octets = [lead, 0, 0, 0];
        for (j, o) in octets.iter_mut().enumerate().take(n).skip(1) {
            let c = escape_at(b, i + 3 * j).ok_or(())?;
            if c & 0xC0 != 0x80 {
                return Err(());
            }
            *o = c;
        }
        // Overlong forms, surrogates and code points past U+10FFFF are no
        // UTF-8 encoding of a code point: JavaScript throws for them too.
        out.push_str(core::str::from_utf8(&octets[..n]).map_err(|_| ())?);
        i += 3 * n;
        last = i;
    }
    out.push_str(&s[last..]);
    Ok(Cow::Owned(out))
}

/// Whether `encodeURIComponent` leaves the byte as it is.
fn component_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b)
}

/// `encodeURIComponent(s)`: every byte of the UTF-8 but the letters,
/// digits and `-_.!~*'()` as `%XX` (upper-case hex).
pub(super) fn encode_uri_component(s: &str) -> Cow<'_, str> {
    if s.bytes().all(component_safe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for &b in s.as_bytes() {
        if component_safe(b) {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(char::from(b"0123456789ABCDEF"[usize::from(b >> 4)]));
            out.push(char::from(b"0123456789ABCDEF"[usize::from(b & 15)]));
        }
    }
    Cow::Owned(out)
}

/// `encodeURIComponent(decodeURIComponent(s))`, borrowed when that is `s`.
pub(super) fn reencode_component(s: &str) -> Result<Cow<'_, str>, ()> {
    match decode_uri_component(s)? {
        Cow::Borrowed(d) => Ok(encode_uri_component(d)),
        Cow::Owned(d) => Ok(Cow::Owned(encode_uri_component(&d).into_owned())),
    }
}

/// The first byte of `s` in `set`, an ASCII set (so a char boundary): a
/// byte loop, where `str::find` with a char array decodes every char.
pub(super) fn find_any(s: &str, set: &[u8]) -> Option<usize> {
    s.bytes().position(|b| set.contains(&b))
}

/// Whether `b` is ASCII without an upper-case letter (the common case of
/// [`to_lower`], nothing to do): eight bytes a step.
fn lower_ascii(b: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let x = u64::from_le_bytes(w);
        // For a byte below 0x80, adding 0x3F sets its high bit when it is
        // `A` or above, adding 0x25 when it is above `Z` (no carry leaves
        // the byte); a byte of 0x80 or above is caught by `x` itself.
        let upper = x.wrapping_add(0x3F3F_3F3F_3F3F_3F3F) & !x.wrapping_add(0x2525_2525_2525_2525);
        if (x | upper) & HIGH != 0 {
            return false;
        }
    }
    !chunks
        .remainder()
        .iter()
        .any(|&b| b >= 0x80 || b.is_ascii_uppercase())
}

/// `String.prototype.toLowerCase` (Unicode's full default lower-casing,
/// final sigma included, as Rust's `to_lowercase`), borrowed when nothing
/// changes.
pub(super) fn to_lower(s: Cow<'_, str>) -> Cow<'_, str> {
    if lower_ascii(s.as_bytes()) {
        return s;
    }
    if s.is_ascii() {
        return Cow::Owned(s.to_ascii_lowercase());
    }
    let lower = s.to_lowercase();
    if lower == *s { s } else { Cow::Owned(lower) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_throws_where_javascript_throws() {
        // Node v20: decodeURIComponent of each.
        assert_eq!(decode_uri_component("a%41%2f").unwrap(), "aA/");
        assert_eq!(decode_uri_component("%C3%A9").unwrap(), "\u{e9}");
        for bad in [
            "%",
            "%4",
            "%zz",
            "%C3",
            "%C3%41",
            "%C0%80",
            "%ED%A0%80",
            "%F8%80",
        ] {
            assert_eq!(decode_uri_component(bad), Err(()), "{bad}");
        }
    }

    #[test]
    fn lower_ascii_is_the_byte_by_byte_answer() {
        // Every byte value at every place of a 16-byte string (two steps).
        for b in 0..=255u8 {
            for at in 0..16 {
                let mut s = [b'a'; 16];
                s[at] = b;
                let by_byte = !s.iter().any(|&c| c >= 0x80 || c.is_ascii_uppercase());
                assert_eq!(lower_ascii(&s), by_byte, "{b:#x} at {at}");
            }
        }
    }

    #[test]
    fn encode_keeps_the_component_marks() {
        // Node v20: encodeURIComponent("a b/é!~*'()-_.") is this.
        assert_eq!(
            encode_uri_component("a b/\u{e9}!~*'()-_."),
            "a%20b%2F%C3%A9!~*'()-_."
        );
    }
}
