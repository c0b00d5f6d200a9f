//! RFC 6570 matching modes: the shared vectors of `dev/testdata/templates`
//! (exact and lenient), the limits, the router's mode, and the
//! expand-then-match property over exploded associative arrays in every
//! operator.

use std::collections::BTreeMap;
use std::path::Path;

use proptest::prelude::*;
use serde_json::Value as Json;
use urikit::rfc6570::{
    AmbiguityKind, MAX_TEMPLATE_LEN, MatchErrorKind, MatchMode, Matcher, Router, Template, VarValue,
};

/// The shared vectors, as other implementations read them.
fn vectors() -> Json {
    let p =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../dev/testdata/templates/matching.json");
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap()
}

fn mode(name: &str) -> MatchMode {
    [MatchMode::Exact, MatchMode::Lenient, MatchMode::LenientForm]
        .into_iter()
        .find(|m| m.name() == name)
        .unwrap_or_else(|| panic!("unknown mode {name}"))
}

/// A JSON value as a variable's value; associative arrays sorted, since
/// JSON objects have no order.
fn var(v: &Json) -> VarValue {
    match v {
        Json::String(s) => VarValue::String(s.clone()),
        Json::Array(a) => VarValue::List(a.iter().map(|s| s.as_str().unwrap().into()).collect()),
        Json::Object(m) => {
            let mut p: Vec<(String, String)> = m
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap().into()))
                .collect();
            p.sort();
            VarValue::Assoc(p)
        }
        other => panic!("bad value {other}"),
    }
}

fn pairs(v: Option<&Json>) -> Vec<(String, String)> {
    v.map_or_else(Vec::new, |a| {
        a.as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_str().unwrap().into(), p[1].as_str().unwrap().into()))
            .collect()
    })
}

#[test]
fn shared_vectors() {
    let doc = vectors();
    assert_eq!(doc["format"], 1);
    let cases = doc["cases"].as_array().unwrap();
    let mut seen = BTreeMap::new();
    for case in cases {
        let tpl = case["template"].as_str().unwrap();
        let uri = case["uri"].as_str().unwrap();
        let mode_name = case["mode"].as_str().unwrap();
        *seen.entry(mode_name).or_insert(0) += 1;
        let compiled = Matcher::with_mode(Template::parse(tpl).unwrap(), mode(mode_name));
        if let Some(kind) = case.get("ambiguity") {
            let err = compiled.expect_err(tpl);
            assert_eq!(err.kind().name(), kind.as_str().unwrap(), "{tpl}");
            assert!(case["variables"].is_null(), "{tpl}");
            continue;
        }
        let m = compiled.unwrap_or_else(|e| panic!("{tpl} ({mode_name}): {e}"));
        let got = m.matches(uri);
        let what = format!("{tpl} on {uri} ({mode_name})");
        match &case["variables"] {
            Json::Null => assert!(got.is_none(), "{what}: expected no match, got {got:?}"),
            Json::Object(want) => {
                let got = got.unwrap_or_else(|| panic!("{what}: no match"));
                let want: BTreeMap<&str, VarValue> =
                    want.iter().map(|(k, v)| (k.as_str(), var(v))).collect();
                let got_vars: BTreeMap<&str, VarValue> = got
                    .iter()
                    .map(|(k, v)| {
                        let mut v = v.clone();
                        if let VarValue::Assoc(p) = &mut v {
                            p.sort();
                        }
                        (k, v)
                    })
                    .collect();
                assert_eq!(got_vars, want, "{what}");
                assert_eq!(got.rest(), pairs(case.get("rest")), "{what}: rest");
                let hazards: Vec<(String, String)> = got
                    .hazards()
                    .iter()
                    .map(|h| (h.name().into(), h.kind().name().into()))
                    .collect();
                assert_eq!(hazards, pairs(case.get("hazards")), "{what}: hazards");
            }
            other => panic!("bad vector {other}"),
        }
    }
    // Every mode is covered, the lenient one most.
    assert!(
        seen["exact"] >= 30 && seen["lenient"] >= 50 && seen["lenient-form"] >= 2,
        "{seen:?}"
    );
}

#[test]
fn limits_are_errors_with_names() {
    let t = Template::parse("/{x}").unwrap();
    // Lenient: 64 KiB by default; exact: none unless set.
    let long = format!("/{}", "a".repeat(urikit::rfc6570::DEFAULT_MAX_URI_LEN));
    let err = t
        .matcher()
        .unwrap()
        .lenient()
        .try_matches(&long)
        .unwrap_err();
    assert_eq!(err.kind(), MatchErrorKind::UriTooLong);
    assert_eq!(err.kind().name(), "uri-too-long");
    assert_eq!(err.index(), urikit::rfc6570::DEFAULT_MAX_URI_LEN);
    assert!(t.matcher().unwrap().matches(&long).is_some());
    assert!(
        t.matcher()
            .unwrap()
            .lenient()
            .max_uri_len(usize::MAX)
            .matches(&long)
            .is_some()
    );
    // Templates: 1 MiB.
    let text = format!("/{}{{x}}", "a".repeat(MAX_TEMPLATE_LEN));
    let err = Template::parse(&text).unwrap().matcher().unwrap_err();
    assert_eq!(err.kind(), AmbiguityKind::TemplateTooLong);
    assert_eq!(err.kind().name(), "template-too-long");
}

#[test]
fn the_router_matches_in_its_mode() {
    for (mode, want) in [(MatchMode::Exact, None), (MatchMode::Lenient, Some("a:b"))] {
        let mut r = Router::with_mode(mode);
        r.add(Template::parse("/users/{id}").unwrap(), "user")
            .unwrap();
        r.add(Template::parse("/users/me").unwrap(), "me").unwrap();
        assert_eq!(r.find("/users/me").map(|(v, _)| *v), Some("me"));
        let got = r.find("/users/a:b");
        assert_eq!(got.as_ref().and_then(|(_, c)| c.get_str("id")), want);
    }
}

#[test]
fn repeated_variables_are_found_at_their_second_expression() {
    // The first repeat in template order, before later reasons.
    for (tpl, index, kind) in [
        ("{a}/{b}/{a}{+c,d}", 8, AmbiguityKind::RepeatedVariable),
        ("{+c,d}/{a}/{a}", 0, AmbiguityKind::ReservedList),
        ("/{x}/{y}{?y,x}", 8, AmbiguityKind::RepeatedVariable),
        ("{a,a}", 0, AmbiguityKind::RepeatedVariable),
    ] {
        let err = Template::parse(tpl).unwrap().matcher().unwrap_err();
        assert_eq!((err.index(), err.kind()), (index, kind), "{tpl}");
    }
}

/// An expression whose one variable has `*`, for each operator that can
/// be matched with one: simple, `/`, `;`, `?`, `&`. (`+`, `#` and `.`
/// refuse `*` when compiling: their values cannot be told apart.)
fn assoc_op() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["", "/", ";", "?", "&", "+", "#", "."])
}

/// The parameters of an expansion after `prefix`, sorted: what stays the
/// same when the parameters of two named expressions change order.
fn params(s: &str, prefix: &str) -> Vec<String> {
    let mut v: Vec<String> = s[prefix.len()..]
        .split(['?', '&', ';'])
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect();
    v.sort();
    v
}

fn key() -> impl Strategy<Value = String> {
    // Keys and values with reserved characters and non-ASCII.
    "[a-z0-9 ,;/?#=&%.é-]{0,5}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Expanding an exploded associative array, in any operator, then
    /// matching: either the template is not matchable (and says so), or
    /// the match succeeds and gives values that expand to the same URI;
    /// when no key is the name of a variable, the same pairs come back.
    #[test]
    fn exploded_associative_arrays_match_back_in_every_operator(
        op in assoc_op(),
        second in prop::option::of(assoc_op()),
        pairs in proptest::collection::vec((key(), key()), 1..4),
        other in proptest::collection::vec((key(), key()), 0..3),
        prefix in prop::sample::select(vec!["", "/x", "/x/"]),
    ) {
        let mut tpl = format!("{prefix}{{{op}m*}}");
        if let Some(op2) = second {
            tpl.push_str(&format!("{{{op2}n*}}"));
        }
        let t = Template::parse(&tpl).unwrap();
        let mut vars = vec![("m", VarValue::Assoc(pairs.clone()))];
        if !other.is_empty() {
            vars.push(("n", VarValue::Assoc(other.clone())));
        }
        let uri = t.expand(&vars).unwrap();
        let Ok(m) = t.matcher() else { return Ok(()) };
        let caps = m.matches(&uri);
        prop_assert!(caps.is_some(), "{} promised matchable, but its expansion {:?} of {:?} does not match", tpl, uri, vars);
        let caps = caps.unwrap();
        // The exact mode reads query parameters in any order (the documented
        // rule, docs/templates.md), so with two expressions a key of `m`
        // named `n` can be read as `n`'s: `{?m*}{&n*}` on `?n=` gives
        // `n = [""]`, which expands to `&n=`. The same parameters, in
        // another order or after the other lead, are what it promises then.
        let back = t.expand(&caps).unwrap();
        prop_assert!(
            back == uri || (second.is_some() && params(&back, prefix) == params(&uri, prefix)),
            "{} on {:?} gave {:?}, which expands to {:?}", tpl, uri, caps, back
        );
        // One variable, keys not its name, not empty pairs that `;`
        // or simple writes the same way as a list member: the pairs back.
        let plain = second.is_none()
            && pairs.iter().all(|(k, v)| k != "m" && !k.is_empty() && !v.is_empty());
        if plain {
            let mut want = pairs.clone();
            want.sort();
            let got = match caps.get("m") {
                Some(VarValue::Assoc(p)) => { let mut p = p.clone(); p.sort(); p }
                other => { prop_assert!(false, "{} on {:?}: m = {:?}", tpl, uri, other); unreachable!() }
            };
            prop_assert_eq!(got, want, "{} on {:?}", tpl, uri);
        }
    }

    /// Lenient matching never panics, and what it reads from an
    /// expansion with an unnamed parameter added is what it reads
    /// without it, plus that parameter in the rest.
    #[test]
    fn lenient_ignores_an_added_parameter(
        q in "[a-zA-Z0-9 :@/?!$'()*+;=.~é-]{0,8}",
        page in "[0-9]{1,3}",
        noise in "[ -~]{0,12}",
    ) {
        let t = Template::parse("/search{?q,page}").unwrap();
        let m = t.matcher().unwrap().lenient();
        let uri = t.expand(&[("q", q.as_str()), ("page", page.as_str())]).unwrap();
        let base = m.matches(&uri).unwrap();
        prop_assert_eq!(base.get_str("q"), Some(q.as_str()));
        let more = m.matches(&format!("{uri}&utm=1")).unwrap();
        prop_assert_eq!(more.get_str("q"), Some(q.as_str()));
        prop_assert_eq!(more.rest(), &[("utm".to_string(), "1".to_string())][..]);
        let _ = m.matches(&format!("{uri}{noise}"));
        let _ = m.mode(MatchMode::LenientForm).matches(&noise);
    }
}

/// `{+path}{?q}` (MCP resource templates, routers): matchable in the
/// lenient modes only, and `check`-style compiling says so for each mode.
#[test]
fn reserved_then_query_is_lenient_only() {
    for tpl in [
        "{+path}{?q}",
        "file:///{+path}{?v}",
        "{+base}/x{?a,b}",
        "{#f}{?q}",
    ] {
        let t = Template::parse(tpl).unwrap();
        let exact = t.matcher().unwrap_err();
        assert_eq!(exact.kind(), AmbiguityKind::ReservedNotLast, "{tpl}");
        for mode in [MatchMode::Lenient, MatchMode::LenientForm] {
            let m = Matcher::with_mode(t, mode).unwrap_or_else(|e| panic!("{tpl}: {e}"));
            assert_eq!(m.exact_ambiguity(), Some(exact), "{tpl}");
            let err = m.mode(MatchMode::Exact).try_matches("/a").unwrap_err();
            assert_eq!(err.kind(), MatchErrorKind::LenientOnly);
            assert_eq!(err.index(), exact.index());
        }
    }
    // Still refused: something other than literals between it and the query.
    for tpl in [
        "{+path}/{id}{?q}",
        "{+path}?x{?q}",
        "{+path}{&q}",
        "{+a}{+b}",
    ] {
        let t = Template::parse(tpl).unwrap();
        let err = Matcher::with_mode(t, MatchMode::Lenient).unwrap_err();
        assert_eq!(err.kind(), AmbiguityKind::ReservedNotLast, "{tpl}");
    }
    let mut r = Router::with_mode(MatchMode::Lenient);
    r.add(Template::parse("file:///{+path}{?v}").unwrap(), 1)
        .unwrap();
    let (_, c) = r.find("file:///a/b.rs?v=2&x=1").unwrap();
    assert_eq!(
        (c.get_str("path"), c.get_str("v")),
        (Some("a/b.rs"), Some("2"))
    );
    assert!(
        Router::<u8>::new()
            .add(Template::parse("{+path}{?q}").unwrap(), 1)
            .is_err()
    );
}
