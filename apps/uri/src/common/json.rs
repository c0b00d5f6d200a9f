//! JSON output: each command's objects are `Serialize` record types (as
//! ripgrep's JSON printer has them), written as one line each by
//! [`write_record`] through serde_json with [`CliFormatter`].
//!
//! String escapes: `"` `\` and `\n` `\r` `\t` as such; every other control
//! character, DEL (0x7f) included, as `\u00XX` with lower-case hex (so
//! `\u0008` and `\u000c`, not serde_json's `\b` and `\f`, and never a raw
//! DEL, which serde_json would leave as it is). Everything else, non-ASCII
//! included, as it is.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CharEscape, Formatter};

/// serde_json's compact form with the escapes described in the module.
#[derive(Clone, Copy, Debug, Default)]
pub struct CliFormatter;

impl Formatter for CliFormatter {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        // serde_json hands DEL over as data: escape it here.
        let mut rest = fragment.as_bytes();
        while let Some(del) = memchr::memchr(0x7f, rest) {
            writer.write_all(&rest[..del])?;
            writer.write_all(b"\\u007f")?;
            rest = &rest[del + 1..];
        }
        writer.write_all(rest)
    }

    fn write_char_escape<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        char_escape: CharEscape,
    ) -> io::Result<()> {
        let byte = match char_escape {
            CharEscape::Quote => return writer.write_all(b"\\\""),
            CharEscape::ReverseSolidus => return writer.write_all(b"\\\\"),
            CharEscape::LineFeed => return writer.write_all(b"\\n"),
            CharEscape::CarriageReturn => return writer.write_all(b"\\r"),
            CharEscape::Tab => return writer.write_all(b"\\t"),
            CharEscape::Solidus => b'/',
            CharEscape::Backspace => 0x08,
            CharEscape::FormFeed => 0x0c,
            CharEscape::AsciiControl(b) => b,
        };
        write!(writer, "\\u{byte:04x}")
    }
}

/// Write `record` as JSON (see the module for the escapes), without the
/// line end.
pub fn write_json(out: &mut impl Write, record: &impl Serialize) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, CliFormatter);
    record.serialize(&mut ser).map_err(io::Error::from)
}

/// Write a record as one JSON line, ended as
/// [`Output::newline`](super::Output::newline) ends lines.
pub fn write_record(out: &mut super::Output, record: &impl Serialize) -> io::Result<()> {
    // Into one buffer, then one write: serde_json writes each piece (a
    // quote, a key, a comma) on its own.
    thread_local! {
        static LINE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    LINE.with_borrow_mut(|line| {
        line.clear();
        write_json(line, record)?;
        out.write_all(line)
    })?;
    out.newline()
}

/// Bytes as a JSON string, with invalid UTF-8 replaced by U+FFFD.
pub fn lossy(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// A parse error as its JSON object:
/// `{"index":N,"kind":"…","component":"…"|null,"message":"…"}`.
#[derive(Serialize)]
pub struct ErrorRecord {
    pub index: usize,
    pub kind: &'static str,
    pub component: Option<&'static str>,
    pub message: String,
}

impl From<&urikit::ParseError> for ErrorRecord {
    fn from(e: &urikit::ParseError) -> ErrorRecord {
        ErrorRecord {
            index: e.index(),
            kind: e.kind().name(),
            component: e.kind().component().map(|c| c.name()),
            message: e.kind().to_string(),
        }
    }
}

/// An input that does not parse: `{"input","valid":false,"error"}`.
#[derive(Serialize)]
pub struct InvalidRecord<'a, E> {
    pub input: std::borrow::Cow<'a, str>,
    pub valid: bool,
    pub error: E,
}

impl<'a, E> InvalidRecord<'a, E> {
    /// The record of `input`, with its error.
    pub fn new(input: &'a [u8], error: E) -> InvalidRecord<'a, E> {
        InvalidRecord {
            input: lossy(input),
            valid: false,
            error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(s: &str) -> String {
        let mut v = Vec::new();
        write_json(&mut v, &s).unwrap();
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn escapes() {
        assert_eq!(json("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\u0001é\"");
        // Not serde_json's own \b and \f, and DEL escaped too: every
        // control but \n \r \t as \u00XX.
        assert_eq!(
            json("\u{8}\u{c}\u{7f}\r\t/"),
            "\"\\u0008\\u000c\\u007f\\r\\t/\""
        );
        assert_eq!(json("x\u{7f}\u{7f}y\u{1f}"), "\"x\\u007f\\u007fy\\u001f\"");
        // C1 controls and other non-ASCII characters go out as they are.
        assert_eq!(json("\u{85}\u{2028}"), "\"\u{85}\u{2028}\"");
    }
}
