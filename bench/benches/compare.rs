//! urikit against its peers, on the same inputs, in one run.
//!
//! Each peer is timed on the corpus lines it accepts (the count is written
//! to `target/urikit-bench/accepted.tsv` for the table script).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use urikit_bench::{floor, gsd_lines, parsers, single_inputs};

fn write_accepted(rows: &[(String, usize, usize, usize)]) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/urikit-bench");
    let _ = std::fs::create_dir_all(dir);
    let mut text = String::from("peer\taccepted\ttotal\tbytes\n");
    for (name, accepted, total, bytes) in rows {
        text.push_str(&format!("{name}\t{accepted}\t{total}\t{bytes}\n"));
    }
    let _ = std::fs::write(format!("{dir}/accepted.tsv"), text);
}

fn parse_corpus(c: &mut Criterion) {
    let lines = gsd_lines();
    let all: Vec<&str> = lines.iter().map(String::as_str).collect();
    let mut g = c.benchmark_group("parse-corpus");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));

    let mut accepted_rows = Vec::new();
    for (name, f) in parsers() {
        let accepted: Vec<&str> = all.iter().copied().filter(|s| f(s)).collect();
        let bytes: usize = accepted.iter().map(|s| s.len()).sum();
        accepted_rows.push((name.to_string(), accepted.len(), all.len(), bytes));
        g.throughput(Throughput::Bytes(bytes as u64));
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut n = 0usize;
                for s in &accepted {
                    n += f(s) as usize;
                }
                n
            })
        });
    }
    write_accepted(&accepted_rows);

    let bytes: usize = all.iter().map(|s| s.len()).sum();
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("floor", |b| b.iter(|| floor(black_box(&all))));
    g.finish();
}

fn parse_single(c: &mut Criterion) {
    for (label, input) in single_inputs() {
        let mut g = c.benchmark_group(format!("parse-{label}"));
        g.throughput(Throughput::Bytes(input.len() as u64))
            .measurement_time(Duration::from_secs(2))
            .warm_up_time(Duration::from_millis(500));
        for (name, f) in parsers() {
            if !f(&input) {
                continue;
            }
            g.bench_function(name, |b| b.iter(|| f(black_box(&input))));
        }
        g.finish();
    }
}

criterion_group!(benches, parse_corpus, parse_single);
criterion_main!(benches);
