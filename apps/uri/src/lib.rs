//! The formatting code of the `uri` command (the binary is `src/main.rs`),
//! as a library so that the fuzz crate can run it on arbitrary inputs
//! (`dev/fuzz/fuzz_targets/cli_output.rs`): the caret diagnostics, the table
//! of `uri views` and the lines of `uri lint`. See [`format`](mod@format).
#![warn(missing_docs)]

pub mod format;
