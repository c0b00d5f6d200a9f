//! `urikit_arrow::views` over `gsd-urls.txt` as `Utf8View` batches of
//! 8,192 rows, one parser at a time, then every parser at once: the reading
//! plus the Arrow struct building every parser shares, without DataFusion
//! (urikit-datafusion's `views` bench measures the SQL function). Best of
//! `URIKIT_BENCH_RUNS` passes (default 5); `URIKIT_BENCH_ONLY=NAME` (or
//! `all`) measures one case, for `valgrind --tool=callgrind`'s instruction
//! count, which does not depend on the machine's load.
//!
//! ```text
//! URIKIT_CORPUS=../shared/corpus cargo bench -p urikit-arrow --features whatwg,curl --bench views
//! ```

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use arrow_array::{ArrayRef, StringViewArray};
use urikit_views::Parser;

fn main() {
    let path = urikit_testdata::full_or_sample("gsd-urls.txt");
    let lines = urikit_testdata::lines(&path);
    let batches: Vec<ArrayRef> = lines
        .chunks(8192)
        .map(|c| Arc::new(StringViewArray::from_iter_values(c)) as ArrayRef)
        .collect();
    let runs: usize = std::env::var("URIKIT_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let only = std::env::var("URIKIT_BENCH_ONLY").ok();
    println!("{} lines of {}", lines.len(), path.display());
    let all: Vec<Parser> = Parser::available().collect();
    let cases = all
        .iter()
        .map(|p| (p.name(), vec![*p]))
        .chain([("all", all.clone())]);
    let mut base = None;
    for (name, parsers) in cases {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let best = (0..runs)
            .map(|_| {
                let t = Instant::now();
                for b in &batches {
                    black_box(urikit_arrow::views(b, &parsers).expect("views"));
                }
                t.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min);
        let base = *base.get_or_insert(best);
        println!(
            "{name:<13} {:>8.1} ms {:>11.0} rows/s {:>5.1}x rfc3986",
            best * 1e3,
            lines.len() as f64 / best,
            best / base
        );
    }
}
