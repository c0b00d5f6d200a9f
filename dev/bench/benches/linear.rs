//! Linear time at every entry point, on hostile inputs: each operation on an
//! input of size 1x and 10x. Criterion reports each as a group
//! `linear-<entry>` with the two sizes and their throughput (the same
//! throughput at both sizes is linear time); then a table gives, for each,
//! the fastest of eleven runs at 1x and at 10x and their ratio (10 is
//! linear, 100 quadratic).
//!
//! The 1x inputs are 20 to 50 kB, so that the 10x ones (200 to 500 kB)
//! still sit in the cache: from a few MB on, every operation (a byte count
//! too) slows down per byte as the input leaves the cache, which hides the
//! algorithm's own growth in the ratio. `baseline-byte-count` shows that
//! share on the machine at hand.
//!
//! `cargo bench -p urikit-bench --bench linear` (all; `--features curl` adds
//! the curl view), or with a filter:
//! `cargo bench -p urikit-bench --bench linear -- linear-lint` (the table
//! then has the filtered entries only).
//!
//! Template matching in the number of variables is the group
//! `template-linear` of `benches/template.rs`; extraction at 1, 2 and 4 MB
//! is `benches/extract.rs`.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use urikit::java::JavaUri;
use urikit::rfc6570::{Template, VarValue};
use urikit::text::ExtractOptions;
use urikit::{IriRef, Uri, UriRef, percent};

/// An operation over the inputs, returning a number so that the work is
/// not optimized away (boxed: the views' entries capture their parser).
type Run = Box<dyn Fn(&[String]) -> usize>;

/// One entry point: its name, the input of size `n`, and the operation
/// (which returns a number so that the work is not optimized away).
struct Entry {
    name: String,
    input: fn(usize) -> Vec<String>,
    run: Run,
    /// The 1x size (10x is ten times it).
    n: usize,
}

/// Inputs that stress what the other parsers' readings do beyond RFC 3986
/// (each reading follows its library: `rfind` for the last `@`, splits on
/// backslashes, label-by-label host mapping, query splitting, port digits,
/// IPv6 scanning, dot segments, percent-encoding of non-ASCII), `n` units
/// each.
fn reading_inputs(n: usize) -> Vec<String> {
    // The shapes are data shared with every face's benchmark
    // (dev/bench/data/hostile-shapes.json), so the faces measure the same
    // inputs.
    let doc: serde_json::Value =
        serde_json::from_str(include_str!("../data/hostile-shapes.json")).expect("shapes JSON");
    let part = |v: &serde_json::Value, k: &str| v[k].as_str().expect("a string").to_owned();
    doc["shapes"]
        .as_array()
        .expect("a list of shapes")
        .iter()
        .map(|v| part(v, "prefix") + &part(v, "unit").repeat(n) + &part(v, "suffix"))
        .collect()
}

/// One entry per parser of the views (`views-PARSER`) and the guard's
/// offline check (`guard-check`, the default policy and client).
fn reading_entries() -> Vec<Entry> {
    let mut out: Vec<Entry> = urikit_views::Parser::ALL
        .into_iter()
        .filter(|p| p.is_available())
        .map(|p| Entry {
            name: format!("views-{}", p.name()),
            input: reading_inputs,
            run: Box::new(move |i| {
                i.iter()
                    .map(|s| match p.read(s) {
                        Some(Ok(v)) => v.host.map_or(1, |h| h.len()),
                        Some(Err(e)) => e.len(),
                        None => 0,
                    })
                    .sum()
            }),
            n: 2_000,
        })
        .collect();
    let guard = urikit_guard::Guard::default();
    out.push(Entry {
        name: "guard-check".to_owned(),
        input: reading_inputs,
        run: Box::new(move |i| i.iter().filter(|s| guard.check(s).is_ok()).count()),
        n: 2_000,
    });
    out
}

fn entries() -> Vec<Entry> {
    let mut all = vec![
        Entry {
            // Not an entry point: a count over the bytes of an input as
            // large as the others, for the share of the ratio that is the
            // memory hierarchy rather than the algorithm.
            name: "baseline-byte-count".to_owned(),
            input: |n| vec!["a".repeat(n)],
            run: Box::new(|i| i[0].bytes().filter(|&b| b == b'a').count()),
            n: 40_000,
        },
        Entry {
            name: "parse-pct".to_owned(),
            input: |n| vec![format!("http://a/{}", "%41".repeat(n))],
            run: Box::new(|i| UriRef::parse(&i[0]).map_or(0, |u| u.path().len())),
            n: 10_000,
        },
        Entry {
            name: "parse-invalid-late".to_owned(),
            input: |n| vec![format!("http://{}/{}[", "a.".repeat(n), "b/".repeat(n))],
            run: Box::new(|i| UriRef::parse(&i[0]).map_or_else(|e| e.index(), |_| 0)),
            n: 10_000,
        },
        Entry {
            name: "parse-iri".to_owned(),
            input: |n| {
                vec![format!(
                    "http://é.example/{}?{}",
                    "é/".repeat(n),
                    "ü".repeat(n)
                )]
            },
            run: Box::new(|i| IriRef::parse(&i[0]).map_or(0, |u| u.as_str().len())),
            n: 5_000,
        },
        Entry {
            name: "iri-to-uri".to_owned(),
            input: |n| vec![format!("http://a/{}", "日本/".repeat(n))],
            run: Box::new(|i| IriRef::parse(&i[0]).map_or(0, |u| u.to_uri().len())),
            n: 3_000,
        },
        Entry {
            name: "resolve-dots".to_owned(),
            input: |n| {
                vec![
                    format!("http://a/{}", "b/".repeat(n)),
                    format!("{}g", "../".repeat(n)),
                ]
            },
            run: Box::new(|i| {
                let base = Uri::parse(&i[0]).unwrap();
                base.resolve(UriRef::parse(&i[1]).unwrap())
                    .map_or(0, |t| t.len())
            }),
            n: 5_000,
        },
        Entry {
            // java.net.URI's normalize (issue 34): `x/` n times, then `../`
            // n/3 times, each `..` pairing with a kept segment behind the
            // removed ones (Java itself scans back over them: quadratic).
            name: "java-normalize".to_owned(),
            input: |n| {
                vec![format!(
                    "http://a/{}{}g",
                    "x/".repeat(n),
                    "../".repeat(n / 3)
                )]
            },
            run: Box::new(|i| JavaUri::parse(&i[0]).map_or(0, |u| u.normalize().len())),
            n: 15_000,
        },
        Entry {
            name: "java-resolve".to_owned(),
            input: |n| {
                vec![
                    "http://a/".to_string(),
                    format!("{}{}g", "x/".repeat(n), "../".repeat(n / 3)),
                ]
            },
            run: Box::new(|i| {
                let base = JavaUri::parse(&i[0]).unwrap();
                JavaUri::parse(&i[1]).map_or(0, |r| base.resolve(&r).len())
            }),
            n: 15_000,
        },
        Entry {
            name: "make-relative".to_owned(),
            input: |n| {
                vec![
                    format!("http://a/{}", "b/".repeat(n)),
                    format!("http://a/{}", "c/".repeat(n)),
                ]
            },
            run: Box::new(|i| {
                let base = Uri::parse(&i[0]).unwrap();
                base.make_relative(Uri::parse(&i[1]).unwrap())
                    .map_or(0, |t| t.len())
            }),
            n: 5_000,
        },
        Entry {
            name: "normalize".to_owned(),
            input: |n| vec![format!("HTTP://A.EXAMPLE/{}", "./%7e/../%2f/".repeat(n))],
            run: Box::new(|i| Uri::parse(&i[0]).map_or(0, |u| u.normalize().as_str().len())),
            n: 2_000,
        },
        Entry {
            name: "percent-encode".to_owned(),
            input: |n| vec!["é /?#%".repeat(n)],
            run: Box::new(|i| percent::encode(&i[0], &percent::PATH_SEGMENT).encoded_len()),
            n: 5_000,
        },
        Entry {
            name: "percent-decode".to_owned(),
            input: |n| vec!["%C3%A9%%4".repeat(n)],
            run: Box::new(|i| percent::decode(&i[0]).to_str_lossy().len()),
            n: 5_000,
        },
        Entry {
            name: "extract-many".to_owned(),
            input: |n| vec!["e http://a.com/x u ".repeat(n)],
            run: Box::new(|i| ExtractOptions::new().extract(&i[0]).count()),
            n: 2_000,
        },
        Entry {
            name: "extract-one-long".to_owned(),
            input: |n| vec![format!("<http://a/{}", "b c ".repeat(n))],
            run: Box::new(|i| {
                ExtractOptions::new()
                    .max_len(usize::MAX / 4)
                    .extract(&i[0])
                    .count()
            }),
            n: 5_000,
        },
        Entry {
            name: "lint-dots".to_owned(),
            input: |n| vec![format!("http://a/{}", "./".repeat(n))],
            run: Box::new(|i| urikit::security::lint(i[0].as_str()).unwrap().len()),
            n: 5_000,
        },
        Entry {
            name: "lint-long-a-label".to_owned(),
            // One A-label of n digits: Punycode decoding of it would take
            // time in the square of n; over 63 octets it is not decoded.
            input: |n| vec![format!("http://xn--{}.jp/", "a".repeat(n))],
            run: Box::new(|i| urikit::security::lint(i[0].as_str()).unwrap().len()),
            n: 3_000,
        },
        Entry {
            name: "lint-many-a-labels".to_owned(),
            // Many A-labels of 63 octets, each decoded and checked.
            input: |n| {
                let label = format!("xn--p{}-qn6b", "y".repeat(53));
                vec![format!("http://{}/", vec![label; n].join("."))]
            },
            run: Box::new(|i| urikit::security::lint(i[0].as_str()).unwrap().len()),
            // From 400 to 800 labels the time per label steps up about 2.5
            // times for the same instructions per label (callgrind: 175.5 M
            // for 10 lints of 400 labels and for 5 of 800): a cache effect,
            // not the algorithm's. Both sizes here are past that step.
            n: 1_000,
        },
        Entry {
            name: "lint-iri-mixed-scripts".to_owned(),
            input: |n| vec![format!("http://p{}/", "аy".repeat(n))],
            run: Box::new(|i| urikit::security::lint_iri(i[0].as_str()).unwrap().len()),
            n: 2_000,
        },
        Entry {
            name: "host-to-ascii".to_owned(),
            input: |n| vec![format!("http://{}/", vec!["bücher"; n].join("."))],
            run: Box::new(|i| {
                let iri = IriRef::parse(&i[0]).unwrap();
                iri.host()
                    .map_or(0, |h| h.to_ascii().map_or(0, |a| a.len()))
            }),
            n: 500,
        },
        Entry {
            name: "template-expand".to_owned(),
            input: |n| {
                let t: String = (0..n).map(|k| format!("{{+v{k}}}")).collect();
                vec![t]
            },
            run: Box::new(|i| {
                let t = Template::parse(&i[0]).unwrap();
                let vars: BTreeMap<String, VarValue> = (0..i[0].matches('{').count())
                    .map(|k| (format!("v{k}"), VarValue::String("é/".into())))
                    .collect();
                t.expand(&vars).map_or(0, |s| s.len())
            }),
            n: 500,
        },
        Entry {
            name: "file-from-unix-path".to_owned(),
            input: |n| vec![format!("/{}", "a b/%/".repeat(n))],
            run: Box::new(|i| {
                urikit::rfc8089::from_unix_path(i[0].as_bytes()).map_or(0, |u| u.len())
            }),
            n: 5_000,
        },
        Entry {
            name: "file-from-windows-path".to_owned(),
            input: |n| vec![format!("\\\\?\\UNC\\h\\s\\{}", "a b\\".repeat(n))],
            run: Box::new(|i| urikit::rfc8089::from_windows_path(&i[0]).map_or(0, |u| u.len())),
            n: 5_000,
        },
        Entry {
            name: "file-to-windows-path".to_owned(),
            input: |n| vec![format!("file:///C:/{}", "a%20b/".repeat(n))],
            run: Box::new(|i| {
                urikit::rfc8089::to_windows_path(&Uri::parse(&i[0]).unwrap()).map_or(0, |p| p.len())
            }),
            n: 5_000,
        },
    ];
    all.extend(reading_entries());
    all
}

/// The fastest of eleven runs, in seconds (the fastest, so that other
/// work on the machine counts as little as it can).
fn fastest(e: &Entry, input: &[String]) -> f64 {
    (0..11)
        .map(|_| {
            let t = Instant::now();
            black_box((e.run)(black_box(input)));
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let chosen = |name: &str| {
        filter.is_empty()
            || filter
                .iter()
                .any(|f| format!("linear-{name}").contains(f.as_str()))
    };
    let mut table = Vec::new();
    for e in entries().into_iter().filter(|e| chosen(&e.name)) {
        let small = (e.input)(e.n);
        let large = (e.input)(10 * e.n);
        let mut g = c.benchmark_group(format!("linear-{}", e.name));
        g.sample_size(10)
            .warm_up_time(Duration::from_millis(200))
            .measurement_time(Duration::from_secs(1));
        for (label, input) in [("1x", &small), ("10x", &large)] {
            g.throughput(Throughput::Bytes(
                input.iter().map(|s| s.len() as u64).sum(),
            ));
            g.bench_function(label, |b| b.iter(|| (e.run)(black_box(input))));
        }
        g.finish();
        let (t1, t10) = (fastest(&e, &small), fastest(&e, &large));
        let bytes: usize = small.iter().map(String::len).sum();
        table.push((e.name.clone(), bytes, t1, t10));
    }
    c.final_summary();
    println!("\nentry\t1x bytes\t1x ms\t10x ms\tratio (10 = linear)");
    for (name, bytes, t1, t10) in table {
        println!(
            "{name}\t{bytes}\t{:.3}\t{:.3}\t{:.1}",
            t1 * 1e3,
            t10 * 1e3,
            t10 / t1
        );
    }
}
