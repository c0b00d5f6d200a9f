//! The `uri` command's integration tests, in one test binary: one module per
//! subcommand or concern, each running the built `uri` program.
//!
//! One binary instead of one per file, so that a fresh `cargo test` compiles
//! and links the test harness once. Add a new concern as `NAME.rs` here and a
//! `mod NAME;` below, never as a new top-level `tests/*.rs` file.

mod common;
mod docs;
mod extract;
mod guard;
mod guess;
mod hardening;
mod iri;
mod java;
mod json;
mod lint;
mod names;
mod normalize;
mod parse;
mod path;
mod pipeline;
mod repair;
mod resolve;
mod rfc2396;
mod template;
mod views;
