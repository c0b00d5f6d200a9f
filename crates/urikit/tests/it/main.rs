//! urikit's integration tests, in one test binary: one module per concern.
//!
//! One binary instead of one per file, so that a fresh `cargo test` compiles
//! and links the library, proptest and the peers once, not 33 times. Add a
//! new concern as `NAME.rs` here and a `mod NAME;` below, never as a new
//! top-level `tests/*.rs` file.
//!
//! The binary's global allocator is the counting one in `alloc.rs`: it counts
//! per thread, so tests running in parallel do not disturb each other's counts.

// Helpers shared by the modules (`common/` stays beside this folder); the
// checks, the oracle and the peers that the fuzz crate uses too come from
// the dev-only crate urikit-checks (`dev/checks/`).
#[path = "../common/abnf.rs"]
mod abnf;
use urikit_checks::{checks, oracle, peers};
mod adversarial;
mod alloc;
mod api;
mod build;
#[path = "../common/mod.rs"]
mod common;
mod compare;
mod corpus;
mod differential;
mod error_index;
mod file;
mod fuzz_regressions;
mod hosts;
#[cfg(feature = "http")]
mod http;
#[cfg(feature = "idna")]
mod idna;
mod iri;
mod iri_chars;
mod iri_corpus;
mod iri_props;
mod java;
mod java_inputs;
mod json_schema;
mod normalize;
mod percent;
mod properties;
mod public_suffix;
mod repair;
mod resolve_alloc;
mod resolve_corpus;
mod resolve_props;
mod resolve_rfc;
mod resolve_vectors;
mod rfc2396;
mod rfc6570;
mod rfc6570_modes;
mod security;
mod send_sync;
#[cfg(feature = "serde")]
mod serde;
mod suffix;
mod text;
mod trace;
mod vectors;
mod vscode;
mod zone;
