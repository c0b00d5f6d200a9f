//! `differential`: urikit against fluent-uri, iri-string and (with the
//! `uriparser` feature) uriparser, on validity and on every component, and
//! in the IRI profile against oxiri, iri-string and fluent-uri's IRI types.
//! A disagreement that `DEVIATIONS.md` does not explain is a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        urikit_fuzz::check_differential(s);
    }
});
