//! `java.net.URLEncoder.encode(s, UTF_8)` and `java.net.URLDecoder.decode(s,
//! UTF_8)`: the `application/x-www-form-urlencoded` codec of the JVM, quirks
//! included, for software that must give a JVM's answers (Spark's
//! `url_encode` and `url_decode` are these two calls).
//!
//! What the JVM does, found by running it (Java 17; the Spark answers in
//! `dev/testdata/spark/answers.jsonl` check it row by row):
//! - **Encoding** keeps `A`–`Z`, `a`–`z`, `0`–`9`, `.`, `-`, `*`, `_`,
//!   writes a space as `+`, and every other character as the `%XX` escapes
//!   (upper-case hex) of its UTF-8 bytes.
//! - **Decoding** reads `+` as a space and a run of `%XX` escapes as bytes,
//!   which become text as `new String(bytes, UTF_8)` makes it: U+FFFD for
//!   each malformed sequence (so `%C3%28` gives `\u{FFFD}(`), where an
//!   encoded surrogate is one malformed sequence of three bytes. Two characters must follow each `%`: a
//!   `%` with fewer after it is an error ("incomplete trailing escape").
//! - The two characters after `%` are read by `Integer.parseInt(s, 16)`,
//!   which is more than hex: it takes a leading sign (`%+1` is the byte 1,
//!   `%-0` the byte 0, `%-1` an error: a negative value), and any Unicode
//!   decimal digit and the full-width Latin letters `Ａ`–`Ｆ`, `ａ`–`ｆ` as
//!   digits (`%١١` with ARABIC-INDIC DIGIT ONE twice is the byte 0x11).
//! - Positions count UTF-16 code units, as Java's strings do: "two
//!   characters after `%`" are two code units, so half of a surrogate pair
//!   is one of them (and never a digit).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use urikit::kind_names;

/// `URLEncoder.encode(s, StandardCharsets.UTF_8)`: borrowed when nothing
/// needs encoding.
///
/// ```
/// use urikit_views::java_form::url_encode;
/// assert_eq!(url_encode("a b&c=d/é~"), "a+b%26c%3Dd%2F%C3%A9%7E");
/// assert_eq!(url_encode("A-Z_a.z*09"), "A-Z_a.z*09");
/// ```
pub fn url_encode(s: &str) -> Cow<'_, str> {
    let bytes = s.as_bytes();
    let Some(first) = bytes.iter().position(|&b| !kept(b)) else {
        return Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + s.len() / 2 + 2);
    out.push_str(&s[..first]);
    for &b in &bytes[first..] {
        if kept(b) {
            out.push(b as char);
        } else if b == b' ' {
            out.push('+');
        } else {
            push_triplet(&mut out, b);
        }
    }
    Cow::Owned(out)
}

/// `%XX` with upper-case hex, as `URLEncoder` writes a byte.
fn push_triplet(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(HEX[usize::from(b >> 4)] as char);
    out.push(HEX[usize::from(b & 15)] as char);
}

/// The bytes `URLEncoder` writes as they are.
fn kept(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'*' | b'_')
}

/// Why `URLDecoder.decode` refused a string.
///
/// ```
/// use urikit_views::java_form::{url_decode, UrlDecodeErrorKind};
/// let e = url_decode("100%").unwrap_err();
/// assert_eq!(e.kind(), UrlDecodeErrorKind::IncompleteEscape);
/// assert_eq!((e.index(), e.name()), (3, "incomplete-escape"));
/// assert_eq!(e.to_string(), "incomplete trailing escape (%) pattern at index 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UrlDecodeError {
    index: usize,
    kind: UrlDecodeErrorKind,
}

/// The kinds of [`UrlDecodeError`], one per message of `URLDecoder`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UrlDecodeErrorKind {
    /// A `%` with fewer than two characters after it.
    IncompleteEscape,
    /// The two characters after a `%` are not a number in base 16.
    IllegalHex,
    /// They are one, but negative (`%-1`).
    NegativeValue,
}

kind_names! {
    /// A stable name, in kebab case.
    ///
    /// ```
    /// assert_eq!(urikit_views::java_form::UrlDecodeErrorKind::IllegalHex.name(), "illegal-hex");
    /// ```
    UrlDecodeErrorKind {
        UrlDecodeErrorKind::IncompleteEscape => "incomplete-escape",
        UrlDecodeErrorKind::IllegalHex => "illegal-hex",
        UrlDecodeErrorKind::NegativeValue => "negative-value",
    }
}

impl UrlDecodeError {
    /// The byte index (into the UTF-8 input) of the `%` that failed.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// What failed.
    pub const fn kind(&self) -> UrlDecodeErrorKind {
        self.kind
    }

    /// The kind's stable name.
    pub const fn name(&self) -> &'static str {
        self.kind.name()
    }
}

impl fmt::Display for UrlDecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            UrlDecodeErrorKind::IncompleteEscape => "incomplete trailing escape (%) pattern",
            UrlDecodeErrorKind::IllegalHex => "illegal hex characters in escape (%) pattern",
            UrlDecodeErrorKind::NegativeValue => {
                "illegal hex characters in escape (%) pattern: negative value"
            }
        };
        write!(f, "{what} at index {}", self.index)
    }
}

impl core::error::Error for UrlDecodeError {}

/// `URLDecoder.decode(s, StandardCharsets.UTF_8)`: borrowed when `s` holds
/// no `+` and no `%`.
///
/// ```
/// use urikit_views::java_form::url_decode;
/// assert_eq!(url_decode("a+b%26c%3D%C3%A9")?, "a b&c=é");
/// assert_eq!(url_decode("%C3%28")?, "\u{FFFD}(");
/// assert_eq!(url_decode("%+1")?, "\u{1}");
/// assert!(url_decode("%zz").is_err());
/// # Ok::<(), urikit_views::java_form::UrlDecodeError>(())
/// ```
pub fn url_decode(s: &str) -> Result<Cow<'_, str>, UrlDecodeError> {
    let bytes = s.as_bytes();
    let Some(first) = bytes.iter().position(|&b| b == b'+' || b == b'%') else {
        return Ok(Cow::Borrowed(s));
    };
    let mut out = String::with_capacity(s.len());
    out.push_str(&s[..first]);
    let mut run: Vec<u8> = Vec::new();
    let mut i = first;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => {
                out.push(' ');
                i += 1;
            }
            b'%' => {
                // A run of escapes becomes one byte string, decoded as a
                // whole: a character split over several escapes survives.
                run.clear();
                while i < bytes.len() && bytes[i] == b'%' {
                    let (value, next) = escape(s, i)?;
                    run.push(value);
                    i = next;
                }
                push_lossy(&mut out, &run);
            }
            _ => {
                // Copy up to the next `+` or `%` at once.
                let end = bytes[i..]
                    .iter()
                    .position(|&b| b == b'+' || b == b'%')
                    .map_or(bytes.len(), |n| i + n);
                out.push_str(&s[i..end]);
                i = end;
            }
        }
    }
    Ok(Cow::Owned(out))
}

/// The escape at `pct` (a `%`): its byte and the index after it.
fn escape(s: &str, pct: usize) -> Result<(u8, usize), UrlDecodeError> {
    let err = |kind| UrlDecodeError { index: pct, kind };
    // The next two UTF-16 code units: a character outside the BMP is two
    // of them (a surrogate pair), neither of which is a digit.
    let mut units = [0u16; 2];
    let mut n = 0;
    let mut end = pct + 1;
    for c in s[pct + 1..].chars() {
        let mut buf = [0u16; 2];
        let enc = c.encode_utf16(&mut buf);
        for &u in enc.iter() {
            if n < 2 {
                units[n] = u;
                n += 1;
            }
        }
        end += c.len_utf8();
        if n == 2 {
            break;
        }
    }
    // Java's loop wants `i + 2 < length` in code units: fewer than two
    // units after the `%` is the "incomplete trailing escape" error.
    if n < 2 {
        return Err(err(UrlDecodeErrorKind::IncompleteEscape));
    }
    let value = parse_int16(units).ok_or(err(UrlDecodeErrorKind::IllegalHex))?;
    if value < 0 {
        return Err(err(UrlDecodeErrorKind::NegativeValue));
    }
    // Two base-16 digits are at most 0xFF; a sign and one digit at most 0xF.
    Ok((value as u8, end))
}

/// `Integer.parseInt` of two UTF-16 code units in base 16: an optional
/// sign and at least one digit.
fn parse_int16(units: [u16; 2]) -> Option<i32> {
    match units[0] {
        0x2B => digit16(units[1]),
        0x2D => digit16(units[1]).map(|d| -d),
        u => Some(digit16(u)? * 16 + digit16(units[1])?),
    }
}

/// `Character.digit(c, 16)` for one UTF-16 code unit: ASCII and full-width
/// Latin letters a–f, and any Unicode decimal digit (general category Nd),
/// whose value is its distance from the zero of its run of ten.
fn digit16(u: u16) -> Option<i32> {
    let d = match u {
        0x30..=0x39 => u - 0x30,
        0x41..=0x46 => u - 0x41 + 10,
        0x61..=0x66 => u - 0x61 + 10,
        0xFF21..=0xFF26 => u - 0xFF21 + 10,
        0xFF41..=0xFF46 => u - 0xFF41 + 10,
        _ => {
            let zero = ND_ZEROS.iter().rev().find(|&&z| z <= u)?;
            if u - zero > 9 {
                return None;
            }
            u - zero
        }
    };
    Some(i32::from(d))
}

/// The first digit (zero) of each run of ten decimal digits (Unicode
/// general category Nd) in the Basic Multilingual Plane, as Java 17
/// (Unicode 13) has them, in order; ASCII's run is handled apart. The test
/// `java_digits` compares this with `Character.digit` of the real JVM for
/// every code unit.
const ND_ZEROS: [u16; 36] = [
    0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66,
    0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
    0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
];

/// Append `bytes` decoded as `new String(bytes, UTF_8)` does: UTF-8, with
/// U+FFFD for what is malformed. Mostly that is Unicode's "maximal
/// subpart" practice, but not always: the three bytes of an encoded
/// surrogate (`ED A0 80`) are one U+FFFD, and a truncated sequence at the
/// end is one U+FFFD however many of its bytes are there (`ED A0`). The
/// rules below follow what Java 17 gives for every sequence of up to four
/// bytes over boundary values (`dev/testdata/java/utf8-decode.tsv`, written by
/// the real JVM, checks them).
fn push_lossy(out: &mut String, b: &[u8]) {
    let cont = |x: u8| x & 0xC0 == 0x80;
    // Whether b1 b2 cannot begin a three-byte sequence (an overlong E0 or
    // a byte that is not a continuation).
    let bad3_2 = |b1: u8, b2: u8| (b1 == 0xE0 && b2 & 0xE0 == 0x80) || !cont(b2);
    let bad4_2 = |b1: u8, b2: u8| {
        (b1 == 0xF0 && !(0x90..=0xBF).contains(&b2))
            || (b1 == 0xF4 && b2 & 0xF0 != 0x80)
            || !cont(b2)
    };
    let mut i = 0;
    while i < b.len() {
        let b1 = b[i];
        let rest = b.len() - i - 1;
        match b1 {
            0x00..=0x7F => {
                out.push(b1 as char);
                i += 1;
            }
            0xC2..=0xDF => {
                if rest == 0 {
                    out.push('\u{FFFD}');
                    break;
                }
                let b2 = b[i + 1];
                if cont(b2) {
                    let c = (u32::from(b1 & 0x1F) << 6) | u32::from(b2 & 0x3F);
                    out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                    i += 2;
                } else {
                    out.push('\u{FFFD}');
                    i += 1;
                }
            }
            0xE0..=0xEF => {
                if rest >= 2 {
                    let (b2, b3) = (b[i + 1], b[i + 2]);
                    if bad3_2(b1, b2) || !cont(b3) {
                        out.push('\u{FFFD}');
                        i += if bad3_2(b1, b2) { 1 } else { 2 };
                    } else {
                        let c = (u32::from(b1 & 0x0F) << 12)
                            | (u32::from(b2 & 0x3F) << 6)
                            | u32::from(b3 & 0x3F);
                        // A surrogate (ED A0..BF): one U+FFFD for all three.
                        out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                        i += 3;
                    }
                } else if rest == 1 && bad3_2(b1, b[i + 1]) {
                    out.push('\u{FFFD}');
                    i += 1;
                } else {
                    // A truncated sequence at the end: one U+FFFD.
                    out.push('\u{FFFD}');
                    break;
                }
            }
            0xF0..=0xF4 if rest >= 3 => {
                let (b2, b3, b4) = (b[i + 1], b[i + 2], b[i + 3]);
                let c = (u32::from(b1 & 0x07) << 18)
                    | (u32::from(b2 & 0x3F) << 12)
                    | (u32::from(b3 & 0x3F) << 6)
                    | u32::from(b4 & 0x3F);
                if cont(b2) && cont(b3) && cont(b4) && (0x10000..=0x10FFFF).contains(&c) {
                    out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                    i += 4;
                } else {
                    out.push('\u{FFFD}');
                    i += if bad4_2(b1, b2) {
                        1
                    } else if !cont(b3) {
                        2
                    } else {
                        3
                    };
                }
            }
            0xF0..=0xF4 => {
                if rest >= 1 && bad4_2(b1, b[i + 1]) {
                    out.push('\u{FFFD}');
                    i += 1;
                } else if rest >= 2 && !cont(b[i + 2]) {
                    out.push('\u{FFFD}');
                    i += 2;
                } else {
                    out.push('\u{FFFD}');
                    break;
                }
            }
            _ => {
                out.push('\u{FFFD}');
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_of_other_scripts_and_signs() {
        // ARABIC-INDIC DIGIT ONE twice, FULLWIDTH DIGIT ONE and LATIN A.
        assert_eq!(url_decode("%\u{661}\u{661}").unwrap(), "\u{11}");
        assert_eq!(url_decode("%\u{FF11}\u{FF21}").unwrap(), "\u{1A}");
        assert_eq!(url_decode("%-0").unwrap(), "\u{0}");
        assert_eq!(
            url_decode("%-1").unwrap_err().kind(),
            UrlDecodeErrorKind::NegativeValue
        );
        assert_eq!(
            url_decode("%++").unwrap_err().kind(),
            UrlDecodeErrorKind::IllegalHex
        );
        // An astral character is two code units: enough for the escape,
        // and not digits.
        assert_eq!(
            url_decode("%\u{1F600}").unwrap_err().kind(),
            UrlDecodeErrorKind::IllegalHex
        );
        assert_eq!(
            url_decode("%\u{4E2D}").unwrap_err().kind(),
            UrlDecodeErrorKind::IncompleteEscape
        );
    }

    #[test]
    fn runs_decode_as_one() {
        assert_eq!(url_decode("%E4%B8%AD+%E4").unwrap(), "\u{4E2D} \u{FFFD}");
        assert_eq!(url_decode("%E4+%B8").unwrap(), "\u{FFFD} \u{FFFD}");
        // An encoded surrogate is one U+FFFD, as in Java.
        assert_eq!(url_decode("%ED%A0%80").unwrap(), "\u{FFFD}");
    }

    /// Every sequence of up to four boundary bytes, decoded by the real
    /// JVM (`dev/testdata/java/Utf8Decode.java` wrote the file).
    #[test]
    fn runs_of_escapes_decode_as_java_decodes_their_bytes() {
        let data = include_str!("../../../dev/testdata/java/utf8-decode.tsv");
        let mut n = 0;
        for line in data.lines().filter(|l| !l.starts_with('#')) {
            let (hex, units) = line.split_once('\t').unwrap();
            let escapes: String = hex
                .as_bytes()
                .chunks(2)
                .map(|h| alloc::format!("%{}", core::str::from_utf8(h).unwrap()))
                .collect();
            let want: Vec<u16> = units
                .split(' ')
                .map(|u| u16::from_str_radix(u, 16).unwrap())
                .collect();
            let got: Vec<u16> = url_decode(&escapes).unwrap().encode_utf16().collect();
            assert_eq!(got, want, "{hex}");
            n += 1;
        }
        assert!(n > 40_000, "{n} sequences");
    }

    /// `Character.digit(c, 16)` for every code unit, from the real JVM
    /// (`dev/testdata/java/HexDigits.java` wrote the file).
    #[test]
    fn java_digits() {
        let data = include_str!("../../../dev/testdata/java/hex-digits.tsv");
        let mut want = [None; 0x10000];
        for line in data.lines().filter(|l| !l.starts_with('#')) {
            let (unit, d) = line.split_once('\t').unwrap();
            want[usize::from(u16::from_str_radix(unit, 16).unwrap())] =
                Some(d.parse::<i32>().unwrap());
        }
        for (u, w) in want.iter().enumerate() {
            assert_eq!(digit16(u as u16), *w, "U+{u:04X}");
        }
    }

    #[test]
    fn the_zero_table_is_sorted_and_each_run_is_ten() {
        assert!(ND_ZEROS.windows(2).all(|w| w[1] >= w[0] + 10));
    }
}
