//! What urikit's integration tests (`crates/urikit/tests/it`) and its fuzz crate
//! (`dev/fuzz/`) share: one copy of each, used by both.
//!
//! - [`checks`]: the properties the `parse` fuzz target checks on any input,
//!   which the tests also run on every input the fuzzer ever crashed on;
//! - [`oracle`]: a naive transcription of RFC 3986 5.2 and 5.3, which the
//!   fast paths are checked against;
//! - [`java_probe`]: the real java.net.URI, through the project's probe;
//! - [`peers`]: the other parsers (fluent-uri, iri-string, oxiri), each
//!   through the same [`peers::Parts`], for the differential checks.
//!
//! Dev-only: not published, and nothing here is part of urikit's API.

pub mod checks;
pub mod java_probe;
pub mod oracle;
pub mod peers;
