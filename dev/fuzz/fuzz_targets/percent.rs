//! `percent`: see `ops::check_percent`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::ops::check_percent(data);
});
