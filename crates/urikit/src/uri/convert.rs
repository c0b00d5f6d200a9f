//! Conversions between the four types and from strings, and the
//! crate-internal constructors.

use alloc::string::String;

use super::{Uri, UriBuf, UriRef, UriRefBuf};
use crate::error::{ErrorKind, ParseError};
use crate::parse::{Meta, Top, parse};

/// The conversions among the four types of one kind and from strings:
/// `$r`, `$a`, `$rb`, `$ab` are the borrowed reference, the borrowed
/// absolute type and their owned forms; `$as_r` and `$as_a` the views
/// between the borrowed ones. The IRI types (`crate::iri`) share them.
macro_rules! conversions {
    ($r:ident, $a:ident, $rb:ident, $ab:ident, $as_r:ident, $as_a:ident) => {
        impl<'a> From<$a<'a>> for $r<'a> {
            fn from(u: $a<'a>) -> $r<'a> {
                u.$as_r()
            }
        }

        impl From<$ab> for $rb {
            fn from(u: $ab) -> $rb {
                $rb { s: u.s, m: u.m }
            }
        }

        impl<'a> TryFrom<$r<'a>> for $a<'a> {
            type Error = ParseError;
            /// Fails with [`ErrorKind::MissingScheme`] for a relative
            /// reference.
            fn try_from(r: $r<'a>) -> Result<$a<'a>, ParseError> {
                r.$as_a()
                    .ok_or(ParseError::new(0, ErrorKind::MissingScheme))
            }
        }

        impl<'a> TryFrom<&'a str> for $r<'a> {
            type Error = ParseError;
            fn try_from(s: &'a str) -> Result<$r<'a>, ParseError> {
                $r::parse(s)
            }
        }

        impl<'a> TryFrom<&'a str> for $a<'a> {
            type Error = ParseError;
            fn try_from(s: &'a str) -> Result<$a<'a>, ParseError> {
                $a::parse(s)
            }
        }

        impl TryFrom<String> for $rb {
            type Error = ParseError;
            fn try_from(s: String) -> Result<$rb, ParseError> {
                $rb::parse(s)
            }
        }

        impl TryFrom<String> for $ab {
            type Error = ParseError;
            fn try_from(s: String) -> Result<$ab, ParseError> {
                $ab::parse(s)
            }
        }

        // From text: parse the borrowed form first, so that nothing is
        // allocated for an invalid input.
        impl TryFrom<&str> for $rb {
            type Error = ParseError;
            fn try_from(s: &str) -> Result<$rb, ParseError> {
                $r::parse(s).map($r::into_owned)
            }
        }

        impl TryFrom<&str> for $ab {
            type Error = ParseError;
            fn try_from(s: &str) -> Result<$ab, ParseError> {
                $a::parse(s).map($a::into_owned)
            }
        }

        impl core::str::FromStr for $rb {
            type Err = ParseError;
            fn from_str(s: &str) -> Result<$rb, ParseError> {
                $r::parse(s).map($r::into_owned)
            }
        }

        impl core::str::FromStr for $ab {
            type Err = ParseError;
            fn from_str(s: &str) -> Result<$ab, ParseError> {
                $a::parse(s).map($a::into_owned)
            }
        }

        impl From<$rb> for String {
            fn from(u: $rb) -> String {
                u.s
            }
        }

        impl From<$ab> for String {
            fn from(u: $ab) -> String {
                u.s
            }
        }
    };
}

pub(crate) use conversions;

conversions!(UriRef, Uri, UriRefBuf, UriBuf, as_uri_ref, as_uri);

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
