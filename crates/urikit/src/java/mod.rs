//! java.net.URI's reading of RFC 2396: for any string, what
//! `new java.net.URI(s)` gives, valid or not, and each of its getters.
//!
//! [`JavaUri::parse`] is the one parser of urikit in its RFC 2396 profile
//! (see [`crate::rfc2396`]) with java.net.URI's deviations turned on. Each
//! deviation below was found by running Java 17, and the differential test
//! (`crates/urikit/tests/it/java.rs`) compares every getter with the real
//! `java.net.URI` over generated inputs and the corpora.
//!
//! # Where java.net.URI differs from RFC 2396
//!
//! - **Empty authority.** `//` followed by a path, query or fragment leaves
//!   the authority undefined (RFC 2396: an empty server); `//` at the end is
//!   an error.
//! - **Empty relative path.** The empty string and `?q` are valid (RFC 2396:
//!   `rel_path` has at least one character, so `?q` is not).
//! - **IPv4 digits.** A host of four dot-separated digit runs is an IPv4
//!   address when each run's value is at most 255, however many digits it
//!   has (`0001.2.3.4`); RFC 2732 allows one to three digits.
//! - **Single-label hosts starting with a digit.** `http://123/` has host
//!   `123`: the top label must start with a letter only when there are two
//!   labels or more.
//! - **IPv6 scope ids.** `[fe80::1%eth0]`: `%` and letters, digits, `_`,
//!   `.` after the address.
//! - **"Other" characters.** Any non-ASCII character above U+0080 that is
//!   neither a Unicode space (Zs, Zl, Zp) nor an ISO control is taken raw
//!   wherever an escape is (userinfo, registry name, path, query, fragment,
//!   opaque part), not in a scheme, host name or port.
//! - **Server, then registry.** An authority is a server when it parses as
//!   one, else a registry name when every character is one, as RFC 2396
//!   says; with the deviations above deciding what a server is.
//! - **Ports must fit an `int`**: `http://a:99999999999/` is a registry
//!   authority (host `None`, port -1).
//!
//! ```
//! use urikit::java::JavaUri;
//! let u = JavaUri::parse("http://user@123:8080/a;p?q=[1]#f")?;
//! assert_eq!(u.host(), Some("123"));
//! assert_eq!(u.port(), 8080);
//! assert_eq!(u.raw_query(), Some("q=[1]"));
//! let r = JavaUri::parse("http://a_b:99999999999/")?;
//! assert_eq!((r.raw_authority(), r.host(), r.port()), (Some("a_b:99999999999"), None, -1));
//! let o = JavaUri::parse("mailto:a@b?subject=x")?;
//! assert!(o.is_opaque());
//! assert_eq!((o.raw_path(), o.raw_query()), (None, None));
//! let e = JavaUri::parse("http://a b/").unwrap_err();
//! assert_eq!(e.to_string(), "illegal character in authority at index 7");
//! # Ok::<(), urikit::java::JavaError>(())
//! ```

use core::fmt;

use crate::parse::{Meta, NONE, Top, parse_with, profile};

mod error;
mod ipv6;
mod resolve;
pub use error::{JavaError, JavaErrorKind};

const P: u8 = profile::RFC2396 | profile::JAVA;

/// What `new java.net.URI(s)` holds, borrowed from the input: the raw
/// getters return slices of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JavaUri<'a> {
    s: &'a str,
    m: Meta,
}

impl<'a> JavaUri<'a> {
    /// Parse `s` as `new java.net.URI(s)` does.
    ///
    /// ```
    /// use urikit::java::JavaUri;
    /// assert!(JavaUri::parse("http:///path").is_ok());
    /// assert!(JavaUri::parse("http://").is_err());
    /// assert_eq!(JavaUri::parse("a:").unwrap_err().index(), 2);
    /// ```
    pub fn parse(s: &'a str) -> Result<JavaUri<'a>, JavaError> {
        match parse_with::<P>(s.as_bytes(), Top::UriReference) {
            Ok(m) => Ok(JavaUri { s, m }),
            Err(e) => Err(error::java_error(s, e)),
        }
    }

    /// The input.
    pub fn as_str(&self) -> &'a str {
        self.s
    }

    fn slice(&self, from: u32, to: u32) -> &'a str {
        &self.s[from as usize..to as usize]
    }

    /// `getScheme()`.
    ///
    /// ```
    /// assert_eq!(urikit::java::JavaUri::parse("HTTP://a")?.scheme(), Some("HTTP"));
    /// # Ok::<(), urikit::java::JavaError>(())
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        crate::rfc2396::scheme(self.s, &self.m)
    }

    /// `isOpaque()`: a scheme and no `/` after its `:`.
    ///
    /// ```
    /// assert!(urikit::java::JavaUri::parse("urn:isbn:1")?.is_opaque());
    /// # Ok::<(), urikit::java::JavaError>(())
    /// ```
    pub fn is_opaque(&self) -> bool {
        crate::rfc2396::is_opaque(self.s, &self.m)
    }

    fn fragment_or_end(&self) -> u32 {
        if self.m.fragment_start != NONE {
            self.m.fragment_start
        } else {
            self.s.len() as u32
        }
    }

    /// `getRawSchemeSpecificPart()`: between the scheme's `:` and the `#`.
    ///
    /// ```
    /// assert_eq!(urikit::java::JavaUri::parse("a:b?c#d")?.raw_scheme_specific_part(), "b?c");
    /// # Ok::<(), urikit::java::JavaError>(())
    /// ```
    pub fn raw_scheme_specific_part(&self) -> &'a str {
        let start = if self.m.scheme_end != NONE {
            self.m.scheme_end + 1
        } else {
            0
        };
        self.slice(start, self.fragment_or_end())
    }

    /// `getRawAuthority()`: a server or registry authority; `None` when
    /// there is none or it is empty (`file:///x`).
    pub fn raw_authority(&self) -> Option<&'a str> {
        (self.m.auth_start != NONE).then(|| self.slice(self.m.auth_start, self.m.path_start))
    }

    /// Whether the authority is a server (`Some(true)`), a registry name
    /// (`Some(false)`), or absent.
    fn server(&self) -> bool {
        self.m.auth_start != NONE && self.m.host_start != NONE
    }

    /// Which kind of authority, if any (`getHost()` is `None` for a
    /// registry).
    ///
    /// ```
    /// use urikit::java::JavaUri;
    /// use urikit::rfc2396::AuthorityKind;
    /// assert_eq!(JavaUri::parse("//a_b/")?.authority_kind(), Some(AuthorityKind::Registry));
    /// assert_eq!(JavaUri::parse("//ab/")?.authority_kind(), Some(AuthorityKind::Server));
    /// # Ok::<(), urikit::java::JavaError>(())
    /// ```
    pub fn authority_kind(&self) -> Option<crate::rfc2396::AuthorityKind> {
        crate::rfc2396::authority_kind(&self.m)
    }

    /// `getRawUserInfo()`: only in a server authority.
    pub fn raw_user_info(&self) -> Option<&'a str> {
        (self.server() && self.m.host_start > self.m.auth_start)
            .then(|| self.slice(self.m.auth_start, self.m.host_start - 1))
    }

    /// `getHost()`: only in a server authority; an IPv6 address keeps its
    /// brackets (and its scope id).
    ///
    /// ```
    /// let u = urikit::java::JavaUri::parse("http://[fe80::1%eth0]:80/")?;
    /// assert_eq!(u.host(), Some("[fe80::1%eth0]"));
    /// # Ok::<(), urikit::java::JavaError>(())
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        (self.server() && self.m.host_end > self.m.host_start)
            .then(|| self.slice(self.m.host_start, self.m.host_end))
    }

    /// `getPort()`: -1 when there is none (no port, an empty port, or a
    /// registry authority).
    pub fn port(&self) -> i32 {
        if !self.server() || self.m.host_end >= self.m.path_start {
            return -1;
        }
        let digits = self.slice(self.m.host_end + 1, self.m.path_start);
        if digits.is_empty() {
            return -1;
        }
        crate::parse::java_int(digits.as_bytes()).unwrap_or(-1)
    }

    /// `getRawPath()`: `None` for an opaque URI, as Java's `null`.
    pub fn raw_path(&self) -> Option<&'a str> {
        (!self.is_opaque()).then(|| self.slice(self.m.path_start, self.m.path_end))
    }

    /// `getRawQuery()`: never in an opaque URI.
    pub fn raw_query(&self) -> Option<&'a str> {
        (self.m.query_start != NONE).then(|| {
            let end = self.fragment_or_end();
            self.slice(self.m.query_start + 1, end)
        })
    }

    /// `getRawFragment()`.
    pub fn raw_fragment(&self) -> Option<&'a str> {
        (self.m.fragment_start != NONE).then(|| &self.s[self.m.fragment_start as usize + 1..])
    }
}

impl fmt::Display for JavaUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.s)
    }
}
