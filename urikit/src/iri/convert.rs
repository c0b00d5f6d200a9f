//! Conversions between the IRI types, and from the URI types (every URI is
//! an IRI: the same text and offsets, no work).

use alloc::string::String;

use super::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::error::{ErrorKind, ParseError};
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};

impl<'a> From<Uri<'a>> for Iri<'a> {
    /// ```
    /// let iri: urikit::Iri = urikit::Uri::parse("http://a/b")?.into();
    /// assert_eq!(iri.path(), "/b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    fn from(u: Uri<'a>) -> Iri<'a> {
        Iri {
            s: u.as_str(),
            m: *u.meta_ref(),
        }
    }
}

impl<'a> From<UriRef<'a>> for IriRef<'a> {
    fn from(u: UriRef<'a>) -> IriRef<'a> {
        IriRef {
            s: u.as_str(),
            m: u.meta(),
        }
    }
}

impl<'a> From<Uri<'a>> for IriRef<'a> {
    fn from(u: Uri<'a>) -> IriRef<'a> {
        Iri::from(u).as_iri_ref()
    }
}

impl From<UriBuf> for IriBuf {
    fn from(u: UriBuf) -> IriBuf {
        IriBuf::from_uri_parts(u)
    }
}

impl From<UriRefBuf> for IriRefBuf {
    fn from(u: UriRefBuf) -> IriRefBuf {
        IriRefBuf::from_uri_parts(u)
    }
}

impl<'a> From<Iri<'a>> for IriRef<'a> {
    fn from(u: Iri<'a>) -> IriRef<'a> {
        u.as_iri_ref()
    }
}

impl From<IriBuf> for IriRefBuf {
    fn from(u: IriBuf) -> IriRefBuf {
        IriRefBuf { s: u.s, m: u.m }
    }
}

impl<'a> TryFrom<IriRef<'a>> for Iri<'a> {
    type Error = ParseError;
    /// Fails with [`ErrorKind::MissingScheme`] for a relative reference.
    fn try_from(r: IriRef<'a>) -> Result<Iri<'a>, ParseError> {
        r.as_iri()
            .ok_or(ParseError::new(0, ErrorKind::MissingScheme))
    }
}

impl<'a> TryFrom<&'a str> for IriRef<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<IriRef<'a>, ParseError> {
        IriRef::parse(s)
    }
}

impl<'a> TryFrom<&'a str> for Iri<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<Iri<'a>, ParseError> {
        Iri::parse(s)
    }
}

impl TryFrom<String> for IriRefBuf {
    type Error = ParseError;
    fn try_from(s: String) -> Result<IriRefBuf, ParseError> {
        IriRefBuf::parse(s)
    }
}

impl TryFrom<String> for IriBuf {
    type Error = ParseError;
    fn try_from(s: String) -> Result<IriBuf, ParseError> {
        IriBuf::parse(s)
    }
}

impl TryFrom<&str> for IriRefBuf {
    type Error = ParseError;
    fn try_from(s: &str) -> Result<IriRefBuf, ParseError> {
        IriRefBuf::parse(s)
    }
}

impl TryFrom<&str> for IriBuf {
    type Error = ParseError;
    fn try_from(s: &str) -> Result<IriBuf, ParseError> {
        IriBuf::parse(s)
    }
}

impl core::str::FromStr for IriRefBuf {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<IriRefBuf, ParseError> {
        IriRef::parse(s).map(IriRef::into_owned)
    }
}

impl core::str::FromStr for IriBuf {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<IriBuf, ParseError> {
        Iri::parse(s).map(Iri::into_owned)
    }
}

impl From<IriRefBuf> for String {
    fn from(u: IriRefBuf) -> String {
        u.s
    }
}

impl From<IriBuf> for String {
    fn from(u: IriBuf) -> String {
        u.s
    }
}
