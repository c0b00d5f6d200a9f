//! Each parser's [`Parser::read`] alone over `gsd-urls.txt`, rows per
//! second: the cost of the reading itself, without the Arrow output of the
//! SQL functions (urikit-datafusion's `views` bench measures those). Best of
//! `URIKIT_BENCH_RUNS` passes (default 5), so that a loaded machine's slow
//! passes are left out; `perf stat -e instructions` over one parser
//! (`URIKIT_BENCH_ONLY=yarl`) gives a count that does not depend on load.
//!
//! ```text
//! URIKIT_CORPUS=../shared/corpus cargo bench -p urikit-views --all-features --bench readings
//! ```

use std::hint::black_box;
use std::time::Instant;

use urikit_views::Parser;

fn main() {
    let path = urikit_testdata::full_or_sample("gsd-urls.txt");
    let text = std::fs::read_to_string(&path).expect("gsd-urls.txt");
    let lines: Vec<&str> = text.lines().collect();
    let runs: usize = std::env::var("URIKIT_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let only = std::env::var("URIKIT_BENCH_ONLY").ok();
    println!("{} lines of {}", lines.len(), path.display());
    let mut base = None;
    for p in Parser::available() {
        if only.as_deref().is_some_and(|o| o != p.name()) {
            continue;
        }
        let best = (0..runs)
            .map(|_| {
                let t = Instant::now();
                for l in &lines {
                    black_box(p.read(black_box(l)));
                }
                t.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min);
        let rate = lines.len() as f64 / best;
        let base = *base.get_or_insert(best);
        println!(
            "{:<13} {:>8.1} ms {:>11.0} rows/s {:>5.1}x rfc3986",
            p.name(),
            best * 1e3,
            rate,
            best / base
        );
    }
}
