//! `cli_output`: see `cli_output::check_cli_output`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::cli_output::check_cli_output(data);
});
