//! urikit-arrow's integration tests, in one test binary: one module per
//! concern.
//!
//! One binary instead of one per file, so that a fresh `cargo test` compiles
//! and links the kernels and Arrow once, not nine times. Add a new concern
//! as `NAME.rs` here and a `mod NAME;` below, never as a new top-level
//! `tests/*.rs` file. A module that needs a feature has a `#[cfg(feature)]`
//! on its line here (in place of a `[[test]]` entry with
//! `required-features`): without the feature it is left out, not failed.

// Helpers shared by the modules: the corpora as columns, outputs read back.
mod common;
mod corpus;
#[cfg(feature = "idna")]
mod idna;
mod iri;
mod kernels;
mod nulls;
#[cfg(feature = "spark")]
mod spark;
#[cfg(feature = "spark")]
mod spark_regex;
#[cfg(feature = "uts39")]
mod uts39;
mod views;
