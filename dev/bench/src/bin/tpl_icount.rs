//! Template matching once over fixed inputs, for instruction counts under
//! `valgrind --tool=callgrind` (stable on a loaded machine, where
//! criterion's timings are not).
//!
//! `tpl_icount WORK` runs one workload and prints a checksum (the same
//! before and after a change to the matcher, or the answers changed):
//!
//! - `route-exact`, `route-lenient`, `route-lenient-form`: a router of the
//!   50 API routes (`ROUTES`) in that mode over 100,000 generated URIs;
//! - `vectors`: every case of `dev/testdata/templates/matching.json`, compiled
//!   once in its mode and matched 2,000 times;
//! - `lenient [BYTES]`: every adversarial URI of `lenient_inputs(BYTES)`
//!   (100,000 unless given) in the three modes; `linear [N]`: the path and
//!   query templates of `template_inputs(N)` (2,000 unless given),
//!   compiled and matched; twice the size, twice the count, when linear;
//!   `lenient BYTES LABEL`: only the input of that label;
//! - `none`: generating the URIs only, to subtract from the `route-*`.

use std::hint::black_box;
use std::path::Path;

use urikit::rfc6570::{Captures, MatchMode, Matcher, Router, Template};
use urikit_bench::{ROUTES, generated_uris, lenient_inputs, template_inputs};

const MODES: [MatchMode; 3] = [MatchMode::Exact, MatchMode::Lenient, MatchMode::LenientForm];

/// A checksum of a match: how many variables, rest pairs and hazards.
fn sum(c: Option<Captures<'_>>) -> usize {
    c.map_or(0, |c| {
        1 + c.len() * 3 + c.rest().len() * 5 + c.hazards().len() * 7
    })
}

fn main() {
    let work = std::env::args().nth(1).unwrap_or_else(|| "vectors".into());
    let size = |default: usize| {
        std::env::args()
            .nth(2)
            .and_then(|n| n.parse().ok())
            .unwrap_or(default)
    };
    let mut total = 0usize;
    if let Some(mode) = work.strip_prefix("route-") {
        let mode = MODES
            .into_iter()
            .find(|m| m.name() == mode)
            .expect("a mode");
        let mut router = Router::with_mode(mode);
        for (i, r) in ROUTES.iter().enumerate() {
            router.add(Template::parse(r).unwrap(), i).unwrap();
        }
        let uris = generated_uris(100_000);
        for u in &uris {
            total += router
                .find(black_box(u))
                .map_or(0, |(i, c)| 1 + i + sum(Some(c)));
        }
    } else if work == "none" {
        total = generated_uris(100_000).len();
    } else if work == "vectors" {
        let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/templates/matching.json");
        let text = std::fs::read_to_string(&p).expect("matching.json");
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let cases = json["cases"].as_array().unwrap();
        let mut compiled: Vec<(Matcher<'_>, &str)> = Vec::new();
        for c in cases {
            let mode = MODES
                .into_iter()
                .find(|m| m.name() == c["mode"].as_str().unwrap())
                .unwrap();
            let Ok(t) = Template::parse(c["template"].as_str().unwrap()) else {
                continue;
            };
            if let Ok(m) = Matcher::with_mode(t, mode) {
                compiled.push((m, c["uri"].as_str().unwrap()));
            }
        }
        for _ in 0..2_000 {
            for (m, uri) in &compiled {
                total += sum(m.matches(black_box(uri)));
            }
        }
    } else if work == "lenient" {
        let only = std::env::args().nth(3);
        for (label, tpl, uri) in lenient_inputs(size(100_000)) {
            if only.as_deref().is_some_and(|o| o != label) {
                continue;
            }
            let t = Template::parse(tpl).unwrap();
            for mode in MODES {
                if let Ok(m) = Matcher::with_mode(t, mode) {
                    total += sum(m.max_uri_len(usize::MAX).matches(black_box(&uri)));
                }
            }
        }
    } else if work == "linear" {
        for (_, tpl, uri) in template_inputs(size(2_000)) {
            let m = Template::parse(&tpl).unwrap().matcher().unwrap();
            total += sum(m.matches(black_box(&uri)));
        }
    } else {
        eprintln!("unknown workload {work}");
        std::process::exit(2);
    }
    println!("{work}\t{total}");
}
