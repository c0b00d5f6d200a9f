//! Text in without wasm-bindgen's per-character copy: the JavaScript layer
//! encodes its string (`TextEncoder.encodeInto`, native code) straight
//! into this buffer, which the module owns, and then names how many bytes
//! it wrote. For a batch of half a million URLs this copy took more time
//! than parsing them (wasm-bindgen copies a string character by character
//! in JavaScript before falling back to `encodeInto`).

use wasm_bindgen::prelude::*;

use crate::failure::Failure;
use crate::slot::Slot;

thread_local! {
    static INPUT: Slot<Vec<u8>> = const { Slot::new(Vec::new()) };
}

/// Make the input buffer hold at least `bytes` bytes; its address (valid
/// until the next call of this function), or 0 when the module's memory
/// cannot grow that far (the buffer is then as it was: the JavaScript
/// layer refuses the input, `input-too-large`, instead of trapping).
#[wasm_bindgen]
pub fn input_reserve(bytes: u32) -> u32 {
    INPUT.with(|b| {
        b.with(|b| {
            let more = (bytes as usize).saturating_sub(b.len());
            if more > 0 {
                if grow(b, more).is_err() {
                    return 0;
                }
                b.resize(bytes as usize, 0);
            }
            b.as_ptr() as u32
        })
    })
}

/// Room for `more` elements past `v`'s length, or an error (never the
/// allocator's abort): doubling when it can (few reallocations as a
/// batch grows), else exactly what is asked.
pub fn grow<T>(v: &mut Vec<T>, more: usize) -> Result<(), std::collections::TryReserveError> {
    v.try_reserve(more).or_else(|_| v.try_reserve_exact(more))
}

/// Whether the module's memory can hold `bytes` more bytes at once (it
/// allocates them and frees them). The JavaScript layer asks after a trap
/// of a call that passed a large string: the glue's own copy of a string
/// aborts when the memory cannot hold it, and that is then
/// `input-too-large`, not an unexplained trap.
#[wasm_bindgen]
pub fn fits(bytes: u32) -> bool {
    Vec::<u8>::new().try_reserve_exact(bytes as usize).is_ok()
}

/// The failure of a call whose buffers the module's memory cannot hold.
pub fn too_large(what: &str, bytes: usize) -> Failure {
    Failure::own(
        "input-too-large",
        format!(
            "input too large: {what} need {bytes} more bytes of WebAssembly memory, which cannot grow that far"
        ),
    )
}

/// Run `f` on the first `len` bytes of the input buffer, as text.
pub fn with_input<R>(len: u32, f: impl FnOnce(&str) -> R) -> Result<R, Failure> {
    INPUT.with(|b| {
        b.with(|b| {
            let bytes = b.get(..len as usize).ok_or_else(|| {
                Failure::own(
                    "internal",
                    format!("input of {len} bytes past the buffer's end"),
                )
            })?;
            // encodeInto writes UTF-8 (a lone surrogate as U+FFFD).
            let text = std::str::from_utf8(bytes)
                .map_err(|e| Failure::own("internal", format!("input not UTF-8: {e}")))?;
            Ok(f(text))
        })
    })
}
