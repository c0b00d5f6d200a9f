//! `parse`: never panics on any bytes; valid input round-trips and splits
//! (Appendix B) into the parser's components; `validate(URI-reference)`,
//! the owned types and the byte-level entry points agree with `parse`; the
//! parser's `http(s)` shortcut answers only with the forward parser's answer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    assert!(
        urikit::__fuzz::shortcut_agrees(data),
        "the shortcut disagrees on {data:?}"
    );
    urikit_fuzz::check_bytes(data);
});
