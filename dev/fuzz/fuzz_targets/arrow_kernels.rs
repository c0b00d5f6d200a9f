//! `arrow_kernels`: see `arrow_kernels::check_arrow_kernels`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::arrow_kernels::check_arrow_kernels(data);
});
