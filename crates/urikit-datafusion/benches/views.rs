//! The SQL functions of issues 28 and 36 over the gsd corpus, rows per
//! second: the cost of each parser alone, `uri_views(u, 'rfc3986')`,
//! `'java'`, ... one per parser of the build (all seventeen with
//! `--features whatwg,curl`), then `uri_views(u, 'all')` (every parser at
//! once) and `uri_views(u)` (the default set, `Parser::DEFAULT`), and
//! `uri_host_confusion` with all and with the default set. Each is the
//! DataFusion UDF that `register` adds, invoked on the same `Utf8View`
//! batches of 8,192 rows in one process (as a query's projection calls
//! it), so the figures are the functions' own, without a query's planning
//! or I/O.
//!
//! Over the full `gsd-urls.txt` (564,678 lines) when the shared corpus is
//! found (`../shared/corpus` beside the checkout, or `URIKIT_CORPUS`), else
//! the committed sample (18,876 lines). `whatwg` and `curl` are measured
//! when the build has them (this crate's features of the same names; a
//! line says which are left out).
//!
//! ```text
//! cargo bench -p urikit-datafusion --features whatwg,curl --bench views
//! ```

use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use datafusion::arrow::array::{ArrayRef, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::common::ScalarValue;
use datafusion::common::config::ConfigOptions;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDF};
use urikit_views::Parser;

fn urls() -> Vec<String> {
    let path = urikit_testdata::full_or_sample("gsd-urls.txt");
    let text = std::fs::read_to_string(path).expect("gsd-urls.txt");
    text.lines().map(str::to_owned).collect()
}

fn udf(name: &str) -> Arc<ScalarUDF> {
    urikit_datafusion::udfs()
        .into_iter()
        .find(|u| u.name() == name)
        .expect(name)
}

/// Invoke `udf` on every batch, with `parsers` as its constant second
/// argument when given; the number of rows it returned.
fn run(
    udf: &ScalarUDF,
    batches: &[ArrayRef],
    parsers: Option<&str>,
    config: &Arc<ConfigOptions>,
) -> usize {
    let mut rows = 0;
    for b in batches {
        let mut args = vec![ColumnarValue::Array(Arc::clone(b))];
        let mut arg_fields = vec![Arc::new(Field::new("u", DataType::Utf8View, true))];
        if let Some(p) = parsers {
            args.push(ColumnarValue::Scalar(ScalarValue::Utf8View(Some(p.into()))));
            arg_fields.push(Arc::new(Field::new("p", DataType::Utf8View, false)));
        }
        let ty = udf.return_type(&[DataType::Utf8View]).expect("return type");
        let args = ScalarFunctionArgs {
            args,
            arg_fields,
            number_rows: b.len(),
            return_field: Arc::new(Field::new("out", ty, true)),
            config_options: Arc::clone(config),
        };
        match udf.invoke_with_args(args).expect("invoke") {
            ColumnarValue::Array(a) => rows += a.len(),
            ColumnarValue::Scalar(_) => rows += 1,
        }
    }
    rows
}

fn bench(c: &mut Criterion) {
    let urls = urls();
    let batches: Vec<ArrayRef> = urls
        .chunks(8192)
        .map(|c| Arc::new(StringViewArray::from_iter_values(c)) as ArrayRef)
        .collect();
    let config = Arc::new(ConfigOptions::default());
    let (views, confusion) = (udf("uri_views"), udf("uri_host_confusion"));
    let missing: Vec<&str> = Parser::ALL
        .into_iter()
        .filter(|p| !p.is_available())
        .map(Parser::name)
        .collect();
    if !missing.is_empty() {
        eprintln!(
            "note: not in this build, not measured: {} (--features whatwg,curl)",
            missing.join(", ")
        );
    }
    let mut g = c.benchmark_group("views");
    g.throughput(Throughput::Elements(urls.len() as u64));
    g.sample_size(10);
    for p in Parser::available() {
        g.bench_function(format!("uri_views/{p}"), |b| {
            b.iter(|| run(&views, &batches, Some(p.name()), &config))
        });
    }
    // `all` is every parser of the build; no argument is the default set
    // (8 parsers), which is not all of them.
    g.bench_function("uri_views/all", |b| {
        b.iter(|| run(&views, &batches, Some("all"), &config))
    });
    g.bench_function("uri_views/default", |b| {
        b.iter(|| run(&views, &batches, None, &config))
    });
    g.bench_function("uri_host_confusion/all", |b| {
        b.iter(|| run(&confusion, &batches, Some("all"), &config))
    });
    g.bench_function("uri_host_confusion/default", |b| {
        b.iter(|| run(&confusion, &batches, None, &config))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
