//! Normalization (RFC 3986 sections 6.2.2, 6.2.3 and 6.3).
//!
//! **Syntax-based normalization** (6.2.2), the default, does these things and
//! nothing else:
//! - lowercase the scheme and the host, IP literals included (6.2.2.1);
//! - uppercase the hex digits of every percent-encoding (6.2.2.1);
//! - decode every percent-encoded unreserved character, in every component,
//!   the host included (6.2.2.2, 2.3);
//! - remove the dot segments of a URI's path (6.2.2.4, 5.2.4);
//! - drop the `:` of an empty port (6.2.3).
//!
//! Everything else stays as written. An empty query `?`, an empty fragment
//! `#` and an empty userinfo `@` are kept: the published RFC (6.2.3) says
//! their delimiters are significant unless a scheme says otherwise.
//! Reserved characters are never decoded (2.2): `%2F` and `/` differ.
//!
//! **Scheme-based normalization** (6.2.3) is opt-in with
//! [`Level::Scheme`]: for the schemes of [`SCHEMES`] and your own
//! ([`Normalizer::schemes`]) it drops a port equal to the scheme's default,
//! writes `/` for an empty path where the scheme says they are the same, and
//! writes the empty authority for a default host (`file://localhost/` becomes
//! `file:///`, as the published RFC says). It also removes the leading zeros
//! of every port, which 3.2.3 defines as a decimal number.
//!
//! [`Normalizer::ipv6_canonical`] writes IPv6 hosts in the RFC 5952 text
//! form.
//!
//! A **relative reference** gets only the changes that cannot alter its
//! resolution: case and percent-encoding. Its dot segments stay (removing
//! them from `a/..` would change the target), and so does an empty port.
//!
//! Normalizing a value that is already normal does not allocate: the result
//! borrows the input. [`Normalizer::is_normalized`] never allocates.
//!
//! ```
//! use urikit::Uri;
//! let uri = Uri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
//! assert_eq!(uri.normalize().to_string(), "example://a/b/c/%7Bfoo%7D");
//!
//! let n = Uri::parse("http://example.com/")?.normalize();
//! assert!(n.is_borrowed());
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! ## The `/.` rule
//!
//! Removing the dot segments of a URI without an authority can leave a
//! path that starts with `//`, which 3.3 forbids there: written out, its
//! first segment would read as an authority (`s:` + `//b` is `s://b`, the
//! host `b`). urikit then writes `/.` in front of the path, as resolution
//! does ([`crate::Resolver::resolve`]): `s:/a/..//b` becomes `s:/.//b`, a
//! path that remove_dot_segments (5.2.4) takes back to `//b`. Such a `/.`
//! counts as normal. Other implementations disagree here; see
//! `DEVIATIONS.md`.
//!
//! ```
//! use urikit::Uri;
//! let n = Uri::parse("s:/a/..//b")?.normalize();
//! assert_eq!(n, "s:/.//b");
//! let back = n.as_uri().unwrap();
//! assert_eq!((back.authority(), back.path()), (None, "/.//b"));
//! assert!(back.is_normalized());
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! ## Where each part is
//!
//! - `syntax_based.rs`: 6.2.2, case, percent-encoding and dot segments.
//! - `scheme_based.rs`: 6.2.3, [`SchemeInfo`], [`SCHEMES`], default ports.
//! - `writer.rs`: the one-pass writer, with the path writer that removes
//!   dot segments as it copies, and the byte checks of a normal form.
//! - `ladder.rs`: the ladder step by step ([`Normalizer::ladder`]): the
//!   text after each rung, 6.2.2.1 to 6.2.3, from the one writer.
//! - `normalized.rs`: [`Normalized`], the result, and the `normalize`
//!   methods of the URI types.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::error::ParseError;
use crate::host::HostKind;
use crate::parse::NONE;
use crate::uri::{ToUriRef, UriRef};

mod ladder;
mod normalized;
mod quick;
mod scheme_based;
mod syntax_based;
#[cfg(test)]
mod tests;
mod writer;

pub use ladder::{Ladder, Rung};
pub use normalized::Normalized;
pub use scheme_based::{SCHEMES, SchemeInfo, scheme_info};

#[cfg(test)]
use writer::Writer;
use writer::{has_dot_segments, pct_is_normal};

/// A rung of the comparison ladder (6.2): how far [`Normalizer`] and
/// [`crate::compare::Comparison`] go, both given it the same way, in `new`.
///
/// ```
/// use urikit::normalize::Level;
/// assert!(Level::String < Level::Syntax && Level::Syntax < Level::Scheme);
/// assert_eq!(Level::from_name("syntax"), Some(Level::Syntax));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum Level {
    /// Simple string comparison (6.2.1): character for character. A
    /// [`Normalizer`] at this rung leaves the text as it is.
    String,
    /// Syntax-based normalization, then string comparison (6.2.2).
    #[default]
    Syntax,
    /// Syntax- and scheme-based normalization, then string comparison
    /// (6.2.3).
    Scheme,
}

impl Level {
    /// The level's name: `string`, `syntax` or `scheme`.
    ///
    /// ```
    /// assert_eq!(urikit::normalize::Level::Scheme.name(), "scheme");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Level::String => "string",
            Level::Syntax => "syntax",
            Level::Scheme => "scheme",
        }
    }

    /// The level with this name (`string`, `syntax`, `scheme`).
    ///
    /// ```
    /// assert_eq!(urikit::normalize::Level::from_name("string"), Some(urikit::normalize::Level::String));
    /// ```
    pub fn from_name(name: &str) -> Option<Level> {
        <Level as crate::names::Named>::parse_name(name).ok()
    }
}

crate::names::impl_named!(
    Level,
    "level",
    "unknown-level",
    [Level::String, Level::Syntax, Level::Scheme]
);

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Normalization options: syntax-based by default, scheme-based and the
/// RFC 5952 IPv6 form on request.
///
/// ```
/// use urikit::{normalize::{Level, Normalizer}, Uri};
/// let uri = Uri::parse("HTTP://[2001:DB8:0:0::1]:80")?;
/// assert_eq!(Normalizer::default().normalize(&uri)?.to_string(), "http://[2001:db8:0:0::1]:80");
/// let n = Normalizer::new(Level::Scheme).ipv6_canonical(true);
/// assert_eq!(n.normalize(&uri)?.to_string(), "http://[2001:db8::1]/");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[must_use]
pub struct Normalizer<'s> {
    level: Level,
    ipv6_canonical: bool,
    schemes: &'s [SchemeInfo<'s>],
}

impl<'s> Normalizer<'s> {
    /// Normalization up to `level`: [`Level::Syntax`] (6.2.2, the default),
    /// [`Level::Scheme`] (6.2.3 as well, for the schemes of [`SCHEMES`] and
    /// of [`Normalizer::schemes`]; it applies to URIs only, a relative
    /// reference has no scheme), or [`Level::String`] (none: the text as
    /// it is). [`crate::compare::Comparison::new`] takes its rung the same
    /// way.
    ///
    /// ```
    /// use urikit::normalize::{Level, Normalizer};
    /// let n = Normalizer::new(Level::Syntax);
    /// assert_eq!(n.normalize("http://a:80/")?.to_string(), "http://a:80/");
    /// let n = Normalizer::new(Level::Scheme);
    /// for s in ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"] {
    ///     assert_eq!(n.normalize(&s)?.to_string(), "http://example.com/");
    /// }
    /// assert_eq!(Normalizer::new(Level::String).normalize("HTTP://A")?, "HTTP://A");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn new(level: Level) -> Normalizer<'static> {
        Normalizer {
            level,
            ipv6_canonical: false,
            schemes: &[],
        }
    }

    /// Write IPv6 hosts in the RFC 5952 text form: lowercase, no leading
    /// zeros, the longest run of two or more zero groups as `::` (the first
    /// of equal runs), and the dotted IPv4 tail for IPv4-mapped addresses.
    ///
    /// ```
    /// use urikit::{normalize::Normalizer, Uri};
    /// let n = Normalizer::default().ipv6_canonical(true);
    /// let uri = Uri::parse("http://[2001:0DB8:0:0:1:0:0:1]/")?;
    /// assert_eq!(n.normalize(&uri)?.to_string(), "http://[2001:db8::1:0:0:1]/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn ipv6_canonical(mut self, yes: bool) -> Normalizer<'s> {
        self.ipv6_canonical = yes;
        self
    }

    /// The caller's own scheme entries, looked up before [`SCHEMES`] (so
    /// they can also override a built-in entry). They matter only with
    /// [`Level::Scheme`].
    ///
    /// ```
    /// use urikit::normalize::{Level, Normalizer, SchemeInfo};
    /// let mine = [SchemeInfo::new("http")]; // no default port, for this caller
    /// let n = Normalizer::new(Level::Scheme).schemes(&mine);
    /// assert_eq!(n.normalize("http://a:80/")?.to_string(), "http://a:80/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn schemes<'t>(self, schemes: &'t [SchemeInfo<'t>]) -> Normalizer<'t>
    where
        's: 't,
    {
        Normalizer {
            level: self.level,
            ipv6_canonical: self.ipv6_canonical,
            schemes,
        }
    }

    /// The rung this normalizer goes up to.
    ///
    /// ```
    /// use urikit::normalize::{Level, Normalizer};
    /// assert_eq!(Normalizer::default().level(), Level::Syntax);
    /// ```
    pub const fn level(&self) -> Level {
        self.level
    }

    /// Whether scheme-based normalization (6.2.3) is on.
    #[inline(always)]
    pub(crate) const fn scheme_based(&self) -> bool {
        matches!(self.level, Level::Scheme)
    }

    /// Normalize a URI or relative reference: anything that names one
    /// ([`ToUriRef`]: text, parsed on use, or a parsed value). The result
    /// borrows the input when it is already normal. Text that does not
    /// parse is the parser's error; a parsed value never fails (its own
    /// `normalize` method says so in its type).
    ///
    /// ```
    /// use urikit::{normalize::Normalizer, UriRef};
    /// let n = Normalizer::default();
    /// assert_eq!(n.normalize("HTTP://A/%7e/./x")?.as_str(), "http://a/~/x");
    /// // A relative reference keeps its dot segments.
    /// assert_eq!(n.normalize(&UriRef::parse("./%7e/../x")?)?.as_str(), "./~/../x");
    /// assert_eq!(n.normalize("a b").unwrap_err().index(), 1);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn normalize<'a, T: ToUriRef + ?Sized>(
        &self,
        r: &'a T,
    ) -> Result<Normalized<'a>, ParseError> {
        Ok(self.normalize_parsed(r.to_uri_ref()?))
    }

    /// [`Normalizer::normalize`] of a parsed value: the one implementation.
    pub(crate) fn normalize_parsed<'a>(&self, r: UriRef<'a>) -> Normalized<'a> {
        if self.is_normalized_parsed(r) {
            return Normalized {
                text: Cow::Borrowed(r.as_str()),
                m: r.meta(),
            };
        }
        self.normalize_changed(&r)
    }

    /// The owned normal form of a value that is not normal.
    #[inline(never)]
    fn normalize_changed<'a>(&self, r: &UriRef<'a>) -> Normalized<'a> {
        // Written as bytes, and checked as UTF-8 once at the end: cheaper
        // than keeping a `String` valid after every small edit. The check
        // cannot fail (the input is a `str` and only ASCII is written).
        let mut out = Vec::with_capacity(r.len() + 2);
        let m = self.write::<{ ladder::SCHEME }>(r, &mut out);
        let out = String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        Normalized {
            text: Cow::Owned(out),
            m,
        }
    }

    /// Whether normalizing `r` would leave it unchanged. Never allocates.
    /// Takes what [`Normalizer::normalize`] takes.
    ///
    /// ```
    /// use urikit::{normalize::Normalizer, UriRef};
    /// let n = Normalizer::default();
    /// assert!(n.is_normalized("http://a/b?#")?);
    /// assert!(!n.is_normalized("http://a/b/../c")?);
    /// assert!(!n.is_normalized(UriRef::parse("http://a/%7e")?)?);
    /// assert!(n.is_normalized("../c")?);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn is_normalized(&self, r: impl ToUriRef) -> Result<bool, ParseError> {
        Ok(self.is_normalized_parsed(r.to_uri_ref()?))
    }

    /// [`Normalizer::is_normalized`] of a parsed value.
    ///
    /// Read from the offsets and the bytes: the component accessors
    /// (a `str` slice each, with its bounds and character-boundary checks)
    /// only where something needs a closer look. Over the gsd corpus,
    /// where 97% of the URIs hold no `%`, the accessors cost more than
    /// the checks (callgrind).
    pub(crate) fn is_normalized_parsed(&self, r: UriRef<'_>) -> bool {
        if matches!(self.level, Level::String) {
            return true;
        }
        let m = r.meta();
        let s = r.as_str().as_bytes();
        let is_uri = m.scheme_end != NONE;
        if is_uri && quick::has_upper_in(s, 0, m.scheme_end as usize) {
            return false;
        }
        let has_authority = m.auth_start != NONE;
        let host = if has_authority {
            (m.host_start as usize, m.host_end as usize)
        } else {
            (0, 0)
        };
        // One pass over the whole text: without a `%`, every component's
        // percent-encoding is normal; without a `/.`, only a path that
        // starts with `.` can hold a dot segment. And the case of the
        // host with it.
        let quick::Facts {
            pct,
            slash_dot,
            upper_host,
        } = quick::facts(s, host);
        if pct && !pct_parts_normal(&r) {
            return false;
        }
        let info = if self.scheme_based() {
            self.lookup(r.scheme())
        } else {
            None
        };
        if has_authority {
            let (host_start, host_end) = host;
            let host_ok = if !pct && matches!(m.host_kind, HostKind::RegName) {
                !upper_host
            } else {
                r.host().is_some_and(|h| self.host_is_normal(h))
            };
            if !host_ok {
                return false;
            }
            // A port exists exactly when the host ends before the path
            // (see `parse`); without one there is nothing to change.
            let has_port = m.host_end < m.path_start;
            if has_port && self.port(r.port(), info.as_ref(), is_uri) != r.port() {
                return false;
            }
            // A userinfo exists exactly when the host starts after the
            // authority does.
            if let Some(dh) = info.and_then(|i| i.default_host)
                && m.host_start == m.auth_start
                && !has_port
                && &s[host_start..host_end] == dh.as_bytes()
            {
                return false;
            }
        }
        if is_uri {
            let (path_start, path_end) = (m.path_start as usize, m.path_end as usize);
            if slash_dot || path_start < path_end && s[path_start] == b'.' {
                let path = r.path();
                let checked = if !has_authority && path.starts_with("/.//") {
                    // The "/." written before a path that would otherwise
                    // start with "//" (see `write_path`).
                    &path[2..]
                } else {
                    path
                };
                if has_dot_segments(checked) {
                    return false;
                }
            }
            if path_start == path_end && has_authority && info.is_some_and(|i| i.empty_path_is_root)
            {
                return false;
            }
        }
        true
    }
}

/// Whether the percent-encodings of the userinfo, path, query and fragment
/// of `r` are normal (the host's are checked with its case); for a value
/// that holds a `%`.
#[inline(never)]
fn pct_parts_normal(r: &UriRef<'_>) -> bool {
    let ok = |c: &str| pct_is_normal(c.as_bytes(), false);
    r.userinfo().is_none_or(ok)
        && ok(r.path())
        && r.query().is_none_or(ok)
        && r.fragment().is_none_or(ok)
}
