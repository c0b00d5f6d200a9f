//! RFC 6570 (URI Templates): the uritemplate-test conformance suite (all
//! four files: every case, every accepted alternative, every expected
//! failure), our own vectors in `tests/data/rfc6570/`, matching vectors,
//! and the expand-then-match property.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use serde_json::Value as Json;
use urikit::rfc6570::{Template, TemplateBuf, VarValue};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/rfc6570")
        .join(name)
}

fn read_json(p: &Path) -> Json {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A JSON value as the library's owned value: numbers as JSON writes them.
fn to_var(v: &Json) -> Option<VarValue> {
    let scalar = |v: &Json| match v {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    };
    Some(match v {
        Json::Null => return None,
        Json::Array(a) => VarValue::List(a.iter().map(scalar).collect()),
        Json::Object(m) => VarValue::Assoc(m.iter().map(|(k, v)| (k.clone(), scalar(v))).collect()),
        other => VarValue::String(scalar(other)),
    })
}

/// Runs one file in the suite's format; returns how many cases ran.
fn run_suite(path: &Path) -> usize {
    let doc = read_json(path);
    let mut n = 0;
    let mut failures = Vec::new();
    for (group, g) in doc.as_object().expect("groups") {
        let vars: BTreeMap<String, VarValue> = g["variables"]
            .as_object()
            .expect("variables")
            .iter()
            .filter_map(|(k, v)| Some((k.clone(), to_var(v)?)))
            .collect();
        for case in g["testcases"].as_array().expect("testcases") {
            n += 1;
            let tpl = case[0].as_str().expect("template");
            let expected: Option<Vec<&str>> = match &case[1] {
                Json::String(s) => Some(vec![s.as_str()]),
                Json::Array(a) => {
                    Some(a.iter().map(|s| s.as_str().expect("alternative")).collect())
                }
                Json::Bool(false) => None,
                other => panic!("{group}: {tpl}: unexpected expectation {other}"),
            };
            let got = Template::parse(tpl)
                .map_err(|e| e.to_string())
                .and_then(|t| t.expand(&vars).map_err(|e| e.to_string()));
            // The same through the owned template and through a fmt::Write.
            if let Ok(s) = &got {
                let owned = TemplateBuf::parse(tpl).unwrap();
                let mut w = String::new();
                owned.as_template().expand_to(&vars, &mut w).unwrap();
                assert_eq!(&w, s, "{tpl}: expand_to differs from expand");
            }
            #[cfg(feature = "serde")]
            {
                let via_json = Template::parse(tpl).ok().map(|t| t.expand(&g["variables"]));
                if let (Ok(s), Some(j)) = (&got, via_json) {
                    assert_eq!(j.as_ref(), Ok(s), "{tpl}: serde_json variables differ");
                }
            }
            let ok = match (&expected, &got) {
                (Some(alts), Ok(s)) => alts.contains(&s.as_str()),
                (None, Err(_)) => true,
                _ => false,
            };
            if !ok {
                failures.push(format!(
                    "{group}: {tpl}: expected {:?}, got {got:?}",
                    case[1]
                ));
            }
            // Every accepted alternative is itself a possible expansion:
            // check that each is reached by some order of the pairs.
            if let (Some(alts), Ok(_)) = (&expected, &got) {
                for alt in alts {
                    assert!(
                        alt.is_ascii() || alt.is_empty(),
                        "{tpl}: alternative {alt} not ASCII"
                    );
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} failed in {}:\n{}",
        failures.len(),
        path.display(),
        failures.join("\n")
    );
    n
}

fn suite(name: &str) -> usize {
    let sample = urikit_testdata::sample(&format!("uritemplate-test/{name}"));
    let n = run_suite(&sample);
    if let Some(full) = urikit_testdata::full(&format!("uritemplate-test/{name}")) {
        run_suite(&full);
    }
    n
}

#[test]
fn spec_examples() {
    assert_eq!(suite("spec-examples.json"), 64);
}

#[test]
fn spec_examples_by_section() {
    assert_eq!(suite("spec-examples-by-section.json"), 117);
}

#[test]
fn extended_tests() {
    assert_eq!(suite("extended-tests.json"), 53);
}

#[test]
fn negative_tests() {
    assert_eq!(suite("negative-tests.json"), 36);
}

/// Each accepted alternative of the suite, one at a time: expanding with
/// the associative arrays' pairs in the order the alternative shows gives
/// exactly that alternative.
#[test]
fn every_alternative_is_produced_by_its_pair_order() {
    let mut checked = 0;
    for name in [
        "spec-examples.json",
        "spec-examples-by-section.json",
        "extended-tests.json",
    ] {
        let doc = read_json(&urikit_testdata::sample(&format!(
            "uritemplate-test/{name}"
        )));
        for g in doc.as_object().unwrap().values() {
            let obj = g["variables"].as_object().unwrap();
            for case in g["testcases"].as_array().unwrap() {
                let Json::Array(alts) = &case[1] else {
                    continue;
                };
                let tpl = Template::parse(case[0].as_str().unwrap()).unwrap();
                for alt in alts {
                    let alt = alt.as_str().unwrap();
                    // Order each array's pairs by where their encoded key
                    // first shows in the alternative.
                    let vars: Vec<(String, VarValue)> = obj
                        .iter()
                        .filter_map(|(k, v)| {
                            let mut v = to_var(v)?;
                            if let VarValue::Assoc(pairs) = &mut v {
                                let pos = |key: &str| {
                                    let enc =
                                        urikit::percent::encode(key, &urikit::chars::UNRESERVED)
                                            .to_string();
                                    alt.find(&format!("{enc}="))
                                        .or_else(|| alt.find(&format!("{enc},")))
                                        .unwrap_or(usize::MAX)
                                };
                                pairs.sort_by_key(|(k, _)| pos(k));
                            }
                            Some((k.clone(), v))
                        })
                        .collect();
                    assert_eq!(tpl.expand(&vars).unwrap(), alt, "{tpl}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} alternatives");
}

#[test]
fn own_expansion_edges() {
    run_suite(&data("expand-edges.json"));
}

#[test]
fn parse_errors_with_index_and_kind() {
    let doc = read_json(&data("parse-errors.json"));
    for case in doc.as_array().unwrap() {
        let tpl = case[0].as_str().unwrap();
        let err = Template::parse(tpl).expect_err(tpl);
        assert_eq!(
            err.index() as u64,
            case[1].as_u64().unwrap(),
            "{tpl}: {err}"
        );
        assert_eq!(
            format!("{:?}", err.kind()),
            case[2].as_str().unwrap(),
            "{tpl}"
        );
        assert_eq!(err.to_string(), err.to_string().to_lowercase());
    }
}

#[test]
fn matching_vectors() {
    let doc = read_json(&data("match.json"));
    for case in doc.as_array().unwrap() {
        let (tpl, uri) = (case[0].as_str().unwrap(), case[1].as_str().unwrap());
        let t = Template::parse(tpl).unwrap();
        let m = t.matcher().unwrap_or_else(|e| panic!("{tpl}: {e}"));
        let got = m.matches(uri);
        match &case[2] {
            Json::Null => assert!(
                got.is_none(),
                "{tpl} on {uri}: expected no match, got {got:?}"
            ),
            Json::Object(want) => {
                let got = got.unwrap_or_else(|| panic!("{tpl} on {uri}: no match"));
                // Pairs compare in any order (JSON objects have none).
                let sorted = |mut v: VarValue| {
                    if let VarValue::Assoc(p) = &mut v {
                        p.sort();
                    }
                    v
                };
                let want: BTreeMap<&str, VarValue> = want
                    .iter()
                    .map(|(k, v)| (k.as_str(), sorted(to_var(v).unwrap())))
                    .collect();
                let got_map: BTreeMap<&str, VarValue> =
                    got.iter().map(|(k, v)| (k, sorted(v.clone()))).collect();
                assert_eq!(got_map, want, "{tpl} on {uri}");
            }
            other => panic!("bad vector {other}"),
        }
    }
}

#[test]
fn ambiguities_are_reported_at_compile_time() {
    let doc = read_json(&data("ambiguous.json"));
    for case in doc.as_array().unwrap() {
        let tpl = case[0].as_str().unwrap();
        let err = Template::parse(tpl).unwrap().matcher().expect_err(tpl);
        assert_eq!(
            format!("{:?}", err.kind()),
            case[1].as_str().unwrap(),
            "{tpl}: {err}"
        );
        assert!(
            tpl[err.index()..].starts_with('{'),
            "{tpl}: index {} not at an expression",
            err.index()
        );
    }
}

/// The suite's templates that are matchable match their own expansions
/// and give back the variables' values.
#[test]
fn suite_expansions_match_back() {
    let mut matched = 0;
    for name in [
        "spec-examples.json",
        "spec-examples-by-section.json",
        "extended-tests.json",
    ] {
        let doc = read_json(&urikit_testdata::sample(&format!(
            "uritemplate-test/{name}"
        )));
        for g in doc.as_object().unwrap().values() {
            let vars: BTreeMap<String, VarValue> = g["variables"]
                .as_object()
                .unwrap()
                .iter()
                .filter_map(|(k, v)| Some((k.clone(), to_var(v)?)))
                .collect();
            for case in g["testcases"].as_array().unwrap() {
                let Ok(t) = Template::parse(case[0].as_str().unwrap()) else {
                    continue;
                };
                let Ok(m) = t.matcher() else { continue };
                let Ok(uri) = t.expand(&vars) else { continue };
                let caps = m
                    .matches(&uri)
                    .unwrap_or_else(|| panic!("{t}: its expansion {uri} does not match"));
                // Matching gives values that expand to the same URI.
                assert_eq!(t.expand(&caps).unwrap(), uri, "{t}");
                matched += 1;
            }
        }
    }
    assert!(matched >= 60, "only {matched} matched");
}

#[test]
fn expand_uri_validates() {
    let t = Template::parse("{+a}").unwrap();
    assert!(t.expand_uri(&[("a", "http://x/")]).is_ok());
    let err = t.expand_uri(&[("a", "http://[x/")]).unwrap_err();
    let want = urikit::UriRef::parse("http://[x/").unwrap_err();
    assert_eq!(
        (err.index(), err.kind()),
        (
            want.index(),
            urikit::rfc6570::ExpandErrorKind::InvalidUri(want.kind())
        )
    );
}

// Property: for matchable templates built from parts, expanding values and
// matching the result gives the values back.

#[derive(Clone, Debug)]
enum Piece {
    Lit(&'static str),
    Simple,
    Path,
    PathExplode,
    Label,
    Param,
    Query(usize),
    QueryExplode,
    Reserved,
    Fragment,
}

fn value_text() -> impl Strategy<Value = String> {
    // Any characters, including reserved ones, triplet-looking text and
    // non-ASCII; no empty strings, which simple expressions cannot tell
    // from undefined.
    "[a-zA-Z0-9 ,;/?#=&%.~é😀-]{1,8}"
}

fn piece() -> impl Strategy<Value = Piece> {
    prop_oneof![
        Just(Piece::Simple),
        Just(Piece::Path),
        Just(Piece::PathExplode),
        Just(Piece::Label),
        Just(Piece::Param),
        (1usize..3).prop_map(Piece::Query),
        Just(Piece::QueryExplode),
        Just(Piece::Reserved),
        Just(Piece::Fragment),
        prop_oneof![Just("/"), Just("/v1/"), Just("x")].prop_map(Piece::Lit),
    ]
}

proptest! {
    #[test]
    fn expand_then_match_gives_the_values_back(
        pieces in proptest::collection::vec(piece(), 1..6),
        texts in proptest::collection::vec(value_text(), 12),
        lists in proptest::collection::vec(proptest::collection::vec(value_text(), 1..4), 4),
    ) {
        let mut tpl = String::new();
        let mut want: Vec<(String, VarValue)> = Vec::new();
        let (mut t, mut l) = (0, 0);
        for (k, p) in pieces.iter().enumerate() {
            let name = |want: &Vec<(String, VarValue)>| format!("v{k}_{}", want.len());
            match p {
                Piece::Lit(s) => tpl.push_str(s),
                Piece::Simple | Piece::Path | Piece::Label | Piece::Param | Piece::Reserved | Piece::Fragment => {
                    let n = name(&want);
                    let op = match p { Piece::Simple => "", Piece::Path => "/", Piece::Label => ".", Piece::Param => ";", Piece::Reserved => "+", _ => "#" };
                    tpl.push_str(&format!("{{{op}{n}}}"));
                    let mut v = texts[t % texts.len()].clone(); t += 1;
                    // Expansion cannot tell a comma in a string from a
                    // list separator where commas pass through, nor a
                    // kept triplet from its character.
                    if matches!(p, Piece::Reserved | Piece::Fragment) { v = v.replace('%', "x"); }
                    else { v = v.replace(',', "x"); }
                    want.push((n, VarValue::String(v)));
                }
                Piece::Query(count) => {
                    let mut names = Vec::new();
                    for _ in 0..*count {
                        let n = name(&want);
                        let v = texts[t % texts.len()].replace(',', "x"); t += 1;
                        want.push((n.clone(), VarValue::String(v)));
                        names.push(n);
                    }
                    tpl.push_str(&format!("{{?{}}}", names.join(",")));
                }
                Piece::PathExplode | Piece::QueryExplode => {
                    let n = name(&want);
                    tpl.push_str(&format!("{{{}{n}*}}", if matches!(p, Piece::PathExplode) { "/" } else { "?" }));
                    want.push((n, VarValue::List(lists[l % lists.len()].clone()))); l += 1;
                }
            }
        }
        let template = Template::parse(&tpl).unwrap();
        let uri = template.expand(&want).unwrap();
        if let Ok(m) = template.matcher() {
            let caps = m.matches(&uri);
            prop_assert!(caps.is_some(), "{} does not match its expansion {}", tpl, uri);
            let got: BTreeMap<&str, VarValue> = caps.unwrap().iter().map(|(k, v)| (k, v.clone())).collect();
            let want: BTreeMap<&str, VarValue> = want.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            prop_assert_eq!(got, want, "{} on {}", tpl, uri);
        }
    }
}

// Property: on templates made of random grammar tokens and random values
// (strings, lists, associative arrays, undefined), parsing, expansion and
// matching never panic, and whenever the template is matchable, matching
// its expansion gives values that expand to the same text.

fn token() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "{", "}", "{a}", "{b}", "{c*}", "{/", "{?", "{&", "{#", "{+", "{.", "{;", "a", "b", "c",
        ",", "*", ":2", "/", "?", "&", "=", "-", ".", "x", "%41", "é",
    ])
}

fn any_value() -> impl Strategy<Value = Option<VarValue>> {
    let s = "[a-c ,;/?#=&%.é-]{0,4}";
    prop_oneof![
        Just(None),
        s.prop_map(|s| Some(VarValue::String(s))),
        proptest::collection::vec(s, 0..3).prop_map(|l| Some(VarValue::List(l))),
        proptest::collection::vec((s, s), 0..3).prop_map(|p| Some(VarValue::Assoc(p))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    #[test]
    fn random_templates_round_trip(
        tokens in proptest::collection::vec(token(), 0..10),
        values in proptest::collection::vec(any_value(), 3),
    ) {
        let tpl: String = tokens.concat();
        let Ok(t) = Template::parse(&tpl) else { return Ok(()) };
        // Matching reads the non-last variables of a simple expression
        // as strings (`{a,b}` on `1,2,3` is a=1, b=[2,3]): give those
        // strings only.
        let strings_only: Vec<&str> = t
            .expressions()
            .filter(|e| e.op() == urikit::rfc6570::Op::Simple)
            .flat_map(|e| {
                let n = e.varspecs().count();
                e.varspecs().take(n - 1).map(|v| v.name())
            })
            .collect();
        // Two `*` variables in named expressions cannot share out the pairs
        // of an associative array: the template's only `*` variable is
        // `c*`, so this holds; a second could come from `{?`/`{;` + `c*`.
        let explode_count = t
            .expressions()
            .filter(|e| matches!(e.op(), urikit::rfc6570::Op::Query | urikit::rfc6570::Op::QueryContinuation | urikit::rfc6570::Op::PathParam))
            .flat_map(|e| e.varspecs().filter(|v| v.modifier() == urikit::rfc6570::Modifier::Explode).map(|v| v.name()).collect::<Vec<_>>())
            .count();
        let strings_only: Vec<&str> = if explode_count > 1 {
            strings_only.into_iter().chain(["c"]).collect()
        } else {
            strings_only
        };
        let vars: Vec<(&str, VarValue)> = ["a", "b", "c"]
            .into_iter()
            .zip(values)
            .filter_map(|(n, v)| {
                let v = match v? {
                    VarValue::List(l) if strings_only.contains(&n) => VarValue::String(l.concat()),
                    VarValue::Assoc(_) if strings_only.contains(&n) => VarValue::String(n.into()),
                    v => v,
                };
                Some((n, v))
            })
            .collect();
        let Ok(uri) = t.expand(&vars) else { return Ok(()) };
        if let Ok(m) = t.matcher() {
            let caps = m.matches(&uri);
            prop_assert!(caps.is_some(), "{} does not match its expansion {:?} of {:?}", tpl, uri, vars);
            let back = t.expand(&caps.clone().unwrap()).unwrap();
            prop_assert_eq!(&back, &uri, "{} with {:?} gave {:?}", tpl, vars, caps);
        }
    }
}

#[test]
fn expand_iri_keeps_the_characters_an_iri_allows() {
    let t = Template::parse("caf\u{e9}/{x}{?q}").unwrap();
    // RFC 3987: ucschar passes; U+0080 (a control) and ASCII delimiters do not.
    let iri = t
        .expand_iri(&[("x", "\u{e9}t\u{e9} \u{80}/"), ("q", "\u{4e2d}")])
        .unwrap();
    assert_eq!(
        iri.as_str(),
        "caf\u{e9}/\u{e9}t\u{e9}%20%C2%80%2F?q=\u{4e2d}"
    );
    // The URI expansion of the same encodes them all.
    assert_eq!(t.expand(&[("x", "\u{e9}")]).unwrap(), "caf%C3%A9/%C3%A9");
    // iprivate is allowed only in the query (RFC 3987, 2.2).
    let t = Template::parse("/{x}{?q}").unwrap();
    assert_eq!(
        t.expand_iri(&[("q", "\u{e000}")]).unwrap().as_str(),
        "/?q=\u{e000}"
    );
    let err = t.expand_iri(&[("x", "\u{e000}")]).unwrap_err();
    assert!(matches!(
        err.kind(),
        urikit::rfc6570::ExpandErrorKind::InvalidUri(_)
    ));
    assert_eq!(err.index(), 1);
}
