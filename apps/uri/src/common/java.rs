//! `--java`: inputs read as `new java.net.URI(s)` reads them, and the
//! report of one that does not parse, with Java's own index beside the
//! byte index.

use std::io;

use serde::Serialize;
use urikit::ErrorKind;
use urikit::java::{JavaError, JavaUri};

use super::input::Loc;
use super::json::{InvalidRecord, write_record};
use super::output::Output;

/// Why an input is not a java.net.URI: Java's error, or bytes that are not
/// UTF-8 (which no Java string holds; the index is the first such byte).
#[derive(Clone, Copy, Debug)]
pub enum JavaInputError {
    /// What `new java.net.URI(s)` throws.
    Java(JavaError),
    /// Not UTF-8 from this byte on.
    NotUtf8(usize),
}

/// Parse the bytes of one input as `new java.net.URI(s)` does.
pub fn parse_java(input: &[u8]) -> Result<JavaUri<'_>, JavaInputError> {
    match std::str::from_utf8(input) {
        Ok(s) => JavaUri::parse(s).map_err(JavaInputError::Java),
        Err(e) => Err(JavaInputError::NotUtf8(e.valid_up_to())),
    }
}

/// The `"error"` object of a `--java` input: the byte index as every
/// error of the CLI has it, and Java's `getIndex()` (UTF-16 units, -1 where
/// Java gives none) and `getReason()`; both null for bytes that are not
/// UTF-8.
#[derive(Serialize)]
pub struct JavaErrorRecord {
    pub index: usize,
    pub java_index: Option<i64>,
    pub kind: &'static str,
    pub reason: Option<&'static str>,
    pub message: String,
}

impl JavaInputError {
    /// The byte the error is at.
    pub fn index(&self) -> usize {
        match self {
            JavaInputError::Java(e) => e.index(),
            JavaInputError::NotUtf8(i) => *i,
        }
    }

    /// The message: the core's, and Java's index where it is not the byte
    /// index (non-ASCII before the fault).
    pub fn message(&self) -> String {
        match self {
            JavaInputError::Java(e)
                if e.java_index() >= 0 && e.java_index() != e.index() as i64 =>
            {
                format!("{e} (java.net.URI: index {})", e.java_index())
            }
            JavaInputError::Java(e) => e.to_string(),
            JavaInputError::NotUtf8(i) => format!("{} at index {i}", ErrorKind::InvalidUtf8),
        }
    }

    /// The error as its JSON object.
    pub fn record(&self) -> JavaErrorRecord {
        match self {
            JavaInputError::Java(e) => JavaErrorRecord {
                index: e.index(),
                java_index: Some(e.java_index()),
                kind: e.name(),
                reason: Some(e.kind().reason()),
                message: e.to_string(),
            },
            JavaInputError::NotUtf8(i) => JavaErrorRecord {
                index: *i,
                java_index: None,
                kind: ErrorKind::InvalidUtf8.name(),
                reason: None,
                message: format!("{} at index {i}", ErrorKind::InvalidUtf8),
            },
        }
    }
}

/// Report a `--java` input that does not parse: as the JSON object
/// `{"input","valid":false,"error"}` on standard output with `json`; else
/// on standard error, the input with a caret under the offending byte.
pub fn write_java_invalid(
    out: &mut Output,
    json: bool,
    input: &[u8],
    e: &JavaInputError,
    loc: Loc<'_>,
) -> io::Result<()> {
    if json {
        write_record(out, &InvalidRecord::new(input, e.record()))
    } else {
        out.report_caret(loc, input, e.index(), &e.message());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_utf8_points_at_the_first_bad_byte() {
        let e = parse_java(b"http://a/\xff").unwrap_err();
        assert_eq!(e.index(), 9);
        assert_eq!(e.message(), "invalid UTF-8 at index 9");
    }
}
