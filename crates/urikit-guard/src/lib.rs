//! # urikit-guard
//!
//! A server-side request forgery (SSRF) guard that checks a URL the way the
//! client that fetches it reads it, and checks the addresses where the
//! connection is made.
//!
//! - A [`Policy`]: allowed schemes and ports, hosts allowed or denied by
//!   name, suffix and registrable domain, the IANA special-purpose ranges
//!   denied ([`ranges`]), embedded IPv4 forms read by their IPv4 address,
//!   the names that always mean this machine or a cloud metadata service;
//!   three [`Preset`]s; TOML or JSON files.
//! - The host as the [`Client`] reads it (the views of `urikit-views`),
//!   number forms read as that client's resolver reads them, and a refusal
//!   when the strict RFC 3986 reading and the client's differ on the host
//!   or port.
//! - [`Guard::check_addresses`] resolves once, checks every address and
//!   returns only checked ones; the integrations (`reqwest`, `hyper-util`
//!   features) connect only to those, and check every redirect hop.
//!
//! ```
//! use urikit_guard::{Guard, RefusalKind};
//! let guard = Guard::default(); // public internet only, WHATWG reading
//! assert!(guard.check("https://example.com/").is_ok());
//! for url in ["http://127.1/", "http://[::ffff:169.254.169.254]/", "http://metadata.google.internal./",
//!             "http://2130706433/", "http://LOCALHOST/", "file:///etc/passwd"] {
//!     assert!(guard.check(url).is_err(), "{url}");
//! }
//! assert_eq!(guard.check("http://0177.0.0.1/").unwrap_err().kind, RefusalKind::DeniedAddress);
//! ```
//!
//! Plain data in and out for the other languages' faces: [`Guard::verdict`]
//! gives a [`Verdict`] (`input`, `allowed`, `reason`, `host`, `addresses`).

#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use urikit_views::{Parser, View};

mod client;
pub mod policy;
pub mod ranges;
mod refusal;
mod resolve;

#[cfg(feature = "hyper-util")]
pub mod hyper;
#[cfg(feature = "reqwest")]
pub mod reqwest;

pub use client::Client;
pub use policy::{Policy, PolicyError, Preset};
pub use refusal::{Refusal, RefusalKind};
pub use resolve::{Checked, NoResolver, Resolver, SystemResolver};

/// The guard: a policy, the client whose reading counts, and a resolver.
#[derive(Clone)]
pub struct Guard {
    policy: Arc<Policy>,
    client: Client,
    resolver: Arc<dyn Resolver>,
}

impl Default for Guard {
    /// The public-internet policy, the WHATWG reading, the system resolver.
    fn default() -> Guard {
        Guard::new(Policy::default(), Client::default())
    }
}

impl core::fmt::Debug for Guard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Guard")
            .field("policy", &self.policy)
            .field("client", &self.client)
            .finish_non_exhaustive()
    }
}

/// One URL's verdict as plain data: the one record of a verdict, which
/// every face writes through its `Serialize` (the CLI's `--json`, Python's
/// `Verdict.to_dict()`, the JavaScript `check()`), with the keys of
/// [`Verdict::FIELDS`] in that order.
///
/// ```
/// use urikit_guard::{Guard, Verdict};
/// let v = Guard::default().verdict("http://0x7f.1/", false);
/// let json = serde_json::to_value(&v).unwrap();
/// assert_eq!(json["reason"], "denied-address");
/// assert_eq!(json["address"], "127.0.0.1");
/// assert_eq!(json.as_object().unwrap().keys().count(), Verdict::FIELDS.len());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The URL checked.
    pub input: String,
    /// Whether it may be fetched.
    pub allowed: bool,
    /// The refusal, when refused.
    pub reason: Option<Refusal>,
    /// The host as the client read it.
    pub host: Option<String>,
    /// The port the connection would use (the scheme's default when the
    /// URL has none); `None` when refused.
    pub port: Option<u16>,
    /// The addresses checked (the host's own for an IP; the resolved ones
    /// when resolving; the refused one when refused for an address).
    pub addresses: Vec<IpAddr>,
}

impl Verdict {
    /// The record's keys, in order: `input`, `allowed`, `reason` (the
    /// refusal kind's name or null), `message` (the refusal as the crate
    /// words it, or null), `detail` (what exactly: the range and its RFC,
    /// the rule, the finding; or null), `host`, `port`, `address` (the
    /// refused address, or null), `addresses`.
    pub const FIELDS: [&'static str; 9] = [
        "input",
        "allowed",
        "reason",
        "message",
        "detail",
        "host",
        "port",
        "address",
        "addresses",
    ];

    /// The verdict of a check's result on `input`.
    ///
    /// ```
    /// use urikit_guard::{Guard, Verdict};
    /// let g = Guard::default();
    /// let v = Verdict::new("https://example.com/", g.check("https://example.com/"));
    /// assert!(v.allowed && v.port == Some(443));
    /// ```
    pub fn new(input: &str, result: Result<Checked, Refusal>) -> Verdict {
        match result {
            Ok(c) => Verdict {
                input: input.to_string(),
                allowed: true,
                reason: None,
                host: Some(c.host),
                port: Some(c.port),
                addresses: c.addresses.iter().map(|a| a.ip()).collect(),
            },
            Err(e) => Verdict {
                input: input.to_string(),
                allowed: false,
                host: e.host.clone(),
                port: None,
                addresses: e.address.into_iter().collect(),
                reason: Some(e),
            },
        }
    }
}

impl serde::Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let r = self.reason.as_ref();
        let addresses: Vec<String> = self.addresses.iter().map(IpAddr::to_string).collect();
        let mut m = s.serialize_map(Some(Verdict::FIELDS.len()))?;
        let [
            input,
            allowed,
            reason,
            message,
            detail,
            host,
            port,
            address,
            addrs,
        ] = Verdict::FIELDS;
        m.serialize_entry(input, &self.input)?;
        m.serialize_entry(allowed, &self.allowed)?;
        m.serialize_entry(reason, &r.map(|r| r.kind.name()))?;
        m.serialize_entry(message, &r.map(Refusal::to_string))?;
        m.serialize_entry(detail, &r.map(|r| r.detail.as_str()))?;
        m.serialize_entry(host, &self.host)?;
        m.serialize_entry(port, &self.port)?;
        m.serialize_entry(address, &r.and_then(|r| r.address).map(|a| a.to_string()))?;
        m.serialize_entry(addrs, &addresses)?;
        m.end()
    }
}

fn default_port(scheme: &str) -> Option<u16> {
    urikit::normalize::scheme_info(scheme).and_then(|s| s.get_default_port())
}

/// The refusal anywhere in an error's chain of causes (the integrations'
/// errors carry it as a source).
///
/// ```
/// use urikit_guard::{Guard, refusal_in};
/// let e = Guard::default().check("http://[::1]/").unwrap_err();
/// let io = std::io::Error::other(e);
/// assert_eq!(refusal_in(&io).unwrap().kind.name(), "denied-address");
/// ```
pub fn refusal_in<'a>(e: &'a (dyn std::error::Error + 'static)) -> Option<&'a Refusal> {
    let mut cur = Some(e);
    while let Some(e) = cur {
        if let Some(r) = e.downcast_ref::<Refusal>() {
            return Some(r);
        }
        // An io::Error's `source()` skips the error it wraps.
        if let Some(inner) = e
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            cur = Some(inner);
            continue;
        }
        cur = e.source();
    }
    None
}

impl Guard {
    /// A guard with the system resolver.
    ///
    /// ```
    /// use urikit_guard::{Client, Guard, Policy, Preset};
    /// let g = Guard::new(Policy::preset(Preset::Private), Client::Urllib3);
    /// assert!(g.check("http://192.168.1.1/").is_ok());
    /// assert!(g.check("http://0x7f.1/").is_err());
    /// ```
    pub fn new(policy: Policy, client: Client) -> Guard {
        Guard {
            policy: Arc::new(policy),
            client,
            resolver: Arc::new(SystemResolver),
        }
    }

    /// The same guard with another resolver.
    pub fn with_resolver(mut self, resolver: impl Resolver + 'static) -> Guard {
        self.resolver = Arc::new(resolver);
        self
    }

    /// The policy.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The client.
    pub fn client(&self) -> Client {
        self.client
    }

    /// Check a URL without any lookup: scheme, port, host rules, the
    /// address of an IP host (or number form), and the agreement of the
    /// strict RFC 3986 reading with the client's on the host and port. For
    /// a name, the result has no address: connect through
    /// [`check_addresses`](Guard::check_addresses) (or an integration).
    ///
    /// ```
    /// use urikit_guard::{Guard, RefusalKind};
    /// let g = Guard::default();
    /// let ok = g.check("HTTP://Example.COM:8080/x").unwrap();
    /// assert_eq!((ok.host.as_str(), ok.port), ("example.com", 8080));
    /// assert_eq!(g.check("gopher://example.com/").unwrap_err().kind, RefusalKind::Scheme);
    /// ```
    pub fn check(&self, url: &str) -> Result<Checked, Refusal> {
        let client = self.client;
        let parser = client.parser();
        let reading = match parser.read(url) {
            Some(Ok(v)) => v,
            Some(Err(e)) => {
                return Err(Refusal::new(
                    RefusalKind::Unparsable,
                    None,
                    format!("{} cannot read it: {e}", client.name()),
                ));
            }
            None => {
                return Err(Refusal::new(
                    RefusalKind::Unparsable,
                    None,
                    format!("the {} reading is not in this build", client.name()),
                ));
            }
        };
        let scheme = reading.scheme.as_deref().unwrap_or("").to_ascii_lowercase();
        let raw_host = reading.host.as_deref().unwrap_or("");
        let host = raw_host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(raw_host)
            .to_string();
        let h = (!host.is_empty()).then_some(host.as_str());
        if !self.policy.scheme_allowed(&scheme) {
            return Err(Refusal::new(
                RefusalKind::Scheme,
                h,
                format!("`{scheme}` is not an allowed scheme"),
            ));
        }
        let Some(h) = h else {
            return Err(Refusal::new(
                RefusalKind::Unparsable,
                None,
                format!("{} reads no host", client.name()),
            ));
        };
        let port = match reading.port.as_deref().filter(|p| !p.is_empty()) {
            Some(p) => p.parse::<u16>().map_err(|_| {
                Refusal::new(RefusalKind::Port, Some(h), format!("`{p}` is not a port"))
            })?,
            None => default_port(&scheme).ok_or_else(|| {
                Refusal::new(
                    RefusalKind::Port,
                    Some(h),
                    format!("`{scheme}` has no default port"),
                )
            })?,
        };
        if !self.policy.port_allowed(port) {
            return Err(Refusal::new(
                RefusalKind::Port,
                Some(h),
                format!("port {port} is not allowed"),
            ));
        }
        let address = client.address_of(raw_host);
        let mut addresses = Vec::new();
        match address {
            Some(ip) => {
                self.check_ip(h, ip)?;
                self.policy.check_listed_ip(h, ip)?;
                addresses.push(SocketAddr::new(ip, port));
            }
            None => {
                self.policy.check_name(h)?;
            }
        }
        if parser != Parser::Rfc3986 {
            self.agree(url, &reading, h, address)?;
        }
        Ok(Checked {
            scheme,
            host,
            port,
            addresses,
        })
    }

    /// Refuse when the strict reading and the client's differ on the host
    /// or port. Most URLs have byte-equal hosts and ports: the findings are
    /// only worked out when they do not.
    fn agree(
        &self,
        url: &str,
        client: &View<'_>,
        host: &str,
        address: Option<IpAddr>,
    ) -> Result<(), Refusal> {
        let strict = Parser::Rfc3986
            .read(url)
            .unwrap_or_else(|| Err(String::new()));
        if let Ok(s) = &strict
            && s.host.as_deref().is_some_and(|x| {
                client
                    .host
                    .as_deref()
                    .is_some_and(|y| x.eq_ignore_ascii_case(y))
            })
            && s.port == client.port
        {
            return Ok(());
        }
        // The strict reading refuses the authority itself (a backslash
        // before `@`, a control character in the host): the client's host
        // is one reading among others (urllib reads `http://a\\@b/` as
        // `b`, WHATWG as `a`), so the URL is refused. A refusal in the path,
        // query or fragment leaves the host as every reading has it.
        if strict.is_err()
            && let Err(e) = urikit::IriRef::parse(url)
            && let Some(
                component @ (urikit::Component::Scheme
                | urikit::Component::Userinfo
                | urikit::Component::Host
                | urikit::Component::Port),
            ) = e.kind().component()
        {
            return Err(Refusal::new(
                RefusalKind::Disagreement,
                Some(host),
                format!(
                    "rfc3986 refuses the {component}: {e}, {} reads host `{host}`",
                    self.client.name()
                ),
            )
            .at(address));
        }
        let views = urikit_views::compare(
            url,
            vec![
                (Parser::Rfc3986, strict),
                (self.client.parser(), Ok(client.clone())),
            ],
        );
        match views.findings.iter().find(|f| f.about_host_or_port()) {
            Some(f) => {
                let values: Vec<String> = f
                    .parsers
                    .iter()
                    .zip(&f.values)
                    .map(|(p, v)| {
                        format!(
                            "{p} reads {}",
                            v.as_deref()
                                .map_or("none".to_string(), |v| format!("`{v}`"))
                        )
                    })
                    .collect();
                Err(Refusal::new(
                    RefusalKind::Disagreement,
                    Some(host),
                    format!("{}: {}", f.kind.name(), values.join(", ")),
                )
                .at(address))
            }
            None => Ok(()),
        }
    }

    /// Check one address the client would connect to for `host`.
    ///
    /// ```
    /// use urikit_guard::Guard;
    /// let g = Guard::default();
    /// assert!(g.check_ip("x", "100.100.100.200".parse().unwrap()).is_err());
    /// assert!(g.check_ip("x", "2606:4700::1111".parse().unwrap()).is_ok());
    /// ```
    pub fn check_ip(&self, host: &str, ip: IpAddr) -> Result<(), Refusal> {
        match self.policy.check_address(ip) {
            Some(why) => {
                Err(Refusal::new(RefusalKind::DeniedAddress, Some(host), why).at(Some(ip)))
            }
            None => Ok(()),
        }
    }

    /// Check a URL, then resolve its host once (for a name) and check every
    /// address: a name with any denied address is refused as a whole. The
    /// addresses returned are the only ones the client may connect to.
    ///
    /// ```
    /// use std::net::IpAddr;
    /// use urikit_guard::{Guard, RefusalKind, Resolver};
    /// struct Rebind;
    /// impl Resolver for Rebind {
    ///     fn resolve(&self, _: &str, _: u16) -> std::io::Result<Vec<IpAddr>> {
    ///         Ok(vec!["93.184.215.14".parse().unwrap(), "127.0.0.1".parse().unwrap()])
    ///     }
    /// }
    /// let g = Guard::default().with_resolver(Rebind);
    /// let r = g.check_addresses("http://rebind.example/").unwrap_err();
    /// assert_eq!(r.kind, RefusalKind::DeniedAddress);
    /// assert_eq!(r.address, Some("127.0.0.1".parse().unwrap()));
    /// ```
    pub fn check_addresses(&self, url: &str) -> Result<Checked, Refusal> {
        let mut checked = self.check(url)?;
        if checked.addresses.is_empty() {
            checked.addresses = self.resolve_host(&checked.host, checked.port)?;
        }
        Ok(checked)
    }

    /// Resolve a host name the client is about to connect to, once, and
    /// check the name and every address (what the integrations' resolvers
    /// call). An IP host is checked without a lookup.
    pub fn resolve_host(&self, host: &str, port: u16) -> Result<Vec<SocketAddr>, Refusal> {
        if let Some(ip) = self.client.address_of(host) {
            self.check_ip(host, ip)?;
            self.policy.check_listed_ip(host, ip)?;
            return Ok(vec![SocketAddr::new(ip, port)]);
        }
        self.policy.check_name(host)?;
        let ips = self.resolver.resolve(host, port).map_err(|e| {
            Refusal::new(
                RefusalKind::ResolveFailed,
                Some(host),
                e.to_string().to_lowercase(),
            )
        })?;
        if ips.is_empty() {
            return Err(Refusal::new(
                RefusalKind::ResolveFailed,
                Some(host),
                "no address",
            ));
        }
        for &ip in &ips {
            self.check_ip(host, ip)?;
        }
        Ok(ips
            .into_iter()
            .map(|ip| SocketAddr::new(ip, port))
            .collect())
    }

    /// Check a redirect: hop number `hop` (1 for the first redirect) to
    /// `location`, already resolved against the previous URL by the client.
    /// Refused past the policy's `max_redirects`, then checked as a new URL
    /// (offline; the connection goes through the resolver again).
    ///
    /// ```
    /// use urikit_guard::{Guard, RefusalKind};
    /// let g = Guard::default();
    /// assert!(g.check_redirect("http://example.org/", 1).is_ok());
    /// assert_eq!(g.check_redirect("http://10.0.0.1/", 1).unwrap_err().kind, RefusalKind::DeniedAddress);
    /// assert_eq!(g.check_redirect("http://example.org/", 11).unwrap_err().kind, RefusalKind::TooManyRedirects);
    /// ```
    pub fn check_redirect(&self, location: &str, hop: usize) -> Result<Checked, Refusal> {
        if hop > self.policy.max_redirects {
            return Err(Refusal::new(
                RefusalKind::TooManyRedirects,
                None,
                format!(
                    "hop {hop} is past the limit of {}",
                    self.policy.max_redirects
                ),
            ));
        }
        self.check(location)
    }

    /// The verdict on one URL as plain data; `resolve` looks names up
    /// through the resolver (else a name is allowed on its name alone).
    ///
    /// ```
    /// use urikit_guard::Guard;
    /// let v = Guard::default().verdict("http://[::1]/", false);
    /// assert!(!v.allowed);
    /// assert_eq!(v.reason.unwrap().kind.name(), "denied-address");
    /// assert_eq!(v.host.as_deref(), Some("::1"));
    /// assert_eq!(v.addresses, ["::1".parse::<std::net::IpAddr>().unwrap()]);
    /// ```
    pub fn verdict(&self, url: &str, resolve: bool) -> Verdict {
        let r = if resolve {
            self.check_addresses(url)
        } else {
            self.check(url)
        };
        Verdict::new(url, r)
    }
}

// The guide's Rust examples run as doc tests (apps/uri/tests/it/docs.rs
// checks that every guide with a ```rust block is listed in a crate).
#[cfg(doctest)]
#[doc = include_str!("../../../docs/guard.md")]
struct GuardGuideDoctests;
