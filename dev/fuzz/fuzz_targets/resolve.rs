//! `resolve`: input is `BASE\nREF`; see `ops::check_resolve`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some((b, r)) = urikit_fuzz::ops::two(data) {
        urikit_fuzz::ops::check_resolve(b, r);
    }
});
