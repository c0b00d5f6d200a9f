//! `try_parse_url(url, 'HOST')` over the gsd corpus: urikit's (Spark's answers,
//! java.net.URI's reading) against datafusion-spark's (the `url` crate's
//! WHATWG reading), both as the DataFusion UDFs they are, invoked on the
//! same batches of 8,192 rows in one process. The `try_` form in both,
//! because about 200 lines of the corpus are not URLs and `parse_url`
//! fails the batch on them (both give NULL for them under `try_`); the
//! work per valid row is that of `parse_url`.
//!
//! Over the full `gsd-urls.txt` (564,678 lines) when the shared corpus is
//! found (`../shared/corpus` beside the checkout, or `URIKIT_CORPUS`), else
//! the committed sample (18,876 lines). Criterion reports rows per second.
//!
//! ```text
//! URIKIT_CORPUS=/path/to/shared/corpus cargo bench -p urikit-datafusion --features peers --bench spark
//! ```

use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use datafusion::arrow::array::{ArrayRef, StringArray, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::common::ScalarValue;
use datafusion::common::config::ConfigOptions;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDF};

fn urls() -> Vec<String> {
    let path = urikit_testdata::full_or_sample("gsd-urls.txt");
    let text = std::fs::read_to_string(path).expect("gsd-urls.txt");
    text.lines().map(str::to_owned).collect()
}

fn run(udf: &ScalarUDF, batches: &[ArrayRef], ty: &DataType, config: &Arc<ConfigOptions>) -> usize {
    let mut rows = 0;
    for b in batches {
        let args = ScalarFunctionArgs {
            args: vec![
                ColumnarValue::Array(Arc::clone(b)),
                // The part as the same string type as the URLs:
                // datafusion-spark rejects mixed (Utf8View, Utf8).
                ColumnarValue::Scalar(match ty {
                    DataType::Utf8View => ScalarValue::Utf8View(Some("HOST".into())),
                    _ => ScalarValue::Utf8(Some("HOST".into())),
                }),
            ],
            arg_fields: vec![
                Arc::new(Field::new("u", ty.clone(), true)),
                Arc::new(Field::new("p", ty.clone(), false)),
            ],
            number_rows: b.len(),
            return_field: Arc::new(Field::new("h", ty.clone(), true)),
            config_options: Arc::clone(config),
        };
        match udf.invoke_with_args(args).expect("try_parse_url") {
            ColumnarValue::Array(a) => rows += a.len(),
            ColumnarValue::Scalar(_) => rows += 1,
        }
    }
    rows
}

fn bench(c: &mut Criterion) {
    let urls = urls();
    let utf8: Vec<ArrayRef> = urls
        .chunks(8192)
        .map(|c| Arc::new(StringArray::from_iter_values(c)) as ArrayRef)
        .collect();
    let view: Vec<ArrayRef> = urls
        .chunks(8192)
        .map(|c| Arc::new(StringViewArray::from_iter_values(c)) as ArrayRef)
        .collect();
    let config = Arc::new(ConfigOptions::default());
    let ours = urikit_datafusion::spark::udfs()
        .into_iter()
        .find(|u| u.name() == "try_parse_url")
        .expect("try_parse_url");
    let theirs = datafusion_spark::function::url::try_parse_url();
    let mut g = c.benchmark_group("try_parse_url_host");
    // Rows per second, as docs/spark.md and docs/speed.md give them.
    g.throughput(Throughput::Elements(urls.len() as u64));
    g.sample_size(10);
    for (name, batches, ty) in [
        ("utf8", &utf8, DataType::Utf8),
        ("utf8view", &view, DataType::Utf8View),
    ] {
        g.bench_function(format!("urikit/{name}"), |b| {
            b.iter(|| run(&ours, batches, &ty, &config))
        });
        g.bench_function(format!("datafusion-spark/{name}"), |b| {
            b.iter(|| run(&theirs, batches, &ty, &config))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
