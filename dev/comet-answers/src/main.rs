//! Apache DataFusion Comet's `parse_url`, run for real over the inputs real
//! Spark answered (`dev/testdata/spark/answers.jsonl`): writes Comet's answers
//! as JSON lines on stdout, in the answers file's order and shape, so that
//! `dev/testdata/spark/comet.jsonl` can be compared with Spark's row by row.
//!
//! The functions are Comet's own UDFs, `CometParseUrl` (`parse_url`,
//! failOnError) and `CometTryParseUrl` (`try_parse_url`), from the crate
//! `datafusion-comet-spark-expr` of a Comet checkout, built with Comet's
//! own `Cargo.lock` (its DataFusion and Arrow). Nothing of Comet is copied
//! here: `regenerate.sh` points Cargo at the checkout. They are invoked as
//! a Comet query invokes them: the URL a `Utf8` column, the part and the key
//! `Utf8` literals (scalars).
//!
//! Usage (through `dev/comet-answers/regenerate.sh`, which passes these):
//! `comet-answers ANSWERS_JSONL META_JSON`, META_JSON being the header's
//! fields (Comet's commit and versions), written as the first line.

use std::io::{BufWriter, Write};
use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, StringArray};
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::common::config::ConfigOptions;
use datafusion::common::ScalarValue;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDF};
use datafusion_comet_spark_expr::url_funcs::{CometParseUrl, CometTryParseUrl};
use serde_json::{json, Map, Value};

/// The parts the answers file holds (Spark's part names are case-sensitive).
/// The same list as `urikit_testdata::spark::PARTS`, which this crate does
/// not depend on: it is built against Comet's own `Cargo.lock`, with
/// nothing but what Comet's crate uses (dev/testdata's test `comet` checks
/// that the two lists agree).
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

/// A value or NULL, or the error's message (the query failed).
type Answer = Result<Option<String>, String>;

struct Comet {
    parse_url: ScalarUDF,
    try_parse_url: ScalarUDF,
    config: Arc<ConfigOptions>,
}

impl Comet {
    /// `f(url, part[, key])` over a one-row `Utf8` column `url`.
    fn call(&self, f: &ScalarUDF, url: &str, part: &str, key: Option<&str>) -> Answer {
        let mut args = vec![
            ColumnarValue::Array(Arc::new(StringArray::from(vec![url])) as ArrayRef),
            ColumnarValue::Scalar(ScalarValue::Utf8(Some(part.to_owned()))),
        ];
        if let Some(k) = key {
            args.push(ColumnarValue::Scalar(ScalarValue::Utf8(Some(k.to_owned()))));
        }
        let arg_fields = (0..args.len())
            .map(|i| Arc::new(Field::new(format!("a{i}"), DataType::Utf8, true)))
            .collect();
        let out = f.invoke_with_args(ScalarFunctionArgs {
            args,
            arg_fields,
            number_rows: 1,
            return_field: Arc::new(Field::new("r", DataType::Utf8, true)),
            config_options: Arc::clone(&self.config),
        });
        match out {
            Err(e) => Err(e.to_string()),
            Ok(ColumnarValue::Array(a)) => {
                let a = a
                    .as_any()
                    .downcast_ref::<StringArray>()
                    .expect("a Utf8 result");
                assert_eq!(a.len(), 1);
                Ok(a.is_valid(0).then(|| a.value(0).to_owned()))
            }
            Ok(ColumnarValue::Scalar(ScalarValue::Utf8(v))) => Ok(v),
            Ok(other) => panic!("unexpected result {other:?}"),
        }
    }
}

fn value(a: &Answer) -> Value {
    match a {
        Ok(v) => json!(v),
        Err(_) => Value::Null,
    }
}

fn error(a: &Answer) -> Option<Value> {
    a.as_ref().err().map(|m| json!({ "message": m }))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [answers, meta] = &args[..] else {
        eprintln!("usage: comet-answers ANSWERS_JSONL META_JSON");
        std::process::exit(2);
    };
    let fields: Map<String, Value> = serde_json::from_str(meta).expect("META_JSON: an object");
    let text = std::fs::read_to_string(answers).expect("read the answers file");
    let rows: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let spark = rows.iter().find(|r| r["kind"] == "meta").expect("meta row");
    let mut meta = Map::new();
    meta.insert("kind".into(), json!("meta"));
    meta.extend(fields);
    meta.insert("inputs_from_spark".into(), spark["spark"].clone());

    let comet = Comet {
        parse_url: ScalarUDF::new_from_impl(CometParseUrl::default()),
        try_parse_url: ScalarUDF::new_from_impl(CometTryParseUrl::default()),
        config: Arc::new(ConfigOptions::default()),
    };
    let out = std::io::stdout().lock();
    let mut out = BufWriter::new(out);
    let mut line = |v: Value| writeln!(out, "{v}").expect("write stdout");
    line(Value::Object(meta));
    let (mut n, mut k) = (0, 0);
    for r in &rows {
        let url = r["url"].as_str().unwrap_or_default();
        if r["kind"] == "parse_url" {
            n += 1;
            let mut parts = Map::new();
            let mut failed = Vec::new();
            let mut message = None;
            for part in PARTS {
                let t = comet.call(&comet.try_parse_url, url, part, None);
                parts.insert(part.into(), json!(t.expect("try_parse_url does not fail")));
                if let Err(m) = comet.call(&comet.parse_url, url, part, None) {
                    failed.push(part);
                    message.get_or_insert(m);
                }
            }
            let mut o = Map::new();
            o.insert("kind".into(), json!("parse_url"));
            o.insert("url".into(), json!(url));
            o.insert("parts".into(), Value::Object(parts));
            o.insert("valid".into(), json!(failed.is_empty()));
            if let Some(m) = message {
                o.insert("error".into(), json!({ "message": m }));
            }
            // parse_url fails on some parts only: say which.
            if !failed.is_empty() && failed.len() < PARTS.len() {
                o.insert("error_parts".into(), json!(failed));
            }
            line(Value::Object(o));
        } else if r["kind"] == "query_key" {
            k += 1;
            let key = r["key"].as_str().unwrap_or_default();
            let v = comet.call(&comet.parse_url, url, "QUERY", Some(key));
            let t = comet.call(&comet.try_parse_url, url, "QUERY", Some(key));
            let mut o = Map::new();
            o.insert("kind".into(), json!("query_key"));
            o.insert("url".into(), json!(url));
            o.insert("key".into(), json!(key));
            o.insert("value".into(), value(&v));
            if let Some(e) = error(&v) {
                o.insert("error".into(), e);
            }
            o.insert("try_value".into(), value(&t));
            if let Some(e) = error(&t) {
                o.insert("try_error".into(), e);
            }
            line(Value::Object(o));
        }
    }
    out.flush().expect("flush stdout");
    eprintln!(
        "{n} parse_url inputs x {} parts, {k} (url, key) pairs",
        PARTS.len()
    );
}
