//! Findings: where the views of one input differ, what the difference is,
//! and how much it matters.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use super::{Parser, Reading, View};
use urikit::percent;

/// How much a finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Weight {
    /// A difference no request goes elsewhere for (a path, query or
    /// fragment read differently; an input one parser rejects).
    Low,
    /// The same host written differently (percent-decoded, IDNA-mapped),
    /// dot segments removed by one parser only, a different scheme, or a
    /// host-bearing input one parser rejects for its backslash or
    /// whitespace.
    Medium,
    /// A different host, port or userinfo: a check made with one parser
    /// does not hold for a request made with the other (SSRF, open
    /// redirects).
    High,
}

impl Weight {
    /// `low`, `medium` or `high`.
    pub const fn name(self) -> &'static str {
        match self {
            Weight::Low => "low",
            Weight::Medium => "medium",
            Weight::High => "high",
        }
    }
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! kinds {
    ($($(#[$doc:meta])* $v:ident = $name:literal,)*) => {
        /// What differs between the views.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum FindingKind {
            $($(#[$doc])* $v,)*
        }

        impl FindingKind {
            /// Every kind.
            pub const ALL: &'static [FindingKind] = &[$(FindingKind::$v,)*];

            /// The stable name used in machine output.
            ///
            /// ```
            /// use urikit_views::FindingKind;
            /// assert_eq!(FindingKind::Ipv4Form.name(), "ipv4-form");
            /// assert_eq!(FindingKind::from_name("ipv4-form"), Some(FindingKind::Ipv4Form));
            /// ```
            pub const fn name(self) -> &'static str {
                match self {
                    $(FindingKind::$v => $name,)*
                }
            }

            /// The kind of a [`name`](FindingKind::name).
            pub fn from_name(name: &str) -> Option<FindingKind> {
                <FindingKind as urikit::names::Named>::parse_name(name).ok()
            }
        }

        impl urikit::names::Named for FindingKind {
            const WHAT: &'static str = "finding kind";
            const UNKNOWN: &'static str = "unknown-finding-kind";
            const ALL: &'static [FindingKind] = FindingKind::ALL;
            fn name(self) -> &'static str {
                FindingKind::name(self)
            }
        }
    };
}

kinds! {
    /// Different hosts (or a host for one parser and none for another).
    Host = "host",
    /// Different ports (each parser's port, or its scheme's default port
    /// when it has none).
    Port = "port",
    /// Different userinfo: where the userinfo ends and the host begins
    /// (`http://a@b@c/`).
    Userinfo = "userinfo",
    /// A different scheme (compared without case).
    Scheme = "scheme",
    /// Different paths (compared percent-decoded; `` and `/` alike).
    Path = "path",
    /// Different queries (percent-decoded; empty and absent alike).
    Query = "query",
    /// Different fragments (percent-decoded; empty and absent alike).
    Fragment = "fragment",
    /// A difference that comes from a backslash in the input (read as a
    /// slash by one parser, as data or an error by another).
    Backslash = "backslash",
    /// A difference that comes from whitespace or control characters in the
    /// input (stripped by one parser, kept or rejected by another).
    Whitespace = "whitespace",
    /// A host one parser reads as an IPv4 address in a number form
    /// (`0x7f.1`, `2130706433`, `127.1`, `0177.0.0.1`) and another as a
    /// name.
    Ipv4Form = "ipv4-form",
    /// The same host, percent-decoded by one parser and not by another.
    PercentDecodedHost = "percent-decoded-host",
    /// The same host, IDNA-mapped (UTS #46) by one parser and not by
    /// another.
    Idna = "idna",
    /// The same path once dot segments (`.`, `..`, `%2e`) are removed: one
    /// parser removes them, another keeps them.
    DotSegments = "dot-segments",
    /// One parser rejects what another accepts, for no cause named above.
    Rejected = "rejected",
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One difference between the views: which parsers, what each read, how
/// much it matters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    /// What differs.
    pub kind: FindingKind,
    /// Which component was compared: `scheme`, `userinfo`, `host`, `port`,
    /// `path`, `query`, `fragment`, or `view` when one parser rejects the
    /// input and another accepts it.
    pub component: &'static str,
    /// The parsers compared (every parser with a view of this component).
    pub parsers: Vec<Parser>,
    /// Each parser's value, in the order of `parsers` (`None` where it has
    /// none; `error: ...` for a parser that rejects the input).
    pub values: Vec<Option<String>>,
    /// How much it matters.
    pub weight: Weight,
}

impl Finding {
    /// Whether the finding is about the host or the port, and high.
    pub fn about_host_or_port(&self) -> bool {
        self.weight == Weight::High && matches!(self.component, "host" | "port")
    }

    /// The sides of the disagreement: the parsers grouped by the value
    /// they read, each group in the order of [`parsers`](Finding::parsers),
    /// the groups in the order of their first parser. With many parsers
    /// this is the answer to "who reads it which way".
    ///
    /// ```
    /// use urikit_views::{Parser, View, compare};
    /// let v = |h: &str| Ok(View { host: Some(h.to_string().into()), ..View::default() });
    /// let views = compare("x", vec![
    ///     (Parser::Rfc3986, v("a.example")),
    ///     (Parser::Whatwg, v("b.example")),
    ///     (Parser::Java, v("a.example")),
    /// ]);
    /// let sides = views.findings[0].sides();
    /// assert_eq!(sides, [
    ///     (Some("a.example"), vec![Parser::Rfc3986, Parser::Java]),
    ///     (Some("b.example"), vec![Parser::Whatwg]),
    /// ]);
    /// ```
    pub fn sides(&self) -> Vec<(Option<&str>, Vec<Parser>)> {
        let mut out: Vec<(Option<&str>, Vec<Parser>)> = Vec::new();
        for (p, v) in self.parsers.iter().zip(&self.values) {
            let v = v.as_deref();
            match out.iter_mut().find(|(value, _)| *value == v) {
                Some((_, ps)) => ps.push(*p),
                None => out.push((v, alloc::vec![*p])),
            }
        }
        out
    }
}

fn field<'v>(v: &'v View<'_>, component: &str) -> Option<&'v str> {
    let c: &Option<Cow<'_, str>> = match component {
        "scheme" => &v.scheme,
        "userinfo" => &v.userinfo,
        "host" => &v.host,
        "port" => &v.port,
        "path" => &v.path,
        "query" => &v.query,
        _ => &v.fragment,
    };
    c.as_deref()
}

fn has_backslash(input: &str) -> bool {
    input.contains('\\')
}

fn has_whitespace(input: &str) -> bool {
    input.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// The findings over the readings of one input.
pub(super) fn findings(input: &str, views: &[(Parser, Reading<'_>)]) -> Vec<Finding> {
    let mut out = Vec::new();
    let ok: Vec<(Parser, &View<'_>)> = views
        .iter()
        .filter_map(|(p, r)| r.as_ref().ok().map(|v| (*p, v)))
        .collect();
    if ok.is_empty() {
        return out;
    }
    if ok.len() < views.len() {
        let kind = if has_backslash(input) {
            FindingKind::Backslash
        } else if has_whitespace(input) {
            FindingKind::Whitespace
        } else {
            FindingKind::Rejected
        };
        let host = ok
            .iter()
            .any(|(_, v)| v.host.as_deref().is_some_and(|h| !h.is_empty()));
        let weight = if host && kind != FindingKind::Rejected {
            Weight::Medium
        } else {
            Weight::Low
        };
        out.push(Finding {
            kind,
            component: "view",
            parsers: views.iter().map(|(p, _)| *p).collect(),
            values: views
                .iter()
                .map(|(_, r)| {
                    Some(match r {
                        Ok(v) => match v.host.as_deref() {
                            Some(h) => format!("host {h}"),
                            None => String::from("accepted"),
                        },
                        Err(e) => format!("error: {e}"),
                    })
                })
                .collect(),
            weight,
        });
    }
    for component in urikit::Component::ALL.map(urikit::Component::name) {
        let compared: Vec<(Parser, &View<'_>)> = ok
            .iter()
            .copied()
            // java.net.URI has no path or query for an opaque URI (`mailto:a?b`):
            // its "no answer" is not compared.
            .filter(|(_, v)| !matches!(component, "path" | "query") || v.path.is_some())
            .collect();
        if compared.len() < 2 {
            continue;
        }
        // One finding per kind of difference: the parsers of every pair
        // that differs that way, each with its value.
        let mut kinds: Vec<(FindingKind, Weight, Vec<bool>)> = Vec::new();
        for (i, (_, a)) in compared.iter().enumerate() {
            for (j, (_, b)) in compared.iter().enumerate().skip(i + 1) {
                let Some((kind, weight)) = pair(component, a, b, input) else {
                    continue;
                };
                let k = match kinds.iter().position(|(k, _, _)| *k == kind) {
                    Some(k) => k,
                    None => {
                        kinds.push((kind, weight, alloc::vec![false; compared.len()]));
                        kinds.len() - 1
                    }
                };
                kinds[k].1 = kinds[k].1.max(weight);
                kinds[k].2[i] = true;
                kinds[k].2[j] = true;
            }
        }
        for (kind, weight, involved) in kinds {
            let mut parsers = Vec::new();
            let mut values = Vec::new();
            for ((p, v), _) in compared.iter().zip(&involved).filter(|(_, inv)| **inv) {
                parsers.push(*p);
                values.push(field(v, component).map(str::to_string));
            }
            out.push(Finding {
                kind,
                component,
                parsers,
                values,
                weight,
            });
        }
    }
    out.sort_by_key(|f| core::cmp::Reverse(f.weight));
    out
}

/// How two views differ in one component, if they do.
fn pair(component: &str, a: &View<'_>, b: &View<'_>, input: &str) -> Option<(FindingKind, Weight)> {
    let (x, y) = (field(a, component), field(b, component));
    // Byte-equal values never differ in any way below (most pairs, on real
    // traffic): skip the decoding. Not for the port, whose default comes
    // from each view's scheme.
    if x == y && component != "port" {
        return None;
    }
    match component {
        "scheme" => (!opt_eq(x, y, |x, y| x.eq_ignore_ascii_case(y)))
            .then_some((FindingKind::Scheme, Weight::Medium)),
        "userinfo" => {
            let norm = |s: Option<&str>| {
                s.map(|s| decoded(s.strip_suffix(':').unwrap_or(s)))
                    .filter(|s| !s.is_empty())
            };
            (norm(x) != norm(y)).then_some((FindingKind::Userinfo, Weight::High))
        }
        "host" => host_pair(x, y, input),
        "port" => {
            (effective_port(a) != effective_port(b)).then_some((FindingKind::Port, Weight::High))
        }
        "path" => path_pair(x.unwrap_or(""), y.unwrap_or(""), input),
        _ => {
            let norm = |s: Option<&str>| s.map(decoded).filter(|s| !s.is_empty());
            if norm(x) == norm(y) {
                None
            } else if has_whitespace(input) {
                Some((FindingKind::Whitespace, Weight::Low))
            } else if has_backslash(input) {
                Some((FindingKind::Backslash, Weight::Low))
            } else if component == "query" {
                Some((FindingKind::Query, Weight::Low))
            } else {
                Some((FindingKind::Fragment, Weight::Low))
            }
        }
    }
}

fn opt_eq(x: Option<&str>, y: Option<&str>, eq: impl Fn(&str, &str) -> bool) -> bool {
    match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => eq(x, y),
        _ => false,
    }
}

fn decoded(s: &str) -> Vec<u8> {
    percent::decode(s).to_bytes().into_owned()
}

/// The port a request goes to: the view's, else its scheme's default.
/// Digits beyond any port are kept as text (they differ from every port).
fn effective_port(v: &View<'_>) -> Option<Result<u64, String>> {
    match v.port.as_deref() {
        Some(p) if !p.is_empty() => Some(p.parse::<u64>().map_err(|_| p.to_string())),
        _ => v
            .scheme
            .as_deref()
            .and_then(urikit::normalize::scheme_info)
            .and_then(|s| s.get_default_port())
            .map(|p| Ok(u64::from(p))),
    }
}

fn unbracket(h: &str) -> &str {
    h.strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(h)
}

fn same_host(x: &str, y: &str) -> bool {
    let (x, y) = (unbracket(x), unbracket(y));
    x.eq_ignore_ascii_case(y)
        || matches!((x.parse::<Ipv6Addr>(), y.parse::<Ipv6Addr>()), (Ok(a), Ok(b)) if a == b)
}

fn host_pair(x: Option<&str>, y: Option<&str>, input: &str) -> Option<(FindingKind, Weight)> {
    let (x, y) = (x.filter(|h| !h.is_empty()), y.filter(|h| !h.is_empty()));
    if let (Some(x), Some(y)) = (x, y) {
        if same_host(x, y) {
            return None;
        }
        let v4 = |a: &str, b: &str| {
            a.parse::<Ipv4Addr>().is_ok()
                && b.parse::<Ipv4Addr>().is_err()
                && urikit::security::inet_aton(b).is_some()
        };
        if v4(x, y) || v4(y, x) {
            return Some((FindingKind::Ipv4Form, Weight::High));
        }
        let (dx, dy) = (
            decoded(x).to_ascii_lowercase(),
            decoded(y).to_ascii_lowercase(),
        );
        if dx == dy {
            return Some((FindingKind::PercentDecodedHost, Weight::Medium));
        }
        if idna_equal(&dx, &dy) {
            return Some((FindingKind::Idna, Weight::Medium));
        }
    } else if x.is_none() && y.is_none() {
        return None;
    }
    Some(if has_backslash(input) {
        (FindingKind::Backslash, Weight::High)
    } else if has_whitespace(input) {
        (FindingKind::Whitespace, Weight::High)
    } else {
        (FindingKind::Host, Weight::High)
    })
}

/// Whether two (decoded) host names are the same name once IDNA-mapped
/// (UTS #46 ToASCII); without the `idna` feature, never.
fn idna_equal(x: &[u8], y: &[u8]) -> bool {
    #[cfg(feature = "idna")]
    {
        let ascii = |b: &[u8]| {
            core::str::from_utf8(b)
                .ok()
                .and_then(|s| idna::domain_to_ascii(s).ok())
        };
        matches!((ascii(x), ascii(y)), (Some(a), Some(b)) if a == b)
    }
    #[cfg(not(feature = "idna"))]
    {
        let _ = (x, y);
        false
    }
}

fn path_pair(x: &str, y: &str, input: &str) -> Option<(FindingKind, Weight)> {
    let norm = |s: &str| {
        let d = String::from_utf8_lossy(&decoded(s)).into_owned();
        if d.is_empty() { String::from("/") } else { d }
    };
    let (nx, ny) = (norm(x), norm(y));
    if nx == ny {
        return None;
    }
    if has_backslash(input) && nx.replace('\\', "/") == ny.replace('\\', "/") {
        return Some((FindingKind::Backslash, Weight::Medium));
    }
    let dots = |s: &str| {
        let s = s.replace('\\', "/");
        let r = urikit::remove_dot_segments(&s);
        if r.is_empty() { String::from("/") } else { r }
    };
    if dots(&nx) == dots(&ny) {
        return Some((FindingKind::DotSegments, Weight::Medium));
    }
    Some(if has_whitespace(input) {
        (FindingKind::Whitespace, Weight::Low)
    } else if has_backslash(input) {
        (FindingKind::Backslash, Weight::Low)
    } else {
        (FindingKind::Path, Weight::Low)
    })
}
