//! The JSON Schema test suite's labelled strings for the `uri` and
//! `uri-reference` formats (`../shared/corpus/json-schema-format/`): our
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

fn corpus(name: &str) -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/corpus/json-schema-format/"
    )
    .to_string()
        + name;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Run every string case of `file` through `accept`; returns (strings checked,
/// non-strings skipped).
fn check(file: &str, accept: fn(&str) -> bool) -> (usize, usize) {
    let (mut checked, mut skipped) = (0, 0);
    let mut wrong = Vec::new();
    for group in corpus(file).as_array().expect("an array of groups") {
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
    let (checked, skipped) = check("uri.json", |s| Uri::parse(s).is_ok());
    // The file holds 40 strings and 6 non-strings; a change to it shows here.
    assert_eq!((checked, skipped), (40, 6));
}

#[test]
fn uri_reference_format_labels() {
    let (checked, skipped) = check("uri-reference.json", |s| UriRef::parse(s).is_ok());
    assert_eq!((checked, skipped), (22, 6));
}
