//! How far from Spark's answers are the `parse_url` functions available on
//! DataFusion? Runs datafusion-spark's `try_parse_url` (the real crate, in
//! the same DataFusion build) and ours over every input of
//! `testdata/spark/answers.jsonl`, whose answers real Spark 4.3.0 gave, and
//! counts the inputs where each differs from Spark, per part and per source
//! of the input (the generated edge cases, or a corpus sample); then the
//! three-argument `QUERY` form over the file's (url, key) rows. `--table N`
//! also prints up to N representative inputs where datafusion-spark
//! differs from Spark, as the Markdown table of `docs/spark.md`: the
//! shortest input of each (part, kind of difference).
//!
//! Comet is not run: the newest `datafusion-comet-spark-expr` on crates.io
//! (0.10.0) has no `parse_url` (Comet's own one, PR #4413, is in no
//! published release) and is built on DataFusion 49, not 55 (see
//! `docs/spark.md`). Its column says so rather than guess.
//!
//! ```text
//! cargo run --release -p urikit-datafusion --features peers --example spark_compare -- --table 24
//! ```

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use datafusion::arrow::array::cast::AsArray;
use datafusion::arrow::array::{ArrayRef, StringArray};
use datafusion::arrow::datatypes::DataType;
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::prelude::SessionContext;
use serde_json::Value;

/// Every part the answers file holds (Spark's part names are
/// case-sensitive: `Query` and `host` give NULL).
const PARTS: [&str; 11] = [
    "HOST",
    "PATH",
    "QUERY",
    "REF",
    "PROTOCOL",
    "FILE",
    "AUTHORITY",
    "USERINFO",
    "PORT",
    "Query",
    "host",
];

const COMET: &str = "not run";

/// An answer: a value, NULL, or an error (the query failed).
type Answer = Result<Option<String>, String>;

/// urikit's and datafusion-spark's answers for one row and part.
type Pair = (Option<String>, Option<String>);

#[tokio::main(flavor = "current_thread")]
async fn main() -> datafusion::error::Result<()> {
    let table: usize = std::env::args()
        .skip_while(|a| a != "--table")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let text = std::fs::read_to_string(format!("{root}/testdata/spark/answers.jsonl"))?;
    let all: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let meta = all.iter().find(|r| r["kind"] == "meta").expect("meta row");
    let rows: Vec<&Value> = all.iter().filter(|r| r["kind"] == "parse_url").collect();
    let urls: Vec<&str> = rows
        .iter()
        .map(|r| r["url"].as_str().unwrap_or(""))
        .collect();
    let sources = sources(root, &urls);

    // try_parse_url in both, so that an invalid URL is a NULL row rather
    // than a failed query: the file's `parts` are Spark's try_parse_url
    // answers.
    let ours = SessionContext::new();
    urikit_datafusion::spark::register(&ours);
    let theirs = SessionContext::new();
    theirs.register_udf(
        datafusion_spark::function::url::try_parse_url()
            .as_ref()
            .clone(),
    );
    let batch =
        RecordBatch::try_from_iter([("u", Arc::new(StringArray::from(urls.clone())) as ArrayRef)])?;
    ours.register_batch("t", batch.clone())?;
    theirs.register_batch("t", batch)?;

    // (part) -> (urikit, datafusion-spark) differing inputs
    let mut differ: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    // per input: (urikit differs on some part, datafusion-spark does)
    let mut any = vec![(false, false); rows.len()];
    // (part, kind of difference) -> the shortest differing input's row
    let mut buckets: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    // (row, part) -> (urikit's answer, datafusion-spark's), where they differ
    let mut answers: BTreeMap<(usize, &str), Pair> = BTreeMap::new();
    for part in PARTS {
        let sql = format!("SELECT try_parse_url(u, '{part}') FROM t");
        let a = column(&ours, &sql).await?;
        let b = column(&theirs, &sql).await?;
        let e = differ.entry(part).or_default();
        for (i, r) in rows.iter().enumerate() {
            let spark = r["parts"][part].as_str().map(str::to_owned);
            if a[i] != spark {
                e.0 += 1;
                any[i].0 = true;
            }
            if b[i] != spark {
                e.1 += 1;
                any[i].1 = true;
                let kind = match (&spark, &b[i]) {
                    (None, Some(_)) => "Spark NULL",
                    (Some(_), None) => "theirs NULL",
                    _ => "other value",
                };
                let best = buckets.entry((part, kind)).or_insert(i);
                if urls[i].len() < urls[*best].len() {
                    *best = i;
                }
                answers.insert((i, part), (a[i].clone(), b[i].clone()));
            }
        }
    }

    println!(
        "Spark {} (Java {}): {} inputs of parse_url; inputs where a part differs from Spark's answer:\n",
        meta["spark"].as_str().unwrap_or("?"),
        meta["java"].as_str().unwrap_or("?"),
        rows.len()
    );
    println!("| part | urikit | datafusion-spark | Comet |\n|---|---|---|---|");
    for part in PARTS {
        let (a, b) = differ[part];
        println!("| {part} | {a} | {b} | {COMET} |");
    }
    let count = |f: &dyn Fn(usize) -> bool| {
        (0..rows.len())
            .filter(|&i| f(i))
            .fold((0, 0, 0), |(n, x, y), i| {
                (n + 1, x + usize::from(any[i].0), y + usize::from(any[i].1))
            })
    };
    let (n, a, b) = count(&|_| true);
    println!("| any part, all {n} inputs | {a} | {b} | {COMET} |");
    let mut names: Vec<&str> = sources
        .iter()
        .copied()
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    names.sort_unstable();
    for name in names {
        let (n, a, b) = count(&|i| sources[i] == name);
        println!(
            "| any part, {n} inputs from {name} | {a} ({:.1}%) | {b} ({:.1}%) | {COMET} |",
            pct(a, n),
            pct(b, n)
        );
    }

    let (n, a, b) = query_keys(&all, &ours, &theirs).await?;
    println!(
        "\nparse_url(url, 'QUERY', key), {n} (url, key) pairs: urikit differs from Spark on {a}, datafusion-spark on {b} (Comet {COMET})"
    );

    if table > 0 {
        // Round-robin over the parts, each part's kinds in turn, shortest
        // input first, no input twice.
        let mut chosen: Vec<(usize, &str)> = Vec::new();
        let mut seen = HashSet::new();
        let mut by_part: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for ((part, _), i) in &buckets {
            by_part.entry(part).or_default().push(*i);
        }
        let mut round = 0;
        while chosen.len() < table && by_part.values().any(|v| v.len() > round) {
            for part in PARTS {
                if let Some(&i) = by_part.get(part).and_then(|v| v.get(round)) {
                    if chosen.len() < table && seen.insert(i) {
                        chosen.push((i, part));
                    }
                }
            }
            round += 1;
        }
        println!(
            "\n| input | part | Spark 4.3.0 | urikit | datafusion-spark 55.2.0 | Comet |\n|---|---|---|---|---|---|"
        );
        let show = |v: &Option<String>| v.as_ref().map_or("NULL".to_owned(), |s| code(s));
        for (i, part) in chosen {
            let spark = rows[i]["parts"][part].as_str().map(str::to_owned);
            let (a, b) = &answers[&(i, part)];
            println!(
                "| {} | {part} | {} | {} | {} | {COMET} |",
                code(urls[i]),
                show(&spark),
                show(a),
                show(b)
            );
        }
    }
    Ok(())
}

fn pct(a: usize, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * a as f64 / n as f64
    }
}

/// Which file each input came from: a line of a committed corpus sample
/// the oracle read (`testdata/corpus`), else `generated` (the oracle's
/// edge cases).
fn sources<'a>(root: &str, urls: &[&str]) -> Vec<&'a str> {
    let mut corpora: Vec<(&'a str, HashSet<String>)> = Vec::new();
    for name in ["gsd-urls.txt", "open-redirect-payloads.txt", "kasztp.txt"] {
        let path = format!("{root}/testdata/corpus/{name}");
        let text = std::fs::read_to_string(&path).expect(&path);
        let lines = text
            .trim_start_matches('\u{feff}')
            .lines()
            .map(str::to_owned)
            .collect();
        corpora.push((name, lines));
    }
    urls.iter()
        .map(|u| {
            corpora
                .iter()
                .find(|(_, set)| set.contains(*u))
                .map_or("generated", |(name, _)| *name)
        })
        .collect()
}

/// The three-argument form over the file's (url, key) rows, one query per
/// row (a bad pattern fails its query): pairs, urikit's and
/// datafusion-spark's disagreements with Spark. Both erring counts as
/// agreeing with a Spark error.
async fn query_keys(
    all: &[Value],
    ours: &SessionContext,
    theirs: &SessionContext,
) -> datafusion::error::Result<(usize, usize, usize)> {
    let (mut n, mut a, mut b) = (0, 0, 0);
    for r in all.iter().filter(|r| r["kind"] == "query_key") {
        let (url, key) = (
            r["url"].as_str().unwrap_or(""),
            r["key"].as_str().unwrap_or(""),
        );
        let spark: Answer = if r.get("try_error").is_some() {
            Err(String::new())
        } else {
            Ok(r["try_value"].as_str().map(str::to_owned))
        };
        let lit = |s: &str| format!("'{}'", s.replace('\'', "''"));
        let sql = format!("SELECT try_parse_url({}, 'QUERY', {})", lit(url), lit(key));
        let same = |x: &Answer| match (x, &spark) {
            (Err(_), Err(_)) => true,
            (x, y) => x == y,
        };
        n += 1;
        a += usize::from(!same(&single(ours, &sql).await));
        b += usize::from(!same(&single(theirs, &sql).await));
    }
    Ok((n, a, b))
}

async fn single(ctx: &SessionContext, sql: &str) -> Answer {
    match ctx.sql(sql).await {
        Ok(df) => match df.collect().await {
            Ok(batches) => Ok(strings(&batches)
                .map_err(|e| e.to_string())?
                .pop()
                .flatten()),
            Err(e) => Err(e.to_string()),
        },
        Err(e) => Err(e.to_string()),
    }
}

fn strings(batches: &[RecordBatch]) -> datafusion::error::Result<Vec<Option<String>>> {
    let mut out = Vec::new();
    for b in batches {
        let c = datafusion::arrow::compute::cast(b.column(0), &DataType::Utf8)?;
        out.extend(c.as_string::<i32>().iter().map(|v| v.map(str::to_owned)));
    }
    Ok(out)
}

async fn column(ctx: &SessionContext, sql: &str) -> datafusion::error::Result<Vec<Option<String>>> {
    strings(&ctx.sql(sql).await?.collect().await?)
}

/// `s` as a Markdown code span in a table cell: controls, non-ASCII spaces
/// and a leading or trailing space escaped as `\u{..}`, `|` escaped, the
/// empty string as `""`.
fn code(s: &str) -> String {
    if s.is_empty() {
        return "`\"\"`".to_owned();
    }
    let mut t = String::new();
    let last = s.chars().count() - 1;
    for (i, c) in s.chars().enumerate() {
        match c {
            '|' => t.push_str("\\|"),
            ' ' if i == 0 || i == last => t.push_str("\\u{20}"),
            c if c.is_control() || (c.is_whitespace() && c != ' ') => {
                t.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c => t.push(c),
        }
    }
    if t.contains('`') {
        format!("`` {t} ``")
    } else {
        format!("`{t}`")
    }
}
