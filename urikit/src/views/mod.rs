//! Every parser's view of one URI, and where the views disagree.
//!
//! A filter that checks a URL with one parser and a client that connects
//! with another is the root of most server-side request forgery and open
//! redirect bugs of recent years: the two read a different host from the
//! same string. [`views`] reads one string with each parser built in, and
//! [`Finding`]s name every place where their readings differ, with a weight
//! (a different host, port or userinfo/host boundary is [`Weight::High`]).
//!
//! The parsers are the real implementations, never re-creations:
//!
//! | [`Parser`] | what reads the string | feature |
//! | --- | --- | --- |
//! | `rfc3986` | urikit's strict RFC 3986 parser ([`UriRef`](crate::UriRef)), its IRI profile ([`IriRef`](crate::IriRef)) when the input is not ASCII | always |
//! | `java` | `java.net.URI` as [`JavaUri`](crate::java::JavaUri) reads it (checked against Java 17 by urikit's differential tests) | always |
//! | `whatwg` | the WHATWG URL Standard as the `url` crate implements it (browsers, Node, reqwest and hyper) | `whatwg` |
//! | `curl` | libcurl's URL API, `curl_url_set`/`curl_url_get` (the system's libcurl) | `curl` |
//! | `urllib` | Python's `urllib.parse`: only in the Python package, which calls the interpreter's own module and passes its view to [`compare`] | (Python) |
//!
//! Each field of a [`View`] is what that parser's own accessor gives:
//! `java`'s host is `getHost()` (absent for a registry authority, brackets
//! kept for IPv6), `whatwg`'s port is `port()` (absent when it is the
//! scheme's default), `curl`'s host and path are `curl_url_get`'s.
//!
//! ```
//! use urikit::views::{FindingKind, Parser, Weight, views_of};
//!
//! // A plain URL: every parser reads the same, no finding.
//! let v = views_of("http://example.com:8080/a?b#c", &[Parser::Rfc3986, Parser::Java]);
//! assert!(v.findings.is_empty());
//! let java = v.view(Parser::Java).unwrap().as_ref().unwrap();
//! assert_eq!(java.host.as_deref(), Some("example.com"));
//! assert_eq!(java.port.as_deref(), Some("8080"));
//!
//! // An underscore: an RFC 3986 reg-name, but a registry authority (no
//! // host at all) to java.net.URI.
//! let v = views_of("http://a_b.example/", &[Parser::Rfc3986, Parser::Java]);
//! assert_eq!(v.findings[0].kind, FindingKind::Host);
//! assert_eq!(v.findings[0].weight, Weight::High);
//! assert_eq!(v.findings[0].values, [Some("a_b.example".into()), None]);
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

#[cfg(feature = "curl")]
#[allow(unsafe_code)]
mod curl;
mod finding;
#[cfg(feature = "idna")]
mod httpx;
mod java;
#[cfg(feature = "idna")]
mod pylib;
mod rfc3986;
mod select;
#[cfg(test)]
mod tests;
#[cfg(feature = "whatwg")]
mod whatwg;
#[cfg(feature = "idna")]
mod yarl;

#[cfg(feature = "curl")]
pub use curl::libcurl_version;
pub use finding::{Finding, FindingKind, Weight};
pub use select::{SelectError, SelectErrorKind};

/// One of the parsers whose views [`views`] compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Parser {
    /// urikit, strict RFC 3986 (RFC 3987's IRI profile for non-ASCII input).
    Rfc3986,
    /// `java.net.URI` (RFC 2396 with Java's deviations): [`crate::java`].
    Java,
    /// The WHATWG URL Standard, by the `url` crate (feature `whatwg`).
    Whatwg,
    /// libcurl's URL API (feature `curl`).
    Curl,
    /// Python's `urllib.parse`: never read here; the Python package reads
    /// it with the interpreter's own module and passes it to [`compare`].
    Urllib,
    /// Python's urllib3 (`urllib3.util.parse_url`; requests uses it).
    Urllib3,
    /// Python's yarl (`yarl.URL`; aiohttp uses it).
    Yarl,
    /// Python's httpx (`httpx.URL`).
    Httpx,
    /// Go's `net/url` (`url.Parse`).
    Go,
    /// PHP's `parse_url`.
    Php,
    /// Ruby's `URI.parse` (its RFC 3986 parser).
    Ruby,
    /// Ruby's `URI::RFC2396_Parser`.
    RubyRfc2396,
    /// Node's legacy `url.parse`.
    NodeLegacy,
    /// The npm package fast-uri (`parse`).
    FastUri,
    /// The npm package url-parse.
    UrlParse,
    /// `java.net.URL`.
    JavaUrl,
    /// The `http` crate's `Uri` (hyper).
    RustHttp,
}

impl Parser {
    /// Every parser, in the order views are listed.
    pub const ALL: [Parser; 17] = [
        Parser::Rfc3986,
        Parser::Java,
        Parser::Whatwg,
        Parser::Curl,
        Parser::Urllib,
        Parser::Urllib3,
        Parser::Yarl,
        Parser::Httpx,
        Parser::Go,
        Parser::Php,
        Parser::Ruby,
        Parser::RubyRfc2396,
        Parser::NodeLegacy,
        Parser::FastUri,
        Parser::UrlParse,
        Parser::JavaUrl,
        Parser::RustHttp,
    ];

    /// The stable name used in machine output: `rfc3986`, `java`, `whatwg`,
    /// `curl`, `urllib`.
    ///
    /// ```
    /// assert_eq!(urikit::views::Parser::Whatwg.name(), "whatwg");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Parser::Rfc3986 => "rfc3986",
            Parser::Java => "java",
            Parser::Whatwg => "whatwg",
            Parser::Curl => "curl",
            Parser::Urllib => "urllib",
            Parser::Urllib3 => "urllib3",
            Parser::Yarl => "yarl",
            Parser::Httpx => "httpx",
            Parser::Go => "go",
            Parser::Php => "php",
            Parser::Ruby => "ruby",
            Parser::RubyRfc2396 => "ruby-rfc2396",
            Parser::NodeLegacy => "node-legacy",
            Parser::FastUri => "fast-uri",
            Parser::UrlParse => "url-parse",
            Parser::JavaUrl => "java-url",
            Parser::RustHttp => "rust-http",
        }
    }

    /// The parser of a [`name`](Parser::name).
    ///
    /// ```
    /// use urikit::views::Parser;
    /// assert_eq!(Parser::from_name("curl"), Some(Parser::Curl));
    /// assert_eq!(Parser::from_name("CURL"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Parser> {
        Parser::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Whether this build of urikit can read a string with this parser
    /// (`whatwg` and `curl` need their features; `urllib` is never read
    /// here).
    ///
    /// ```
    /// use urikit::views::Parser;
    /// assert!(Parser::Java.is_available());
    /// assert!(!Parser::Urllib.is_available());
    /// ```
    pub const fn is_available(self) -> bool {
        match self {
            Parser::Rfc3986 | Parser::Java => true,
            Parser::Whatwg => cfg!(feature = "whatwg"),
            Parser::Curl => cfg!(feature = "curl"),
            Parser::Yarl | Parser::Httpx => cfg!(feature = "idna"),
            // Not read yet (each turns true with its reading).
            _ => false,
        }
    }

    /// The cargo feature of urikit that brings this parser into a build
    /// (`whatwg`, `curl`); `None` for those every build has (`rfc3986`,
    /// `java`) and for `urllib`, which no Rust build reads. The crates
    /// built on urikit (urikit-arrow, urikit-datafusion) forward these
    /// features under the same names.
    ///
    /// ```
    /// use urikit::views::Parser;
    /// assert_eq!(Parser::Curl.feature(), Some("curl"));
    /// assert_eq!(Parser::Java.feature(), None);
    /// ```
    pub const fn feature(self) -> Option<&'static str> {
        match self {
            Parser::Whatwg => Some("whatwg"),
            Parser::Curl => Some("curl"),
            Parser::Yarl | Parser::Httpx => Some("idna"),
            _ => None,
        }
    }

    /// The parsers this build can read with, in [`Parser::ALL`]'s order.
    pub fn available() -> impl Iterator<Item = Parser> {
        Parser::ALL.into_iter().filter(|p| p.is_available())
    }

    /// This parser's view of `input`, or `None` when this build cannot
    /// read with it (see [`is_available`](Parser::is_available)).
    ///
    /// ```
    /// use urikit::views::Parser;
    /// let java = Parser::Java.read("http://a b/").unwrap();
    /// assert_eq!(java.unwrap_err(), "illegal character in authority at index 7");
    /// ```
    pub fn read(self, input: &str) -> Option<Reading<'_>> {
        match self {
            Parser::Rfc3986 => Some(rfc3986::read(input)),
            Parser::Java => Some(java::read(input)),
            #[cfg(feature = "whatwg")]
            Parser::Whatwg => Some(whatwg::read(input)),
            #[cfg(feature = "curl")]
            Parser::Curl => Some(curl::read(input)),
            #[cfg(feature = "idna")]
            Parser::Yarl => Some(yarl::read(input)),
            #[cfg(feature = "idna")]
            Parser::Httpx => Some(httpx::read(input)),
            _ => None,
        }
    }
}

impl fmt::Display for Parser {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One parser's reading of a string: its [`View`], or its error message.
pub type Reading<'a> = Result<View<'a>, String>;

/// What one parser reads in a string, each component as that parser's own
/// accessor gives it (`None` where the accessor has nothing). Borrowed from
/// the input where the parser gives a slice of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct View<'a> {
    /// The scheme.
    pub scheme: Option<Cow<'a, str>>,
    /// The userinfo (`user:password`).
    pub userinfo: Option<Cow<'a, str>>,
    /// The host, as the parser's host accessor writes it.
    pub host: Option<Cow<'a, str>>,
    /// The host's kind, in the parser's own terms where it has them
    /// (`rfc3986`: `reg-name`, `ipv4`, `ipv6`, `ipvfuture`; `whatwg`:
    /// `domain`, `ipv4`, `ipv6`); for `java`, `curl` and `urllib`, which
    /// give none, `ipv6` for a bracketed host, `ipv4` for four decimal
    /// numbers and `name` otherwise.
    pub host_kind: Option<&'static str>,
    /// The port's digits, as the parser gives them.
    pub port: Option<Cow<'a, str>>,
    /// The path.
    pub path: Option<Cow<'a, str>>,
    /// The query, without its `?`.
    pub query: Option<Cow<'a, str>>,
    /// The fragment, without its `#`.
    pub fragment: Option<Cow<'a, str>>,
}

impl View<'_> {
    /// The view with every borrowed field copied, free of the input.
    pub fn into_owned(self) -> View<'static> {
        fn own(c: Option<Cow<'_, str>>) -> Option<Cow<'static, str>> {
            c.map(|c| Cow::Owned(c.into_owned()))
        }
        View {
            scheme: own(self.scheme),
            userinfo: own(self.userinfo),
            host: own(self.host),
            host_kind: self.host_kind,
            port: own(self.port),
            path: own(self.path),
            query: own(self.query),
            fragment: own(self.fragment),
        }
    }
}

/// The kind of a host for parsers that name none: `ipv6` when bracketed,
/// `ipv4` for four dot-separated decimal numbers, else `name`.
///
/// ```
/// use urikit::views::host_kind_of;
/// assert_eq!(host_kind_of("[::1]"), "ipv6");
/// assert_eq!(host_kind_of("127.0.0.1"), "ipv4");
/// assert_eq!(host_kind_of("0x7f.1"), "name");
/// ```
pub fn host_kind_of(host: &str) -> &'static str {
    if host.starts_with('[') || host.contains(':') {
        "ipv6"
    } else if host.parse::<core::net::Ipv4Addr>().is_ok() {
        "ipv4"
    } else {
        "name"
    }
}

/// The views of one input and the findings where they differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Views<'a> {
    /// The input.
    pub input: &'a str,
    /// Each parser's reading, in the order asked for.
    pub views: Vec<(Parser, Reading<'a>)>,
    /// Where the readings differ, highest weight first.
    pub findings: Vec<Finding>,
}

impl<'a> Views<'a> {
    /// One parser's reading, if it was asked for.
    pub fn view(&self, parser: Parser) -> Option<&Reading<'a>> {
        self.views
            .iter()
            .find(|(p, _)| *p == parser)
            .map(|(_, r)| r)
    }

    /// Whether two of the parsers read a different host or port: a
    /// [`Weight::High`] finding of kind `host`, `port`, `ipv4-form`,
    /// `backslash` or `whitespace` about the host.
    ///
    /// ```
    /// use urikit::views::{Parser, views_of};
    /// assert!(views_of("http://a_b/", &[Parser::Rfc3986, Parser::Java]).host_or_port_differs());
    /// assert!(!views_of("http://ab/", &[Parser::Rfc3986, Parser::Java]).host_or_port_differs());
    /// ```
    pub fn host_or_port_differs(&self) -> bool {
        self.findings.iter().any(|f| f.about_host_or_port())
    }
}

/// Every available parser's view of `input` ([`Parser::available`]), and
/// the findings.
///
/// ```
/// let v = urikit::views::views("http://example.com/");
/// assert!(v.findings.is_empty());
/// assert!(v.views.len() >= 2);
/// ```
pub fn views(input: &str) -> Views<'_> {
    let readings = Parser::available()
        .map(|p| (p, read_or_panic_free(p, input)))
        .collect();
    compare(input, readings)
}

/// The views of the parsers asked for (those this build cannot read with
/// are left out), and the findings.
///
/// ```
/// use urikit::views::{Parser, views_of};
/// let v = views_of("http://[::1]/", &[Parser::Java]);
/// assert_eq!(v.views[0].1.as_ref().unwrap().host.as_deref(), Some("[::1]"));
/// ```
pub fn views_of<'a>(input: &'a str, parsers: &[Parser]) -> Views<'a> {
    let readings = parsers
        .iter()
        .filter(|p| p.is_available())
        .map(|&p| (p, read_or_panic_free(p, input)))
        .collect();
    compare(input, readings)
}

fn read_or_panic_free(p: Parser, input: &str) -> Reading<'_> {
    p.read(input)
        .unwrap_or_else(|| Err(String::from("parser not available")))
}

/// The findings over readings made elsewhere (the Python package adds
/// `urllib`'s this way): one definition of what a disagreement is.
///
/// ```
/// use urikit::views::{Parser, View, compare};
/// let a = View { host: Some("a.example".into()), ..View::default() };
/// let b = View { host: Some("b.example".into()), ..View::default() };
/// let v = compare("x", vec![(Parser::Rfc3986, Ok(a)), (Parser::Urllib, Ok(b))]);
/// assert_eq!(v.findings[0].kind.name(), "host");
/// assert_eq!(v.findings[0].parsers, [Parser::Rfc3986, Parser::Urllib]);
/// ```
pub fn compare<'a>(input: &'a str, views: Vec<(Parser, Reading<'a>)>) -> Views<'a> {
    let findings = finding::findings(input, &views);
    Views {
        input,
        views,
        findings,
    }
}
