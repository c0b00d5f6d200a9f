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
use crate::percent::{self, PercentDecode};
use crate::rule::{validate, Rule};
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};

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

#[cfg(feature = "std")]
impl std::error::Error for BuildError {}

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
        text: &'a str,
        set: impl FnOnce(&mut Parts<'a>, Cow<'a, str>),
    ) -> Builder<'a> {
        match check(rule, c, text) {
            Ok(()) => {
                let mut b = self;
                set(&mut b.parts, Cow::Borrowed(text));
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
    pub fn scheme(self, scheme: &'a str) -> Builder<'a> {
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
    pub fn userinfo<T: AsRef<[u8]> + ?Sized>(mut self, data: &'a T) -> Builder<'a> {
        self.parts.userinfo = Some(percent::encode(data, &percent::USERINFO).to_cow());
        self
    }

    /// The userinfo, as encoded text (validated against `userinfo`).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().userinfo_encoded("a:b%40").host("h").build()?;
    /// assert_eq!(r.userinfo(), Some("a:b%40"));
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn userinfo_encoded(self, text: &'a str) -> Builder<'a> {
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
    pub fn host<T: AsRef<[u8]> + ?Sized>(mut self, data: &'a T) -> Builder<'a> {
        self.parts.host = Some(percent::encode(data, &percent::REG_NAME).to_cow());
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
    pub fn host_encoded(self, text: &'a str) -> Builder<'a> {
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
        use fmt::Write;
        let mut s = String::new();
        let _ = match ip {
            IpAddr::V4(a) => write!(s, "{a}"),
            IpAddr::V6(a) => write!(s, "[{a}]"),
        };
        self.parts.host = Some(Cow::Owned(s));
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
        use fmt::Write;
        let mut s = String::new();
        let _ = write!(s, "{port}");
        self.parts.port = Some(Cow::Owned(s));
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
    pub fn port_str(self, port: &'a str) -> Builder<'a> {
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
    pub fn path<T: AsRef<[u8]> + ?Sized>(mut self, data: &'a T) -> Builder<'a> {
        self.parts.path = percent::encode(data, &percent::PATH).to_cow();
        self
    }

    /// The path as encoded text (validated against `path`).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().path_encoded("a/%2F/b").build()?;
    /// assert_eq!(r.path(), "a/%2F/b");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn path_encoded(self, text: &'a str) -> Builder<'a> {
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
    pub fn query<T: AsRef<[u8]> + ?Sized>(mut self, data: &'a T) -> Builder<'a> {
        self.parts.query = Some(percent::encode(data, &percent::QUERY).to_cow());
        self
    }

    /// The query as encoded text (validated against `query`).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().query_encoded("a=%26").build()?;
    /// assert_eq!(r.query(), Some("a=%26"));
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn query_encoded(self, text: &'a str) -> Builder<'a> {
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
    pub fn fragment<T: AsRef<[u8]> + ?Sized>(mut self, data: &'a T) -> Builder<'a> {
        self.parts.fragment = Some(percent::encode(data, &percent::FRAGMENT).to_cow());
        self
    }

    /// The fragment as encoded text (validated against `fragment`).
    ///
    /// ```
    /// let r = urikit::build::Builder::new().fragment_encoded("a/b?c").build()?;
    /// assert_eq!(r.fragment(), Some("a/b?c"));
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    pub fn fragment_encoded(self, text: &'a str) -> Builder<'a> {
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
    /// assert!(r.as_ref_uri().is_relative());
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

/// Parts that passed their checks always parse; should one not, report what
/// the parser found rather than panic.
#[cold]
fn reparse_error(e: ParseError) -> BuildError {
    let c = e.kind().component().unwrap_or(Component::Path);
    BuildError::new(c, BuildErrorKind::Invalid(e))
}

macro_rules! setters {
    ($ty:ident, $parse:path) => {
        impl $ty {
            fn replace(&mut self, c: Component, value: Option<&str>) -> Result<(), BuildError> {
                let text = {
                    let view = self.as_ref_view();
                    let mut parts = Parts::of(&view);
                    parts.set(c, value);
                    parts.assemble(false)?
                };
                *self = $parse(text).map_err(reparse_error)?;
                Ok(())
            }

            /// Replace or remove the userinfo (encoded text, validated).
            /// Adding one to a value without an authority adds an authority
            /// with an empty host.
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.set_userinfo(Some("joe"))?;
            /// assert_eq!(u.as_str(), "http://joe@h/");
            /// assert!(u.set_userinfo(Some("a@b")).is_err());
            /// assert_eq!(u.as_str(), "http://joe@h/");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = userinfo {
                    check(Rule::Userinfo, Component::Userinfo, t)?;
                }
                self.replace(Component::Userinfo, userinfo)
            }

            /// Replace the host (encoded text, validated against `host`), or
            /// with `None` remove the whole authority (userinfo and port
            /// too).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h:8/p\")?;")]
            /// u.set_host(Some("[::1]"))?;
            /// assert_eq!(u.as_str(), "http://[::1]:8/p");
            /// u.set_host(None)?;
            /// assert_eq!(u.as_str(), "http:/p");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = host {
                    check(Rule::Host, Component::Host, t)?;
                }
                self.replace(Component::Host, host)
            }

            /// Replace or remove the port (digits, validated).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.set_port(Some("8080"))?;
            /// assert_eq!(u.port_u16(), Ok(Some(8080)));
            /// assert!(u.set_port(Some("x")).is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_port(&mut self, port: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = port {
                    check(Rule::Port, Component::Port, t)?;
                }
                self.replace(Component::Port, port)
            }

            /// Replace the path (encoded text, validated against `path`).
            /// Fails for a path that cannot follow the authority (or its
            /// absence); in a relative reference, a first segment with `:`
            /// gets `./` before it (4.2).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/a?q\")?;")]
            /// u.set_path("/b/c")?;
            /// assert_eq!(u.as_str(), "http://h/b/c?q");
            /// assert!(u.set_path("rel").is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
                check(Rule::Path, Component::Path, path)?;
                self.replace(Component::Path, Some(path))
            }

            /// Replace or remove the query (encoded text, validated).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/#f\")?;")]
            /// u.set_query(Some("a=1"))?;
            /// assert_eq!(u.as_str(), "http://h/?a=1#f");
            /// u.set_query(None)?;
            /// assert_eq!(u.as_str(), "http://h/#f");
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = query {
                    check(Rule::Query, Component::Query, t)?;
                }
                self.replace(Component::Query, query)
            }

            /// Replace or remove the fragment (encoded text, validated).
            ///
            /// ```
            #[doc = concat!("let mut u = urikit::", stringify!($ty), "::parse(\"http://h/\")?;")]
            /// u.set_fragment(Some("top"))?;
            /// assert_eq!(u.as_str(), "http://h/#top");
            /// assert!(u.set_fragment(Some("a#b")).is_err());
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
                if let Some(t) = fragment {
                    check(Rule::Fragment, Component::Fragment, t)?;
                }
                self.replace(Component::Fragment, fragment)
            }
        }
    };
}

impl UriBuf {
    fn as_ref_view(&self) -> UriRef<'_> {
        self.as_uri().as_ref_uri()
    }

    /// Replace the scheme (validated against `scheme`).
    ///
    /// ```
    /// let mut u = urikit::UriBuf::parse("http://h/")?;
    /// u.set_scheme("https")?;
    /// assert_eq!(u.as_str(), "https://h/");
    /// assert!(u.set_scheme("").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), BuildError> {
        check(Rule::Scheme, Component::Scheme, scheme)?;
        self.replace(Component::Scheme, Some(scheme))
    }
}

impl UriRefBuf {
    fn as_ref_view(&self) -> UriRef<'_> {
        self.as_ref_uri()
    }

    /// Replace or remove the scheme (validated against `scheme`). Removing
    /// it from a path whose first segment holds `:` writes `./` before the
    /// path (4.2).
    ///
    /// ```
    /// let mut r = urikit::UriRefBuf::parse("a/b")?;
    /// r.set_scheme(Some("s"))?;
    /// assert_eq!(r.as_str(), "s:a/b");
    /// let mut r = urikit::UriRefBuf::parse("s:x:y")?;
    /// r.set_scheme(None)?;
    /// assert_eq!(r.as_str(), "./x:y");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        if let Some(t) = scheme {
            check(Rule::Scheme, Component::Scheme, t)?;
        }
        self.replace(Component::Scheme, scheme)
    }
}

setters!(UriBuf, UriBuf::parse);
setters!(UriRefBuf, UriRefBuf::parse);

/// Write one encoded pair; space is `+` in the form variant, `%20` otherwise.
fn push_pair(out: &mut String, key: &str, value: Option<&str>, form: bool) {
    push_pair_part(out, key, form);
    if let Some(v) = value {
        out.push('=');
        push_pair_part(out, v, form);
    }
}

fn push_pair_part(out: &mut String, data: &str, form: bool) {
    if form {
        for (i, piece) in data.split(' ').enumerate() {
            if i > 0 {
                out.push('+');
            }
            out.extend(percent::encode(piece, &percent::QUERY_PAIR));
        }
    } else {
        out.extend(percent::encode(data, &percent::QUERY_PAIR));
    }
}

/// Composes a query from pairs of raw data.
///
/// Keys and values are encoded with [`percent::QUERY_PAIR`], so `&`, `=`
/// and `+` in the data are percent-encoded and the result reads back the same
/// with both [`QueryPairs::decoded`] and [`QueryPairs::form_decoded`]. A
/// space is `%20`, or `+` in the `application/x-www-form-urlencoded`
/// variant ([`QueryWriter::form`]).
///
/// ```
/// use urikit::build::QueryWriter;
/// let q = QueryWriter::new().pair("name", "Zoë & co").pair("x", "1+1").key("flag");
/// assert_eq!(q.as_str(), "name=Zo%C3%AB%20%26%20co&x=1%2B1&flag");
/// let f = QueryWriter::form().pair("q", "a b");
/// assert_eq!(f.as_str(), "q=a+b");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[must_use]
pub struct QueryWriter {
    buf: String,
    form: bool,
}

impl QueryWriter {
    /// An empty query, RFC 3986 style (space as `%20`).
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::new().as_str(), "");
    /// ```
    pub fn new() -> QueryWriter {
        QueryWriter::default()
    }

    /// An empty query in the `application/x-www-form-urlencoded` style
    /// (space as `+`).
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::form().pair("a", " ").as_str(), "a=+");
    /// ```
    pub fn form() -> QueryWriter {
        QueryWriter {
            buf: String::new(),
            form: true,
        }
    }

    fn sep(&mut self) {
        if !self.buf.is_empty() {
            self.buf.push('&');
        }
    }

    /// Append `key=value`.
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::new().pair("a", "=").as_str(), "a=%3D");
    /// ```
    pub fn pair(mut self, key: &str, value: &str) -> QueryWriter {
        self.sep();
        push_pair(&mut self.buf, key, Some(value), self.form);
        self
    }

    /// Append a key without `=` and value.
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::new().key("a&b").as_str(), "a%26b");
    /// ```
    pub fn key(mut self, key: &str) -> QueryWriter {
        self.sep();
        push_pair(&mut self.buf, key, None, self.form);
        self
    }

    /// Append every pair.
    ///
    /// ```
    /// let q = urikit::build::QueryWriter::new().pairs([("a", "1"), ("b", "2")]);
    /// assert_eq!(q.as_str(), "a=1&b=2");
    /// ```
    pub fn pairs<I, K, V>(mut self, pairs: I) -> QueryWriter
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for (k, v) in pairs {
            self = self.pair(k.as_ref(), v.as_ref());
        }
        self
    }

    /// The query text so far (valid `query`).
    ///
    /// ```
    /// assert_eq!(urikit::build::QueryWriter::new().pair("k", "v").as_str(), "k=v");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.buf
    }

    /// The query text.
    ///
    /// ```
    /// let s: String = urikit::build::QueryWriter::new().key("k").finish();
    /// assert_eq!(s, "k");
    /// ```
    pub fn finish(self) -> String {
        self.buf
    }
}

impl fmt::Display for QueryWriter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.buf)
    }
}

/// One `key=value` piece of a query, raw (still percent-encoded).
///
/// ```
/// let p = urikit::build::query_pairs("a%20b=c+d").next().unwrap();
/// assert_eq!((p.key(), p.value()), ("a%20b", Some("c+d")));
/// assert_eq!(p.decode_value().to_str()?, "c+d");
/// assert_eq!(p.form_decode_value().to_str()?, "c d");
/// # Ok::<(), urikit::percent::DecodeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryPair<'a> {
    key: &'a str,
    value: Option<&'a str>,
}

impl<'a> QueryPair<'a> {
    /// The key, raw.
    ///
    /// ```
    /// assert_eq!(urikit::build::query_pairs("k=v").next().unwrap().key(), "k");
    /// ```
    pub fn key(&self) -> &'a str {
        self.key
    }

    /// The value, raw: `None` when the piece has no `=`, `Some("")` for
    /// `key=`.
    ///
    /// ```
    /// let mut it = urikit::build::query_pairs("a&b=");
    /// assert_eq!(it.next().unwrap().value(), None);
    /// assert_eq!(it.next().unwrap().value(), Some(""));
    /// ```
    pub fn value(&self) -> Option<&'a str> {
        self.value
    }

    /// The key, percent-decoded (lazily; `+` stays `+`).
    ///
    /// ```
    /// let p = urikit::build::query_pairs("%61=1").next().unwrap();
    /// assert_eq!(p.decode_key().to_str()?, "a");
    /// # Ok::<(), urikit::percent::DecodeError>(())
    /// ```
    pub fn decode_key(&self) -> PercentDecode<'a> {
        percent::decode(self.key)
    }

    /// The value, percent-decoded (lazily; `+` stays `+`); empty when there
    /// is none.
    ///
    /// ```
    /// let p = urikit::build::query_pairs("a=%26").next().unwrap();
    /// assert_eq!(p.decode_value().to_str()?, "&");
    /// # Ok::<(), urikit::percent::DecodeError>(())
    /// ```
    pub fn decode_value(&self) -> PercentDecode<'a> {
        percent::decode(self.value.unwrap_or(""))
    }

    /// The key decoded as form data: `+` is a space.
    ///
    /// ```
    /// let p = urikit::build::query_pairs("a+b=1").next().unwrap();
    /// assert_eq!(p.form_decode_key().to_str()?, "a b");
    /// # Ok::<(), urikit::percent::DecodeError>(())
    /// ```
    pub fn form_decode_key(&self) -> PercentDecode<'a> {
        percent::decode_form(self.key)
    }

    /// The value decoded as form data: `+` is a space.
    ///
    /// ```
    /// let p = urikit::build::query_pairs("a=1+2").next().unwrap();
    /// assert_eq!(p.form_decode_value().to_str()?, "1 2");
    /// # Ok::<(), urikit::percent::DecodeError>(())
    /// ```
    pub fn form_decode_value(&self) -> PercentDecode<'a> {
        percent::decode_form(self.value.unwrap_or(""))
    }
}

/// Split a query into its `&`-separated pieces, each split at its first `=`
/// into key and value, raw. Empty pieces (`a&&b`, a trailing `&`) carry no
/// pair and are skipped.
///
/// The `&` / `=` convention is the one of HTML forms and most servers, not
/// part of RFC 3986 (3.4 leaves the query's structure to the scheme).
/// Splitting comes before decoding, so `%26` and `%3D` stay data.
///
/// ```
/// let pairs: Vec<(&str, Option<&str>)> = urikit::build::query_pairs("a=1&b&&c=x=y&d=%26")
///     .map(|p| (p.key(), p.value()))
///     .collect();
/// assert_eq!(pairs, [("a", Some("1")), ("b", None), ("c", Some("x=y")), ("d", Some("%26"))]);
/// ```
pub fn query_pairs(query: &str) -> QueryPairs<'_> {
    QueryPairs { rest: query }
}

/// The iterator of [`query_pairs`].
///
/// ```
/// assert_eq!(urikit::build::query_pairs("a&b").count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    rest: &'a str,
}

impl<'a> QueryPairs<'a> {
    /// The pairs percent-decoded as text (`+` stays `+`); bytes that are not
    /// UTF-8 become U+FFFD. Use [`QueryPair::decode_key`] for the exact
    /// bytes.
    ///
    /// ```
    /// let v: Vec<_> = urikit::build::query_pairs("a=%E2%9C%93&b+c").decoded().collect();
    /// assert_eq!(v, [("a".into(), "✓".into()), ("b+c".into(), "".into())]);
    /// ```
    pub fn decoded(self) -> impl Iterator<Item = (Cow<'a, str>, Cow<'a, str>)> {
        self.map(|p| {
            (
                p.decode_key().to_str_lossy(),
                p.decode_value().to_str_lossy(),
            )
        })
    }

    /// The pairs decoded as `application/x-www-form-urlencoded` data: like
    /// [`decoded`](Self::decoded), and `+` is a space.
    ///
    /// ```
    /// let v: Vec<_> = urikit::build::query_pairs("q=a+b%2Bc").form_decoded().collect();
    /// assert_eq!(v, [("q".into(), "a b+c".into())]);
    /// ```
    pub fn form_decoded(self) -> impl Iterator<Item = (Cow<'a, str>, Cow<'a, str>)> {
        self.map(|p| {
            (
                p.form_decode_key().to_str_lossy(),
                p.form_decode_value().to_str_lossy(),
            )
        })
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = QueryPair<'a>;

    fn next(&mut self) -> Option<QueryPair<'a>> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let (piece, rest) = self.rest.split_once('&').unwrap_or((self.rest, ""));
            self.rest = rest;
            if piece.is_empty() {
                continue;
            }
            return Some(match piece.split_once('=') {
                Some((key, value)) => QueryPair {
                    key,
                    value: Some(value),
                },
                None => QueryPair {
                    key: piece,
                    value: None,
                },
            });
        }
    }
}

/// The segments of a path, raw: split on `/` after dropping one leading `/`.
/// `""` has no segments, `"/"` has one empty segment, `"a/b/"` has `a`, `b`
/// and an empty one. Splitting comes before decoding, so `%2F` stays data
/// inside its segment (2.4).
///
/// ```
/// let segs: Vec<&str> = urikit::build::path_segments("/a/b%2Fc/").collect();
/// assert_eq!(segs, ["a", "b%2Fc", ""]);
/// assert_eq!(urikit::build::path_segments("").count(), 0);
/// ```
pub fn path_segments(path: &str) -> Segments<'_> {
    let rest = path.strip_prefix('/').unwrap_or(path);
    Segments {
        rest: (!path.is_empty()).then_some(rest),
    }
}

/// The iterator of [`path_segments`].
///
/// ```
/// assert_eq!(urikit::build::path_segments("a/b").last(), Some("b"));
/// ```
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Segments<'a> {
    /// The segments percent-decoded as text; bytes that are not UTF-8
    /// become U+FFFD. Use [`percent::decode`] on the raw segments for the
    /// exact bytes.
    ///
    /// ```
    /// let v: Vec<_> = urikit::build::path_segments("/a%2Fb/%7E").decoded().collect();
    /// assert_eq!(v, ["a/b", "~"]);
    /// ```
    pub fn decoded(self) -> impl Iterator<Item = Cow<'a, str>> {
        self.map(|s| percent::decode(s).to_str_lossy())
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.split_once('/') {
            Some((seg, tail)) => {
                self.rest = Some(tail);
                Some(seg)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

macro_rules! iter_methods {
    ($ty:ident $(<$lt:lifetime>)?) => {
        impl$(<$lt>)? $ty$(<$lt>)? {
            /// The path's segments, raw; see [`path_segments`].
            ///
            /// ```
            #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"http://h/a/b%2Fc\").unwrap();")]
            /// assert_eq!(u.path_segments().collect::<Vec<_>>(), ["a", "b%2Fc"]);
            /// ```
            pub fn path_segments(&self) -> Segments<'_> {
                path_segments(self.path())
            }

            /// The query's `key=value` pairs, raw; see [`query_pairs`].
            /// None when there is no query.
            ///
            /// ```
            #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"http://h/?a=1&b=2\").unwrap();")]
            /// assert_eq!(u.query_pairs().map(|p| p.key()).collect::<Vec<_>>(), ["a", "b"]);
            /// ```
            pub fn query_pairs(&self) -> QueryPairs<'_> {
                query_pairs(self.query().unwrap_or(""))
            }
        }
    };
}

iter_methods!(UriRef<'a>);
iter_methods!(Uri<'a>);
iter_methods!(UriRefBuf);
iter_methods!(UriBuf);
