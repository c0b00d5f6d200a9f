//! Conversions between the IRI types, and from the URI types (every URI is
//! an IRI: the same text and offsets, no work).

use alloc::string::String;

use super::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::error::{ErrorKind, ParseError};
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf, conversions};

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

conversions!(IriRef, Iri, IriRefBuf, IriBuf, as_iri_ref, as_iri);
