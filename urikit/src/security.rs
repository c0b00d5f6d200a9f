//! Security checks (section 7, "Security Considerations").
//!
//! [`lint`] examines a URI reference and returns [`Finding`]s: a stable
//! [`FindingKind`] name, the byte span concerned and a one-line
//! explanation. A URI that raises no finding is not thereby safe; these are
//! the hazards section 7 names that can be seen in the text alone.
//!
//! | kind | what | RFC |
//! | --- | --- | --- |
//! | `credentials` | a password in the userinfo | 3.2.1, 7.5 |
//! | `misleading-userinfo` | userinfo that looks like a host name or URI | 7.6 |
//! | `ipv4-nonstandard` | a reg-name that `inet_aton` reads as an IPv4 address | 7.4 |
//! | `port-mismatch` | a well-known port (0–1023) other than the scheme's default | 7.2 |
//! | `encoded-control` | a percent-encoded control octet (CTL: `%00`–`%1F`, `%7F`), anywhere | 7.2, 7.3 |
//! | `encoded-delimiter` | encoded `/ \ ? #` or an encoded dot-segment in the path | 7.3 |
//! | `dot-segments` | `.` or `..` segments in the path of a URI with a scheme | 5.2.4, 7.3 |
//! | `ipvfuture` | an IP literal with a version flag | 3.2.2 |
//! | `long-host` | a reg-name over 255 characters, or a label over 63 | 3.2.2 |
//! | `non-ascii-host` | percent-encoded octets in a reg-name | 3.2.2 |
//! | `zone-id` | an IPv6 zone identifier, deprecated in URIs | RFC 9844 |
//! | `bidi-control` | a bidi formatting character, raw or percent-encoded | RFC 3987 4.1 |
//!
//! [`mask_credentials`] gives the display form that hides a password.
//!
//! ```
//! use urikit::{security::lint, Uri};
//! let uri = Uri::parse("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm")?;
//! let findings = lint(uri);
//! assert_eq!(findings.len(), 1);
//! assert_eq!(findings[0].kind().name(), "misleading-userinfo");
//! assert_eq!(findings[0].span(), 6..41);
//! # Ok::<(), urikit::ParseError>(())
//! ```

use alloc::vec::Vec;
use core::fmt;
use core::net::Ipv4Addr;

use crate::chars::hex_value;
use crate::{Component, HostKind, ParseError, UriRef};

/// The kind of a [`Finding`]. Each has a stable name, which the CLI prints.
///
/// ```
/// use urikit::security::FindingKind;
/// assert_eq!(FindingKind::PortMismatch.name(), "port-mismatch");
/// assert_eq!(FindingKind::from_name("port-mismatch"), Some(FindingKind::PortMismatch));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum FindingKind {
    /// `credentials`: a password in the userinfo (3.2.1, 7.5).
    Credentials,
    /// `misleading-userinfo`: userinfo before the host that looks like a
    /// host name or a URI (7.6).
    MisleadingUserinfo,
    /// `ipv4-nonstandard`: a reg-name that `inet_aton` reads as an IPv4
    /// address (7.4).
    Ipv4Nonstandard,
    /// `port-mismatch`: a well-known port that is not the scheme's default
    /// (7.2).
    PortMismatch,
    /// `encoded-control`: a percent-encoded control octet (7.2, 7.3).
    EncodedControl,
    /// `encoded-delimiter`: an encoded `/`, `\`, `?`, `#` or dot-segment in
    /// the path (7.3).
    EncodedDelimiter,
    /// `dot-segments`: `.` or `..` segments in the path of a URI (5.2.4).
    DotSegments,
    /// `ipvfuture`: an IPvFuture literal, which no resolver supports (3.2.2).
    IpvFuture,
    /// `long-host`: a reg-name over 255 characters or with a label over 63
    /// (3.2.2).
    LongHost,
    /// `non-ascii-host`: percent-encoded octets in a reg-name (3.2.2).
    NonAsciiHost,
    /// `zone-id`: an IPv6 zone identifier (read only with
    /// [`crate::ParseOptions`]); RFC 9844 deprecates zones in URIs.
    ZoneId,
    /// `bidi-control`: a bidi formatting character (LRM, RLM, LRE, RLE,
    /// PDF, LRO, RLO), raw in an IRI or percent-encoded as UTF-8, which RFC
    /// 3987 4.1 forbids (it can reorder what a reader sees).
    BidiControl,
}

impl FindingKind {
    /// Every kind, in order.
    ///
    /// ```
    /// assert_eq!(urikit::security::FindingKind::ALL.len(), 12);
    /// ```
    pub const ALL: &'static [FindingKind] = &[
        FindingKind::Credentials,
        FindingKind::MisleadingUserinfo,
        FindingKind::Ipv4Nonstandard,
        FindingKind::PortMismatch,
        FindingKind::EncodedControl,
        FindingKind::EncodedDelimiter,
        FindingKind::DotSegments,
        FindingKind::IpvFuture,
        FindingKind::LongHost,
        FindingKind::NonAsciiHost,
        FindingKind::ZoneId,
        FindingKind::BidiControl,
    ];

    /// The stable name.
    ///
    /// ```
    /// assert_eq!(urikit::security::FindingKind::NonAsciiHost.name(), "non-ascii-host");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FindingKind::Credentials => "credentials",
            FindingKind::MisleadingUserinfo => "misleading-userinfo",
            FindingKind::Ipv4Nonstandard => "ipv4-nonstandard",
            FindingKind::PortMismatch => "port-mismatch",
            FindingKind::EncodedControl => "encoded-control",
            FindingKind::EncodedDelimiter => "encoded-delimiter",
            FindingKind::DotSegments => "dot-segments",
            FindingKind::IpvFuture => "ipvfuture",
            FindingKind::LongHost => "long-host",
            FindingKind::NonAsciiHost => "non-ascii-host",
            FindingKind::ZoneId => "zone-id",
            FindingKind::BidiControl => "bidi-control",
        }
    }

    /// The kind with this stable name.
    ///
    /// ```
    /// use urikit::security::FindingKind;
    /// assert_eq!(FindingKind::from_name("ipvfuture"), Some(FindingKind::IpvFuture));
    /// assert_eq!(FindingKind::from_name("nope"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<FindingKind> {
        FindingKind::ALL.iter().copied().find(|k| k.name() == name)
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a finding found, for its message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Detail {
    Password,
    Userinfo,
    Ipv4 { addr: Ipv4Addr },
    Port { port: u16, default: u16 },
    Control { octet: u8, component: Component },
    Delimiter { octet: u8 },
    EncodedDots,
    Dots { two: bool },
    IpvFuture,
    HostLen { len: usize },
    LabelLen { len: usize },
    Encoded { ascii: bool, utf8: bool },
    Zone,
    Bidi,
}

/// One hazard found by [`lint`]: its kind, the byte span in the URI it
/// concerns, and (through `Display`) a one-line explanation.
///
/// ```
/// use urikit::{security::{lint, FindingKind}, Uri};
/// let uri = Uri::parse("http://example.com:25/")?;
/// let f = lint(uri)[0];
/// assert_eq!(f.kind(), FindingKind::PortMismatch);
/// assert_eq!(&uri.as_str()[f.span()], "25");
/// assert_eq!(f.to_string(), "port 25 is a well-known port and not the scheme's default 80: another service may answer (7.2)");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    kind: FindingKind,
    start: usize,
    end: usize,
    detail: Detail,
}

impl Finding {
    /// The kind.
    ///
    /// ```
    /// let f = urikit::security::lint(urikit::Uri::parse("http://[v1.x]/")?)[0];
    /// assert_eq!(f.kind().name(), "ipvfuture");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn kind(&self) -> FindingKind {
        self.kind
    }

    /// The byte offset where the concerned text starts in the URI.
    ///
    /// ```
    /// let f = urikit::security::lint(urikit::Uri::parse("http://u:pw@h/")?)[0];
    /// assert_eq!(f.start(), 9);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte offset just after the concerned text.
    ///
    /// ```
    /// let f = urikit::security::lint(urikit::Uri::parse("http://u:pw@h/")?)[0];
    /// assert_eq!(f.end(), 11);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn end(&self) -> usize {
        self.end
    }

    /// `start()..end()`.
    ///
    /// ```
    /// let uri = urikit::Uri::parse("http://a/b/../c")?;
    /// let f = urikit::security::lint(uri)[0];
    /// assert_eq!(&uri.as_str()[f.span()], "..");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn span(&self) -> core::ops::Range<usize> {
        self.start..self.end
    }

    /// For `ipv4-nonstandard`, the address the host would reach.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// let f = urikit::security::lint(urikit::Uri::parse("http://0x7f.1/")?)[0];
    /// assert_eq!(f.ipv4(), Some(Ipv4Addr::new(127, 0, 0, 1)));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        match self.detail {
            Detail::Ipv4 { addr } => Some(addr),
            _ => None,
        }
    }
}

fn octet_name(b: u8) -> &'static str {
    const C0: [&str; 32] = [
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF",
        "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
        "SUB", "ESC", "FS", "GS", "RS", "US",
    ];
    match b {
        0x7f => "DEL",
        b'/' => "'/'",
        b'\\' => "'\\'",
        b'?' => "'?'",
        b'#' => "'#'",
        _ => C0.get(usize::from(b)).copied().unwrap_or("octet"),
    }
}

/// The one-line explanation.
impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.detail {
            Detail::Password => f.write_str(
                "password in the userinfo: URIs are displayed, stored and logged in clear text (3.2.1, 7.5)",
            ),
            Detail::Userinfo => f.write_str(
                "userinfo looks like a host name or URI, but the host is what follows the '@' (7.6)",
            ),
            Detail::Ipv4 { addr } => write!(
                f,
                "host is not a name: inet_aton-style resolvers read it as the IPv4 address {addr} (7.4)"
            ),
            Detail::Port { port, default } => write!(
                f,
                "port {port} is a well-known port and not the scheme's default {default}: another service may answer (7.2)"
            ),
            Detail::Control { octet, component } => write!(
                f,
                "percent-encoded control character %{octet:02X} ({}) in the {component}: decoded, it may end a line or a string (7.2, 7.3)",
                octet_name(octet)
            ),
            Detail::Delimiter { octet } => write!(
                f,
                "percent-encoded {} (%{octet:02X}) in the path: a back end that decodes before splitting sees a delimiter (7.3)",
                octet_name(octet)
            ),
            Detail::EncodedDots => f.write_str(
                "percent-encoded dot-segment in the path: a back end that decodes it may climb the directory tree (7.3)",
            ),
            Detail::Dots { two } => write!(
                f,
                "dot-segment \"{}\" in the path: resolution removes it, a file system may follow it (5.2.4, 7.3)",
                if two { ".." } else { "." }
            ),
            Detail::IpvFuture => f.write_str(
                "host is an IPvFuture literal: no resolver supports one (address mechanism not supported) (3.2.2)",
            ),
            Detail::HostLen { len } => write!(
                f,
                "host name of {len} characters: DNS names are at most 255 (3.2.2)"
            ),
            Detail::LabelLen { len } => write!(
                f,
                "host name label of {len} characters: DNS labels are at most 63 (3.2.2)"
            ),
            Detail::Encoded { ascii: true, .. } => f.write_str(
                "percent-encoded ASCII in the host: it spells another name once decoded (3.2.2)",
            ),
            Detail::Encoded { utf8: true, .. } => f.write_str(
                "percent-encoded UTF-8 in the host: an internationalized name, which must go through IDNA (3.2.2)",
            ),
            Detail::Encoded { .. } => f.write_str(
                "percent-encoded octets in the host that are not UTF-8: no IDNA form exists (3.2.2)",
            ),
            Detail::Zone => f.write_str(
                "an IPv6 zone identifier: a local matter of one host, deprecated in URIs (RFC 9844)",
            ),
            Detail::Bidi => f.write_str(
                "a bidi formatting character, which IRIs must not contain (RFC 3987 4.1)",
            ),
        }
    }
}

/// The spans of the bidi formatting characters of RFC 3987 4.1 in `s`:
/// raw (an IRI) or as percent-encoded UTF-8, `%E2%80%8E`/`8F` and
/// `%E2%80%AA` to `%E2%80%AE`, hex in either case.
fn bidi_controls(s: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let b = s.as_bytes();
    let hex = |i: usize| {
        let h = b.get(i + 1).copied().and_then(hex_value)?;
        let l = b.get(i + 2).copied().and_then(hex_value)?;
        (b[i] == b'%').then_some(h << 4 | l)
    };
    (0..b.len()).filter_map(move |i| match b[i] {
        0xE2 => {
            let c = s.get(i..)?.chars().next()?;
            crate::chars::is_bidi_format(c).then_some((i, i + 3))
        }
        b'%' if hex(i) == Some(0xE2) && hex(i + 3) == Some(0x80) => {
            matches!(hex(i + 6)?, 0x8E | 0x8F | 0xAA..=0xAE).then_some((i, i + 9))
        }
        _ => None,
    })
}

/// Lint an IRI reference: [`lint`] on its text, whose non-ASCII characters
/// only [`FindingKind::BidiControl`] looks at.
///
/// ```
/// let iri = urikit::IriRef::parse("http://a/\u{202E}txt.exe")?;
/// let f = urikit::security::lint_iri(iri);
/// assert_eq!(f[0].kind().name(), "bidi-control");
/// assert_eq!(f[0].span(), 9..12);
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn lint_iri(iri: crate::IriRef<'_>) -> Vec<Finding> {
    lint(iri.view())
}

/// The offset of `part` within `whole` (a sub-slice of it).
fn offset(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize)
}

/// Examine a URI reference for the hazards of section 7; the findings come
/// in order of their start offset. A relative reference gets every check
/// that does not need a scheme (`port-mismatch` and `dot-segments` do).
///
/// Allocates only when there is a finding.
///
/// ```
/// use urikit::{security::lint, UriRef};
/// let r = UriRef::parse("//www.whitelisteddomain.tld@google.com/%2f..")?;
/// let names: Vec<_> = lint(r).iter().map(|f| f.kind().name()).collect();
/// assert_eq!(names, ["misleading-userinfo", "encoded-delimiter"]);
/// assert!(lint(UriRef::parse("https://example.com/a/b?c#d")?).is_empty());
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn lint<'a>(uri: impl Into<UriRef<'a>>) -> Vec<Finding> {
    let uri = uri.into();
    let s = uri.as_text();
    let mut out = Vec::new();
    let mut push = |kind, start, end, detail| {
        out.push(Finding {
            kind,
            start,
            end,
            detail,
        })
    };

    if let Some(ui) = uri.userinfo() {
        let at = offset(s, ui);
        if let Some(colon) = ui.find(':') {
            let pw = &ui[colon + 1..];
            if hides_password(pw) {
                let start = at + colon + 1;
                push(
                    FindingKind::Credentials,
                    start,
                    start + pw.len(),
                    Detail::Password,
                );
            }
        }
        if looks_like_host_or_uri(ui) {
            push(
                FindingKind::MisleadingUserinfo,
                at,
                at + ui.len(),
                Detail::Userinfo,
            );
        }
    }

    if let Some(host) = uri.host() {
        let h = host.as_str();
        let at = offset(s, h);
        match host.kind() {
            HostKind::RegName => {
                if let Some(addr) = inet_aton(h) {
                    push(
                        FindingKind::Ipv4Nonstandard,
                        at,
                        at + h.len(),
                        Detail::Ipv4 { addr },
                    );
                }
                if h.len() > 255 {
                    push(
                        FindingKind::LongHost,
                        at,
                        at + h.len(),
                        Detail::HostLen { len: h.len() },
                    );
                }
                let mut label_start = 0;
                for label in h.split('.') {
                    if label.len() > 63 {
                        let start = at + label_start;
                        push(
                            FindingKind::LongHost,
                            start,
                            start + label.len(),
                            Detail::LabelLen { len: label.len() },
                        );
                    }
                    label_start += label.len() + 1;
                }
                if h.contains('%') {
                    let decoded = || Decode(h.as_bytes().iter());
                    push(
                        FindingKind::NonAsciiHost,
                        at,
                        at + h.len(),
                        Detail::Encoded {
                            ascii: decoded().all(|b| b.is_ascii()),
                            utf8: utf8_valid(decoded()),
                        },
                    );
                }
            }
            HostKind::IpvFuture => {
                push(FindingKind::IpvFuture, at, at + h.len(), Detail::IpvFuture)
            }
            HostKind::Ipv6 if host.zone().is_some() => {
                push(FindingKind::ZoneId, at, at + h.len(), Detail::Zone)
            }
            _ => {}
        }
    }

    // An empty port (`http://h:/`) is no port at all (3.2.3).
    if let (Some(scheme), Some(port)) = (uri.scheme(), uri.port().filter(|p| !p.is_empty())) {
        let value = port.bytes().try_fold(0u32, |v, b| {
            v.checked_mul(10)?
                .checked_add(u32::from(b.wrapping_sub(b'0')))
        });
        if let (Some(value), Some(default)) = (value, default_port(scheme)) {
            if value <= 1023 && value != u32::from(default) {
                let at = offset(s, port);
                push(
                    FindingKind::PortMismatch,
                    at,
                    at + port.len(),
                    Detail::Port {
                        port: value as u16,
                        default,
                    },
                );
            }
        }
    }

    // Controls anywhere: the scheme and port cannot hold a '%', and the
    // host is covered here too.
    let components = [
        (uri.userinfo(), Component::Userinfo),
        (uri.host_str(), Component::Host),
        (Some(uri.path()), Component::Path),
        (uri.query(), Component::Query),
        (uri.fragment(), Component::Fragment),
    ];
    for (text, component) in components {
        let Some(text) = text else { continue };
        let at = offset(s, text);
        for (i, octet) in triplets(text) {
            if octet < 0x20 || octet == 0x7f {
                push(
                    FindingKind::EncodedControl,
                    at + i,
                    at + i + 3,
                    Detail::Control { octet, component },
                );
            }
        }
    }

    let path = uri.path();
    let path_at = offset(s, path);
    // Sub-segments as a decoding back end sees them: split at '/' and at
    // encoded '/' and '\'.
    let b = path.as_bytes();
    let mut seg_start = 0;
    let mut i = 0;
    while i <= b.len() {
        let delim_len = if i == b.len() || b[i] == b'/' {
            1
        } else if b[i] == b'%' {
            match triplet_at(b, i) {
                Some(octet @ (b'/' | b'\\' | b'?' | b'#')) => {
                    push(
                        FindingKind::EncodedDelimiter,
                        path_at + i,
                        path_at + i + 3,
                        Detail::Delimiter { octet },
                    );
                    if matches!(octet, b'/' | b'\\') {
                        3
                    } else {
                        0
                    }
                }
                _ => 0,
            }
        } else {
            0
        };
        if delim_len == 0 {
            i += 1;
            continue;
        }
        let seg = &path[seg_start..i];
        if seg.contains('%') && is_dots(Decode(seg.as_bytes().iter())) {
            push(
                FindingKind::EncodedDelimiter,
                path_at + seg_start,
                path_at + i,
                Detail::EncodedDots,
            );
        }
        i += delim_len;
        seg_start = i;
    }

    if uri.scheme().is_some() {
        let mut start = 0;
        for seg in path.split('/') {
            if seg == "." || seg == ".." {
                push(
                    FindingKind::DotSegments,
                    path_at + start,
                    path_at + start + seg.len(),
                    Detail::Dots {
                        two: seg.len() == 2,
                    },
                );
            }
            start += seg.len() + 1;
        }
    }

    for (start, end) in bidi_controls(s) {
        push(FindingKind::BidiControl, start, end, Detail::Bidi);
    }

    out.sort_by_key(|f| (f.start, f.kind));
    out
}

/// Parse `s` as a URI reference and [`lint`] it.
///
/// ```
/// let findings = urikit::security::lint_str("http://127.1/")?;
/// assert_eq!(findings[0].kind().name(), "ipv4-nonstandard");
/// assert!(urikit::security::lint_str("http://a b/").is_err());
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn lint_str(s: &str) -> Result<Vec<Finding>, ParseError> {
    UriRef::parse(s).map(lint)
}

/// Whether a userinfo password part counts as a secret: not empty, and not
/// the public `anonymous`.
fn hides_password(pw: &str) -> bool {
    !pw.is_empty() && !pw.eq_ignore_ascii_case("anonymous")
}

/// Schemes a misleading userinfo may start with.
const KNOWN_SCHEMES: &[&str] = &[
    "data",
    "file",
    "ftp",
    "ftps",
    "gopher",
    "http",
    "https",
    "irc",
    "javascript",
    "ldap",
    "mailto",
    "news",
    "nntp",
    "sftp",
    "ssh",
    "telnet",
    "ws",
    "wss",
];

/// 7.6: a `.` or `/`, plain or encoded, or a known scheme and `:` (plain or
/// encoded) at the start.
fn looks_like_host_or_uri(ui: &str) -> bool {
    let b = ui.as_bytes();
    if b.contains(&b'.') || b.contains(&b'/') {
        return true;
    }
    if triplets(ui).any(|(_, o)| o == b'.' || o == b'/') {
        return true;
    }
    KNOWN_SCHEMES.iter().any(|scheme| {
        let n = scheme.len();
        b.len() > n
            && b[..n].eq_ignore_ascii_case(scheme.as_bytes())
            && (b[n] == b':' || triplet_at(b, n) == Some(b':'))
    })
}

/// The octet of a valid `%XX` at `i`.
fn triplet_at(b: &[u8], i: usize) -> Option<u8> {
    if b.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*b.get(i + 1)?)?;
    let lo = hex_value(*b.get(i + 2)?)?;
    Some(hi << 4 | lo)
}

/// Every `%XX` in `s`: its index and octet.
fn triplets(s: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    let b = s.as_bytes();
    b.iter()
        .enumerate()
        .filter(|(_, &c)| c == b'%')
        .filter_map(move |(i, _)| triplet_at(b, i).map(|o| (i, o)))
}

/// Percent-decoding on the fly, without a buffer.
struct Decode<'a>(core::slice::Iter<'a, u8>);

impl Iterator for Decode<'_> {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        let b = *self.0.next()?;
        if b == b'%' {
            let rest = self.0.as_slice();
            if let (Some(&h), Some(&l)) = (rest.first(), rest.get(1)) {
                if let (Some(h), Some(l)) = (hex_value(h), hex_value(l)) {
                    self.0.nth(1);
                    return Some(h << 4 | l);
                }
            }
        }
        Some(b)
    }
}

/// Whether the decoded segment is `.` or `..`.
fn is_dots(mut it: impl Iterator<Item = u8>) -> bool {
    matches!(
        (it.next(), it.next(), it.next()),
        (Some(b'.'), None, _) | (Some(b'.'), Some(b'.'), None)
    )
}

/// A UTF-8 check over a byte iterator (RFC 3629: no overlongs, no
/// surrogates, nothing above U+10FFFF).
fn utf8_valid(it: impl Iterator<Item = u8>) -> bool {
    let mut need = 0u8;
    let (mut lo, mut hi) = (0x80u8, 0xBFu8);
    for b in it {
        if need == 0 {
            match b {
                0x00..=0x7F => {}
                0xC2..=0xDF => need = 1,
                0xE0 => (need, lo) = (2, 0xA0),
                0xE1..=0xEC | 0xEE..=0xEF => need = 2,
                0xED => (need, hi) = (2, 0x9F),
                0xF0 => (need, lo) = (3, 0x90),
                0xF1..=0xF3 => need = 3,
                0xF4 => (need, hi) = (3, 0x8F),
                _ => return false,
            }
        } else {
            if b < lo || b > hi {
                return false;
            }
            (lo, hi) = (0x80, 0xBF);
            need -= 1;
        }
    }
    need == 0
}

/// What `inet_aton` (and the WHATWG URL host parser) makes of a host:
/// one to four dot-separated parts, each decimal, octal after a leading `0`,
/// or hexadecimal after `0x`; every part but the last is one byte, and the
/// last fills the remaining bytes; a value too large for its place rejects
/// the whole. The host is percent-decoded first, and one trailing dot is
/// allowed (as browsers do). `0x` with no digits is 0.
///
/// Dotted-decimal `IPv4address` hosts never get here: the parser classifies
/// them as IPv4 (3.2.2).
pub(crate) fn inet_aton(host: &str) -> Option<Ipv4Addr> {
    let mut parts = [0u32; 4];
    let mut n = 0;
    let mut it = Decode(host.as_bytes().iter()).peekable();
    loop {
        let first = *it.peek()?;
        if !first.is_ascii_digit() {
            return None;
        }
        let mut radix = 10;
        if first == b'0' {
            it.next();
            radix = 8;
            if matches!(it.peek(), Some(b'x' | b'X')) {
                it.next();
                radix = 16;
            }
        }
        let mut value: u32 = 0;
        while let Some(&c) = it.peek() {
            let Some(d) = (c as char).to_digit(radix) else {
                break;
            };
            value = value.checked_mul(radix)?.checked_add(d)?;
            it.next();
        }
        if n == 4 {
            return None;
        }
        parts[n] = value;
        n += 1;
        match it.next() {
            None => break,
            Some(b'.') => {
                if it.peek().is_none() {
                    // One trailing dot.
                    break;
                }
            }
            Some(_) => return None,
        }
    }
    let last = parts[n - 1];
    let mut addr: u32 = 0;
    for (i, &p) in parts[..n - 1].iter().enumerate() {
        if p > 255 {
            return None;
        }
        addr |= p << (24 - 8 * i);
    }
    let room = 8 * (5 - n as u32);
    if room < 32 && last >> room != 0 {
        return None;
    }
    Some(Ipv4Addr::from(addr | last))
}

/// The default port of a scheme, for `port-mismatch`: the scheme table of
/// scheme-based normalization.
fn default_port(scheme: &str) -> Option<u16> {
    crate::normalize::scheme_info(scheme).and_then(|s| s.get_default_port())
}

/// The text put in place of a password by [`mask_credentials`].
///
/// ```
/// let uri = urikit::Uri::parse("ftp://u:pw@h/")?;
/// let masked = urikit::security::mask_credentials(uri).to_string();
/// assert_eq!(masked, format!("ftp://u:{}@h/", urikit::security::MASK));
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub const MASK: &str = "****";

/// A display form of a URI reference with the password hidden: everything
/// after the first `:` of the userinfo becomes [`MASK`], unless that part
/// is empty or `anonymous` (7.5). Writing it does not allocate.
///
/// ```
/// use urikit::{security::mask_credentials, Uri};
/// let uri = Uri::parse("ftp://fred:s3cr3t@ftp.example.com/pub")?;
/// assert_eq!(mask_credentials(uri).to_string(), "ftp://fred:****@ftp.example.com/pub");
/// let anon = Uri::parse("ftp://anonymous:anonymous@ftp.example.com/")?;
/// assert_eq!(mask_credentials(anon).to_string(), anon.as_str());
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn mask_credentials<'a>(uri: impl Into<UriRef<'a>>) -> MaskedCredentials<'a> {
    let uri = uri.into();
    let s = uri.as_text();
    let hide = uri.userinfo().and_then(|ui| {
        let colon = ui.find(':')?;
        let pw = &ui[colon + 1..];
        hides_password(pw).then(|| {
            let start = offset(s, ui) + colon + 1;
            (start, start + pw.len())
        })
    });
    MaskedCredentials { text: s, hide }
}

/// The value of [`mask_credentials`]; see there.
///
/// ```
/// let uri = urikit::Uri::parse("http://u:p@h/")?;
/// let masked = urikit::security::mask_credentials(uri);
/// assert!(masked.is_masked());
/// assert_eq!(format!("{masked}"), "http://u:****@h/");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaskedCredentials<'a> {
    text: &'a str,
    hide: Option<(usize, usize)>,
}

impl MaskedCredentials<'_> {
    /// Whether anything is hidden.
    ///
    /// ```
    /// let uri = urikit::Uri::parse("http://u@h/")?;
    /// assert!(!urikit::security::mask_credentials(uri).is_masked());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_masked(&self) -> bool {
        self.hide.is_some()
    }
}

impl fmt::Display for MaskedCredentials<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hide {
            Some((start, end)) => {
                f.write_str(self.text.get(..start).unwrap_or(""))?;
                f.write_str(MASK)?;
                f.write_str(self.text.get(end..).unwrap_or(""))
            }
            None => f.write_str(self.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inet_aton_forms() {
        let a = |s| inet_aton(s);
        assert_eq!(a("127.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(a("0177.0.0.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(a("0x7f.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(a("2130706433"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(a("0x7f000001"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(a("127.0.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(a("1.2.3.4."), Some(Ipv4Addr::new(1, 2, 3, 4)));
        assert_eq!(a("0"), Some(Ipv4Addr::new(0, 0, 0, 0)));
        assert_eq!(a("0x"), Some(Ipv4Addr::new(0, 0, 0, 0)));
        assert_eq!(a("4294967295"), Some(Ipv4Addr::BROADCAST));
        assert_eq!(a("4294967296"), None);
        assert_eq!(a("1.16777216"), None);
        assert_eq!(a("1.16777215"), Some(Ipv4Addr::new(1, 255, 255, 255)));
        assert_eq!(a("256.1"), None);
        assert_eq!(a("1.2.3.256"), None);
        assert_eq!(a("1.2.3.4.5"), None);
        assert_eq!(a("08"), None);
        assert_eq!(a("1..2"), None);
        assert_eq!(a(".1"), None);
        assert_eq!(a("1.2."), Some(Ipv4Addr::new(1, 0, 0, 2)));
        assert_eq!(a("1.2.."), None);
        assert_eq!(a("example.com"), None);
        assert_eq!(a("1e3"), None);
        assert_eq!(a(""), None);
        assert_eq!(a("%31%32%37.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(a("99999999999999999999"), None);
    }

    #[test]
    fn utf8_checks() {
        assert!(utf8_valid("héllo €𝄞".bytes()));
        assert!(!utf8_valid([0xC0, 0x80].into_iter()));
        assert!(!utf8_valid([0xED, 0xA0, 0x80].into_iter()));
        assert!(!utf8_valid([0xE2, 0x82].into_iter()));
        assert!(!utf8_valid([0xF4, 0x90, 0x80, 0x80].into_iter()));
        assert!(!utf8_valid([0xFF].into_iter()));
    }
}
