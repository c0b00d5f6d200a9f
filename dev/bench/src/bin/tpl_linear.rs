//! One timed pass of template compiling and matching on generated inputs,
//! for a before/after comparison of code too slow for criterion's samples
//! (the criterion group `template-linear` in benches/template.rs is the
//! record once the code is linear).
//!
//! `tpl_linear N...` prints, for each N, the milliseconds of: compiling
//! `/{v0}/{v1}…` and `{?v0,v1,…}` with N variables, and matching each
//! against a URI that gives every variable a value (exact mode).
//! `tpl_linear lenient BYTES...` prints the milliseconds of lenient
//! matching on each adversarial URI of `lenient_inputs(BYTES)` (the fastest
//! of 5 passes).

use std::time::Instant;

use urikit::rfc6570::{MatchMode, Matcher, Template};
use urikit_bench::{lenient_inputs, template_inputs};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("lenient") {
        for n in args[1..].iter().filter_map(|a| a.parse::<usize>().ok()) {
            for (label, tpl, uri) in lenient_inputs(n) {
                // Compiled for the lenient mode: `{+path}{?q}` is matchable
                // in it only.
                let m = Matcher::with_mode(Template::parse(tpl).unwrap(), MatchMode::Lenient)
                    .unwrap()
                    .max_uri_len(usize::MAX);
                let mut best = f64::MAX;
                for _ in 0..5 {
                    let start = Instant::now();
                    let c = m.matches(&uri).expect("matches");
                    best = best.min(start.elapsed().as_secs_f64() * 1e3);
                    std::hint::black_box(c);
                }
                println!("lenient {label}\t{} bytes\t{best:.2} ms", uri.len());
            }
        }
        return;
    }
    for n in args.iter().filter_map(|a| a.parse::<usize>().ok()) {
        for (label, tpl, uri) in template_inputs(n) {
            let t = Template::parse(&tpl).unwrap();
            let start = Instant::now();
            let m = t.matcher().unwrap();
            let compile = start.elapsed().as_secs_f64() * 1e3;
            let start = Instant::now();
            let c = m.matches(&uri).expect("matches");
            let matching = start.elapsed().as_secs_f64() * 1e3;
            assert_eq!(c.len(), n);
            println!("{label}\t{n}\tcompile {compile:.1} ms\tmatch {matching:.1} ms");
        }
    }
}
