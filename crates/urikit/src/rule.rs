//! Validation against any single rule of the ABNF (Appendix A, as published).
//!
//! [`validate`] answers "does this whole string match rule R?" with the same
//! error index and kind the full parser would give. It serves callers that
//! check one component on its own (a header that carries only a path, a
//! config field that holds a host), and it is how the test suite gives every
//! rule its own vectors.
//!
//! ```
//! use urikit::{validate, Rule};
//! assert!(validate(Rule::Ipv6Address, "2001:db8::7").is_ok());
//! assert!(validate(Rule::Ipv4Address, "01.2.3.4").is_err()); // a reg-name, not IPv4
//! assert!(validate(Rule::RegName, "01.2.3.4").is_ok());
//! assert_eq!(validate(Rule::Port, "80a").unwrap_err().index(), 2);
//! ```

use core::fmt;

use crate::chars::{self, ALPHA, CharClass, DIGIT, HEXDIG, SCHEME};
use crate::error::{Component, ErrorKind, ParseError};
use crate::host::{dec_octet_end, ipv4_error_offset, parse_ipv4, parse_ipv6, validate_ipvfuture};
use crate::parse::{
    MAX_LEN, Meta, PATH_SCAN, PCHAR_SCAN, QUERY_SCAN, REG_NAME_SCAN, SEGMENT_NZ_NC_SCAN, ScanClass,
    Top, USERINFO_SCAN, parse, parse_authority, parse_ip_literal, profile, scan,
    scan_noscheme_path, scan_p, scan_path,
};

macro_rules! rules {
    ($($variant:ident => $name:literal, $abnf:literal;)*) => {
        /// A rule of the RFC 3986 ABNF (Appendix A, as published).
        ///
        /// ```
        /// use urikit::Rule;
        /// assert_eq!(Rule::from_name("IPv6address"), Some(Rule::Ipv6Address));
        /// assert_eq!(Rule::SegmentNzNc.name(), "segment-nz-nc");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Rule {
            $(
                #[doc = concat!("`", $abnf, "`")]
                $variant,
            )*
        }

        impl Rule {
            /// Every rule, in the order of Appendix A.
            ///
            /// ```
            /// assert!(urikit::Rule::ALL.contains(&urikit::Rule::Port));
            /// ```
            pub const ALL: &'static [Rule] = &[$(Rule::$variant),*];

            /// The rule's name as the ABNF spells it.
            ///
            /// ```
            /// assert_eq!(urikit::Rule::UriReference.name(), "URI-reference");
            /// ```
            pub const fn name(self) -> &'static str {
                match self { $(Rule::$variant => $name),* }
            }

            /// The rule's ABNF definition, verbatim.
            ///
            /// ```
            /// assert_eq!(urikit::Rule::Port.abnf(), "port = *DIGIT");
            /// ```
            pub const fn abnf(self) -> &'static str {
                match self { $(Rule::$variant => $abnf),* }
            }

            /// The rule with this ABNF name (case-insensitive, as ABNF rule
            /// names are).
            ///
            /// ```
            /// assert_eq!(urikit::Rule::from_name("uri"), Some(urikit::Rule::Uri));
            /// ```
            pub fn from_name(name: &str) -> Option<Rule> {
                <Rule as $crate::names::Named>::parse_name(name).ok()
            }
        }

        impl $crate::names::Named for Rule {
            const WHAT: &'static str = "rule";
            const UNKNOWN: &'static str = "unknown-rule";
            const ALL: &'static [Rule] = Rule::ALL;
            // ABNF rule names are case-insensitive (RFC 5234, 2.1).
            const CASE_INSENSITIVE: bool = true;
            fn name(self) -> &'static str {
                Rule::name(self)
            }
        }
    };
}

rules! {
    Uri => "URI", "URI = scheme \":\" hier-part [ \"?\" query ] [ \"#\" fragment ]";
    HierPart => "hier-part", "hier-part = \"//\" authority path-abempty / path-absolute / path-rootless / path-empty";
    UriReference => "URI-reference", "URI-reference = URI / relative-ref";
    AbsoluteUri => "absolute-URI", "absolute-URI = scheme \":\" hier-part [ \"?\" query ]";
    RelativeRef => "relative-ref", "relative-ref = relative-part [ \"?\" query ] [ \"#\" fragment ]";
    RelativePart => "relative-part", "relative-part = \"//\" authority path-abempty / path-absolute / path-noscheme / path-empty";
    Scheme => "scheme", "scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )";
    Authority => "authority", "authority = [ userinfo \"@\" ] host [ \":\" port ]";
    Userinfo => "userinfo", "userinfo = *( unreserved / pct-encoded / sub-delims / \":\" )";
    Host => "host", "host = IP-literal / IPv4address / reg-name";
    Port => "port", "port = *DIGIT";
    IpLiteral => "IP-literal", "IP-literal = \"[\" ( IPv6address / IPvFuture  ) \"]\"";
    IpvFuture => "IPvFuture", "IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )";
    Ipv6Address => "IPv6address", "IPv6address = 6( h16 \":\" ) ls32 / \"::\" 5( h16 \":\" ) ls32 / [ h16 ] \"::\" 4( h16 \":\" ) ls32 / [ *1( h16 \":\" ) h16 ] \"::\" 3( h16 \":\" ) ls32 / [ *2( h16 \":\" ) h16 ] \"::\" 2( h16 \":\" ) ls32 / [ *3( h16 \":\" ) h16 ] \"::\" h16 \":\" ls32 / [ *4( h16 \":\" ) h16 ] \"::\" ls32 / [ *5( h16 \":\" ) h16 ] \"::\" h16 / [ *6( h16 \":\" ) h16 ] \"::\"";
    H16 => "h16", "h16 = 1*4HEXDIG";
    Ls32 => "ls32", "ls32 = ( h16 \":\" h16 ) / IPv4address";
    Ipv4Address => "IPv4address", "IPv4address = dec-octet \".\" dec-octet \".\" dec-octet \".\" dec-octet";
    DecOctet => "dec-octet", "dec-octet = DIGIT / %x31-39 DIGIT / \"1\" 2DIGIT / \"2\" %x30-34 DIGIT / \"25\" %x30-35";
    RegName => "reg-name", "reg-name = *( unreserved / pct-encoded / sub-delims )";
    Path => "path", "path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty";
    PathAbempty => "path-abempty", "path-abempty = *( \"/\" segment )";
    PathAbsolute => "path-absolute", "path-absolute = \"/\" [ segment-nz *( \"/\" segment ) ]";
    PathNoscheme => "path-noscheme", "path-noscheme = segment-nz-nc *( \"/\" segment )";
    PathRootless => "path-rootless", "path-rootless = segment-nz *( \"/\" segment )";
    PathEmpty => "path-empty", "path-empty = 0<pchar>";
    Segment => "segment", "segment = *pchar";
    SegmentNz => "segment-nz", "segment-nz = 1*pchar";
    SegmentNzNc => "segment-nz-nc", "segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / \"@\" )";
    Pchar => "pchar", "pchar = unreserved / pct-encoded / sub-delims / \":\" / \"@\"";
    Query => "query", "query = *( pchar / \"/\" / \"?\" )";
    Fragment => "fragment", "fragment = *( pchar / \"/\" / \"?\" )";
    PctEncoded => "pct-encoded", "pct-encoded = \"%\" HEXDIG HEXDIG";
    Unreserved => "unreserved", "unreserved = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"~\"";
    Reserved => "reserved", "reserved = gen-delims / sub-delims";
    GenDelims => "gen-delims", "gen-delims = \":\" / \"/\" / \"?\" / \"#\" / \"[\" / \"]\" / \"@\"";
    SubDelims => "sub-delims", "sub-delims = \"!\" / \"$\" / \"&\" / \"'\" / \"(\" / \")\" / \"*\" / \"+\" / \",\" / \";\" / \"=\"";
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn fail<T>(index: usize, kind: ErrorKind) -> Result<T, ParseError> {
    Err(ParseError::new(index, kind))
}

/// The whole of `s` must be `*( class / pct-encoded )`.
fn all(s: &[u8], class: &ScanClass, c: Component) -> Result<(), ParseError> {
    match scan(s, 0, class) {
        Ok(end) if end == s.len() => Ok(()),
        Ok(end) => fail(end, ErrorKind::InvalidCharacter(c)),
        Err(at) => fail(at, ErrorKind::InvalidPercentEncoding(c)),
    }
}

/// [`all`] in parser profile `P`: with the IRI profile, runs of `ucschar`
/// (and `iprivate` too where `private`) are taken as well.
fn all_p<const P: u8>(
    s: &[u8],
    class: &ScanClass,
    c: Component,
    private: bool,
) -> Result<(), ParseError> {
    match scan_p::<P>(s, 0, class, private) {
        Ok(end) if end == s.len() => Ok(()),
        Ok(end) => fail(end, ErrorKind::InvalidCharacter(c)),
        Err(at) => fail(at, ErrorKind::InvalidPercentEncoding(c)),
    }
}

/// [`validate`] in parser profile `P`, for the rules that hold one
/// component's text (what the builder and the setters check). With the
/// IRI profile, `userinfo`, `host` and `reg-name`, `path`, `query` and
/// `fragment` are RFC 3987's `iuserinfo`, `ihost` and `ireg-name`, `ipath`,
/// `iquery` (with `iprivate`) and `ifragment` (2.2); every other rule, and
/// any ASCII text, is checked as [`validate`] checks it.
pub(crate) fn validate_p<const P: u8>(rule: Rule, s: &str) -> Result<(), ParseError> {
    let b = s.as_bytes();
    if P & profile::IRI == 0 || s.is_ascii() || b.len() >= MAX_LEN {
        return validate(rule, s);
    }
    match rule {
        Rule::Userinfo => all_p::<P>(b, &USERINFO_SCAN, Component::Userinfo, false),
        Rule::Host | Rule::RegName if b.first() != Some(&b'[') => {
            all_p::<P>(b, &REG_NAME_SCAN, Component::Host, false)
        }
        Rule::Path => all_p::<P>(b, &PATH_SCAN, Component::Path, false),
        Rule::Query => all_p::<P>(b, &QUERY_SCAN, Component::Query, true),
        Rule::Fragment => all_p::<P>(b, &QUERY_SCAN, Component::Fragment, false),
        _ => validate(rule, s),
    }
}

fn nonempty(s: &[u8]) -> Result<(), ParseError> {
    if s.is_empty() {
        fail(0, ErrorKind::Empty)
    } else {
        Ok(())
    }
}

fn one_of(s: &[u8], class: &CharClass) -> Result<(), ParseError> {
    match s {
        [b] if class.contains(*b) => Ok(()),
        [] => fail(0, ErrorKind::Empty),
        [b, ..] if !class.contains(*b) => fail(0, ErrorKind::Mismatch),
        _ => fail(1, ErrorKind::Mismatch),
    }
}

fn h16(s: &[u8]) -> Result<(), ParseError> {
    nonempty(s)?;
    match s.iter().position(|b| !HEXDIG.contains(*b)) {
        Some(i) if i < 4 => fail(i, ErrorKind::Mismatch),
        _ if s.len() > 4 => fail(4, ErrorKind::Mismatch),
        _ => Ok(()),
    }
}

/// Where `s` stops being `h16 ":" h16`, or `None` if it is that.
fn h16_pair_error(s: &[u8]) -> Option<usize> {
    let hex_run = |from: usize| {
        s[from..]
            .iter()
            .take_while(|c| HEXDIG.contains(**c))
            .count()
    };
    let first = hex_run(0);
    if first == 0 || first > 4 {
        return Some(first.min(4));
    }
    if s.get(first) != Some(&b':') {
        return Some(first);
    }
    let j = first + 1;
    let second = hex_run(j);
    if second == 0 || second > 4 {
        return Some(j + second.min(4));
    }
    (j + second != s.len()).then_some(j + second)
}

/// The whole of `s` must be a path after an authority, or after a scheme.
fn path_to_end(s: &[u8], from: usize, noscheme: bool) -> Result<(), ParseError> {
    let end = if noscheme {
        scan_noscheme_path(s, from)?
    } else {
        scan_path(s, from)?
    };
    if end == s.len() {
        Ok(())
    } else {
        fail(end, ErrorKind::InvalidCharacter(Component::Path))
    }
}

fn hier_part(s: &[u8], relative: bool) -> Result<(), ParseError> {
    if s.starts_with(b"//") {
        let mut m = Meta::EMPTY;
        let end = parse_authority(s, 2, &mut m)?;
        path_to_end(s, end, false)
    } else {
        path_to_end(s, 0, relative && !s.starts_with(b"/"))
    }
}

/// Check that the whole of `s` matches `rule`.
///
/// The error gives the index of the first byte that cannot be part of a
/// match, as the parser does. Rules that name one token (`h16`, `pchar`,
/// `unreserved` …) report [`ErrorKind::Mismatch`].
///
/// ```
/// use urikit::{validate, ErrorKind, Rule};
/// assert!(validate(Rule::PathNoscheme, "a/b:c").is_ok());
/// let err = validate(Rule::PathNoscheme, "a:b").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (1, ErrorKind::ColonInFirstSegment));
/// assert!(validate(Rule::IpvFuture, "v1F.x:y").is_ok());
/// ```
pub fn validate(rule: Rule, s: &str) -> Result<(), ParseError> {
    let b = s.as_bytes();
    if b.len() >= MAX_LEN {
        return fail(MAX_LEN, ErrorKind::TooLong);
    }
    match rule {
        Rule::Uri => parse(b, Top::Uri).map(drop),
        Rule::UriReference => parse(b, Top::UriReference).map(drop),
        Rule::AbsoluteUri => parse(b, Top::AbsoluteUri).map(drop),
        Rule::RelativeRef => parse(b, Top::RelativeRef).map(drop),
        Rule::HierPart => hier_part(b, false),
        Rule::RelativePart => hier_part(b, true),
        Rule::Scheme => {
            nonempty(b)?;
            if !ALPHA.contains(b[0]) {
                return fail(0, ErrorKind::InvalidScheme);
            }
            match b.iter().position(|c| !SCHEME.contains(*c)) {
                Some(i) => fail(i, ErrorKind::InvalidScheme),
                None => Ok(()),
            }
        }
        Rule::Authority => {
            let mut m = Meta::EMPTY;
            let end = parse_authority(b, 0, &mut m)?;
            if end == b.len() {
                Ok(())
            } else {
                let c = if m.host_end < end as u32 {
                    return fail(end, ErrorKind::InvalidPort);
                } else {
                    Component::Host
                };
                fail(end, ErrorKind::InvalidCharacter(c))
            }
        }
        Rule::Userinfo => all(b, &USERINFO_SCAN, Component::Userinfo),
        Rule::Host => {
            if b.first() == Some(&b'[') {
                validate(Rule::IpLiteral, s)
            } else {
                all(b, &REG_NAME_SCAN, Component::Host)
            }
        }
        Rule::Port => match b.iter().position(|c| !DIGIT.contains(*c)) {
            Some(i) => fail(i, ErrorKind::InvalidPort),
            None => Ok(()),
        },
        Rule::IpLiteral => {
            if b.first() != Some(&b'[') {
                return fail(0, ErrorKind::InvalidCharacter(Component::Host));
            }
            // The literal ends at its "]"; parse only that far, so that a
            // ":port" after it is a stray byte here, not a bad port.
            let end = b.iter().position(|&c| c == b']').map_or(b.len(), |j| j + 1);
            let mut m = Meta::EMPTY;
            parse_ip_literal(&b[..end], 0, 0, &mut m)?;
            if end == b.len() {
                Ok(())
            } else {
                fail(end, ErrorKind::InvalidCharacter(Component::Host))
            }
        }
        Rule::IpvFuture => validate_ipvfuture(b).or_else(|i| fail(i, ErrorKind::InvalidIpvFuture)),
        Rule::Ipv6Address => parse_ipv6(b)
            .map(drop)
            .or_else(|i| fail(i, ErrorKind::InvalidIpv6)),
        Rule::H16 => h16(b),
        Rule::Ls32 => {
            nonempty(b)?;
            // ( h16 ":" h16 ) / IPv4address: report where the alternative
            // that got further failed.
            let v4 = match parse_ipv4(b) {
                Some(_) => return Ok(()),
                None => ipv4_error_offset(b),
            };
            match h16_pair_error(b) {
                None => Ok(()),
                Some(at) => fail(at.max(v4), ErrorKind::Mismatch),
            }
        }
        Rule::Ipv4Address => match parse_ipv4(b) {
            Some(_) => Ok(()),
            None => fail(ipv4_error_offset(b), ErrorKind::Mismatch),
        },
        Rule::DecOctet => match dec_octet_end(b, 0) {
            Ok(end) if end == b.len() => Ok(()),
            Ok(at) | Err(at) => fail(at, ErrorKind::Mismatch),
        },
        Rule::RegName => all(b, &REG_NAME_SCAN, Component::Host),
        Rule::Path => all(b, &PATH_SCAN, Component::Path),
        Rule::PathAbempty => {
            if !b.is_empty() && b[0] != b'/' {
                return fail(0, ErrorKind::InvalidCharacter(Component::Path));
            }
            all(b, &PATH_SCAN, Component::Path)
        }
        Rule::PathAbsolute => {
            if b.first() != Some(&b'/') {
                return fail(0, ErrorKind::InvalidCharacter(Component::Path));
            }
            if b.get(1) == Some(&b'/') {
                return fail(1, ErrorKind::InvalidCharacter(Component::Path));
            }
            all(b, &PATH_SCAN, Component::Path)
        }
        Rule::PathNoscheme => {
            nonempty(b)?;
            if b[0] == b'/' {
                return fail(0, ErrorKind::InvalidCharacter(Component::Path));
            }
            path_to_end(b, 0, true)
        }
        Rule::PathRootless => {
            nonempty(b)?;
            if b[0] == b'/' {
                return fail(0, ErrorKind::InvalidCharacter(Component::Path));
            }
            all(b, &PATH_SCAN, Component::Path)
        }
        Rule::PathEmpty => {
            if b.is_empty() {
                Ok(())
            } else {
                fail(0, ErrorKind::Mismatch)
            }
        }
        Rule::Segment => all(b, &PCHAR_SCAN, Component::Path),
        Rule::SegmentNz => {
            nonempty(b)?;
            all(b, &PCHAR_SCAN, Component::Path)
        }
        Rule::SegmentNzNc => {
            nonempty(b)?;
            all(b, &SEGMENT_NZ_NC_SCAN, Component::Path)
        }
        Rule::Pchar => {
            if b.first() == Some(&b'%') {
                validate(Rule::PctEncoded, s)
            } else {
                one_of(b, &chars::PCHAR)
            }
        }
        Rule::Query => all(b, &QUERY_SCAN, Component::Query),
        Rule::Fragment => all(b, &QUERY_SCAN, Component::Fragment),
        Rule::PctEncoded => {
            nonempty(b)?;
            if b[0] != b'%' {
                return fail(0, ErrorKind::Mismatch);
            }
            for i in 1..3 {
                if !b.get(i).is_some_and(|c| HEXDIG.contains(*c)) {
                    return fail(i.min(b.len()), ErrorKind::Mismatch);
                }
            }
            if b.len() > 3 {
                return fail(3, ErrorKind::Mismatch);
            }
            Ok(())
        }
        Rule::Unreserved => one_of(b, &chars::UNRESERVED),
        Rule::Reserved => one_of(b, &chars::RESERVED),
        Rule::GenDelims => one_of(b, &chars::GEN_DELIMS),
        Rule::SubDelims => one_of(b, &chars::SUB_DELIMS),
    }
}

// Defined here, not in error.rs, so that the error types depend on no
// grammar module: rule.rs reads the parser's tables, which name the errors.
impl ErrorKind {
    /// The rule of the RFC 3986 ABNF (Appendix A) that the offending byte
    /// failed, for a kind that names one: the narrowest rule being read at
    /// [`ParseError::index`]. Its stable name is [`Rule::name`], as the ABNF
    /// spells it (`pct-encoded`, `IPv6address`, `segment-nz-nc`).
    ///
    /// - A byte a component does not allow fails that component's rule
    ///   (`scheme`, `userinfo`, `host`, `port`, `query`, `fragment`), and
    ///   in a path the `pchar` of its segment. (`host`, not `reg-name`: the
    ///   byte after an IP literal's `]` is reported in the host too.)
    /// - A `%` without two hex digits fails `pct-encoded`.
    /// - `MissingScheme` fails `URI`, `UnexpectedFragment` `absolute-URI`,
    ///   `UnexpectedScheme` `relative-ref` (the whole-input rules that
    ///   forbid them).
    ///
    /// `None` for the kinds outside that grammar: input too long or not
    /// UTF-8, the single-token checks of [`crate::validate`] (`Empty`,
    /// `Mismatch`, whose rule is the one validated), zone identifiers
    /// (RFC 6874) and the RFC 2396 and Java readings.
    ///
    /// ```
    /// use urikit::{Rule, UriRef};
    /// let rule = |s| UriRef::parse(s).unwrap_err().kind().rule().map(Rule::name);
    /// assert_eq!(rule("http://a b/"), Some("host"));
    /// assert_eq!(rule("/a%4g"), Some("pct-encoded"));
    /// assert_eq!(rule("//[::1:]"), Some("IPv6address"));
    /// assert_eq!(rule("a:b/c d"), Some("pchar"));
    /// assert_eq!(rule("1a:b"), Some("segment-nz-nc"));
    /// assert_eq!(urikit::Uri::parse("/x").unwrap_err().kind().rule(), Some(Rule::Uri));
    /// ```
    pub const fn rule(self) -> Option<Rule> {
        Some(match self {
            ErrorKind::InvalidCharacter(c) => match c {
                Component::Scheme => Rule::Scheme,
                Component::Userinfo => Rule::Userinfo,
                Component::Host => Rule::Host,
                Component::Port => Rule::Port,
                Component::Path => Rule::Pchar,
                Component::Query => Rule::Query,
                Component::Fragment => Rule::Fragment,
            },
            ErrorKind::InvalidPercentEncoding(_) => Rule::PctEncoded,
            ErrorKind::MissingScheme => Rule::Uri,
            ErrorKind::InvalidScheme => Rule::Scheme,
            ErrorKind::UnclosedIpLiteral => Rule::IpLiteral,
            ErrorKind::InvalidIpv6 => Rule::Ipv6Address,
            ErrorKind::InvalidIpvFuture => Rule::IpvFuture,
            ErrorKind::InvalidPort => Rule::Port,
            ErrorKind::ColonInFirstSegment => Rule::SegmentNzNc,
            ErrorKind::UnexpectedFragment => Rule::AbsoluteUri,
            ErrorKind::UnexpectedScheme => Rule::RelativeRef,
            ErrorKind::InvalidZoneId
            | ErrorKind::TooLong
            | ErrorKind::InvalidUtf8
            | ErrorKind::Empty
            | ErrorKind::Mismatch
            | ErrorKind::MissingSchemeSpecificPart
            | ErrorKind::MissingAuthority
            | ErrorKind::InvalidAuthority => return None,
        })
    }
}
