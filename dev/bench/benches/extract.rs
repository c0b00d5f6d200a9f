//! Text extraction scales linearly with its input for any `max_len`: the
//! throughput (bytes per second) of each shape stays the same as the input
//! doubles, in memory and through a reader. The shapes are the hostile
//! ones: one candidate as long as the input, a colon every few bytes, and
//! a candidate on each of many lines joined at hyphens.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use urikit::text::ExtractOptions;

/// The input of `shape` with about `n` bytes.
fn shaped(shape: &str, n: usize) -> String {
    match shape {
        "one-candidate" => format!("http://a/{}", "b".repeat(n)),
        "colons" => "http://a:".repeat(n / 9),
        "hyphen-chain" => "mailto:%-\n ".repeat(n / 11),
        _ => unreachable!(),
    }
}

fn extract_linear(c: &mut Criterion) {
    // No limit, as `uri extract --max-len` with a huge value.
    let opts = ExtractOptions::new().max_len(usize::MAX / 4);
    for shape in ["one-candidate", "colons", "hyphen-chain"] {
        for mode in ["memory", "reader"] {
            let mut g = c.benchmark_group(format!("extract-{shape}-{mode}"));
            g.sample_size(10)
                .warm_up_time(Duration::from_millis(300))
                .measurement_time(Duration::from_secs(2));
            for (label, n) in [("1MB", 1 << 20), ("2MB", 2 << 20), ("4MB", 4 << 20)] {
                let input = shaped(shape, n);
                g.throughput(Throughput::Bytes(input.len() as u64));
                g.bench_function(label, |b| {
                    b.iter(|| match mode {
                        "memory" => opts.extract(black_box(&input)).with_dropped().count(),
                        _ => opts
                            .extract_reader(black_box(input.as_bytes()))
                            .with_dropped()
                            .count(),
                    })
                });
            }
            g.finish();
        }
    }
}

criterion_group!(benches, extract_linear);
criterion_main!(benches);
