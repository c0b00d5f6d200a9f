//! urikit-datafusion's integration tests, in one test binary: one module per
//! concern.
//!
//! One binary instead of one per file, so that a fresh `cargo test` links
//! DataFusion once, not four times. Add a new concern as `NAME.rs` here and
//! a `mod NAME;` below, never as a new top-level `tests/*.rs` file.

mod kernels;
mod spark;
mod sql;
mod views;
