//! Parse every line of the gsd corpus once with one parser, for instruction
//! counts under `valgrind --tool=callgrind` (stable on a noisy machine).
//!
//! `icount PEER` where PEER is a name from `parsers()`, `floor`, or `none`
//! (reading only, to subtract). Prints how many lines the parser accepted.
//! `icount PEER N` times N passes and prints the fastest, in milliseconds:
//! the minimum is the pass least disturbed by other work on the machine.

use urikit_bench::{PATH_SET, floor, gsd_lines, parsers};

fn main() {
    let peer = std::env::args().nth(1).unwrap_or_else(|| "urikit".into());
    if let Some(rest) = peer.strip_prefix("single-") {
        // single-LABEL-PEER: one input of `single_inputs()`, 100,000 times.
        let inputs = urikit_bench::single_inputs();
        let Some((label, input)) = inputs.iter().find(|(l, _)| rest.starts_with(l)) else {
            eprintln!("unknown input in {peer}");
            std::process::exit(2);
        };
        let name = &rest[label.len() + 1..];
        let Some((_, f)) = parsers().into_iter().find(|(n, _)| *n == name) else {
            eprintln!("unknown peer {name}");
            std::process::exit(2);
        };
        let passes = passes();
        if passes > 0 {
            // `single-LABEL-PEER N`: the fastest of N passes, in ns per call.
            let mut best = f64::MAX;
            for _ in 0..passes {
                let t = std::time::Instant::now();
                std::hint::black_box((0..100_000).filter(|_| f(input)).count());
                best = best.min(t.elapsed().as_secs_f64() * 1e9 / 100_000.0);
            }
            println!("{peer}\t{best:.1} ns");
            return;
        }
        let n = (0..100_000).filter(|_| f(input)).count();
        println!("{peer}\t{n}");
        return;
    }
    if peer.starts_with("dots-") || peer.starts_with("normex-") {
        example_counts(&peer);
        return;
    }
    if let Some(name) = peer.strip_prefix("iricomp-") {
        component_counts(
            "iricomp",
            urikit_bench::wiki_lines(),
            urikit_bench::iri_component_peers(),
            name,
        );
        return;
    }
    if let Some(name) = peer.strip_prefix("uricomp-") {
        component_counts(
            "uricomp",
            urikit_bench::gsd_lines(),
            urikit_bench::uri_component_peers(),
            name,
        );
        return;
    }
    if peer.starts_with("iri-") || peer.starts_with("iritouri-") {
        iri_counts(&peer);
        return;
    }
    if peer.starts_with("pctenc-") {
        percent_encode_counts(&peer);
        return;
    }
    if peer.starts_with("normcorpus-") || peer.starts_with("isnormcorpus-") {
        normalize_corpus_counts(&peer);
        return;
    }
    if peer.starts_with("resolve-") || peer.starts_with("relative-") {
        resolve_counts(&peer);
        return;
    }
    let lines = gsd_lines();
    let all = lines;
    let passes = passes();
    if passes > 0 {
        let Some((_, f)) = parsers().into_iter().find(|(n, _)| *n == peer) else {
            eprintln!("unknown peer {peer}");
            std::process::exit(2);
        };
        fastest(&peer, passes, || all.iter().filter(|s| f(s)).count());
        return;
    }
    let accepted = match peer.as_str() {
        "none" => 0,
        "floor" => floor(&all) as usize,
        name => {
            let Some((_, f)) = parsers().into_iter().find(|(n, _)| *n == name) else {
                eprintln!("unknown peer {name}");
                std::process::exit(2);
            };
            all.iter().filter(|s| f(s)).count()
        }
    };
    println!("{peer}\t{accepted}");
}

/// `dots-urikit|oxiri|fluent` (the dot-segments resolution of the criterion
/// group `resolve-dot-segments`) and `normex-urikit|fluent` (the input of
/// `normalize-example`): the one operation 100,000 times.
fn example_counts(mode: &str) {
    use std::hint::black_box;
    use urikit_bench::{DOTS_BASE as BASE, DOTS_REF as REL, NORMALIZE_EXAMPLE as MESSY};
    let mut n = 0usize;
    match mode {
        "dots-urikit" => {
            let (b, r) = (
                urikit::Uri::parse(BASE).unwrap(),
                urikit::UriRef::parse(REL).unwrap(),
            );
            for _ in 0..100_000 {
                n += black_box(&b).resolve(black_box(&r)).map_or(0, |t| t.len());
            }
        }
        "dots-oxiri" => {
            let (b, r) = (
                oxiri::Iri::parse(BASE).unwrap(),
                oxiri::IriRef::parse(REL).unwrap(),
            );
            for _ in 0..100_000 {
                n += black_box(&b)
                    .resolve(black_box(&r))
                    .map_or(0, |t| t.as_str().len());
            }
        }
        "dots-fluent" => {
            let b = fluent_uri::Uri::parse(BASE).unwrap();
            let r = fluent_uri::UriRef::parse(REL).unwrap();
            for _ in 0..100_000 {
                n += black_box(&r)
                    .resolve_against(black_box(&b))
                    .map_or(0, |t| t.as_str().len());
            }
        }
        "normex-urikit" => {
            let u = urikit::Uri::parse(MESSY).unwrap();
            for _ in 0..100_000 {
                n += black_box(&u).normalize().as_str().len();
            }
        }
        "normex-fluent" => {
            let u = fluent_uri::Uri::parse(MESSY).unwrap();
            for _ in 0..100_000 {
                n += black_box(&u).normalize().as_str().len();
            }
        }
        _ => {
            eprintln!("unknown mode {mode}");
            std::process::exit(2);
        }
    }
    println!("{mode}\t{n}");
}

/// `resolve-urikit`, `resolve-oxiri`, `relative-urikit`, `relative-oxiri`:
/// each cc pair, pre-parsed, resolved (or made relative) 20 times.
fn resolve_counts(mode: &str) {
    let pairs = urikit_bench::cc_pairs();
    let mut n = 0usize;
    match mode {
        "resolve-urikit" | "relative-urikit" => {
            let parsed: Vec<_> = pairs
                .iter()
                .filter_map(|(b, r)| {
                    Some((urikit::Uri::parse(b).ok()?, urikit::UriRef::parse(r).ok()?))
                })
                .collect();
            let targets: Vec<_> = parsed
                .iter()
                .filter_map(|(b, r)| b.resolve(r).ok())
                .collect();
            for _ in 0..20 {
                if mode == "resolve-urikit" {
                    for (b, r) in &parsed {
                        n += b.resolve(r).map_or(0, |t| t.len());
                    }
                } else {
                    for ((b, _), t) in parsed.iter().zip(&targets) {
                        n += b.make_relative(t.as_uri()).map_or(0, |r| r.len());
                    }
                }
            }
        }
        "resolve-oxiri" | "relative-oxiri" => {
            let parsed: Vec<_> = pairs
                .iter()
                .filter_map(|(b, r)| {
                    Some((
                        oxiri::Iri::parse(b.as_str()).ok()?,
                        oxiri::IriRef::parse(r.as_str()).ok()?,
                    ))
                })
                .collect();
            let targets: Vec<_> = parsed
                .iter()
                .filter_map(|(b, r)| b.resolve(r).ok())
                .collect();
            for _ in 0..20 {
                if mode == "resolve-oxiri" {
                    for (b, r) in &parsed {
                        n += b.resolve(r).map_or(0, |t| t.as_str().len());
                    }
                } else {
                    for ((b, _), t) in parsed.iter().zip(&targets) {
                        n += b.relativize(t).map_or(0, |r| r.as_str().len());
                    }
                }
            }
        }
        _ => {
            eprintln!("unknown mode {mode}");
            std::process::exit(2);
        }
    }
    println!("{mode}\t{n}");
}

/// `normcorpus-urikit|fluent` (the criterion group `normalize-corpus`):
/// every gsd line that parses, normalized once; `isnormcorpus-urikit` (the
/// group `normalize-is-normalized`): each one checked once. Parsing is
/// counted too: subtract `normcorpus-parse` (urikit) or
/// `normcorpus-fluent-parse`, which only parse and collect the values as
/// the other modes do.
///
/// `normcorpus-urikit N`, `isnormcorpus-urikit N` and `normcorpus-fluent N`
/// time N passes of the normalization (or the check) alone (the values parsed once before) and print the
/// fastest, in milliseconds.
fn normalize_corpus_counts(mode: &str) {
    let lines = gsd_lines();
    let passes = passes();
    let mut n = 0usize;
    match mode {
        "normcorpus-parse" => {
            let ours: Vec<_> = lines
                .iter()
                .filter_map(|s| urikit::Uri::parse(s).ok())
                .collect();
            n = std::hint::black_box(&ours).len();
        }
        "normcorpus-fluent-parse" => {
            let fl: Vec<_> = lines
                .iter()
                .filter_map(|s| fluent_uri::Uri::parse(*s).ok())
                .collect();
            n = std::hint::black_box(&fl).len();
        }
        "normcorpus-urikit" | "isnormcorpus-urikit" => {
            let ours: Vec<_> = lines
                .iter()
                .filter_map(|s| urikit::Uri::parse(s).ok())
                .collect();
            if passes > 0 {
                fastest(mode, passes, || {
                    ours.iter()
                        .map(|u| {
                            if mode == "normcorpus-urikit" {
                                u.normalize().as_str().len()
                            } else {
                                usize::from(u.is_normalized())
                            }
                        })
                        .sum()
                });
                return;
            }
            for u in &ours {
                n += if mode == "normcorpus-urikit" {
                    u.normalize().as_str().len()
                } else {
                    usize::from(u.is_normalized())
                };
            }
        }
        "normcorpus-fluent" => {
            let fl: Vec<_> = lines
                .iter()
                .filter_map(|s| fluent_uri::Uri::parse(*s).ok())
                .collect();
            if passes > 0 {
                fastest(mode, passes, || {
                    fl.iter().map(|u| u.normalize().as_str().len()).sum()
                });
                return;
            }
            for u in &fl {
                n += u.normalize().as_str().len();
            }
        }
        _ => {
            eprintln!("unknown mode {mode}");
            std::process::exit(2);
        }
    }
    println!("{mode}\t{n}");
}

/// The N of `icount MODE N`: how many passes to time (0, or absent: one
/// pass that prints a count instead).
fn passes() -> usize {
    std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The fastest of `passes` runs of `f`, printed in milliseconds after
/// `mode`.
fn fastest(mode: &str, passes: usize, f: impl Fn() -> usize) {
    let mut best = f64::MAX;
    for _ in 0..passes {
        let t = std::time::Instant::now();
        std::hint::black_box(f());
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    println!("{mode}\t{best:.3} ms");
}

/// `pctenc-urikit|servo` (the criterion group `percent-encode`): every gsd
/// path, decoded, encoded again as path data once; `pctenc-none` only
/// prepares the data, to subtract.
fn percent_encode_counts(mode: &str) {
    let decoded: Vec<Vec<u8>> = gsd_lines()
        .iter()
        .filter_map(|s| urikit::UriRef::parse(s).ok())
        .map(|u| urikit::percent::decode(u.path()).to_bytes().into_owned())
        .collect();
    let n: usize = match mode {
        "pctenc-none" => decoded.len(),
        "pctenc-urikit" => decoded
            .iter()
            .map(|d| {
                urikit::percent::encode(d, &urikit::percent::PATH)
                    .to_cow()
                    .len()
            })
            .sum(),
        "pctenc-servo" => decoded
            .iter()
            .map(|d| std::borrow::Cow::from(percent_encoding::percent_encode(d, PATH_SET)).len())
            .sum(),
        _ => {
            eprintln!("unknown mode {mode}");
            std::process::exit(2);
        }
    };
    println!("{mode}\t{n}");
}

/// `iri-PEER` parses every line of wiki-iris.txt as an IRI reference;
/// `iritouri-PEER` parses and maps each to a URI (RFC 3987 3.1;
/// `iritouri-urikit-owned` makes every result an owned `String`, as the
/// peers' are, where `to_uri` borrows an ASCII line); `iri-none`
/// only reads the file. Prints how many lines were accepted (or bytes
/// written); `MODE N` times N passes and prints the fastest, in
/// milliseconds.
fn iri_counts(mode: &str) {
    use iri_string::format::ToDedicatedString;
    use std::hint::black_box;
    let path = urikit_testdata::full_or_sample("wiki-iris.txt");
    let text = std::fs::read_to_string(&path).expect("wiki-iris.txt");
    let lines: Vec<&str> = text.lines().collect();
    let f: fn(&str) -> usize = match mode {
        "iri-none" => |s| black_box(s).len(),
        "iri-urikit" => |s| usize::from(urikit::IriRef::parse(black_box(s)).is_ok()),
        "iri-fluent-uri" => |s| usize::from(fluent_uri::IriRef::parse(black_box(s)).is_ok()),
        "iri-oxiri" => |s| usize::from(oxiri::IriRef::parse(black_box(s)).is_ok()),
        "iri-iri-string" => {
            |s| usize::from(iri_string::types::IriReferenceStr::new(black_box(s)).is_ok())
        }
        "iritouri-urikit" => {
            |s| urikit::IriRef::parse(black_box(s)).map_or(0, |i| black_box(i.to_uri()).len())
        }
        // As the peers do: an owned `String` for every line, the ASCII
        // ones too (`to_uri` borrows those).
        "iritouri-urikit-owned" => |s| {
            urikit::IriRef::parse(black_box(s))
                .map_or(0, |i| black_box(i.to_uri().into_owned()).len())
        },
        "iritouri-fluent-uri" => |s| {
            fluent_uri::IriRef::parse(black_box(s))
                .map_or(0, |i| black_box(i.to_uri_ref()).as_str().len())
        },
        "iritouri-iri-string" => |s| {
            iri_string::types::IriReferenceStr::new(black_box(s)).map_or(0, |i| {
                black_box(i.encode_to_uri().to_dedicated_string()).len()
            })
        },
        _ => {
            eprintln!("unknown mode {mode}");
            std::process::exit(2);
        }
    };
    let passes = passes();
    if passes > 0 {
        fastest(mode, passes, || lines.iter().map(|s| f(s)).sum());
        return;
    }
    let n: usize = lines.iter().map(|s| f(s)).sum();
    println!("{mode}\t{n}");
}

/// `iricomp-urikit|oxiri`: every line of wiki-iris.txt parsed as an IRI
/// reference with its components read (`iri_component_peers`), one pass;
/// `uricomp-urikit|fluent-uri|oxiri` the same over the gsd corpus as URI
/// references (`uri_component_peers`); `…-none` only reads the file, to
/// subtract. `…-PEER N` times N passes and prints the fastest, in
/// milliseconds. Prints the sum of the component lengths.
fn component_counts(
    mode: &str,
    lines: Vec<&'static str>,
    peers: Vec<(&'static str, urikit_bench::IriComponents)>,
    name: &str,
) {
    let f: urikit_bench::IriComponents = if name == "none" {
        |s| std::hint::black_box(s).len()
    } else {
        match peers.into_iter().find(|(n, _)| *n == name) {
            Some((_, f)) => f,
            None => {
                eprintln!("unknown peer {name}");
                std::process::exit(2);
            }
        }
    };
    let passes = passes();
    if passes > 0 {
        let label = format!("{mode}-{name}");
        fastest(&label, passes, || lines.iter().map(|s| f(s)).sum());
        return;
    }
    let n: usize = lines.iter().map(|s| f(s)).sum();
    println!("{mode}-{name}\t{n}");
}
