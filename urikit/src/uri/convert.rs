//! Conversions between the four types and from strings, and the
//! crate-internal constructors.

use alloc::string::String;

use super::{Uri, UriBuf, UriRef, UriRefBuf};
use crate::error::{ErrorKind, ParseError};
use crate::parse::{Meta, Top, parse};

impl<'a> From<Uri<'a>> for UriRef<'a> {
    fn from(u: Uri<'a>) -> UriRef<'a> {
        u.as_uri_ref()
    }
}

impl From<UriBuf> for UriRefBuf {
    fn from(u: UriBuf) -> UriRefBuf {
        UriRefBuf { s: u.s, m: u.m }
    }
}

impl<'a> TryFrom<UriRef<'a>> for Uri<'a> {
    type Error = ParseError;
    /// Fails with [`ErrorKind::MissingScheme`] for a relative reference.
    fn try_from(r: UriRef<'a>) -> Result<Uri<'a>, ParseError> {
        r.as_uri()
            .ok_or(ParseError::new(0, ErrorKind::MissingScheme))
    }
}

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<UriRef<'a>, ParseError> {
        UriRef::parse(s)
    }
}

impl<'a> TryFrom<&'a str> for Uri<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<Uri<'a>, ParseError> {
        Uri::parse(s)
    }
}

impl TryFrom<String> for UriRefBuf {
    type Error = ParseError;
    fn try_from(s: String) -> Result<UriRefBuf, ParseError> {
        UriRefBuf::parse(s)
    }
}

impl TryFrom<String> for UriBuf {
    type Error = ParseError;
    fn try_from(s: String) -> Result<UriBuf, ParseError> {
        UriBuf::parse(s)
    }
}

impl TryFrom<&str> for UriRefBuf {
    type Error = ParseError;
    fn try_from(s: &str) -> Result<UriRefBuf, ParseError> {
        UriRef::parse(s).map(UriRef::into_owned)
    }
}

impl TryFrom<&str> for UriBuf {
    type Error = ParseError;
    fn try_from(s: &str) -> Result<UriBuf, ParseError> {
        Uri::parse(s).map(Uri::into_owned)
    }
}

impl core::str::FromStr for UriRefBuf {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<UriRefBuf, ParseError> {
        UriRef::parse(s).map(UriRef::into_owned)
    }
}

impl core::str::FromStr for UriBuf {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<UriBuf, ParseError> {
        Uri::parse(s).map(Uri::into_owned)
    }
}

impl From<UriRefBuf> for String {
    fn from(u: UriRefBuf) -> String {
        u.s
    }
}

impl From<UriBuf> for String {
    fn from(u: UriBuf) -> String {
        u.s
    }
}

// Crate-internal constructors for code that writes a text and knows its
// offsets as it goes (resolution, 5.2; normalization, 6.2), so that it need
// not parse its own output. Debug builds check the offsets against a fresh
// parse.
impl<'a> UriRef<'a> {
    /// `s` must be a valid URI reference and `m` its parse.
    pub(crate) fn from_parts(s: &'a str, m: Meta) -> UriRef<'a> {
        debug_assert!(parts_ok(s, Top::UriReference, m), "{s}");
        UriRef { s, m }
    }

    #[inline]
    pub(crate) fn meta(&self) -> Meta {
        self.m
    }

    /// The offsets in place (no copy), for hot paths.
    #[inline]
    pub(crate) fn meta_ref(&self) -> &Meta {
        &self.m
    }
}

impl Uri<'_> {
    /// The offsets in place (no copy), for hot paths.
    #[inline]
    pub(crate) fn meta_ref(&self) -> &Meta {
        &self.m
    }
}

impl UriRefBuf {
    /// `s` must be a valid URI reference and `m` its parse.
    pub(crate) fn from_parts(s: String, m: Meta) -> UriRefBuf {
        debug_assert!(parts_ok(&s, Top::UriReference, m), "{s}");
        UriRefBuf { s, m }
    }

    /// The text and its offsets, for the IRI types (`crate::iri`).
    pub(crate) fn into_parts(self) -> (String, Meta) {
        (self.s, self.m)
    }
}

impl UriBuf {
    /// `s` must be a valid URI and `m` its parse.
    pub(crate) fn from_parts(s: String, m: Meta) -> UriBuf {
        debug_assert!(parts_ok(&s, Top::Uri, m), "{s}");
        UriBuf { s, m }
    }

    /// The text and its offsets, for the IRI types (`crate::iri`).
    pub(crate) fn into_parts(self) -> (String, Meta) {
        (self.s, self.m)
    }
}

impl<'a> Uri<'a> {
    /// `s` must be a valid URI and `m` its parse.
    pub(crate) fn from_parts(s: &'a str, m: Meta) -> Uri<'a> {
        debug_assert!(parts_ok(s, Top::Uri, m), "{s}");
        Uri { s, m }
    }
}

/// Whether `m` is the parse of `s`. The IRI types (`crate::iri`) run the
/// URI algorithms (resolution, normalization), which look only at ASCII
/// delimiters, on views of their text; such a text parses as an IRI. The
/// parse options (`crate::zone`) may have accepted a zone identifier.
fn parts_ok(s: &str, top: Top, m: Meta) -> bool {
    use crate::parse::{parse_with, profile};
    parse(s.as_bytes(), top) == Ok(m)
        || parse_with::<{ profile::IRI | profile::ZONE_ID | profile::ZONE_RAW }>(s.as_bytes(), top)
            == Ok(m)
}
