//! Reporting an input that does not parse: the input made printable, with
//! a caret under the offending byte, or a JSON object.

use std::io::{self, Write};

use super::json::{json_bytes, json_error};
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

/// Report an input that does not parse: the JSON object
/// `{"input","valid":false,"error"}` with `json`, else the input with a caret
/// under the offending byte.
pub fn write_invalid(
    out: &mut Output,
    json: bool,
    input: &[u8],
    e: &urikit::ParseError,
) -> io::Result<()> {
    if json {
        out.write_all(b"{\"input\":")?;
        json_bytes(out, input)?;
        out.write_all(b",\"valid\":false,\"error\":")?;
        json_error(out, e)?;
        out.write_all(b"}\n")
    } else {
        write_caret(out, input, e.index(), &e.to_string())
    }
}

/// Write the input, then a caret under byte `index` followed by `message`.
pub fn write_caret(out: &mut Output, input: &[u8], index: usize, message: &str) -> io::Result<()> {
    let (text, col) = printable(input, index);
    writeln!(out, "{text}")?;
    // Spaces by hand: a formatting width is limited to 65535.
    const SPACES: &[u8] = &[b' '; 64];
    let mut left = col;
    while left > 0 {
        let n = left.min(SPACES.len());
        out.write_all(&SPACES[..n])?;
        left -= n;
    }
    out.styled("1;31", "^")?;
    writeln!(out, " {message}")
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
}
