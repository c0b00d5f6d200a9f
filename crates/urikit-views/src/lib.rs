//! # urikit-views
//!
//! How other parsers read a URL, exactly, and where their readings
//! disagree: the one crate of urikit that speaks for software other than
//! the RFCs. The core, [`urikit`], implements the RFCs only; this crate
//! holds every other library's reading (java.net.URI's view of the core's
//! Java profile, WHATWG through the `url` crate, libcurl through
//! `curl-sys`, and the readings of the other parsers below), the findings
//! between them, java.net's form codec ([`java_form`]) and the conversions
//! with `url::Url` (`url_interop`, feature `url`). Every face (the `uri`
//! CLI, SQL, Python, JavaScript) takes its parser names and views from here.
//!
//! A filter that checks a URL with one parser and a client that connects
//! with another is the root of most server-side request forgery and open
//! redirect bugs of recent years: the two read a different host from the
//! same string. [`views`] reads one string with each parser built in, and
//! [`Finding`]s name every place where their readings differ, with a weight
//! (a different host, port or userinfo/host boundary is [`Weight::High`]).
//!
//! The parsers are the real implementations, or, for libraries of other
//! languages, readings of their algorithms proven against the real
//! library over recorded inputs (`tests/data/views/readings/`):
//!
//! | [`Parser`] | what reads the string | feature |
//! | --- | --- | --- |
//! | `rfc3986` | urikit's strict RFC 3986 parser ([`UriRef`](urikit::UriRef)), its IRI profile ([`IriRef`](urikit::IriRef)) when the input is not ASCII | always |
//! | `java` | `java.net.URI` as [`JavaUri`](urikit::java::JavaUri) reads it (checked against Java 17 by urikit's differential tests) | always |
//! | `whatwg` | the WHATWG URL Standard as the `url` crate implements it (browsers, Node, reqwest and hyper) | `whatwg` |
//! | `curl` | libcurl's URL API, `curl_url_set`/`curl_url_get` (the system's libcurl) | `curl` |
//! | `urllib` | CPython 3.11.7's `urllib.parse` (`urlsplit`, `.hostname`, `.port`) | always |
//! | `urllib3` | urllib3 2.8.0's `util.parse_url` (requests) | always |
//! | `yarl` | yarl 1.25.1's `yarl.URL` (aiohttp) | `idna` |
//! | `httpx` | httpx 0.28.1's `httpx.URL` | `idna` |
//! | `go` | Go 1.27.3's `net/url` `url.Parse` (`Hostname()`, `Port()`) | always |
//! | `php` | PHP 8.2's `parse_url` | always |
//! | `ruby` | Ruby 3.1's `URI.parse` (uri 0.11.0, its RFC 3986 parser) | always |
//! | `ruby-rfc2396` | the same Ruby's `URI::RFC2396_Parser` (Rails) | always |
//! | `node-legacy` | Node 20's `url.parse` | `idna` |
//! | `fast-uri` | fast-uri 4.2.4's `parse` (ajv) | `whatwg` |
//! | `url-parse` | url-parse 1.5.10's `new URLParse(s, {})` | always |
//! | `java-url` | `new java.net.URL(s)` of JDK 17.0.15 | always |
//! | `rust-http` | the `http` crate's `Uri` itself (hyper, reqwest's requests) | `http` |
//!
//! Each reading of a library of another language is our Rust code that
//! follows that library's source (the file names the functions it mirrors
//! and every quirk it reproduces); `tests/data/views/readings/` holds the
//! real library's answers over 4,575 inputs, recorded by a script that runs
//! it, and a test holds every reading to them, error messages included (the
//! few exceptions are listed there and in DEVIATIONS.md). These readings
//! are the `readings` feature; the default features are `std`, `http`,
//! `idna` and `readings`.
//!
//! Each field of a [`View`] is what that parser's own accessor gives:
//! `java`'s host is `getHost()` (absent for a registry authority, brackets
//! kept for IPv6), `whatwg`'s port is `port()` (absent when it is the
//! scheme's default), `curl`'s host and path are `curl_url_get`'s.
//!
//! ```
//! use urikit_views::{FindingKind, Parser, Weight, views_of};
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

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
// The only `unsafe` is the libcurl FFI, in `curl.rs` (feature `curl`).
#![deny(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

extern crate alloc;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

pub mod java_form;
#[cfg(feature = "url")]
pub mod url_interop;

#[cfg(feature = "curl")]
#[allow(unsafe_code)]
mod curl;
#[cfg(all(feature = "readings", feature = "whatwg"))]
mod fast_uri;
mod finding;
#[cfg(feature = "readings")]
mod go;
#[cfg(feature = "readings")]
mod hex;
#[cfg(all(feature = "readings", feature = "idna"))]
mod httpx;
mod java;
#[cfg(feature = "readings")]
mod java_url;
#[cfg(feature = "readings")]
mod js;
#[cfg(all(feature = "readings", feature = "idna"))]
mod node_legacy;
#[cfg(feature = "readings")]
mod php;
#[cfg(all(feature = "readings", feature = "idna"))]
mod pylib;
#[cfg(feature = "readings")]
mod pyrepr;
pub mod record;
mod rfc3986;
#[cfg(feature = "readings")]
mod ruby;
#[cfg(feature = "http")]
mod rust_http;
mod select;
#[cfg(test)]
mod tests;
#[cfg(feature = "readings")]
mod url_parse;
#[cfg(feature = "readings")]
mod urllib;
#[cfg(feature = "readings")]
mod urllib3;
#[cfg(feature = "whatwg")]
mod whatwg;
#[cfg(all(feature = "readings", feature = "idna"))]
mod yarl;

#[cfg(feature = "curl")]
pub use curl::libcurl_version;
pub use finding::{Finding, FindingKind, Weight};
#[cfg(feature = "serde")]
pub use record::Readings;
pub use select::{SelectError, SelectErrorKind};

/// One of the parsers whose views [`views`] compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Parser {
    /// urikit, strict RFC 3986 (RFC 3987's IRI profile for non-ASCII input).
    Rfc3986,
    /// `java.net.URI` (RFC 2396 with Java's deviations): [`urikit::java`].
    Java,
    /// The WHATWG URL Standard, by the `url` crate (feature `whatwg`).
    Whatwg,
    /// libcurl's URL API (feature `curl`).
    Curl,
    /// CPython's `urllib.parse` (`urlsplit`, `.hostname`, `.port`).
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
    /// assert_eq!(urikit_views::Parser::Whatwg.name(), "whatwg");
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
    /// use urikit_views::Parser;
    /// assert_eq!(Parser::from_name("curl"), Some(Parser::Curl));
    /// assert_eq!(Parser::from_name("CURL"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Parser> {
        <Parser as urikit::names::Named>::parse_name(name).ok()
    }

    /// Whether this build can read a string with this parser (the parsers
    /// behind a feature need it: [`Parser::feature`]).
    ///
    /// ```
    /// use urikit_views::Parser;
    /// assert!(Parser::Java.is_available());
    /// assert!(Parser::Urllib.is_available());
    /// ```
    pub const fn is_available(self) -> bool {
        match self {
            Parser::Rfc3986 | Parser::Java => true,
            Parser::Go
            | Parser::Php
            | Parser::Ruby
            | Parser::RubyRfc2396
            | Parser::JavaUrl
            | Parser::Urllib
            | Parser::Urllib3
            | Parser::UrlParse => cfg!(feature = "readings"),
            Parser::RustHttp => cfg!(feature = "http"),
            Parser::FastUri => cfg!(all(feature = "readings", feature = "whatwg")),
            Parser::NodeLegacy | Parser::Yarl | Parser::Httpx => {
                cfg!(all(feature = "readings", feature = "idna"))
            }
            Parser::Whatwg => cfg!(feature = "whatwg"),
            Parser::Curl => cfg!(feature = "curl"),
        }
    }

    /// The cargo feature of urikit-views that brings this parser into a
    /// build (`whatwg`, `curl`, `http`, `idna`); `None` for those every
    /// build has. The crates built on it (urikit-arrow, urikit-datafusion,
    /// the CLI) forward `whatwg` and `curl` under the same names.
    ///
    /// ```
    /// use urikit_views::Parser;
    /// assert_eq!(Parser::Curl.feature(), Some("curl"));
    /// assert_eq!(Parser::Java.feature(), None);
    /// ```
    pub const fn feature(self) -> Option<&'static str> {
        match self {
            Parser::Rfc3986 | Parser::Java => None,
            Parser::Whatwg => Some("whatwg"),
            Parser::Curl => Some("curl"),
            Parser::RustHttp => Some("http"),
            // The readings of other languages' libraries need `readings`;
            // three map hosts by IDNA, fast-uri by the WHATWG host parser.
            _ if !cfg!(feature = "readings") => Some("readings"),
            Parser::NodeLegacy | Parser::Yarl | Parser::Httpx => Some("idna"),
            Parser::FastUri => Some("whatwg"),
            _ => Some("readings"),
        }
    }

    /// The parsers this build can read with, in [`Parser::ALL`]'s order.
    pub fn available() -> impl Iterator<Item = Parser> {
        Parser::ALL.into_iter().filter(|p| p.is_available())
    }

    /// The parsers compared when none are named (`uri views` without
    /// `--parsers`, Python's and JavaScript's `views` without `parsers`):
    /// the ones the SSRF and open-redirect advisories of recent years put
    /// against each other. RFC 3986 (the standard), WHATWG (browsers,
    /// Node's `fetch`, reqwest), java.net.URI, libcurl (PHP, curl), Python's
    /// urllib and urllib3 (requests), Go's `net/url`, Node's legacy
    /// `url.parse`; in [`Parser::ALL`]'s order. `all` names every parser.
    pub const DEFAULT: [Parser; 8] = [
        Parser::Rfc3986,
        Parser::Java,
        Parser::Whatwg,
        Parser::Curl,
        Parser::Urllib,
        Parser::Urllib3,
        Parser::Go,
        Parser::NodeLegacy,
    ];

    /// [`Parser::DEFAULT`]'s parsers that this build can read with.
    ///
    /// ```
    /// use urikit_views::Parser;
    /// assert!(Parser::defaults().all(|p| Parser::DEFAULT.contains(&p) && p.is_available()));
    /// assert_eq!(Parser::defaults().next(), Some(Parser::Rfc3986));
    /// ```
    pub fn defaults() -> impl Iterator<Item = Parser> {
        Parser::DEFAULT.into_iter().filter(|p| p.is_available())
    }

    /// This parser's view of `input`, or `None` when this build cannot
    /// read with it (see [`is_available`](Parser::is_available)).
    ///
    /// ```
    /// use urikit_views::Parser;
    /// let java = Parser::Java.read("http://a b/").unwrap();
    /// assert_eq!(java.unwrap_err(), "illegal character in authority at index 7");
    /// ```
    pub fn read(self, input: &str) -> Option<Reading<'_>> {
        Some(match self {
            Parser::Rfc3986 => rfc3986::read(input),
            Parser::Java => java::read(input),
            #[cfg(feature = "whatwg")]
            Parser::Whatwg => whatwg::read(input),
            #[cfg(feature = "curl")]
            Parser::Curl => curl::read(input),
            #[cfg(feature = "http")]
            Parser::RustHttp => rust_http::read(input),
            #[cfg(feature = "readings")]
            Parser::Go => go::read(input),
            #[cfg(feature = "readings")]
            Parser::Php => php::read(input),
            #[cfg(feature = "readings")]
            Parser::Ruby => ruby::read(input),
            #[cfg(feature = "readings")]
            Parser::RubyRfc2396 => ruby::read_rfc2396(input),
            #[cfg(feature = "readings")]
            Parser::JavaUrl => java_url::read(input),
            #[cfg(feature = "readings")]
            Parser::Urllib => urllib::read(input),
            #[cfg(feature = "readings")]
            Parser::Urllib3 => urllib3::read(input),
            #[cfg(feature = "readings")]
            Parser::UrlParse => url_parse::read(input),
            #[cfg(all(feature = "readings", feature = "whatwg"))]
            Parser::FastUri => fast_uri::read(input),
            #[cfg(all(feature = "readings", feature = "idna"))]
            Parser::NodeLegacy => node_legacy::read(input),
            #[cfg(all(feature = "readings", feature = "idna"))]
            Parser::Yarl => yarl::read(input),
            #[cfg(all(feature = "readings", feature = "idna"))]
            Parser::Httpx => httpx::read(input),
            #[allow(unreachable_patterns)]
            _ => return None,
        })
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
/// use urikit_views::host_kind_of;
/// assert_eq!(host_kind_of("[::1]"), "ipv6");
/// assert_eq!(host_kind_of("127.0.0.1"), "ipv4");
/// assert_eq!(host_kind_of("0x7f.1"), "name");
/// ```
pub fn host_kind_of(host: &str) -> &'static str {
    // A byte search: `str::contains` with a char sets up a searcher.
    if host.starts_with('[') || host.as_bytes().contains(&b':') {
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
    /// use urikit_views::{Parser, views_of};
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
/// let v = urikit_views::views("http://example.com/");
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
/// use urikit_views::{Parser, views_of};
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

/// The findings over readings made elsewhere (or changed by the caller):
/// one definition of what a disagreement is.
///
/// ```
/// use urikit_views::{Parser, View, compare};
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

// The guide's Rust examples run as doc tests (apps/uri/tests/it/docs.rs
// checks that every guide with a ```rust block is listed in a crate).
#[cfg(doctest)]
#[doc = include_str!("../../../docs/views.md")]
struct ViewsGuideDoctests;

impl urikit::names::Named for Parser {
    const WHAT: &'static str = "parser";
    const UNKNOWN: &'static str = "unknown-parser";
    const ALL: &'static [Parser] = &Parser::ALL;
    fn name(self) -> &'static str {
        Parser::name(self)
    }
}
