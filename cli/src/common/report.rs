//! Reporting an input that does not parse: the input made printable, with
//! a caret under the offending byte, or a JSON object.

use std::io::{self, Write};

use super::input::Loc;
use super::json::{ErrorRecord, InvalidRecord, write_record};
use super::output::Output;

/// The input made printable (control characters and invalid UTF-8 shown as
/// escapes), and the column of byte `index` in it, for a caret line.
pub fn printable(input: &[u8], index: usize) -> (String, usize) {
    let mut text = String::with_capacity(input.len());
    let mut col = None;
    let mut columns = 0;
    let mut pos = 0;
    for chunk in input.utf8_chunks() {
        for c in chunk.valid().chars() {
            if pos == index {
                col = Some(columns);
            }
            let before = text.len();
            match c {
                '\t' => text.push_str("\\t"),
                c if c.is_control() => text.push_str(&format!("\\u{{{:x}}}", c as u32)),
                c => text.push(c),
            }
            columns += text[before..].chars().count();
            pos += c.len_utf8();
        }
        for &b in chunk.invalid() {
            if pos == index {
                col = Some(columns);
            }
            text.push_str(&format!("\\x{b:02X}"));
            columns += 4;
            pos += 1;
        }
    }
    (text, col.unwrap_or(columns))
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

/// Inputs up to this many bytes are shown whole in a caret diagnostic.
const SHOWN_WHOLE: usize = 256;
/// Of a longer input, the bytes shown on each side of the byte at fault
/// (widened to whole UTF-8 characters), with `…` where the input is cut:
/// a 100 MB line gives a diagnostic of two short lines, not 200 MB.
const WINDOW: usize = 96;

/// The byte range of `input` shown in a diagnostic about byte `index`.
fn window(input: &[u8], index: usize) -> (usize, usize) {
    if input.len() <= SHOWN_WHOLE {
        return (0, input.len());
    }
    let index = index.min(input.len());
    let mut start = index.saturating_sub(WINDOW);
    let mut end = (index + WINDOW).min(input.len());
    // Not into the middle of a character: a UTF-8 sequence is at most four
    // bytes, so at most three continuation bytes to step over.
    let continuation = |i: usize| input.get(i).is_some_and(|b| b & 0xC0 == 0x80);
    for _ in 0..3 {
        if start > 0 && continuation(start) {
            start -= 1;
        }
        if continuation(end) {
            end += 1;
        }
    }
    (start, end)
}

/// The two lines of a caret diagnostic: `prefix` (the input's place, if
/// any) and the input made printable, then a caret under byte `index`
/// followed by `message`. Of an input over 256 bytes, only a window of 96
/// bytes on either side of byte `index` is shown, `…` marking the cuts.
pub fn caret_lines(
    prefix: Option<&str>,
    input: &[u8],
    index: usize,
    message: &str,
    color: bool,
) -> Vec<u8> {
    let (from, to) = window(input, index);
    let (text, mut col) = printable(&input[from..to], index.min(input.len()) - from);
    let (lead, tail) = (
        if from > 0 { "…" } else { "" },
        if to < input.len() { "…" } else { "" },
    );
    let mut v = Vec::with_capacity(2 * text.len() + message.len() + 32);
    if let Some(prefix) = prefix {
        v.extend_from_slice(prefix.as_bytes());
        v.extend_from_slice(b": ");
        col += prefix.chars().count() + 2;
    }
    v.extend_from_slice(lead.as_bytes());
    col += lead.chars().count();
    v.extend_from_slice(text.as_bytes());
    v.extend_from_slice(tail.as_bytes());
    v.push(b'\n');
    // Spaces by hand: a formatting width is limited to 65535.
    v.resize(v.len() + col, b' ');
    if color {
        v.extend_from_slice(b"\x1b[1;31m^\x1b[0m");
    } else {
        v.push(b'^');
    }
    v.push(b' ');
    v.extend_from_slice(message.as_bytes());
    v.push(b'\n');
    v
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

    /// Report `message` about the input at `loc` on standard error, on one
    /// line: "uri: line 3: message" (no place for an argument).
    pub fn report(&mut self, loc: Loc<'_>, message: &str) {
        let text = match loc.prefix() {
            Some(prefix) => format!("uri: {prefix}: {message}\n"),
            None => format!("uri: {message}\n"),
        };
        let _ = io::stderr().write_all(text.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_columns() {
        assert_eq!(printable(b"ab cd", 2), ("ab cd".to_string(), 2));
        assert_eq!(printable(b"a\tb", 2), ("a\\tb".to_string(), 3));
        assert_eq!(printable("éx".as_bytes(), 2), ("éx".to_string(), 1));
        assert_eq!(printable(b"a\xffb", 2), ("a\\xFFb".to_string(), 5));
        assert_eq!(printable(b"ab", 2), ("ab".to_string(), 2));
    }

    #[test]
    fn long_inputs_show_a_window_around_the_fault() {
        // 1 MB, the fault in the middle: two short lines, the caret under it.
        let mut input = vec![b'a'; 1 << 20];
        input[1 << 19] = b' ';
        let got = caret_lines(Some("line 1"), &input, 1 << 19, "bad", false);
        let got = String::from_utf8(got).unwrap();
        let lines: Vec<&str> = got.lines().collect();
        let shown = format!("line 1: …{} {}…", "a".repeat(96), "a".repeat(95));
        assert_eq!(lines[0], shown);
        assert_eq!(lines[1], format!("{}^ bad", " ".repeat(8 + 1 + 96)));
        // At the very start and at the end: one cut only.
        let got = String::from_utf8(caret_lines(None, &input, 0, "x", false)).unwrap();
        assert_eq!(got, format!("{}…\n^ x\n", "a".repeat(96)));
        let n = input.len();
        let got = String::from_utf8(caret_lines(None, &input, n, "x", false)).unwrap();
        assert_eq!(got, format!("…{}\n{}^ x\n", "a".repeat(96), " ".repeat(97)));
        // Never into a character: both window edges fall inside an "é"
        // and widen to take it whole.
        let text = format!("{}x!{}", "é".repeat(150), "é".repeat(150));
        let got = String::from_utf8(caret_lines(None, text.as_bytes(), 301, "x", false)).unwrap();
        let e48 = "é".repeat(48);
        assert_eq!(got, format!("…{e48}x!{e48}…\n{}^ x\n", " ".repeat(50)));
        // Short inputs are shown whole, as before.
        assert_eq!(
            caret_lines(None, &input[..256], 5, "x", false).len(),
            256 + 1 + 5 + 4
        );
    }

    #[test]
    fn caret_lines_shift_by_the_place() {
        let got = caret_lines(Some("line 3"), b"a b", 1, "bad", false);
        assert_eq!(got, b"line 3: a b\n         ^ bad\n");
        let got = caret_lines(None, b"a b", 1, "bad", true);
        assert_eq!(got, b"a b\n \x1b[1;31m^\x1b[0m bad\n");
    }
}
