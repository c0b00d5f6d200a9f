//! `file_paths`: see `file_paths::check_file_paths`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::file_paths::check_file_paths(data);
});
