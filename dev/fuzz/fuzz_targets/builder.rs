//! `builder`: parts separated by NUL; see `ops::check_builder`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::ops::check_builder(data);
});
