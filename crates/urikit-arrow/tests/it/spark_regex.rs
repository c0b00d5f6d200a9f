//! `parse_url(url, 'QUERY', key)` with keys that are regular expressions,
//! against what `java.util.regex` gives: `dev/testdata/spark/regex-keys.jsonl`
//! is written by `dev/testdata/spark/RegexKeys.java` (Spark's extraction, run
//! by `regex-keys.sh` on Java 17). Every (key, query) pair must give Java's
//! answer, or a refusal of a construct that DEVIATIONS.md names: an error
//! under ANSI mode and NULL without it. No silent difference.
//!
//! When `java` and `javac` are on the PATH, the program is also compiled
//! and run here, and its output is checked the same way and against the
//! recording.

use std::process::Command;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{ArrayRef, Scalar, StringArray};
use arrow_schema::ArrowError;
use serde_json::Value;
use urikit_arrow::spark::{OnInvalid, parse_url};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../dev/testdata/spark");

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Our answer for one key over URLs `http://h/?QUERY`, one per query.
fn ours(key: &str, queries: &[String], on: OnInvalid) -> Vec<Result<Option<String>, String>> {
    let run = |qs: &[String]| -> Result<Vec<Option<String>>, ArrowError> {
        let urls: Vec<String> = qs.iter().map(|q| format!("http://h/?{q}")).collect();
        let urls = StringArray::from(urls);
        let s = |v: &str| Scalar::new(Arc::new(StringArray::from(vec![v])) as ArrayRef);
        let out = parse_url(&urls, &s("QUERY"), Some(&s(key)), on)?;
        Ok(out
            .as_string::<i32>()
            .iter()
            .map(|v| v.map(str::to_owned))
            .collect())
    };
    match run(queries) {
        Ok(v) => v.into_iter().map(Ok).collect(),
        // An error fails the whole batch: ask row by row which rows fail.
        Err(_) => queries
            .iter()
            .map(|q| {
                run(std::slice::from_ref(q))
                    .map(|mut v| v.remove(0))
                    .map_err(|e| e.to_string())
            })
            .collect(),
    }
}

/// The construct an "unsupported" error names, if it is one.
fn refused_construct(key: &str, err: &str) -> Option<String> {
    let head = format!("unsupported regular expression in the query key {key:?}: ");
    let rest = &err[err.find(&head)? + head.len()..];
    let end = [" at byte ", " after the key", " before the key"]
        .iter()
        .filter_map(|m| rest.find(m))
        .min()?;
    Some(rest[..end].to_owned())
}

#[derive(Default, Debug)]
struct Tally {
    pairs: usize,
    equal: usize,
    refused: usize,
    refused_java_rejects: usize,
    refused_keys: std::collections::BTreeSet<String>,
    silent: Vec<String>,
}

/// Checks every pair of a recording (or of a live run).
fn check(recording: &[Value], deviations: &str) -> Tally {
    let queries: Vec<String> = recording[0]["queries"]
        .as_array()
        .expect("queries")
        .iter()
        .map(|q| q.as_str().expect("a query").to_owned())
        .collect();
    let mut t = Tally::default();
    for row in &recording[1..] {
        let key = row["key"].as_str().expect("a key");
        let null = ours(key, &queries, OnInvalid::Null);
        let fail = ours(key, &queries, OnInvalid::Fail);
        // A refusal must name a construct that DEVIATIONS.md lists.
        let refused = |i: usize| -> bool {
            matches!(&null[i], Ok(None))
                && fail[i]
                    .as_ref()
                    .err()
                    .and_then(|e| refused_construct(key, e))
                    .is_some_and(|what| {
                        assert!(
                            deviations.contains(&what),
                            "{what:?} (key {key:?}) is not in DEVIATIONS.md"
                        );
                        true
                    })
        };
        let java_throws = row["answers"]
            .as_array()
            .is_some_and(|a| a.iter().any(|v| v.get("exception").is_some()));
        for (i, q) in queries.iter().enumerate() {
            t.pairs += 1;
            let what = format!(
                "key {key:?} query {q:?}: java {} / ours {:?} {:?}",
                row, null[i], fail[i]
            );
            if !row["error"].is_null() {
                // Java rejects the key: Spark fails in both modes.
                if null[i].is_err() && fail[i].is_err() {
                    t.equal += 1;
                } else if refused(i) {
                    t.refused_java_rejects += 1;
                    t.refused_keys.insert(key.to_owned());
                } else {
                    t.silent.push(what);
                }
                continue;
            }
            let java = &row["answers"][i];
            let same = if java.get("exception").is_some() {
                null[i].is_err() && fail[i].is_err()
            } else {
                let want = java.as_str().map(str::to_owned);
                null[i].as_ref() == Ok(&want) && fail[i].as_ref() == Ok(&want)
            };
            if same {
                t.equal += 1;
            } else if refused(i) || (java_throws && null[i].is_err() && fail[i].is_err()) {
                t.refused += 1;
                t.refused_keys.insert(key.to_owned());
            } else {
                t.silent.push(what);
            }
        }
    }
    t
}

fn java_available() -> bool {
    ["java", "javac"].iter().all(|b| {
        Command::new(b)
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// Compiles and runs RegexKeys.java; its stdout.
fn run_java() -> String {
    let tmp = std::env::temp_dir().join(format!("urikit-regex-keys-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let ok = Command::new("javac")
        .arg("-d")
        .arg(&tmp)
        .arg(format!("{DIR}/RegexKeys.java"))
        .status()
        .expect("javac");
    assert!(ok.success(), "javac failed");
    let out = Command::new("java")
        .arg("-cp")
        .arg(&tmp)
        .arg("RegexKeys")
        .output()
        .expect("java");
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn report(name: &str, t: &Tally) {
    eprintln!(
        "{name}: {} pairs, {} equal to java, {} refused where java reads the key, {} refused where java rejects it ({} keys refused), {} silent differences",
        t.pairs,
        t.equal,
        t.refused,
        t.refused_java_rejects,
        t.refused_keys.len(),
        t.silent.len()
    );
    eprintln!("{name}: the refused keys: {:?}", t.refused_keys);
    assert!(
        t.silent.is_empty(),
        "{name}: silent differences:\n{}",
        t.silent.join("\n")
    );
}

#[test]
fn regex_keys_give_javas_answers_or_a_documented_refusal() {
    let deviations =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../DEVIATIONS.md"))
            .expect("DEVIATIONS.md");
    let recorded = std::fs::read_to_string(format!("{DIR}/regex-keys.jsonl"));
    if recorded.is_err() && std::env::var("CI").as_deref() == Ok("true") {
        panic!(
            "dev/testdata/spark/regex-keys.jsonl is missing: run dev/testdata/spark/regex-keys.sh"
        );
    }
    if let Ok(text) = &recorded {
        let rec = lines(text);
        assert!(
            rec[0]["java"].as_str().is_some_and(|v| v.starts_with("17")),
            "{}",
            rec[0]
        );
        assert!(rec.len() > 111 && rec[0]["queries"].as_array().unwrap().len() >= 23);
        let t = check(&rec, &deviations);
        report("recording", &t);
        // Most keys are translated: refusals are the exception.
        assert!(t.equal * 10 > t.pairs * 8, "{t:?}");
    }
    // A larger run, such as generated keys (RegexKeys.java with a file of
    // keys as its argument), checked the same way when asked for.
    if let Ok(extra) = std::env::var("URIKIT_REGEX_KEYS_EXTRA") {
        let text = std::fs::read_to_string(&extra).expect("URIKIT_REGEX_KEYS_EXTRA");
        report(&extra, &check(&lines(&text), &deviations));
    }
    if !java_available() {
        eprintln!("skipped: the live run of RegexKeys.java (no java/javac on the PATH)");
        return;
    }
    let live = run_java();
    let t = check(&lines(&live), &deviations);
    report("live java", &t);
    if let Ok(text) = &recorded {
        let body = |s: &str| s.lines().skip(1).map(str::to_owned).collect::<Vec<_>>();
        assert!(
            body(text) == body(&live),
            "the live JVM's answers differ from dev/testdata/spark/regex-keys.jsonl: run dev/testdata/spark/regex-keys.sh"
        );
    }
}
