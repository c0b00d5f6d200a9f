//! Suffix references (4.5): completing what a person typed.
//!
//! Advertisements and people write the end of a URI and leave the rest to
//! "context-based heuristics": `www.w3.org/Addressing/`. The RFC names no
//! standard set, warns that they change over time and are often wrong out
//! of context, and limits them to places with no base URI (dialog boxes,
//! off-line text). [`guess`] applies these, in order, and says which one it
//! used:
//!
//! 1. **Already a URI.** Input that parses as a URI is returned untouched
//!    ([`Guess::AlreadyUri`]): `mailto:a@b`, `javascript:…`. The one
//!    exception is `host:port`: `example.com:8080/x` and `localhost:8080`
//!    are valid URIs with the "scheme" `example.com` or `localhost`, but no
//!    person means that. Input whose "scheme" holds a `.` or is `localhost`,
//!    and whose path starts with a segment of one to five digits, is taken
//!    as `host:port`; [`Completion::also_parses_as_uri`] says so.
//! 2. **Network path** `//host/path`: the default scheme and `:` in front
//!    ([`Heuristic::NetworkPath`]).
//! 3. **Mailbox** `user@host.example`, with nothing after the host:
//!    `mailto:` ([`Heuristic::Mailbox`]).
//! 4. **Service label**: a host whose first label names a service gets that
//!    service's scheme ([`Heuristic::ServiceLabel`]): `www` and `web` the
//!    default scheme (http, as 4.5 suggests), `ftp` ftp, `gopher` gopher,
//!    `news` and `nntp` nntp, `irc` irc, `ldap` ldap.
//! 5. **Host**: any other host name (two or more labels of letters, digits
//!    and hyphens, the last starting with a letter), dotted IPv4 address,
//!    IP literal or `localhost`, optionally with userinfo, port, path, query
//!    and fragment: the default scheme ([`Heuristic::Host`]).
//!
//! Anything else [`Guess::CannotComplete`]: a bare word, a path, a number.
//! The default scheme is `http`; [`SuffixOptions::default_scheme`] changes
//! it (to `https`, say).
//!
//! ```
//! use urikit::suffix::{guess, Guess};
//! assert_eq!(guess("www.w3.org/Addressing/").uri(), Some("http://www.w3.org/Addressing/"));
//! assert_eq!(guess("ftp.example.com/pub").uri(), Some("ftp://ftp.example.com/pub"));
//! assert_eq!(guess("example.com:8080/x").uri(), Some("http://example.com:8080/x"));
//! assert_eq!(guess("[::1]:8080").uri(), Some("http://[::1]:8080"));
//! assert_eq!(guess("mailto:fred@example.com"), Guess::AlreadyUri);
//! assert!(matches!(guess("just words"), Guess::CannotComplete(_)));
//! ```

use alloc::string::String;
use core::fmt;

use crate::chars::{ALPHA, DIGIT};
use crate::{ErrorKind, Uri, UriBuf};

/// Which rule completed a suffix reference.
///
/// ```
/// use urikit::suffix::{guess, Heuristic};
/// assert_eq!(guess("ftp.example.com").completion().unwrap().heuristic(), Heuristic::ServiceLabel);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Heuristic {
    /// `//host/path`: the default scheme in front.
    NetworkPath,
    /// `user@host`: `mailto:`.
    Mailbox,
    /// A first label such as `www` or `ftp` that names the service.
    ServiceLabel,
    /// A host name, IP address or `localhost`: the default scheme.
    Host,
}

impl Heuristic {
    /// A stable lower-case name: `network-path`, `mailbox`,
    /// `service-label`, `host`.
    ///
    /// ```
    /// assert_eq!(urikit::suffix::Heuristic::Mailbox.name(), "mailbox");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Heuristic::NetworkPath => "network-path",
            Heuristic::Mailbox => "mailbox",
            Heuristic::ServiceLabel => "service-label",
            Heuristic::Host => "host",
        }
    }
}

/// Why a suffix reference cannot be completed.
///
/// ```
/// use urikit::suffix::{guess, CannotComplete, Guess};
/// assert_eq!(guess("  "), Guess::CannotComplete(CannotComplete::Empty));
/// assert_eq!(guess("foo/bar"), Guess::CannotComplete(CannotComplete::NoHost));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CannotComplete {
    /// Nothing but whitespace.
    Empty,
    /// The text does not start with a host: a word, a path, a number.
    NoHost,
    /// It starts with a host, but the completed text is not a valid URI.
    Invalid {
        /// Where the trimmed input goes wrong.
        index: usize,
        /// Why.
        kind: ErrorKind,
    },
}

impl fmt::Display for CannotComplete {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CannotComplete::Empty => f.write_str("empty input"),
            CannotComplete::NoHost => {
                f.write_str("cannot complete: the text does not start with a host name")
            }
            CannotComplete::Invalid { index, kind } => {
                write!(f, "cannot complete: {kind} at index {index}")
            }
        }
    }
}

/// A completed suffix reference.
///
/// ```
/// let g = urikit::suffix::guess("localhost:8080");
/// let c = g.completion().unwrap();
/// assert_eq!(c.uri().as_str(), "http://localhost:8080");
/// assert!(c.also_parses_as_uri());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    uri: UriBuf,
    heuristic: Heuristic,
    also_uri: bool,
}

impl Completion {
    /// The completed URI.
    ///
    /// ```
    /// let g = urikit::suffix::guess("www.example.com");
    /// assert_eq!(g.completion().unwrap().uri().host_str(), Some("www.example.com"));
    /// ```
    pub fn uri(&self) -> &UriBuf {
        &self.uri
    }

    /// The completed URI, owned.
    ///
    /// ```
    /// let g = urikit::suffix::guess("www.example.com");
    /// let uri: urikit::UriBuf = g.into_completion().unwrap().into_uri();
    /// assert_eq!(uri.scheme(), "http");
    /// ```
    pub fn into_uri(self) -> UriBuf {
        self.uri
    }

    /// The rule that completed it.
    ///
    /// ```
    /// use urikit::suffix::{guess, Heuristic};
    /// assert_eq!(guess("fred@example.com").completion().unwrap().heuristic(), Heuristic::Mailbox);
    /// ```
    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    /// Whether the input was itself a valid URI, read as `host:port`
    /// instead (see the module documentation).
    ///
    /// ```
    /// assert!(!urikit::suffix::guess("example.com/x").completion().unwrap().also_parses_as_uri());
    /// assert!(urikit::suffix::guess("example.com:81/x").completion().unwrap().also_parses_as_uri());
    /// ```
    pub fn also_parses_as_uri(&self) -> bool {
        self.also_uri
    }
}

/// The outcome of [`guess`].
///
/// ```
/// use urikit::suffix::{guess, Guess};
/// match guess("www.example.com/a") {
///     Guess::Completed(c) => assert_eq!(c.uri().as_str(), "http://www.example.com/a"),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Guess {
    /// The input is already a URI; no heuristic was applied.
    AlreadyUri,
    /// The input was completed.
    Completed(Completion),
    /// The input cannot be completed.
    CannotComplete(CannotComplete),
}

impl Guess {
    /// The completion, if any.
    ///
    /// ```
    /// assert!(urikit::suffix::guess("http://a/").completion().is_none());
    /// ```
    pub fn completion(&self) -> Option<&Completion> {
        match self {
            Guess::Completed(c) => Some(c),
            _ => None,
        }
    }

    /// The completion, owned, if any.
    ///
    /// ```
    /// assert!(urikit::suffix::guess("example.org").into_completion().is_some());
    /// ```
    pub fn into_completion(self) -> Option<Completion> {
        match self {
            Guess::Completed(c) => Some(c),
            _ => None,
        }
    }

    /// The completed URI's text, if any.
    ///
    /// ```
    /// assert_eq!(urikit::suffix::guess("example.org").uri(), Some("http://example.org"));
    /// ```
    pub fn uri(&self) -> Option<&str> {
        self.completion().map(|c| c.uri.as_str())
    }
}

/// Options for [`SuffixOptions::guess`]: a by-value builder.
///
/// ```
/// let opts = urikit::suffix::SuffixOptions::new().default_scheme("https");
/// assert_eq!(opts.guess("www.example.com").uri(), Some("https://www.example.com"));
/// assert_eq!(opts.guess("ftp.example.com").uri(), Some("ftp://ftp.example.com"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct SuffixOptions<'s> {
    default_scheme: &'s str,
}

impl Default for SuffixOptions<'_> {
    fn default() -> Self {
        SuffixOptions::new()
    }
}

impl<'s> SuffixOptions<'s> {
    /// The defaults: `http` as the default scheme.
    ///
    /// ```
    /// let g = urikit::suffix::SuffixOptions::new().guess("example.com");
    /// assert_eq!(g.uri(), Some("http://example.com"));
    /// ```
    pub const fn new() -> SuffixOptions<'static> {
        SuffixOptions {
            default_scheme: "http",
        }
    }

    /// The scheme for hosts with no telling label, `www` hosts and network
    /// paths. A value that is not a valid scheme makes every such guess
    /// fail with [`CannotComplete::Invalid`].
    ///
    /// ```
    /// let opts = urikit::suffix::SuffixOptions::new().default_scheme("https");
    /// assert_eq!(opts.guess("//example.com/a").uri(), Some("https://example.com/a"));
    /// ```
    pub const fn default_scheme<'t>(self, scheme: &'t str) -> SuffixOptions<'t> {
        SuffixOptions {
            default_scheme: scheme,
        }
    }

    /// Complete `input` (surrounding whitespace ignored) by the heuristics
    /// of the module documentation.
    ///
    /// ```
    /// let g = urikit::suffix::SuffixOptions::new().guess(" www.example.com ");
    /// assert_eq!(g.uri(), Some("http://www.example.com"));
    /// ```
    pub fn guess(self, input: &str) -> Guess {
        let s = input.trim_matches(|c: char| c.is_ascii_whitespace());
        if s.is_empty() {
            return Guess::CannotComplete(CannotComplete::Empty);
        }
        // An IPv6 address typed with its zone (RFC 9844), bracketed or not:
        // written in the RFC 6874 form, which `complete` reads.
        if let Some(text) = zoned_address(s) {
            return self.complete(self.default_scheme, "://", &text, Heuristic::Host, false);
        }
        let mut also_uri = false;
        if let Ok(uri) = Uri::parse(s) {
            if !looks_like_host_port(&uri) {
                return Guess::AlreadyUri;
            }
            also_uri = true;
        }

        if s.starts_with("//") {
            return self.complete(
                self.default_scheme,
                ":",
                s,
                Heuristic::NetworkPath,
                also_uri,
            );
        }

        let auth_end = s.find(['/', '?', '#']).unwrap_or(s.len());
        let authority = &s[..auth_end];
        let (userinfo, host_port) = match authority.rfind('@') {
            Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
            None => (None, authority),
        };
        let host = strip_port(host_port);
        let Some(kind) = host_shape(host) else {
            return Guess::CannotComplete(CannotComplete::NoHost);
        };

        if userinfo.is_some_and(|u| !u.is_empty())
            && auth_end == s.len()
            && host.len() == host_port.len()
            && kind == Shape::Name
        {
            return self.complete("mailto", ":", s, Heuristic::Mailbox, also_uri);
        }

        let first_label = host.split('.').next().unwrap_or("");
        if kind == Shape::Name
            && let Some(scheme) = self.service_scheme(first_label)
        {
            return self.complete(scheme, "://", s, Heuristic::ServiceLabel, also_uri);
        }
        self.complete(self.default_scheme, "://", s, Heuristic::Host, also_uri)
    }

    fn service_scheme(&self, label: &str) -> Option<&'s str> {
        const LABELS: &[(&str, &str)] = &[
            ("ftp", "ftp"),
            ("gopher", "gopher"),
            ("news", "nntp"),
            ("nntp", "nntp"),
            ("irc", "irc"),
            ("ldap", "ldap"),
        ];
        if label.eq_ignore_ascii_case("www") || label.eq_ignore_ascii_case("web") {
            return Some(self.default_scheme);
        }
        LABELS
            .iter()
            .find(|(l, _)| l.eq_ignore_ascii_case(label))
            .map(|&(_, scheme)| scheme)
    }

    fn complete(
        &self,
        scheme: &str,
        sep: &str,
        s: &str,
        heuristic: Heuristic,
        also_uri: bool,
    ) -> Guess {
        let mut text = String::with_capacity(scheme.len() + sep.len() + s.len());
        text.push_str(scheme);
        text.push_str(sep);
        text.push_str(s);
        let prefix = scheme.len() + sep.len();
        // Zones only come from `zoned_address`.
        let parsed = crate::ParseOptions::new()
            .zone_id(true)
            .parse_uri(&text)
            .map(Uri::into_owned);
        match parsed {
            Ok(uri) => {
                // A network path needs a host to be worth completing.
                if heuristic == Heuristic::NetworkPath && matches!(uri.host_str(), None | Some(""))
                {
                    return Guess::CannotComplete(CannotComplete::NoHost);
                }
                Guess::Completed(Completion {
                    uri,
                    heuristic,
                    also_uri,
                })
            }
            Err(e) => Guess::CannotComplete(CannotComplete::Invalid {
                index: e.index().saturating_sub(prefix),
                kind: e.kind(),
            }),
        }
    }
}

/// `fe80::1%eth0`, `[fe80::1%eth0]:8080/x` or the RFC 6874 form, as
/// `[fe80::1%25eth0]` plus the rest; `None` for anything else.
fn zoned_address(s: &str) -> Option<String> {
    let (addr, zone, rest) = if let Some(inner) = s.strip_prefix('[') {
        let end = inner.find(']')?;
        let (addr, zone) = inner[..end].split_once('%')?;
        (addr, zone, &inner[end + 1..])
    } else {
        let end = s.find(['/', '?', '#']).unwrap_or(s.len());
        let (addr, zone) = s[..end].split_once('%')?;
        (addr, zone, &s[end..])
    };
    addr.parse::<core::net::Ipv6Addr>().ok()?;
    let zone = match zone.strip_prefix("25") {
        Some(z) if !z.is_empty() && s.contains("%25") => z,
        _ => zone,
    };
    let mut out = String::with_capacity(s.len() + 4);
    out.push('[');
    out.push_str(addr);
    out.push_str("%25");
    out.push_str(zone);
    out.push(']');
    out.push_str(rest);
    Some(out)
}

/// The exception of rule 1: a "scheme" with a dot, or `localhost`, then a
/// path whose first segment is a port number.
fn looks_like_host_port(uri: &Uri<'_>) -> bool {
    let scheme = uri.scheme();
    if !(scheme.contains('.') || scheme.eq_ignore_ascii_case("localhost")) || uri.has_authority() {
        return false;
    }
    let first = uri.path().split('/').next().unwrap_or("");
    (1..=5).contains(&first.len()) && first.bytes().all(|b| DIGIT.contains(b))
}

/// The host without a `:port` (digits, possibly none) at its end.
fn strip_port(host_port: &str) -> &str {
    if host_port.starts_with('[') {
        return match host_port.find(']') {
            Some(end) => &host_port[..=end],
            None => host_port,
        };
    }
    match host_port.rfind(':') {
        Some(c) if host_port[c + 1..].bytes().all(|b| DIGIT.contains(b)) => &host_port[..c],
        _ => host_port,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A DNS-style name.
    Name,
    /// An IP literal, a dotted IPv4 address or `localhost`.
    Address,
}

/// Whether `host` looks like a host a person would type.
fn host_shape(host: &str) -> Option<Shape> {
    if host.starts_with('[') && host.ends_with(']') && host.len() > 2 {
        return Some(Shape::Address);
    }
    if host.eq_ignore_ascii_case("localhost") || crate::host::parse_ipv4(host.as_bytes()).is_some()
    {
        return Some(Shape::Address);
    }
    let name = host.strip_suffix('.').unwrap_or(host);
    let mut labels = 0;
    let mut last = "";
    for label in name.split('.') {
        let b = label.as_bytes();
        if b.is_empty()
            || b.len() > 63
            || !b
                .iter()
                .all(|&c| ALPHA.contains(c) || DIGIT.contains(c) || c == b'-')
            || b[0] == b'-'
            || b[b.len() - 1] == b'-'
        {
            return None;
        }
        labels += 1;
        last = label;
    }
    let tld_ok = last.as_bytes().first().is_some_and(|&c| ALPHA.contains(c));
    (labels >= 2 && tld_ok).then_some(Shape::Name)
}

/// [`SuffixOptions::guess`] with the default options.
///
/// ```
/// use urikit::suffix::{guess, Guess, CannotComplete};
/// assert_eq!(guess("www.w3.org/Addressing/").uri(), Some("http://www.w3.org/Addressing/"));
/// assert_eq!(guess("http://www.w3.org/"), Guess::AlreadyUri);
/// assert_eq!(guess("Addressing/"), Guess::CannotComplete(CannotComplete::NoHost));
/// ```
pub fn guess(input: &str) -> Guess {
    SuffixOptions::new().guess(input)
}
