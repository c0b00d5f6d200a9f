//! `iri`: the IRI parser never panics on any bytes, agrees with itself and
//! with the URI parser on ASCII, and the mappings of RFC 3987 section 3
//! round-trip (`src/iri.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urikit_fuzz::iri::check_iri_bytes(data);
});
