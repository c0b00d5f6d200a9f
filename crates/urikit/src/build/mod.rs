//! Building URIs from parts, changing one component of an owned URI, and
//! taking apart the query's pairs and the path's segments.
//!
//! - [`Builder`] makes a URI or relative reference from parts (section 3,
//!   recomposed as in 5.3). Each component is given either as raw data,
//!   which it percent-encodes for that component, or as text that is
//!   encoded already, which it validates against the component's rule.
//! - [`IriBuilder`] does the same for IRIs (RFC 3987): non-ASCII
//!   characters the IRI grammar allows stay as they are.
//! - The `set_*` methods of [`UriBuf`](crate::UriBuf),
//!   [`UriRefBuf`](crate::UriRefBuf), [`IriBuf`](crate::IriBuf) and
//!   [`IriRefBuf`](crate::IriRefBuf) replace one component and keep the
//!   value valid, or fail and leave it unchanged.
//! - [`query_pairs`] and [`path_segments`] split a query on `&` and `=`
//!   and a path on `/`, raw or decoded; [`QueryWriter`] composes a query.
//!
//! ```
//! use urikit::build::Builder;
//! let uri = Builder::new()
//!     .scheme("https")
//!     .host("example.com")
//!     .path_segments(["docs", "a/b c"])
//!     .query_pair("q", "x&y=z")
//!     .fragment("top")
//!     .build_uri()?;
//! assert_eq!(uri.as_str(), "https://example.com/docs/a%2Fb%20c?q=x%26y%3Dz#top");
//! let segs: Vec<_> = uri.path_segments().decoded().collect();
//! assert_eq!(segs, ["docs", "a/b c"]);
//! # Ok::<(), urikit::build::BuildError>(())
//! ```

use crate::names::kind_names;
use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::net::IpAddr;

use crate::error::{Component, ErrorKind, ParseError};
use crate::rule::{Rule, validate_p};
use crate::uri::UriRef;

mod builder;
mod encode;
mod query;
mod segments;
mod setters;

pub use builder::{Builder, IriBuilder};
use query::push_pair;
pub use query::{QueryPair, QueryPairs, QueryWriter, query_pairs};
pub(crate) use segments::iter_methods;
pub use segments::{Segments, path_segments};

/// Why parts cannot make a URI reference.
///
/// ```
/// use urikit::build::{Builder, BuildErrorKind};
/// use urikit::Component;
/// let err = Builder::new().scheme("http").host("a").path_encoded("b").build().unwrap_err();
/// assert_eq!(err.component(), Component::Path);
/// assert_eq!(err.kind(), BuildErrorKind::RelativePathAfterAuthority);
/// assert_eq!(err.to_string(), "path must be empty or start with \"/\" after an authority");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuildError {
    component: Component,
    kind: BuildErrorKind,
}

/// The kind of a [`BuildError`].
///
/// ```
/// use urikit::build::{Builder, BuildErrorKind};
/// let err = Builder::new().port_str("8o").build().unwrap_err();
/// assert!(matches!(err.kind(), BuildErrorKind::Invalid(e) if e.index() == 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// Encoded text that does not match the component's rule; the error's
    /// index is within the component's text.
    Invalid(ParseError),
    /// A path that is not empty and does not start with `/`, with an
    /// authority (3.3).
    RelativePathAfterAuthority,
    /// A path that starts with `//` without an authority, which would read
    /// as one (3.3); [`Builder::dot_before_double_slash`] writes `/.`
    /// before it instead.
    DoubleSlashWithoutAuthority,
    /// No scheme where a URI needs one (3).
    MissingScheme,
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// use urikit::build::BuildErrorKind;
    /// assert_eq!(BuildErrorKind::MissingScheme.name(), "missing-scheme");
    /// ```
    BuildErrorKind {
        BuildErrorKind::Invalid(_) => "invalid-component",
        BuildErrorKind::RelativePathAfterAuthority => "relative-path-after-authority",
        BuildErrorKind::DoubleSlashWithoutAuthority => "double-slash-without-authority",
        BuildErrorKind::MissingScheme => "missing-scheme",
    }
}

impl BuildError {
    const fn new(component: Component, kind: BuildErrorKind) -> BuildError {
        BuildError { component, kind }
    }

    /// The component at fault.
    ///
    /// ```
    /// let err = urikit::build::Builder::new().scheme("1x").build().unwrap_err();
    /// assert_eq!(err.component(), urikit::Component::Scheme);
    /// ```
    pub const fn component(&self) -> Component {
        self.component
    }

    /// What is wrong.
    ///
    /// ```
    /// use urikit::build::{Builder, BuildErrorKind};
    /// let err = Builder::new().path_encoded("//a").build().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::DoubleSlashWithoutAuthority);
    /// ```
    pub const fn kind(&self) -> BuildErrorKind {
        self.kind
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BuildErrorKind::Invalid(e) => write!(f, "invalid {} text: {e}", self.component),
            BuildErrorKind::RelativePathAfterAuthority => {
                f.write_str("path must be empty or start with \"/\" after an authority")
            }
            BuildErrorKind::DoubleSlashWithoutAuthority => {
                f.write_str("path cannot start with \"//\" without an authority")
            }
            BuildErrorKind::MissingScheme => f.write_str("missing scheme (a URI needs one)"),
        }
    }
}

// core::error::Error (Rust 1.81): the same trait as std::error::Error, so
// no_std users get it too.
impl core::error::Error for BuildError {}

impl From<BuildError> for ParseError {
    /// The nearest parse error, for callers that handle one error type.
    fn from(e: BuildError) -> ParseError {
        match e.kind {
            BuildErrorKind::Invalid(p) => p,
            BuildErrorKind::MissingScheme => ParseError::new(0, ErrorKind::MissingScheme),
            _ => ParseError::new(0, ErrorKind::InvalidCharacter(e.component)),
        }
    }
}

/// Validate the text of component `c` against `rule` in parser profile `P`.
fn check_p<const P: u8>(rule: Rule, c: Component, text: &str) -> Result<(), BuildError> {
    validate_p::<P>(rule, text).map_err(|e| BuildError::new(c, BuildErrorKind::Invalid(e)))
}

/// The encoded components, borrowed from the caller or from a parsed value.
#[derive(Clone, Default)]
struct Parts<'a> {
    scheme: Option<Cow<'a, str>>,
    userinfo: Option<Cow<'a, str>>,
    host: Option<Cow<'a, str>>,
    port: Option<Cow<'a, str>>,
    path: Cow<'a, str>,
    query: Option<Cow<'a, str>>,
    fragment: Option<Cow<'a, str>>,
}

impl<'a> Parts<'a> {
    fn of(r: &'a UriRef<'_>) -> Parts<'a> {
        let b = Cow::Borrowed;
        Parts {
            scheme: r.scheme().map(b),
            userinfo: r.userinfo().map(b),
            host: r.host_str().map(b),
            port: r.port().map(b),
            path: b(r.path()),
            query: r.query().map(b),
            fragment: r.fragment().map(b),
        }
    }

    /// Put `value` in component `c`; removing the host removes the whole
    /// authority.
    fn set(&mut self, c: Component, value: Option<&'a str>) {
        let v = value.map(Cow::Borrowed);
        match c {
            Component::Scheme => self.scheme = v,
            Component::Userinfo => self.userinfo = v,
            Component::Host => {
                if v.is_none() {
                    self.userinfo = None;
                    self.port = None;
                }
                self.host = v;
            }
            Component::Port => self.port = v,
            Component::Query => self.query = v,
            Component::Fragment => self.fragment = v,
            _ => self.path = v.unwrap_or_default(),
        }
    }

    /// Recompose (5.3) after checking that the parts fit together.
    fn assemble(&self, dot_before_double_slash: bool) -> Result<String, BuildError> {
        let has_authority = self.host.is_some() || self.userinfo.is_some() || self.port.is_some();
        let path: &str = &self.path;
        let mut path_prefix = "";
        if has_authority {
            if !path.is_empty() && !path.starts_with('/') {
                return Err(BuildError::new(
                    Component::Path,
                    BuildErrorKind::RelativePathAfterAuthority,
                ));
            }
        } else if path.starts_with("//") {
            if !dot_before_double_slash {
                return Err(BuildError::new(
                    Component::Path,
                    BuildErrorKind::DoubleSlashWithoutAuthority,
                ));
            }
            path_prefix = "/.";
        } else if self.scheme.is_none()
            && path.split('/').next().is_some_and(|seg| seg.contains(':'))
        {
            // 4.2: a first segment with ":" would read as a scheme.
            path_prefix = "./";
        }
        let len = self.scheme.as_ref().map_or(0, |s| s.len() + 1)
            + self.userinfo.as_ref().map_or(0, |s| s.len() + 1)
            + self.host.as_ref().map_or(0, |s| s.len() + 2)
            + self.port.as_ref().map_or(0, |s| s.len() + 1)
            + path_prefix.len()
            + path.len()
            + self.query.as_ref().map_or(0, |s| s.len() + 1)
            + self.fragment.as_ref().map_or(0, |s| s.len() + 1);
        let mut out = String::with_capacity(len + 2);
        if let Some(s) = &self.scheme {
            out.push_str(s);
            out.push(':');
        }
        if has_authority {
            out.push_str("//");
            if let Some(u) = &self.userinfo {
                out.push_str(u);
                out.push('@');
            }
            out.push_str(self.host.as_deref().unwrap_or(""));
            if let Some(p) = &self.port {
                out.push(':');
                out.push_str(p);
            }
        }
        out.push_str(path_prefix);
        out.push_str(path);
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        Ok(out)
    }
}

/// A part given to [`Builder`], borrowed or owned: `&str`, `&String`,
/// `String`, `Cow<str>`, and for raw data also `&[u8]`, `&[u8; N]`,
/// `&Vec<u8>` and `Vec<u8>`.
///
/// Owned parts let temporaries through (`b.host(h.to_lowercase())`), and an
/// owned part that needs no encoding is moved, not copied; a borrowed part
/// that needs none is borrowed.
///
/// ```
/// use urikit::build::Builder;
/// let h = String::from("EXAMPLE.com");
/// let u = Builder::new().scheme("http").host(h.to_lowercase()).path(format!("/{}", 42)).build_uri()?;
/// assert_eq!(u.as_str(), "http://example.com/42");
/// # Ok::<(), urikit::build::BuildError>(())
/// ```
pub trait Part<'a> {
    /// The part as bytes, borrowed or owned.
    ///
    /// ```
    /// use urikit::build::Part;
    /// use std::borrow::Cow;
    /// assert!(matches!("a".into_data(), Cow::Borrowed(b"a")));
    /// assert!(matches!(String::from("a").into_data(), Cow::Owned(_)));
    /// ```
    fn into_data(self) -> Cow<'a, [u8]>;
}

/// A part of text that is encoded already (the `*_encoded` methods of
/// [`Builder`]): `&str`, `&String`, `String` or `Cow<str>`.
///
/// ```
/// use urikit::build::Builder;
/// let q = format!("page={}", 2);
/// assert_eq!(Builder::new().query_encoded(q).build()?.as_str(), "?page=2");
/// # Ok::<(), urikit::build::BuildError>(())
/// ```
pub trait TextPart<'a> {
    /// The text, borrowed or owned.
    ///
    /// ```
    /// use urikit::build::TextPart;
    /// assert_eq!(String::from("a").into_text(), "a");
    /// ```
    fn into_text(self) -> Cow<'a, str>;
}

impl<'a> Part<'a> for &'a str {
    fn into_data(self) -> Cow<'a, [u8]> {
        Cow::Borrowed(self.as_bytes())
    }
}
impl<'a> Part<'a> for &'a String {
    fn into_data(self) -> Cow<'a, [u8]> {
        Cow::Borrowed(self.as_bytes())
    }
}
impl<'a> Part<'a> for String {
    fn into_data(self) -> Cow<'a, [u8]> {
        Cow::Owned(String::into_bytes(self))
    }
}
impl<'a> Part<'a> for Cow<'a, str> {
    fn into_data(self) -> Cow<'a, [u8]> {
        match self {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(String::into_bytes(s)),
        }
    }
}
impl<'a> Part<'a> for &'a [u8] {
    fn into_data(self) -> Cow<'a, [u8]> {
        Cow::Borrowed(self)
    }
}
impl<'a, const N: usize> Part<'a> for &'a [u8; N] {
    fn into_data(self) -> Cow<'a, [u8]> {
        Cow::Borrowed(self)
    }
}
impl<'a> Part<'a> for &'a alloc::vec::Vec<u8> {
    fn into_data(self) -> Cow<'a, [u8]> {
        Cow::Borrowed(self)
    }
}
impl<'a> Part<'a> for alloc::vec::Vec<u8> {
    fn into_data(self) -> Cow<'a, [u8]> {
        Cow::Owned(self)
    }
}

impl<'a> TextPart<'a> for &'a str {
    fn into_text(self) -> Cow<'a, str> {
        Cow::Borrowed(self)
    }
}
impl<'a> TextPart<'a> for &'a String {
    fn into_text(self) -> Cow<'a, str> {
        Cow::Borrowed(self)
    }
}
impl<'a> TextPart<'a> for String {
    fn into_text(self) -> Cow<'a, str> {
        Cow::Owned(self)
    }
}
impl<'a> TextPart<'a> for Cow<'a, str> {
    fn into_text(self) -> Cow<'a, str> {
        self
    }
}

/// The decimal digits of a port number.
fn port_digits(n: u16) -> String {
    use fmt::Write;
    let mut s = String::with_capacity(5);
    let _ = write!(s, "{n}");
    s
}

/// The `host` text of an IP address: IPv6 in brackets (3.2.2), both in
/// their canonical forms (core's Display gives RFC 5952 for IPv6).
fn ip_host_text(ip: IpAddr) -> String {
    use fmt::Write;
    let mut s = String::new();
    let _ = match ip {
        IpAddr::V4(a) => write!(s, "{a}"),
        IpAddr::V6(a) => write!(s, "[{a}]"),
    };
    s
}

/// Parts that passed their checks always parse; should one not, report what
/// the parser found rather than panic.
#[cold]
fn reparse_error(e: ParseError) -> BuildError {
    let c = e.kind().component().unwrap_or(Component::Path);
    BuildError::new(c, BuildErrorKind::Invalid(e))
}
