//! `uri_views` and `uri_host_confusion` through SQL, over the views vectors
//! (`crates/urikit-views/tests/data/views/expected.jsonl`, recorded from the real
//! java.net.URI, Node `URL` and libcurl): field access into the struct,
//! findings filtered in SQL, the string types, a dictionary column, NULLs
//! and a bad `parsers` argument.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, AsArray, Int64Array, RecordBatch, StringArray};
use datafusion::arrow::compute::concat_batches;
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::prelude::SessionContext;
use serde_json::Value;
use urikit_views::{Parser, Weight, views_of};

const EXPECTED: &str = include_str!("../../../urikit-views/tests/data/views/expected.jsonl");

/// The recorded records (the first line is the metadata).
fn records() -> Vec<Value> {
    EXPECTED
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A context with the functions and a table `t(id, u)` of the vectors'
/// inputs (and a NULL row last), `u` of type `ty`.
fn context(ty: &DataType) -> (SessionContext, Vec<Option<String>>) {
    let mut rows: Vec<Option<String>> = records()
        .iter()
        .map(|r| Some(r["input"].as_str().unwrap().to_string()))
        .collect();
    rows.push(None);
    let ctx = SessionContext::new();
    urikit_datafusion::register(&ctx);
    let strs: Vec<Option<&str>> = rows.iter().map(Option::as_deref).collect();
    let u: ArrayRef = match ty {
        DataType::Utf8 => Arc::new(StringArray::from(strs)),
        DataType::LargeUtf8 => Arc::new(datafusion::arrow::array::LargeStringArray::from(strs)),
        _ => Arc::new(datafusion::arrow::array::StringViewArray::from(strs)),
    };
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("u", ty.clone(), true),
    ]));
    let ids = Int64Array::from_iter_values(0..rows.len() as i64);
    let batch = RecordBatch::try_new(schema, vec![Arc::new(ids), u]).unwrap();
    ctx.register_batch("t", batch).unwrap();
    (ctx, rows)
}

async fn query(ctx: &SessionContext, sql: &str) -> RecordBatch {
    let df = ctx.sql(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    let schema = Arc::new(df.schema().as_arrow().clone());
    let batches = df.collect().await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    concat_batches(&schema, &batches).unwrap()
}

fn strings(a: &dyn Array) -> Vec<Option<String>> {
    let own = |v: Option<&str>| v.map(str::to_owned);
    match a.data_type() {
        DataType::Utf8 => a.as_string::<i32>().iter().map(own).collect(),
        DataType::LargeUtf8 => a.as_string::<i64>().iter().map(own).collect(),
        DataType::Utf8View => a.as_string_view().iter().map(own).collect(),
        t => panic!("not a string column: {t}"),
    }
}

/// `uri_views(u)['java']['host']`: java.net.URI's `getHost()`, as recorded
/// from Java 17 (NULL where it has none or rejects the input); the same for
/// `whatwg` against Node's `hostname` where the `url` crate is built in.
#[tokio::test]
async fn field_access_gives_the_real_parsers_hosts() {
    for ty in [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View] {
        let (ctx, rows) = context(&ty);
        let mut parsers = vec!["java"];
        if Parser::Whatwg.is_available() {
            parsers.push("whatwg");
        }
        let records = records();
        for p in parsers {
            let b = query(
                &ctx,
                &format!(
                    "SELECT id, uri_views(u)['{p}']['host'] AS h, uri_views(u)['{p}']['error'] AS e FROM t ORDER BY id"
                ),
            )
            .await;
            assert_eq!(b.column(1).data_type(), &ty);
            let (hosts, errors) = (strings(b.column(1)), strings(b.column(2)));
            assert_eq!(hosts.len(), rows.len());
            let mut compared = 0;
            for (i, r) in records.iter().enumerate() {
                let input = r["input"].as_str().unwrap();
                // The url crate and Node differ on one input (DEVIATIONS.md).
                if p == "whatwg" && input == "http://\u{661}\u{662}\u{663}.example/" {
                    continue;
                }
                let real = &r[p];
                assert_eq!(
                    errors[i].is_some(),
                    real.get("error").is_some(),
                    "{p} {input:?}"
                );
                assert_eq!(hosts[i].as_deref(), real["host"].as_str(), "{p} {input:?}");
                compared += 1;
            }
            assert!(compared >= 400);
            // The NULL row.
            assert!(hosts[rows.len() - 1].is_none() && errors[rows.len() - 1].is_none());
        }
    }
}

/// The library's views over the parsers SQL compares when none are named:
/// the default set, as in every face.
fn default_views(s: &str) -> urikit_views::Views<'_> {
    views_of(s, &Parser::defaults().collect::<Vec<_>>())
}

/// `uri_host_confusion(u)` row by row is `urikit_views`' findings (over the
/// default set of parsers), and a
/// query over it (the inputs with a high finding) counts what the library
/// counts.
#[tokio::test]
async fn host_confusion_in_sql_is_the_librarys() {
    let (ctx, rows) = context(&DataType::Utf8View);
    let b = query(
        &ctx,
        "SELECT id, uri_host_confusion(u) AS f FROM t ORDER BY id",
    )
    .await;
    let lists = b.column(1).as_list::<i32>();
    for (i, row) in rows.iter().enumerate() {
        let Some(s) = row else {
            assert!(lists.is_null(i));
            continue;
        };
        let v = lists.value(i);
        let kinds = strings(v.as_struct().column_by_name("kind").unwrap());
        let want: Vec<Option<String>> = default_views(s)
            .findings
            .iter()
            .map(|f| Some(f.kind.name().to_string()))
            .collect();
        assert_eq!(kinds, want, "{s:?}");
    }
    // The inputs where two parsers read a different host, by SQL alone:
    // the first finding is the weightiest (findings come highest first).
    let b = query(
        &ctx,
        "SELECT count(*) FROM t
         WHERE uri_host_confusion(u)[1]['weight'] = 'high'
           AND uri_host_confusion(u)[1]['kind'] = 'host'",
    )
    .await;
    let n = b
        .column(0)
        .as_primitive::<datafusion::arrow::datatypes::Int64Type>()
        .value(0);
    let want = rows
        .iter()
        .flatten()
        .filter(|s| {
            default_views(s)
                .findings
                .first()
                .is_some_and(|f| f.weight == Weight::High && f.kind.name() == "host")
        })
        .count();
    assert_eq!(n as usize, want);
    assert!(want > 50, "{want}");
}

/// Worked by hand: the underscore is allowed in an RFC 3986 reg-name, and
/// makes java.net.URI keep a registry authority (no host).
#[tokio::test]
async fn two_parsers_by_name() {
    let ctx = SessionContext::new();
    urikit_datafusion::register(&ctx);
    let b = query(
        &ctx,
        "SELECT uri_views(u, 'rfc3986,java')['rfc3986']['host'] AS a,
                uri_views(u, 'rfc3986,java')['java']['host'] AS b,
                uri_views(u, 'java')['rfc3986'] IS NULL AS c,
                uri_host_confusion(u, 'rfc3986,java')[1]['values'] AS v,
                uri_host_confusion(u, 'java') AS none
         FROM (VALUES ('http://a_b.example/')) AS s(u)",
    )
    .await;
    assert_eq!(strings(b.column(0)), [Some("a_b.example".to_string())]);
    assert_eq!(strings(b.column(1)), [None]);
    assert!(b.column(2).as_boolean().value(0));
    let v = b.column(3).as_list::<i32>().value(0);
    assert_eq!(strings(&v), [Some("a_b.example".to_string()), None]);
    assert_eq!(b.column(4).as_list::<i32>().value(0).len(), 0);
    // views_of agrees.
    let f = &views_of("http://a_b.example/", &[Parser::Rfc3986, Parser::Java]).findings;
    assert_eq!(f[0].values, [Some("a_b.example".into()), None]);
}

#[tokio::test]
async fn a_dictionary_column_and_nulls() {
    let ctx = SessionContext::new();
    urikit_datafusion::register(&ctx);
    let b = query(
        &ctx,
        "SELECT uri_views(arrow_cast(u, 'Dictionary(Int32, Utf8)'), 'java')['java']['port'] AS p,
                uri_host_confusion(arrow_cast(u, 'Dictionary(Int32, Utf8)'), 'rfc3986,java') IS NULL AS n
         FROM (VALUES ('http://h:8080/'), (NULL)) AS s(u)",
    )
    .await;
    assert_eq!(strings(b.column(0)), [Some("8080".to_string()), None]);
    let n = b.column(1).as_boolean();
    assert!(!n.value(0) && n.value(1));
    // A NULL parsers argument gives NULL, as for every function.
    let b = query(&ctx, "SELECT uri_views('http://a/', NULL) IS NULL").await;
    assert!(b.column(0).as_boolean().value(0));
}

#[tokio::test]
async fn a_bad_parsers_argument_fails_the_query() {
    let ctx = SessionContext::new();
    urikit_datafusion::register(&ctx);
    for (sql, want) in [
        (
            "SELECT uri_views('http://a/', 'rfc3986,ie6')",
            "views: unknown parser 'ie6' (expected rfc3986, java, whatwg, curl, urllib, urllib3, yarl, httpx, go, php, ruby, ruby-rfc2396, node-legacy, fast-uri, url-parse, java-url, rust-http)",
        ),
        (
            "SELECT uri_views(u, u) FROM (VALUES ('http://a/')) AS s(u)",
            "views: the parsers must be a constant string",
        ),
    ] {
        let err = match ctx.sql(sql).await {
            Ok(df) => df.collect().await.unwrap_err(),
            Err(e) => e,
        };
        assert!(err.to_string().contains(want), "{sql}: {err}");
    }
}
