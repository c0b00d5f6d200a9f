//! urikit against its peers, on the same inputs, in one run.
//!
//! Each peer is timed on the corpus lines it accepts (the count is written
//! to `target/urikit-bench/accepted.tsv` for the table script).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use urikit_bench::{
    DOTS_BASE, DOTS_REF, NORMALIZE_EXAMPLE, PATH_SET, SHAPES, SIZES, cc_pairs, floor, gsd_lines,
    parsers, shaped, single_inputs,
};

fn write_accepted(rows: &[(String, usize, usize, usize)]) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/urikit-bench");
    let _ = std::fs::create_dir_all(dir);
    let mut text = String::from("peer\taccepted\ttotal\tbytes\n");
    for (name, accepted, total, bytes) in rows {
        text.push_str(&format!("{name}\t{accepted}\t{total}\t{bytes}\n"));
    }
    let _ = std::fs::write(format!("{dir}/accepted.tsv"), text);
}

fn parse_corpus(c: &mut Criterion) {
    let lines = gsd_lines();
    let all = lines;
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

/// urikit, fluent-uri and oxiri side by side over the gsd corpus, each
/// parse followed by reading the scheme, authority, path, query and
/// fragment (`uri_component_peers`): what a caller of a parser pays.
fn parse_components_corpus(c: &mut Criterion) {
    let lines = gsd_lines();
    let mut g = c.benchmark_group("parse-components-corpus");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    let bytes: usize = lines.iter().map(|s| s.len()).sum();
    g.throughput(Throughput::Bytes(bytes as u64));
    for (name, f) in urikit_bench::uri_component_peers() {
        g.bench_function(name, |b| {
            b.iter(|| lines.iter().map(|s| f(s)).sum::<usize>())
        });
    }
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

/// Linear cost: throughput must stay flat from 100 B to 100 MB.
fn scaling(c: &mut Criterion) {
    for shape in SHAPES {
        let mut g = c.benchmark_group(format!("scaling-parse-{shape}"));
        g.sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(2));
        for (label, len) in SIZES {
            let input = shaped(shape, *len);
            g.throughput(Throughput::Bytes(input.len() as u64));
            g.bench_function(*label, |b| {
                b.iter(|| urikit::UriRef::parse(black_box(&input)).map(|r| r.path().len()))
            });
        }
        g.finish();
    }
    // Resolution (the shape as the reference, so its path goes through
    // remove_dot_segments) and normalization of the same inputs.
    let base = urikit::Uri::parse("http://a/b/c/d;p?q").unwrap();
    for shape in SHAPES {
        for op in ["resolve", "normalize"] {
            let mut g = c.benchmark_group(format!("scaling-{op}-{shape}"));
            g.sample_size(10)
                .warm_up_time(Duration::from_millis(300))
                .measurement_time(Duration::from_secs(2));
            for (label, len) in SIZES {
                let input = shaped(shape, *len);
                let r = urikit::UriRef::parse(&input).unwrap();
                g.throughput(Throughput::Bytes(input.len() as u64));
                g.bench_function(*label, |b| {
                    b.iter(|| match op {
                        "resolve" => black_box(&base)
                            .resolve(black_box(&r))
                            .map_or(0, |t| t.len()),
                        _ => black_box(&r).normalize().as_str().len(),
                    })
                });
            }
            g.finish();
        }
    }
}

/// Resolution of already-parsed pairs: each library on the pairs it can
/// parse (url parses the reference as part of `join`).
fn resolve(c: &mut Criterion) {
    let pairs = cc_pairs();
    let mut g = c.benchmark_group("resolve-cc-pairs");
    g.sample_size(20).measurement_time(Duration::from_secs(3));

    let ours: Vec<_> = pairs
        .iter()
        .filter_map(|(b, r)| Some((urikit::Uri::parse(b).ok()?, urikit::UriRef::parse(r).ok()?)))
        .collect();
    g.throughput(Throughput::Elements(ours.len() as u64));
    g.bench_function("urikit", |b| {
        b.iter(|| {
            ours.iter()
                .map(|(base, r)| base.resolve(r).map_or(0, |t| t.len()))
                .sum::<usize>()
        })
    });

    let fl: Vec<_> = pairs
        .iter()
        .filter_map(|(b, r)| {
            Some((
                fluent_uri::Uri::parse(b.as_str()).ok()?,
                fluent_uri::UriRef::parse(r.as_str()).ok()?,
            ))
        })
        .collect();
    g.throughput(Throughput::Elements(fl.len() as u64));
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            fl.iter()
                .map(|(base, r)| r.resolve_against(base).map_or(0, |t| t.as_str().len()))
                .sum::<usize>()
        })
    });

    let ox: Vec<_> = pairs
        .iter()
        .filter_map(|(b, r)| {
            Some((
                oxiri::Iri::parse(b.as_str()).ok()?,
                oxiri::IriRef::parse(r.as_str()).ok()?,
            ))
        })
        .collect();
    g.throughput(Throughput::Elements(ox.len() as u64));
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            ox.iter()
                .map(|(base, r)| base.resolve(r).map_or(0, |t| t.as_str().len()))
                .sum::<usize>()
        })
    });

    let is: Vec<_> = pairs
        .iter()
        .filter_map(|(b, r)| {
            Some((
                iri_string::types::UriAbsoluteStr::new(b.as_str()).ok()?,
                iri_string::types::UriReferenceStr::new(r.as_str()).ok()?,
            ))
        })
        .collect();
    g.throughput(Throughput::Elements(is.len() as u64));
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            is.iter()
                .map(|(base, r)| {
                    use iri_string::format::ToDedicatedString;
                    r.resolve_against(base).to_dedicated_string().as_str().len()
                })
                .sum::<usize>()
        })
    });

    let ir: Vec<_> = pairs
        .iter()
        .filter_map(|(b, r)| {
            Some((
                iref::Uri::new(b.as_str()).ok()?,
                iref::UriRef::new(r.as_str()).ok()?,
            ))
        })
        .collect();
    g.throughput(Throughput::Elements(ir.len() as u64));
    g.bench_function("iref", |b| {
        b.iter(|| {
            ir.iter()
                .map(|(base, r)| r.resolved(*base).as_str().len())
                .sum::<usize>()
        })
    });

    let ur: Vec<_> = pairs
        .iter()
        .filter_map(|(b, r)| Some((url::Url::parse(b).ok()?, r.as_str())))
        .collect();
    g.throughput(Throughput::Elements(ur.len() as u64));
    g.bench_function("url", |b| {
        b.iter(|| {
            ur.iter()
                .map(|(base, r)| base.join(r).map_or(0, |t| t.as_str().len()))
                .sum::<usize>()
        })
    });
    g.finish();

    let base = urikit::Uri::parse(DOTS_BASE).unwrap();
    let r = urikit::UriRef::parse(DOTS_REF).unwrap();
    let mut g = c.benchmark_group("resolve-dot-segments");
    g.bench_function("urikit", |b| {
        b.iter(|| black_box(&base).resolve(black_box(&r)).map(|t| t.len()))
    });
    let fb = fluent_uri::Uri::parse(DOTS_BASE).unwrap();
    let fr = fluent_uri::UriRef::parse(DOTS_REF).unwrap();
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            black_box(&fr)
                .resolve_against(black_box(&fb))
                .map(|t| t.as_str().len())
        })
    });
    let ob = oxiri::Iri::parse(DOTS_BASE).unwrap();
    let or = oxiri::IriRef::parse(DOTS_REF).unwrap();
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            black_box(&ob)
                .resolve(black_box(&or))
                .map(|t| t.as_str().len())
        })
    });
    let ib = iri_string::types::UriAbsoluteStr::new(DOTS_BASE).unwrap();
    let ir = iri_string::types::UriReferenceStr::new(DOTS_REF).unwrap();
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            use iri_string::format::ToDedicatedString;
            black_box(ir)
                .resolve_against(black_box(ib))
                .to_dedicated_string()
                .as_str()
                .len()
        })
    });
    let rb = iref::Uri::new(DOTS_BASE).unwrap();
    let rr = iref::UriRef::new(DOTS_REF).unwrap();
    g.bench_function("iref", |b| {
        b.iter(|| black_box(rr).resolved(black_box(rb)).as_str().len())
    });
    let ub = url::Url::parse(DOTS_BASE).unwrap();
    g.bench_function("url", |b| {
        b.iter(|| {
            black_box(&ub)
                .join(black_box(DOTS_REF))
                .map(|t| t.as_str().len())
        })
    });
    g.finish();
}

/// Make-relative: the inverse of resolution, on the resolved cc pairs.
fn relative(c: &mut Criterion) {
    let pairs = cc_pairs();
    let targets: Vec<(String, String)> = pairs
        .iter()
        .filter_map(|(b, r)| {
            let base = urikit::Uri::parse(b).ok()?;
            let t = base.resolve(urikit::UriRef::parse(r).ok()?).ok()?;
            Some((b.clone(), t.to_string()))
        })
        .collect();
    let mut g = c.benchmark_group("relative-cc-pairs");
    g.sample_size(20).measurement_time(Duration::from_secs(3));
    let ours: Vec<_> = targets
        .iter()
        .filter_map(|(b, t)| Some((urikit::Uri::parse(b).ok()?, urikit::Uri::parse(t).ok()?)))
        .collect();
    g.throughput(Throughput::Elements(ours.len() as u64));
    g.bench_function("urikit", |b| {
        b.iter(|| {
            ours.iter()
                .map(|(base, t)| base.make_relative(t).map_or(0, |r| r.len()))
                .sum::<usize>()
        })
    });
    let ox: Vec<_> = targets
        .iter()
        .filter_map(|(b, t)| {
            Some((
                oxiri::Iri::parse(b.as_str()).ok()?,
                oxiri::Iri::parse(t.as_str()).ok()?,
            ))
        })
        .collect();
    g.throughput(Throughput::Elements(ox.len() as u64));
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            ox.iter()
                .map(|(base, t)| base.relativize(t).map_or(0, |r| r.as_str().len()))
                .sum::<usize>()
        })
    });
    let ir: Vec<_> = targets
        .iter()
        .filter_map(|(b, t)| {
            Some((
                iref::UriRef::new(b.as_str()).ok()?,
                iref::UriRef::new(t.as_str()).ok()?,
            ))
        })
        .collect();
    g.throughput(Throughput::Elements(ir.len() as u64));
    g.bench_function("iref", |b| {
        b.iter(|| {
            ir.iter()
                .map(|(base, t)| t.relative_to(base).as_str().len())
                .sum::<usize>()
        })
    });
    g.finish();
}

/// Syntax-based normalization (6.2.2) of the corpus and of one messy URI,
/// and the allocation-free is-normalized check.
fn normalize(c: &mut Criterion) {
    let lines = gsd_lines();
    let ours: Vec<urikit::Uri> = lines
        .iter()
        .filter_map(|s| urikit::Uri::parse(s).ok())
        .collect();
    let mut g = c.benchmark_group("normalize-corpus");
    g.sample_size(10).measurement_time(Duration::from_secs(4));
    g.throughput(Throughput::Elements(ours.len() as u64));
    g.bench_function("urikit", |b| {
        b.iter(|| {
            ours.iter()
                .map(|u| u.normalize().as_str().len())
                .sum::<usize>()
        })
    });
    let fl: Vec<_> = lines
        .iter()
        .filter_map(|s| fluent_uri::Uri::parse(*s).ok())
        .collect();
    g.throughput(Throughput::Elements(fl.len() as u64));
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            fl.iter()
                .map(|u| u.normalize().as_str().len())
                .sum::<usize>()
        })
    });
    let is: Vec<_> = lines
        .iter()
        .filter_map(|s| iri_string::types::UriStr::new(s).ok())
        .collect();
    g.throughput(Throughput::Elements(is.len() as u64));
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            use iri_string::format::ToDedicatedString;
            is.iter()
                .map(|u| u.normalize().to_dedicated_string().as_str().len())
                .sum::<usize>()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("normalize-is-normalized");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(ours.len() as u64));
    g.bench_function("urikit", |b| {
        b.iter(|| ours.iter().filter(|u| u.is_normalized()).count())
    });
    g.finish();

    let messy = NORMALIZE_EXAMPLE;
    let mut g = c.benchmark_group("normalize-example");
    let u = urikit::Uri::parse(messy).unwrap();
    g.bench_function("urikit", |b| {
        b.iter(|| black_box(&u).normalize().as_str().len())
    });
    let f = fluent_uri::Uri::parse(messy).unwrap();
    g.bench_function("fluent-uri", |b| {
        b.iter(|| black_box(&f).normalize().as_str().len())
    });
    let i = iri_string::types::UriStr::new(messy).unwrap();
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            use iri_string::format::ToDedicatedString;
            black_box(i)
                .normalize()
                .to_dedicated_string()
                .as_str()
                .len()
        })
    });
    g.finish();
}

/// Percent-decoding every path of the corpus, and encoding them again as
/// path data; servo's percent-encoding crate as the reference.
fn percent(c: &mut Criterion) {
    let lines = gsd_lines();
    let lines: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    let paths: Vec<String> = lines
        .iter()
        .filter_map(|s| urikit::UriRef::parse(s).ok().map(|u| u.path().to_string()))
        .collect();
    let bytes: usize = paths.iter().map(String::len).sum();
    let decoded: Vec<Vec<u8>> = paths
        .iter()
        .map(|p| urikit::percent::decode(p).to_bytes().into_owned())
        .collect();
    let mut g = c.benchmark_group("percent-decode");
    g.sample_size(10)
        .throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("urikit", |b| {
        b.iter(|| {
            paths
                .iter()
                .map(|p| urikit::percent::decode(p).to_bytes().len())
                .sum::<usize>()
        })
    });
    g.bench_function("percent-encoding", |b| {
        b.iter(|| {
            paths
                .iter()
                .map(|p| std::borrow::Cow::from(percent_encoding::percent_decode_str(p)).len())
                .sum::<usize>()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("percent-encode");
    g.sample_size(10)
        .throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("urikit", |b| {
        b.iter(|| {
            decoded
                .iter()
                .map(|d| {
                    urikit::percent::encode(d, &urikit::percent::PATH)
                        .to_cow()
                        .len()
                })
                .sum::<usize>()
        })
    });
    g.bench_function("percent-encoding", |b| {
        b.iter(|| {
            decoded
                .iter()
                .map(|d| {
                    std::borrow::Cow::from(percent_encoding::percent_encode(d, PATH_SET)).len()
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    parse_corpus,
    parse_components_corpus,
    parse_single,
    scaling,
    resolve,
    relative,
    normalize,
    percent
);
criterion_main!(benches);
