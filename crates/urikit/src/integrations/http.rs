//! Conversions with [`http::Uri`] (feature `http`).
//!
//! `http::Uri` holds an HTTP request target (RFC 9112 3.2): the absolute
//! form `scheme://authority/path?query`, the origin form `/path?query`, the
//! authority form `host:port` and `*`. It has no fragment, and its parser
//! drops one silently. These conversions never do:
//!
//! - **To `http::Uri`** (`TryFrom` for each URI type, by value or
//!   reference): a fragment is an error
//!   ([`HttpUriErrorKind::Fragment`]); `to_http_uri_lossy` drops it on
//!   request. A form that `http::Uri` cannot hold (`mailto:a@b`,
//!   `urn:x`, `../a`) is an error, and so is any reading that differs from
//!   ours in a component. Two changes are accepted, both equivalences of
//!   RFC 3986 section 6: `http::Uri` writes the schemes `http` and `https`
//!   in lower case (6.2.2.1), and an empty path after an authority as `/`
//!   (6.2.3). A network-path reference of an authority alone (`//host:port`)
//!   becomes the authority form.
//! - **From `http::Uri`** (`TryFrom<http::Uri>` and `TryFrom<&http::Uri>`
//!   for [`UriRefBuf`] and [`UriBuf`]): the text is parsed by RFC 3986,
//!   so the characters that `http::Uri` lets through in a path or query
//!   (`"`, `{`, `|`, non-ASCII …) are errors
//!   ([`HttpUriErrorKind::Invalid`]), with the index in the text. The
//!   authority form becomes `//host:port`.
//!
//! ```
//! use urikit::{UriBuf, UriRef};
//! use urikit::integrations::http::HttpUriErrorKind;
//!
//! let ours = UriBuf::parse("https://example.com/a?b")?;
//! let theirs = http::Uri::try_from(&ours)?;
//! assert_eq!(theirs.path(), "/a");
//! assert_eq!(UriBuf::try_from(&theirs)?, ours);
//!
//! let with_fragment = UriRef::parse("/a#top")?;
//! let err = http::Uri::try_from(with_fragment).unwrap_err();
//! assert_eq!((err.kind(), err.index()), (HttpUriErrorKind::Fragment, Some(2)));
//! assert_eq!(with_fragment.to_http_uri_lossy()?, "/a");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::names::kind_names;
use alloc::string::String;
use core::fmt;

use crate::{ErrorKind, Uri, UriBuf, UriRef, UriRefBuf};

/// Why a conversion with [`http::Uri`] failed.
///
/// ```
/// use urikit::integrations::http::HttpUriErrorKind;
/// let err = http::Uri::try_from(urikit::Uri::parse("mailto:a@b")?).unwrap_err();
/// assert_eq!(err.kind(), HttpUriErrorKind::Changed);
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HttpUriErrorKind {
    /// A fragment, which `http::Uri` cannot hold (use `to_http_uri_lossy`
    /// to drop it).
    Fragment,
    /// `http::Uri`'s parser refuses the text (its reason is the error's
    /// `source()`).
    Rejected,
    /// `http::Uri` reads the text with different components: `mailto:a@b`
    /// as an authority, for one. The index is where the first differing
    /// component starts.
    Changed,
    /// The text of an `http::Uri` is not a valid RFC 3986 URI (or, for
    /// `UriBuf`, has no scheme); the parser's reason.
    Invalid(ErrorKind),
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// use urikit::integrations::http::HttpUriErrorKind;
    /// assert_eq!(HttpUriErrorKind::Changed.name(), "changed");
    /// ```
    HttpUriErrorKind {
        HttpUriErrorKind::Fragment => "fragment",
        HttpUriErrorKind::Rejected => "rejected",
        HttpUriErrorKind::Changed => "changed",
        HttpUriErrorKind::Invalid(_) => "invalid-uri",
    }
}

impl fmt::Display for HttpUriErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpUriErrorKind::Fragment => {
                f.write_str("fragment, which http::Uri cannot hold (to_http_uri_lossy drops it)")
            }
            HttpUriErrorKind::Rejected => f.write_str("form that http::Uri cannot hold"),
            HttpUriErrorKind::Changed => {
                f.write_str("http::Uri reads this with different components")
            }
            HttpUriErrorKind::Invalid(kind) => write!(f, "http::Uri is not a valid URI: {kind}"),
        }
    }
}

/// A failed conversion between a URI type and [`http::Uri`]: the kind, the
/// byte index in the text where it applies, and for
/// [`Rejected`](HttpUriErrorKind::Rejected) `http`'s own error as the
/// `source()`.
///
/// ```
/// use urikit::integrations::http::HttpUriErrorKind;
/// let theirs = http::Uri::from_static("/a%20b/{c}");
/// let err = urikit::UriRefBuf::try_from(&theirs).unwrap_err();
/// assert_eq!(err.index(), Some(7));
/// assert_eq!(err.to_string(), "http::Uri is not a valid URI: invalid character in path at index 7");
/// ```
#[derive(Debug)]
pub struct HttpUriError {
    kind: HttpUriErrorKind,
    index: Option<usize>,
    source: Option<http::uri::InvalidUri>,
}

impl HttpUriError {
    fn at(index: usize, kind: HttpUriErrorKind) -> HttpUriError {
        HttpUriError {
            kind,
            index: Some(index),
            source: None,
        }
    }

    /// Why the conversion failed.
    ///
    /// ```
    /// use urikit::integrations::http::HttpUriErrorKind;
    /// let err = http::Uri::try_from(urikit::UriRef::parse("a/b")?).unwrap_err();
    /// assert_eq!(err.kind(), HttpUriErrorKind::Rejected);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn kind(&self) -> HttpUriErrorKind {
        self.kind
    }

    /// The byte index in the text of the first offending byte, when the
    /// error has a place (`http::Uri`'s parser does not say where).
    ///
    /// ```
    /// let err = http::Uri::try_from(urikit::UriRef::parse("/p#f")?).unwrap_err();
    /// assert_eq!(err.index(), Some(2));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn index(&self) -> Option<usize> {
        self.index
    }
}

impl fmt::Display for HttpUriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.kind, f)?;
        if let Some(s) = &self.source {
            write!(f, " ({s})")?;
        }
        if let Some(i) = self.index {
            write!(f, " at index {i}")?;
        }
        Ok(())
    }
}

impl std::error::Error for HttpUriError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_ref().map(|e| e as _)
    }
}

/// The byte index of `part` in `whole`, where `part` is a slice of it.
fn offset(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize)
}

/// Ours to theirs, the fragment refused unless `lossy`.
fn to_http(r: UriRef<'_>, lossy: bool) -> Result<http::Uri, HttpUriError> {
    let text = r.as_str();
    let body = match r.fragment() {
        Some(f) if !lossy => {
            return Err(HttpUriError::at(
                offset(text, f) - 1,
                HttpUriErrorKind::Fragment,
            ));
        }
        Some(f) => &text[..offset(text, f) - 1],
        None => text,
    };
    // `//host:port` alone is the authority form, which http::Uri writes
    // without the slashes.
    let authority_form =
        r.scheme().is_none() && r.has_authority() && r.path().is_empty() && r.query().is_none();
    let input = if authority_form { &body[2..] } else { body };
    let theirs = http::Uri::try_from(input).map_err(|e| HttpUriError {
        kind: HttpUriErrorKind::Rejected,
        index: None,
        source: Some(e),
    })?;
    let changed = |part: Option<&str>| {
        Err(HttpUriError::at(
            part.map_or(0, |p| offset(text, p)),
            HttpUriErrorKind::Changed,
        ))
    };
    // Component by component: equal text can hide another reading.
    let same_scheme = match (r.scheme(), theirs.scheme_str()) {
        (Some(a), Some(b)) => {
            a == b || (a.eq_ignore_ascii_case(b) && matches!(b, "http" | "https"))
        }
        (None, None) => true,
        _ => false,
    };
    if !same_scheme {
        return changed(r.scheme());
    }
    if r.authority() != theirs.authority().map(|a| a.as_str()) {
        return changed(r.authority());
    }
    let empty_became_root = r.scheme().is_some() && r.path().is_empty() && theirs.path() == "/";
    if r.path() != theirs.path() && !empty_became_root {
        return changed(Some(r.path()));
    }
    if r.query() != theirs.query() {
        return changed(r.query().or(Some(r.path())));
    }
    Ok(theirs)
}

/// Theirs to our text: the authority form gets its `//`.
fn from_http(u: &http::Uri) -> Result<String, HttpUriError> {
    if u.scheme().is_none() {
        if let Some(a) = u.authority() {
            return Ok(alloc::format!("//{a}"));
        }
        // An origin form `//x` would read as an authority.
        if u.path().starts_with("//") {
            return Err(HttpUriError::at(0, HttpUriErrorKind::Changed));
        }
    }
    Ok(alloc::format!("{u}"))
}

fn invalid(e: crate::ParseError) -> HttpUriError {
    HttpUriError::at(e.index(), HttpUriErrorKind::Invalid(e.kind()))
}

impl TryFrom<&http::Uri> for UriRefBuf {
    type Error = HttpUriError;
    fn try_from(u: &http::Uri) -> Result<UriRefBuf, HttpUriError> {
        UriRefBuf::parse(from_http(u)?).map_err(invalid)
    }
}

impl TryFrom<http::Uri> for UriRefBuf {
    type Error = HttpUriError;
    fn try_from(u: http::Uri) -> Result<UriRefBuf, HttpUriError> {
        UriRefBuf::try_from(&u)
    }
}

impl TryFrom<&http::Uri> for UriBuf {
    type Error = HttpUriError;
    fn try_from(u: &http::Uri) -> Result<UriBuf, HttpUriError> {
        UriBuf::parse(from_http(u)?).map_err(invalid)
    }
}

impl TryFrom<http::Uri> for UriBuf {
    type Error = HttpUriError;
    fn try_from(u: http::Uri) -> Result<UriBuf, HttpUriError> {
        UriBuf::try_from(&u)
    }
}

/// `TryFrom` by value and by reference, and `to_http_uri_lossy`, for one
/// of our types.
macro_rules! to_http_impls {
    ($ty:ty, $example:literal) => {
        impl TryFrom<$ty> for http::Uri {
            type Error = HttpUriError;
            fn try_from(u: $ty) -> Result<http::Uri, HttpUriError> {
                to_http(u.view(), false)
            }
        }

        impl TryFrom<&$ty> for http::Uri {
            type Error = HttpUriError;
            fn try_from(u: &$ty) -> Result<http::Uri, HttpUriError> {
                to_http(u.view(), false)
            }
        }

        impl $ty {
            /// This URI as an [`http::Uri`], its fragment dropped: the
            /// explicit lossy form of `http::Uri::try_from`, which refuses
            /// a fragment. Every other difference is still an error.
            ///
            /// ```
            #[doc = $example]
            /// assert_eq!(u.to_http_uri_lossy()?, "http://a/b?c");
            /// assert!(http::Uri::try_from(&u).is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn to_http_uri_lossy(&self) -> Result<http::Uri, HttpUriError> {
                to_http(self.view(), true)
            }
        }
    };
}

/// A borrowed view of each of our types.
trait View {
    fn view(&self) -> UriRef<'_>;
}

impl View for UriRef<'_> {
    fn view(&self) -> UriRef<'_> {
        *self
    }
}

impl View for Uri<'_> {
    fn view(&self) -> UriRef<'_> {
        self.as_uri_ref()
    }
}

impl View for UriRefBuf {
    fn view(&self) -> UriRef<'_> {
        self.as_uri_ref()
    }
}

impl View for UriBuf {
    fn view(&self) -> UriRef<'_> {
        self.as_uri().as_uri_ref()
    }
}

to_http_impls!(
    UriRef<'_>,
    "let u = urikit::UriRef::parse(\"http://a/b?c#d\")?;"
);
to_http_impls!(Uri<'_>, "let u = urikit::Uri::parse(\"http://a/b?c#d\")?;");
to_http_impls!(
    UriRefBuf,
    "let u = urikit::UriRefBuf::parse(\"http://a/b?c#d\")?;"
);
to_http_impls!(
    UriBuf,
    "let u = urikit::UriBuf::parse(\"http://a/b?c#d\")?;"
);
