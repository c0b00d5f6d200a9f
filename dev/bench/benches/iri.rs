//! IRIs: parsing `wiki-iris.txt` (61,628 Wikipedia article IRIs) and
//! mapping each to a URI (RFC 3987 3.1, parse included), urikit against
//! fluent-uri, oxiri and iri-string. oxiri has no IRI-to-URI mapping.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iri_string::format::ToDedicatedString;

type Run = fn(&str) -> usize;

fn parse_peers() -> Vec<(&'static str, Run)> {
    vec![
        ("urikit", |s| {
            usize::from(urikit::IriRef::parse(black_box(s)).is_ok())
        }),
        ("fluent-uri", |s| {
            usize::from(fluent_uri::IriRef::parse(black_box(s)).is_ok())
        }),
        ("oxiri", |s| {
            usize::from(oxiri::IriRef::parse(black_box(s)).is_ok())
        }),
        ("iri-string", |s| {
            usize::from(iri_string::types::IriReferenceStr::new(black_box(s)).is_ok())
        }),
    ]
}

fn to_uri_peers() -> Vec<(&'static str, Run)> {
    vec![
        ("urikit", |s| {
            urikit::IriRef::parse(black_box(s)).map_or(0, |i| black_box(i.to_uri()).len())
        }),
        ("fluent-uri", |s| {
            fluent_uri::IriRef::parse(black_box(s))
                .map_or(0, |i| black_box(i.to_uri_ref()).as_str().len())
        }),
        ("iri-string", |s| {
            iri_string::types::IriReferenceStr::new(black_box(s)).map_or(0, |i| {
                black_box(i.encode_to_uri().to_dedicated_string()).len()
            })
        }),
    ]
}

fn group(c: &mut Criterion, name: &str, peers: Vec<(&'static str, Run)>) {
    let lines = urikit_bench::wiki_lines();
    let bytes: usize = lines.iter().map(|s| s.len()).sum();
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Bytes(bytes as u64));
    for (peer, f) in peers {
        // Every peer accepts every line (tests/it/iri_corpus.rs checks urikit
        // against them); the sum keeps the work observable.
        g.bench_function(peer, |b| {
            b.iter(|| lines.iter().map(|s| f(s)).sum::<usize>())
        });
    }
    g.finish();
}

fn parse_wiki(c: &mut Criterion) {
    group(c, "iri-parse-wiki", parse_peers());
}

/// urikit and oxiri side by side, each parse followed by reading the
/// scheme, authority, path, query and fragment (`iri_component_peers`).
fn parse_components_wiki(c: &mut Criterion) {
    group(
        c,
        "iri-parse-components-wiki",
        urikit_bench::iri_component_peers(),
    );
}

fn to_uri_wiki(c: &mut Criterion) {
    group(c, "iri-to-uri-wiki", to_uri_peers());
}

criterion_group!(benches, parse_components_wiki, parse_wiki, to_uri_wiki);
criterion_main!(benches);
