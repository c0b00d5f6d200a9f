//! `urikit::repair`: the vectors in `tests/data/repair/repair.txt`, and the
//! properties: whatever it returns parses; a valid URI reference comes back
//! as it is, borrowed; repair is idempotent.

use std::borrow::Cow;

use proptest::prelude::*;
use urikit::UriRef;
use urikit::repair::repair;

use crate::common::vectors;

/// `{xHH}` (two hex digits) is the character U+00HH; any other `{` is itself.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(k) = rest.find("{x") {
        out.push_str(&rest[..k]);
        let code = rest
            .get(k + 2..k + 5)
            .filter(|t| t.ends_with('}'))
            .and_then(|t| u32::from_str_radix(&t[..2], 16).ok());
        match code.and_then(char::from_u32) {
            Some(c) => {
                out.push(c);
                rest = &rest[k + 5..];
            }
            None => {
                out.push('{');
                rest = &rest[k + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn vectors_hold() {
    let v = vectors("repair/repair.txt");
    assert!(v.len() >= 40, "{}", v.len());
    for r in &v {
        let input = unescape(&r[0]);
        let got = repair(&input);
        if let Some(err) = r[1].strip_prefix('!') {
            let e = got.expect_err(&r[0]);
            assert_eq!(format!("{}@{}", e.name(), e.index()), err, "{r:?}");
            continue;
        }
        let got = got.unwrap_or_else(|e| panic!("{r:?}: {e}"));
        assert_eq!(got.as_str(), r[1], "{r:?}");
        let changes: Vec<_> = got
            .changes()
            .iter()
            .map(|c| format!("{}@{}", c.kind().name(), c.index()))
            .collect();
        let expected = if r[2] == "-" {
            String::new()
        } else {
            r[2].clone()
        };
        assert_eq!(changes.join(" "), expected, "{r:?}");
        // Each change names a character that is at its index.
        for c in got.changes() {
            assert!(input[c.index()..].starts_with(c.char()), "{r:?}: {c}");
        }
    }
    assert_eq!(repair("").unwrap().as_str(), "");
}

/// Text near a URI: URI characters, the ones the issue names, and a few
/// non-ASCII ones.
fn near_uri() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[a-z0-9]{1,3}",
        1 => Just("http://".to_string()),
        1 => Just("//".to_string()),
        1 => Just("[::1]".to_string()),
        1 => Just(":80".to_string()),
        1 => Just("%41".to_string()),
        6 => prop::sample::select(vec![
            " ", "|", "^", "#", "%", "?", "/", ":", "@", "[", "]", "\\", "\"", "<", ">", "{", "}",
            "`", "\t", "é", "東", "😀", "\u{202E}", "%z", "&", "=", "+", "!", "$", "'", "(", ")",
            "*", ",", ";", ".", "..", "~", "-", "_",
        ])
        .prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn result_parses_and_repair_is_idempotent(s in near_uri()) {
        if let Ok(r) = repair(&s) {
            prop_assert!(UriRef::parse(r.as_str()).is_ok(), "{s:?} -> {}", r.as_str());
            let again = repair(r.as_str()).unwrap();
            prop_assert!(again.is_unchanged());
            prop_assert_eq!(again.as_str(), r.as_str());
            // Every change is at a character of the input.
            for c in r.changes() {
                prop_assert!(s[c.index()..].starts_with(c.char()), "{s:?}: {c}");
            }
        }
    }

    #[test]
    fn valid_input_comes_back_borrowed(s in near_uri()) {
        if UriRef::parse(&s).is_ok() {
            let r = repair(&s).unwrap();
            prop_assert!(r.is_unchanged());
            prop_assert!(matches!(r.into_cow(), Cow::Borrowed(t) if t == s));
        }
    }

    #[test]
    fn any_text_gives_a_uri_or_an_error_in_bounds(s in "\\PC{0,24}") {
        match repair(&s) {
            Ok(r) => prop_assert!(UriRef::parse(r.as_str()).is_ok()),
            Err(e) => prop_assert!(e.index() < s.len().max(1), "{s:?}: {e}"),
        }
    }
}

/// Over the corpus samples: every valid line comes back borrowed and
/// unchanged, without allocating.
#[test]
fn valid_corpus_lines_are_borrowed_without_allocating() {
    let p = urikit_testdata::sample("gsd-urls.txt");
    let lines = urikit_testdata::lines(&p);
    let mut n = 0;
    for line in lines.iter().filter(|l| UriRef::parse(l).is_ok()) {
        let (allocs, r) = crate::alloc::allocations(|| repair(line).map(|r| r.into_cow()));
        assert!(matches!(r, Ok(Cow::Borrowed(_))), "{line}");
        assert_eq!(allocs, 0, "{line}");
        n += 1;
    }
    assert!(n > 1000, "{n}");
}
