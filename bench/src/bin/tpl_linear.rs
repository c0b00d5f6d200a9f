//! One timed pass of template compiling and matching on generated inputs,
//! for a before/after comparison of code too slow for criterion's samples
//! (the criterion group `template-linear` in benches/template.rs is the
//! record once the code is linear).
//!
//! `tpl_linear N...` prints, for each N, the milliseconds of: compiling
//! `/{v0}/{v1}…` and `{?v0,v1,…}` with N variables, and matching each
//! against a URI that gives every variable a value.

use std::time::Instant;

use urikit::rfc6570::Template;
use urikit_bench::template_inputs;

fn main() {
    for n in std::env::args()
        .skip(1)
        .filter_map(|a| a.parse::<usize>().ok())
    {
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
