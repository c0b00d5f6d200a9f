//! Reporting an input that does not parse: the input made printable, with
//! a caret under the offending byte, or a JSON object.

use std::io::{self, Write};

use super::input::Loc;
use super::json::{ErrorRecord, InvalidRecord, write_record};
use super::output::Output;
pub use urikit_cli::format::{caret_lines, caret_text, escape, escape_bytes};

/// The hint line for an IRI read as a URI (see [`Output::report_uri_error`]).
pub const IRI_HINT: &str = "hint: a valid IRI reference (RFC 3987): --iri reads IRIs\n";

/// Whether a URI that fails at byte `index` of `input` should get the
/// hint: the byte is not ASCII and the input parses as an IRI reference.
pub fn iri_hint(input: &[u8], index: usize) -> bool {
    input.get(index).is_some_and(|b| !b.is_ascii()) && urikit::IriRef::parse_bytes(input).is_ok()
}

/// Report an input that does not parse: as data, the JSON object
/// `{"input","valid":false,"error"}` on standard output with `json`; else as
/// a diagnostic on standard error, the input with a caret under the
/// offending byte (see [`Output::report_caret`]).
pub fn write_invalid(
    out: &mut Output,
    json: bool,
    input: &[u8],
    e: &urikit::ParseError,
    loc: Loc<'_>,
) -> io::Result<()> {
    if json {
        write_record(out, &InvalidRecord::new(input, ErrorRecord::from(e)))
    } else {
        out.report_caret(loc, input, e.index(), &e.to_string());
        Ok(())
    }
}

impl Output {
    /// Report on standard error that `input`, at `loc`, goes wrong at byte
    /// `index`: its place ("line 3: ", "urls.txt:3: ", nothing for an
    /// argument) and the input, then a caret under the byte and `message`.
    /// One write, so that lines of several writers do not interleave; a
    /// closed standard error is ignored.
    pub fn report_caret(&mut self, loc: Loc<'_>, input: &[u8], index: usize, message: &str) {
        let text = caret_lines(
            loc.prefix().as_deref(),
            input,
            index,
            message,
            self.err_color,
        );
        let _ = io::stderr().write_all(&text);
    }

    /// [`Output::report_caret`] for a URI parse error, with a hint line
    /// when the input is a valid IRI reference that failed at a non-ASCII
    /// byte: the command reads IRIs with `--iri` (else nothing says so).
    pub fn report_uri_error(&mut self, loc: Loc<'_>, input: &[u8], e: &urikit::ParseError) {
        self.report_caret(loc, input, e.index(), &e.to_string());
        if iri_hint(input, e.index()) {
            let _ = io::stderr().write_all(IRI_HINT.as_bytes());
        }
    }

    /// Report `message` about the input at `loc` on standard error, on one
    /// line: "uri: line 3: message" (no place for an argument).
    pub fn report(&mut self, loc: Loc<'_>, message: &str) {
        let text = match loc.prefix() {
            Some(prefix) => format!("uri: {}: {}\n", escape(&prefix), escape(message)),
            None => format!("uri: {}\n", escape(message)),
        };
        let _ = io::stderr().write_all(text.as_bytes());
    }
}
