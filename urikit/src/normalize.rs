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
//! [`Normalizer::scheme_based`]: for the schemes of [`SCHEMES`] and your own
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

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::chars::{hex_value, UNRESERVED};
use crate::host::{parse_ipv4, Host, HostKind};
use crate::parse::{Meta, NONE};
use crate::uri::{Uri, UriBuf, UriRef, UriRefBuf};

/// What scheme-based normalization (6.2.3) knows about one scheme.
///
/// Build entries for your own schemes with the `const fn` methods and pass
/// them to [`Normalizer::schemes`].
///
/// ```
/// use urikit::normalize::{Normalizer, SchemeInfo};
/// use urikit::Uri;
/// const MINE: &[SchemeInfo] = &[SchemeInfo::new("myproto").default_port(7000).empty_path_is_root(true)];
/// let n = Normalizer::new().scheme_based(true).schemes(MINE);
/// let uri = Uri::parse("MyProto://h:7000")?;
/// assert_eq!(n.normalize(uri).to_string(), "myproto://h/");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SchemeInfo<'s> {
    name: &'s str,
    default_port: Option<u16>,
    empty_path_is_root: bool,
    default_host: Option<&'s str>,
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

const fn s(name: &'static str) -> SchemeInfo<'static> {
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

/// Normalization options: syntax-based by default, scheme-based and the
/// RFC 5952 IPv6 form on request.
///
/// ```
/// use urikit::{normalize::Normalizer, Uri};
/// let uri = Uri::parse("HTTP://[2001:DB8:0:0::1]:80")?;
/// assert_eq!(Normalizer::new().normalize(uri).to_string(), "http://[2001:db8:0:0::1]:80");
/// let n = Normalizer::new().scheme_based(true).ipv6_canonical(true);
/// assert_eq!(n.normalize(uri).to_string(), "http://[2001:db8::1]/");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[must_use]
pub struct Normalizer<'s> {
    scheme_based: bool,
    ipv6_canonical: bool,
    schemes: &'s [SchemeInfo<'s>],
}

impl<'s> Normalizer<'s> {
    /// Syntax-based normalization (6.2.2) only.
    ///
    /// ```
    /// let n = urikit::normalize::Normalizer::new();
    /// assert_eq!(n.normalize(urikit::Uri::parse("http://a:80/")?).to_string(), "http://a:80/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn new() -> Normalizer<'static> {
        Normalizer {
            scheme_based: false,
            ipv6_canonical: false,
            schemes: &[],
        }
    }

    /// Add scheme-based normalization (6.2.3) for the schemes of
    /// [`SCHEMES`] and of [`Normalizer::schemes`]. It applies to URIs only:
    /// a relative reference has no scheme.
    ///
    /// ```
    /// use urikit::{normalize::Normalizer, Uri};
    /// let n = Normalizer::new().scheme_based(true);
    /// for s in ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"] {
    ///     assert_eq!(n.normalize(Uri::parse(s)?).to_string(), "http://example.com/");
    /// }
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn scheme_based(mut self, yes: bool) -> Normalizer<'s> {
        self.scheme_based = yes;
        self
    }

    /// Write IPv6 hosts in the RFC 5952 text form: lowercase, no leading
    /// zeros, the longest run of two or more zero groups as `::` (the first
    /// of equal runs), and the dotted IPv4 tail for IPv4-mapped addresses.
    ///
    /// ```
    /// use urikit::{normalize::Normalizer, Uri};
    /// let n = Normalizer::new().ipv6_canonical(true);
    /// let uri = Uri::parse("http://[2001:0DB8:0:0:1:0:0:1]/")?;
    /// assert_eq!(n.normalize(uri).to_string(), "http://[2001:db8::1:0:0:1]/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn ipv6_canonical(mut self, yes: bool) -> Normalizer<'s> {
        self.ipv6_canonical = yes;
        self
    }

    /// The caller's own scheme entries, looked up before [`SCHEMES`] (so
    /// they can also override a built-in entry). They matter only with
    /// [`Normalizer::scheme_based`].
    ///
    /// ```
    /// use urikit::{normalize::{Normalizer, SchemeInfo}, Uri};
    /// let mine = [SchemeInfo::new("http")]; // no default port, for this caller
    /// let n = Normalizer::new().scheme_based(true).schemes(&mine);
    /// assert_eq!(n.normalize(Uri::parse("http://a:80/")?).to_string(), "http://a:80/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn schemes<'t>(self, schemes: &'t [SchemeInfo<'t>]) -> Normalizer<'t>
    where
        's: 't,
    {
        Normalizer {
            scheme_based: self.scheme_based,
            ipv6_canonical: self.ipv6_canonical,
            schemes,
        }
    }

    /// Whether scheme-based normalization is on.
    ///
    /// ```
    /// assert!(!urikit::normalize::Normalizer::new().is_scheme_based());
    /// ```
    pub const fn is_scheme_based(&self) -> bool {
        self.scheme_based
    }

    fn lookup(&self, scheme: Option<&str>) -> Option<SchemeInfo<'_>> {
        if !self.scheme_based {
            return None;
        }
        let scheme = scheme?;
        self.schemes
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(scheme))
            .copied()
            .or_else(|| scheme_info(scheme).copied())
    }

    /// Normalize a URI or relative reference. The result borrows the input
    /// when it is already normal.
    ///
    /// ```
    /// use urikit::{normalize::Normalizer, UriRef};
    /// let n = Normalizer::new();
    /// assert_eq!(n.normalize(UriRef::parse("HTTP://A/%7e/./x")?).as_str(), "http://a/~/x");
    /// // A relative reference keeps its dot segments.
    /// assert_eq!(n.normalize(UriRef::parse("./%7e/../x")?).as_str(), "./~/../x");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn normalize<'a>(&self, r: impl Into<UriRef<'a>>) -> Normalized<'a> {
        let r = r.into();
        if self.is_normalized(r) {
            return Normalized {
                text: Cow::Borrowed(r.as_text()),
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
        let m = self.write(r, &mut out);
        let out = String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        Normalized {
            text: Cow::Owned(out),
            m,
        }
    }

    /// Whether normalizing `r` would leave it unchanged. Never allocates.
    ///
    /// ```
    /// use urikit::{normalize::Normalizer, UriRef};
    /// let n = Normalizer::new();
    /// assert!(n.is_normalized(UriRef::parse("http://a/b?#")?));
    /// assert!(!n.is_normalized(UriRef::parse("http://a/b/../c")?));
    /// assert!(!n.is_normalized(UriRef::parse("http://a/%7e")?));
    /// assert!(n.is_normalized(UriRef::parse("../c")?));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_normalized<'a>(&self, r: impl Into<UriRef<'a>>) -> bool {
        let r = r.into();
        let scheme = r.scheme();
        let is_uri = scheme.is_some();
        if scheme.is_some_and(|s| s.bytes().any(|b| b.is_ascii_uppercase())) {
            return false;
        }
        let info = self.lookup(scheme);
        if let Some(host) = r.host() {
            let userinfo = r.userinfo();
            if userinfo.is_some_and(|u| !pct_is_normal(u.as_bytes(), false)) {
                return false;
            }
            if !self.host_is_normal(host) {
                return false;
            }
            let port = self.port(r.port(), info.as_ref(), is_uri);
            if port != r.port() {
                return false;
            }
            if let Some(dh) = info.and_then(|i| i.default_host) {
                if userinfo.is_none() && port.is_none() && host.as_str() == dh {
                    return false;
                }
            }
        }
        let path = r.path();
        if !pct_is_normal(path.as_bytes(), false) {
            return false;
        }
        if is_uri {
            let checked = if !r.has_authority() && path.starts_with("/.//") {
                // The "/." written before a path that would otherwise start
                // with "//" (see `write_path`).
                &path[2..]
            } else {
                path
            };
            if has_dot_segments(checked) {
                return false;
            }
            if path.is_empty() && r.has_authority() && info.is_some_and(|i| i.empty_path_is_root) {
                return false;
            }
        }
        r.query()
            .map_or(true, |q| pct_is_normal(q.as_bytes(), false))
            && r.fragment()
                .map_or(true, |f| pct_is_normal(f.as_bytes(), false))
    }

    fn host_is_normal(&self, host: Host<'_>) -> bool {
        let text = host.as_str();
        match host.kind() {
            HostKind::RegName => pct_is_normal(text.as_bytes(), true),
            HostKind::Ipv4 => true,
            HostKind::Ipv6 if self.ipv6_canonical => match host.ipv6() {
                Some(addr) => {
                    let mut m = Matcher {
                        rest: text.as_bytes(),
                        ok: true,
                    };
                    let _ = fmt::write(&mut m, format_args!("[{addr}]"));
                    m.ok && m.rest.is_empty()
                }
                None => true,
            },
            HostKind::Ipv6 | HostKind::IpvFuture => !text.bytes().any(|b| b.is_ascii_uppercase()),
        }
    }

    /// The normal port: `None` for an absent or (in a URI) empty port or, with
    /// scheme-based normalization, the scheme's default; without leading
    /// zeros when scheme-based.
    fn port<'p>(
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
        if !self.scheme_based {
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

    /// Write the normal form of `r` to `out`, returning its offsets.
    ///
    /// One pass over the input: what is already normal is copied in whole
    /// runs, and only the bytes that change are written one by one.
    fn write(&self, r: &UriRef<'_>, out: &mut Vec<u8>) -> Meta {
        let s = r.as_text().as_bytes();
        let im = r.meta();
        let mut w = Writer { s, run: 0, out };
        let mut m = Meta::EMPTY;
        let scheme = r.scheme();
        let is_uri = scheme.is_some();
        let info = self.lookup(scheme);
        if let Some(scheme) = scheme {
            w.lower(0, scheme.len());
            m.scheme_end = w.pos(scheme.len());
        }
        if let Some(host) = r.host() {
            let (hs, he) = (im.host_start as usize, im.host_end as usize);
            m.auth_start = w.pos(im.auth_start as usize);
            let userinfo = r.userinfo();
            if userinfo.is_some() {
                w.pct::<false>(im.auth_start as usize, hs - 1);
            }
            let host_out = w.pos(hs);
            m.host_start = host_out;
            m.host_kind = self.write_host(&mut w, host, hs, he);
            let port = self.port(r.port(), info.as_ref(), is_uri);
            if let Some(dh) = info.and_then(|i| i.default_host) {
                if userinfo.is_none() && port.is_none() {
                    w.flush(he);
                    if w.out.get(host_out as usize..) == Some(dh.as_bytes()) {
                        w.out.truncate(host_out as usize);
                        m.host_kind = HostKind::RegName;
                    }
                }
            }
            m.host_end = w.pos(he);
            let ps = im.path_start as usize;
            match (r.port(), port) {
                // Drop the ":" too.
                (Some(_), None) => w.skip(he, ps),
                // Drop leading zeros.
                (Some(p), Some(q)) if q.len() < p.len() => w.skip(ps - p.len(), ps - q.len()),
                _ => {}
            }
        }
        let (ps, pe) = (im.path_start as usize, im.path_end as usize);
        m.path_start = w.pos(ps);
        if is_uri {
            let p0 = m.path_start as usize;
            let dots_removed = w.path_without_dots(ps, pe);
            if r.has_authority() {
                if ps == pe && info.is_some_and(|i| i.empty_path_is_root) {
                    w.flush(pe);
                    w.out.push(b'/');
                }
            } else if dots_removed {
                // Without an authority a path cannot start with "//" (3.3),
                // and removing dot segments can leave one that does
                // ("s:/.//a"): keep "/." before it so the output names the
                // same path and still parses.
                w.flush(pe);
                if w.out.get(p0..).is_some_and(|p| p.starts_with(b"//")) {
                    w.out.splice(p0..p0, *b"/.");
                }
            }
        } else {
            w.pct::<false>(ps, pe);
        }
        m.path_end = w.pos(pe);
        if im.query_start != NONE {
            let qs = im.query_start as usize;
            m.query_start = w.pos(qs);
            let qe = if im.fragment_start != NONE {
                im.fragment_start as usize
            } else {
                s.len()
            };
            w.pct::<false>(qs + 1, qe);
        }
        if im.fragment_start != NONE {
            let fs = im.fragment_start as usize;
            m.fragment_start = w.pos(fs);
            w.pct::<false>(fs + 1, s.len());
        }
        w.flush(s.len());
        m
    }

    /// Write the host `s[hs..he]`, returning its kind.
    fn write_host(&self, w: &mut Writer<'_, '_>, host: Host<'_>, hs: usize, he: usize) -> HostKind {
        match host.kind() {
            HostKind::RegName => {
                let start = w.pos(hs) as usize;
                if !w.pct::<true>(hs, he) {
                    return HostKind::RegName;
                }
                // Decoding can turn a reg-name into an IPv4 address
                // ("%31.2.3.4"), which then counts as one (3.2.2).
                w.flush(he);
                let text = w.out.get(start..).unwrap_or_default();
                if text.len() <= 15 && parse_ipv4(text).is_some() {
                    return HostKind::Ipv4;
                }
                HostKind::RegName
            }
            HostKind::Ipv6 if self.ipv6_canonical => {
                match host.ipv6() {
                    Some(addr) => {
                        w.flush(hs);
                        let _ = fmt::write(&mut Bytes(w.out), format_args!("[{addr}]"));
                        w.run = he;
                    }
                    None => w.lower(hs, he),
                }
                HostKind::Ipv6
            }
            kind => {
                w.lower(hs, he);
                kind
            }
        }
    }
}

/// The output of [`Normalizer::write`]: the input `s` is copied in runs,
/// and `s[run..]` is the part not yet copied nor replaced.
struct Writer<'a, 'o> {
    s: &'a [u8],
    run: usize,
    out: &'o mut Vec<u8>,
}

/// `fmt::Write` for the bytes of [`Writer`].
struct Bytes<'o>(&'o mut Vec<u8>);

impl fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

impl Writer<'_, '_> {
    /// The output offset of input offset `i`, for an `i` at or after `run`
    /// with nothing to change between them.
    #[inline]
    fn pos(&self, i: usize) -> u32 {
        off(self.out.len() + i.saturating_sub(self.run))
    }

    /// Copy the input up to `i`.
    #[inline]
    fn flush(&mut self, i: usize) {
        if i > self.run {
            self.out
                .extend_from_slice(self.s.get(self.run..i).unwrap_or_default());
            self.run = i;
        }
    }

    /// Copy the input up to `i` and leave out `s[i..j]`.
    #[inline]
    fn skip(&mut self, i: usize, j: usize) {
        self.flush(i);
        self.run = j;
    }

    /// Lowercase `s[from..to]`.
    fn lower(&mut self, from: usize, to: usize) {
        let b = self.s.get(from..to).unwrap_or_default();
        if let Some(k) = b.iter().position(u8::is_ascii_uppercase) {
            let start = self.pos(from + k) as usize;
            self.flush(to);
            if let Some(t) = self.out.get_mut(start..) {
                t.make_ascii_lowercase();
            }
        }
    }

    /// Normalize the percent-encodings of `s[from..to]` (uppercase hex,
    /// unreserved decoded) and, when `LOWER`, lowercase its letters (a
    /// decoded one too). Returns whether it held a percent-encoding.
    #[inline]
    fn pct<const LOWER: bool>(&mut self, from: usize, to: usize) -> bool {
        let b = self.s.get(..to).unwrap_or_default();
        let mut i = from;
        let mut had = false;
        while let Some(k) = b.get(i..).and_then(|r| {
            r.iter()
                .position(|&c| c == b'%' || (LOWER && c.is_ascii_uppercase()))
        }) {
            i += k;
            if b[i] == b'%' {
                had = true;
                i = self.triplet::<LOWER>(b, i);
            } else {
                self.flush(i);
                self.out.push(b[i].to_ascii_lowercase());
                i += 1;
                self.run = i;
            }
        }
        had
    }

    /// Normalize the percent-encoding at `b[i]`, returning where it ends.
    #[inline(always)]
    fn triplet<const LOWER: bool>(&mut self, b: &[u8], i: usize) -> usize {
        let (Some(&h), Some(&l)) = (b.get(i + 1), b.get(i + 2)) else {
            return i + 1; // not a triplet (the parser lets none through)
        };
        let (Some(hv), Some(lv)) = (hex_value(h), hex_value(l)) else {
            return i + 1;
        };
        let v = (hv << 4) | lv;
        if UNRESERVED.contains(v) {
            self.flush(i);
            self.out
                .push(if LOWER { v.to_ascii_lowercase() } else { v });
            self.run = i + 3;
        } else if h.is_ascii_lowercase() || l.is_ascii_lowercase() {
            // Copied with the run, then uppercased where it landed.
            self.flush(i + 3);
            if let [.., h, l] = self.out.as_mut_slice() {
                h.make_ascii_uppercase();
                l.make_ascii_uppercase();
            }
        }
        i + 3
    }

    /// Normalize the percent-encodings of a URI's path `s[from..to]` and
    /// remove its dot segments (5.2.4) on the way, returning whether there
    /// were any. The dot segments are recognized in the input, `%2E` as a
    /// dot, and each one acts on the output written so far:
    /// - at the start of a rootless path, `.` and `..` are dropped with the
    ///   `/` after them (steps A and D);
    /// - elsewhere, `/.` and `/..` are dropped, `..` also drops the last
    ///   output segment, and at the end of the path a `/` stays (B, C).
    fn path_without_dots(&mut self, from: usize, to: usize) -> bool {
        let b = self.s.get(..to).unwrap_or_default();
        let p0 = self.pos(from) as usize;
        let mut removed = false;
        let mut i = from;
        if b.get(i) != Some(&b'/') {
            while let Some((_, end)) = dot_segment(b, i) {
                removed = true;
                self.skip(i, to.min(end + 1));
                i = self.run;
            }
        }
        while let Some(k) = b
            .get(i..)
            .and_then(|r| r.iter().position(|&c| c == b'%' || c == b'/'))
        {
            i += k;
            if b[i] == b'%' {
                i = self.triplet::<false>(b, i);
                continue;
            }
            // Most segments start with neither "." nor "%2": skip those
            // without a call.
            let maybe_dot = match b.get(i + 1) {
                Some(b'.') => true,
                Some(b'%') => b.get(i + 2) == Some(&b'2'),
                _ => false,
            };
            let Some((double, end)) = maybe_dot.then(|| dot_segment(b, i + 1)).flatten() else {
                i += 1;
                continue;
            };
            removed = true;
            self.flush(i);
            if double {
                // The last segment is short: a plain loop beats memrchr.
                let out = self.out.get(p0..).unwrap_or_default();
                let last = out.iter().rposition(|&c| c == b'/');
                self.out.truncate(last.map_or(p0, |k| p0 + k));
            }
            if end == to {
                self.out.push(b'/');
            }
            // The "/" at `end`, if any, starts the next segment.
            self.run = end;
            i = end;
        }
        removed
    }
}

/// Whether the path segment starting at `b[i]` is `.` or `..`, with each
/// dot possibly written `%2E`: `Some((is_double, end))`.
#[inline]
fn dot_segment(b: &[u8], mut i: usize) -> Option<(bool, usize)> {
    let mut dots = 0;
    loop {
        match b.get(i..) {
            Some([b'.', ..]) => i += 1,
            Some([b'%', b'2', b'e' | b'E', ..]) => i += 3,
            Some([] | [b'/', ..]) | None => break,
            Some(_) => return None,
        }
        dots += 1;
        if dots > 2 {
            return None;
        }
    }
    match dots {
        1 => Some((false, i)),
        2 => Some((true, i)),
        _ => None,
    }
}

#[inline]
fn off(len: usize) -> u32 {
    // The output is never longer than the input plus two bytes, and parsed
    // inputs are shorter than `MAX_LEN`, so this never saturates in practice.
    u32::try_from(len).unwrap_or(NONE - 1)
}

/// Compares written text against an expected text without allocating.
struct Matcher<'a> {
    rest: &'a [u8],
    ok: bool,
}

impl fmt::Write for Matcher<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s.as_bytes()) {
            Some(rest) if self.ok => self.rest = rest,
            _ => self.ok = false,
        }
        Ok(())
    }
}

/// Whether `s` has no percent-encoding with lowercase hex or of an
/// unreserved character, and (when `lower`) no uppercase letter.
fn pct_is_normal(s: &[u8], lower: bool) -> bool {
    // Most components hold no "%" (and hosts no uppercase letter): one quick
    // scan settles them.
    let interesting = |b: &u8| *b == b'%' || (lower && b.is_ascii_uppercase());
    let Some(first) = s.iter().position(interesting) else {
        return true;
    };
    let mut i = first;
    while i < s.len() {
        let b = s[i];
        if b == b'%' {
            let (Some(&h), Some(&l)) = (s.get(i + 1), s.get(i + 2)) else {
                return true; // not a triplet: the parser never lets one through
            };
            if h.is_ascii_lowercase() || l.is_ascii_lowercase() {
                return false;
            }
            if let (Some(h), Some(l)) = (hex_value(h), hex_value(l)) {
                if UNRESERVED.contains((h << 4) | l) {
                    return false;
                }
            }
            i += 3;
        } else {
            if lower && b.is_ascii_uppercase() {
                return false;
            }
            i += 1;
        }
    }
    true
}

/// Whether a path has a complete segment `.` or `..`.
fn has_dot_segments(path: &str) -> bool {
    let b = path.as_bytes();
    let mut from = 0;
    // Look only at the dots that start a segment.
    while let Some(i) = b
        .get(from..)
        .and_then(|r| r.iter().position(|&c| c == b'.'))
    {
        let i = from + i;
        if i == 0 || b[i - 1] == b'/' {
            let rest = &b[i + 1..];
            let ends = |r: &[u8]| matches!(r.first(), None | Some(b'/'));
            if ends(rest) || (rest.first() == Some(&b'.') && ends(&rest[1..])) {
                return true;
            }
        }
        from = i + 1;
    }
    false
}

/// The result of normalization: the normal form's text, borrowed from the
/// input when it was normal already, with its component offsets.
///
/// Display writes the text. Equality with a `str` compares the text.
///
/// ```
/// let n = urikit::UriRef::parse("HTTP://Example.COM/%7Euser")?.normalize();
/// assert_eq!(n, "http://example.com/~user");
/// assert_eq!(n.as_uri_ref().host_str(), Some("example.com"));
/// assert!(!n.is_borrowed());
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Normalized<'a> {
    text: Cow<'a, str>,
    m: Meta,
}

// The offsets follow from the text, so the text alone decides these.
impl PartialEq for Normalized<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Normalized<'_> {}

impl PartialOrd for Normalized<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Normalized<'_> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl core::hash::Hash for Normalized<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl<'a> Normalized<'a> {
    /// The normal form's text.
    ///
    /// ```
    /// assert_eq!(urikit::Uri::parse("A:b")?.normalize().as_str(), "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether the input was normal already, so the result borrows it.
    ///
    /// ```
    /// assert!(urikit::Uri::parse("a:b")?.normalize().is_borrowed());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_borrowed(&self) -> bool {
        matches!(self.text, Cow::Borrowed(_))
    }

    /// A parsed view of the normal form, without parsing again.
    ///
    /// ```
    /// let n = urikit::UriRef::parse("//H/a")?.normalize();
    /// assert_eq!(n.as_uri_ref().host_str(), Some("h"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef::from_parts(&self.text, self.m)
    }

    /// A parsed view as a [`Uri`], if the normal form has a scheme (it has
    /// one exactly when the input had one).
    ///
    /// ```
    /// let n = urikit::Uri::parse("S:%41")?.normalize();
    /// assert!(n.as_uri().is_some_and(|u| u.path() == "A"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_uri(&self) -> Option<Uri<'_>> {
        self.as_uri_ref().as_uri()
    }

    /// The text as a `Cow`.
    ///
    /// ```
    /// let s: std::borrow::Cow<str> = urikit::Uri::parse("a:b")?.normalize().into_cow();
    /// assert_eq!(s, "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_cow(self) -> Cow<'a, str> {
        self.text
    }

    /// The text as a `String`.
    ///
    /// ```
    /// assert_eq!(urikit::Uri::parse("A:b")?.normalize().into_string(), "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.text.into_owned()
    }

    /// An owned copy that no longer borrows the input.
    ///
    /// ```
    /// let n = { let s = String::from("A:b"); urikit::Uri::parse(&s)?.normalize().into_owned() };
    /// assert_eq!(n, "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Normalized<'static> {
        Normalized {
            text: Cow::Owned(self.text.into_owned()),
            m: self.m,
        }
    }

    /// The normal form as an owned [`UriRefBuf`], without parsing again.
    ///
    /// ```
    /// let r = urikit::UriRef::parse("a/%62")?.normalize().into_uri_ref_buf();
    /// assert_eq!(r.path(), "a/b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_uri_ref_buf(self) -> UriRefBuf {
        UriRefBuf::from_parts(self.text.into_owned(), self.m)
    }

    /// The normal form as an owned [`UriBuf`], if it has a scheme.
    ///
    /// ```
    /// let u = urikit::Uri::parse("HTTP://h/")?.normalize().into_uri_buf().unwrap();
    /// assert_eq!(u.scheme(), "http");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_uri_buf(self) -> Option<UriBuf> {
        (self.m.scheme_end != NONE).then(|| UriBuf::from_parts(self.text.into_owned(), self.m))
    }
}

impl fmt::Display for Normalized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for Normalized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Normalized").field(&self.as_str()).finish()
    }
}

impl PartialEq<str> for Normalized<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Normalized<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl AsRef<str> for Normalized<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

macro_rules! normalize_methods {
    ($ty:ident, $lt:lifetime, $view:expr) => {
        /// Syntax-based normalization (6.2.2): lowercase scheme and host,
        /// uppercase percent-encoding hex, decode percent-encoded unreserved
        /// characters, remove dot segments (URIs only), drop an empty port.
        /// The result borrows when the value is normal already. See
        /// [`crate::normalize`] for the details and [`Normalizer`] for the
        /// options.
        ///
        /// ```
        #[doc = concat!("let u = urikit::", stringify!($ty), "::parse(\"eXAMPLE://a/./b/../b/%63/%7bfoo%7d\").unwrap();")]
        /// assert_eq!(u.normalize().to_string(), "example://a/b/c/%7Bfoo%7D");
        /// ```
        pub fn normalize(&self) -> Normalized<$lt> {
            Normalizer::new().normalize(($view)(self))
        }

        /// Whether [`normalize`](Self::normalize) would leave the value
        /// unchanged. Never allocates.
        ///
        /// ```
        #[doc = concat!("assert!(urikit::", stringify!($ty), "::parse(\"http://a/b?#\").unwrap().is_normalized());")]
        #[doc = concat!("assert!(!urikit::", stringify!($ty), "::parse(\"HTTP://a/\").unwrap().is_normalized());")]
        /// ```
        pub fn is_normalized(&self) -> bool {
            Normalizer::new().is_normalized(($view)(self))
        }
    };
}

fn uri_buf_view(u: &UriBuf) -> UriRef<'_> {
    u.as_uri().as_ref_uri()
}

impl<'a> UriRef<'a> {
    normalize_methods!(UriRef, 'a, UriRef::clone);
}

impl<'a> Uri<'a> {
    normalize_methods!(Uri, 'a, Uri::as_ref_uri);
}

impl UriRefBuf {
    normalize_methods!(UriRefBuf, '_, UriRefBuf::as_ref_uri);
}

impl UriBuf {
    normalize_methods!(UriBuf, '_, uri_buf_view);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rds(s: &str) -> String {
        let mut out = String::from("prefix");
        crate::resolve::remove_dot_segments_into(s, &mut out);
        out.split_off(6)
    }

    // The examples of NOTES.md (published 5.2.4) and of 5.2.4 itself.
    #[test]
    fn remove_dot_segments_published_examples() {
        assert_eq!(rds("/a/b/c/./../../g"), "/a/g");
        assert_eq!(rds("mid/content=5/../6"), "mid/6");
        assert_eq!(rds("../g"), "g");
        assert_eq!(rds("/.."), "/");
        assert_eq!(rds("/."), "/");
        assert_eq!(rds(".."), "");
        assert_eq!(rds("a/../../b"), "/b");
        assert_eq!(rds("/a/..//b"), "//b");
    }

    #[test]
    fn dot_segments_are_whole_segments() {
        for p in [
            ".", "..", "./a", "../a", "/.", "/..", "a/./b", "a/../b", "/a/.", "/a/..",
        ] {
            assert!(has_dot_segments(p), "{p}");
        }
        for p in [
            "", "a.", ".a", "..a", "/...", "/a./b", "/.a/", "a.b/c..", "/x/.../",
        ] {
            assert!(!has_dot_segments(p), "{p}");
        }
    }

    #[test]
    fn pct_lowers_decoded_host_letters() {
        let mut out = Vec::new();
        let mut w = Writer {
            s: b"%41B%3a",
            run: 0,
            out: &mut out,
        };
        assert!(w.pct::<true>(0, 7));
        w.flush(7);
        assert_eq!(out, b"ab%3A");
    }
}
