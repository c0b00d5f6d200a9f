//! Reference resolution (RFC 3986 section 5), same-document references
//! (4.4) and its inverse, making a reference relative.
//!
//! - [`Uri::resolve`] and [`Resolver`]: the transform of 5.2.2, with merge
//!   (5.2.3, [`merge`]) and the published remove_dot_segments (5.2.4,
//!   [`remove_dot_segments`]); strict by default, a non-strict option, and
//!   the RFC 2396 resolution (its section 5.2) as a legacy option.
//! - [`Uri::make_relative`]: the shortest reference that resolves back to a
//!   target, byte for byte.
//! - [`Uri::is_same_document`]: the check of 4.4.
//!
//! Resolution makes one allocation (the result's buffer, sized up front from
//! an upper bound) and is linear in the input length: dot-segment removal
//! never rescans what it already wrote, so a path of a million `../`
//! segments takes a million steps.
//!
//! ```
//! use urikit::{Uri, UriRef};
//! let base = Uri::parse("http://a/b/c/d;p?q")?;
//! let target = base.resolve(&UriRef::parse("../g?y#s")?)?;
//! assert_eq!(target, "http://a/b/g?y#s");
//! assert_eq!(base.make_relative(&target.as_uri())?, "../g?y#s");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The `/.` rule
//!
//! When a resolved target has no authority and its path starts with `//`,
//! writing the components out as 5.3 does would make the path's first
//! segment read as an authority (`f:` + `//g` is `f://g`, the host `g`).
//! 3.3 forbids such a path without an authority, so urikit writes `/.` in
//! front of it: `f:/.//g`, a path that remove_dot_segments (5.2.4) takes
//! back to `//g`. Normalization ([`crate::normalize`]) follows the same
//! rule. Other implementations disagree here; see `DEVIATIONS.md`.
//!
//! ```
//! use urikit::{Uri, UriRef};
//! let base = Uri::parse("f:/a")?;
//! let t = base.resolve(&UriRef::parse(".//g")?)?;
//! assert_eq!(t, "f:/.//g");
//! assert_eq!((t.authority(), t.path()), (None, "/.//g"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Where each part is
//!
//! - `transform.rs`: 5.2.2, the transform of references, and the options
//!   of [`Resolver`]; `splice.rs`: its fast paths.
//! - `merge.rs`: 5.2.3, merging paths.
//! - `dot_segments.rs`: 5.2.4, remove_dot_segments.
//! - `recompose.rs`: 5.3, writing the components of the result.
//! - `same_document.rs`: 4.4, same-document references.
//! - `relative.rs`: make-relative, the inverse of resolution.
//! - `rfc2396.rs`: the legacy resolution of RFC 2396 5.2.
//! - `scan.rs`: word-at-a-time byte scans shared by the fast paths.
//! - `trace.rs`: resolution step by step ([`Resolver::trace`]): the branch
//!   of 5.2.2, the merged path, the steps of 5.2.4
//!   ([`remove_dot_segments_trace`], in `dot_segments.rs`).

use crate::names::kind_names;
use core::fmt;

use crate::error::ParseError;
use crate::uri::{ToUri, ToUriRef, Uri, UriBuf, UriRef, UriRefBuf};

mod case;
mod dot_segments;
mod merge;
mod recompose;
mod relative;
mod rfc2396;
mod same_document;
mod scan;
mod splice;
#[cfg(test)]
mod tests;
mod trace;
mod transform;

#[cfg(test)]
use relative::{make_relative_general, relative_fast};
#[cfg(test)]
use scan::{last_slash_end, maybe_dot_segment};

pub use case::ResolveCase;
pub use dot_segments::{
    DotRule, DotStep, remove_dot_segments, remove_dot_segments_into, remove_dot_segments_trace,
};
pub use merge::{merge, merge_into};
pub use relative::make_relative;
pub use rfc2396::{LegacyRule, LegacyStep};
pub use trace::ResolveTrace;
pub use transform::Resolver;

// ---------------------------------------------------------------------------
// Errors

/// Why a reference could not be resolved, or a target made relative.
///
/// ```
/// use urikit::{ResolveErrorKind, Resolver};
/// let err = Resolver::new().resolve("/not/a/uri", "g").unwrap_err();
/// assert_eq!(err.kind(), ResolveErrorKind::BaseNotUri);
/// assert_eq!(err.to_string(), "base is not a URI (it has no scheme)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResolveError {
    kind: ResolveErrorKind,
}

/// The kinds of [`ResolveError`].
///
/// ```
/// use urikit::ResolveErrorKind;
/// assert_eq!(ResolveErrorKind::BaseNotUri.name(), "base-not-uri");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// The base is a relative reference: a base URI needs a scheme (5.1,
    /// 5.2.1).
    BaseNotUri,
    /// The base text is not a valid URI reference.
    InvalidBase(ParseError),
    /// The reference text is not a valid URI reference.
    InvalidReference(ParseError),
    /// The result would be [`crate::MAX_LEN`] bytes or longer.
    TooLong,
    /// No reference resolves to this target: its path holds a `.` or `..`
    /// segment that every resolution removes (5.2.4), and it cannot be
    /// reached through the base's own path either.
    Unreachable,
    /// The target text of make-relative is not a valid URI.
    InvalidTarget(ParseError),
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// assert_eq!(urikit::ResolveErrorKind::Unreachable.name(), "unreachable-target");
    /// ```
    ResolveErrorKind {
        ResolveErrorKind::BaseNotUri => "base-not-uri",
        ResolveErrorKind::InvalidBase(_) => "invalid-base",
        ResolveErrorKind::InvalidReference(_) => "invalid-reference",
        ResolveErrorKind::TooLong => "too-long",
        ResolveErrorKind::Unreachable => "unreachable-target",
        ResolveErrorKind::InvalidTarget(_) => "invalid-target",
    }
}

impl ResolveError {
    #[cold]
    pub(crate) const fn new(kind: ResolveErrorKind) -> ResolveError {
        ResolveError { kind }
    }

    /// Why it failed.
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Resolver};
    /// let err = Resolver::new().resolve("http://a/", "a b").unwrap_err();
    /// assert!(matches!(err.kind(), ResolveErrorKind::InvalidReference(_)));
    /// ```
    pub const fn kind(&self) -> ResolveErrorKind {
        self.kind
    }

    /// For a text that did not parse, the byte index of the first offending
    /// byte in that text (the base, the reference or the target, as the
    /// kind says).
    ///
    /// ```
    /// let err = urikit::Resolver::new().resolve("http://a/", "g h").unwrap_err();
    /// assert_eq!(err.index(), Some(1));
    /// ```
    pub const fn index(&self) -> Option<usize> {
        match self.kind {
            ResolveErrorKind::InvalidBase(e)
            | ResolveErrorKind::InvalidReference(e)
            | ResolveErrorKind::InvalidTarget(e) => Some(e.index()),
            _ => None,
        }
    }

    /// The parse error of a text that did not parse, if that is the cause.
    ///
    /// ```
    /// let base = urikit::Uri::parse("http://a/")?;
    /// let err = base.resolve("a b").unwrap_err();
    /// assert_eq!(err.parse_error().map(|e| e.index()), Some(1));
    /// assert_eq!(err.to_string(), "invalid reference: invalid character in path at index 1");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn parse_error(&self) -> Option<ParseError> {
        match self.kind {
            ResolveErrorKind::InvalidBase(e)
            | ResolveErrorKind::InvalidReference(e)
            | ResolveErrorKind::InvalidTarget(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ResolveErrorKind::BaseNotUri => f.write_str("base is not a URI (it has no scheme)"),
            ResolveErrorKind::InvalidBase(e) => write!(f, "invalid base: {e}"),
            ResolveErrorKind::InvalidReference(e) => write!(f, "invalid reference: {e}"),
            ResolveErrorKind::InvalidTarget(e) => write!(f, "invalid target: {e}"),
            ResolveErrorKind::TooLong => f.write_str("resolved URI too long (4 GiB or more)"),
            ResolveErrorKind::Unreachable => f.write_str(
                "no reference resolves to the target (its path has dot segments that resolution removes)",
            ),
        }
    }
}

impl core::error::Error for ResolveError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            ResolveErrorKind::InvalidBase(e)
            | ResolveErrorKind::InvalidReference(e)
            | ResolveErrorKind::InvalidTarget(e) => Some(e),
            _ => None,
        }
    }
}

/// The reference of an operation, parsed if it is text.
#[inline]
fn reference_of<T: ToUriRef>(r: &T) -> Result<UriRef<'_>, ResolveError> {
    r.to_uri_ref()
        .map_err(|e| ResolveError::new(ResolveErrorKind::InvalidReference(e)))
}

/// The base of an operation, parsed if it is text. A base that is a valid
/// relative reference is [`ResolveErrorKind::BaseNotUri`] (5.1).
#[inline]
fn base_of<T: ToUri>(b: &T) -> Result<Uri<'_>, ResolveError> {
    b.to_uri().map_err(|e| base_error(b, e))
}

/// The error of a base that is not a URI: is it a reference at all?
#[cold]
#[inline(never)]
fn base_error<T: ToUri>(b: &T, e: ParseError) -> ResolveError {
    ResolveError::new(match b.to_uri_ref() {
        Ok(_) => ResolveErrorKind::BaseNotUri,
        Err(_) => ResolveErrorKind::InvalidBase(e),
    })
}

/// The target of make-relative, parsed if it is text.
#[inline]
fn target_of<T: ToUri>(t: &T) -> Result<Uri<'_>, ResolveError> {
    t.to_uri()
        .map_err(|e| ResolveError::new(ResolveErrorKind::InvalidTarget(e)))
}

// ---------------------------------------------------------------------------
// Methods on the URI types

impl Uri<'_> {
    /// Resolve a reference against this base URI (RFC 3986 5.2, strict);
    /// [`Resolver`] has the options and the details, including the `/.`
    /// rule for a path starting with `//`.
    ///
    /// The reference is anything that names one ([`ToUriRef`]): a `&str`,
    /// a `String`, a [`UriRef`], [`Uri`], [`UriRefBuf`] or [`UriBuf`], or a
    /// reference to one. Text that does not parse is an error of kind
    /// [`ResolveErrorKind::InvalidReference`].
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.resolve("g;x?y#s")?, "http://a/b/c/g;x?y#s");
    /// let r = UriRef::parse("../../../g")?;
    /// assert_eq!(base.resolve(&r)?.to_string(), "http://a/g");
    /// assert_eq!(base.resolve(r)?, "http://a/g");
    /// let err = base.resolve("g h").unwrap_err();
    /// assert!(matches!(err.kind(), ResolveErrorKind::InvalidReference(e) if e.index() == 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve(&self, reference: impl ToUriRef) -> Result<UriBuf, ResolveError> {
        Resolver::new().resolve_parsed(self, &reference_of(&reference)?)
    }

    /// The shortest reference that resolves (strictly) from this base back
    /// to `target`, byte for byte: the inverse of [`Uri::resolve`].
    ///
    /// - A target with another scheme (compared byte-wise, as resolution
    ///   copies the base's) comes back unchanged; one with another
    ///   authority becomes a network-path reference (`//host/path`).
    /// - Otherwise the shortest of an absolute-path, relative-path,
    ///   query-only, fragment-only or empty reference that round-trips
    ///   (a relative path on a tie), falling back to the forms above.
    ///
    /// The round trip `self.resolve(&r) == target` is guaranteed. A target
    /// that no reference reaches is an error of kind
    /// [`ResolveErrorKind::Unreachable`]: its path holds a `.` or `..`
    /// segment, which every resolution removes (`http://a/x/../y`), unless
    /// it is the base's own path. Under non-strict resolution a returned
    /// absolute URI with the base's scheme may resolve differently.
    ///
    /// The target is anything that names a URI ([`ToUri`]); text that does
    /// not parse as one is an error of kind
    /// [`ResolveErrorKind::InvalidTarget`].
    ///
    /// ```
    /// use urikit::Uri;
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let rel = |t| base.make_relative(t).unwrap().to_string();
    /// assert_eq!(rel("http://a/b/c/g"), "g");
    /// assert_eq!(rel("http://a/g"), "/g");
    /// assert_eq!(rel("http://a/b/c/d;p?q#s"), "#s");
    /// assert_eq!(rel("http://a/b/c/d;p"), "d;p");
    /// assert_eq!(rel("http://a/b/c/x:y"), "./x:y");
    /// assert_eq!(rel("http://z/b"), "//z/b");
    /// assert_eq!(rel("ftp://a/b"), "ftp://a/b");
    /// assert!(base.make_relative("/no/scheme").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn make_relative(&self, target: impl ToUri) -> Result<UriRefBuf, ResolveError> {
        make_relative(self, &target_of(&target)?)
    }

    /// Whether `reference`, resolved (strictly) against this base, differs
    /// from it only in the fragment: a same-document reference (4.4).
    /// Text that does not parse is an error, as for [`Uri::resolve`].
    ///
    /// ```
    /// use urikit::Uri;
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert!(base.is_same_document("#s")?);
    /// assert!(base.is_same_document("./d;p?q")?);
    /// assert!(!base.is_same_document("?r")?);
    /// assert!(base.is_same_document("a b").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_same_document(&self, reference: impl ToUriRef) -> Result<bool, ResolveError> {
        Ok(Resolver::new().same_document_parsed(self, &reference_of(&reference)?))
    }
}

impl UriBuf {
    /// [`Uri::resolve`] on an owned base.
    ///
    /// ```
    /// let base = urikit::UriBuf::parse("http://a/b/c")?;
    /// assert_eq!(base.resolve("../d")?, "http://a/d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve(&self, reference: impl ToUriRef) -> Result<UriBuf, ResolveError> {
        self.as_uri().resolve(reference)
    }

    /// [`Uri::make_relative`] on an owned base.
    ///
    /// ```
    /// let base = urikit::UriBuf::parse("http://a/b/c")?;
    /// let target = urikit::UriBuf::parse("http://a/d")?;
    /// assert_eq!(base.make_relative(&target)?, "/d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn make_relative(&self, target: impl ToUri) -> Result<UriRefBuf, ResolveError> {
        self.as_uri().make_relative(target)
    }

    /// [`Uri::is_same_document`] on an owned base.
    ///
    /// ```
    /// let base = urikit::UriBuf::parse("http://a/b")?;
    /// assert!(base.is_same_document("#x")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_same_document(&self, reference: impl ToUriRef) -> Result<bool, ResolveError> {
        self.as_uri().is_same_document(reference)
    }
}
