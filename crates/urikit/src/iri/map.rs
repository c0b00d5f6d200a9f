//! The mappings between IRIs and URIs (RFC 3987 section 3).
//!
//! - IRI to URI (3.1, step 2): every non-ASCII character, `ucschar` or
//!   `iprivate`, becomes the `%HH` triplets of its UTF-8 bytes, with
//!   uppercase hex digits. Nothing else changes (input already in Unicode
//!   is not NFC-normalized first, step 1c).
//! - URI to IRI (3.2, steps 1–5): percent-encoded UTF-8 is decoded where
//!   the result is allowed there; see [`UriRef::to_iri`].

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::chars::{UNRESERVED, hex_value, is_bidi_format, is_iprivate, is_ucschar};
use crate::parse::{Meta, NONE};
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};
use crate::word::{HIGH, load8};

/// RFC 3987 3.1 step 2 on the text of a valid IRI reference.
///
/// Eight bytes at a time: the non-ASCII bytes are counted word by word
/// (none: the text is borrowed), a word without one is copied whole, and
/// only the words that hold one are taken byte by byte, each byte written
/// from a table with one four-byte store (itself, or the triplet of its
/// UTF-8 byte: no decoding to characters) and the length kept (1 or 3), so
/// that the mix of ASCII and non-ASCII bytes costs no mispredicted branch.
/// Measured on `wiki-iris.txt` (parse and map, fastest of 300 passes):
/// 6.15 ms with the byte-at-a-time loop this replaced, 4.88 ms with
/// whole-word copies but a branch per byte, 4.09 to 4.14 ms this way.
pub(crate) fn iri_to_uri(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let high = count_high(b);
    if high == 0 {
        return Cow::Borrowed(s);
    }
    // One allocation, of the exact size (two more bytes for each byte from
    // 0x80 up) and three bytes of slack, for the four-byte writes.
    let mut out = Vec::with_capacity(b.len() + 2 * high + 3);
    let mut i = 0;
    while let Some(word) = b.get(i..i + 8) {
        if load8(b, i) & HIGH == 0 {
            out.extend_from_slice(word);
        } else {
            put_bytes(&mut out, word);
        }
        i += 8;
    }
    put_bytes(&mut out, b.get(i..).unwrap_or_default());
    // Only ASCII was written: the check takes its ASCII path, sixteen bytes
    // at a time.
    Cow::Owned(String::from_utf8(out).unwrap_or_default())
}

/// How many bytes of `b` are from 0x80 up, eight at a time.
fn count_high(b: &[u8]) -> usize {
    let Some(last) = b.len().checked_sub(8) else {
        return b.iter().filter(|&&x| x >= 0x80).count();
    };
    // Each byte of `acc` counts the high bits of its lane (0 or 1 a word),
    // so it holds 255 words before it can overflow.
    let sum = |acc: u64| {
        let pairs = (acc & 0x00FF_00FF_00FF_00FF) + (acc >> 8 & 0x00FF_00FF_00FF_00FF);
        (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
    };
    let mut n = 0;
    let mut acc = 0u64;
    let mut i = 0;
    let mut words = 0;
    while i < last {
        acc += (load8(b, i) & HIGH) >> 7;
        i += 8;
        words += 1;
        if words == 255 {
            n += sum(acc);
            acc = 0;
            words = 0;
        }
    }
    // The last eight bytes, less the `i - last` (0 to 7) the loop counted
    // already: the low bytes of the little-endian word.
    let tail = (load8(b, last) & HIGH) >> 7 >> (8 * (i - last));
    n + sum(acc) + sum(tail)
}

/// Each byte of `bytes` as itself (ASCII) or as its `%HH` triplet, by one
/// four-byte write and a length of 1 or 3: no branch on the byte.
#[inline(always)]
fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    for &x in bytes {
        let keep = out.len() + if x < 0x80 { 1 } else { 3 };
        out.extend_from_slice(&ENCODED[usize::from(x)]);
        out.truncate(keep);
    }
}

/// Byte `b` as written in a URI, padded to four bytes: `[b, 0, 0, 0]` below
/// 0x80, its triplet (`percent::TRIPLETS`) and a zero from 0x80 up.
static ENCODED: [[u8; 4]; 256] = {
    let triplets = crate::percent::TRIPLETS.as_bytes();
    let mut t = [[0u8; 4]; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = if i < 0x80 {
            [i as u8, 0, 0, 0]
        } else {
            [triplets[3 * i], triplets[3 * i + 1], triplets[3 * i + 2], 0]
        };
        i += 1;
    }
    t
};

/// RFC 3987 3.2 on the text `s` of a valid URI reference parsed as `m`.
pub(crate) fn uri_to_iri<'a>(s: &'a str, m: &Meta) -> Cow<'a, str> {
    let b = s.as_bytes();
    let Some(first) = b.iter().position(|&x| x == b'%') else {
        return Cow::Borrowed(s);
    };
    let (q_start, q_end) = if m.query_start == NONE {
        (usize::MAX, usize::MAX)
    } else if m.fragment_start == NONE {
        (m.query_start as usize, b.len())
    } else {
        (m.query_start as usize, m.fragment_start as usize)
    };
    let mut out = String::with_capacity(b.len());
    out.push_str(&s[..first]);
    let mut i = first;
    let mut octets = alloc::vec::Vec::new();
    while i < b.len() {
        if b[i] != b'%' {
            let end = b[i..]
                .iter()
                .position(|&y| y == b'%')
                .map_or(b.len(), |k| i + k);
            out.push_str(&s[i..end]);
            i = end;
            continue;
        }
        // A valid URI has two hex digits after every "%".
        let v = triplet(b, i);
        if v < 0x80 {
            // Step 2: "%", reserved characters and the ASCII characters not
            // allowed in URIs stay encoded; unreserved ones are decoded.
            if UNRESERVED.contains(v) {
                out.push(v as char);
            } else {
                out.push_str(&s[i..i + 3]);
            }
            i += 3;
            continue;
        }
        // A run of triplets from 0x80 up: decode them together, so that a
        // character's bytes meet.
        let at = i;
        octets.clear();
        while i + 2 < b.len() && b[i] == b'%' {
            let v = triplet(b, i);
            if v < 0x80 {
                break;
            }
            octets.push(v);
            i += 3;
        }
        let private = at >= q_start && at < q_end;
        push_decoded(&mut out, &octets, private);
    }
    Cow::Owned(out)
}

/// The octet of the triplet at `b[i]` (`%` and two hex digits).
fn triplet(b: &[u8], i: usize) -> u8 {
    let h = b.get(i + 1).copied().and_then(hex_value).unwrap_or(0);
    let l = b.get(i + 2).copied().and_then(hex_value).unwrap_or(0);
    h << 4 | l
}

/// Steps 3–5 for decoded octets from 0x80 up: strictly valid UTF-8 that
/// is `ucschar` (or `iprivate` in the query) and not a bidi formatting
/// character (4.1) is written as characters; every other octet as `%HH`.
fn push_decoded(out: &mut String, octets: &[u8], private: bool) {
    for chunk in octets.utf8_chunks() {
        for c in chunk.valid().chars() {
            if (is_ucschar(c) || private && is_iprivate(c)) && !is_bidi_format(c) {
                out.push(c);
            } else {
                let mut buf = [0; 4];
                push_encoded(out, c.encode_utf8(&mut buf).as_bytes());
            }
        }
        push_encoded(out, chunk.invalid());
    }
}

fn push_encoded(out: &mut String, bytes: &[u8]) {
    for &x in bytes {
        out.push_str(crate::percent::triplet(x));
    }
}

macro_rules! to_uri_methods {
    ($ty:ident $(<$lt:lifetime>)?, $out:lifetime) => {
        impl$(<$lt>)? $ty$(<$lt>)? {
            /// The URI this IRI maps to (RFC 3987 3.1): each non-ASCII
            /// character as the `%HH` triplets of its UTF-8 bytes, uppercase
            /// hex. Borrowed when the text is ASCII already.
            ///
            /// ```
            /// use std::borrow::Cow;
            #[doc = concat!("let i = urikit::", stringify!($ty), "::parse(\"http://www.example.org/red%09rosé#red\")?;")]
            /// assert_eq!(i.to_uri(), "http://www.example.org/red%09ros%C3%A9#red");
            #[doc = concat!("let a = urikit::", stringify!($ty), "::parse(\"http://a/b\")?;")]
            /// assert!(matches!(a.to_uri(), Cow::Borrowed(_)));
            /// # Ok::<(), urikit::ParseError>(())
            /// ```
            pub fn to_uri(&self) -> Cow<$out, str> {
                iri_to_uri(self.as_str())
            }
        }
    };
}

to_uri_methods!(IriRef<'a>, 'a);
to_uri_methods!(Iri<'a>, 'a);
to_uri_methods!(IriRefBuf, '_);
to_uri_methods!(IriBuf, '_);

macro_rules! to_iri_methods {
    ($ty:ident $(<$lt:lifetime>)?, $out:lifetime, $meta:ident) => {
        impl$(<$lt>)? $ty$(<$lt>)? {
            /// The IRI this URI maps to (RFC 3987 3.2, steps 1–5):
            /// percent-encoded octets are decoded, except `%`, reserved
            /// characters, the ASCII characters URIs do not allow, octets
            /// that are not strictly valid UTF-8, characters outside
            /// `ucschar` (and `iprivate`, which only the query takes), and
            /// the bidi formatting characters of 4.1; octets decoded and
            /// then kept encoded are written with uppercase hex. Borrowed
            /// when there is nothing to decode.
            ///
            /// ```
            #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"http://www.example.org/D%C3%BCrst\")?;")]
            /// assert_eq!(u.to_iri(), "http://www.example.org/Dürst");
            #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"http://www.example.org/D%FCrst\")?;")]
            /// assert_eq!(u.to_iri(), "http://www.example.org/D%FCrst");
            /// # Ok::<(), urikit::ParseError>(())
            /// ```
            pub fn to_iri(&self) -> Cow<$out, str> {
                uri_to_iri(self.as_str(), &self.$meta())
            }
        }
    };
}

to_iri_methods!(UriRef<'a>, 'a, meta);
to_iri_methods!(Uri<'a>, 'a, iri_meta);
to_iri_methods!(UriRefBuf, '_, iri_meta);
to_iri_methods!(UriBuf, '_, iri_meta);

impl Uri<'_> {
    fn iri_meta(&self) -> Meta {
        *self.meta_ref()
    }
}

impl UriRefBuf {
    fn iri_meta(&self) -> Meta {
        self.as_uri_ref().meta()
    }
}

impl UriBuf {
    fn iri_meta(&self) -> Meta {
        *self.as_uri().meta_ref()
    }
}
