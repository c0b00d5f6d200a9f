//! uri-sql's integration tests, in one test binary: one module per concern.
//!
//! One binary instead of one per file, so that a fresh `cargo test` links
//! DataFusion (and, with the `cluster` feature, Ballista) once, not six
//! times. Add a new concern as `NAME.rs` here and a `mod NAME;` below, never
//! as a new top-level `tests/*.rs` file. A module that needs a feature has a
//! `#[cfg(feature)]` on its line here: without it, it is left out.
//!
//! `cluster_faults` kills processes and measures times: `.ci/run` runs it in
//! a step of its own, one test at a time (`--test it -- cluster_faults::
//! --test-threads 1`), and skips it in the step of the other tests
//! (`--skip cluster_faults::`).

mod cli;
#[cfg(feature = "cluster")]
mod cluster;
#[cfg(feature = "cluster")]
mod cluster_faults;
// Running the built `uri-sql`, and a loopback cluster of it.
mod common;
mod shell;
mod upstream_arrow_json;
mod views;
