//! The WebAssembly face of urikit for the npm package (`bindings/npm/`): thin
//! functions over the one core, named and shaped for the JavaScript layer
//! in `bindings/npm/src/`, which makes them idiomatic. No URI logic lives here: only
//! the crossing of the boundary (offsets back instead of strings, one
//! string in for a batch) and the conversion of byte offsets to the
//! UTF-16 indices JavaScript strings use.
#![warn(missing_docs)]

mod batch;
mod compat;
mod failure;
mod input;
// The inspector page's own functions (bindings/npm/inspector/).
mod inspector;
mod ops;
mod parse;
// Buffers a trap cannot lock.
mod slot;
mod template;
mod utf16;
// Every parser's view (urikit_views), the runtime's URL passed in.
mod views;
// The record of views as JSON, shared with urikit-wasm-views.

pub use failure::Failure;
