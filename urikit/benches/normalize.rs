//! Benchmarks for normalization, the is-normalized check, percent-encoding
//! and percent-decoding over the gsd-urls corpus (564k real URLs).
//!
//! Run with `cargo bench -p urikit --bench normalize`. No framework: each
//! case runs over the whole corpus a few times and reports the best pass.

use std::hint::black_box;
use std::time::{Duration, Instant};

use urikit::normalize::Normalizer;
use urikit::percent;
use urikit::UriRef;

fn best_of(passes: usize, mut f: impl FnMut() -> usize) -> (Duration, usize) {
    let mut best = Duration::MAX;
    let mut n = 0;
    for _ in 0..passes {
        let t = Instant::now();
        n = black_box(f());
        best = best.min(t.elapsed());
    }
    (best, n)
}

fn report(name: &str, (d, _): (Duration, usize), count: usize, bytes: usize) {
    println!(
        "{name:<28} {:>8.1} ns/URI {:>8.1} MB/s",
        d.as_nanos() as f64 / count as f64,
        bytes as f64 / d.as_secs_f64() / 1e6
    );
}

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/corpus/gsd-urls.txt"
    );
    let text = std::fs::read_to_string(path).expect("read the corpus");
    let refs: Vec<UriRef> = text.lines().filter_map(|l| UriRef::parse(l).ok()).collect();
    let bytes: usize = refs.iter().map(|r| r.len()).sum();
    let n = refs.len();
    // The same URLs with some noise to normalize: an uppercase scheme, a
    // dot segment and an encoded tilde.
    let noisy: Vec<String> = refs
        .iter()
        .map(|r| {
            let s = r.as_str();
            let (scheme, rest) = s.split_once(':').unwrap_or(("", s));
            format!("{}:{rest}/./%7e", scheme.to_ascii_uppercase())
        })
        .collect();
    let noisy: Vec<UriRef> = noisy.iter().filter_map(|s| UriRef::parse(s).ok()).collect();
    let noisy_bytes: usize = noisy.iter().map(|r| r.len()).sum();
    let decoded: Vec<Vec<u8>> = refs
        .iter()
        .map(|r| percent::decode(r.path()).to_bytes().into_owned())
        .collect();
    let decoded_bytes: usize = decoded.iter().map(Vec::len).sum();
    let syntax = Normalizer::new();
    let scheme = Normalizer::new().scheme_based(true);
    println!("{n} URIs, {bytes} bytes");

    report(
        "is_normalized (syntax)",
        best_of(5, || {
            refs.iter().filter(|r| syntax.is_normalized(**r)).count()
        }),
        n,
        bytes,
    );
    report(
        "normalize (syntax), as is",
        best_of(5, || {
            refs.iter()
                .map(|r| syntax.normalize(*r).as_str().len())
                .sum()
        }),
        n,
        bytes,
    );
    report(
        "normalize (syntax), noisy",
        best_of(5, || {
            noisy
                .iter()
                .map(|r| syntax.normalize(*r).as_str().len())
                .sum()
        }),
        noisy.len(),
        noisy_bytes,
    );
    report(
        "normalize (scheme), noisy",
        best_of(5, || {
            noisy
                .iter()
                .map(|r| scheme.normalize(*r).as_str().len())
                .sum()
        }),
        noisy.len(),
        noisy_bytes,
    );
    report(
        "decode path to bytes",
        best_of(5, || {
            refs.iter()
                .map(|r| percent::decode(r.path()).to_bytes().len())
                .sum()
        }),
        n,
        refs.iter().map(|r| r.path().len()).sum(),
    );
    report(
        "encode path segment (Cow)",
        best_of(5, || {
            decoded
                .iter()
                .map(|d| percent::encode(d, &percent::PATH_SEGMENT).to_cow().len())
                .sum()
        }),
        n,
        decoded_bytes,
    );
}
