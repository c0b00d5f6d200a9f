//! `repair`: see `repair::check_repair`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::repair::check_repair(data);
});
