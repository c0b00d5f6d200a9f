//! `views`: see `views::check_views_bytes`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::views::check_views_bytes(data);
});
