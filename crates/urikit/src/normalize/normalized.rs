//! The result of normalization, and the `normalize` methods of the URI
//! types.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use super::{Level, Normalizer};
use crate::parse::{Meta, NONE};
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};

/// The result of normalization: the normal form's text, borrowed from the
/// input when it was normal already, with its component offsets.
///
/// Display writes the text. Equality with a `str` compares the text.
///
/// ```
/// let n = urikit::UriRef::parse("HTTP://Example.COM/%7Euser")?.normalize();
/// assert_eq!(n, "http://example.com/~user");
/// assert_eq!(n.as_uri_ref().host_str(), Some("example.com"));
/// assert!(!n.is_borrowed());
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Normalized<'a> {
    pub(super) text: Cow<'a, str>,
    pub(super) m: Meta,
}

// The offsets follow from the text, so the text alone decides these.
impl PartialEq for Normalized<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Normalized<'_> {}

impl PartialOrd for Normalized<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Normalized<'_> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl core::hash::Hash for Normalized<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl<'a> Normalized<'a> {
    /// The normal form's text.
    ///
    /// ```
    /// assert_eq!(urikit::Uri::parse("A:b")?.normalize().as_str(), "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether the input was normal already, so the result borrows it.
    ///
    /// ```
    /// assert!(urikit::Uri::parse("a:b")?.normalize().is_borrowed());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_borrowed(&self) -> bool {
        matches!(self.text, Cow::Borrowed(_))
    }

    /// A parsed view of the normal form, without parsing again.
    ///
    /// ```
    /// let n = urikit::UriRef::parse("//H/a")?.normalize();
    /// assert_eq!(n.as_uri_ref().host_str(), Some("h"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef::from_parts(&self.text, self.m)
    }

    /// A parsed view as a [`Uri`], if the normal form has a scheme (it has
    /// one exactly when the input had one).
    ///
    /// ```
    /// let n = urikit::Uri::parse("S:%41")?.normalize();
    /// assert!(n.as_uri().is_some_and(|u| u.path() == "A"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_uri(&self) -> Option<Uri<'_>> {
        self.as_uri_ref().as_uri()
    }

    /// The text as a `Cow`.
    ///
    /// ```
    /// let s: std::borrow::Cow<str> = urikit::Uri::parse("a:b")?.normalize().into_cow();
    /// assert_eq!(s, "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_cow(self) -> Cow<'a, str> {
        self.text
    }

    /// The text as a `String`.
    ///
    /// ```
    /// assert_eq!(urikit::Uri::parse("A:b")?.normalize().into_string(), "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.text.into_owned()
    }

    /// An owned copy that no longer borrows the input.
    ///
    /// ```
    /// let n = { let s = String::from("A:b"); urikit::Uri::parse(&s)?.normalize().into_owned() };
    /// assert_eq!(n, "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Normalized<'static> {
        Normalized {
            text: Cow::Owned(self.text.into_owned()),
            m: self.m,
        }
    }

    /// The normal form as an owned [`UriRefBuf`], without parsing again.
    ///
    /// ```
    /// let r = urikit::UriRef::parse("a/%62")?.normalize().into_uri_ref_buf();
    /// assert_eq!(r.path(), "a/b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_uri_ref_buf(self) -> UriRefBuf {
        UriRefBuf::from_parts(self.text.into_owned(), self.m)
    }

    /// The normal form as an owned [`UriBuf`], if it has a scheme.
    ///
    /// ```
    /// let u = urikit::Uri::parse("HTTP://h/")?.normalize().into_uri_buf().unwrap();
    /// assert_eq!(u.scheme(), "http");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_uri_buf(self) -> Option<UriBuf> {
        (self.m.scheme_end != NONE).then(|| UriBuf::from_parts(self.text.into_owned(), self.m))
    }
}

impl fmt::Display for Normalized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for Normalized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Normalized").field(&self.as_str()).finish()
    }
}

impl PartialEq<str> for Normalized<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Normalized<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl AsRef<str> for Normalized<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

macro_rules! normalize_methods {
    ($ty:ident, $lt:lifetime, $view:expr_2021) => {
        /// Syntax-based normalization (6.2.2): lowercase scheme and host,
        /// uppercase percent-encoding hex, decode percent-encoded unreserved
        /// characters, remove dot segments (URIs only), drop an empty port.
        /// The result borrows when the value is normal already. See
        /// [`crate::normalize`] for the details and [`Normalizer`] for the
        /// options.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"eXAMPLE://a/./b/../b/%63/%7bfoo%7d\").unwrap();")]
        /// assert_eq!(u.normalize().to_string(), "example://a/b/c/%7Bfoo%7D");
        /// ```
        pub fn normalize(&self) -> Normalized<$lt> {
            Normalizer::new(Level::Syntax).normalize_parsed(($view)(self))
        }

        /// [`Self::normalize`] with a configured [`Normalizer`] (as the IRI
        /// types have it): never fails, the value is parsed.
        ///
        /// ```
        /// use urikit::normalize::{Level, Normalizer};
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"HTTP://a:80/\").unwrap();")]
        /// assert_eq!(u.normalize_with(&Normalizer::new(Level::Scheme)), "http://a/");
        /// ```
        pub fn normalize_with(&self, normalizer: &Normalizer<'_>) -> Normalized<$lt> {
            normalizer.normalize_parsed(($view)(self))
        }

        /// Whether [`normalize`](Self::normalize) would leave the value
        /// unchanged. Never allocates.
        ///
        /// ```
        #[doc = concat!("assert!(urikit::", stringify!($ty), "::parse(\"http://a/b?#\").unwrap().is_normalized());")]
        #[doc = concat!("assert!(!urikit::", stringify!($ty), "::parse(\"HTTP://a/\").unwrap().is_normalized());")]
        /// ```
        pub fn is_normalized(&self) -> bool {
            Normalizer::new(Level::Syntax).is_normalized_parsed(($view)(self))
        }
    };
}

pub(super) fn uri_buf_view(u: &UriBuf) -> UriRef<'_> {
    u.as_uri().as_uri_ref()
}

impl<'a> UriRef<'a> {
    normalize_methods!(UriRef, 'a, UriRef::clone);
}

impl<'a> Uri<'a> {
    normalize_methods!(Uri, 'a, Uri::as_uri_ref);
}

impl UriRefBuf {
    normalize_methods!(UriRefBuf, '_, UriRefBuf::as_uri_ref);
}

impl UriBuf {
    normalize_methods!(UriBuf, '_, uri_buf_view);
}
