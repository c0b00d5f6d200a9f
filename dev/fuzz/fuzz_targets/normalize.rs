//! `normalize`: see `ops::check_normalize`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        urikit_fuzz::ops::check_normalize(s);
    }
});
