//! Comet's `parse_url` against Spark's, from the data: `spark/comet.jsonl`
//! (Apache DataFusion Comet's real UDFs run by `dev/comet-answers/regenerate.sh`
//! over the inputs of `spark/answers.jsonl`) against `spark/answers.jsonl`
//! (real Spark's answers). The counts are computed here from the two files
//! and must be the ones `docs/spark.md` states in its Comet column; each
//! Comet and Spark answer that the docs' example table quotes must be the
//! files' answer.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use serde_json::Value;
use urikit_testdata::spark::{self, PARTS};

fn root() -> PathBuf {
    urikit_testdata::repo_root()
}

struct Data {
    spark: &'static [Value],
    comet: &'static [Value],
}

impl Data {
    fn load() -> Data {
        Data {
            spark: spark::answers(),
            comet: spark::comet(),
        }
    }

    fn rows<'a>(v: &'a [Value], kind: &str) -> Vec<&'a Value> {
        spark::of_kind(v, kind).collect()
    }

    /// (Spark's row, Comet's row) for each input of `kind`, checked to be
    /// the same input.
    fn pairs(&self, kind: &str) -> Vec<(&Value, &Value)> {
        let s = Data::rows(self.spark, kind);
        let c = Data::rows(self.comet, kind);
        assert_eq!(s.len(), c.len(), "{kind} rows: Spark's file and Comet's");
        for (a, b) in s.iter().zip(&c) {
            assert_eq!(a["url"], b["url"]);
            assert_eq!(a["key"], b["key"]);
        }
        s.into_iter().zip(c).collect()
    }
}

/// `n` with thousands separators, as the docs write counts.
fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn with_pct(a: usize, n: usize) -> String {
    format!("{} ({:.1}%)", thousands(a), 100.0 * a as f64 / n as f64)
}

/// The tables of `docs/spark.md` whose header has a column starting with
/// "Comet": (header cells, rows of cells).
type Table = (Vec<String>, Vec<Vec<String>>);

fn cells(line: &str) -> Vec<String> {
    // Split on unescaped `|`.
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut out = vec![String::new()];
    let mut prev = ' ';
    for c in inner.chars() {
        if c == '|' && prev != '\\' {
            out.push(String::new());
        } else {
            out.last_mut().unwrap().push(c);
        }
        prev = c;
    }
    out.into_iter().map(|c| c.trim().to_owned()).collect()
}

fn comet_tables() -> Vec<Table> {
    let text = std::fs::read_to_string(root().join("docs/spark.md")).expect("docs/spark.md");
    let lines: Vec<&str> = text.lines().collect();
    let mut tables = Vec::new();
    let mut i = 0;
    while i + 1 < lines.len() {
        if lines[i].starts_with('|') && lines[i + 1].starts_with("|---") {
            let header = cells(lines[i]);
            let mut rows = Vec::new();
            let mut j = i + 2;
            while j < lines.len() && lines[j].starts_with('|') {
                rows.push(cells(lines[j]));
                j += 1;
            }
            if header.iter().any(|h| h.starts_with("Comet")) {
                tables.push((header, rows));
            }
            i = j;
        } else {
            i += 1;
        }
    }
    tables
}

fn column(t: &Table, starts: &str) -> usize {
    t.0.iter()
        .position(|h| h.starts_with(starts))
        .unwrap_or_else(|| panic!("no column {starts:?} in {:?}", t.0))
}

/// A table cell written by `spark_compare`'s `code()`: NULL, `""`, or a
/// code span with `\u{..}` and `\|` escapes.
fn decode(cell: &str) -> Option<String> {
    if cell == "NULL" {
        return None;
    }
    let span = if let Some(s) = cell.strip_prefix("`` ") {
        s.strip_suffix(" ``").expect("a closed code span")
    } else {
        cell.strip_prefix('`')
            .and_then(|s| s.strip_suffix('`'))
            .unwrap_or_else(|| panic!("not a code span: {cell}"))
    };
    if span == "\"\"" {
        return Some(String::new());
    }
    let mut out = String::new();
    let mut rest = span;
    while let Some(c) = rest.chars().next() {
        if let Some(r) = rest.strip_prefix("\\|") {
            out.push('|');
            rest = r;
        } else if let Some(r) = rest.strip_prefix("\\u{") {
            let end = r.find('}').expect("\\u{..}");
            let n = u32::from_str_radix(&r[..end], 16).expect("hex");
            out.push(char::from_u32(n).expect("a char"));
            rest = &r[end + 1..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    Some(out)
}

/// Which committed sample each input is a line of, else `generated` (the
/// oracle's edge cases).
fn sources(urls: &[&str]) -> Vec<&'static str> {
    let names = ["gsd-urls.txt", "open-redirect-payloads.txt", "kasztp.txt"];
    let sets: Vec<HashSet<String>> = names
        .iter()
        .map(|n| {
            let text = std::fs::read_to_string(urikit_testdata::sample(n)).expect("a sample");
            text.trim_start_matches('\u{feff}')
                .lines()
                .map(str::to_owned)
                .collect()
        })
        .collect();
    urls.iter()
        .map(|u| {
            names
                .iter()
                .zip(&sets)
                .find(|(_, s)| s.contains(*u))
                .map_or("generated", |(n, _)| *n)
        })
        .collect()
}

#[test]
fn comets_answers_name_comet_and_the_inputs_are_sparks() {
    let d = Data::load();
    let meta = spark::meta(d.comet);
    let commit = meta["comet_commit"].as_str().expect("comet_commit");
    assert!(commit.len() == 40 && commit.bytes().all(|b| b.is_ascii_hexdigit()));
    assert!(
        meta["comet_crate"]
            .as_str()
            .is_some_and(|c| c.starts_with("datafusion-comet-spark-expr "))
    );
    for k in [
        "datafusion",
        "arrow",
        "parse_url_rs_blob",
        "comet_commit_date",
    ] {
        assert!(meta[k].is_string(), "no {k} in the header");
    }
    assert_eq!(meta["inputs_from_spark"], spark::meta(d.spark)["spark"]);
    // Every input Spark answered, in the same order (pairs() checks it).
    assert!(d.pairs("parse_url").len() > 4000);
    assert!(d.pairs("query_key").len() > 100);
    for (_, c) in d.pairs("parse_url") {
        assert_eq!(c["parts"].as_object().map(|o| o.len()), Some(PARTS.len()));
    }
}

#[test]
fn the_docs_state_comets_differences_from_spark() {
    let d = Data::load();
    let pairs = d.pairs("parse_url");
    let urls: Vec<&str> = pairs
        .iter()
        .map(|(s, _)| s["url"].as_str().unwrap_or_default())
        .collect();
    let src = sources(&urls);

    // try_parse_url: per part, and inputs with any part different.
    let mut per_part: BTreeMap<&str, usize> = BTreeMap::new();
    let mut any = vec![false; pairs.len()];
    for part in PARTS {
        let n = per_part.entry(part).or_default();
        for (i, (s, c)) in pairs.iter().enumerate() {
            if s["parts"][part] != c["parts"][part] {
                *n += 1;
                any[i] = true;
            }
        }
    }
    let any_of = |f: &dyn Fn(usize) -> bool| {
        let n = (0..pairs.len()).filter(|&i| f(i)).count();
        let a = (0..pairs.len()).filter(|&i| f(i) && any[i]).count();
        with_pct(a, n)
    };
    // parse_url (failOnError): which inputs fail the query.
    let fails = |r: &Value| r["valid"] == false;
    let spark_fails = pairs.iter().filter(|(s, _)| fails(s)).count();
    let comet_fails = pairs.iter().filter(|(_, c)| fails(c)).count();
    let only_spark = pairs.iter().filter(|(s, c)| fails(s) && !fails(c)).count();
    let only_comet = pairs.iter().filter(|(s, c)| !fails(s) && fails(c)).count();
    // The three-argument form (try_): a value, NULL, or an error.
    let keys = d.pairs("query_key");
    let answer = |r: &Value| {
        if r.get("try_error").is_some() {
            None
        } else {
            Some(r["try_value"].clone())
        }
    };
    let key_differ = keys.iter().filter(|(s, c)| answer(s) != answer(c)).count();

    let tables = comet_tables();
    let counts = tables
        .iter()
        .find(|t| t.0[0] == "part")
        .expect("the table of counts (first column `part`)");
    let col = column(counts, "Comet");
    let mut checked = 0;
    for row in &counts.1 {
        let (label, cell) = (&row[0], &row[col]);
        let want = if let Some(rest) = label.strip_prefix("any part, ") {
            let name = ["gsd", "kasztp", "open-redirect", "generated"]
                .into_iter()
                .find(|n| rest.contains(n));
            match name {
                _ if rest.starts_with("all ") => any_of(&|_| true),
                Some("generated") => any_of(&|i| src[i] == "generated"),
                Some("gsd") => any_of(&|i| src[i] == "gsd-urls.txt"),
                Some("kasztp") => any_of(&|i| src[i] == "kasztp.txt"),
                Some("open-redirect") => any_of(&|i| src[i] == "open-redirect-payloads.txt"),
                _ => panic!("unknown row {label}"),
            }
        } else if label.starts_with("`parse_url(url, 'QUERY', key)`") {
            thousands(key_differ)
        } else {
            // One part, or several with the same counts: `PORT`, `Query`.
            let parts: Vec<&str> = label.split(", ").map(|p| p.trim_matches('`')).collect();
            let n = per_part[parts[0]];
            for p in &parts {
                assert_eq!(per_part[p], n, "{label}: {p} differs on another count");
            }
            thousands(n)
        };
        assert_eq!(cell, &want, "docs/spark.md, row {label:?}, Comet column");
        checked += 1;
    }
    assert!(checked >= PARTS.len(), "only {checked} rows checked");

    // parse_url with ANSI on: the inputs whose query fails.
    let ansi = tables
        .iter()
        .find(|t| t.0[0].starts_with("`parse_url` with ANSI"))
        .expect("the table of failing queries");
    let (sc, cc) = (column(ansi, "Spark"), column(ansi, "Comet"));
    let mut rows = 0;
    for row in &ansi.1 {
        let label = row[0].as_str();
        let (spark, comet) = if label.starts_with("inputs whose query fails") {
            (thousands(spark_fails), thousands(comet_fails))
        } else if label.starts_with("Spark fails") {
            (String::new(), thousands(only_spark))
        } else if label.starts_with("Comet fails") {
            (String::new(), thousands(only_comet))
        } else {
            panic!("unknown row {label}")
        };
        assert_eq!((&row[sc], &row[cc]), (&spark, &comet), "row {label:?}");
        rows += 1;
    }
    assert_eq!(rows, 3, "the table of failing queries has three rows");
}

#[test]
fn the_docs_examples_quote_spark_and_comet() {
    let d = Data::load();
    let pairs = d.pairs("parse_url");
    let by_url: BTreeMap<&str, (&Value, &Value)> = pairs
        .iter()
        .map(|(s, c)| (s["url"].as_str().unwrap_or_default(), (*s, *c)))
        .collect();
    let tables = comet_tables();
    let examples = tables
        .iter()
        .find(|t| t.0[0] == "input")
        .expect("the table of examples (first column `input`)");
    let (spark_col, comet_col) = (column(examples, "Spark"), column(examples, "Comet"));
    let mut comet_differs = 0;
    for row in &examples.1 {
        let url = decode(&row[0]).expect("an input");
        let part = row[1].as_str();
        let (s, c) = by_url
            .get(url.as_str())
            .unwrap_or_else(|| panic!("{url:?} is not an input of answers.jsonl"));
        let spark = s["parts"][part].as_str().map(str::to_owned);
        let comet = c["parts"][part].as_str().map(str::to_owned);
        assert_eq!(decode(&row[spark_col]), spark, "{row:?}: Spark's answer");
        assert_eq!(decode(&row[comet_col]), comet, "{row:?}: Comet's answer");
        comet_differs += usize::from(comet != spark);
    }
    // The table shows Comet's differences, not only datafusion-spark's.
    assert!(
        comet_differs >= 5,
        "{comet_differs} rows where Comet differs"
    );
}

#[test]
fn the_cell_decoder_reads_what_spark_compare_writes() {
    assert_eq!(decode("NULL"), None);
    assert_eq!(decode("`\"\"`"), Some(String::new()));
    assert_eq!(decode("`\\u{20}a\\|b`"), Some(" a|b".to_owned()));
    assert_eq!(decode("`` a`b ``"), Some("a`b".to_owned()));
    assert_ne!(decode("`x`"), Some("y".to_owned()));
    assert_eq!(thousands(1234567), "1,234,567");
    assert_eq!(thousands(999), "999");
    assert_eq!(with_pct(1, 3), "1 (33.3%)");
}

/// `dev/comet-answers` keeps its own reader and its own copy of the part
/// list (it builds against Comet's `Cargo.lock`, outside this workspace):
/// its list must be this crate's, in the same order.
#[test]
fn comet_answers_asks_for_the_same_parts() {
    let path = root().join("dev/comet-answers/src/main.rs");
    let text = std::fs::read_to_string(&path).expect("dev/comet-answers/src/main.rs");
    let head = "const PARTS: [&str; 11] = [";
    let start = text.find(head).expect("its PARTS") + head.len();
    let list = &text[start..start + text[start..].find("];").expect("the list's end")];
    let names: Vec<&str> = list
        .split(',')
        .map(|n| n.trim().trim_matches('"'))
        .filter(|n| !n.is_empty())
        .collect();
    assert_eq!(names, PARTS);
}
