//! Text in without wasm-bindgen's per-character copy: the JavaScript layer
//! encodes its string (`TextEncoder.encodeInto`, native code) straight
//! into this buffer, which the module owns, and then names how many bytes
//! it wrote. For a batch of half a million URLs this copy took more time
//! than parsing them (wasm-bindgen copies a string character by character
//! in JavaScript before falling back to `encodeInto`).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::failure::Failure;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Make the input buffer hold at least `bytes` bytes; its address (valid
/// until the next call of this function).
#[wasm_bindgen]
pub fn input_reserve(bytes: u32) -> u32 {
    INPUT.with(|b| {
        let mut b = b.borrow_mut();
        if b.len() < bytes as usize {
            b.resize(bytes as usize, 0);
        }
        b.as_ptr() as u32
    })
}

/// Run `f` on the first `len` bytes of the input buffer, as text.
pub fn with_input<R>(len: u32, f: impl FnOnce(&str) -> R) -> Result<R, Failure> {
    INPUT.with(|b| {
        let b = b.borrow();
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
}
