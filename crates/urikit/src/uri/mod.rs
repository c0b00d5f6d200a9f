//! The parsed types: a buffer plus component offsets.
//!
//! - [`UriRef`] and [`Uri`] borrow the input: a `&str` plus offsets. Parsing
//!   them never allocates.
//! - [`UriRefBuf`] and [`UriBuf`] own a `String` plus the same offsets.
//!
//! Equality, ordering and hashing of all four are byte-wise on the text:
//! **no implicit normalization**. `HTTP://a/` and `http://a/` are different
//! values; compare normalized forms when you mean equivalence.

use alloc::string::String;
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::error::{ErrorKind, ParseError, PortOverflowError};
use crate::host::{Host, HostKind};
use crate::parse::profile::URI;
use crate::parse::{Meta, NONE, Top, parse, parse_with};
use crate::simd::component;

impl Meta {
    #[inline]
    pub(crate) fn scheme<'s>(&self, s: &'s str) -> Option<&'s str> {
        (self.scheme_end != NONE).then(|| component(s, 0, self.scheme_end as usize))
    }
    #[inline]
    pub(crate) fn authority<'s>(&self, s: &'s str) -> Option<&'s str> {
        (self.auth_start != NONE)
            .then(|| component(s, self.auth_start as usize, self.path_start as usize))
    }
    #[inline]
    pub(crate) fn userinfo<'s>(&self, s: &'s str) -> Option<&'s str> {
        (self.auth_start != NONE && self.host_start > self.auth_start)
            .then(|| component(s, self.auth_start as usize, self.host_start as usize - 1))
    }
    #[inline]
    pub(crate) fn host<'s>(&self, s: &'s str) -> Option<Host<'s>> {
        (self.auth_start != NONE).then(|| {
            Host::new(
                component(s, self.host_start as usize, self.host_end as usize),
                self.host_kind,
            )
        })
    }
    #[inline]
    pub(crate) fn port<'s>(&self, s: &'s str) -> Option<&'s str> {
        (self.auth_start != NONE && self.host_end < self.path_start)
            .then(|| component(s, self.host_end as usize + 1, self.path_start as usize))
    }
    #[inline]
    pub(crate) fn path<'s>(&self, s: &'s str) -> &'s str {
        component(s, self.path_start as usize, self.path_end as usize)
    }
    #[inline]
    pub(crate) fn query<'s>(&self, s: &'s str) -> Option<&'s str> {
        (self.query_start != NONE).then(|| {
            let end = if self.fragment_start != NONE {
                self.fragment_start as usize
            } else {
                s.len()
            };
            component(s, self.query_start as usize + 1, end)
        })
    }
    #[inline]
    pub(crate) fn fragment<'s>(&self, s: &'s str) -> Option<&'s str> {
        (self.fragment_start != NONE)
            .then(|| component(s, self.fragment_start as usize + 1, s.len()))
    }
}

pub(crate) fn port_u16(port: Option<&str>) -> Result<Option<u16>, PortOverflowError> {
    let Some(port) = port else { return Ok(None) };
    if port.is_empty() {
        return Ok(None);
    }
    let mut v: u32 = 0;
    for b in port.bytes() {
        v = v * 10 + u32::from(b - b'0');
        if v > u32::from(u16::MAX) {
            return Err(PortOverflowError);
        }
    }
    Ok(Some(v as u16))
}

/// Byte-level parsing in parser profile `P`: report a byte that is not part
/// of valid UTF-8 as such. The IRI types (`crate::iri`) share it.
pub(crate) fn parse_bytes_p<const P: u8>(
    bytes: &[u8],
    top: Top,
) -> Result<(&str, Meta), ParseError> {
    match parse_with::<P>(bytes, top) {
        // The parser decodes every non-ASCII character it accepts strictly
        // (and the URI profile accepts none), so an accepted input is
        // UTF-8; checked all the same.
        Ok(m) => match core::str::from_utf8(bytes) {
            Ok(s) => Ok((s, m)),
            Err(e) => Err(ParseError::new(e.valid_up_to(), ErrorKind::InvalidUtf8)),
        },
        Err(e) => {
            // Every byte before the error index belongs to an accepted
            // character, so the offending byte starts one: decide whether
            // it is valid UTF-8.
            let i = e.index();
            if bytes.get(i).is_some_and(|b| !b.is_ascii()) {
                let end = bytes.len().min(i + 4);
                if let Err(u) = core::str::from_utf8(&bytes[i..end])
                    && u.valid_up_to() == 0
                {
                    return Err(ParseError::new(i, ErrorKind::InvalidUtf8));
                }
            }
            Err(e)
        }
    }
}

mod convert;
mod input;
mod shape;
mod split;

// The IRI types (`crate::iri`) share the conversions.
pub(crate) use convert::conversions;
pub use input::{ToUri, ToUriRef};
pub(crate) use shape::{common_traits, shape_methods};
pub use split::{Components, split};

macro_rules! accessors {
    ($ty:ident, $lt:lifetime, $ex:literal) => {
        /// The whole text, exactly as parsed.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        #[doc = concat!("assert_eq!(u.as_str(), \"", $ex, "\");")]
        /// ```
        #[inline]
        pub fn as_str(&self) -> &$lt str {
            self.text()
        }

        /// The authority without its `//`, or `None` when there is none.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.authority(), Some("user@example.com:8042"));
        /// ```
        #[inline]
        pub fn authority(&self) -> Option<&$lt str> {
            self.m.authority(self.text())
        }

        /// The userinfo without its `@`, or `None` when there is none (an
        /// empty userinfo, as in `http://@a`, is `Some("")`).
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.userinfo(), Some("user"));
        /// ```
        #[inline]
        pub fn userinfo(&self) -> Option<&$lt str> {
            self.m.userinfo(self.text())
        }

        /// The host, or `None` when there is no authority. A present
        /// authority always has a host, possibly an empty reg-name.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.host().unwrap().as_str(), "example.com");
        /// ```
        #[inline]
        pub fn host(&self) -> Option<Host<$lt>> {
            self.m.host(self.text())
        }

        /// The host as written, or `None` when there is no authority.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.host_str(), Some("example.com"));
        /// ```
        #[inline]
        pub fn host_str(&self) -> Option<&$lt str> {
            self.m.host(self.text()).map(|h| h.as_str())
        }

        /// Which alternative of `host` matched, or `None` when there is no
        /// authority.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.host_kind(), Some(urikit::HostKind::RegName));
        /// ```
        #[inline]
        pub fn host_kind(&self) -> Option<HostKind> {
            (self.m.auth_start != NONE).then_some(self.m.host_kind)
        }

        /// The port's digits without the `:`, or `None` when there is no
        /// port. An empty port (`http://a:/`) is `Some("")`. Any number of
        /// digits is valid syntax (3.2.3); see `port_u16` for the value.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.port(), Some("8042"));
        /// ```
        #[inline]
        pub fn port(&self) -> Option<&$lt str> {
            self.m.port(self.text())
        }

        /// The port as a number: `Ok(None)` when there is no port or it is
        /// empty, an error when the digits exceed 65535.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.port_u16(), Ok(Some(8042)));
        /// ```
        #[inline]
        pub fn port_u16(&self) -> Result<Option<u16>, PortOverflowError> {
            port_u16(self.port())
        }

        /// The path, always defined and possibly empty.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.path(), "/over/there");
        /// ```
        #[inline]
        pub fn path(&self) -> &$lt str {
            self.m.path(self.text())
        }

        /// The query without its `?`, or `None` when there is none (an empty
        /// query is `Some("")`).
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.query(), Some("name=ferret"));
        /// ```
        #[inline]
        pub fn query(&self) -> Option<&$lt str> {
            self.m.query(self.text())
        }

        /// The fragment without its `#`, or `None` when there is none (an
        /// empty fragment is `Some("")`).
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.fragment(), Some("nose"));
        /// ```
        #[inline]
        pub fn fragment(&self) -> Option<&$lt str> {
            self.m.fragment(self.text())
        }

        /// Whether an authority is present (the text has `//` after the
        /// scheme, or at the start of a relative reference).
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert!(u.has_authority());
        /// ```
        #[inline]
        pub fn has_authority(&self) -> bool {
            self.m.auth_start != NONE
        }

        /// The five components (5.3); Display on them recomposes the text.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert_eq!(u.components().to_string(), u.as_str());
        /// ```
        #[inline]
        pub fn components(&self) -> Components<$lt> {
            Components {
                scheme: self.m.scheme(self.text()),
                authority: self.authority(),
                path: self.path(),
                query: self.query(),
                fragment: self.fragment(),
            }
        }

        /// The length of the text in bytes.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        #[doc = concat!("assert_eq!(u.len(), ", stringify!($ex), ".len());")]
        /// ```
        #[inline]
        pub fn len(&self) -> usize {
            self.s.len()
        }

        /// Whether the text is empty (only a relative reference can be).
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"", $ex, "\").unwrap();")]
        /// assert!(!u.is_empty());
        /// ```
        #[inline]
        pub fn is_empty(&self) -> bool {
            self.s.is_empty()
        }
    };
}

// The IRI types (`crate::iri`) share the accessors.
pub(crate) use accessors;

/// A URI reference (`URI-reference`, 4.1): a URI or a relative reference,
/// borrowed from the input.
///
/// Equality, ordering and hashing are byte-wise: no implicit normalization.
///
/// ```
/// use urikit::UriRef;
/// let r = UriRef::parse("../g?q#f")?;
/// assert!(r.is_relative());
/// assert_eq!(r.path(), "../g");
/// assert_eq!(r.query(), Some("q"));
/// assert_eq!(r.fragment(), Some("f"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct UriRef<'a> {
    s: &'a str,
    m: Meta,
}

impl<'a> UriRef<'a> {
    /// Parse `URI-reference = URI / relative-ref`.
    ///
    /// ```
    /// let r = urikit::UriRef::parse("//example.com/a")?;
    /// assert_eq!(r.host_str(), Some("example.com"));
    /// assert!(urikit::UriRef::parse("a:b:c").is_ok());
    /// assert!(urikit::UriRef::parse("1a:b").is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    // Always inlined, with the shortcut of `parse/fast.rs` behind it: the
    // caller then takes the fields it wants from registers, where a call
    // wrote the whole `Result` to memory for the caller to read back. The
    // Arrow kernels' loops gain most (criterion, gsd corpus,
    // `components/view-batches`: `host` 10.1 ms to 7.8 ms, `is_valid` 8.0
    // to 6.2 ms).
    #[inline(always)]
    pub fn parse(s: &'a str) -> Result<UriRef<'a>, ParseError> {
        let m = parse(s.as_bytes(), Top::UriReference)?;
        Ok(UriRef { s, m })
    }

    /// Parse `relative-ref` (4.2): a URI reference with no scheme.
    ///
    /// ```
    /// use urikit::{ErrorKind, UriRef};
    /// assert!(UriRef::parse_relative("./this:that").is_ok());
    /// let err = UriRef::parse_relative("http://a/").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::UnexpectedScheme);
    /// ```
    #[inline]
    pub fn parse_relative(s: &'a str) -> Result<UriRef<'a>, ParseError> {
        let m = parse(s.as_bytes(), Top::RelativeRef)?;
        Ok(UriRef { s, m })
    }

    /// Parse `URI-reference` from bytes. A byte that is not part of valid
    /// UTF-8 is reported as [`ErrorKind::InvalidUtf8`] at its index.
    ///
    /// ```
    /// use urikit::{ErrorKind, UriRef};
    /// assert!(UriRef::parse_bytes(b"/a?b").is_ok());
    /// let err = UriRef::parse_bytes(b"/a\xff").unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (2, ErrorKind::InvalidUtf8));
    /// ```
    pub fn parse_bytes(bytes: &'a [u8]) -> Result<UriRef<'a>, ParseError> {
        let (s, m) = parse_bytes_p::<URI>(bytes, Top::UriReference)?;
        Ok(UriRef { s, m })
    }

    shape_methods!(ref UriRef, Uri, UriRefBuf, as_uri);

    accessors!(
        UriRef,
        'a,
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
}

/// A URI (`URI`, section 3): a scheme is required; borrowed from the input.
///
/// Equality, ordering and hashing are byte-wise: no implicit normalization.
///
/// ```
/// let base = urikit::Uri::parse("http://a/b/c/d;p?q")?;
/// assert_eq!(base.scheme(), "http");
/// assert_eq!(base.path(), "/b/c/d;p");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Uri<'a> {
    s: &'a str,
    m: Meta,
}

impl<'a> Uri<'a> {
    /// Parse `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
    ///
    /// ```
    /// use urikit::{ErrorKind, Uri};
    /// assert!(Uri::parse("urn:oasis:names:specification:docbook:dtd:xml:4.1.2").is_ok());
    /// assert_eq!(Uri::parse("//a/b").unwrap_err().kind(), ErrorKind::MissingScheme);
    /// ```
    // Always inlined, as `UriRef::parse` is (see there).
    #[inline(always)]
    pub fn parse(s: &'a str) -> Result<Uri<'a>, ParseError> {
        let m = parse(s.as_bytes(), Top::Uri)?;
        Ok(Uri { s, m })
    }

    /// Parse `absolute-URI = scheme ":" hier-part [ "?" query ]` (4.3): a URI
    /// with no fragment, as a base URI must be.
    ///
    /// ```
    /// use urikit::{ErrorKind, Uri};
    /// assert!(Uri::parse_absolute("http://a/b?q").is_ok());
    /// let err = Uri::parse_absolute("http://a/b#f").unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (10, ErrorKind::UnexpectedFragment));
    /// ```
    #[inline]
    pub fn parse_absolute(s: &'a str) -> Result<Uri<'a>, ParseError> {
        let m = parse(s.as_bytes(), Top::AbsoluteUri)?;
        Ok(Uri { s, m })
    }

    /// Parse `URI` from bytes; see [`UriRef::parse_bytes`].
    ///
    /// ```
    /// assert!(urikit::Uri::parse_bytes(b"s:p").is_ok());
    /// ```
    pub fn parse_bytes(bytes: &'a [u8]) -> Result<Uri<'a>, ParseError> {
        let (s, m) = parse_bytes_p::<URI>(bytes, Top::Uri)?;
        Ok(Uri { s, m })
    }

    shape_methods!(abs UriRef, Uri, UriBuf, as_uri_ref);

    accessors!(
        Uri,
        'a,
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
}

/// An owned URI reference: a `String` plus component offsets.
///
/// Equality, ordering and hashing are byte-wise: no implicit normalization.
///
/// ```
/// let r: urikit::UriRefBuf = "../a?b".parse()?;
/// assert_eq!(r.path(), "../a");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct UriRefBuf {
    s: String,
    m: Meta,
}

impl UriRefBuf {
    /// Parse `URI-reference`, taking ownership of the text.
    ///
    /// ```
    /// let r = urikit::UriRefBuf::parse(String::from("a?b"))?;
    /// assert_eq!(r.query(), Some("b"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn parse(s: impl Into<String>) -> Result<UriRefBuf, ParseError> {
        let s = s.into();
        let m = parse(s.as_bytes(), Top::UriReference)?;
        Ok(UriRefBuf { s, m })
    }

    shape_methods!(ref_buf UriRef, UriRefBuf, as_uri_ref);

    accessors!(
        UriRefBuf,
        '_,
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
}

/// An owned URI: a `String` plus component offsets; a scheme is required.
///
/// Equality, ordering and hashing are byte-wise: no implicit normalization.
///
/// ```
/// let u: urikit::UriBuf = "http://a/b".parse()?;
/// assert_eq!(u.to_string(), "http://a/b");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct UriBuf {
    s: String,
    m: Meta,
}

impl UriBuf {
    /// Parse `URI`, taking ownership of the text.
    ///
    /// ```
    /// let u = urikit::UriBuf::parse(String::from("s://h"))?;
    /// assert_eq!(u.host_str(), Some("h"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn parse(s: impl Into<String>) -> Result<UriBuf, ParseError> {
        let s = s.into();
        let m = parse(s.as_bytes(), Top::Uri)?;
        Ok(UriBuf { s, m })
    }

    shape_methods!(abs_buf Uri, UriBuf, as_uri);

    accessors!(
        UriBuf,
        '_,
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
}

common_traits!(UriRef<'a>);
common_traits!(Uri<'a>);
common_traits!(UriRefBuf);
common_traits!(UriBuf);
