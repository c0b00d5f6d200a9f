//! `rfc2396`: see `rfc2396::check_rfc2396_bytes`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::rfc2396::check_rfc2396_bytes(data);
});
