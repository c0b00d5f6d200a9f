//! Throughput of the kernels, rows/s and MB/s, one group per function
//! family, over the gsd corpus (the full file when it is beside the
//! checkout, else the committed sample) as a `Utf8View` column and, for
//! components, as `Utf8` too; resolution over cc-relative-10k.csv.
//!
//! `cargo bench -p urikit-arrow --bench kernels`

use std::hint::black_box;
use std::sync::Arc;

use arrow_array::{ArrayRef, Scalar, StringArray, StringViewArray};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use urikit_arrow::{EncodeSet, Level};

fn gsd() -> Vec<String> {
    let name = "gsd-urls.txt";
    let path = urikit_testdata::full(name).unwrap_or_else(|| urikit_testdata::sample(name));
    urikit_testdata::lines(&path)
}

/// The `(base, relative)` pairs of cc-relative-10k.csv (RFC 4180 fields).
fn cc_pairs() -> Vec<(String, String)> {
    let name = "cc-relative-10k.csv";
    let path = urikit_testdata::full(name).unwrap_or_else(|| urikit_testdata::sample(name));
    let text = std::fs::read_to_string(path).expect("read the CSV corpus");
    let (mut out, mut rec, mut field) = (Vec::new(), Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => rec.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                rec.push(std::mem::take(&mut field));
                if let Ok([a, b]) = <[String; 2]>::try_from(std::mem::take(&mut rec)) {
                    out.push((a, b));
                }
            }
            (false, c) => field.push(c),
        }
    }
    out.into_iter().skip(1).collect()
}

type Kernel = Box<dyn Fn(&ArrayRef) -> usize>;

fn family(c: &mut Criterion, group: &str, input: &ArrayRef, kernels: Vec<(&str, Kernel)>) {
    let rows = input.len() as u64;
    let bytes = urikit_arrow::value_bytes(input).unwrap() as u64;
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::ElementsAndBytes {
        elements: rows,
        bytes,
    });
    for (name, k) in kernels {
        g.bench_function(name, |b| b.iter(|| black_box(k(black_box(input)))));
    }
    g.finish();
}

fn kernels(c: &mut Criterion) {
    let lines = gsd();
    let view: ArrayRef = Arc::new(StringViewArray::from_iter_values(lines.iter()));
    let utf8: ArrayRef = Arc::new(StringArray::from_iter_values(lines.iter()));
    let k = |f: fn(&ArrayRef) -> usize| -> Kernel { Box::new(f) };

    family(
        c,
        "components/view",
        &view,
        vec![
            ("is_valid", k(|a| urikit_arrow::is_valid(a).unwrap().len())),
            ("host", k(|a| urikit_arrow::host(a).unwrap().len())),
            ("path", k(|a| urikit_arrow::path(a).unwrap().len())),
            ("port", k(|a| urikit_arrow::port(a).unwrap().len())),
            ("parse_struct", k(|a| urikit_arrow::parse(a).unwrap().len())),
        ],
    );
    // The same column in batches of 8,192 rows, as DataFusion hands them
    // to a function (each output is dropped before the next batch, so its
    // memory is reused, as in an engine).
    let batches = |f: fn(&ArrayRef) -> usize| -> Kernel {
        Box::new(move |a: &ArrayRef| {
            (0..a.len())
                .step_by(8192)
                .map(|at| f(&a.slice(at, 8192.min(a.len() - at))))
                .sum()
        })
    };
    family(
        c,
        "components/view-batches",
        &view,
        vec![
            (
                "is_valid",
                batches(|a| urikit_arrow::is_valid(a).unwrap().len()),
            ),
            ("host", batches(|a| urikit_arrow::host(a).unwrap().len())),
            ("path", batches(|a| urikit_arrow::path(a).unwrap().len())),
            (
                "port",
                batches(|a| urikit_arrow::port_text(a).unwrap().len()),
            ),
        ],
    );
    family(
        c,
        "components/utf8",
        &utf8,
        vec![
            ("host", k(|a| urikit_arrow::host(a).unwrap().len())),
            ("path", k(|a| urikit_arrow::path(a).unwrap().len())),
            ("parse_struct", k(|a| urikit_arrow::parse(a).unwrap().len())),
        ],
    );
    family(
        c,
        "query",
        &view,
        vec![
            (
                "query_param",
                k(|a| {
                    let name = Scalar::new(StringViewArray::from(vec!["id"]));
                    urikit_arrow::query_param(a, &name).unwrap().len()
                }),
            ),
            (
                "query_params",
                k(|a| urikit_arrow::query_params(a).unwrap().len()),
            ),
            (
                "path_segments",
                k(|a| urikit_arrow::path_segments(a).unwrap().len()),
            ),
        ],
    );
    family(
        c,
        "normalize",
        &view,
        vec![
            (
                "syntax",
                k(|a| urikit_arrow::normalize(a, Level::Syntax).unwrap().len()),
            ),
            (
                "scheme",
                k(|a| urikit_arrow::normalize(a, Level::Scheme).unwrap().len()),
            ),
            (
                "equivalent_self",
                k(|a| urikit_arrow::equivalent(a, a, Level::Syntax).unwrap().len()),
            ),
        ],
    );
    family(
        c,
        "percent",
        &view,
        vec![
            (
                "encode_query_pair",
                k(|a| urikit_arrow::encode(a, EncodeSet::QueryPair).unwrap().len()),
            ),
            ("decode", k(|a| urikit_arrow::decode(a).unwrap().len())),
        ],
    );
    family(
        c,
        "hosts",
        &view,
        vec![
            (
                "host_reversed",
                k(|a| urikit_arrow::host_reversed(a).unwrap().len()),
            ),
            ("surt", k(|a| urikit_arrow::surt(a).unwrap().len())),
            (
                "registrable_domain",
                k(|a| urikit_arrow::registrable_domain(a).unwrap().len()),
            ),
            (
                "public_suffix",
                k(|a| urikit_arrow::public_suffix(a).unwrap().len()),
            ),
        ],
    );
    family(
        c,
        "text",
        &view,
        vec![
            ("extract", k(|a| urikit_arrow::extract(a).unwrap().len())),
            ("lint", k(|a| urikit_arrow::lint(a).unwrap().len())),
        ],
    );

    // Resolution: the pairs as two columns, and every reference against
    // one scalar base (parsed once per batch).
    let pairs = cc_pairs();
    let bases: ArrayRef = Arc::new(StringViewArray::from_iter_values(
        pairs.iter().map(|p| &p.0),
    ));
    let refs: ArrayRef = Arc::new(StringViewArray::from_iter_values(
        pairs.iter().map(|p| &p.1),
    ));
    let targets = urikit_arrow::resolve(&bases, &refs).unwrap();
    let rows = refs.len() as u64;
    let bytes = urikit_arrow::value_bytes(&refs).unwrap() as u64;
    let mut g = c.benchmark_group("resolve");
    g.throughput(Throughput::ElementsAndBytes {
        elements: rows,
        bytes,
    });
    g.bench_function("resolve_pairs", |b| {
        b.iter(|| black_box(urikit_arrow::resolve(&bases, black_box(&refs)).unwrap()))
    });
    let base = Scalar::new(StringViewArray::from(vec![pairs[0].0.as_str()]));
    g.bench_function("resolve_scalar_base", |b| {
        b.iter(|| black_box(urikit_arrow::resolve(&base, black_box(&refs)).unwrap()))
    });
    g.bench_function("make_relative_pairs", |b| {
        b.iter(|| black_box(urikit_arrow::make_relative(&bases, black_box(&targets)).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, kernels);
criterion_main!(benches);
