//! Normalization (RFC 3986 6.2.2, 6.2.3): data-file vectors, RFC 5952, the
//! gsd-urls corpus and property tests.

use crate::common;
use crate::oracle;
use common::vectors;

use std::time::Instant;

use proptest::prelude::*;
use urikit::compare::{Comparison, Level};
use urikit::normalize::Normalizer;
use urikit::{Uri, UriRef};

fn check_vectors(file: &str, n: Normalizer<'_>) -> usize {
    let mut count = 0;
    for v in vectors(file) {
        let (input, expected) = (&v[0], &v[1]);
        let r = UriRef::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        let got = n.normalize(&r).unwrap();
        assert_eq!(got.as_str(), expected, "normalizing {input:?}");
        assert_eq!(
            n.is_normalized(r).unwrap(),
            input == expected,
            "is_normalized({input:?})"
        );
        assert_eq!(got.is_borrowed(), input == expected, "{input:?}");
        // Idempotent, and the expected form is normal.
        let again = n.normalize(expected).unwrap();
        assert!(again.is_borrowed(), "{expected:?} is not normal: {again}");
        assert!(n.is_normalized(got.as_uri_ref()).unwrap());
        count += 1;
    }
    count
}

#[test]
fn syntax_based_vectors() {
    assert!(check_vectors("normalize/syntax.txt", Normalizer::default()) > 50);
}

#[test]
fn scheme_based_vectors() {
    let n = Normalizer::new(Level::Scheme);
    assert!(check_vectors("normalize/scheme.txt", n) > 30);
}

#[test]
fn the_public_normalize_methods_are_syntax_based() {
    for v in vectors("normalize/syntax.txt") {
        let r = UriRef::parse(&v[0]).unwrap();
        assert_eq!(r.normalize().to_string(), v[1]);
        assert_eq!(r.into_owned().normalize().to_string(), v[1]);
        if let Ok(u) = Uri::parse(&v[0]) {
            assert_eq!(u.normalize().to_string(), v[1]);
            assert_eq!(u.is_normalized(), v[0] == v[1]);
            assert_eq!(u.into_owned().normalize().as_str(), v[1]);
        }
    }
}

#[test]
fn rfc5952_ipv6_text_form() {
    let n = Normalizer::default().ipv6_canonical(true);
    let plain = Normalizer::default();
    for v in vectors("normalize/rfc5952.txt") {
        let input = format!("http://[{}]/", v[0]);
        let expected = format!("http://[{}]/", v[1]);
        let u = Uri::parse(&input).unwrap();
        assert_eq!(n.normalize(&u).unwrap().as_str(), expected, "{input}");
        assert_eq!(n.is_normalized(u).unwrap(), input == expected, "{input}");
        // Without the option only the case changes.
        assert_eq!(
            plain.normalize(&u).unwrap().as_str(),
            input.to_ascii_lowercase(),
            "{input}"
        );
    }
}

#[test]
fn the_result_offsets_match_a_fresh_parse() {
    for file in ["normalize/syntax.txt", "normalize/scheme.txt"] {
        for v in vectors(file) {
            let n = Normalizer::new(Level::Scheme).normalize(&v[0]).unwrap();
            let view = n.as_uri_ref();
            let fresh = UriRef::parse(n.as_str()).unwrap();
            assert_eq!(view.components(), fresh.components(), "{}", v[0]);
            assert_eq!(view.host_kind(), fresh.host_kind(), "{}", v[0]);
            assert_eq!(view.port(), fresh.port(), "{}", v[0]);
            assert_eq!(view.userinfo(), fresh.userinfo(), "{}", v[0]);
            assert_eq!(n.clone().into_uri_ref_buf().as_str(), n.as_str());
            assert_eq!(n.as_uri().is_some(), fresh.scheme().is_some());
        }
    }
}

#[test]
fn decoding_can_make_a_reg_name_an_ipv4_address() {
    let n = Uri::parse("http://%31.2.3.4/").unwrap().normalize();
    assert_eq!(n.as_uri_ref().host_kind(), Some(urikit::HostKind::Ipv4));
}

/// Every valid line of the corpus: the normal form is valid, idempotent,
/// borrowed exactly when the check says the input is normal, and equivalent
/// to the input at the syntax level; the same for the scheme level. Returns
/// the number of valid lines.
fn gsd_urls(path: &std::path::Path) -> usize {
    let text = std::fs::read_to_string(path).expect("read the corpus");
    let start = Instant::now();
    let syntax = Normalizer::default();
    let scheme = Normalizer::new(Level::Scheme);
    let cmp = Comparison::new(Level::Syntax);
    let (mut valid, mut changed) = (0usize, 0usize);
    for line in text.lines() {
        let Ok(r) = UriRef::parse(line) else { continue };
        valid += 1;
        for n in [syntax, scheme] {
            let out = n.normalize(&r).unwrap();
            assert_eq!(out.is_borrowed(), n.is_normalized(r).unwrap(), "{line}");
            // Valid: the parse in `as_uri_ref` is checked against a fresh
            // one in debug builds; parse it here all the same.
            let again =
                UriRef::parse(out.as_str()).unwrap_or_else(|e| panic!("{line} -> {out}: {e}"));
            assert!(n.is_normalized(again).unwrap(), "{line} -> {out}");
            if !out.is_borrowed() {
                changed += 1;
                let twice = n.normalize(&again).unwrap();
                assert!(twice.is_borrowed(), "{line} -> {out} -> {twice}");
            }
        }
        // The syntax-level key of the normal form is the normal form itself,
        // and the line has the same key.
        let out = syntax.normalize(&r).unwrap();
        assert!(cmp.equivalent(r, out.as_uri_ref()).unwrap(), "{line}");
    }
    eprintln!(
        "gsd-urls: {valid} valid lines, {changed} normalizations changed the text, {:?}",
        start.elapsed()
    );
    valid
}

#[test]
fn corpus_gsd_urls() {
    let Some(path) = urikit_testdata::full("gsd-urls.txt") else {
        return;
    };
    let valid = gsd_urls(&path);
    assert!(valid > 564_000, "only {valid} valid lines");
}

/// The sample: 18,876 lines, of which at most the full file's 217 invalid
/// ones are invalid (`tests/it/corpus.rs`).
#[test]
fn corpus_gsd_urls_sample() {
    let valid = gsd_urls(&urikit_testdata::sample("gsd-urls.txt"));
    assert!(valid >= 18_876 - 217, "only {valid} valid lines");
}

/// The file: scheme's corpus, with scheme-based normalization. Returns the
/// number of valid lines.
fn node_files(path: &std::path::Path) -> usize {
    let text = std::fs::read_to_string(path).expect("read the corpus");
    let n = Normalizer::new(Level::Scheme);
    let mut valid = 0;
    for line in text.lines() {
        let Ok(u) = Uri::parse(line) else { continue };
        valid += 1;
        let out = n.normalize(&u).unwrap();
        let again = Uri::parse(out.as_str()).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(
            n.normalize(&again).unwrap().is_borrowed(),
            "{line} -> {out}"
        );
    }
    valid
}

#[test]
fn corpus_node_files() {
    let Some(path) = urikit_testdata::full("node-files.txt") else {
        return;
    };
    assert!(node_files(&path) > 40_000);
}

/// The sample: 4,342 lines of a file whose every line is valid.
#[test]
fn corpus_node_files_sample() {
    assert_eq!(
        node_files(&urikit_testdata::sample("node-files.txt")),
        4_342
    );
}

/// Valid URI references built from pieces that stress normalization:
/// dot segments (plain and encoded), percent-encodings in both cases,
/// letters in both cases, empty components.
fn arb_uri_ref() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("."),
        Just(".."),
        Just("%2e"),
        Just("%2E"),
        Just("a"),
        Just("B"),
        Just("%7e"),
        Just("%7E"),
        Just("%2f"),
        Just("%41"),
        Just(":"),
        Just("@"),
        Just("~"),
        Just(""),
    ];
    let segment = prop::collection::vec(piece, 0..4).prop_map(|v| v.concat());
    let path = prop::collection::vec(segment, 0..6).prop_map(|v| v.join("/"));
    (
        prop::option::of(prop_oneof![
            Just("http"),
            Just("HTTP"),
            Just("s"),
            Just("File")
        ]),
        prop::option::of((
            prop::option::of(prop_oneof![Just(""), Just("U%3a"), Just("u%7e")]),
            prop_oneof![
                Just("Ex%41mple.com"),
                Just(""),
                Just("localhost"),
                Just("[::A]"),
                Just("%31.2.3.4"),
                Just("[v1.X]")
            ],
            prop::option::of(prop_oneof![Just(""), Just("80"), Just("080"), Just("1")]),
        )),
        any::<bool>(),
        path,
        prop::option::of(prop_oneof![Just(""), Just("%7e%2F?/"), Just("a=B")]),
        prop::option::of(prop_oneof![Just(""), Just("%7E#"), Just("x")]),
    )
        .prop_map(|(scheme, auth, absolute, path, query, frag)| {
            let mut s = String::new();
            if let Some(sc) = scheme {
                s.push_str(sc);
                s.push(':');
            }
            if let Some((ui, host, port)) = &auth {
                s.push_str("//");
                if let Some(ui) = ui {
                    s.push_str(ui);
                    s.push('@');
                }
                s.push_str(host);
                if let Some(p) = port {
                    s.push(':');
                    s.push_str(p);
                }
            }
            if auth.is_some() || absolute {
                s.push('/');
            }
            s.push_str(&path);
            if let Some(q) = query {
                s.push('?');
                s.push_str(q);
            }
            if let Some(f) = frag {
                s.push('#');
                s.push_str(&f.replace('#', ""));
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn normalization_is_idempotent_valid_and_checked_without_surprise(s in arb_uri_ref()) {
        // Some generated strings are not valid (a ":" in a relative first
        // segment, "//" without an authority); skip those.
        if let Ok(r) = UriRef::parse(&s) {
            for n in [
                Normalizer::default(),
                Normalizer::new(Level::Scheme),
                Normalizer::new(Level::Scheme).ipv6_canonical(true),
            ] {
                let out = n.normalize(&r).unwrap();
                prop_assert_eq!(out.is_borrowed(), n.is_normalized(r).unwrap());
                let again = UriRef::parse(out.as_str());
                prop_assert!(again.is_ok(), "{} -> {} invalid", s, out);
                let again = again.unwrap();
                prop_assert_eq!(again.scheme().is_some(), r.scheme().is_some());
                prop_assert_eq!(again.has_authority(), r.has_authority());
                prop_assert_eq!(again.query().is_some(), r.query().is_some());
                prop_assert_eq!(again.fragment().is_some(), r.fragment().is_some());
                prop_assert!(n.normalize(&again).unwrap().is_borrowed(), "{} -> {}", s, out);
                // A relative reference keeps its dot segments.
                if r.is_relative() {
                    prop_assert_eq!(
                        again.path_segments().filter(|s| *s == "." || *s == "..").count()
                            >= r.path_segments().filter(|s| *s == "." || *s == "..").count(),
                        true
                    );
                }
            }
        }
    }
}

/// The path normal form the slow way: percent-encodings normalized on the
/// whole path, then the published 5.2.4 on two string buffers, then "/."
/// before a path that would start with "//" without an authority.
fn naive_normal_path(path: &str, has_authority: bool) -> String {
    let b = path.as_bytes();
    let mut decoded = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let v = u8::from_str_radix(&path[i + 1..i + 3], 16).unwrap();
            if v.is_ascii_alphanumeric() || b"-._~".contains(&v) {
                decoded.push(char::from(v));
            } else {
                decoded.push_str(&format!("%{v:02X}"));
            }
            i += 3;
        } else {
            decoded.push(char::from(b[i]));
            i += 1;
        }
    }
    let out = oracle::naive_remove_dot_segments(&decoded);
    if !has_authority && out.starts_with("//") {
        format!("/.{out}")
    } else {
        out
    }
}

/// Paths full of what the one-pass writer treats specially: dots plain and
/// encoded (either case, mixed, one to three of them), encodings that start
/// like a dot ("%2F", "%2f", "%20") and that do not, empty segments.
fn arb_dotty_path() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("."),
        Just(".."),
        Just("..."),
        Just("%2e"),
        Just("%2E"),
        Just(".%2e"),
        Just("%2E."),
        Just("%2e%2E"),
        Just("%2E%2e%2E"),
        Just("%2F"),
        Just("%2f.."),
        Just("..%2F"),
        Just("%20"),
        Just("%7e"),
        Just("%7B"),
        Just("%7b"),
        Just("a"),
        Just("B"),
        Just(""),
    ];
    let segment = prop::collection::vec(piece, 0..3).prop_map(|v| v.concat());
    (any::<bool>(), prop::collection::vec(segment, 0..7)).prop_map(|(absolute, v)| {
        let p = v.join("/");
        if absolute { format!("/{p}") } else { p }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    // The writer removes dot segments from the input as it writes, "%2E"
    // counted as a dot; the oracle decodes first and then runs 5.2.4.
    #[test]
    fn the_one_pass_path_matches_the_naive_oracle(
        path in arb_dotty_path(),
        authority in prop::option::of(prop_oneof![Just("h"), Just("H%7e:"), Just("")]),
    ) {
        let prefix = match authority {
            Some(a) => format!("S://{a}"),
            None => "S:".to_string(),
        };
        let s = format!("{prefix}{path}?%2e/./%7e#..");
        // Some are not valid, or parse otherwise ("S:" + "//a" has an
        // authority): skip those.
        if let Some(u) = Uri::parse(&s).ok().filter(|u| u.path() == path) {
            let n = u.normalize();
            let got = n.as_uri().unwrap();
            prop_assert_eq!(got.path(), naive_normal_path(&path, authority.is_some()), "{}", s);
            prop_assert_eq!(got.query(), Some("././~"));
            prop_assert_eq!(got.fragment(), Some(".."));
            prop_assert_eq!(n.is_borrowed(), u.is_normalized());
            // The offsets are those of a fresh parse.
            let again = Uri::parse(n.as_str()).unwrap();
            prop_assert_eq!(again.path(), got.path());
            prop_assert_eq!(again.host_str(), got.host_str());
            prop_assert_eq!(again.port(), got.port());
        }
    }
}
