//! What the IRI operations accept: anything that names an IRI reference or
//! an IRI, parsed or not (text is parsed on use), through one trait each,
//! as `ToUriRef` and `ToUri` do for URIs. The URI types are IRIs already.

use alloc::borrow::Cow;
use alloc::string::String;

use super::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::error::{ErrorKind, ParseError};
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};

/// A value that is, or parses as, an IRI reference.
///
/// ```
/// use urikit::{Iri, ToIriRef};
/// let base = Iri::parse("http://ä/a/b")?;
/// assert_eq!(base.resolve("c")?, "http://ä/a/c");
/// assert_eq!(base.resolve(urikit::IriRef::parse("ö")?)?, "http://ä/a/ö");
/// assert!("ä".to_iri_ref().is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ToIriRef {
    /// The value as a borrowed [`IriRef`], parsing text.
    ///
    /// ```
    /// use urikit::ToIriRef;
    /// assert_eq!(String::from("/ü").to_iri_ref()?.path(), "/ü");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    fn to_iri_ref(&self) -> Result<IriRef<'_>, ParseError>;
}

/// A value that is, or parses as, an IRI (and so an IRI reference too:
/// every `ToIri` is a [`ToIriRef`]).
///
/// ```
/// use urikit::{IriRef, ToIri};
/// assert!("s:ä".to_iri().is_ok());
/// assert!(IriRef::parse("ä")?.to_iri().is_err());
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub trait ToIri: ToIriRef {
    /// The value as a borrowed [`Iri`], parsing text.
    ///
    /// ```
    /// use urikit::ToIri;
    /// assert_eq!("s:ü".to_iri()?.path(), "ü");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    fn to_iri(&self) -> Result<Iri<'_>, ParseError>;
}

macro_rules! text_impls {
    ($($t:ty),*) => {$(
        impl ToIriRef for $t {
            #[inline]
            fn to_iri_ref(&self) -> Result<IriRef<'_>, ParseError> {
                IriRef::parse(self)
            }
        }
        impl ToIri for $t {
            #[inline]
            fn to_iri(&self) -> Result<Iri<'_>, ParseError> {
                Iri::parse(self)
            }
        }
    )*};
}

text_impls!(str, String, Cow<'_, str>);

macro_rules! ref_impls {
    ($($t:ty => |$r:ident| $e:expr_2021),*) => {$(
        impl ToIriRef for $t {
            #[inline]
            fn to_iri_ref(&self) -> Result<IriRef<'_>, ParseError> {
                let $r = self;
                Ok($e)
            }
        }
    )*};
}

ref_impls!(
    IriRef<'_> => |r| *r,
    Iri<'_> => |r| r.as_iri_ref(),
    IriRefBuf => |r| r.as_iri_ref(),
    IriBuf => |r| r.as_iri().as_iri_ref(),
    UriRef<'_> => |r| IriRef::from(*r),
    Uri<'_> => |r| IriRef::from(*r),
    UriRefBuf => |r| IriRef::from(r.as_uri_ref()),
    UriBuf => |r| IriRef::from(r.as_uri())
);

/// A relative reference where an IRI is needed.
fn not_absolute<'a>(r: IriRef<'a>) -> Result<Iri<'a>, ParseError> {
    r.as_iri()
        .ok_or(ParseError::new(0, ErrorKind::MissingScheme))
}

macro_rules! abs_impls {
    ($($t:ty => |$r:ident| $e:expr_2021),*) => {$(
        impl ToIri for $t {
            #[inline]
            fn to_iri(&self) -> Result<Iri<'_>, ParseError> {
                let $r = self;
                $e
            }
        }
    )*};
}

abs_impls!(
    Iri<'_> => |r| Ok(*r),
    IriBuf => |r| Ok(r.as_iri()),
    IriRef<'_> => |r| not_absolute(*r),
    IriRefBuf => |r| not_absolute(r.as_iri_ref()),
    Uri<'_> => |r| Ok(Iri::from(*r)),
    UriBuf => |r| Ok(Iri::from(r.as_uri())),
    UriRef<'_> => |r| not_absolute(IriRef::from(*r)),
    UriRefBuf => |r| not_absolute(IriRef::from(r.as_uri_ref()))
);

impl<T: ToIriRef + ?Sized> ToIriRef for &T {
    #[inline]
    fn to_iri_ref(&self) -> Result<IriRef<'_>, ParseError> {
        (**self).to_iri_ref()
    }
}

impl<T: ToIri + ?Sized> ToIri for &T {
    #[inline]
    fn to_iri(&self) -> Result<Iri<'_>, ParseError> {
        (**self).to_iri()
    }
}
