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

use super::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::chars::{UNRESERVED, hex_value, is_bidi_format, is_iprivate, is_ucschar};
use crate::parse::{Meta, NONE};
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};

/// The high bit of each byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// RFC 3987 3.1 step 2 on the text of a valid IRI reference.
///
/// Eight bytes at a time: a word without a byte from 0x80 up is copied
/// whole, and only the words that hold one are taken byte by byte, each
/// non-ASCII byte written as its triplet straight from its UTF-8 byte (no
/// decoding to characters). The output is built from `str` pieces (ASCII
/// slices of the input and the triplets), so it needs no UTF-8 check at the
/// end.
pub(crate) fn iri_to_uri(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let high = count_high(b);
    if high == 0 {
        return Cow::Borrowed(s);
    }
    // One allocation, of the exact size: two more bytes for each byte
    // from 0x80 up.
    let mut out = String::with_capacity(b.len() + 2 * high);
    let mut i = 0;
    while let Some(word) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(word.try_into().unwrap_or([0x80; 8]));
        if w & HIGH == 0 {
            // Eight ASCII bytes: `i` and `i + 8` are character boundaries
            // (the byte at `i + 8`, after an ASCII byte, cannot be a
            // continuation byte), so `get` always answers; the byte loop
            // would give the same text if it did not.
            if let Some(t) = s.get(i..i + 8) {
                out.push_str(t);
            } else {
                push_bytes(&mut out, word);
            }
        } else {
            push_bytes(&mut out, word);
        }
        i += 8;
    }
    push_bytes(&mut out, b.get(i..).unwrap_or_default());
    Cow::Owned(out)
}

/// How many bytes of `b` are from 0x80 up, eight at a time.
fn count_high(b: &[u8]) -> usize {
    let mut words = b.chunks_exact(8);
    let mut n = 0;
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        // The high bits moved to the bottom of each byte, then the eight
        // bytes (0 or 1 each) summed into the top byte by the multiply.
        n += (((w & HIGH) >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    }
    n + words.remainder().iter().filter(|&&x| x >= 0x80).count()
}

/// Each ASCII byte as itself, each other byte as its `%HH` triplet.
#[inline(always)]
fn push_bytes(out: &mut String, bytes: &[u8]) {
    for &x in bytes {
        if x < 0x80 {
            out.push(char::from(x));
        } else {
            out.push_str(crate::percent::triplet(x));
        }
    }
}

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
