//! The client the guard protects: which parser reads the URL, and how that
//! client turns the host into an address.

use core::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use urikit_views::Parser;

/// The HTTP client whose reading of a URL the guard checks.
///
/// How each turns a host into an address:
///
/// - `whatwg` (reqwest, Node `fetch`/undici, browsers): the URL parser
///   itself maps every IPv4 number form (`0x7f.1`, `2130706433`, `127.1`,
///   `0177.0.0.1`), full-width digits and ideographic dots to an IPv4
///   address; the guard takes the parser's host.
/// - `curl`, `urllib3` (requests), `httpx`, `yarl` (aiohttp), `rfc3986`:
///   their parsers keep such a host as a name, and the name goes to
///   `getaddrinfo`, which (glibc, musl, macOS) reads it with `inet_aton`'s
///   number forms. The guard reads the host with
///   [`urikit::security::inet_aton`] the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Client {
    /// The WHATWG URL Standard (reqwest, hyper with `url`, Node `fetch`,
    /// browsers): the default.
    #[default]
    Whatwg,
    /// libcurl (needs the `curl` feature: libcurl's own URL API).
    Curl,
    /// Python's urllib3 (and requests, which uses it).
    Urllib3,
    /// Python's httpx.
    Httpx,
    /// Python's yarl (and aiohttp, which uses it).
    Yarl,
    /// A strict RFC 3986 client.
    Rfc3986,
}

impl Client {
    /// Every client.
    pub const ALL: [Client; 6] = [
        Client::Whatwg,
        Client::Curl,
        Client::Urllib3,
        Client::Httpx,
        Client::Yarl,
        Client::Rfc3986,
    ];

    /// The stable name: `whatwg`, `curl`, `urllib3`, `httpx`, `yarl`,
    /// `rfc3986`.
    ///
    /// ```
    /// use urikit_guard::Client;
    /// assert_eq!(Client::from_name("urllib3"), Some(Client::Urllib3));
    /// assert_eq!(Client::Urllib3.name(), "urllib3");
    /// ```
    pub const fn name(self) -> &'static str {
        self.parser().name()
    }

    /// The client of a name; also the library names that use one
    /// (`reqwest`, `fetch`, `requests`, `aiohttp`).
    pub fn from_name(name: &str) -> Option<Client> {
        Some(match name {
            "reqwest" | "fetch" | "undici" | "browser" => Client::Whatwg,
            "requests" => Client::Urllib3,
            "aiohttp" => Client::Yarl,
            _ => return Client::ALL.into_iter().find(|c| c.name() == name),
        })
    }

    /// The view that reads URLs as this client does.
    pub const fn parser(self) -> Parser {
        match self {
            Client::Whatwg => Parser::Whatwg,
            Client::Curl => Parser::Curl,
            Client::Urllib3 => Parser::Urllib3,
            Client::Httpx => Parser::Httpx,
            Client::Yarl => Parser::Yarl,
            Client::Rfc3986 => Parser::Rfc3986,
        }
    }

    /// Whether this build can read as this client (`curl` needs the
    /// `curl` feature).
    pub const fn is_available(self) -> bool {
        self.parser().is_available()
    }

    /// The address the client connects to for a host it read, without any
    /// lookup: an IP literal (brackets and an IPv6 zone removed), or, for
    /// the clients that hand names to `getaddrinfo`, a number form
    /// `inet_aton` reads. `None` for a name.
    ///
    /// ```
    /// use urikit_guard::Client;
    /// assert_eq!(Client::Urllib3.address_of("0x7f.1"), Some("127.0.0.1".parse().unwrap()));
    /// assert_eq!(Client::Whatwg.address_of("[::1]"), Some("::1".parse().unwrap()));
    /// assert_eq!(Client::Whatwg.address_of("example.com"), None);
    /// ```
    pub fn address_of(self, host: &str) -> Option<IpAddr> {
        if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            let inner = inner.split('%').next().unwrap_or(inner);
            return inner.parse::<Ipv6Addr>().ok().map(IpAddr::V6);
        }
        if host.contains(':') {
            let inner = host.split('%').next().unwrap_or(host);
            return inner.parse::<Ipv6Addr>().ok().map(IpAddr::V6);
        }
        if let Ok(v4) = host.parse::<Ipv4Addr>() {
            return Some(IpAddr::V4(v4));
        }
        // Every client's resolver is getaddrinfo in the end (the WHATWG
        // parser has already mapped the forms it knows; what it leaves as a
        // domain the system resolver may still read as a number).
        urikit::security::inet_aton(host).map(IpAddr::V4)
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// The one mechanism for names (urikit::names): `Client::parse_name` and the
// refusal of an unknown name, as for every named set; `from_name` also
// takes the library names above.
urikit::impl_named!(
    Client,
    "client",
    "unknown-client",
    [
        Client::Whatwg,
        Client::Curl,
        Client::Urllib3,
        Client::Httpx,
        Client::Yarl,
        Client::Rfc3986
    ]
);
