//! Unit tests of the findings, over views written by hand (no parser).

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::{FindingKind, Parser, Reading, View, Weight, compare};

fn view(scheme: &str, host: Option<&str>, port: Option<&str>, path: &str) -> View<'static> {
    View {
        scheme: Some(String::from(scheme).into()),
        host: host.map(|h| String::from(h).into()),
        port: port.map(|p| String::from(p).into()),
        path: Some(String::from(path).into()),
        ..View::default()
    }
}

fn kinds(
    input: &'static str,
    readings: Vec<(Parser, Reading<'static>)>,
) -> Vec<(FindingKind, Weight)> {
    compare(input, readings)
        .findings
        .iter()
        .map(|f| (f.kind, f.weight))
        .collect()
}

#[test]
fn equal_views_raise_nothing() {
    let v = view("http", Some("a.example"), None, "/x");
    assert!(
        kinds(
            "x",
            vec![(Parser::Rfc3986, Ok(v.clone())), (Parser::Whatwg, Ok(v))]
        )
        .is_empty()
    );
}

#[test]
fn equivalent_spellings_raise_nothing() {
    // Case of scheme and host, IPv6 compression and brackets, the default
    // port given or not, "" and "/" as the path of an authority.
    let a = view("HTTP", Some("[0:0::1]"), Some("80"), "");
    let b = view("http", Some("::1"), None, "/");
    assert!(kinds("x", vec![(Parser::Rfc3986, Ok(a)), (Parser::Urllib, Ok(b))]).is_empty());
}

#[test]
fn errors_alone_raise_nothing() {
    let e = || Err(String::from("no"));
    assert!(kinds("x", vec![(Parser::Rfc3986, e()), (Parser::Java, e())]).is_empty());
}

#[test]
fn an_error_beside_a_view_is_named_by_its_cause() {
    let ok = || Ok(view("http", Some("a"), None, "/"));
    let e = || Err(String::from("no"));
    assert_eq!(
        kinds(
            "http://a\\b",
            vec![(Parser::Rfc3986, e()), (Parser::Whatwg, ok())]
        ),
        [(FindingKind::Backslash, Weight::Medium)]
    );
    assert_eq!(
        kinds(
            "http://a\tb",
            vec![(Parser::Rfc3986, e()), (Parser::Whatwg, ok())]
        ),
        [(FindingKind::Whitespace, Weight::Medium)]
    );
    assert_eq!(
        kinds(
            "http://a",
            vec![(Parser::Rfc3986, e()), (Parser::Whatwg, ok())]
        ),
        [(FindingKind::Rejected, Weight::Low)]
    );
}

#[test]
fn host_differences_are_classified() {
    let pair = |input: &'static str, a: &str, b: &str| {
        kinds(
            input,
            vec![
                (Parser::Rfc3986, Ok(view("http", Some(a), None, "/"))),
                (Parser::Whatwg, Ok(view("http", Some(b), None, "/"))),
            ],
        )
    };
    assert_eq!(
        pair("x", "0x7f.1", "127.0.0.1"),
        [(FindingKind::Ipv4Form, Weight::High)]
    );
    assert_eq!(
        pair("x", "2130706433", "127.0.0.1"),
        [(FindingKind::Ipv4Form, Weight::High)]
    );
    assert_eq!(
        pair("x", "ex%61mple.com", "example.com"),
        [(FindingKind::PercentDecodedHost, Weight::Medium)]
    );
    assert_eq!(
        pair("x", "a.example", "b.example"),
        [(FindingKind::Host, Weight::High)]
    );
    assert_eq!(
        pair("a\\b", "a.example", "b.example"),
        [(FindingKind::Backslash, Weight::High)]
    );
    #[cfg(feature = "idna")]
    assert_eq!(
        pair("x", "b\u{fc}cher.de", "xn--bcher-kva.de"),
        [(FindingKind::Idna, Weight::Medium)]
    );
}

#[test]
fn a_missing_host_differs_from_a_host() {
    let a = view("http", Some("a_b"), None, "/");
    let b = view("http", None, None, "/");
    let v = compare(
        "http://a_b/",
        vec![(Parser::Rfc3986, Ok(a)), (Parser::Java, Ok(b))],
    );
    assert_eq!(v.findings.len(), 1);
    assert_eq!(v.findings[0].kind, FindingKind::Host);
    assert_eq!(v.findings[0].values, [Some(String::from("a_b")), None]);
    assert!(v.host_or_port_differs());
}

#[test]
fn ports_compare_with_the_scheme_default() {
    let a = view("https", Some("a"), Some("443"), "/");
    let b = view("https", Some("a"), None, "/");
    let c = view("https", Some("a"), Some("0443"), "/");
    let d = view("https", Some("a"), Some("80"), "/");
    let r = |v: &View<'static>| Ok(v.clone());
    assert!(
        kinds(
            "x",
            vec![
                (Parser::Rfc3986, r(&a)),
                (Parser::Whatwg, r(&b)),
                (Parser::Curl, r(&c))
            ]
        )
        .is_empty()
    );
    assert_eq!(
        kinds("x", vec![(Parser::Rfc3986, r(&a)), (Parser::Whatwg, r(&d))]),
        [(FindingKind::Port, Weight::High)]
    );
}

#[test]
fn path_differences_are_classified() {
    let pair = |input: &'static str, a: &str, b: &str| {
        kinds(
            input,
            vec![
                (Parser::Rfc3986, Ok(view("http", Some("a"), None, a))),
                (Parser::Whatwg, Ok(view("http", Some("a"), None, b))),
            ],
        )
    };
    assert_eq!(
        pair("x", "/a/../b", "/b"),
        [(FindingKind::DotSegments, Weight::Medium)]
    );
    assert_eq!(
        pair("x", "/a/%2e%2E/b", "/b"),
        [(FindingKind::DotSegments, Weight::Medium)]
    );
    assert_eq!(pair("x", "/%7e", "/~"), []);
    assert_eq!(
        pair("x\\", "/a\\b", "/a/b"),
        [(FindingKind::Backslash, Weight::Medium)]
    );
    assert_eq!(pair("x", "/a", "/b"), [(FindingKind::Path, Weight::Low)]);
}

#[test]
fn userinfo_boundaries_are_high() {
    let mut a = view("http", Some("c"), None, "/");
    a.userinfo = Some(String::from("a@b").into());
    let mut b = view("http", Some("c"), None, "/");
    b.userinfo = Some(String::from("a%40b").into());
    let mut c = view("http", Some("c"), None, "/");
    c.userinfo = Some(String::from("a").into());
    let r = |v: &View<'static>| Ok(v.clone());
    assert!(kinds("x", vec![(Parser::Curl, r(&a)), (Parser::Whatwg, r(&b))]).is_empty());
    assert_eq!(
        kinds("x", vec![(Parser::Curl, r(&a)), (Parser::Whatwg, r(&c))]),
        [(FindingKind::Userinfo, Weight::High)]
    );
}

#[test]
fn an_opaque_java_view_is_not_compared_by_path() {
    let a = View {
        scheme: Some("mailto".into()),
        path: Some("a@b".into()),
        query: Some("x".into()),
        ..View::default()
    };
    let java = View {
        scheme: Some("mailto".into()),
        ..View::default()
    };
    assert!(
        kinds(
            "mailto:a@b?x",
            vec![(Parser::Rfc3986, Ok(a)), (Parser::Java, Ok(java))]
        )
        .is_empty()
    );
}

#[test]
fn kinds_and_weights_have_stable_names() {
    for k in FindingKind::ALL {
        assert_eq!(FindingKind::from_name(k.name()), Some(*k));
    }
    assert_eq!(Weight::High.name(), "high");
    for p in Parser::ALL {
        assert_eq!(Parser::from_name(p.name()), Some(p));
    }
}
