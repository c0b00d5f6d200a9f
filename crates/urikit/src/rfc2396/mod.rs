//! RFC 2396 (1998) as amended by RFC 2732 (IPv6 literals): the grammar
//! java.net.URI and much older software read, as a profile of urikit's one
//! parser.
//!
//! Where RFC 2396 differs from RFC 3986 (each point has must-pass and
//! must-fail vectors in `crates/urikit/tests/data/rfc2396/`):
//!
//! - `unreserved` has the marks `! * ' ( )` and `reserved` is
//!   `; / ? : @ & = + $ ,` plus RFC 2732's `[ ]`, so `[` and `]` may stand
//!   raw in a query, a fragment and an opaque part (not in a path, nor
//!   first in an opaque part: `uric_no_slash` does not take them).
//! - `absoluteURI = scheme ":" ( hier_part | opaque_part )`: after the
//!   scheme, anything that does not start with `/` is one opaque part of at
//!   least one character, where `?` is data (`mailto:a?b` has no query);
//!   `a:` is not a URI.
//! - `authority = server | reg_name`: a server (`[userinfo "@"] hostport`,
//!   host names with alphanumeric labels and a top label starting with a
//!   letter, IPv4 as four runs of one to three digits, `[IPv6]` in RFC
//!   2373's text forms, whose IPv4 part is four such runs too
//!   (`[::1.2.3.256]`), a port of digits) when it parses as one, else a
//!   registry name, which may hold `:` and `@` ([`AuthorityKind`]). An
//!   empty authority is an empty server.
//! - `rel_path` has at least one character: no reference starts with `?`.
//! - `segment = *pchar *( ";" param )`: path parameters, read by
//!   [`segments`] over any path.
//! - The fragment is outside the URI (4.1): `URI-reference = [ absoluteURI
//!   | relativeURI ] [ "#" fragment ]`, and holds `uric`.
//!
//! ```
//! use urikit::rfc2396::{AuthorityKind, Rfc2396Ref};
//! let r = Rfc2396Ref::parse("mailto:joe@example.com?subject=[hi]")?;
//! assert!(r.is_opaque());
//! assert_eq!(r.opaque_part(), Some("joe@example.com?subject=[hi]"));
//! let r = Rfc2396Ref::parse("http://user:pw@host:8080/a;x=1/b")?;
//! assert_eq!(r.authority_kind(), Some(AuthorityKind::Server));
//! assert_eq!(r.host(), Some("host"));
//! let r = Rfc2396Ref::parse("http://a_b/")?;
//! assert_eq!(r.authority_kind(), Some(AuthorityKind::Registry));
//! assert_eq!(r.host(), None);
//! assert!(Rfc2396Ref::parse("?q").is_err());
//! assert!(Rfc2396Ref::parse("a:").is_err());
//! # Ok::<(), urikit::ParseError>(())
//! ```

use core::fmt;

use crate::error::ParseError;
use crate::host::HostKind;
use crate::parse::{Meta, NONE, Top, parse_with, profile};

mod params;
pub use params::{Params, Segment, Segments, segments};

/// Which reading of `authority = server | reg_name` (RFC 2396 3.2) an
/// authority has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AuthorityKind {
    /// `server = [ [ userinfo "@" ] hostport ]`: a host, maybe a userinfo
    /// and a port.
    Server,
    /// `reg_name`: a registry-based name, with no host or port to read.
    Registry,
}

impl AuthorityKind {
    /// The stable name in machine output: `server` or `registry`.
    ///
    /// ```
    /// assert_eq!(urikit::rfc2396::AuthorityKind::Registry.name(), "registry");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            AuthorityKind::Server => "server",
            AuthorityKind::Registry => "registry",
        }
    }
}

impl fmt::Display for AuthorityKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

pub(crate) fn authority_kind(m: &Meta) -> Option<AuthorityKind> {
    if m.auth_start == NONE {
        None
    } else if m.host_start == NONE {
        Some(AuthorityKind::Registry)
    } else {
        Some(AuthorityKind::Server)
    }
}

/// An RFC 2396 `URI-reference`, borrowed from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rfc2396Ref<'a> {
    s: &'a str,
    m: Meta,
}

impl<'a> Rfc2396Ref<'a> {
    /// Parse `URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]`
    /// (RFC 2396 4.3, Appendix A, with RFC 2732).
    ///
    /// ```
    /// use urikit::rfc2396::Rfc2396Ref;
    /// assert!(Rfc2396Ref::parse("http://[::1]/?a[0]=1").is_ok());
    /// assert_eq!(Rfc2396Ref::parse("http://a/[").unwrap_err().index(), 9);
    /// ```
    pub fn parse(s: &'a str) -> Result<Rfc2396Ref<'a>, ParseError> {
        let m = parse_with::<{ profile::RFC2396 }>(s.as_bytes(), Top::UriReference)?;
        Ok(Rfc2396Ref { s, m })
    }

    /// The input.
    pub fn as_str(&self) -> &'a str {
        self.s
    }

    fn slice(&self, from: u32, to: u32) -> &'a str {
        &self.s[from as usize..to as usize]
    }

    /// The scheme, if any.
    pub fn scheme(&self) -> Option<&'a str> {
        scheme(self.s, &self.m)
    }

    /// Whether this is `scheme ":" opaque_part`.
    pub fn is_opaque(&self) -> bool {
        is_opaque(self.s, &self.m)
    }

    /// The opaque part, for an opaque URI.
    pub fn opaque_part(&self) -> Option<&'a str> {
        self.is_opaque()
            .then(|| self.slice(self.m.path_start, self.m.path_end))
    }

    /// The authority (possibly empty), if there is one.
    pub fn authority(&self) -> Option<&'a str> {
        (self.m.auth_start != NONE).then(|| self.slice(self.m.auth_start, self.m.path_start))
    }

    /// Whether the authority is a server or a registry name.
    pub fn authority_kind(&self) -> Option<AuthorityKind> {
        authority_kind(&self.m)
    }

    fn server(&self) -> bool {
        self.authority_kind() == Some(AuthorityKind::Server)
    }

    /// The userinfo of a server authority.
    pub fn userinfo(&self) -> Option<&'a str> {
        (self.server() && self.m.host_start > self.m.auth_start)
            .then(|| self.slice(self.m.auth_start, self.m.host_start - 1))
    }

    /// The host of a server authority (brackets kept for IPv6; empty for
    /// an empty server).
    pub fn host(&self) -> Option<&'a str> {
        self.server()
            .then(|| self.slice(self.m.host_start, self.m.host_end))
    }

    /// What the host is: [`HostKind::RegName`] for a `hostname`.
    pub fn host_kind(&self) -> Option<HostKind> {
        self.server().then_some(self.m.host_kind)
    }

    /// The port of a server authority, as written (possibly empty).
    pub fn port(&self) -> Option<&'a str> {
        (self.server() && self.m.host_end < self.m.path_start)
            .then(|| self.slice(self.m.host_end + 1, self.m.path_start))
    }

    /// The path (`abs_path` or `rel_path`; empty when there is none), or
    /// for an opaque URI its opaque part.
    pub fn path(&self) -> &'a str {
        self.slice(self.m.path_start, self.m.path_end)
    }

    /// The query, never in an opaque URI.
    pub fn query(&self) -> Option<&'a str> {
        (self.m.query_start != NONE).then(|| {
            let end = if self.m.fragment_start != NONE {
                self.m.fragment_start
            } else {
                self.s.len() as u32
            };
            self.slice(self.m.query_start + 1, end)
        })
    }

    /// The fragment.
    pub fn fragment(&self) -> Option<&'a str> {
        (self.m.fragment_start != NONE).then(|| &self.s[self.m.fragment_start as usize + 1..])
    }

    /// The path's segments with their parameters (3.3).
    ///
    /// ```
    /// let r = urikit::rfc2396::Rfc2396Ref::parse("/a;v=1;w/b")?;
    /// let s: Vec<_> = r.segments().map(|s| (s.name(), s.params().collect::<Vec<_>>())).collect();
    /// assert_eq!(s, [("a", vec!["v=1", "w"]), ("b", vec![])]);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        segments(if self.is_opaque() { "" } else { self.path() })
    }
}

impl fmt::Display for Rfc2396Ref<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.s)
    }
}

/// The scheme of `s` parsed as `m` in this profile (shared with
/// `java::JavaUri`, which reads the same offsets).
pub(crate) fn scheme<'a>(s: &'a str, m: &Meta) -> Option<&'a str> {
    (m.scheme_end != NONE).then(|| &s[..m.scheme_end as usize])
}

/// Whether `s` parsed as `m` is `scheme ":" opaque_part`: a scheme and no
/// `/` after its `:`.
pub(crate) fn is_opaque(s: &str, m: &Meta) -> bool {
    m.scheme_end != NONE && s.as_bytes().get(m.scheme_end as usize + 1) != Some(&b'/')
}
