//! What every subcommand shares: reading the inputs ([`input`]), writing
//! the results ([`output`]), the JSON writer ([`json`]), java.net.URI's
//! reading for `--java` ([`java`]), the profile as a value ([`profile`]) and the report of
//! an invalid input ([`report`]); and the outcome of a command.

use std::io;

pub mod input;
pub mod java;
pub mod json;
pub mod named;
pub mod output;
pub mod profile;
pub mod report;

pub use input::*;
pub use java::*;
pub use json::*;
pub use named::named;
pub use output::*;
pub use report::*;

/// How a command went, for the exit status (the error path gives 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Exit 0: every input was fine.
    Ok,
    /// Exit 1: some input was invalid, different or flagged.
    Flagged,
}

impl Status {
    /// `Flagged` if `flag`, else `self`.
    pub fn flag_if(self, flag: bool) -> Status {
        if flag { Status::Flagged } else { self }
    }
}

/// A usage error (exit status 2) that a command found after argument parsing,
/// such as an invalid base URI.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Whether an error chain holds a broken pipe (stdout closed by `head`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
