//! The builders: [`Builder`] for URIs and [`IriBuilder`] for IRIs, one
//! definition (the `builder!` macro) over the parser profile `P`. What the
//! profile changes, the encoding and the validation of each part, lives in
//! the generic functions they call (`encode_part::<P>`, `check_p::<P>`,
//! `push_pair::<P>`, `push_encoded::<P>`); the recomposition is shared.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::net::IpAddr;

use super::encode::{encode_part, push_encoded};
use super::{
    BuildError, BuildErrorKind, Part, Parts, TextPart, check_p, ip_host_text, port_digits,
    push_pair, reparse_error,
};
use crate::error::Component;
use crate::iri::{IriBuf, IriRefBuf};
use crate::parse::profile;
use crate::percent;
use crate::rule::Rule;
use crate::uri::{UriBuf, UriRefBuf};

macro_rules! builder {
    (
        $(#[$meta:meta])*
        $name:ident, $P:expr, $ref_buf:ident, $abs_buf:ident, $build_abs:ident,
        host_example: $host_in:literal => $host_out:literal
    ) => {
        $(#[$meta])*
        #[derive(Clone, Default)]
        #[must_use]
        pub struct $name<'a> {
            parts: Parts<'a>,
            dot_before_double_slash: bool,
            error: Option<BuildError>,
        }

        impl fmt::Debug for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name))
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

        impl<'a> $name<'a> {
            /// An empty builder: it builds the empty relative reference.
            ///
            /// ```
            #[doc = concat!("assert_eq!(urikit::build::", stringify!($name), "::new().build()?.as_str(), \"\");")]
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn new() -> $name<'a> {
                $name::default()
            }

            fn fail(mut self, e: BuildError) -> $name<'a> {
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
            ) -> $name<'a> {
                let text = text.into_text();
                match check_p::<{ $P }>(rule, c, &text) {
                    Ok(()) => {
                        let mut b = self;
                        set(&mut b.parts, text);
                        b
                    }
                    Err(e) => self.fail(e),
                }
            }

            /// The scheme (3.1), validated: a letter, then letters, digits,
            /// `+`, `-` or `.`.
            ///
            /// ```
            #[doc = concat!("let u = urikit::build::", stringify!($name), "::new().scheme(\"urn\").path(\"isbn:0451450523\").", stringify!($build_abs), "()?;")]
            /// assert_eq!(u.as_str(), "urn:isbn:0451450523");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn scheme(self, scheme: impl TextPart<'a>) -> $name<'a> {
                self.checked(Rule::Scheme, Component::Scheme, scheme, |p, t| {
                    p.scheme = Some(t)
                })
            }

            /// The userinfo, from raw data (encoded with
            /// [`percent::USERINFO`]).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().userinfo(\"j@e\").host(\"h\").build()?;")]
            /// assert_eq!(r.as_str(), "//j%40e@h");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn userinfo(mut self, data: impl Part<'a>) -> $name<'a> {
                self.parts.userinfo = Some(encode_part::<{ $P }>(data, &percent::USERINFO, false));
                self
            }

            /// The userinfo, as encoded text (validated against
            /// `userinfo`).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().userinfo_encoded(\"a:b%40\").host(\"h\").build()?;")]
            /// assert_eq!(r.userinfo(), Some("a:b%40"));
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn userinfo_encoded(self, text: impl TextPart<'a>) -> $name<'a> {
                self.checked(Rule::Userinfo, Component::Userinfo, text, |p, t| {
                    p.userinfo = Some(t)
                })
            }

            /// The host as a registered name, from raw data (encoded with
            /// [`percent::REG_NAME`]; non-ASCII text as UTF-8, 3.2.2).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().host(\"", $host_in, "\").build()?;")]
            #[doc = concat!("assert_eq!(r.as_str(), \"", $host_out, "\");")]
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn host(mut self, data: impl Part<'a>) -> $name<'a> {
                self.parts.host = Some(encode_part::<{ $P }>(data, &percent::REG_NAME, false));
                self
            }

            /// The host as encoded text (validated against `host`: an IP
            /// literal in brackets, an IPv4 address or a reg-name).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().host_encoded(\"[::1]\").build()?;")]
            /// assert_eq!(r.host_kind(), Some(urikit::HostKind::Ipv6));
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn host_encoded(self, text: impl TextPart<'a>) -> $name<'a> {
                self.checked(Rule::Host, Component::Host, text, |p, t| p.host = Some(t))
            }

            /// The host as an IP address: IPv6 in brackets, in the RFC 5952
            /// form.
            ///
            /// ```
            /// use std::net::Ipv6Addr;
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().host_ip(Ipv6Addr::LOCALHOST.into()).port(8080).build()?;")]
            /// assert_eq!(r.as_str(), "//[::1]:8080");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn host_ip(mut self, ip: IpAddr) -> $name<'a> {
                self.parts.host = Some(Cow::Owned(ip_host_text(ip)));
                self
            }

            /// The port as a number.
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().host(\"h\").port(80).build()?;")]
            /// assert_eq!(r.port(), Some("80"));
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn port(mut self, port: u16) -> $name<'a> {
                self.parts.port = Some(Cow::Owned(port_digits(port)));
                self
            }

            /// The port as text: digits only, any number of them (3.2.3),
            /// or empty.
            ///
            /// ```
            #[doc = concat!("use urikit::build::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::new().host(\"h\").port_str(\"080\").build()?.port(), Some(\"080\"));")]
            #[doc = concat!("assert!(", stringify!($name), "::new().host(\"h\").port_str(\"http\").build().is_err());")]
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn port_str(self, port: impl TextPart<'a>) -> $name<'a> {
                self.checked(Rule::Port, Component::Port, port, |p, t| p.port = Some(t))
            }

            /// The path, from raw data (encoded with [`percent::PATH`], so
            /// `/` separates segments).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().path(\"/a b/c\").build()?;")]
            /// assert_eq!(r.as_str(), "/a%20b/c");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn path(mut self, data: impl Part<'a>) -> $name<'a> {
                self.parts.path = encode_part::<{ $P }>(data, &percent::PATH, false);
                self
            }

            /// The path as encoded text (validated against `path`).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().path_encoded(\"a/%2F/b\").build()?;")]
            /// assert_eq!(r.path(), "a/%2F/b");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn path_encoded(self, text: impl TextPart<'a>) -> $name<'a> {
                self.checked(Rule::Path, Component::Path, text, |p, t| p.path = t)
            }

            /// The path as segments of raw data, each encoded with
            /// [`percent::PATH_SEGMENT`] (so a `/` in the data stays data)
            /// and written after a `/`: the path is absolute.
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().path_segments([\"a\", \"b/c\", \"\"]).build()?;")]
            /// assert_eq!(r.as_str(), "/a/b%2Fc/");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn path_segments<I>(mut self, segments: I) -> $name<'a>
            where
                I: IntoIterator,
                I::Item: AsRef<[u8]>,
            {
                let mut path = String::new();
                for seg in segments {
                    path.push('/');
                    push_encoded::<{ $P }>(&mut path, seg.as_ref(), &percent::PATH_SEGMENT, false);
                }
                self.parts.path = Cow::Owned(path);
                self
            }

            /// The query, from raw data (encoded with [`percent::QUERY`]).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().query(\"a b\").build()?;")]
            /// assert_eq!(r.as_str(), "?a%20b");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn query(mut self, data: impl Part<'a>) -> $name<'a> {
                self.parts.query = Some(encode_part::<{ $P }>(data, &percent::QUERY, true));
                self
            }

            /// The query as encoded text (validated against `query`).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().query_encoded(\"a=%26\").build()?;")]
            /// assert_eq!(r.query(), Some("a=%26"));
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn query_encoded(self, text: impl TextPart<'a>) -> $name<'a> {
                self.checked(Rule::Query, Component::Query, text, |p, t| {
                    p.query = Some(t)
                })
            }

            /// Append a `key=value` pair of raw data to the query, joined
            /// to what is there with `&`; see
            /// [`QueryWriter`](super::QueryWriter) for the encoding.
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().query_pair(\"a\", \"1\").query_pair(\"b\", \"x y\").build()?;")]
            /// assert_eq!(r.as_str(), "?a=1&b=x%20y");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn query_pair(mut self, key: &str, value: &str) -> $name<'a> {
                let mut q = self
                    .parts
                    .query
                    .take()
                    .map(Cow::into_owned)
                    .unwrap_or_default();
                if !q.is_empty() {
                    q.push('&');
                }
                push_pair::<{ $P }>(&mut q, key, Some(value), false);
                self.parts.query = Some(Cow::Owned(q));
                self
            }

            /// The fragment, from raw data (encoded with
            /// [`percent::FRAGMENT`]).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().fragment(\"sec 1\").build()?;")]
            /// assert_eq!(r.as_str(), "#sec%201");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn fragment(mut self, data: impl Part<'a>) -> $name<'a> {
                self.parts.fragment = Some(encode_part::<{ $P }>(data, &percent::FRAGMENT, false));
                self
            }

            /// The fragment as encoded text (validated against
            /// `fragment`).
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().fragment_encoded(\"a/b?c\").build()?;")]
            /// assert_eq!(r.fragment(), Some("a/b?c"));
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn fragment_encoded(self, text: impl TextPart<'a>) -> $name<'a> {
                self.checked(Rule::Fragment, Component::Fragment, text, |p, t| {
                    p.fragment = Some(t)
                })
            }

            /// Without an authority, write `/.` before a path that starts
            /// with `//` instead of failing (the path is the same after
            /// dot-segment removal, 5.2.4). Off by default.
            ///
            /// ```
            #[doc = concat!("use urikit::build::", stringify!($name), ";")]
            #[doc = concat!("let u = ", stringify!($name), "::new().scheme(\"s\").path_encoded(\"//a\").dot_before_double_slash(true).", stringify!($build_abs), "()?;")]
            /// assert_eq!(u.as_str(), "s:/.//a");
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn dot_before_double_slash(mut self, yes: bool) -> $name<'a> {
                self.dot_before_double_slash = yes;
                self
            }

            fn text(&self) -> Result<String, BuildError> {
                if let Some(e) = self.error {
                    return Err(e);
                }
                self.parts.assemble(self.dot_before_double_slash)
            }

            /// Build a reference: absolute when a scheme was given, else a
            /// relative reference.
            ///
            /// ```
            #[doc = concat!("let r = urikit::build::", stringify!($name), "::new().path(\"../a\").build()?;")]
            /// assert!(r.scheme().is_none());
            /// # Ok::<(), urikit::build::BuildError>(())
            /// ```
            pub fn build(self) -> Result<$ref_buf, BuildError> {
                let text = self.text()?;
                $ref_buf::parse(text).map_err(reparse_error)
            }

            /// Build an absolute value; fails without a scheme.
            ///
            /// ```
            /// use urikit::build::BuildErrorKind;
            #[doc = concat!("let b = urikit::build::", stringify!($name), "::new().path(\"a\");")]
            #[doc = concat!("assert_eq!(b.", stringify!($build_abs), "().unwrap_err().kind(), BuildErrorKind::MissingScheme);")]
            /// ```
            pub fn $build_abs(self) -> Result<$abs_buf, BuildError> {
                if self.parts.scheme.is_none() && self.error.is_none() {
                    return Err(BuildError::new(
                        Component::Scheme,
                        BuildErrorKind::MissingScheme,
                    ));
                }
                let text = self.text()?;
                $abs_buf::parse(text).map_err(reparse_error)
            }
        }
    };
}

builder!(
    /// A by-value builder of URIs and relative references.
    ///
    /// Each component comes as raw data (`host`, `path`, …), which the
    /// builder percent-encodes with the component's encode set (text as
    /// UTF-8, 2.4), or as text that is encoded already (`host_encoded`,
    /// `path_encoded`, …), which it validates against the component's rule.
    /// The first error is kept and returned by `build`.
    ///
    /// An authority is written when a host, userinfo or port is given (the
    /// host is then empty unless given). `build` refuses parts that cannot
    /// be written ([`BuildErrorKind`]); for a relative reference whose first
    /// path segment holds a `:`, it writes `./` before the path (4.2).
    ///
    /// ```
    /// use urikit::build::Builder;
    /// let r = Builder::new().path("a:b/c d").build()?;
    /// assert_eq!(r.as_str(), "./a:b/c%20d");
    /// let u = Builder::new().scheme("mailto").path("joe@example.com").build_uri()?;
    /// assert_eq!(u.as_str(), "mailto:joe@example.com");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    Builder, profile::URI, UriRefBuf, UriBuf, build_uri,
    host_example: "bücher.example" => "//b%C3%BCcher.example"
);

builder!(
    /// A by-value builder of IRIs and relative IRI references (RFC 3987):
    /// [`Builder`] with the IRI grammar.
    ///
    /// Raw data is encoded as [`Builder`] encodes it, except that a
    /// non-ASCII character the component's IRI rule allows stays as it is:
    /// `ucschar` in the userinfo, host, path, query and fragment, and
    /// `iprivate` in the query only (2.2). Any other non-ASCII character,
    /// the bidirectional formatting characters (4.1: an IRI must not hold
    /// them) and bytes that are not UTF-8 are percent-encoded. Encoded
    /// text (`*_encoded`) is validated against the IRI rules. So
    /// [`IriBuf::to_uri`] of what this builds is what [`Builder`] builds
    /// from the same parts.
    ///
    /// ```
    /// use urikit::build::{Builder, IriBuilder};
    /// let iri = IriBuilder::new().scheme("http").host("例え.jp").path("/パス").build_iri()?;
    /// assert_eq!(iri.as_str(), "http://例え.jp/パス");
    /// let uri = Builder::new().scheme("http").host("例え.jp").path("/パス").build_uri()?;
    /// assert_eq!(iri.to_uri(), uri.as_str());
    /// // iprivate stays in the query only; U+FDD0 is no ucschar.
    /// let r = IriBuilder::new().path("\u{E000}").query("\u{E000}").fragment("\u{FDD0}").build()?;
    /// assert_eq!(r.as_str(), "%EE%80%80?\u{E000}#%EF%B7%90");
    /// # Ok::<(), urikit::build::BuildError>(())
    /// ```
    IriBuilder, profile::IRI, IriRefBuf, IriBuf, build_iri,
    host_example: "bücher.example" => "//bücher.example"
);
