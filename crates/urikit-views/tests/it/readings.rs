//! Every parser's reading (`urikit_views::Parser::read`) against what the
//! real library read, over the same inputs: `tests/data/views/readings/`
//! holds `inputs.jsonl` (written by `inputs.py`) and, per parser, the real
//! library's answers, `<name>.jsonl`, recorded by that parser's script in
//! the same folder (its first line names the library's version).
//!
//! A record is `{"input": ...}` with the fields the library gave (`scheme`,
//! `userinfo`, `host`, `port`, `path`, `query`, `fragment`; absent when its
//! accessor has nothing), or `{"input": ..., "error": ...}` with the
//! library's own error (class and message). Ours must be equal, the error's
//! words included. An input where ours cannot be equal is listed in
//! `<name>.deviations.jsonl` (`{"input": ..., "why": ...}`, each explained
//! in DEVIATIONS.md), and the test checks that it still differs, so the
//! list cannot go stale.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use urikit_views::{Parser, Reading};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/views/readings")
}

fn read_jsonl(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// Our reading in the recorded shape.
fn shape(input: &str, r: &Reading<'_>) -> Value {
    let mut m = Map::new();
    m.insert("input".into(), input.into());
    match r {
        Err(e) => {
            m.insert("error".into(), e.as_str().into());
        }
        Ok(v) => {
            let fields: [(&str, &Option<Cow<'_, str>>); 7] = [
                ("scheme", &v.scheme),
                ("userinfo", &v.userinfo),
                ("host", &v.host),
                ("port", &v.port),
                ("path", &v.path),
                ("query", &v.query),
                ("fragment", &v.fragment),
            ];
            for (k, f) in fields {
                if let Some(f) = f {
                    m.insert(k.into(), f.as_ref().into());
                }
            }
        }
    }
    Value::Object(m)
}

/// The recorded answers of each parser that has a recording.
fn recordings() -> BTreeMap<String, (PathBuf, Parser)> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(stem) = name.strip_suffix(".jsonl") else {
            continue;
        };
        if stem == "inputs" || stem.ends_with(".deviations") {
            continue;
        }
        let parser = Parser::from_name(stem)
            .unwrap_or_else(|| panic!("{name}: a recording for no parser of urikit_views"));
        out.insert(stem.to_string(), (path, parser));
    }
    out
}

#[test]
fn every_reading_is_what_the_real_library_read() {
    let inputs = read_jsonl(&dir().join("inputs.jsonl"));
    let mut failures = Vec::new();
    let recorded = recordings();
    // Every reading of another library has its recording (the other four
    // are checked by tests/it/views.rs), so a lost file cannot pass.
    for p in Parser::ALL {
        let elsewhere = matches!(
            p,
            Parser::Rfc3986 | Parser::Java | Parser::Whatwg | Parser::Curl
        );
        assert!(
            elsewhere || recorded.contains_key(p.name()),
            "no recording for {p}"
        );
    }
    for (name, (path, parser)) in recorded {
        if !parser.is_available() {
            let msg = format!(
                "{name}: this build cannot read with it (feature {:?})",
                parser.feature()
            );
            assert!(std::env::var("CI").as_deref() != Ok("true"), "{msg}");
            eprintln!("skipped: {msg}");
            continue;
        }
        let records = read_jsonl(&path);
        assert!(
            records[0].get("meta").is_some(),
            "{name}: the first line names the version"
        );
        let records = &records[1..];
        assert_eq!(
            records.len(),
            inputs.len(),
            "{name}: a recording of every input of inputs.jsonl"
        );
        let deviations: BTreeMap<String, String> = {
            let p = dir().join(format!("{name}.deviations.jsonl"));
            if p.exists() {
                read_jsonl(&p)
                    .into_iter()
                    .map(|d| {
                        (
                            d["input"].as_str().unwrap().into(),
                            d["why"].as_str().unwrap().into(),
                        )
                    })
                    .collect()
            } else {
                BTreeMap::new()
            }
        };
        let mut differ = 0;
        for (want, given) in records.iter().zip(&inputs) {
            let input = given["input"].as_str().unwrap();
            assert_eq!(
                want["input"].as_str(),
                Some(input),
                "{name}: records in inputs.jsonl's order"
            );
            let ours = shape(input, &parser.read(input).unwrap());
            let same = &ours == want;
            match (same, deviations.contains_key(input)) {
                (true, true) => failures.push(format!(
                    "{name}: {input:?} is listed as a deviation but now agrees"
                )),
                (false, false) => {
                    differ += 1;
                    if differ <= 20 {
                        failures.push(format!("{name}: {input:?}\n  ours: {ours}\n  real: {want}"));
                    }
                }
                _ => {}
            }
        }
        if differ > 20 {
            failures.push(format!("{name}: {} more disagreements", differ - 20));
        }
        eprintln!(
            "{name}: {} inputs, {differ} disagreements, {} listed deviations",
            records.len(),
            deviations.len()
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
