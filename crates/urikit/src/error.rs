//! Parse errors: where the input went wrong and why.
//!
//! Every parser and [`crate::validate`] places an error the same way: at the
//! first byte after which no valid value of the rule can continue, with
//! three documented exceptions. [`ParseError`] gives the definition and the
//! exceptions, with examples.

use crate::names::kind_names;
use core::fmt;

/// A URI component, as named in error messages.
///
/// ```
/// use urikit::{Component, UriRef};
/// let err = UriRef::parse("http://a/b c").unwrap_err();
/// assert_eq!(err.kind().component(), Some(Component::Path));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// The scheme (3.1).
    Scheme,
    /// The userinfo subcomponent of the authority (3.2.1).
    Userinfo,
    /// The host subcomponent of the authority (3.2.2).
    Host,
    /// The port subcomponent of the authority (3.2.3).
    Port,
    /// The path (3.3).
    Path,
    /// The query (3.4).
    Query,
    /// The fragment (3.5).
    Fragment,
}

impl Component {
    /// Every component, in the order a URI writes them (RFC 3986 section
    /// 3): the one list the faces' record shapes are built from.
    ///
    /// ```
    /// let names: Vec<_> = urikit::Component::ALL.iter().map(|c| c.name()).collect();
    /// assert_eq!(names, ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]);
    /// ```
    pub const ALL: [Component; 7] = [
        Component::Scheme,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The lower-case name used in messages.
    ///
    /// ```
    /// assert_eq!(urikit::Component::Userinfo.name(), "userinfo");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a string is not a valid URI, URI reference or instance of a rule.
///
/// ```
/// use urikit::{ErrorKind, Uri};
/// let err = Uri::parse("http://[::1/").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::UnclosedIpLiteral);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A byte that the named component does not allow.
    InvalidCharacter(Component),
    /// A `%` not followed by two hex digits (2.1).
    InvalidPercentEncoding(Component),
    /// The URI rule needs a scheme and the input has none (3).
    MissingScheme,
    /// A scheme that does not start with a letter, or holds a byte other than
    /// letters, digits, `+`, `-` and `.` (3.1).
    InvalidScheme,
    /// A `[` with no matching `]` (3.2.2).
    UnclosedIpLiteral,
    /// An IP literal that is not a valid `IPv6address` (3.2.2).
    InvalidIpv6,
    /// An IP literal that starts with `v` and is not a valid `IPvFuture` (3.2.2).
    InvalidIpvFuture,
    /// A zone identifier after an IPv6 address that is not `"%25"
    /// 1*( unreserved / pct-encoded )` (RFC 6874), or in user input, `"%"`
    /// and the same; only the options that read zones report it.
    InvalidZoneId,
    /// A port with a byte other than a digit (3.2.3).
    InvalidPort,
    /// A colon in the first segment of a relative-path reference, which would
    /// read as a scheme delimiter (4.2); write `./` before the segment.
    ColonInFirstSegment,
    /// A fragment where the rule (absolute-URI, 4.3) allows none.
    UnexpectedFragment,
    /// A scheme where the rule (relative-ref, 4.2) allows none.
    UnexpectedScheme,
    /// Input at least [`crate::MAX_LEN`] bytes long: offsets are `u32`.
    TooLong,
    /// Byte input that is not UTF-8. Only the byte-level entry points report
    /// it; a `&str` is UTF-8 already.
    InvalidUtf8,
    /// The input was empty where the rule needs at least one character.
    Empty,
    /// The input does not match a single-token rule (`h16`, `dec-octet`,
    /// `pchar`, `unreserved` and the like) checked with [`crate::validate`].
    Mismatch,
    /// RFC 2396 profile: a scheme and `:` with nothing after them
    /// (`absoluteURI` needs a `hier_part` or an `opaque_part` of at least one
    /// character, RFC 2396 3).
    MissingSchemeSpecificPart,
    /// Java reading: `//` at the end of the input (java.net.URI allows an
    /// empty authority only before a path, query or fragment).
    MissingAuthority,
    /// RFC 2396 profile: an authority that is neither a server nor a
    /// registry name (RFC 2396 3.2); the index is the first byte that fits
    /// neither reading.
    InvalidAuthority,
}

impl ErrorKind {
    /// The component the error concerns, if it concerns one.
    ///
    /// ```
    /// use urikit::{Component, ErrorKind};
    /// assert_eq!(ErrorKind::InvalidPort.component(), Some(Component::Port));
    /// assert_eq!(ErrorKind::TooLong.component(), None);
    /// ```
    pub const fn component(self) -> Option<Component> {
        match self {
            ErrorKind::InvalidCharacter(c) | ErrorKind::InvalidPercentEncoding(c) => Some(c),
            ErrorKind::MissingScheme | ErrorKind::InvalidScheme | ErrorKind::UnexpectedScheme => {
                Some(Component::Scheme)
            }
            ErrorKind::UnclosedIpLiteral
            | ErrorKind::InvalidIpv6
            | ErrorKind::InvalidIpvFuture
            | ErrorKind::InvalidZoneId => Some(Component::Host),
            ErrorKind::InvalidPort => Some(Component::Port),
            ErrorKind::ColonInFirstSegment => Some(Component::Path),
            ErrorKind::UnexpectedFragment => Some(Component::Fragment),
            ErrorKind::TooLong
            | ErrorKind::InvalidUtf8
            | ErrorKind::Empty
            | ErrorKind::Mismatch => None,
            ErrorKind::MissingSchemeSpecificPart => Some(Component::Path),
            ErrorKind::MissingAuthority | ErrorKind::InvalidAuthority => Some(Component::Host),
        }
    }
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// use urikit::{Component, ErrorKind};
    /// assert_eq!(ErrorKind::InvalidCharacter(Component::Host).name(), "invalid-character");
    /// ```
    ErrorKind {
        ErrorKind::InvalidCharacter(_) => "invalid-character",
        ErrorKind::InvalidPercentEncoding(_) => "invalid-percent-encoding",
        ErrorKind::MissingScheme => "missing-scheme",
        ErrorKind::InvalidScheme => "invalid-scheme",
        ErrorKind::UnclosedIpLiteral => "unclosed-ip-literal",
        ErrorKind::InvalidIpv6 => "invalid-ipv6",
        ErrorKind::InvalidIpvFuture => "invalid-ipvfuture",
        ErrorKind::InvalidZoneId => "invalid-zone-id",
        ErrorKind::InvalidPort => "invalid-port",
        ErrorKind::ColonInFirstSegment => "colon-in-first-segment",
        ErrorKind::UnexpectedFragment => "unexpected-fragment",
        ErrorKind::UnexpectedScheme => "unexpected-scheme",
        ErrorKind::TooLong => "too-long",
        ErrorKind::InvalidUtf8 => "invalid-utf8",
        ErrorKind::Empty => "empty",
        ErrorKind::Mismatch => "mismatch",
        ErrorKind::MissingSchemeSpecificPart => "missing-scheme-specific-part",
        ErrorKind::MissingAuthority => "missing-authority",
        ErrorKind::InvalidAuthority => "invalid-authority",
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErrorKind::InvalidCharacter(c) => write!(f, "invalid character in {c}"),
            ErrorKind::InvalidPercentEncoding(c) => {
                write!(
                    f,
                    "invalid percent-encoding in {c} (expected '%' and two hex digits)"
                )
            }
            ErrorKind::MissingScheme => f.write_str("missing scheme (expected a scheme and ':')"),
            ErrorKind::InvalidScheme => {
                f.write_str("invalid scheme (a letter, then letters, digits, '+', '-' or '.')")
            }
            ErrorKind::UnclosedIpLiteral => f.write_str("unclosed IP literal in host (no ']')"),
            ErrorKind::InvalidIpv6 => f.write_str("invalid IPv6 address in host"),
            ErrorKind::InvalidIpvFuture => f.write_str("invalid IPvFuture address in host"),
            ErrorKind::InvalidZoneId => f.write_str("invalid IPv6 zone identifier in host"),
            ErrorKind::InvalidPort => f.write_str("invalid port (digits only)"),
            ErrorKind::ColonInFirstSegment => f.write_str(
                "colon in the first segment of a relative path (write \"./\" before it)",
            ),
            ErrorKind::UnexpectedFragment => f.write_str("fragment not allowed in an absolute URI"),
            ErrorKind::UnexpectedScheme => {
                f.write_str("scheme not allowed in a relative reference")
            }
            ErrorKind::TooLong => f.write_str("input too long (4 GiB or more)"),
            ErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8"),
            ErrorKind::Empty => f.write_str("empty input"),
            ErrorKind::Mismatch => f.write_str("input does not match the rule"),
            ErrorKind::MissingSchemeSpecificPart => {
                f.write_str("missing scheme-specific part (nothing after the scheme's ':')")
            }
            ErrorKind::MissingAuthority => f.write_str("missing authority after '//'"),
            ErrorKind::InvalidAuthority => {
                f.write_str("invalid character in authority (neither a server nor a registry name)")
            }
        }
    }
}

/// A parse error: the byte index of the first offending byte and the kind.
///
/// It is `Copy` and two words wide. Its Display form is the kind's message
/// followed by the index.
///
/// ```
/// use urikit::{Component, ErrorKind, UriRef};
/// let err = UriRef::parse("http://example.com/a b").unwrap_err();
/// assert_eq!(err.index(), 20);
/// assert_eq!(err.kind(), ErrorKind::InvalidCharacter(Component::Path));
/// assert_eq!(err.to_string(), "invalid character in path at index 20");
/// ```
///
/// # Where an error is
///
/// The index is the length of the longest prefix of the input that is still
/// the beginning of some valid value of the rule (RFC 3986 Appendix A): the
/// first byte after which no valid value can continue, or the input's length
/// when the input ended too soon. It is the same for every entry point
/// ([`crate::Uri::parse`], [`crate::UriRef::parse`], [`crate::validate`]
/// with any rule). The component the kind names is the one being read there.
///
/// ```
/// use urikit::{ErrorKind, Uri, UriRef};
/// // "//a@:" can begin a reference; "(" cannot follow it (a port is
/// // digits), and what comes after the "(" does not matter.
/// let err = UriRef::parse("//a@:(@").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (5, ErrorKind::InvalidPort));
/// // Too soon: "ab" can begin a URI, but its ":" never came.
/// let err = Uri::parse("ab").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (2, ErrorKind::MissingScheme));
/// // Inside an IP literal, the first byte the address cannot go on with.
/// assert_eq!(UriRef::parse("//[::1:]").unwrap_err().index(), 7);
/// ```
///
/// urikit reports earlier than that in three cases, at the byte that opened
/// a construct or settled what it is:
///
/// 1. A `%` not followed by two hex digits is reported at the `%`
///    ([`ErrorKind::InvalidPercentEncoding`]): the triplet is the unit, and
///    the `%` is the byte that promised the digits. (The single-token rules
///    `pct-encoded` and `pchar` of [`crate::validate`], whose whole value is
///    the triplet, follow the definition.)
/// 2. An IP literal with no `]` before the end of the authority is reported
///    at its `[` ([`ErrorKind::UnclosedIpLiteral`]): the `]` is looked for
///    first, and without it there is no literal to read.
/// 3. In an authority with no `@`, a byte after the first `:` that is not a
///    digit is reported there ([`ErrorKind::InvalidPort`]). By the grammar
///    alone, `h:8o` could still be a userinfo until the authority ends with
///    no `@`, so the definition would point at that end (a `/`, `?`, `#` or
///    the end of the input), a byte with nothing wrong with it.
///
/// ```
/// use urikit::{Component, ErrorKind, UriRef};
/// let at = |s| {
///     let e = UriRef::parse(s).unwrap_err();
///     (e.index(), e.kind())
/// };
/// // 1. The grammar fails at the "g" (4); urikit points at the "%".
/// let pct = ErrorKind::InvalidPercentEncoding(Component::Path);
/// assert_eq!(at("/a%4g"), (2, pct));
/// // 2. The grammar fails at the "/" (6); urikit points at the "[".
/// assert_eq!(at("//[::1/"), (2, ErrorKind::UnclosedIpLiteral));
/// // 3. The grammar fails at the "/" (6); urikit points at the "o".
/// assert_eq!(at("//h:8o/"), (5, ErrorKind::InvalidPort));
/// // With an "@" to come, the same bytes are a userinfo.
/// assert!(UriRef::parse("//h:8o@x/").is_ok());
/// ```
///
/// `tests/it/error_index.rs` checks all of this against a prefix checker read
/// from the ABNF, on generated inputs and every error vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    index: usize,
    kind: ErrorKind,
}

impl ParseError {
    #[cold]
    #[inline(never)]
    pub(crate) const fn new(index: usize, kind: ErrorKind) -> ParseError {
        ParseError { index, kind }
    }

    /// The byte index of the first offending byte (the input's length when
    /// the input ended too soon); see [where an error
    /// is](ParseError#where-an-error-is) for the exact rule.
    ///
    /// ```
    /// let err = urikit::Uri::parse("http://h:8o/").unwrap_err();
    /// assert_eq!(err.index(), 10);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// Why the input is invalid.
    ///
    /// ```
    /// use urikit::ErrorKind;
    /// assert_eq!(urikit::Uri::parse("/x").unwrap_err().kind(), ErrorKind::MissingScheme);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The same error with its index moved by `by` bytes: for a caller that
    /// parsed a slice of a larger text.
    ///
    /// ```
    /// let err = urikit::Uri::parse("http://a b").unwrap_err().offset(4);
    /// assert_eq!(err.index(), 12);
    /// ```
    #[must_use]
    pub const fn offset(self, by: usize) -> ParseError {
        ParseError {
            index: self.index + by,
            kind: self.kind,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at index {}", self.kind, self.index)
    }
}

// core::error::Error (Rust 1.81): the same trait as std::error::Error, so
// no_std users get it too.
impl core::error::Error for ParseError {}

/// A port whose digits do not fit in a `u16`.
///
/// ```
/// let uri = urikit::Uri::parse("http://h:99999/").unwrap();
/// assert_eq!(uri.port(), Some("99999"));
/// assert!(uri.port_u16().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PortOverflowError;

impl fmt::Display for PortOverflowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("port number out of range (greater than 65535)")
    }
}

// core::error::Error (Rust 1.81): the same trait as std::error::Error, so
// no_std users get it too.
impl core::error::Error for PortOverflowError {}
