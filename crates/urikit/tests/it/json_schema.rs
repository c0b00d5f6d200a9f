//! The JSON Schema test suite's labelled strings for the `uri` and
//! `uri-reference` formats (`json-schema-format/`, committed whole in
//! `dev/testdata/corpus/`, and the full corpus's copy too when it is there): our
//! verdict must match every label.
//!
//! Non-string `data` (numbers, objects, arrays, booleans, null) is "valid" by
//! the JSON Schema convention that formats apply to strings only; those
//! cases say nothing about URI syntax and are skipped (and counted).
//!
//! Every label was checked against the RFC 3986 ABNF and found right, so
//! there is no exception list: a disagreement is a parser bug.

use serde_json::Value;
use urikit::{Uri, UriRef};

fn corpus(path: &std::path::Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The copies of `file` to check: the committed one, and the full corpus's
/// when it is there.
fn copies(file: &str) -> Vec<std::path::PathBuf> {
    let name = format!("json-schema-format/{file}");
    let mut out = vec![urikit_testdata::sample(&name)];
    out.extend(urikit_testdata::full(&name));
    out
}

/// Run every string case of `file` through `accept`; returns (strings checked,
/// non-strings skipped).
fn check(path: &std::path::Path, accept: fn(&str) -> bool) -> (usize, usize) {
    let file = path.display();
    let (mut checked, mut skipped) = (0, 0);
    let mut wrong = Vec::new();
    for group in corpus(path).as_array().expect("an array of groups") {
        for case in group["tests"].as_array().expect("tests") {
            let label = case["valid"].as_bool().expect("valid: bool");
            let Some(data) = case["data"].as_str() else {
                assert!(label, "non-string data must be labelled valid: {case}");
                skipped += 1;
                continue;
            };
            checked += 1;
            if accept(data) != label {
                wrong.push(format!(
                    "{data:?}: label {label}, ours {} ({})",
                    !label, case["description"]
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{file}:\n{}", wrong.join("\n"));
    (checked, skipped)
}

#[test]
fn uri_format_labels() {
    for path in copies("uri.json") {
        let (checked, skipped) = check(&path, |s| Uri::parse(s).is_ok());
        // The file holds 40 strings and 6 non-strings; a change to it shows here.
        assert_eq!((checked, skipped), (40, 6), "{}", path.display());
    }
}

#[test]
fn uri_reference_format_labels() {
    for path in copies("uri-reference.json") {
        let (checked, skipped) = check(&path, |s| UriRef::parse(s).is_ok());
        assert_eq!((checked, skipped), (22, 6), "{}", path.display());
    }
}
