//! [`JavaError`]: why java.net.URI rejects a string, and where.

use core::fmt;

use super::ipv6;
use crate::error::{Component, ErrorKind, ParseError};
use crate::names::kind_names;

/// Why `new java.net.URI(s)` throws `URISyntaxException`: one kind per
/// reason Java gives (`getReason()`).
///
/// ```
/// use urikit::java::{JavaErrorKind, JavaUri};
/// let e = JavaUri::parse("a:").unwrap_err();
/// assert_eq!(e.kind(), JavaErrorKind::ExpectedSchemeSpecificPart);
/// assert_eq!(e.kind().reason(), "Expected scheme-specific part");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum JavaErrorKind {
    /// "Illegal character in scheme name".
    IllegalCharacterInScheme,
    /// "Illegal character in opaque part".
    IllegalCharacterInOpaquePart,
    /// "Illegal character in authority": neither a server nor a registry
    /// name; Java points at the authority's first character.
    IllegalCharacterInAuthority,
    /// "Illegal character in user info".
    IllegalCharacterInUserInfo,
    /// "Illegal character in hostname".
    IllegalCharacterInHostname,
    /// "Expected hostname": the host of a server authority is empty (the
    /// authority, or what follows its user info, starts with `:`) and the
    /// authority is no registry name either (it holds `[` or `]`); at the
    /// host's start.
    ///
    /// ```
    /// use urikit::java::{JavaErrorKind, JavaUri};
    /// let e = JavaUri::parse("a://::[::1]").unwrap_err();
    /// assert_eq!((e.kind(), e.index()), (JavaErrorKind::ExpectedHostname, 4));
    /// assert_eq!(e.to_string(), "expected hostname at index 4");
    /// ```
    ExpectedHostname,
    /// "Illegal character in port number".
    IllegalCharacterInPort,
    /// "Illegal character in scope id".
    IllegalCharacterInScopeId,
    /// "Illegal character in path".
    IllegalCharacterInPath,
    /// "Illegal character in query".
    IllegalCharacterInQuery,
    /// "Illegal character in fragment".
    IllegalCharacterInFragment,
    /// "Malformed escape pair": a `%` without two hex digits.
    MalformedEscape,
    /// "Expected scheme name": a `:` first.
    ExpectedSchemeName,
    /// "Expected scheme-specific part": nothing after the scheme.
    ExpectedSchemeSpecificPart,
    /// "Expected authority": `//` at the end.
    ExpectedAuthority,
    /// "Expected closing bracket for IPv6 address".
    ExpectedClosingBracket,
    /// "Expected port number": something other than `:` after a host.
    ExpectedPortNumber,
    /// "Malformed port number": digits too many for an `int`.
    MalformedPort,
    /// "Malformed IPv6 address": something left over after the address
    /// (a second `::`, a leading `:`), or 16 bytes with a `::`; at the
    /// address's start.
    MalformedIpv6,
    /// "IPv6 address too long": more than 16 bytes, at the address's start.
    Ipv6TooLong,
    /// "IPv6 address too short": fewer than 16 bytes and no `::`, at the
    /// address's start.
    Ipv6TooShort,
    /// "IPv6 hexadecimal digit sequence too long": more than four hex
    /// digits in a group, at the group's start.
    Ipv6HexTooLong,
    /// "Expected digits for an IPv6 address": a `:` with no hex digit
    /// after it, at the byte after the `:`.
    ExpectedIpv6Digits,
    /// "Expected IPv4 address": after hex groups and `:`, a part that
    /// starts like an IPv4 address but holds more than digits and dots.
    ExpectedIpv4,
    /// "Expected hex digits or IPv4 address": after `::`, neither hex
    /// groups nor an IPv4 address of only digits and dots.
    ExpectedHexOrIpv4,
    /// "Malformed IPv4 address": the IPv4 part of an IPv6 address is not
    /// four dot-separated decimal bytes of at most 255; at the first byte
    /// that does not fit.
    MalformedIpv4,
    /// "scope id expected": a `%` with nothing after it (Java's index is -1).
    ScopeIdExpected,
    /// Input of 4 GiB or more (Java's strings stop short of that).
    TooLong,
}

impl JavaErrorKind {
    /// The reason java.net.URI gives (`getReason()`), exactly.
    pub const fn reason(self) -> &'static str {
        match self {
            JavaErrorKind::IllegalCharacterInScheme => "Illegal character in scheme name",
            JavaErrorKind::IllegalCharacterInOpaquePart => "Illegal character in opaque part",
            JavaErrorKind::IllegalCharacterInAuthority => "Illegal character in authority",
            JavaErrorKind::IllegalCharacterInUserInfo => "Illegal character in user info",
            JavaErrorKind::IllegalCharacterInHostname => "Illegal character in hostname",
            JavaErrorKind::ExpectedHostname => "Expected hostname",
            JavaErrorKind::IllegalCharacterInPort => "Illegal character in port number",
            JavaErrorKind::IllegalCharacterInScopeId => "Illegal character in scope id",
            JavaErrorKind::IllegalCharacterInPath => "Illegal character in path",
            JavaErrorKind::IllegalCharacterInQuery => "Illegal character in query",
            JavaErrorKind::IllegalCharacterInFragment => "Illegal character in fragment",
            JavaErrorKind::MalformedEscape => "Malformed escape pair",
            JavaErrorKind::ExpectedSchemeName => "Expected scheme name",
            JavaErrorKind::ExpectedSchemeSpecificPart => "Expected scheme-specific part",
            JavaErrorKind::ExpectedAuthority => "Expected authority",
            JavaErrorKind::ExpectedClosingBracket => "Expected closing bracket for IPv6 address",
            JavaErrorKind::ExpectedPortNumber => "Expected port number",
            JavaErrorKind::MalformedPort => "Malformed port number",
            JavaErrorKind::MalformedIpv6 => "Malformed IPv6 address",
            JavaErrorKind::Ipv6TooLong => "IPv6 address too long",
            JavaErrorKind::Ipv6TooShort => "IPv6 address too short",
            JavaErrorKind::Ipv6HexTooLong => "IPv6 hexadecimal digit sequence too long",
            JavaErrorKind::ExpectedIpv6Digits => "Expected digits for an IPv6 address",
            JavaErrorKind::ExpectedIpv4 => "Expected IPv4 address",
            JavaErrorKind::ExpectedHexOrIpv4 => "Expected hex digits or IPv4 address",
            JavaErrorKind::MalformedIpv4 => "Malformed IPv4 address",
            JavaErrorKind::ScopeIdExpected => "scope id expected",
            JavaErrorKind::TooLong => "Input too long",
        }
    }
}

kind_names! {
    /// A short stable name, for machine output.
    ///
    /// ```
    /// assert_eq!(urikit::java::JavaErrorKind::MalformedEscape.name(), "malformed-escape");
    /// assert!(urikit::java::JavaErrorKind::NAMES.contains(&"ipv6-too-long"));
    /// ```
    JavaErrorKind {
        JavaErrorKind::IllegalCharacterInScheme => "illegal-character-in-scheme",
        JavaErrorKind::IllegalCharacterInOpaquePart => "illegal-character-in-opaque-part",
        JavaErrorKind::IllegalCharacterInAuthority => "illegal-character-in-authority",
        JavaErrorKind::IllegalCharacterInUserInfo => "illegal-character-in-user-info",
        JavaErrorKind::IllegalCharacterInHostname => "illegal-character-in-hostname",
        JavaErrorKind::ExpectedHostname => "expected-hostname",
        JavaErrorKind::IllegalCharacterInPort => "illegal-character-in-port",
        JavaErrorKind::IllegalCharacterInScopeId => "illegal-character-in-scope-id",
        JavaErrorKind::IllegalCharacterInPath => "illegal-character-in-path",
        JavaErrorKind::IllegalCharacterInQuery => "illegal-character-in-query",
        JavaErrorKind::IllegalCharacterInFragment => "illegal-character-in-fragment",
        JavaErrorKind::MalformedEscape => "malformed-escape",
        JavaErrorKind::ExpectedSchemeName => "expected-scheme-name",
        JavaErrorKind::ExpectedSchemeSpecificPart => "expected-scheme-specific-part",
        JavaErrorKind::ExpectedAuthority => "expected-authority",
        JavaErrorKind::ExpectedClosingBracket => "expected-closing-bracket",
        JavaErrorKind::ExpectedPortNumber => "expected-port-number",
        JavaErrorKind::MalformedPort => "malformed-port",
        JavaErrorKind::MalformedIpv6 => "malformed-ipv6",
        JavaErrorKind::Ipv6TooLong => "ipv6-too-long",
        JavaErrorKind::Ipv6TooShort => "ipv6-too-short",
        JavaErrorKind::Ipv6HexTooLong => "ipv6-hex-too-long",
        JavaErrorKind::ExpectedIpv6Digits => "expected-ipv6-digits",
        JavaErrorKind::ExpectedIpv4 => "expected-ipv4",
        JavaErrorKind::ExpectedHexOrIpv4 => "expected-hex-or-ipv4",
        JavaErrorKind::MalformedIpv4 => "malformed-ipv4",
        JavaErrorKind::ScopeIdExpected => "scope-id-expected",
        JavaErrorKind::TooLong => "too-long",
    }
}

/// Why and where `new java.net.URI(s)` fails.
///
/// [`index`](JavaError::index) is a byte index into the input, as every
/// urikit error; [`java_index`](JavaError::java_index) is the same place
/// counted as Java counts (UTF-16 code units; -1 where Java gives no
/// index). The Display form is Java's reason in lower case and the index.
///
/// ```
/// use urikit::java::JavaUri;
/// let e = JavaUri::parse("é:x").unwrap_err();
/// assert_eq!((e.index(), e.java_index()), (0, 0));
/// let e = JavaUri::parse("/é é").unwrap_err();
/// assert_eq!((e.index(), e.java_index()), (3, 2));
/// assert_eq!(e.to_string(), "illegal character in path at index 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JavaError {
    index: usize,
    java_index: i64,
    kind: JavaErrorKind,
}

impl JavaError {
    /// The byte index of the error in the input.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The index Java's `getIndex()` gives: UTF-16 code units, -1 for
    /// none.
    pub const fn java_index(&self) -> i64 {
        self.java_index
    }

    /// The kind: which of Java's reasons.
    pub const fn kind(&self) -> JavaErrorKind {
        self.kind
    }

    /// The kind's stable name.
    pub const fn name(&self) -> &'static str {
        self.kind.name()
    }
}

impl fmt::Display for JavaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = self.kind.reason();
        let mut chars = reason.chars();
        if let Some(c) = chars.next() {
            write!(f, "{}{}", c.to_ascii_lowercase(), chars.as_str())?;
        }
        if self.java_index >= 0 {
            write!(f, " at index {}", self.index)?;
        }
        Ok(())
    }
}

impl core::error::Error for JavaError {}

fn utf16_len(s: &str) -> i64 {
    s.chars().map(|c| c.len_utf16() as i64).sum()
}

/// The error Java gives for `s`, which the parser rejected with `e`.
///
/// Java reads the scheme first (up to the first `:` before any `/`, `?`
/// or `#`), so a bad scheme is its error whatever follows; the parser's
/// error gives the rest.
#[cold]
#[inline(never)]
pub(super) fn java_error(s: &str, e: ParseError) -> JavaError {
    let b = s.as_bytes();
    let at = |index: usize, kind| JavaError {
        index,
        // Java gives "scope id expected" no index.
        java_index: if kind == JavaErrorKind::ScopeIdExpected {
            -1
        } else {
            utf16_len(&s[..index.min(s.len())])
        },
        kind,
    };
    let colon = b
        .iter()
        .position(|c| matches!(c, b':' | b'/' | b'?' | b'#'))
        .filter(|&p| b[p] == b':');
    if let Some(p) = colon {
        if p == 0 {
            return at(0, JavaErrorKind::ExpectedSchemeName);
        }
        if let Some(k) = b[..p].iter().enumerate().position(|(k, &c)| {
            !(c.is_ascii_alphabetic()
                || k > 0 && (c.is_ascii_digit() || matches!(c, b'+' | b'-' | b'.')))
        }) {
            return at(k, JavaErrorKind::IllegalCharacterInScheme);
        }
    }
    let hier_start = colon.map_or(0, |p| p + 1);
    let opaque = colon.is_some() && b.get(hier_start) != Some(&b'/');
    let auth_start = hier_start + 2;
    let auth_end = || {
        b[auth_start.min(b.len())..]
            .iter()
            .position(|c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(b.len(), |k| auth_start + k)
    };
    let i = e.index();
    if matches!(
        e.kind(),
        ErrorKind::UnclosedIpLiteral | ErrorKind::InvalidIpv6 | ErrorKind::InvalidZoneId
    ) && auth_start <= b.len()
    {
        // Java's reading of the IPv6 reference gives its reason and index.
        let end = auth_end();
        let host = b[auth_start..end]
            .iter()
            .position(|&c| c == b'@')
            .map_or(auth_start, |k| auth_start + k + 1);
        if b.get(host) == Some(&b'[')
            && let Err((index, kind)) = ipv6::check(b, host, end)
        {
            return at(index, kind);
        }
    }
    match e.kind() {
        ErrorKind::InvalidPercentEncoding(_) => at(i, JavaErrorKind::MalformedEscape),
        ErrorKind::MissingSchemeSpecificPart => at(i, JavaErrorKind::ExpectedSchemeSpecificPart),
        ErrorKind::MissingAuthority => at(i, JavaErrorKind::ExpectedAuthority),
        ErrorKind::InvalidAuthority => at(auth_start, JavaErrorKind::IllegalCharacterInAuthority),
        ErrorKind::UnclosedIpLiteral if b.get(i) == Some(&b']') => {
            at(i, JavaErrorKind::ExpectedClosingBracket)
        }
        ErrorKind::UnclosedIpLiteral => at(auth_end(), JavaErrorKind::ExpectedClosingBracket),
        ErrorKind::InvalidIpv6 => at(i, JavaErrorKind::MalformedIpv6),
        ErrorKind::InvalidZoneId => {
            if b.get(i) == Some(&b']') {
                JavaError {
                    index: i,
                    java_index: -1,
                    kind: JavaErrorKind::ScopeIdExpected,
                }
            } else {
                at(i, JavaErrorKind::IllegalCharacterInScopeId)
            }
        }
        // All digits: too large for an int.
        ErrorKind::InvalidPort if b.get(i).is_some_and(u8::is_ascii_digit) => {
            at(i, JavaErrorKind::MalformedPort)
        }
        ErrorKind::InvalidPort => at(i, JavaErrorKind::IllegalCharacterInPort),
        // After an IPv6 reference's "]", only ":" may come.
        ErrorKind::InvalidCharacter(Component::Host) if i > 0 && b[i - 1] == b']' => {
            at(i, JavaErrorKind::ExpectedPortNumber)
        }
        // An empty host name: the server parser stopped at its start,
        // before the port's ":" (or the authority's end). Java reads a host
        // name up to the first byte that no label takes, and only then
        // finds it has no label at all.
        ErrorKind::InvalidCharacter(Component::Host)
            if b.get(i)
                .is_none_or(|c| matches!(c, b':' | b'/' | b'?' | b'#')) =>
        {
            at(i, JavaErrorKind::ExpectedHostname)
        }
        ErrorKind::InvalidCharacter(Component::Host) => {
            at(i, JavaErrorKind::IllegalCharacterInHostname)
        }
        ErrorKind::InvalidCharacter(Component::Userinfo) => {
            at(i, JavaErrorKind::IllegalCharacterInUserInfo)
        }
        ErrorKind::InvalidCharacter(Component::Query) => {
            at(i, JavaErrorKind::IllegalCharacterInQuery)
        }
        ErrorKind::InvalidCharacter(Component::Fragment) => {
            at(i, JavaErrorKind::IllegalCharacterInFragment)
        }
        ErrorKind::TooLong => at(i, JavaErrorKind::TooLong),
        _ if opaque => at(i, JavaErrorKind::IllegalCharacterInOpaquePart),
        _ => at(i, JavaErrorKind::IllegalCharacterInPath),
    }
}
