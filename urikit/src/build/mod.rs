//! Building URIs from parts, changing one component of an owned URI, and
//! taking apart the query's pairs and the path's segments.
//!
//! - [`Builder`] makes a URI or relative reference from parts (section 3,
//!   recomposed as in 5.3). Each component is given either as raw data,
//!   which it percent-encodes for that component, or as text that is
//!   encoded already, which it validates against the component's rule.
//! - The `set_*` methods of [`UriBuf`] and [`UriRefBuf`] replace one
//!   component and keep the value valid, or fail and leave it unchanged.
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

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::net::IpAddr;

use crate::error::{Component, ErrorKind, ParseError};
use crate::percent;
use crate::rule::{Rule, validate};
use crate::uri::{UriBuf, UriRef, UriRefBuf};

mod query;
mod segments;
mod setters;

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

fn check(rule: Rule, c: Component, text: &str) -> Result<(), BuildError> {
    validate(rule, text).map_err(|e| BuildError::new(c, BuildErrorKind::Invalid(e)))
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

/// Percent-encode a part for a component: borrowed when the data is
/// borrowed and needs no encoding, moved when it is owned and needs none.
fn encode_part<'a>(data: impl Part<'a>, set: &'static crate::chars::CharClass) -> Cow<'a, str> {
    match data.into_data() {
        Cow::Borrowed(b) => percent::encode(b, set).to_cow(),
        Cow::Owned(v) => {
            // One scan: either the encoded copy, or nothing to encode, when
            // every byte is ASCII of the set and the data itself is the text.
            let encoded = match percent::encode(&v, set).to_cow() {
                Cow::Owned(t) => Some(t),
                Cow::Borrowed(_) => None,
            };
            match encoded {
                Some(t) => Cow::Owned(t),
                None => Cow::Owned(v.iter().map(|&b| char::from(b)).collect()),
            }
        }
    }
}

/// A by-value builder of URIs and relative references.
///
/// Each component comes as raw data (`host`, `path`, …), which the builder
/// percent-encodes with the component's encode set (text as UTF-8, 2.4), or
/// as text that is encoded already (`host_encoded`, `path_encoded`, …), which
/// it validates against the component's rule. The first error is kept and
/// returned by `build`.
///
/// An authority is written when a host, userinfo or port is given (the host
/// is then empty unless given). `build` refuses parts that cannot be written
/// ([`BuildErrorKind`]); for a relative reference whose first path segment
/// holds a `:`, it writes `./` before the path (4.2).
///
/// ```
/// use urikit::build::Builder;
/// let r = Builder::new().path("a:b/c d").build()?;
/// assert_eq!(r.as_str(), "./a:b/c%20d");
/// let u = Builder::new().scheme("mailto").path("joe@example.com").build_uri()?;
/// assert_eq!(u.as_str(), "mailto:joe@example.com");
/// # Ok::<(), urikit::build::BuildError>(())
/// ```
#[derive(Clone, Default)]
#[must_use]
pub struct Builder<'a> {
    parts: Parts<'a>,
    dot_before_double_slash: bool,
    error: Option<BuildError>,
}

impl fmt::Debug for Builder<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Builder")
            .field("scheme", &self.parts.scheme)
            .field("userinfo", &self.parts.userinfo)
            .field("host", &self.parts.host)
            .field("port", &self.parts.port)
            .field("path", &self.parts.path)
            .field("query", &self.parts.query)
            .field("fragment", &self.parts.fragment)
            .field("error", &self.error)
            .finish()
    }
}

impl<'a> Builder<'a> {
    /// An empty builder: it builds the empty relative reference.
    ///
    /// ```
    /// assert_eq!(urikit::build::Builder::new().build()?.as_str(), "");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn new() -> Builder<'a> {
        Builder::default()
    }

    fn fail(mut self, e: BuildError) -> Builder<'a> {
        if self.error.is_none() {
            self.error = Some(e);
        }
        self
    }

    fn checked(
        self,
        rule: Rule,
        c: Component,
        text: impl TextPart<'a>,
        set: impl FnOnce(&mut Parts<'a>, Cow<'a, str>),
    ) -> Builder<'a> {
        let text = text.into_text();
        match check(rule, c, &text) {
            Ok(()) => {
                let mut b = self;
                set(&mut b.parts, text);
                b
            }
            Err(e) => self.fail(e),
        }
    }

    /// The scheme (3.1), validated: a letter, then letters, digits, `+`,
    /// `-` or `.`.
    ///
    /// ```
    /// let u = urikit::build::Builder::new().scheme("urn").path("isbn:0451450523").build_uri()?;
    /// assert_eq!(u.as_str(), "urn:isbn:0451450523");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn scheme(self, scheme: impl TextPart<'a>) -> Builder<'a> {
        self.checked(Rule::Scheme, Component::Scheme, scheme, |p, t| {
            p.scheme = Some(t)
        })
    }

    /// The userinfo, from raw data (encoded with [`percent::USERINFO`]).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().userinfo("j@e").host("h").build()?;
    /// assert_eq!(r.as_str(), "//j%40e@h");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn userinfo(mut self, data: impl Part<'a>) -> Builder<'a> {
        self.parts.userinfo = Some(encode_part(data, &percent::USERINFO));
        self
    }

    /// The userinfo, as encoded text (validated against `userinfo`).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().userinfo_encoded("a:b%40").host("h").build()?;
    /// assert_eq!(r.userinfo(), Some("a:b%40"));
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn userinfo_encoded(self, text: impl TextPart<'a>) -> Builder<'a> {
        self.checked(Rule::Userinfo, Component::Userinfo, text, |p, t| {
            p.userinfo = Some(t)
        })
    }

    /// The host as a registered name, from raw data (encoded with
    /// [`percent::REG_NAME`]; non-ASCII text as UTF-8, 3.2.2).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().host("bücher.example").build()?;
    /// assert_eq!(r.as_str(), "//b%C3%BCcher.example");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn host(mut self, data: impl Part<'a>) -> Builder<'a> {
        self.parts.host = Some(encode_part(data, &percent::REG_NAME));
        self
    }

    /// The host as encoded text (validated against `host`: an IP literal in
    /// brackets, an IPv4 address or a reg-name).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().host_encoded("[::1]").build()?;
    /// assert_eq!(r.host_kind(), Some(urikit::HostKind::Ipv6));
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn host_encoded(self, text: impl TextPart<'a>) -> Builder<'a> {
        self.checked(Rule::Host, Component::Host, text, |p, t| p.host = Some(t))
    }

    /// The host as an IP address: IPv6 in brackets, in the RFC 5952 form.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// let r = urikit::build::Builder::new().host_ip(Ipv6Addr::LOCALHOST.into()).port(8080).build()?;
    /// assert_eq!(r.as_str(), "//[::1]:8080");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn host_ip(mut self, ip: IpAddr) -> Builder<'a> {
        self.parts.host = Some(Cow::Owned(ip_host_text(ip)));
        self
    }

    /// The port as a number.
    ///
    /// ```
    /// let r = urikit::build::Builder::new().host("h").port(80).build()?;
    /// assert_eq!(r.port(), Some("80"));
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn port(mut self, port: u16) -> Builder<'a> {
        self.parts.port = Some(Cow::Owned(port_digits(port)));
        self
    }

    /// The port as text: digits only, any number of them (3.2.3), or empty.
    ///
    /// ```
    /// use urikit::build::Builder;
    /// assert_eq!(Builder::new().host("h").port_str("080").build()?.port(), Some("080"));
    /// assert!(Builder::new().host("h").port_str("http").build().is_err());
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn port_str(self, port: impl TextPart<'a>) -> Builder<'a> {
        self.checked(Rule::Port, Component::Port, port, |p, t| p.port = Some(t))
    }

    /// The path, from raw data (encoded with [`percent::PATH`], so `/`
    /// separates segments).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().path("/a b/c").build()?;
    /// assert_eq!(r.as_str(), "/a%20b/c");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn path(mut self, data: impl Part<'a>) -> Builder<'a> {
        self.parts.path = encode_part(data, &percent::PATH);
        self
    }

    /// The path as encoded text (validated against `path`).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().path_encoded("a/%2F/b").build()?;
    /// assert_eq!(r.path(), "a/%2F/b");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn path_encoded(self, text: impl TextPart<'a>) -> Builder<'a> {
        self.checked(Rule::Path, Component::Path, text, |p, t| p.path = t)
    }

    /// The path as segments of raw data, each encoded with
    /// [`percent::PATH_SEGMENT`] (so a `/` in the data stays data) and
    /// written after a `/`: the path is absolute.
    ///
    /// ```
    /// let r = urikit::build::Builder::new().path_segments(["a", "b/c", ""]).build()?;
    /// assert_eq!(r.as_str(), "/a/b%2Fc/");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn path_segments<I>(mut self, segments: I) -> Builder<'a>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut path = String::new();
        for seg in segments {
            path.push('/');
            for piece in percent::encode(seg.as_ref(), &percent::PATH_SEGMENT) {
                path.push_str(piece);
            }
        }
        self.parts.path = Cow::Owned(path);
        self
    }

    /// The query, from raw data (encoded with [`percent::QUERY`]).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().query("a b").build()?;
    /// assert_eq!(r.as_str(), "?a%20b");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn query(mut self, data: impl Part<'a>) -> Builder<'a> {
        self.parts.query = Some(encode_part(data, &percent::QUERY));
        self
    }

    /// The query as encoded text (validated against `query`).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().query_encoded("a=%26").build()?;
    /// assert_eq!(r.query(), Some("a=%26"));
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn query_encoded(self, text: impl TextPart<'a>) -> Builder<'a> {
        self.checked(Rule::Query, Component::Query, text, |p, t| {
            p.query = Some(t)
        })
    }

    /// Append a `key=value` pair of raw data to the query, joined to what
    /// is there with `&`; see [`QueryWriter`] for the encoding.
    ///
    /// ```
    /// let r = urikit::build::Builder::new().query_pair("a", "1").query_pair("b", "x y").build()?;
    /// assert_eq!(r.as_str(), "?a=1&b=x%20y");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn query_pair(mut self, key: &str, value: &str) -> Builder<'a> {
        let mut q = self
            .parts
            .query
            .take()
            .map(Cow::into_owned)
            .unwrap_or_default();
        if !q.is_empty() {
            q.push('&');
        }
        push_pair(&mut q, key, Some(value), false);
        self.parts.query = Some(Cow::Owned(q));
        self
    }

    /// The fragment, from raw data (encoded with [`percent::FRAGMENT`]).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().fragment("sec 1").build()?;
    /// assert_eq!(r.as_str(), "#sec%201");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn fragment(mut self, data: impl Part<'a>) -> Builder<'a> {
        self.parts.fragment = Some(encode_part(data, &percent::FRAGMENT));
        self
    }

    /// The fragment as encoded text (validated against `fragment`).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().fragment_encoded("a/b?c").build()?;
    /// assert_eq!(r.fragment(), Some("a/b?c"));
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn fragment_encoded(self, text: impl TextPart<'a>) -> Builder<'a> {
        self.checked(Rule::Fragment, Component::Fragment, text, |p, t| {
            p.fragment = Some(t)
        })
    }

    /// Without an authority, write `/.` before a path that starts with `//`
    /// instead of failing (the path is the same after dot-segment removal,
    /// 5.2.4). Off by default.
    ///
    /// ```
    /// use urikit::build::Builder;
    /// let u = Builder::new().scheme("s").path_encoded("//a").dot_before_double_slash(true).build_uri()?;
    /// assert_eq!(u.as_str(), "s:/.//a");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn dot_before_double_slash(mut self, yes: bool) -> Builder<'a> {
        self.dot_before_double_slash = yes;
        self
    }

    fn text(&self) -> Result<String, BuildError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.parts.assemble(self.dot_before_double_slash)
    }

    /// Build a URI reference: a URI when a scheme was given, else a
    /// relative reference.
    ///
    /// ```
    /// let r = urikit::build::Builder::new().path("../a").build()?;
    /// assert!(r.as_uri_ref().is_relative());
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn build(self) -> Result<UriRefBuf, BuildError> {
        let text = self.text()?;
        UriRefBuf::parse(text).map_err(reparse_error)
    }

    /// Build a URI; fails without a scheme.
    ///
    /// ```
    /// use urikit::build::{Builder, BuildErrorKind};
    /// assert_eq!(Builder::new().path("a").build_uri().unwrap_err().kind(), BuildErrorKind::MissingScheme);
    /// ```
    pub fn build_uri(self) -> Result<UriBuf, BuildError> {
        if self.parts.scheme.is_none() && self.error.is_none() {
            return Err(BuildError::new(
                Component::Scheme,
                BuildErrorKind::MissingScheme,
            ));
        }
        let text = self.text()?;
        UriBuf::parse(text).map_err(reparse_error)
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
