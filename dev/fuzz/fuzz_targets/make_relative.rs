//! `make_relative`: input is `BASE\nTARGET-or-REF`; see `ops::check_make_relative`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some((b, t)) = urikit_fuzz::ops::two(data) {
        urikit_fuzz::ops::check_make_relative(b, t);
    }
});
