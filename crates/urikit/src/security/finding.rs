//! What [`lint`](super::lint) reports: the kinds, the findings and their
//! one-line explanations.

use core::fmt;
use core::net::Ipv4Addr;

use crate::Component;

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
    /// `non-ascii-host`: percent-encoded octets above 0x7F in a reg-name:
    /// an internationalized name (UTF-8) or no name at all (3.2.2).
    NonAsciiHost,
    /// `encoded-host`: a reg-name with percent-encoded ASCII only
    /// (`ex%61mple.com`): decoded, it is a plain name spelled differently,
    /// which a filter comparing the text does not see (3.2.2, 6.2.2.2).
    EncodedHost,
    /// `script-scheme`: a `javascript:` or `vbscript:` URI, or a `data:`
    /// URI of media type `text/html` (schemes compared case-insensitively,
    /// the media type too, parameters allowed): following it runs script,
    /// the payload of XSS and open-redirect attacks.
    ScriptScheme,
    /// `ipv6-mapped-internal`: an IPv4-mapped (`::ffff:a.b.c.d`, or in hex
    /// `::ffff:7f00:1`) or IPv4-compatible (`::a.b.c.d`) IPv6 literal whose
    /// IPv4 address is loopback, private, link-local or unspecified: a
    /// check of IPv4 addresses alone misses that it reaches an internal
    /// host (7.4). `[::]` and `[::1]` are IPv6's own unspecified and
    /// loopback addresses, not IPv4-compatible ones.
    Ipv6MappedInternal,
    /// `zone-id`: an IPv6 zone identifier (read only with
    /// [`crate::ParseOptions`]); RFC 9844 deprecates zones in URIs.
    ZoneId,
    /// `bidi-control`: a character of Unicode's `Bidi_Control` property
    /// (ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, and the isolates LRI, RLI,
    /// FSI, PDI), raw in an IRI or percent-encoded as UTF-8. RFC 3987 4.1
    /// forbids the ones it knew (it predates the isolates); all of them can
    /// reorder what a reader sees (Trojan Source, CVE-2021-42574). The
    /// message names the character.
    BidiControl,
    /// `deceptive-host`: a host label that can pass for another name by
    /// the rules of UTS #39: it mixes scripts (`pаypal` with a Cyrillic
    /// `а`), or every character of it has an ASCII look-alike (`аррӏе`,
    /// all Cyrillic). Raw, percent-encoded and A-labels are looked at; an
    /// A-label over 63 octets, no DNS label, is not decoded (`long-host`
    /// reports it).
    /// Raised only with the `uts39` feature (see `security/deceptive.rs`).
    DeceptiveHost,
}

impl FindingKind {
    /// Every kind, in order.
    ///
    /// ```
    /// assert_eq!(urikit::security::FindingKind::ALL.len(), 16);
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
        FindingKind::EncodedHost,
        FindingKind::ScriptScheme,
        FindingKind::Ipv6MappedInternal,
        FindingKind::ZoneId,
        FindingKind::BidiControl,
        FindingKind::DeceptiveHost,
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
            FindingKind::EncodedHost => "encoded-host",
            FindingKind::ScriptScheme => "script-scheme",
            FindingKind::Ipv6MappedInternal => "ipv6-mapped-internal",
            FindingKind::ZoneId => "zone-id",
            FindingKind::BidiControl => "bidi-control",
            FindingKind::DeceptiveHost => "deceptive-host",
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
pub(super) enum Detail {
    Password,
    Userinfo,
    Ipv4 {
        addr: Ipv4Addr,
    },
    Port {
        port: u16,
        default: u16,
    },
    Control {
        octet: u8,
        component: Component,
    },
    Delimiter {
        octet: u8,
    },
    EncodedDots,
    Dots {
        two: bool,
    },
    IpvFuture,
    HostLen {
        len: usize,
    },
    LabelLen {
        len: usize,
    },
    /// Percent-encoded octets in a reg-name: all ASCII, or UTF-8 or not.
    Encoded {
        ascii: bool,
        utf8: bool,
    },
    /// A script scheme: `javascript`, `vbscript`, or `data` with HTML.
    Script {
        scheme: ScriptScheme,
    },
    /// An IPv6 literal that embeds an internal IPv4 address.
    Mapped {
        addr: Ipv4Addr,
        compatible: bool,
        range: &'static str,
    },
    Zone,
    /// Which bidi control character.
    Bidi(char),
    /// A deceptive host label (the `uts39` feature).
    #[cfg(feature = "uts39")]
    Deceptive(super::deceptive::Deception),
}

/// Which script scheme a `script-scheme` finding found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum ScriptScheme {
    JavaScript,
    VbScript,
    DataHtml,
}

/// One hazard found by [`lint`](super::lint): its kind, the byte span in the URI it
/// concerns, and (through `Display`) a one-line explanation.
///
/// ```
/// use urikit::{security::{lint, FindingKind}, Uri};
/// let uri = Uri::parse("http://example.com:25/")?;
/// let f = lint(uri)?[0];
/// assert_eq!(f.kind(), FindingKind::PortMismatch);
/// assert_eq!(&uri.as_str()[f.span()], "25");
/// assert_eq!(f.to_string(), "port 25 is a well-known port and not the scheme's default 80: another service may answer (7.2)");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    pub(super) kind: FindingKind,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) detail: Detail,
}

impl Finding {
    /// The kind.
    ///
    /// ```
    /// let f = urikit::security::lint("http://[v1.x]/")?[0];
    /// assert_eq!(f.kind().name(), "ipvfuture");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn kind(&self) -> FindingKind {
        self.kind
    }

    /// The byte offset where the concerned text starts in the URI.
    ///
    /// ```
    /// let f = urikit::security::lint("http://u:pw@h/")?[0];
    /// assert_eq!(f.start(), 9);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte offset just after the concerned text.
    ///
    /// ```
    /// let f = urikit::security::lint("http://u:pw@h/")?[0];
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
    /// let f = urikit::security::lint(uri)?[0];
    /// assert_eq!(&uri.as_str()[f.span()], "..");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn span(&self) -> core::ops::Range<usize> {
        self.start..self.end
    }

    /// For `ipv4-nonstandard` and `ipv6-mapped-internal`, the IPv4 address
    /// the host would reach.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// let f = urikit::security::lint("http://0x7f.1/")?[0];
    /// assert_eq!(f.ipv4(), Some(Ipv4Addr::new(127, 0, 0, 1)));
    /// let f = urikit::security::lint("http://[::ffff:a00:1]/")?[0];
    /// assert_eq!(f.ipv4(), Some(Ipv4Addr::new(10, 0, 0, 1)));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        match self.detail {
            Detail::Ipv4 { addr } | Detail::Mapped { addr, .. } => Some(addr),
            _ => None,
        }
    }
}

pub(super) fn octet_name(b: u8) -> &'static str {
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
                "percent-encoded ASCII in the host: decoded, it is a plain name spelled another way, which a filter comparing the text does not recognise (3.2.2, 6.2.2.2)",
            ),
            Detail::Encoded { utf8: true, .. } => f.write_str(
                "percent-encoded UTF-8 in the host: an internationalized name, which must go through IDNA (3.2.2)",
            ),
            Detail::Encoded { .. } => f.write_str(
                "percent-encoded octets in the host that are not UTF-8: no IDNA form exists (3.2.2)",
            ),
            Detail::Script { scheme } => f.write_str(match scheme {
                ScriptScheme::JavaScript => {
                    "javascript: URI: following it runs script in the page that holds the link (XSS)"
                }
                ScriptScheme::VbScript => {
                    "vbscript: URI: following it runs script in the page that holds the link (XSS)"
                }
                ScriptScheme::DataHtml => {
                    "data: URI holding an HTML document: opening it can run script (XSS)"
                }
            }),
            Detail::Mapped {
                addr,
                compatible,
                range,
            } => write!(
                f,
                "host is an IPv4-{} IPv6 address: it reaches the {range} IPv4 address {addr}, which a check of IPv4 addresses alone misses (7.4)",
                if compatible { "compatible" } else { "mapped" }

            ),
            Detail::Zone => f.write_str(
                "an IPv6 zone identifier: a local matter of one host, deprecated in URIs (RFC 9844)",
            ),
            Detail::Bidi(c) => write!(
                f,
                "bidi control character U+{:04X} ({}), which can reorder what a reader sees (RFC 3987 4.1, Trojan Source)",
                u32::from(c),
                crate::chars::bidi_control_name(c).unwrap_or("?")
            ),
            #[cfg(feature = "uts39")]
            Detail::Deceptive(d) => d.fmt(f),
        }
    }
}
