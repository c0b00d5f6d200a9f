//! `urikit_views` against the real parsers, from data files
//! (`tests/data/views/`): `expected.jsonl` holds what java.net.URI (Java 17),
//! Node's WHATWG `URL`, libcurl's URL API and Python's `urllib.parse` read in
//! each input, recorded by `generate.py` from the real programs; the
//! `rfc3986` view is checked against iri-string, an independent RFC 3986
//! parser; `findings.txt` holds the finding kinds worked out by hand.

use proptest::prelude::*;
use serde_json::Value;
use urikit_views::{Parser, Reading, View, compare, views};

const EXPECTED: &str = include_str!("../data/views/expected.jsonl");

struct Record {
    input: String,
    source: String,
    json: Value,
}

fn records() -> (Value, Vec<Record>) {
    let mut lines = EXPECTED.lines();
    let meta: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let records = lines
        .map(|l| {
            let json: Value = serde_json::from_str(l).unwrap();
            Record {
                input: json["input"].as_str().unwrap().to_string(),
                source: json["source"].as_str().unwrap().to_string(),
                json,
            }
        })
        .collect();
    (meta["meta"].clone(), records)
}

/// A reading as the recorded JSON shape: `{"error"}` or the seven fields
/// (absent and empty query or fragment alike, as Node's `search` and
/// `hash` cannot tell them apart).
fn shape(r: &Reading<'_>, empty_is_absent: bool) -> Value {
    match r {
        Err(_) => serde_json::json!({"error": true}),
        Ok(v) => {
            let f = |c: &Option<std::borrow::Cow<'_, str>>, empty: bool| match c.as_deref() {
                Some("") if empty => Value::Null,
                Some(s) => Value::String(s.to_string()),
                None => Value::Null,
            };
            serde_json::json!({
                "scheme": f(&v.scheme, false), "userinfo": f(&v.userinfo, false),
                "host": f(&v.host, false), "port": f(&v.port, false), "path": f(&v.path, false),
                "query": f(&v.query, empty_is_absent), "fragment": f(&v.fragment, empty_is_absent),
            })
        }
    }
}

fn recorded(v: &Value) -> Value {
    if v.get("error").is_some() {
        serde_json::json!({"error": true})
    } else {
        v.clone()
    }
}

fn compare_parser(parser: Parser, key: &str, empty_is_absent: bool) -> Vec<String> {
    let (_, records) = records();
    let mut differ = Vec::new();
    for r in &records {
        let ours = shape(&parser.read(&r.input).unwrap(), empty_is_absent);
        let theirs = recorded(&r.json[key]);
        if ours != theirs {
            differ.push(format!(
                "{:?} ({}): urikit {ours} real {theirs}",
                r.input, r.source
            ));
        }
    }
    differ
}

#[test]
fn java_view_is_what_java_net_uri_read() {
    let differ = compare_parser(Parser::Java, "java", false);
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// Where the `url` crate and Node (Ada) read an input differently; each is
/// explained in DEVIATIONS.md ("views").
#[cfg(feature = "whatwg")]
const WHATWG_KNOWN: &[&str] = &["http://\u{661}\u{662}\u{663}.example/"];

#[cfg(feature = "whatwg")]
#[test]
fn whatwg_view_is_what_node_read() {
    let differ: Vec<String> = compare_parser(Parser::Whatwg, "whatwg", true)
        .into_iter()
        .filter(|d| {
            !WHATWG_KNOWN
                .iter()
                .any(|k| d.starts_with(&format!("{k:?} ")))
        })
        .collect();
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// Whether the linked libcurl is the one `expected.jsonl` was recorded
/// with. curl's URL parser changes between releases, and the curl view is
/// whatever libcurl the build links (the system's, found with pkg-config,
/// or curl-sys's bundled copy), so an answer recorded from one libcurl is
/// no expected value for another. Prints one skip line when it is not, and
/// fails under `CI=true`, where .ci/run installs the recorded one.
#[cfg(feature = "curl")]
fn recorded_libcurl_is_linked(what: &str) -> bool {
    let (meta, _) = records();
    let recorded = meta["libcurl"].as_str().unwrap();
    let linked = urikit_views::libcurl_version();
    if linked.starts_with(recorded) {
        return true;
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    assert!(
        !ci,
        "CI=true and libcurl {linked} is linked, the vectors were recorded with {recorded}"
    );
    eprintln!("note: skipped {what}: linked {linked}, recorded with {recorded}");
    false
}

#[cfg(feature = "curl")]
#[test]
fn curl_view_is_what_libcurl_read_through_ctypes() {
    if !recorded_libcurl_is_linked("the curl vectors") {
        return;
    }
    let differ = compare_parser(Parser::Curl, "curl", false);
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// The `rfc3986` view against iri-string's reading of the same string
/// (URI reference, or IRI reference for non-ASCII input): accepted by both
/// or neither, and the same components.
#[test]
fn rfc3986_view_agrees_with_iri_string() {
    use iri_string::types::{IriReferenceStr, UriReferenceStr};
    let (_, records) = records();
    let mut differ = Vec::new();
    for r in &records {
        let s = r.input.as_str();
        let theirs = if s.is_ascii() {
            UriReferenceStr::new(s).ok().map(|u| parts(u.as_str()))
        } else {
            IriReferenceStr::new(s).ok().map(|u| parts(u.as_str()))
        };
        let ours = Parser::Rfc3986.read(s).unwrap().ok().map(|v| {
            [
                v.scheme.map(|c| c.into_owned()),
                v.userinfo.map(|c| c.into_owned()),
                v.host.map(|c| c.into_owned()),
                v.port.map(|c| c.into_owned()),
                v.path.map(|c| c.into_owned()),
                v.query.map(|c| c.into_owned()),
                v.fragment.map(|c| c.into_owned()),
            ]
        });
        if ours != theirs {
            differ.push(format!("{s:?}: urikit {ours:?} iri-string {theirs:?}"));
        }
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );

    fn parts(s: &str) -> [Option<String>; 7] {
        let u = iri_string::types::IriReferenceStr::new(s).unwrap();
        let a = u.authority_components();
        [
            u.scheme_str().map(str::to_string),
            a.as_ref().and_then(|a| a.userinfo()).map(str::to_string),
            a.as_ref().map(|a| a.host().to_string()),
            a.as_ref().and_then(|a| a.port()).map(str::to_string),
            Some(u.path_str().to_string()),
            u.query().map(|q| q.as_str().to_string()),
            u.fragment().map(|f| f.as_str().to_string()),
        ]
    }
}

/// The finding kinds of `findings.txt`, over the four parsers.
#[cfg(all(feature = "whatwg", feature = "curl"))]
#[test]
fn finding_kinds_are_the_expected_ones() {
    use std::collections::BTreeSet;
    // The kinds were worked out with the recorded libcurl's readings
    // (findings.txt names the inputs where curl's reading makes a kind).
    if !recorded_libcurl_is_linked("the findings over four parsers") {
        return;
    }
    use urikit_views::{FindingKind, views_of};
    const FINDINGS: &str = include_str!("../data/views/findings.txt");
    let parsers = [Parser::Rfc3986, Parser::Java, Parser::Whatwg, Parser::Curl];
    let mut differ = Vec::new();
    let mut n = 0;
    for line in FINDINGS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (kinds, input) = line.split_once('\t').unwrap();
        let input: String = serde_json::from_str(input).unwrap();
        let want: BTreeSet<&str> = kinds.split(',').filter(|k| *k != "-").collect();
        for k in &want {
            assert!(FindingKind::from_name(k).is_some(), "unknown kind {k}");
        }
        let v = views_of(&input, &parsers);
        let got: BTreeSet<&str> = v.findings.iter().map(|f| f.kind.name()).collect();
        if got != want {
            differ.push(format!("{input:?}: want {want:?}, got {got:?}"));
        }
        n += 1;
    }
    assert!(n >= 40);
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

fn arb_view() -> impl Strategy<Value = View<'static>> {
    let part = || proptest::option::of("[a-zA-Z0-9%._~:@/\\\\-]{0,8}");
    (
        part(),
        part(),
        part(),
        proptest::option::of("[0-9]{0,6}"),
        part(),
        part(),
        part(),
    )
        .prop_map(
            |(scheme, userinfo, host, port, path, query, fragment)| View {
                scheme: scheme.map(Into::into),
                userinfo: userinfo.map(Into::into),
                host: host.map(Into::into),
                host_kind: None,
                port: port.map(Into::into),
                path: path.map(Into::into),
                query: query.map(Into::into),
                fragment: fragment.map(Into::into),
            },
        )
}

fn some_parsers() -> impl Strategy<Value = Vec<Parser>> {
    proptest::sample::subsequence(Parser::ALL.to_vec(), 1..=5)
}

proptest! {
    /// Parsers that read a string identically raise no finding.
    #[test]
    fn identical_views_raise_no_finding(input in ".{0,20}", v in arb_view(), parsers in some_parsers()) {
        let readings = parsers.iter().map(|p| (*p, Ok(v.clone()))).collect();
        prop_assert!(compare(&input, readings).findings.is_empty());
    }

    /// Errors alone never raise a finding: only an error beside a view.
    #[test]
    fn errors_alone_raise_no_finding(input in ".{0,20}", parsers in some_parsers()) {
        let readings: Vec<(Parser, Reading<'_>)> =
            parsers.iter().map(|p| (*p, Err("no".to_string()))).collect();
        prop_assert!(compare(&input, readings).findings.is_empty());
    }

    /// Over real readings: when every available parser rejects, or every
    /// one gives the same view, there is no finding; a finding about the
    /// views' acceptance has an accepting parser.
    #[test]
    fn real_readings_follow_the_rules(input in "[a-zA-Z0-9:/?#@%.\\[\\]\\\\ \t_-]{0,24}") {
        let v = views(&input);
        let oks: Vec<&View<'_>> = v.views.iter().filter_map(|(_, r)| r.as_ref().ok()).collect();
        if oks.is_empty() || (oks.len() == v.views.len() && oks.windows(2).all(|w| w[0] == w[1])) {
            prop_assert!(v.findings.is_empty(), "{:?}", v.findings);
        }
        for f in &v.findings {
            prop_assert!(!oks.is_empty());
            prop_assert_eq!(f.parsers.len(), f.values.len());
            prop_assert!(f.parsers.len() >= 2);
        }
    }
}

/// WPT's `urltestdata.json` (the URL Standard's own parsing tests): every
/// case without a base, read by the `whatwg` view, gives the standard's
/// components, except the cases the `url` crate lists as its known
/// failures (`url-crate-expected-failures.txt`).
#[cfg(feature = "whatwg")]
#[test]
fn whatwg_view_matches_wpt() {
    use std::collections::BTreeSet;
    let data: Value =
        serde_json::from_str(include_str!("../data/views/wpt/urltestdata.json")).unwrap();
    let failures: BTreeSet<&str> =
        include_str!("../data/views/wpt/url-crate-expected-failures.txt")
            .lines()
            .collect();
    let (mut checked, mut skipped) = (0, 0);
    let mut differ = Vec::new();
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        if !case["base"].is_null() {
            continue;
        }
        let input = case["input"].as_str().unwrap();
        if failures.contains(format!("<{}>", input.escape_default()).as_str()) {
            skipped += 1;
            continue;
        }
        checked += 1;
        let ours = Parser::Whatwg.read(input).unwrap();
        let want_failure = case.get("failure").is_some_and(|f| f == true);
        match (&ours, want_failure) {
            (Err(_), true) => {}
            (Ok(_), true) => differ.push(format!("{input:?}: accepted, WPT says failure")),
            (Err(e), false) => differ.push(format!("{input:?}: rejected ({e}), WPT accepts")),
            (Ok(v), false) => {
                let s =
                    |c: &Option<std::borrow::Cow<'_, str>>| c.as_deref().unwrap_or("").to_string();
                let (user, password) = match v.userinfo.as_deref() {
                    Some(u) => match u.split_once(':') {
                        Some((a, b)) => (a.to_string(), b.to_string()),
                        None => (u.to_string(), String::new()),
                    },
                    None => (String::new(), String::new()),
                };
                let query = v
                    .query
                    .as_deref()
                    .filter(|q| !q.is_empty())
                    .map(|q| format!("?{q}"));
                let fragment = v
                    .fragment
                    .as_deref()
                    .filter(|f| !f.is_empty())
                    .map(|f| format!("#{f}"));
                let got = [
                    format!("{}:", s(&v.scheme)),
                    user,
                    password,
                    s(&v.host),
                    s(&v.port),
                    s(&v.path),
                    query.unwrap_or_default(),
                    fragment.unwrap_or_default(),
                ];
                let want = [
                    "protocol", "username", "password", "hostname", "port", "pathname", "search",
                    "hash",
                ]
                .map(|k| case[k].as_str().unwrap().to_string());
                if got != want {
                    differ.push(format!("{input:?}: urikit {got:?}, WPT {want:?}"));
                }
            }
        }
    }
    assert!(checked > 400, "{checked} cases checked");
    assert!(skipped < 20, "{skipped} skipped");
    assert!(
        differ.is_empty(),
        "{} of {checked} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
