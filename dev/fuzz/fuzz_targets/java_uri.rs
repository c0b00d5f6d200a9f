//! `java_uri`: see `java::check_java_bytes` (input `S`, or `BASE\nREF` for
//! resolution as well).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::java::check_java_bytes(data);
});
