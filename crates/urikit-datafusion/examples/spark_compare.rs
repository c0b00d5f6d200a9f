//! How far from Spark's answers are the `parse_url` functions available on
//! DataFusion? Runs datafusion-spark's `try_parse_url` (the real crate, in
//! the same DataFusion build) and ours over every input of
//! `dev/testdata/spark/answers.jsonl`, whose answers real Spark 4.3.0 gave, and
//! counts the inputs where each differs from Spark, per part and per source
//! of the input (the generated edge cases, or a corpus sample); then the
//! three-argument `QUERY` form over the file's (url, key) rows. `--table N`
//! also prints up to N representative inputs where datafusion-spark
//! differs from Spark, as the Markdown table of `docs/spark.md`: the
//! shortest input of each (part, kind of difference).
//!
//! Comet's answers are read from `dev/testdata/spark/comet.jsonl`: Comet's own
//! `parse_url` (PR #4413, in no release on crates.io, and built on
//! DataFusion 54, not our 55) cannot run in this build, so
//! `dev/comet-answers/regenerate.sh` ran its real code over the same inputs in
//! a build of its own (see `docs/spark.md`).
//!
//! ```text
//! cargo run -p urikit-datafusion --features peers --example spark_compare -- --table 40
//! ```

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use datafusion::arrow::array::cast::AsArray;
use datafusion::arrow::array::{ArrayRef, StringArray};
use datafusion::arrow::datatypes::DataType;
use datafusion::arrow::record_batch::RecordBatch;
use datafusion::prelude::SessionContext;
use serde_json::Value;
// Every part the answers file holds (Spark's part names are
// case-sensitive: `Query` and `host` give NULL), and its reader.
use urikit_testdata::spark::{self, PARTS};

/// An answer: a value, NULL, or an error (the query failed).
type Answer = Result<Option<String>, String>;

/// Each peer's answers to one part, row by row: urikit, datafusion-spark,
/// Comet.
type Columns = [Vec<Option<String>>; 3];

#[tokio::main(flavor = "current_thread")]
async fn main() -> datafusion::error::Result<()> {
    let table: usize = std::env::args()
        .skip_while(|a| a != "--table")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let all = spark::answers();
    let meta = spark::meta(all);
    let rows: Vec<&Value> = spark::of_kind(all, "parse_url").collect();
    let urls: Vec<&str> = rows
        .iter()
        .map(|r| r["url"].as_str().unwrap_or(""))
        .collect();
    let sources = sources(&urls);
    let comet_all = spark::comet();
    let comet_meta = spark::meta(comet_all);
    let comet: Vec<&Value> = spark::of_kind(comet_all, "parse_url").collect();
    assert_eq!(comet.len(), rows.len(), "comet.jsonl: one row per input");
    for (c, r) in comet.iter().zip(&rows) {
        assert_eq!(
            c["url"], r["url"],
            "comet.jsonl: the inputs of answers.jsonl"
        );
    }

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

    // (part) -> inputs where urikit, datafusion-spark, Comet differ
    let mut differ: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
    // per input: whether each of the three differs on some part
    let mut any = vec![[false; 3]; rows.len()];
    // (part, peer, kind of difference) -> the shortest differing input's row
    let mut buckets: BTreeMap<(&str, usize, &str), usize> = BTreeMap::new();
    // part -> every answer of the three
    let mut answers: BTreeMap<&str, Columns> = BTreeMap::new();
    for part in PARTS {
        let sql = format!("SELECT try_parse_url(u, '{part}') FROM t");
        let a = column(&ours, &sql).await?;
        let b = column(&theirs, &sql).await?;
        let c: Vec<Option<String>> = comet
            .iter()
            .map(|r| r["parts"][part].as_str().map(str::to_owned))
            .collect();
        let cols = [a, b, c];
        let e = differ.entry(part).or_default();
        for (i, r) in rows.iter().enumerate() {
            let spark = r["parts"][part].as_str().map(str::to_owned);
            for (p, col) in cols.iter().enumerate() {
                if col[i] == spark {
                    continue;
                }
                e[p] += 1;
                any[i][p] = true;
                if p == 0 {
                    continue;
                }
                let kind = match (&spark, &col[i]) {
                    (None, Some(_)) => "Spark NULL",
                    (Some(_), None) => "theirs NULL",
                    _ => "other value",
                };
                let best = buckets.entry((part, p, kind)).or_insert(i);
                if urls[i].len() < urls[*best].len() {
                    *best = i;
                }
            }
        }
        answers.insert(part, cols);
    }

    println!(
        "Spark {} (Java {}): {} inputs of parse_url; inputs where a part differs from Spark's answer:\n",
        meta["spark"].as_str().unwrap_or("?"),
        meta["java"].as_str().unwrap_or("?"),
        rows.len()
    );
    println!("| part | urikit | datafusion-spark | Comet |\n|---|---|---|---|");
    for part in PARTS {
        let [a, b, c] = differ[part];
        println!("| {part} | {a} | {b} | {c} |");
    }
    let count = |f: &dyn Fn(usize) -> bool| {
        (0..rows.len())
            .filter(|&i| f(i))
            .fold((0, 0, 0, 0), |(n, x, y, z), i| {
                let [a, b, c] = any[i].map(usize::from);
                (n + 1, x + a, y + b, z + c)
            })
    };
    let (n, a, b, c) = count(&|_| true);
    println!(
        "| any part, all {n} inputs | {a} | {b} ({:.1}%) | {c} ({:.1}%) |",
        pct(b, n),
        pct(c, n)
    );
    let mut names: Vec<&str> = sources
        .iter()
        .copied()
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    names.sort_unstable();
    for name in names {
        let (n, a, b, c) = count(&|i| sources[i] == name);
        println!(
            "| any part, {n} inputs from {name} | {a} ({:.1}%) | {b} ({:.1}%) | {c} ({:.1}%) |",
            pct(a, n),
            pct(b, n),
            pct(c, n)
        );
    }

    let (n, a, b, c) = query_keys(all, comet_all, &ours, &theirs).await?;
    println!(
        "\nparse_url(url, 'QUERY', key), {n} (url, key) pairs: urikit differs from Spark on {a}, datafusion-spark on {b}, Comet on {c}"
    );

    // parse_url with ANSI on: which inputs fail the query (Comet's file
    // records it; urikit's are Spark's, tested in urikit-arrow).
    let fails = |r: &Value| r["valid"] == false;
    let pairs = || rows.iter().zip(&comet);
    println!(
        "\nparse_url failing (ANSI): Spark on {}, Comet on {}; Spark fails and Comet answers on {}, Comet fails and Spark answers on {}",
        rows.iter().filter(|r| fails(r)).count(),
        comet.iter().filter(|r| fails(r)).count(),
        pairs().filter(|(s, c)| fails(s) && !fails(c)).count(),
        pairs().filter(|(s, c)| !fails(s) && fails(c)).count(),
    );

    if table > 0 {
        // Round-robin over the parts, each part's kinds in turn, shortest
        // input first, no input twice.
        let mut chosen: Vec<(usize, &str)> = Vec::new();
        let mut seen = HashSet::new();
        let mut by_part: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for ((part, _, _), i) in &buckets {
            by_part.entry(part).or_default().push(*i);
        }
        let mut round = 0;
        while chosen.len() < table && by_part.values().any(|v| v.len() > round) {
            for part in PARTS {
                if let Some(&i) = by_part.get(part).and_then(|v| v.get(round))
                    && chosen.len() < table
                    && seen.insert(i)
                {
                    chosen.push((i, part));
                }
            }
            round += 1;
        }
        println!(
            "\n| input | part | Spark {} | urikit | datafusion-spark 55.2.0 | Comet at {} |\n|---|---|---|---|---|---|",
            meta["spark"].as_str().unwrap_or("?"),
            comet_meta["comet_commit"]
                .as_str()
                .map_or("?", |c| &c[..c.len().min(10)]),
        );
        let show = |v: &Option<String>| v.as_ref().map_or("NULL".to_owned(), |s| code(s));
        for (i, part) in chosen {
            let spark = rows[i]["parts"][part].as_str().map(str::to_owned);
            let [a, b, c] = &answers[part];
            println!(
                "| {} | {part} | {} | {} | {} | {} |",
                code(urls[i]),
                show(&spark),
                show(&a[i]),
                show(&b[i]),
                show(&c[i])
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
/// the oracle read (`dev/testdata/corpus`), else `generated` (the oracle's
/// edge cases).
fn sources<'a>(urls: &[&str]) -> Vec<&'a str> {
    let mut corpora: Vec<(&'a str, HashSet<String>)> = Vec::new();
    for name in ["gsd-urls.txt", "open-redirect-payloads.txt", "kasztp.txt"] {
        let path = urikit_testdata::sample(name);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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
/// row (a bad pattern fails its query): pairs, urikit's, datafusion-spark's
/// and Comet's (from its file) disagreements with Spark. Both erring counts
/// as agreeing with a Spark error.
async fn query_keys(
    all: &[Value],
    comet: &[Value],
    ours: &SessionContext,
    theirs: &SessionContext,
) -> datafusion::error::Result<(usize, usize, usize, usize)> {
    let (mut n, mut a, mut b, mut c) = (0, 0, 0, 0);
    let mut comet = spark::of_kind(comet, "query_key");
    for r in spark::of_kind(all, "query_key") {
        let cr = comet.next().expect("comet.jsonl: a row per (url, key)");
        assert_eq!((&cr["url"], &cr["key"]), (&r["url"], &r["key"]));
        let theirs_c: Answer = if cr.get("try_error").is_some() {
            Err(String::new())
        } else {
            Ok(cr["try_value"].as_str().map(str::to_owned))
        };
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
        c += usize::from(!same(&theirs_c));
    }
    Ok((n, a, b, c))
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
