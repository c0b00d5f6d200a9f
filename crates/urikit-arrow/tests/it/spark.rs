//! Spark's URL kernels against real Spark: every row of
//! `dev/testdata/spark/answers.jsonl` (written by `dev/testdata/spark/oracle.py`
//! running Apache Spark, the version named in the file's first line) is
//! computed here and compared, part by part, error by error.

use std::collections::BTreeSet;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, Scalar, StringArray, StringViewArray};
use serde_json::Value;
use urikit_arrow::spark::{OnInvalid, parse_url, url_decode, url_encode};
use urikit_testdata::spark::{self, answers};

fn scalar(s: &str) -> Scalar<ArrayRef> {
    Scalar::new(Arc::new(StringArray::from(vec![s])) as ArrayRef)
}

fn strings(a: &ArrayRef) -> Vec<Option<String>> {
    match a.data_type() {
        arrow_schema::DataType::Utf8View => a
            .as_string_view()
            .iter()
            .map(|v| v.map(str::to_owned))
            .collect(),
        _ => a
            .as_string::<i32>()
            .iter()
            .map(|v| v.map(str::to_owned))
            .collect(),
    }
}

fn json_str(v: &Value) -> Option<String> {
    v.as_str().map(str::to_owned)
}

#[test]
fn the_answers_name_the_spark_that_gave_them() {
    let meta = spark::meta(answers());
    assert!(meta["spark"].as_str().is_some_and(|v| v.starts_with('4')));
}

/// Every part of every URL, as a whole column (Utf8 and Utf8View, the
/// second through the loop that writes views), under both error modes.
#[test]
fn parse_url_gives_sparks_parts() {
    let rows: Vec<&Value> = spark::of_kind(answers(), "parse_url").collect();
    assert!(rows.len() > 4000, "{} rows", rows.len());
    let urls: Vec<&str> = rows.iter().map(|r| r["url"].as_str().unwrap()).collect();
    let utf8: ArrayRef = Arc::new(StringArray::from(urls.clone()));
    let view: ArrayRef = Arc::new(StringViewArray::from(urls.clone()));
    let parts = rows[0]["parts"].as_object().unwrap();
    // Every part recorded is compared below.
    let recorded: BTreeSet<&str> = parts.keys().map(String::as_str).collect();
    assert_eq!(recorded, BTreeSet::from(spark::PARTS));
    let mut compared = 0;
    let mut wrong = Vec::new();
    for part in spark::PARTS {
        for col in [&utf8, &view] {
            let got = strings(&parse_url(col, &scalar(part), None, OnInvalid::Null).unwrap());
            for (r, g) in rows.iter().zip(&got) {
                compared += 1;
                let want = json_str(&r["parts"][part]);
                if *g != want {
                    wrong.push(format!("{:?} {part}: spark {want:?}, ours {g:?}", r["url"]));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {compared} differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(40)].join("\n")
    );
}

/// Validity and the ANSI error, row by row.
#[test]
fn invalid_urls_fail_as_in_spark() {
    let mut wrong = Vec::new();
    let mut invalid = 0;
    for r in spark::of_kind(answers(), "parse_url") {
        let url = r["url"].as_str().unwrap();
        let col: ArrayRef = Arc::new(StringArray::from(vec![url]));
        let got = parse_url(&col, &scalar("PROTOCOL"), None, OnInvalid::Fail);
        let valid = r["valid"].as_bool().unwrap();
        match (valid, got) {
            (true, Ok(_)) => {}
            (false, Err(e)) => {
                invalid += 1;
                // The oracle keeps the first line of Spark's message (the
                // JVM's stack trace follows it), so a URL with a line break
                // is compared up to it.
                let want = r["error"]["message"].as_str().unwrap();
                let ours = e.to_string();
                let ours = ours.trim_start_matches("Compute error: ");
                if ours.lines().next().unwrap_or("").trim() != want {
                    wrong.push(format!("{url:?}: spark {want:?}\n  ours {e}"));
                }
            }
            (v, g) => wrong.push(format!("{url:?}: spark valid={v}, ours {g:?}")),
        }
    }
    assert!(invalid > 100, "{invalid} invalid rows");
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(40)].join("\n")
    );
}

#[test]
fn query_keys_match_as_in_spark() {
    let mut wrong = Vec::new();
    let mut n = 0;
    for r in spark::of_kind(answers(), "query_key") {
        n += 1;
        let (url, key) = (r["url"].as_str().unwrap(), r["key"].as_str().unwrap());
        let col: ArrayRef = Arc::new(StringArray::from(vec![url]));
        for (mode, value, error) in [
            (OnInvalid::Fail, "value", "error"),
            (OnInvalid::Null, "try_value", "try_error"),
        ] {
            let got = parse_url(&col, &scalar("QUERY"), Some(&scalar(key)), mode);
            match (&r[error], got) {
                (Value::Null, Ok(a)) => {
                    let want = json_str(&r[value]);
                    if strings(&a)[0] != want {
                        wrong.push(format!(
                            "{url:?} {key:?} {mode:?}: spark {want:?}, ours {:?}",
                            strings(&a)[0]
                        ));
                    }
                }
                (Value::Null, Err(e)) => wrong.push(format!(
                    "{url:?} {key:?} {mode:?}: spark {:?}, ours error {e}",
                    r[value]
                )),
                (spark, Ok(a)) => wrong.push(format!(
                    "{url:?} {key:?} {mode:?}: spark error {spark}, ours {:?}",
                    strings(&a)[0]
                )),
                (_, Err(_)) => {}
            }
        }
    }
    assert!(n > 400);
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn url_encode_and_decode_as_in_spark() {
    let mut wrong = Vec::new();
    for r in answers() {
        let input = match r["input"].as_str() {
            Some(s) => s,
            None => continue,
        };
        let col: ArrayRef = Arc::new(StringArray::from(vec![input]));
        if r["kind"] == "url_encode" {
            let got = strings(&url_encode(&col).unwrap())[0].clone();
            if got != json_str(&r["value"]) {
                wrong.push(format!(
                    "url_encode({input:?}): spark {:?}, ours {got:?}",
                    r["value"]
                ));
            }
        } else if r["kind"] == "url_decode" {
            let got = strings(&url_decode(&col, OnInvalid::Null).unwrap())[0].clone();
            if got != json_str(&r["try_value"]) {
                wrong.push(format!(
                    "try_url_decode({input:?}): spark {:?}, ours {got:?}",
                    r["try_value"]
                ));
            }
            match (url_decode(&col, OnInvalid::Fail), &r["error"]) {
                (Ok(a), Value::Null) => {
                    if strings(&a)[0] != json_str(&r["value"]) {
                        wrong.push(format!(
                            "url_decode({input:?}): spark {:?}, ours {:?}",
                            r["value"],
                            strings(&a)[0]
                        ));
                    }
                }
                (Err(e), Value::Null) => wrong.push(format!(
                    "url_decode({input:?}): spark {:?}, ours error {e}",
                    r["value"]
                )),
                (Ok(a), err) => wrong.push(format!(
                    "url_decode({input:?}): spark error {err}, ours {:?}",
                    strings(&a)[0]
                )),
                (Err(e), err) => {
                    let want = err["message"].as_str().unwrap_or_default();
                    let ours = e.to_string();
                    let ours = ours.trim_start_matches("Compute error: ");
                    if ours.lines().next().unwrap_or("").trim() != want {
                        wrong.push(format!("url_decode({input:?}): spark {want:?}\n  ours {e}"));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
