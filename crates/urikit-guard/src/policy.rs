//! The policy: schemes, ports, host rules, address ranges, presets, and
//! the file format (TOML or JSON).

use std::net::IpAddr;

use serde::Deserialize;

use crate::ranges::{self, Class, Range};
use crate::refusal::{Refusal, RefusalKind};

/// A starting point for a policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Preset {
    /// The public internet only (the default): every special-purpose range
    /// is denied, and the private-use names (`*.local`, `*.internal`,
    /// `*.home.arpa`, `*.lan`).
    #[default]
    Public,
    /// Also private networks: RFC 1918, CGNAT `100.64.0.0/10`,
    /// unique-local `fc00::/7` and the private-use names. Loopback,
    /// link-local, multicast, the reserved ranges, `localhost` and the
    /// cloud metadata names and addresses stay denied.
    Private,
    /// Only the hosts and ranges the policy's `allow` lists; every other
    /// host is refused (`not-allowed`), and listed names still have their
    /// addresses checked as by `public`.
    AllowList,
}

impl Preset {
    /// `public`, `private` or `allow-list`.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Public => "public",
            Preset::Private => "private",
            Preset::AllowList => "allow-list",
        }
    }
}

urikit::impl_named!(
    Preset,
    "preset",
    "unknown-preset",
    [Preset::Public, Preset::Private, Preset::AllowList]
);

/// Host names and address ranges for one side (allow or deny).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Exact names (compared after removing one trailing dot, ASCII
    /// case-insensitively).
    #[serde(default)]
    pub hosts: Vec<String>,
    /// Suffixes: the name itself and every name under it (`example.com`
    /// covers `example.com` and `a.b.example.com`, not `badexample.com`).
    #[serde(default)]
    pub suffixes: Vec<String>,
    /// Registrable domains (by the public suffix list): `example.co.uk`
    /// covers every name whose registrable domain it is.
    #[serde(default)]
    pub domains: Vec<String>,
    /// Address ranges in CIDR form (`203.0.113.0/24`, `2001:db8::/32`, or a
    /// single address).
    #[serde(default, deserialize_with = "de_ranges")]
    pub ranges: Vec<Cidr>,
}

/// An address range, `ADDRESS/LEN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    /// The network.
    pub addr: IpAddr,
    /// The prefix length.
    pub len: u8,
}

impl Cidr {
    /// Parse `a.b.c.d/len`, `ipv6/len` or a bare address.
    ///
    /// ```
    /// use urikit_guard::policy::Cidr;
    /// let c = Cidr::parse("10.0.0.0/8").unwrap();
    /// assert!(c.contains("10.9.8.7".parse().unwrap()));
    /// assert!(Cidr::parse("10.0.0.0/33").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Cidr, String> {
        let (a, l) = s.split_once('/').unwrap_or((s, ""));
        let addr: IpAddr = a
            .parse()
            .map_err(|_| format!("range `{s}`: `{a}` is not an ip address"))?;
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let len = if l.is_empty() {
            max
        } else {
            l.parse::<u8>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| format!("range `{s}`: prefix length must be 0 to {max}"))?
        };
        Ok(Cidr { addr, len })
    }

    /// Whether `ip` is inside.
    pub fn contains(&self, ip: IpAddr) -> bool {
        Range {
            addr: self.addr,
            len: self.len,
            name: "",
            rfc: "",
            class: Class::Reserved,
        }
        .contains(ip)
    }
}

fn de_ranges<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Cidr>, D::Error> {
    let v: Vec<String> = Vec::deserialize(d)?;
    v.iter()
        .map(|s| Cidr::parse(s).map_err(serde::de::Error::custom))
        .collect()
}

/// The names that always mean this machine, a private network's
/// resolver, or a cloud metadata service: denied by every preset.
/// Compared after removing one trailing dot, ASCII case-insensitively.
pub const LOCAL_NAMES: &[&str] = &[
    // RFC 6761 6.3 (and every name under it, below).
    "localhost",
    // Debian's and Red Hat's /etc/hosts.
    "localhost.localdomain",
    "ip6-localhost",
    "ip6-loopback",
    // GCP: the metadata server, its short name, and metadata.goog.
    "metadata.google.internal",
    "metadata",
    "metadata.goog",
    // AWS: the instance metadata names (EC2 classic and VPC resolvers).
    "instance-data",
    "instance-data.ec2.internal",
    // Kubernetes API from inside a cluster.
    "kubernetes.default",
    "kubernetes.default.svc",
    "kubernetes.default.svc.cluster.local",
];

/// Suffixes every preset denies: RFC 6761's `localhost`.
pub const LOCAL_SUFFIXES: &[&str] = &["localhost"];

/// Suffixes of private-use names (resolved only inside a network): denied
/// by `public` and `allow-list` (unless listed), allowed by `private`.
/// `local` (mDNS, RFC 6762), `internal` (ICANN's private-use TLD, 2024),
/// `home.arpa` (RFC 8375), `lan` and `intranet` (RFC 6762 appendix G).
pub const PRIVATE_SUFFIXES: &[&str] = &["local", "internal", "home.arpa", "lan", "intranet"];

/// A policy: what a request may reach.
///
/// ```
/// use urikit_guard::{Guard, Policy, Preset};
/// let p = Policy::from_toml("preset = \"private\"\n[deny]\nhosts = [\"db.corp\"]\n").unwrap();
/// assert_eq!(p.preset, Preset::Private);
/// let g = Guard::new(p, Default::default());
/// assert!(g.check("http://10.0.0.1/").is_ok());
/// assert!(g.check("http://db.corp/").is_err());
/// assert!(g.check("http://127.0.0.1/").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Policy {
    /// The preset the rules below refine.
    pub preset: Preset,
    /// Allowed schemes, lower case (default `http`, `https`).
    pub schemes: Vec<String>,
    /// Allowed ports; empty (the default) allows every port from 1 to
    /// 65535. Port 0 is always refused.
    pub ports: Vec<u16>,
    /// What is allowed beyond the preset (names; ranges exempted from the
    /// denied ranges, metadata addresses included when listed exactly).
    pub allow: Rules,
    /// What is denied beyond the preset.
    pub deny: Rules,
    /// The most redirects a request may follow (default 10).
    pub max_redirects: usize,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy::preset(Preset::Public)
    }
}

/// A policy file that could not be read: the key and the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyError {
    /// The line (1-based), when the format gives one.
    pub line: Option<usize>,
    /// The message, lower-case, naming the key.
    pub message: String,
}

impl core::fmt::Display for PolicyError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.line {
            Some(l) => write!(f, "policy line {l}: {}", self.message),
            None => write!(f, "policy: {}", self.message),
        }
    }
}

impl std::error::Error for PolicyError {}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A name ready for comparison: one trailing dot removed, ASCII lower case.
pub(crate) fn norm_name(host: &str) -> String {
    host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase()
}

fn under(name: &str, suffix: &str) -> bool {
    let suffix = suffix.strip_prefix('.').unwrap_or(suffix);
    name == suffix
        || (name.len() > suffix.len()
            && name.ends_with(suffix)
            && name.as_bytes()[name.len() - suffix.len() - 1] == b'.')
}

impl Rules {
    /// Which rule names `name` (already normalized), as `hosts`,
    /// `suffixes` or `domains` with the entry.
    fn names(&self, name: &str) -> Option<String> {
        if let Some(h) = self.hosts.iter().find(|h| norm_name(h) == name) {
            return Some(format!("hosts entry `{h}`"));
        }
        if let Some(s) = self.suffixes.iter().find(|s| under(name, &norm_name(s))) {
            return Some(format!("suffixes entry `{s}`"));
        }
        if !self.domains.is_empty()
            && let Some(d) = urikit::public_suffix::registrable_domain(name)
            && let Some(e) = self.domains.iter().find(|e| norm_name(e) == d)
        {
            return Some(format!("domains entry `{e}`"));
        }
        None
    }

    fn range_of(&self, ip: IpAddr) -> Option<&Cidr> {
        self.ranges.iter().find(|c| c.contains(ip))
    }
}

impl Policy {
    /// A preset with no rules of its own.
    ///
    /// ```
    /// use urikit_guard::{Policy, Preset};
    /// assert_eq!(Policy::preset(Preset::Public), Policy::default());
    /// ```
    pub fn preset(preset: Preset) -> Policy {
        Policy {
            preset,
            schemes: vec!["http".into(), "https".into()],
            ports: Vec::new(),
            allow: Rules::default(),
            deny: Rules::default(),
            max_redirects: 10,
        }
    }

    /// Read a policy from TOML; an unknown key, a wrong type or a bad range
    /// is an error naming the key and the line.
    ///
    /// ```
    /// use urikit_guard::Policy;
    /// let e = Policy::from_toml("preset = \"public\"\nports = [80, \"x\"]\n").unwrap_err();
    /// assert_eq!(e.line, Some(2));
    /// assert!(e.to_string().contains("ports"), "{e}");
    /// ```
    pub fn from_toml(text: &str) -> Result<Policy, PolicyError> {
        let p: Policy = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            let mut message = lower_first(e.message().trim());
            if let Some(s) = e.span() {
                // Name the key: the line's text up to its `=`.
                let start = text[..s.start.min(text.len())]
                    .rfind('\n')
                    .map_or(0, |i| i + 1);
                let l = text[start..].lines().next().unwrap_or("");
                if let Some((k, _)) = l.split_once('=') {
                    message = format!("key `{}`: {message}", k.trim());
                }
            }
            PolicyError { line, message }
        })?;
        p.validated()
    }

    /// Read a policy from JSON (the same keys as TOML).
    ///
    /// ```
    /// use urikit_guard::{Policy, Preset};
    /// let p = Policy::from_json(r#"{"preset": "allow-list", "allow": {"hosts": ["api.example.com"]}}"#).unwrap();
    /// assert_eq!(p.preset, Preset::AllowList);
    /// let e = Policy::from_json("{\n\"prest\": 1}").unwrap_err();
    /// assert_eq!(e.line, Some(2));
    /// ```
    pub fn from_json(text: &str) -> Result<Policy, PolicyError> {
        let p: Policy = serde_json::from_str(text).map_err(|e| PolicyError {
            line: Some(e.line()),
            message: lower_first(e.to_string().split(" at line ").next().unwrap_or("")),
        })?;
        p.validated()
    }

    /// Read a policy file: JSON when the text starts with `{`, else TOML.
    pub fn from_text(text: &str) -> Result<Policy, PolicyError> {
        if text.trim_start().starts_with('{') {
            Policy::from_json(text)
        } else {
            Policy::from_toml(text)
        }
    }

    fn validated(mut self) -> Result<Policy, PolicyError> {
        for s in &mut self.schemes {
            *s = s.to_ascii_lowercase();
        }
        if self.ports.contains(&0) {
            return Err(PolicyError {
                line: None,
                message: "key `ports`: port 0 cannot be allowed".into(),
            });
        }
        Ok(self)
    }

    /// Whether the scheme is allowed.
    pub fn scheme_allowed(&self, scheme: &str) -> bool {
        self.schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme))
    }

    /// Whether the port is allowed.
    pub fn port_allowed(&self, port: u16) -> bool {
        port != 0 && (self.ports.is_empty() || self.ports.contains(&port))
    }

    /// The refusal of a host name (not an IP), before any lookup: deny
    /// rules, local and metadata names, private-use names, the allow list.
    /// `Ok(true)` when an allow rule names it.
    pub(crate) fn check_name(&self, host: &str) -> Result<bool, Refusal> {
        let name = norm_name(host);
        if let Some(rule) = self.deny.names(&name) {
            return Err(Refusal::new(
                RefusalKind::DeniedHost,
                Some(host),
                format!("`{name}` matches the deny {rule}"),
            ));
        }
        if LOCAL_NAMES.contains(&name.as_str()) || LOCAL_SUFFIXES.iter().any(|s| under(&name, s)) {
            return Err(Refusal::new(
                RefusalKind::DeniedHost,
                Some(host),
                format!("`{name}` always names this machine or a cloud metadata service"),
            ));
        }
        let allowed = self.allow.names(&name).is_some();
        if !allowed
            && self.preset != Preset::Private
            && let Some(s) = PRIVATE_SUFFIXES.iter().find(|s| under(&name, s))
        {
            return Err(Refusal::new(
                RefusalKind::DeniedHost,
                Some(host),
                format!("`{name}` is a private-use name (`.{s}`)"),
            ));
        }
        if !allowed && self.preset == Preset::AllowList {
            return Err(Refusal::new(
                RefusalKind::NotAllowed,
                Some(host),
                format!("`{name}` is not listed"),
            ));
        }
        Ok(allowed)
    }

    /// With the `allow-list` preset, an IP host must be in `allow.ranges`
    /// (or written in `allow.hosts`).
    pub(crate) fn check_listed_ip(&self, host: &str, ip: IpAddr) -> Result<(), Refusal> {
        if self.preset != Preset::AllowList
            || self.allow.range_of(ip).is_some()
            || self.allow.names(&norm_name(host)).is_some()
        {
            return Ok(());
        }
        Err(Refusal::new(
            RefusalKind::NotAllowed,
            Some(host),
            format!("{ip} is not in an allowed range"),
        )
        .at(Some(ip)))
    }

    /// The refusal of an address, if it is refused: the deny ranges, the
    /// metadata addresses, the special-purpose rows (embedded IPv4 forms
    /// read by their IPv4 address). `allow.ranges` exempts an address.
    ///
    /// ```
    /// use urikit_guard::Policy;
    /// let p = Policy::default();
    /// assert!(p.check_address("8.8.8.8".parse().unwrap()).is_none());
    /// let why = p.check_address("::ffff:10.0.0.1".parse().unwrap()).unwrap();
    /// assert_eq!(why, "::ffff:10.0.0.1 embeds 10.0.0.1 (ipv4-mapped address, RFC 4291), which is in 10.0.0.0/8 (private-use, RFC 1918)");
    /// ```
    pub fn check_address(&self, ip: IpAddr) -> Option<String> {
        if self.allow.range_of(ip).is_some() {
            return None;
        }
        if let Some(c) = self.deny.range_of(ip) {
            return Some(format!("{ip} is in the denied range {}/{}", c.addr, c.len));
        }
        if let Some((_, what)) = ranges::METADATA.iter().find(|(a, _)| *a == ip) {
            return Some(format!("{ip} is {what}"));
        }
        let r = ranges::row(ip)?;
        match r.class {
            Class::Private if self.preset == Preset::Private => None,
            Class::Embedded(how) => {
                let IpAddr::V6(v6) = ip else { return None };
                ranges::embedded(v6, how).into_iter().find_map(|v4| {
                    self.check_address(IpAddr::V4(v4)).map(|why| {
                        format!(
                            "{ip} embeds {v4} ({}, {}), which{}",
                            r.name,
                            r.rfc,
                            why.strip_prefix(&v4.to_string()).unwrap_or(&why)
                        )
                    })
                })
            }
            _ => Some(format!(
                "{ip} is in {}/{} ({}, {})",
                r.addr, r.len, r.name, r.rfc
            )),
        }
    }
}
