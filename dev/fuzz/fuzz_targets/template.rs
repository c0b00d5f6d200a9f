//! `template`: see `template::check_template`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::template::check_template(data);
});
