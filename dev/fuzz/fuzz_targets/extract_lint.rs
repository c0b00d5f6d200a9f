//! `extract_lint`: see `ops::check_extract_lint`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::ops::check_extract_lint(data);
});
