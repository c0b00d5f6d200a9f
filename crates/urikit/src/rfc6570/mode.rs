//! How a [`Matcher`](super::Matcher) reads a URI ([`MatchMode`]), and why
//! it may refuse to read one at all ([`MatchError`]). A leaf: the matcher,
//! the reading loop and the router all use these types.

use core::fmt;

use crate::names::kind_names;

/// How a [`Matcher`](super::Matcher) reads a URI.
///
/// - [`MatchMode::Exact`] (the default): the exact inverse of expansion. A
///   URI matches when some values expand to exactly it (query parameters
///   in any order aside), so a value must be written the way its operator
///   encodes it, and a query parameter the template does not name fails
///   the match.
/// - [`MatchMode::Lenient`]: what real clients send. Query parameters of
///   `{?…}`/`{&…}` come in any order, each optional; parameters the
///   template does not name are left in [`Captures::rest`](super::Captures::rest) (as written);
///   a query value ends only at `&` or `#`, and every other character a
///   query may hold is accepted raw (`+` stays `+`); the first of
///   duplicate parameters wins unless the variable has `*`, which
///   collects them all; parameter names are compared as written, never
///   decoded, so `%74oken=` cannot stand for `token`. The first variable
///   with `*` of a query (`{?map*}`, `{?q,map*}`, `{&map*}`) is an
///   exploded associative array: it takes the parameters the template
///   does not name (instead of the rest), with its own, in URI order, all
///   duplicates kept, keys and values decoded; when only its own name
///   comes, it is a list (`{?id*}` on `?id=1&id=2`). Path values accept
///   raw `pchar`s (`:`, `@`, sub-delims) except where the template needs
///   the character to see where the value ends. Values are decoded in
///   full and are strings (commas do not make lists), `+` and `#`
///   expressions included.
/// - In the lenient modes (only: [`Matcher::with_mode`](super::Matcher::with_mode)), a `+` or `#`
///   expression may be followed by literals and then a `?` query, as in
///   `{+path}{?q}`, `file:///{+path}{?v}` or `{+base}/x{?a,b}`: its value
///   ends at the first `?` in the URI (before those literals), so it
///   cannot hold a raw `?` there (one written `%3F` is decoded). Exact
///   matching refuses these templates, since a reserved value may hold `?`.
/// - [`MatchMode::LenientForm`]: lenient, and a `+` in a query value is a
///   space (`application/x-www-form-urlencoded`), as HTML forms write it.
///
/// In every mode a decoded path value that could walk out of a directory
/// is reported in [`Captures::hazards`](super::Captures::hazards): a `/` or `\` in a value of a
/// single segment (`{x}`, `{/x}`, each member of `{/x*}`), a value that is
/// `.` or `..` there, or a `..` segment in a `{+x}` value.
///
/// Lenient matching reads the URI once, left to right, without going
/// back: linear in the URI's length. URIs longer than
/// [`DEFAULT_MAX_URI_LEN`] do not match unless the limit is raised with
/// [`Matcher::max_uri_len`](super::Matcher::max_uri_len).
///
/// ```
/// use urikit::rfc6570::{HazardKind, MatchMode, Template};
/// let t = Template::parse("/search{?q,page}")?;
/// let exact = t.matcher()?;
/// let lenient = t.matcher()?.mode(MatchMode::Lenient);
/// for uri in ["/search?q=a+b", "/search?q=a:b", "/search?q=x&page=2&utm=1"] {
///     assert!(exact.matches(uri).is_none());
///     assert!(lenient.matches(uri).is_some());
/// }
/// let c = lenient.matches("/search?page=2&q=x&utm=1&q=y").unwrap();
/// assert_eq!((c.get_str("q"), c.get_str("page")), (Some("x"), Some("2")));
/// assert_eq!(c.rest(), [("utm".to_string(), "1".to_string())]);
///
/// let files = Template::parse("/files/{name}")?.matcher()?.lenient();
/// let c = files.matches("/files/..%2Fetc%2Fpasswd").unwrap();
/// assert_eq!(c.get_str("name"), Some("../etc/passwd"));
/// assert_eq!(c.hazards()[0].kind(), HazardKind::SeparatorInSegment);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MatchMode {
    /// The exact inverse of expansion.
    #[default]
    Exact,
    /// What clients send (see the type's documentation).
    Lenient,
    /// Lenient, and `+` in a query value is a space.
    LenientForm,
}

impl MatchMode {
    /// A stable name: `exact`, `lenient`, `lenient-form`.
    ///
    /// ```
    /// assert_eq!(urikit::rfc6570::MatchMode::LenientForm.name(), "lenient-form");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            MatchMode::Exact => "exact",
            MatchMode::Lenient => "lenient",
            MatchMode::LenientForm => "lenient-form",
        }
    }

    /// The mode with this [`name`](MatchMode::name).
    ///
    /// ```
    /// use urikit::rfc6570::MatchMode;
    /// assert_eq!(MatchMode::from_name("lenient"), Some(MatchMode::Lenient));
    /// ```
    pub fn from_name(name: &str) -> Option<MatchMode> {
        <MatchMode as crate::names::Named>::parse_name(name).ok()
    }
}

crate::names::impl_named!(
    MatchMode,
    "match mode",
    "unknown-match-mode",
    [MatchMode::Exact, MatchMode::Lenient, MatchMode::LenientForm]
);

/// The longest URI the lenient modes match by default, in bytes (64 KiB).
/// The exact mode has no limit unless one is set.
pub const DEFAULT_MAX_URI_LEN: usize = 65_536;

/// Why a URI was not read at all.
///
/// ```
/// use urikit::rfc6570::MatchErrorKind;
/// assert_eq!(MatchErrorKind::UriTooLong.message(), "uri longer than the matching limit");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MatchErrorKind {
    /// The URI is longer than the matcher's limit
    /// ([`Matcher::max_uri_len`](super::Matcher::max_uri_len)).
    UriTooLong,
    /// The matcher was compiled for a lenient mode and its template cannot
    /// be read in the exact one ([`Matcher::exact_ambiguity`](super::Matcher::exact_ambiguity)).
    LenientOnly,
}

kind_names! {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(urikit::rfc6570::MatchErrorKind::UriTooLong.name(), "uri-too-long");
    /// ```
    MatchErrorKind {
        MatchErrorKind::UriTooLong => "uri-too-long",
        MatchErrorKind::LenientOnly => "lenient-only",
    }
}

impl MatchErrorKind {
    /// The lower-case description used in messages.
    ///
    /// ```
    /// assert!(urikit::rfc6570::MatchErrorKind::UriTooLong.message().starts_with("uri"));
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            MatchErrorKind::UriTooLong => "uri longer than the matching limit",
            MatchErrorKind::LenientOnly => {
                "template matchable in the lenient modes only, not the exact one"
            }
        }
    }
}

/// A URI that was not read: why, and the byte index concerned (for
/// [`MatchErrorKind::UriTooLong`], the limit; for
/// [`MatchErrorKind::LenientOnly`], the template expression concerned).
///
/// ```
/// let m = urikit::rfc6570::Template::parse("/{x}")?.matcher()?.max_uri_len(3);
/// let err = m.try_matches("/abcd").unwrap_err();
/// assert_eq!(err.index(), 3);
/// assert_eq!(err.to_string(), "uri longer than the matching limit at index 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchError {
    pub(super) index: usize,
    pub(super) kind: MatchErrorKind,
}

impl MatchError {
    /// The byte index.
    ///
    /// ```
    /// let m = urikit::rfc6570::Template::parse("{x}")?.matcher()?.max_uri_len(1);
    /// assert_eq!(m.try_matches("ab").unwrap_err().index(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// What went wrong.
    ///
    /// ```
    /// use urikit::rfc6570::MatchErrorKind;
    /// let m = urikit::rfc6570::Template::parse("{x}")?.matcher()?.max_uri_len(1);
    /// assert_eq!(m.try_matches("ab").unwrap_err().kind(), MatchErrorKind::UriTooLong);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn kind(&self) -> MatchErrorKind {
        self.kind
    }
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at index {}", self.kind.message(), self.index)
    }
}

impl core::error::Error for MatchError {}
