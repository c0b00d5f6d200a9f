//! Scheme-based normalization (RFC 3986 section 6.2.3): what is known
//! about each scheme ([`SchemeInfo`], [`SCHEMES`]), and the port and the
//! lookup that use it.

use super::Normalizer;

/// What scheme-based normalization (6.2.3) knows about one scheme.
///
/// Build entries for your own schemes with the `const fn` methods and pass
/// them to [`Normalizer::schemes`].
///
/// ```
/// use urikit::normalize::{Level, Normalizer, SchemeInfo};
/// use urikit::Uri;
/// const MINE: &[SchemeInfo] = &[SchemeInfo::new("myproto").default_port(7000).empty_path_is_root(true)];
/// let n = Normalizer::new(Level::Scheme).schemes(MINE);
/// let uri = Uri::parse("MyProto://h:7000")?;
/// assert_eq!(n.normalize(&uri)?.to_string(), "myproto://h/");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SchemeInfo<'s> {
    pub(super) name: &'s str,
    pub(super) default_port: Option<u16>,
    pub(super) empty_path_is_root: bool,
    pub(super) default_host: Option<&'s str>,
}

impl<'s> SchemeInfo<'s> {
    /// An entry for the scheme `name` (matched case-insensitively), with no
    /// default port, no default host, and an empty path distinct from `/`.
    ///
    /// ```
    /// let s = urikit::normalize::SchemeInfo::new("x");
    /// assert_eq!(s.name(), "x");
    /// assert_eq!(s.get_default_port(), None);
    /// ```
    pub const fn new(name: &'s str) -> SchemeInfo<'s> {
        SchemeInfo {
            name,
            default_port: None,
            empty_path_is_root: false,
            default_host: None,
        }
    }

    /// The port that an authority without one means (3.2.3).
    ///
    /// ```
    /// let s = urikit::normalize::SchemeInfo::new("x").default_port(99);
    /// assert_eq!(s.get_default_port(), Some(99));
    /// ```
    #[must_use]
    pub const fn default_port(mut self, port: u16) -> SchemeInfo<'s> {
        self.default_port = Some(port);
        self
    }

    /// Whether an empty path after an authority means `/` (6.2.3).
    ///
    /// ```
    /// let s = urikit::normalize::SchemeInfo::new("x").empty_path_is_root(true);
    /// assert!(s.get_empty_path_is_root());
    /// ```
    #[must_use]
    pub const fn empty_path_is_root(mut self, yes: bool) -> SchemeInfo<'s> {
        self.empty_path_is_root = yes;
        self
    }

    /// A host (lowercase) that the empty authority stands for, as
    /// `localhost` for `file` (6.2.3, published text): such a host is
    /// normalized to the empty one, unless a userinfo or port is present.
    ///
    /// ```
    /// let s = urikit::normalize::SchemeInfo::new("x").default_host("localhost");
    /// assert_eq!(s.get_default_host(), Some("localhost"));
    /// ```
    #[must_use]
    pub const fn default_host(mut self, host: &'s str) -> SchemeInfo<'s> {
        self.default_host = Some(host);
        self
    }

    /// The scheme name as given.
    ///
    /// ```
    /// assert_eq!(urikit::normalize::scheme_info("HTTP").unwrap().name(), "http");
    /// ```
    pub const fn name(&self) -> &'s str {
        self.name
    }

    /// The default port, if any.
    ///
    /// ```
    /// assert_eq!(urikit::normalize::scheme_info("https").unwrap().get_default_port(), Some(443));
    /// ```
    pub const fn get_default_port(&self) -> Option<u16> {
        self.default_port
    }

    /// Whether an empty path after an authority means `/`.
    ///
    /// ```
    /// assert!(urikit::normalize::scheme_info("http").unwrap().get_empty_path_is_root());
    /// ```
    pub const fn get_empty_path_is_root(&self) -> bool {
        self.empty_path_is_root
    }

    /// The host that the empty authority stands for, if any.
    ///
    /// ```
    /// assert_eq!(urikit::normalize::scheme_info("file").unwrap().get_default_host(), Some("localhost"));
    /// ```
    pub const fn get_default_host(&self) -> Option<&'s str> {
        self.default_host
    }
}

pub(super) const fn s(name: &'static str) -> SchemeInfo<'static> {
    SchemeInfo::new(name)
}

/// The well-known schemes that scheme-based normalization knows, with each
/// one's default port and whether an empty path means `/` (where the
/// scheme's specification says so: RFC 9110 4.2.3 for http and https, RFC
/// 6455 3 for ws and wss, RFC 7252 6.3 for coap and coaps, RFC 4266 for
/// gopher, RFC 4248 for telnet, RFC 4516 for ldap, RFC 2326 for rtsp, RFC
/// 8089 for file).
///
/// sip and sips (RFC 3261) have default ports, but their URIs have no
/// authority, and 19.1.4 makes an explicit port significant: normalization
/// never touches them.
///
/// ```
/// use urikit::normalize::SCHEMES;
/// assert!(SCHEMES.iter().any(|s| s.name() == "wss" && s.get_default_port() == Some(443)));
/// ```
pub const SCHEMES: &[SchemeInfo<'static>] = &[
    s("http").default_port(80).empty_path_is_root(true),
    s("https").default_port(443).empty_path_is_root(true),
    s("ws").default_port(80).empty_path_is_root(true),
    s("wss").default_port(443).empty_path_is_root(true),
    s("ftp").default_port(21).empty_path_is_root(true),
    s("gopher").default_port(70).empty_path_is_root(true),
    s("telnet").default_port(23).empty_path_is_root(true),
    s("ldap").default_port(389).empty_path_is_root(true),
    s("ldaps").default_port(636).empty_path_is_root(true),
    s("nntp").default_port(119),
    s("news").default_port(119),
    s("ssh").default_port(22),
    s("sftp").default_port(22),
    s("git").default_port(9418),
    s("rtsp").default_port(554).empty_path_is_root(true),
    s("sip").default_port(5060),
    s("sips").default_port(5061),
    s("coap").default_port(5683).empty_path_is_root(true),
    s("coaps").default_port(5684).empty_path_is_root(true),
    s("file").empty_path_is_root(true).default_host("localhost"),
    // Further schemes with a registered default port; an empty path keeps
    // its own meaning for them (no rule makes it "/").
    s("acap").default_port(674),
    s("dict").default_port(2628),
    s("ftps").default_port(990),
    s("imap").default_port(143),
    s("imaps").default_port(993),
    s("ipp").default_port(631),
    s("ipps").default_port(631),
    s("irc").default_port(6667),
    s("ircs").default_port(6697),
    s("mqtt").default_port(1883),
    s("mqtts").default_port(8883),
    s("nntps").default_port(563),
    s("pop").default_port(110),
    s("pops").default_port(995),
    s("prospero").default_port(1525),
    s("redis").default_port(6379),
    s("rsync").default_port(873),
    s("rtsps").default_port(322),
    s("smb").default_port(445),
    s("snmp").default_port(161),
    s("svn").default_port(3690),
    s("tftp").default_port(69),
    s("vnc").default_port(5900),
    s("wais").default_port(210),
];

/// The entry of [`SCHEMES`] for `scheme`, matched case-insensitively.
///
/// ```
/// use urikit::normalize::scheme_info;
/// assert_eq!(scheme_info("FTP").and_then(|s| s.get_default_port()), Some(21));
/// assert!(scheme_info("mailto").is_none());
/// ```
pub fn scheme_info(scheme: &str) -> Option<&'static SchemeInfo<'static>> {
    SCHEMES.iter().find(|s| s.name.eq_ignore_ascii_case(scheme))
}

impl Normalizer<'_> {
    pub(super) fn lookup(&self, scheme: Option<&str>) -> Option<SchemeInfo<'_>> {
        if !self.scheme_based() {
            return None;
        }
        let scheme = scheme?;
        self.schemes
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(scheme))
            .copied()
            .or_else(|| scheme_info(scheme).copied())
    }

    /// The normal port: `None` for an absent or (in a URI) empty port or, with
    /// scheme-based normalization, the scheme's default; without leading
    /// zeros when scheme-based.
    pub(super) fn port<'p>(
        &self,
        port: Option<&'p str>,
        info: Option<&SchemeInfo<'_>>,
        is_uri: bool,
    ) -> Option<&'p str> {
        let p = port?;
        if !is_uri {
            return Some(p);
        }
        if p.is_empty() {
            return None;
        }
        if !self.scheme_based() {
            return Some(p);
        }
        let trimmed = p.trim_start_matches('0');
        let p = if trimmed.is_empty() {
            &p[p.len() - 1..]
        } else {
            trimmed
        };
        match info.and_then(|i| i.default_port) {
            Some(d) if p.len() <= 5 && p.parse::<u32>().ok() == Some(u32::from(d)) => None,
            _ => Some(p),
        }
    }
}
