//! What the operations accept: anything that names a URI reference or a URI,
//! parsed or not, through one trait each.
//!
//! Resolution, make-relative and same-document tests take
//! `impl ToUriRef` or `impl ToUri`, so a caller passes what it has: a
//! `&str`, a `String`, a borrowed [`UriRef`] or [`Uri`], an owned
//! [`UriRefBuf`] or [`UriBuf`], or a reference to any of them. Text is parsed
//! on use, and text that does not parse is an error that says so; a parsed
//! value is used as it is, for free.

use alloc::borrow::Cow;
use alloc::string::String;

use super::{Uri, UriBuf, UriRef, UriRefBuf};
use crate::error::ParseError;

/// A value that names a URI reference (`URI-reference`, 4.1).
///
/// Implemented for `str`, `String`, `Cow<str>` (parsed on use), the four
/// parsed types (free), and references to any of them.
///
/// ```
/// use urikit::{ToUriRef, UriRefBuf};
/// assert_eq!("../g".to_uri_ref()?.path(), "../g");
/// let owned = UriRefBuf::parse("a?b")?;
/// assert_eq!((&owned).to_uri_ref()?.query(), Some("b"));
/// assert!("a b".to_uri_ref().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ToUriRef {
    /// The value as a borrowed [`UriRef`], parsing it first if it is text.
    ///
    /// ```
    /// use urikit::ToUriRef;
    /// let err = "http://exa mple/".to_uri_ref().unwrap_err();
    /// assert_eq!(err.index(), 10);
    /// ```
    fn to_uri_ref(&self) -> Result<UriRef<'_>, ParseError>;
}

/// A value that names a URI (`URI`, section 3): a scheme is required. Every
/// URI is a URI reference, so every `ToUri` is a [`ToUriRef`] too.
///
/// Implemented for `str`, `String`, `Cow<str>` (parsed on use), [`Uri`] and
/// [`UriBuf`] (free), [`UriRef`] and [`UriRefBuf`] (an error when relative),
/// and references to any of them.
///
/// ```
/// use urikit::{ErrorKind, ToUri, UriRef};
/// assert_eq!("s:p".to_uri()?.scheme(), "s");
/// let rel = UriRef::parse("/p")?;
/// assert_eq!(rel.to_uri().unwrap_err().kind(), ErrorKind::MissingScheme);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ToUri: ToUriRef {
    /// The value as a borrowed [`Uri`], parsing it first if it is text.
    ///
    /// ```
    /// use urikit::ToUri;
    /// assert!("//a/b".to_uri().is_err());
    /// assert!(String::from("a:b").to_uri().is_ok());
    /// ```
    fn to_uri(&self) -> Result<Uri<'_>, ParseError>;
}

impl ToUriRef for str {
    #[inline]
    fn to_uri_ref(&self) -> Result<UriRef<'_>, ParseError> {
        UriRef::parse(self)
    }
}

impl ToUriRef for String {
    #[inline]
    fn to_uri_ref(&self) -> Result<UriRef<'_>, ParseError> {
        UriRef::parse(self)
    }
}

impl ToUriRef for Cow<'_, str> {
    #[inline]
    fn to_uri_ref(&self) -> Result<UriRef<'_>, ParseError> {
        UriRef::parse(self)
    }
}

impl ToUriRef for UriRef<'_> {
    #[inline]
    fn to_uri_ref(&self) -> Result<UriRef<'_>, ParseError> {
        Ok(*self)
    }
}

impl ToUriRef for Uri<'_> {
    #[inline]
    fn to_uri_ref(&self) -> Result<UriRef<'_>, ParseError> {
        Ok(self.as_uri_ref())
    }
}

impl ToUriRef for UriRefBuf {
    #[inline]
    fn to_uri_ref(&self) -> Result<UriRef<'_>, ParseError> {
        Ok(self.as_uri_ref())
    }
}

impl ToUriRef for UriBuf {
    #[inline]
    fn to_uri_ref(&self) -> Result<UriRef<'_>, ParseError> {
        Ok(self.as_uri().as_uri_ref())
    }
}

impl<T: ToUriRef + ?Sized> ToUriRef for &T {
    #[inline]
    fn to_uri_ref(&self) -> Result<UriRef<'_>, ParseError> {
        (**self).to_uri_ref()
    }
}

impl ToUri for str {
    #[inline]
    fn to_uri(&self) -> Result<Uri<'_>, ParseError> {
        Uri::parse(self)
    }
}

impl ToUri for String {
    #[inline]
    fn to_uri(&self) -> Result<Uri<'_>, ParseError> {
        Uri::parse(self)
    }
}

impl ToUri for Cow<'_, str> {
    #[inline]
    fn to_uri(&self) -> Result<Uri<'_>, ParseError> {
        Uri::parse(self)
    }
}

impl ToUri for Uri<'_> {
    #[inline]
    fn to_uri(&self) -> Result<Uri<'_>, ParseError> {
        Ok(*self)
    }
}

impl ToUri for UriBuf {
    #[inline]
    fn to_uri(&self) -> Result<Uri<'_>, ParseError> {
        Ok(self.as_uri())
    }
}

impl ToUri for UriRef<'_> {
    #[inline]
    fn to_uri(&self) -> Result<Uri<'_>, ParseError> {
        match self.as_uri() {
            Some(u) => Ok(u),
            // The exact error (kind and index) is the parser's.
            None => Uri::parse(self.as_str()),
        }
    }
}

impl ToUri for UriRefBuf {
    #[inline]
    fn to_uri(&self) -> Result<Uri<'_>, ParseError> {
        match self.as_uri_ref().as_uri() {
            Some(u) => Ok(u),
            None => Uri::parse(self.as_str()),
        }
    }
}

impl<T: ToUri + ?Sized> ToUri for &T {
    #[inline]
    fn to_uri(&self) -> Result<Uri<'_>, ParseError> {
        (**self).to_uri()
    }
}
