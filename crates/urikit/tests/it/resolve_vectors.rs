//! Hand-worked vectors (tests/data/resolve/*.tsv), the exhaustive check
//! that make_relative is the shortest, and linear-time inputs.

use std::collections::HashMap;

use urikit::{ResolveErrorKind, Resolver, Uri, UriRef};

/// The rows of a vector file: tab-separated lines whose first field is one
/// of `kinds`; other lines are notes.
fn rows<'a>(text: &'a str, kinds: &[&str]) -> Vec<Vec<&'a str>> {
    text.lines()
        .filter_map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            (fields.len() > 1 && kinds.contains(&fields[0])).then_some(fields)
        })
        .collect()
}

fn resolver(mode: &str) -> Resolver {
    match mode {
        "strict" => Resolver::new(),
        "non-strict" => Resolver::new().non_strict(true),
        "rfc2396" => Resolver::new().rfc2396(true),
        _ => panic!("unknown mode {mode}"),
    }
}

#[test]
fn resolution_cases() {
    let text = include_str!("../data/resolve/cases.tsv");
    let rows = rows(text, &["strict", "non-strict", "rfc2396"]);
    assert!(rows.len() > 80, "{}", rows.len());
    for f in rows {
        let [mode, base, r, expected] = f[..] else {
            panic!("bad row {f:?}")
        };
        let base = Uri::parse(base).unwrap();
        let t = resolver(mode)
            .resolve(base, UriRef::parse(r).unwrap())
            .unwrap();
        assert_eq!(t, expected, "{mode} {base} + {r:?}");
        // The result always parses back to what it reports.
        assert_eq!(Uri::parse(t.as_str()).unwrap().components(), t.components());
    }
}

#[test]
fn make_relative_cases() {
    let text = include_str!("../data/resolve/relative.tsv");
    let rows = rows(text, &["relative"]);
    assert!(rows.len() > 40, "{}", rows.len());
    for f in rows {
        let [_, base, target, expected] = f[..] else {
            panic!("bad row {f:?}")
        };
        let base = Uri::parse(base).unwrap();
        let target = Uri::parse(target).unwrap();
        match base.make_relative(target) {
            Ok(r) => {
                assert_eq!(r, expected, "{base} -> {target}");
                assert_eq!(base.resolve(r.as_uri_ref()).unwrap(), target.as_str());
            }
            Err(e) => {
                assert_eq!(expected, "unreachable", "{base} -> {target}: {e}");
                assert_eq!(e.kind(), ResolveErrorKind::Unreachable);
            }
        }
    }
}

#[test]
fn same_document_cases() {
    let text = include_str!("../data/resolve/same-document.tsv");
    let rows = rows(text, &["strict", "non-strict", "rfc2396"]);
    assert!(rows.len() >= 16, "{}", rows.len());
    for f in rows {
        let [mode, base, r, yes] = f[..] else {
            panic!("bad row {f:?}")
        };
        let base = Uri::parse(base).unwrap();
        let got = resolver(mode).is_same_document(base, UriRef::parse(r).unwrap());
        assert_eq!(got, Ok(yes == "yes"), "{mode} {base} + {r:?}");
    }
}

#[test]
fn remove_dot_segments_cases() {
    let text = include_str!("../data/resolve/dots.tsv");
    let rows = rows(text, &["dots"]);
    assert!(rows.len() >= 19, "{}", rows.len());
    for f in rows {
        let [_, input, expected] = f[..] else {
            panic!("bad row {f:?}")
        };
        assert_eq!(urikit::remove_dot_segments(input), expected, "{input:?}");
        let mut buf = String::with_capacity(input.len());
        let cap = buf.capacity();
        urikit::remove_dot_segments_into(input, &mut buf);
        assert_eq!(buf, expected);
        assert_eq!(buf.capacity(), cap, "no allocation when there is room");
    }
}

/// A base that is not a URI is its own error, never a panic.
#[test]
fn base_not_uri() {
    let r = UriRef::parse("g").unwrap();
    for base in ["", "/a/b", "//h/p", "a/b", "?q", "#f"] {
        let b = UriRef::parse(base).unwrap();
        let err = Resolver::new().resolve(b, r).unwrap_err();
        assert_eq!(err.kind(), ResolveErrorKind::BaseNotUri, "{base:?}");
        let err = Resolver::new().resolve(base, "g").unwrap_err();
        assert_eq!(err.kind(), ResolveErrorKind::BaseNotUri, "{base:?}");
    }
    let err = Resolver::new().resolve("http://a b", "g").unwrap_err();
    assert!(matches!(err.kind(), ResolveErrorKind::InvalidBase(_)));
    assert_eq!(err.index(), Some(8));
    let err = Resolver::new().resolve("http://a", "g h").unwrap_err();
    assert!(matches!(err.kind(), ResolveErrorKind::InvalidReference(_)));
    assert_eq!(err.index(), Some(1));
}

/// Every string over a small alphabet up to a length, resolved against a
/// few bases: make_relative must find a reference no longer than the
/// shortest of them for every target they reach.
#[test]
fn make_relative_is_shortest() {
    const ALPHABET: &[u8] = b"ab/.?#:";
    const MAX: usize = 5;
    let bases = [
        "a:",
        "a:a",
        "a:a/b",
        "a:a/b/",
        "a:/a/b",
        "a:/a/b/",
        "a:/a",
        "a://a",
        "a://a/",
        "a://a/a/b",
        "a://a/a//b",
        "a:///a/b?a",
        "a://a/a?a#a",
        "a:/a/./b/../a",
        "a:.",
    ];
    // All strings of length 0..=MAX, in order of length.
    let mut all: Vec<String> = vec![String::new()];
    let mut layer = vec![String::new()];
    for _ in 0..MAX {
        let mut next = Vec::with_capacity(layer.len() * ALPHABET.len());
        for s in &layer {
            for &c in ALPHABET {
                let mut t = s.clone();
                t.push(c as char);
                next.push(t);
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    for b in bases {
        let base = Uri::parse(b).unwrap();
        let mut shortest: HashMap<String, usize> = HashMap::new();
        for s in &all {
            let Ok(r) = UriRef::parse(s) else { continue };
            let t = base.resolve(r).unwrap();
            shortest.entry(t.into_string()).or_insert(s.len());
        }
        assert!(shortest.len() > 100, "{b}");
        for (t, &len) in &shortest {
            let target = Uri::parse(t).unwrap();
            let rel = base
                .make_relative(target)
                .unwrap_or_else(|e| panic!("{b} -> {t}: {e}"));
            assert!(
                rel.len() <= len,
                "{b} -> {t}: got {rel:?}, a reference of length {len} exists"
            );
            assert_eq!(base.resolve(rel.as_uri_ref()).unwrap(), t.as_str());
        }
    }
}

/// Linear time: a million `../` segments (and other long inputs) finish at
/// once; a quadratic algorithm would take minutes.
#[test]
fn a_million_dot_dot_segments() {
    let n = 1_000_000;
    let ups = "../".repeat(n);
    assert_eq!(urikit::remove_dot_segments(&ups), "");
    let rooted = format!("/{ups}g");
    assert_eq!(urikit::remove_dot_segments(&rooted), "/g");
    // Down then up: every pop removes a segment just written.
    let deep = format!("{}{}g", "a/".repeat(n), ups);
    assert_eq!(urikit::remove_dot_segments(&deep), "/g");
    // Long segments with a pop each.
    let long = "x".repeat(1000);
    let zigzag = format!("/{}", format!("{long}/../").repeat(n / 100));
    assert_eq!(urikit::remove_dot_segments(&zigzag), "/");

    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let r = format!("{ups}g");
    let t = base.resolve(UriRef::parse(&r).unwrap()).unwrap();
    assert_eq!(t, "http://a/g");
    let legacy = Resolver::new()
        .rfc2396(true)
        .resolve(base, UriRef::parse(&r).unwrap())
        .unwrap();
    assert_eq!(legacy.len(), "http://a/g".len() + 3 * (n - 2));

    // make_relative against a deep base.
    let deep_base = format!("http://a/{}x", "a/".repeat(n));
    let deep_base = Uri::parse(&deep_base).unwrap();
    let rel = deep_base
        .make_relative(Uri::parse("http://a/g").unwrap())
        .unwrap();
    assert_eq!(rel, "/g");
}
