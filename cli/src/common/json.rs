//! The JSON writer: strings, keys, null, and parse errors as objects.

use std::io::{self, Write};

/// Write `s` as a JSON string, quotes included.
pub fn json_str(out: &mut impl Write, s: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    let bytes = s.as_bytes();
    // Valid URI text never needs escaping: one check, one copy.
    let needs_escape = bytes.iter().fold(false, |acc, &b| {
        acc | (b < 0x20) | (b == b'"') | (b == b'\\') | (b == 0x7f)
    });
    if !needs_escape {
        out.write_all(bytes)?;
        return out.write_all(b"\"");
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..=0x1f | 0x7f => b"",
            _ => continue,
        };
        out.write_all(&bytes[start..i])?;
        if esc.is_empty() {
            write!(out, "\\u{:04x}", b)?;
        } else {
            out.write_all(esc)?;
        }
        start = i + 1;
    }
    out.write_all(&bytes[start..])?;
    out.write_all(b"\"")
}

/// Write bytes as a JSON string, with invalid UTF-8 replaced by U+FFFD.
pub fn json_bytes(out: &mut impl Write, b: &[u8]) -> io::Result<()> {
    json_str(out, &String::from_utf8_lossy(b))
}

/// Write a record (a `Serialize` type) as one JSON line, ended as
/// [`Output::newline`](super::Output::newline) ends lines.
pub fn write_record(out: &mut super::Output, record: &impl serde::Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.newline()
}

/// Write `Some(s)` as a JSON string and `None` as `null`.
pub fn json_opt(out: &mut impl Write, s: Option<&str>) -> io::Result<()> {
    match s {
        Some(s) => json_str(out, s),
        None => out.write_all(b"null"),
    }
}

/// Write `"key":` after a comma, or after nothing for the first key.
pub fn json_key(out: &mut impl Write, first: bool, key: &str) -> io::Result<()> {
    if !first {
        out.write_all(b",")?;
    }
    json_str(out, key)?;
    out.write_all(b":")
}

/// Write a parse error as a JSON object:
/// `{"index":N,"kind":"…","component":"…"|null,"message":"…"}`.
pub fn json_error(out: &mut impl Write, e: &urikit::ParseError) -> io::Result<()> {
    write!(out, "{{\"index\":{},\"kind\":", e.index())?;
    json_str(out, e.kind().name())?;
    out.write_all(b",\"component\":")?;
    json_opt(out, e.kind().component().map(|c| c.name()))?;
    out.write_all(b",\"message\":")?;
    json_str(out, &e.kind().to_string())?;
    out.write_all(b"}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(s: &str) -> String {
        let mut v = Vec::new();
        json_str(&mut v, s).unwrap();
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn json_escapes() {
        assert_eq!(json("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\u0001é\"");
    }
}
