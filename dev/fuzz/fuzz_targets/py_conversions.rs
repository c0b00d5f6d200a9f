//! `py_conversions`: see `py_conversions::check_py_conversions`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::py_conversions::check_py_conversions(data);
});
