//! The entries of [`KERNELS`](super::KERNELS), and the argument readers
//! their functions share.

use std::sync::Arc;

use arrow_array::{Array, Datum};
use arrow_schema::ArrowError;

use super::{Example, Family, Kernel, Param, Returns};
use crate::strings::Strs;
use crate::{EncodeSet, Level};
use urikit::names::Named;

/// The rows of the first argument (a scalar is one row).
fn rows<'a>(args: &[&'a dyn Datum]) -> &'a dyn Array {
    args[0].get().0
}

/// A constant string argument (a level, an encode set).
fn constant<'a>(kernel: &str, what: &str, d: &'a dyn Datum) -> Result<&'a str, ArrowError> {
    let (a, scalar) = d.get();
    let value = if scalar && a.len() == 1 {
        Strs::new(a).ok().and_then(|s| s.get(0))
    } else {
        None
    };
    value.ok_or_else(|| {
        ArrowError::InvalidArgumentError(format!("{kernel}: the {what} must be a constant string"))
    })
}

/// The optional `level` argument at `at` (`syntax` when absent).
fn level(kernel: &str, args: &[&dyn Datum], at: usize) -> Result<Level, ArrowError> {
    let Some(d) = args.get(at) else {
        return Ok(Level::Syntax);
    };
    named(kernel, constant(kernel, "level", *d)?)
}

/// The member of a named set (the core's one reading of names and its one
/// refusal), the refusal prefixed with the kernel's name.
fn named<T: Named>(kernel: &str, name: &str) -> Result<T, ArrowError> {
    T::parse_name(name).map_err(|e| ArrowError::InvalidArgumentError(format!("{kernel}: {e}")))
}

/// The `component` argument of `encode`: one of [`EncodeSet::ALL`].
fn encode_set(args: &[&dyn Datum]) -> Result<EncodeSet, ArrowError> {
    named("encode", constant("encode", "component", args[1])?)
}

/// The optional `parsers` argument at `at` (every parser of the build when
/// absent).
fn parsers(
    kernel: &str,
    args: &[&dyn Datum],
    at: usize,
) -> Result<Vec<urikit_views::Parser>, ArrowError> {
    match args.get(at) {
        Some(d) => crate::parsers_named(kernel, constant(kernel, "parsers", *d)?),
        None => Ok(crate::views::default_parsers()),
    }
}

#[cfg(feature = "spark")]
fn on_invalid(fail: bool) -> crate::spark::OnInvalid {
    if fail {
        crate::spark::OnInvalid::Fail
    } else {
        crate::spark::OnInvalid::Null
    }
}

const URI: &[Param] = &[Param::column("uri", "A URI reference.")];
const TEXT: &[Param] = &[Param::column("text", "Any text.")];
const LEVEL: Param = Param {
    optional: true,
    default: Some("syntax"),
    ..Param::constant(
        "level",
        "'string', 'syntax' or 'scheme' (RFC 3986 6.2.1, 6.2.2, 6.2.3); 'syntax' when left out.",
    )
};
const VIEWS: &[Param] = &[
    Param::column("uri", "The string to read, as a URI or URL."),
    Param {
        optional: true,
        ..Param::constant(
            "parsers",
            "The parsers, comma-separated names of urikit-views ('rfc3986', 'java', 'whatwg', 'curl', 'urllib', 'go', …) or 'all' (the default set when left out: rfc3986, whatwg, java, curl, urllib, urllib3, go, node-legacy, those the build has; one the build lacks is an error naming the cargo feature that brings it).",
        )
    },
];
#[cfg(feature = "spark")]
const PARSE_URL: &[Param] = &[
    Param::column("url", "The URL, read as java.net.URI reads it."),
    Param::column(
        "part",
        "The part to extract: 'HOST', 'PATH', 'QUERY', 'REF', 'PROTOCOL', 'FILE', 'AUTHORITY' or 'USERINFO' (case-sensitive; another name gives NULL).",
    ),
    Param {
        optional: true,
        ..Param::column(
            "key",
            "With 'QUERY': the key of the parameter whose value to return, a Java regular expression inserted into (&|^)KEY=([^&]*).",
        )
    },
];

/// A one-argument kernel over the first argument's rows.
macro_rules! unary {
    ($f:path) => {
        |a, _| $f(rows(a))
    };
}

/// Every kernel, in the order of the documentation. Entries behind a
/// feature ([`Kernel::feature`]) exist only with it.
///
/// ```
/// let names: Vec<&str> = urikit_arrow::KERNELS.iter().map(|k| k.name).collect();
/// assert!(names.contains(&"resolve") && names.contains(&"to_iri"));
/// ```
pub static KERNELS: &[Kernel] = &[
    Kernel {
        name: "parse",
        family: Family::Uri,
        params: URI,
        returns: Returns::Parse,
        description: "Parses a URI reference into a struct of its components (NULL when absent), with valid, error_index and error_kind saying where and why an invalid row failed.",
        example: Example {
            args: &["http://u@h:8/p?q#f"],
            sql: "{scheme: http, userinfo: u, host: h, host_kind: reg-name, port: 8, path: /p, query: q, fragment: f, valid: true, error_index: NULL, error_kind: NULL}",
            python: "[{'scheme': 'http', 'userinfo': 'u', 'host': 'h', 'host_kind': 'reg-name', 'port': '8', 'path': '/p', 'query': 'q', 'fragment': 'f', 'valid': True, 'error_index': None, 'error_kind': None}]",
        },
        feature: None,
        slice: None,
        function: unary!(crate::parse),
    },
    Kernel {
        name: "is_valid",
        family: Family::Uri,
        params: URI,
        returns: Returns::Boolean,
        description: "Whether the text is a URI reference (RFC 3986).",
        example: Example {
            args: &["a b"],
            sql: "false",
            python: "[False]",
        },
        feature: None,
        slice: None,
        function: |a, _| Ok(Arc::new(crate::is_valid(rows(a))?)),
    },
    Kernel {
        name: "scheme",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The scheme, as written; NULL when absent.",
        example: Example {
            args: &["HTTP://h/"],
            sql: "HTTP",
            python: "['HTTP']",
        },
        feature: None,
        slice: Some(crate::parse::row::scheme),
        function: unary!(crate::scheme),
    },
    Kernel {
        name: "authority",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The authority (userinfo, host and port), as written; NULL when absent.",
        example: Example {
            args: &["http://u@h:1/p"],
            sql: "u@h:1",
            python: "['u@h:1']",
        },
        feature: None,
        slice: Some(crate::parse::row::authority),
        function: unary!(crate::authority),
    },
    Kernel {
        name: "userinfo",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The userinfo, as written; NULL when absent.",
        example: Example {
            args: &["http://u:p@h/"],
            sql: "u:p",
            python: "['u:p']",
        },
        feature: None,
        slice: Some(crate::parse::row::userinfo),
        function: unary!(crate::userinfo),
    },
    Kernel {
        name: "host",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The host, as written (an IP literal with its brackets); NULL when absent.",
        example: Example {
            args: &["http://www.example.com/a"],
            sql: "www.example.com",
            python: "['www.example.com']",
        },
        feature: None,
        slice: Some(crate::parse::row::host),
        function: unary!(crate::host),
    },
    Kernel {
        name: "port",
        family: Family::Uri,
        params: URI,
        returns: Returns::UInt16,
        description: "The port as a number; NULL when absent, empty or above 65535.",
        example: Example {
            args: &["http://h:8080/"],
            sql: "8080",
            python: "[8080]",
        },
        feature: None,
        slice: None,
        function: |a, _| Ok(Arc::new(crate::port(rows(a))?)),
    },
    Kernel {
        name: "port_text",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The port as written (it may be empty or have leading zeros); NULL when absent.",
        example: Example {
            args: &["http://h:080/"],
            sql: "080",
            python: "['080']",
        },
        feature: None,
        slice: Some(crate::parse::row::port_text),
        function: unary!(crate::port_text),
    },
    Kernel {
        name: "path",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The path, as written (every URI reference has one, possibly empty).",
        example: Example {
            args: &["http://h/a/b?q"],
            sql: "/a/b",
            python: "['/a/b']",
        },
        feature: None,
        slice: Some(crate::parse::row::path),
        function: unary!(crate::path),
    },
    Kernel {
        name: "query",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The query, as written, without its '?'; NULL when absent.",
        example: Example {
            args: &["/p?a=1"],
            sql: "a=1",
            python: "['a=1']",
        },
        feature: None,
        slice: Some(crate::parse::row::query),
        function: unary!(crate::query),
    },
    Kernel {
        name: "fragment",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The fragment, as written, without its '#'; NULL when absent.",
        example: Example {
            args: &["/p#top"],
            sql: "top",
            python: "['top']",
        },
        feature: None,
        slice: Some(crate::parse::row::fragment),
        function: unary!(crate::fragment),
    },
    Kernel {
        name: "path_segments",
        family: Family::Uri,
        params: URI,
        returns: Returns::List,
        description: "The path's segments, percent-decoded, as a list.",
        example: Example {
            args: &["http://h/a/b%20c"],
            sql: "[a, b c]",
            python: "[['a', 'b c']]",
        },
        feature: None,
        slice: None,
        function: unary!(crate::path_segments),
    },
    Kernel {
        name: "query_params",
        family: Family::Uri,
        params: URI,
        returns: Returns::Map,
        description: "The query's key=value pairs, percent-decoded, as a map (a repeated key appears as often as it does).",
        example: Example {
            args: &["/p?a=1&b=x%20y"],
            sql: "{a: 1, b: x y}",
            python: "[[('a', '1'), ('b', 'x y')]]",
        },
        feature: None,
        slice: None,
        function: unary!(crate::query_params),
    },
    Kernel {
        name: "query_param",
        family: Family::Uri,
        params: &[
            Param::column("uri", "A URI reference."),
            Param::column("name", "The parameter's name, decoded."),
        ],
        returns: Returns::String,
        description: "The first value of the query parameter name, percent-decoded; NULL when there is none.",
        example: Example {
            args: &["/p?a=1&b=2", "b"],
            sql: "2",
            python: "['2']",
        },
        feature: None,
        slice: None,
        function: |a, _| crate::query_param(a[0], a[1]),
    },
    Kernel {
        name: "extract",
        family: Family::Uri,
        params: TEXT,
        returns: Returns::List,
        description: "The URIs found in running text, as a list.",
        example: Example {
            args: &["see <http://a/> and \"http://b/\""],
            sql: "[http://a/, http://b/]",
            python: "[['http://a/', 'http://b/']]",
        },
        feature: None,
        slice: None,
        function: unary!(crate::extract),
    },
    Kernel {
        name: "lint",
        family: Family::Uri,
        params: URI,
        returns: Returns::List,
        description: "The kinds of the security findings of urikit's lint (credentials, deceptive hosts and more), as a list.",
        example: Example {
            args: &["http://user:pw@h/"],
            sql: "[credentials]",
            python: "[['credentials']]",
        },
        feature: None,
        slice: None,
        function: unary!(crate::lint),
    },
    Kernel {
        name: "host_reversed",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The host with its labels in reverse order (com.example.www), so that sorting groups a domain's hosts.",
        example: Example {
            args: &["http://www.example.com/"],
            sql: "com.example.www",
            python: "['com.example.www']",
        },
        feature: None,
        slice: None,
        function: unary!(crate::host_reversed),
    },
    Kernel {
        name: "surt",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The SURT key (Sort-friendly URI Reordering Transform) of an absolute URI, as web archives' CDX files have it.",
        example: Example {
            args: &["http://www.Example.com:80/A/b?z=1&a=2#f"],
            sql: "com,example)/a/b?a=2&z=1",
            python: "['com,example)/a/b?a=2&z=1']",
        },
        feature: None,
        slice: None,
        function: unary!(crate::surt),
    },
    Kernel {
        name: "public_suffix",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The public suffix of the host, by the public suffix list compiled in.",
        example: Example {
            args: &["http://a.b.example.co.uk/"],
            sql: "co.uk",
            python: "['co.uk']",
        },
        feature: None,
        slice: None,
        function: unary!(crate::public_suffix),
    },
    Kernel {
        name: "registrable_domain",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The registrable domain of the host: its public suffix and one more label.",
        example: Example {
            args: &["http://a.b.example.co.uk/"],
            sql: "example.co.uk",
            python: "['example.co.uk']",
        },
        feature: None,
        slice: None,
        function: unary!(crate::registrable_domain),
    },
    Kernel {
        name: "views",
        family: Family::Uri,
        params: VIEWS,
        returns: Returns::Views,
        description: "Every parser's view of the string: a struct with a field per parser of urikit-views (rfc3986, java, whatwg, curl, urllib, urllib3, yarl, httpx, go, php, ruby, ruby-rfc2396, node-legacy, fast-uri, url-parse, java-url, rust-http), each the scheme, userinfo, host, host_kind, port, path, query and fragment as that parser reads them, or only its error; NULL for a parser not asked for.",
        example: Example {
            args: &["http://a_b.example/", "rfc3986,java"],
            sql: "{rfc3986: {scheme: http, userinfo: NULL, host: a_b.example, host_kind: reg-name, port: NULL, path: /, query: NULL, fragment: NULL, error: NULL}, java: {scheme: http, userinfo: NULL, host: NULL, host_kind: NULL, port: NULL, path: /, query: NULL, fragment: NULL, error: NULL}, whatwg: NULL, curl: NULL, urllib: NULL, urllib3: NULL, yarl: NULL, httpx: NULL, go: NULL, php: NULL, ruby: NULL, ruby-rfc2396: NULL, node-legacy: NULL, fast-uri: NULL, url-parse: NULL, java-url: NULL, rust-http: NULL}",
            python: "[{'rfc3986': {'scheme': 'http', 'userinfo': None, 'host': 'a_b.example', 'host_kind': 'reg-name', 'port': None, 'path': '/', 'query': None, 'fragment': None, 'error': None}, 'java': {'scheme': 'http', 'userinfo': None, 'host': None, 'host_kind': None, 'port': None, 'path': '/', 'query': None, 'fragment': None, 'error': None}, 'whatwg': None, 'curl': None, 'urllib': None, 'urllib3': None, 'yarl': None, 'httpx': None, 'go': None, 'php': None, 'ruby': None, 'ruby-rfc2396': None, 'node-legacy': None, 'fast-uri': None, 'url-parse': None, 'java-url': None, 'rust-http': None}]",
        },
        feature: None,
        slice: None,
        function: |a, _| crate::views(rows(a), &parsers("views", a, 1)?),
    },
    Kernel {
        name: "host_confusion",
        family: Family::Uri,
        params: VIEWS,
        returns: Returns::Findings,
        description: "Where the parsers' views of the string differ (a different host, port or userinfo, a backslash, an IPv4 number form, ...): a list of findings, each with its kind, component, the parsers and their values, and a weight; an empty list when they agree.",
        example: Example {
            args: &["http://a_b.example/", "rfc3986,java"],
            sql: "[{kind: host, component: host, parsers: [rfc3986, java], values: [a_b.example, NULL], weight: high}]",
            python: "[[{'kind': 'host', 'component': 'host', 'parsers': ['rfc3986', 'java'], 'values': ['a_b.example', None], 'weight': 'high'}]]",
        },
        feature: None,
        slice: None,
        function: |a, _| crate::host_confusion(rows(a), &parsers("host_confusion", a, 1)?),
    },
    #[cfg(feature = "idna")]
    Kernel {
        name: "host_ascii",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The host in ASCII: a registered name by IDNA (UTS #46 ToASCII) after decoding percent-encoded UTF-8, an IP address as it is; the row may be an IRI.",
        example: Example {
            args: &["http://例え.jp/"],
            sql: "xn--r8jz45g.jp",
            python: "['xn--r8jz45g.jp']",
        },
        feature: Some("idna"),
        slice: None,
        function: unary!(crate::host_ascii),
    },
    #[cfg(feature = "idna")]
    Kernel {
        name: "host_unicode",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The host with its A-labels shown as U-labels (UTS #46 ToUnicode); the row may be an IRI.",
        example: Example {
            args: &["http://xn--r8jz45g.jp/"],
            sql: "例え.jp",
            python: "['例え.jp']",
        },
        feature: Some("idna"),
        slice: None,
        function: unary!(crate::host_unicode),
    },
    Kernel {
        name: "resolve",
        family: Family::Uri,
        params: &[
            Param::column("base", "The base URI (absolute)."),
            Param::column("reference", "The URI reference to resolve against it."),
        ],
        returns: Returns::String,
        description: "The reference resolved against the base (RFC 3986 5.2).",
        example: Example {
            args: &["http://a/b/c/d;p?q", "../g"],
            sql: "http://a/b/g",
            python: "['http://a/b/g']",
        },
        feature: None,
        slice: None,
        function: |a, _| crate::resolve(a[0], a[1]),
    },
    Kernel {
        name: "make_relative",
        family: Family::Uri,
        params: &[
            Param::column("base", "The base URI (absolute)."),
            Param::column("target", "The URI to reach from it."),
        ],
        returns: Returns::String,
        description: "The shortest reference that resolves against the base to the target.",
        example: Example {
            args: &["http://a/b/c/d", "http://a/b/x"],
            sql: "../x",
            python: "['../x']",
        },
        feature: None,
        slice: None,
        function: |a, _| crate::make_relative(a[0], a[1]),
    },
    Kernel {
        name: "normalize",
        family: Family::Uri,
        params: &[Param::column("uri", "A URI reference."), LEVEL],
        returns: Returns::String,
        description: "The normal form at the level (RFC 3986 6.2.2 syntax-based, 6.2.3 scheme-based).",
        example: Example {
            args: &["HTTP://A:80/%7e/./x", "scheme"],
            sql: "http://a/~/x",
            python: "['http://a/~/x']",
        },
        feature: None,
        slice: None,
        function: |a, _| crate::normalize(rows(a), level("normalize", a, 1)?),
    },
    Kernel {
        name: "equivalent",
        family: Family::Uri,
        params: &[
            Param::column("a", "A URI reference."),
            Param::column("b", "Another."),
            LEVEL,
        ],
        returns: Returns::Boolean,
        description: "Whether the two are equivalent at the level (RFC 3986 6.2).",
        example: Example {
            args: &["http://a/%7e", "http://a/~"],
            sql: "true",
            python: "[True]",
        },
        feature: None,
        slice: None,
        function: |a, _| {
            Ok(Arc::new(crate::equivalent(
                a[0],
                a[1],
                level("equivalent", a, 2)?,
            )?))
        },
    },
    Kernel {
        name: "encode",
        family: Family::Uri,
        params: &[
            Param::column("text", "The text to encode (as UTF-8)."),
            Param::constant(
                "component",
                "The encode set: 'userinfo', 'host', 'segment', 'segment-nc', 'path', 'query', 'query-pair', 'fragment' or 'unreserved'.",
            ),
        ],
        returns: Returns::String,
        description: "The text percent-encoded for a component: every character the component does not allow as data is encoded, '%' always.",
        example: Example {
            args: &["a b/c", "segment"],
            sql: "a%20b%2Fc",
            python: "['a%20b%2Fc']",
        },
        feature: None,
        slice: None,
        function: |a, _| crate::encode(rows(a), encode_set(a)?),
    },
    Kernel {
        name: "decode",
        family: Family::Uri,
        params: TEXT,
        returns: Returns::String,
        description: "The text percent-decoded; NULL when the result is not UTF-8.",
        example: Example {
            args: &["a%20b"],
            sql: "a b",
            python: "['a b']",
        },
        feature: None,
        slice: None,
        function: unary!(crate::decode),
    },
    Kernel {
        name: "to_uri",
        family: Family::Uri,
        params: &[Param::column("iri", "An IRI reference.")],
        returns: Returns::String,
        description: "The URI reference an IRI reference stands for (RFC 3987 3.1): non-ASCII characters percent-encoded as UTF-8.",
        example: Example {
            args: &["http://www.example.org/résumé"],
            sql: "http://www.example.org/r%C3%A9sum%C3%A9",
            python: "['http://www.example.org/r%C3%A9sum%C3%A9']",
        },
        feature: None,
        slice: None,
        function: unary!(crate::to_uri),
    },
    Kernel {
        name: "to_iri",
        family: Family::Uri,
        params: URI,
        returns: Returns::String,
        description: "The IRI reference a URI reference stands for (RFC 3987 3.2): percent-encoded UTF-8 decoded where 3.2 allows.",
        example: Example {
            args: &["http://www.example.org/D%C3%BCrst"],
            sql: "http://www.example.org/Dürst",
            python: "['http://www.example.org/Dürst']",
        },
        feature: None,
        slice: None,
        function: unary!(crate::to_iri),
    },
    Kernel {
        name: "repair",
        family: Family::Uri,
        params: TEXT,
        returns: Returns::String,
        description: "A near-URI made a valid URI reference by percent-encoding what the grammar does not allow; NULL when that would need a guess.",
        example: Example {
            args: &["http://a/b c|d"],
            sql: "http://a/b%20c%7Cd",
            python: "['http://a/b%20c%7Cd']",
        },
        feature: None,
        slice: None,
        function: unary!(crate::repair),
    },
    #[cfg(feature = "spark")]
    Kernel {
        name: "parse_url",
        family: Family::Spark,
        params: PARSE_URL,
        returns: Returns::String,
        description: "A part of a URL as Spark extracts it; an invalid URL fails in ANSI mode (Spark 4's default) with INVALID_URL, and gives NULL otherwise.",
        example: Example {
            args: &["http://spark.apache.org/path?query=1", "QUERY", "query"],
            sql: "1",
            python: "['1']",
        },
        feature: Some("spark"),
        slice: None,
        function: |a, o| crate::spark::parse_url(a[0], a[1], a.get(2).copied(), on_invalid(o.ansi)),
    },
    #[cfg(feature = "spark")]
    Kernel {
        name: "try_parse_url",
        family: Family::Spark,
        params: PARSE_URL,
        returns: Returns::String,
        description: "parse_url that gives NULL for an invalid URL, whatever the ANSI mode.",
        example: Example {
            args: &["inva lid://x", "HOST"],
            sql: "NULL",
            python: "[None]",
        },
        feature: Some("spark"),
        slice: None,
        function: |a, _| crate::spark::parse_url(a[0], a[1], a.get(2).copied(), on_invalid(false)),
    },
    #[cfg(feature = "spark")]
    Kernel {
        name: "url_encode",
        family: Family::Spark,
        params: &[Param::column("str", "The text to encode.")],
        returns: Returns::String,
        description: "The text as application/x-www-form-urlencoded, as java.net.URLEncoder encodes it with UTF-8 (a space becomes '+').",
        example: Example {
            args: &["https://spark.apache.org"],
            sql: "https%3A%2F%2Fspark.apache.org",
            python: "['https%3A%2F%2Fspark.apache.org']",
        },
        feature: Some("spark"),
        slice: None,
        function: unary!(crate::spark::url_encode),
    },
    #[cfg(feature = "spark")]
    Kernel {
        name: "url_decode",
        family: Family::Spark,
        params: &[Param::column("str", "The text to decode.")],
        returns: Returns::String,
        description: "An application/x-www-form-urlencoded text decoded, as java.net.URLDecoder decodes it with UTF-8; a malformed escape fails with CANNOT_DECODE_URL.",
        example: Example {
            args: &["https%3A%2F%2Fspark.apache.org"],
            sql: "https://spark.apache.org",
            python: "['https://spark.apache.org']",
        },
        feature: Some("spark"),
        slice: None,
        function: |a, _| crate::spark::url_decode(rows(a), on_invalid(true)),
    },
    #[cfg(feature = "spark")]
    Kernel {
        name: "try_url_decode",
        family: Family::Spark,
        params: &[Param::column("str", "The text to decode.")],
        returns: Returns::String,
        description: "url_decode that gives NULL where url_decode fails.",
        example: Example {
            args: &["100%"],
            sql: "NULL",
            python: "[None]",
        },
        feature: Some("spark"),
        slice: None,
        function: |a, _| crate::spark::url_decode(rows(a), on_invalid(false)),
    },
];
