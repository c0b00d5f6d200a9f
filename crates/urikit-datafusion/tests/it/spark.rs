//! Spark's URL functions in SQL: NULL arguments, the ANSI switch and the
//! error messages, against real Spark's answers in
//! `dev/testdata/spark/answers.jsonl` (the kernels' row-by-row comparison with
//! the whole file is in urikit-arrow's tests/it/spark.rs).

use datafusion::arrow::array::cast::AsArray;
use datafusion::prelude::SessionContext;
use serde_json::Value;
use urikit_testdata::spark::{self, answers};

fn strings(a: &datafusion::arrow::array::ArrayRef) -> Vec<Option<String>> {
    match a.data_type() {
        datafusion::arrow::datatypes::DataType::Utf8View => a
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

fn run(ctx: &SessionContext, sql: &str) -> Result<Vec<Option<String>>, String> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    rt.block_on(async {
        let df = ctx.sql(sql).await.map_err(|e| e.to_string())?;
        let batches = df.collect().await.map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        for b in batches {
            for c in b.columns() {
                let c = datafusion::arrow::compute::cast(
                    c,
                    &datafusion::arrow::datatypes::DataType::Utf8,
                )
                .unwrap();
                out.extend(strings(&c));
            }
        }
        Ok(out)
    })
}

/// Through SQL: NULL arguments, the ANSI switch, the error messages.
#[test]
fn in_sql_with_the_ansi_switch() {
    let ctx = SessionContext::new();
    urikit_datafusion::spark::register(&ctx);
    let nulls = spark::of_kind(answers(), "nulls").next().unwrap();
    let got = run(
        &ctx,
        "SELECT parse_url(NULL, 'HOST'), parse_url('http://h/', NULL), \
        parse_url('http://h/?a=1', 'QUERY', NULL), url_encode(NULL), url_decode(NULL)",
    )
    .unwrap();
    let want: Vec<Option<String>> = nulls["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(json_str)
        .collect();
    assert_eq!(got, want);

    let bad = spark::of_kind(answers(), "parse_url")
        .find(|r| r["valid"] == false)
        .unwrap();
    let sql = format!(
        "SELECT parse_url('{}', 'HOST')",
        bad["url"].as_str().unwrap().replace('\'', "''")
    );
    let err = run(&ctx, &sql).unwrap_err();
    assert!(
        err.contains(bad["error"]["message"].as_str().unwrap()),
        "{err}"
    );
    run(&ctx, "SET datafusion.execution.enable_ansi_mode = false").unwrap();
    assert_eq!(run(&ctx, &sql).unwrap(), [None]);
    let ok = run(
        &ctx,
        "SELECT parse_url('http://u@h:8/p?k=v#r', 'FILE'), try_url_decode('100%')",
    )
    .unwrap();
    assert_eq!(ok, [Some("/p?k=v".to_owned()), None]);
}
