//! How far from Spark's answers are the `try_parse_url` functions available on
//! DataFusion? Runs datafusion-spark's `parse_url` (the real crate, the same
//! DataFusion build) and ours over every input of
//! `testdata/spark/answers.jsonl`, whose answers real Spark gave, and
//! counts the inputs where each differs from Spark, per part; `--table N`
//! also prints N example rows as a Markdown table (for docs/spark.md).
//!
//! ```text
//! cargo run --release -p urikit-datafusion --features peers --example spark_compare -- --table 20
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use datafusion::arrow::array::cast::AsArray;
use datafusion::arrow::array::{ArrayRef, StringArray};
use datafusion::arrow::datatypes::DataType;
use datafusion::prelude::SessionContext;
use serde_json::Value;

#[tokio::main(flavor = "current_thread")]
async fn main() -> datafusion::error::Result<()> {
    let table: usize = std::env::args()
        .skip_while(|a| a != "--table")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../testdata/spark/answers.jsonl"
    );
    let text = std::fs::read_to_string(path)?;
    let rows: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|r: &Value| r["kind"] == "parse_url")
        .collect();
    let urls: Vec<&str> = rows
        .iter()
        .map(|r| r["url"].as_str().unwrap_or(""))
        .collect();
    let parts = [
        "HOST",
        "PATH",
        "QUERY",
        "REF",
        "PROTOCOL",
        "FILE",
        "AUTHORITY",
        "USERINFO",
    ];

    // try_parse_url in both, so that an invalid URL is a NULL row rather
    // than a failed query: the file holds Spark's try_parse_url answers.
    let ours = SessionContext::new();
    urikit_datafusion::spark::register(&ours);
    let theirs = SessionContext::new();
    theirs.register_udf(
        datafusion_spark::function::url::try_parse_url()
            .as_ref()
            .clone(),
    );
    let batch = datafusion::arrow::record_batch::RecordBatch::try_from_iter([(
        "u",
        Arc::new(StringArray::from(urls.clone())) as ArrayRef,
    )])?;
    ours.register_batch("t", batch.clone())?;
    theirs.register_batch("t", batch)?;

    let mut differ: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut any = vec![(false, false); rows.len()];
    let mut examples = Vec::new();
    for part in parts {
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
                if !any[i].1 && examples.len() < table && i % 7 == 0 {
                    examples.push((urls[i], part, spark.clone(), b[i].clone(), a[i].clone()));
                }
                any[i].1 = true;
            }
        }
    }
    println!(
        "{} inputs; inputs where a part differs from Spark's answer:",
        rows.len()
    );
    println!("| part | urikit | datafusion-spark |\n|---|---|---|");
    for (part, (a, b)) in &differ {
        println!("| {part} | {a} | {b} |");
    }
    let (a, b) = any
        .iter()
        .fold((0, 0), |(x, y), &(p, q)| (x + p as usize, y + q as usize));
    println!("| any part | {a} | {b} |");
    if table > 0 {
        println!("\n| input | part | Spark 4 | datafusion-spark | urikit |\n|---|---|---|---|---|");
        let show = |v: &Option<String>| v.as_ref().map_or("NULL".to_owned(), |s| format!("`{s}`"));
        for (u, part, spark, df, ours) in examples {
            println!(
                "| `{}` | {part} | {} | {} | {} |",
                u.replace('|', "\\|"),
                show(&spark),
                show(&df),
                show(&ours)
            );
        }
    }
    Ok(())
}

async fn column(ctx: &SessionContext, sql: &str) -> datafusion::error::Result<Vec<Option<String>>> {
    let mut out = Vec::new();
    for b in ctx.sql(sql).await?.collect().await? {
        let c = datafusion::arrow::compute::cast(b.column(0), &DataType::Utf8)?;
        out.extend(c.as_string::<i32>().iter().map(|v| v.map(str::to_owned)));
    }
    Ok(out)
}
