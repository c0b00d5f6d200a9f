//! Percent-encoding (RFC 3986 sections 2.1 and 2.4).
//!
//! - [`decode`] turns the text of one component into data bytes, lazily:
//!   a [`PercentDecode`] is an iterator of bytes that can also hand back a
//!   `Cow` that borrows when there is nothing to decode.
//! - [`encode`] turns data into the text of one component, lazily: a
//!   [`PercentEncode`] is an iterator of `&str` pieces and a `Display`, and
//!   borrows when nothing needs encoding. Each ABNF rule that holds data has
//!   its encode set here ([`USERINFO`], [`REG_NAME`], [`PATH_SEGMENT`],
//!   [`PATH`], [`QUERY`], [`FRAGMENT`], …); any [`CharClass`] is a set too.
//!
//! Encoded text and decoded data are kept apart by the types: `decode` takes
//! the text of a component and gives bytes, `encode` takes bytes and gives
//! text, so neither runs twice by accident (2.4). Decode a component only
//! after splitting it from the rest: `%2F` in a path segment is a data byte
//! `/`, never a separator ([`crate::build::path_segments`] splits first).
//!
//! ```
//! use urikit::percent;
//! assert_eq!(percent::encode("À la carte", &percent::PATH_SEGMENT).to_string(), "%C3%80%20la%20carte");
//! assert_eq!(percent::decode("%C3%80%20la%20carte").to_str()?, "À la carte");
//! # Ok::<(), percent::DecodeError>(())
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::chars::{self, CharClass, hex_value};
use crate::word::{HIGH, ONES};

/// `userinfo` (3.2.1): unreserved, sub-delims and `:` stay as they are.
///
/// ```
/// use urikit::percent::{encode, USERINFO};
/// assert_eq!(encode("joe:p@ss", &USERINFO).to_string(), "joe:p%40ss");
/// ```
pub const USERINFO: CharClass = chars::USERINFO;

/// `reg-name` (3.2.2): unreserved and sub-delims stay as they are.
///
/// ```
/// use urikit::percent::{encode, REG_NAME};
/// assert_eq!(encode("bücher.example", &REG_NAME).to_string(), "b%C3%BCcher.example");
/// ```
pub const REG_NAME: CharClass = chars::REG_NAME;

/// `segment` (3.3): `pchar` stays as it is, so `/` is encoded and the data
/// stays one segment.
///
/// ```
/// use urikit::percent::{encode, PATH_SEGMENT};
/// assert_eq!(encode("a/b c", &PATH_SEGMENT).to_string(), "a%2Fb%20c");
/// ```
pub const PATH_SEGMENT: CharClass = chars::PCHAR;

/// `segment-nz-nc` (3.3): a segment that must not hold `:`, such as the
/// first segment of a relative-path reference.
///
/// ```
/// use urikit::percent::{encode, PATH_SEGMENT_NC};
/// assert_eq!(encode("a:b", &PATH_SEGMENT_NC).to_string(), "a%3Ab");
/// ```
pub const PATH_SEGMENT_NC: CharClass = chars::SEGMENT_NZ_NC;

/// `path` (3.3): `pchar` and `/` stay as they are, so `/` in the data
/// separates segments.
///
/// ```
/// use urikit::percent::{encode, PATH};
/// assert_eq!(encode("/a b/c", &PATH).to_string(), "/a%20b/c");
/// ```
pub const PATH: CharClass = chars::PATH;

/// `query` (3.4): `pchar`, `/` and `?` stay as they are.
///
/// ```
/// use urikit::percent::{encode, QUERY};
/// assert_eq!(encode("a=1&b=2 3", &QUERY).to_string(), "a=1&b=2%203");
/// ```
pub const QUERY: CharClass = chars::QUERY;

/// A key or value inside a query of `key=value` pairs joined by `&`: the
/// `query` set without `&`, `=` and `+`, so the data cannot be mistaken for
/// a delimiter, nor `+` for a space by a form decoder.
///
/// ```
/// use urikit::percent::{encode, QUERY_PAIR};
/// assert_eq!(encode("1+1=2 & so on", &QUERY_PAIR).to_string(), "1%2B1%3D2%20%26%20so%20on");
/// ```
pub const QUERY_PAIR: CharClass = chars::QUERY.without_bytes(b"&=+");

/// `fragment` (3.5): `pchar`, `/` and `?` stay as they are.
///
/// ```
/// use urikit::percent::{encode, FRAGMENT};
/// assert_eq!(encode("sec 2#b", &FRAGMENT).to_string(), "sec%202%23b");
/// ```
pub const FRAGMENT: CharClass = chars::FRAGMENT;

/// `unreserved` (2.3): the strictest set; everything else is encoded.
///
/// ```
/// use urikit::percent::{encode, UNRESERVED};
/// assert_eq!(encode("a-b.c_d~e/f", &UNRESERVED).to_string(), "a-b.c_d~e%2Ff");
/// ```
pub const UNRESERVED: CharClass = chars::UNRESERVED;

/// The named encode sets: one name for each set above, the same in every
/// layer (the `uri encode --component` values, Python's `encode`, the
/// Arrow/SQL `encode` kernel). [`EncodeSet::class`] is the set's
/// [`CharClass`], for [`encode`].
///
/// ```
/// use urikit::percent::{self, EncodeSet};
/// let set = EncodeSet::from_name("segment").unwrap();
/// assert_eq!(set, EncodeSet::Segment);
/// assert_eq!(set.name(), "segment");
/// assert_eq!(percent::encode("a/b", set.class()).to_string(), "a%2Fb");
/// assert_eq!(EncodeSet::from_name("path-segment"), None);
/// assert!(EncodeSet::ALL.iter().all(|s| EncodeSet::from_name(s.name()) == Some(*s)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodeSet {
    /// `userinfo`: [`USERINFO`] (3.2.1).
    Userinfo,
    /// `host`: [`REG_NAME`], a registered name (3.2.2).
    Host,
    /// `segment`: [`PATH_SEGMENT`], one path segment, `/` encoded (3.3).
    Segment,
    /// `segment-nc`: [`PATH_SEGMENT_NC`], a segment without `:` (3.3).
    SegmentNc,
    /// `path`: [`PATH`], a whole path, `/` kept (3.3).
    Path,
    /// `query`: [`QUERY`], a whole query (3.4).
    Query,
    /// `query-pair`: [`QUERY_PAIR`], one key or value of a
    /// `key=value&...` query, `&`, `=` and `+` encoded.
    QueryPair,
    /// `fragment`: [`FRAGMENT`] (3.5).
    Fragment,
    /// `unreserved`: [`UNRESERVED`], everything but the unreserved
    /// characters encoded (2.3).
    Unreserved,
}

impl EncodeSet {
    /// Every set, in the order the documentation lists them.
    pub const ALL: &'static [EncodeSet] = &[
        EncodeSet::Userinfo,
        EncodeSet::Host,
        EncodeSet::Segment,
        EncodeSet::SegmentNc,
        EncodeSet::Path,
        EncodeSet::Query,
        EncodeSet::QueryPair,
        EncodeSet::Fragment,
        EncodeSet::Unreserved,
    ];

    /// The set's one name: `userinfo`, `host`, `segment`, `segment-nc`,
    /// `path`, `query`, `query-pair`, `fragment` or `unreserved`.
    pub const fn name(self) -> &'static str {
        match self {
            EncodeSet::Userinfo => "userinfo",
            EncodeSet::Host => "host",
            EncodeSet::Segment => "segment",
            EncodeSet::SegmentNc => "segment-nc",
            EncodeSet::Path => "path",
            EncodeSet::Query => "query",
            EncodeSet::QueryPair => "query-pair",
            EncodeSet::Fragment => "fragment",
            EncodeSet::Unreserved => "unreserved",
        }
    }

    /// The set with this [`name`](EncodeSet::name) (exactly; no aliases).
    pub fn from_name(name: &str) -> Option<EncodeSet> {
        <EncodeSet as crate::names::Named>::parse_name(name).ok()
    }

    /// The characters this set leaves as they are, for [`encode`].
    pub const fn class(self) -> &'static CharClass {
        match self {
            EncodeSet::Userinfo => &USERINFO,
            EncodeSet::Host => &REG_NAME,
            EncodeSet::Segment => &PATH_SEGMENT,
            EncodeSet::SegmentNc => &PATH_SEGMENT_NC,
            EncodeSet::Path => &PATH,
            EncodeSet::Query => &QUERY,
            EncodeSet::QueryPair => &QUERY_PAIR,
            EncodeSet::Fragment => &FRAGMENT,
            EncodeSet::Unreserved => &UNRESERVED,
        }
    }
}

impl fmt::Display for EncodeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `%00` to `%FF`, three bytes each, uppercase hex (2.1: producers should use
/// uppercase).
pub(crate) const TRIPLETS: &str = {
    const BYTES: [u8; 768] = {
        let hex = b"0123456789ABCDEF";
        let mut t = [0u8; 768];
        let mut i = 0;
        while i < 256 {
            t[i * 3] = b'%';
            t[i * 3 + 1] = hex[i >> 4];
            t[i * 3 + 2] = hex[i & 15];
            i += 1;
        }
        t
    };
    match core::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("triplet table is ASCII"),
    }
};

/// The `%XX` triplet of a byte, uppercase hex.
#[inline]
pub(crate) fn triplet(b: u8) -> &'static str {
    let i = usize::from(b) * 3;
    // In bounds and on ASCII boundaries for every byte value. The fallback
    // (never taken) has a triplet's length, so that the length is a
    // constant 3 and callers copy the three bytes inline, without a call to
    // `memcpy`.
    TRIPLETS.get(i..i + 3).unwrap_or("%00")
}

/// Whether a byte may stay unencoded with this set: `%` and bytes outside
/// ASCII are always encoded, whatever the set says, so the output is always
/// valid ASCII text in which every `%` starts a triplet.
#[inline(always)]
fn keep(set: &CharClass, b: u8) -> bool {
    b < 0x80 && b != b'%' && set.contains(b)
}

/// The index of the first byte of `data` that [`encode`] must encode.
///
/// Most data needs little or no encoding, so the scan looks at eight bytes
/// at a time while none of them needs it: one word test for bytes outside
/// ASCII, eight table look-ups joined without branches and, only for a set
/// that holds `%`, a zero-byte test on the word XOR `%%%%%%%%`.
#[inline]
fn first_encoded(set: &CharClass, data: &[u8]) -> Option<usize> {
    let pct_in_set = set.contains(b'%');
    let mut i = 0;
    for chunk in data.chunks_exact(8) {
        let Ok(bytes) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let w = u64::from_le_bytes(bytes);
        let has_pct = pct_in_set && matches(w, b'%') != 0;
        let all_in_set = chunk.iter().fold(true, |all, &b| all & set.contains(b));
        if w & HIGH != 0 || has_pct || !all_in_set {
            break;
        }
        i += 8;
    }
    let rest = data.get(i..).unwrap_or_default();
    rest.iter().position(|&b| !keep(set, b)).map(|k| i + k)
}

/// Percent-encode `data` for a component: every byte not in `set` becomes a
/// `%XX` triplet with uppercase hex (2.1). Text is taken as its UTF-8 bytes
/// (2.4: LATIN CAPITAL LETTER A WITH GRAVE is `%C3%80`).
///
/// `%` and every byte outside ASCII are encoded whatever `set` says, so the
/// result is always text that the component's rule accepts when `set` is
/// within that rule's characters. The work is lazy: nothing happens until
/// the result is displayed, iterated or turned into a `Cow`.
///
/// ```
/// use urikit::percent::{encode, PATH_SEGMENT, UNRESERVED};
/// use std::borrow::Cow;
/// assert_eq!(encode("À", &UNRESERVED).to_string(), "%C3%80");
/// assert_eq!(encode("ア", &UNRESERVED).to_string(), "%E3%82%A2");
/// assert_eq!(encode(&[0u8, 255][..], &UNRESERVED).to_string(), "%00%FF");
/// // Nothing to encode: borrowed.
/// assert!(matches!(encode("plain", &PATH_SEGMENT).to_cow(), Cow::Borrowed("plain")));
/// ```
pub fn encode<'a, T: AsRef<[u8]> + ?Sized>(data: &'a T, set: &'a CharClass) -> PercentEncode<'a> {
    PercentEncode {
        rest: data.as_ref(),
        set,
    }
}

/// The lazy result of [`encode`]: an iterator over pieces of the encoded
/// text (runs of bytes kept as they are, and `%XX` triplets), a `Display`,
/// and a source of `Cow<str>`.
///
/// ```
/// use urikit::percent::{encode, QUERY};
/// let pieces: Vec<&str> = encode("a b", &QUERY).collect();
/// assert_eq!(pieces, ["a", "%20", "b"]);
/// ```
#[derive(Clone, Copy, Debug)]
#[must_use]
pub struct PercentEncode<'a> {
    rest: &'a [u8],
    set: &'a CharClass,
}

impl<'a> PercentEncode<'a> {
    /// The encoded text, borrowed from the data when no byte needs encoding.
    ///
    /// ```
    /// use urikit::percent::{encode, PATH};
    /// use std::borrow::Cow;
    /// assert!(matches!(encode("/a/b", &PATH).to_cow(), Cow::Borrowed("/a/b")));
    /// assert_eq!(encode("/a b", &PATH).to_cow(), "/a%20b");
    /// ```
    pub fn to_cow(self) -> Cow<'a, str> {
        let set = self.set;
        match first_encoded(set, self.rest) {
            None => Cow::Borrowed(ascii_str(self.rest)),
            Some(first) => {
                let mut out = String::with_capacity(self.rest.len() + 16);
                out.push_str(ascii_str(&self.rest[..first]));
                for piece in encode(&self.rest[first..], set) {
                    out.push_str(piece);
                }
                Cow::Owned(out)
            }
        }
    }

    /// The length of the encoded text, without building it.
    ///
    /// ```
    /// use urikit::percent::{encode, QUERY};
    /// assert_eq!(encode("a b", &QUERY).encoded_len(), 5);
    /// ```
    pub fn encoded_len(&self) -> usize {
        self.rest
            .iter()
            .map(|&b| if keep(self.set, b) { 1 } else { 3 })
            .sum()
    }
}

/// Bytes that the encoder keeps are ASCII, so they are always a `str`.
#[inline]
fn ascii_str(b: &[u8]) -> &str {
    core::str::from_utf8(b).unwrap_or_default()
}

impl<'a> Iterator for PercentEncode<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&first, tail) = self.rest.split_first()?;
        if !keep(self.set, first) {
            self.rest = tail;
            return Some(triplet(first));
        }
        let n = first_encoded(self.set, self.rest).unwrap_or(self.rest.len());
        let (run, rest) = self.rest.split_at(n);
        self.rest = rest;
        Some(ascii_str(run))
    }
}

impl fmt::Display for PercentEncode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in *self {
            f.write_str(piece)?;
        }
        Ok(())
    }
}

/// Percent-decode the text of one component into data bytes (2.1).
///
/// Every `%` followed by two hex digits (either case) becomes the byte they
/// spell; every other byte, a `%` that does not start a triplet included,
/// stays as it is, so decoding never fails. Decode a component only after it
/// has been split from the others and into its own subcomponents (2.4).
///
/// The work is lazy: [`PercentDecode`] is an iterator of bytes, and its
/// `to_bytes` / `to_str` borrow the input when it holds no `%`.
///
/// ```
/// use urikit::percent::decode;
/// assert_eq!(decode("a%2Fb%7e").to_bytes(), &b"a/b~"[..]);
/// assert_eq!(decode("%C3%80").to_str()?, "À");
/// assert_eq!(decode("100%").to_str()?, "100%");
/// assert!(decode("%FF").to_str().is_err());
/// # Ok::<(), urikit::percent::DecodeError>(())
/// ```
pub fn decode(text: &str) -> PercentDecode<'_> {
    PercentDecode {
        rest: text.as_bytes(),
        plus_as_space: false,
    }
}

/// Percent-decode a key or value of an `application/x-www-form-urlencoded`
/// query: like [`decode`], and `+` is read as a space.
///
/// RFC 3986 gives `+` no meaning of its own; reading it as a space is the
/// rule of the HTML form encoding only, so use this where the query is known
/// to be in that format.
///
/// ```
/// use urikit::percent::{decode, decode_form};
/// assert_eq!(decode_form("a+b%2B").to_str()?, "a b+");
/// assert_eq!(decode("a+b%2B").to_str()?, "a+b+");
/// # Ok::<(), urikit::percent::DecodeError>(())
/// ```
pub fn decode_form(text: &str) -> PercentDecode<'_> {
    PercentDecode {
        rest: text.as_bytes(),
        plus_as_space: true,
    }
}

/// The lazy result of [`decode`] and [`decode_form`]: an iterator over the
/// data bytes.
///
/// ```
/// let bytes: Vec<u8> = urikit::percent::decode("%41b").collect();
/// assert_eq!(bytes, b"Ab");
/// ```
#[derive(Clone, Debug)]
#[must_use]
pub struct PercentDecode<'a> {
    rest: &'a [u8],
    plus_as_space: bool,
}

impl<'a> PercentDecode<'a> {
    /// The index of the first byte that may decode to something else: a
    /// `%`, or a `+` when it reads as a space.
    fn next_special(&self, s: &[u8]) -> Option<usize> {
        if self.plus_as_space {
            find2(s, b'%', b'+')
        } else {
            find2(s, b'%', b'%')
        }
    }

    /// The data bytes, borrowed from the input when it holds nothing to
    /// decode.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use urikit::percent::decode;
    /// assert!(matches!(decode("abc").to_bytes(), Cow::Borrowed(b"abc")));
    /// assert_eq!(decode("a%00").to_bytes(), &b"a\0"[..]);
    /// ```
    pub fn to_bytes(&self) -> Cow<'a, [u8]> {
        let Some(mut at) = self.next_special(self.rest) else {
            return Cow::Borrowed(self.rest);
        };
        let mut out = Vec::with_capacity(self.rest.len());
        let mut s = self.rest;
        // Whole runs between the special bytes go over as slices.
        loop {
            out.extend_from_slice(&s[..at]);
            let mut it = PercentDecode {
                rest: &s[at..],
                plus_as_space: self.plus_as_space,
            };
            match it.next() {
                Some(b) => out.push(b),
                None => break,
            }
            s = it.rest;
            match self.next_special(s) {
                Some(next) => at = next,
                None => {
                    out.extend_from_slice(s);
                    break;
                }
            }
        }
        Cow::Owned(out)
    }

    /// The data as UTF-8 text, borrowed from the input when it holds nothing
    /// to decode; an error when the decoded bytes are not UTF-8.
    ///
    /// ```
    /// use urikit::percent::decode;
    /// assert_eq!(decode("caf%C3%A9").to_str()?, "café");
    /// let err = decode("ok%C3").to_str().unwrap_err();
    /// assert_eq!(err.index(), 2);
    /// assert_eq!(err.to_string(), "decoded data is not UTF-8 (from index 2 of the encoded text)");
    /// # Ok::<(), urikit::percent::DecodeError>(())
    /// ```
    pub fn to_str(&self) -> Result<Cow<'a, str>, DecodeError> {
        let text = ascii_or_utf8(self.rest);
        match self.to_bytes() {
            Cow::Borrowed(_) => Ok(Cow::Borrowed(text)),
            Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(s) => Ok(Cow::Owned(s)),
                Err(e) => {
                    let valid = e.utf8_error().valid_up_to();
                    Err(DecodeError {
                        index: self.encoded_index(valid),
                    })
                }
            },
        }
    }

    /// The data as text, with every invalid UTF-8 sequence replaced by
    /// U+FFFD REPLACEMENT CHARACTER.
    ///
    /// ```
    /// assert_eq!(urikit::percent::decode("a%FFb").to_str_lossy(), "a\u{FFFD}b");
    /// ```
    pub fn to_str_lossy(&self) -> Cow<'a, str> {
        match self.to_bytes() {
            Cow::Borrowed(_) => Cow::Borrowed(ascii_or_utf8(self.rest)),
            Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(s) => Cow::Owned(s),
                Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
            },
        }
    }

    /// The index in the encoded text of the start of decoded byte `n`.
    fn encoded_index(&self, n: usize) -> usize {
        let mut it = self.clone();
        for _ in 0..n {
            if it.next().is_none() {
                break;
            }
        }
        self.rest.len() - it.rest.len()
    }
}

/// The input of a decoder came from a `&str`.
#[inline]
fn ascii_or_utf8(b: &[u8]) -> &str {
    core::str::from_utf8(b).unwrap_or_default()
}

/// The high bit of each byte of the word `w` (eight bytes read
/// little-endian) that may equal `b`: the zero-byte test on `w ^ bbbbbbbb`.
/// Nonzero exactly when some byte equals `b`, and the lowest flagged byte
/// is always a true match (a borrow only flags bytes above a match).
#[inline(always)]
fn matches(w: u64, b: u8) -> u64 {
    let x = w ^ (ONES * u64::from(b));
    x.wrapping_sub(ONES) & !x & HIGH
}

/// The index of the first `a` or `b` in `s`, eight bytes at a time.
fn find2(s: &[u8], a: u8, b: u8) -> Option<usize> {
    let mut i = 0;
    while let Some(chunk) = s.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let x = u64::from_le_bytes(w);
        let m = matches(x, a) | matches(x, b);
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    s[i..].iter().position(|&c| c == a || c == b).map(|k| i + k)
}

impl Iterator for PercentDecode<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let (&b, tail) = self.rest.split_first()?;
        if b == b'%'
            && let [h, l, rest @ ..] = tail
            && let (Some(h), Some(l)) = (hex_value(*h), hex_value(*l))
        {
            self.rest = rest;
            return Some((h << 4) | l);
        }
        self.rest = tail;
        if b == b'+' && self.plus_as_space {
            Some(b' ')
        } else {
            Some(b)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.rest.len().div_ceil(3), Some(self.rest.len()))
    }
}

/// Decoded data that is not UTF-8.
///
/// ```
/// let err = urikit::percent::decode("%E3%82").to_str().unwrap_err();
/// assert_eq!(err.index(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    index: usize,
}

impl DecodeError {
    /// The index in the encoded text where the first byte of the invalid
    /// UTF-8 sequence was written (a `%` when it was percent-encoded).
    ///
    /// ```
    /// assert_eq!(urikit::percent::decode("ab%FF").to_str().unwrap_err().index(), 2);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "decoded data is not UTF-8 (from index {} of the encoded text)",
            self.index
        )
    }
}

// core::error::Error (Rust 1.81): the same trait as std::error::Error, so
// no_std users get it too.
impl core::error::Error for DecodeError {}

impl crate::names::Named for EncodeSet {
    const WHAT: &'static str = "encode set";
    const UNKNOWN: &'static str = "unknown-encode-set";
    const ALL: &'static [Self] = EncodeSet::ALL;
    fn name(self) -> &'static str {
        EncodeSet::name(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triplets_are_uppercase() {
        assert_eq!(triplet(0), "%00");
        assert_eq!(triplet(0x2f), "%2F");
        assert_eq!(triplet(0xff), "%FF");
    }

    #[test]
    fn percent_and_non_ascii_are_always_encoded() {
        let all = CharClass::EMPTY.complement();
        assert_eq!(encode("%é", &all).to_string(), "%25%C3%A9");
    }

    #[test]
    fn decode_keeps_malformed_triplets() {
        assert_eq!(decode("%").to_bytes(), &b"%"[..]);
        assert_eq!(decode("%4").to_bytes(), &b"%4"[..]);
        assert_eq!(decode("%zz%41").to_bytes(), &b"%zzA"[..]);
    }
}
