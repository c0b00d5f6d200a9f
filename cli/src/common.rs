//! What every subcommand shares: output, input streaming, JSON, carets.

use std::ffi::OsString;
use std::io::{self, BufRead, BufWriter, IsTerminal, LineWriter, Write};

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
        if flag {
            Status::Flagged
        } else {
            self
        }
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

/// Standard output: line-buffered on a terminal (so interactive use shows
/// each answer at once), block-buffered otherwise (so a pipe is fast).
pub struct Output {
    inner: Box<dyn Write>,
    /// Whether to use ANSI colour: stdout is a terminal and `NO_COLOR` is
    /// unset.
    pub color: bool,
}

impl Output {
    /// Standard output, buffered as described on the type.
    pub fn stdout() -> Output {
        let stdout = io::stdout();
        let terminal = stdout.is_terminal();
        let lock = stdout.lock();
        let inner: Box<dyn Write> = if terminal {
            Box::new(LineWriter::new(lock))
        } else {
            Box::new(BufWriter::with_capacity(1 << 16, lock))
        };
        Output {
            inner,
            color: terminal && std::env::var_os("NO_COLOR").is_none(),
        }
    }

    /// Write `text` in the given SGR style when colour is on.
    pub fn styled(&mut self, style: &str, text: &str) -> io::Result<()> {
        if self.color {
            write!(self.inner, "\x1b[{style}m{text}\x1b[0m")
        } else {
            self.inner.write_all(text.as_bytes())
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Call `f` on each input: the command-line arguments if there are any,
/// else each line of standard input (without its `\n` or `\r\n`), read in
/// constant memory with one reused buffer.
pub fn for_each_input(
    args: &[OsString],
    mut f: impl FnMut(&[u8]) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if !args.is_empty() {
        for a in args {
            f(a.as_encoded_bytes())?;
        }
        return Ok(());
    }
    for_each_stdin_line(f)
}

/// Call `f` on each line of standard input, as [`for_each_input`] does.
pub fn for_each_stdin_line(mut f: impl FnMut(&[u8]) -> anyhow::Result<()>) -> anyhow::Result<()> {
    let stdin = io::stdin();
    let mut reader = stdin.lock();
    let mut line = Vec::with_capacity(1 << 12);
    loop {
        line.clear();
        let n = reader
            .read_until(b'\n', &mut line)
            .map_err(|e| anyhow::Error::new(e).context("reading standard input"))?;
        if n == 0 {
            return Ok(());
        }
        let mut end = line.len();
        if line[..end].ends_with(b"\n") {
            end -= 1;
            if line[..end].ends_with(b"\r") {
                end -= 1;
            }
        }
        f(&line[..end])?;
    }
}

/// Whether an error chain holds a broken pipe (stdout closed by `head`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Write `s` as a JSON string, quotes included.
pub fn json_str(out: &mut impl Write, s: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    let bytes = s.as_bytes();
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

/// Write the input, then a caret under byte `index` followed by `message`.
pub fn write_caret(out: &mut Output, input: &[u8], index: usize, message: &str) -> io::Result<()> {
    let (text, col) = printable(input, index);
    writeln!(out, "{text}")?;
    write!(out, "{:col$}", "")?;
    out.styled("1;31", "^")?;
    writeln!(out, " {message}")
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

    #[test]
    fn caret_columns() {
        assert_eq!(printable(b"ab cd", 2), ("ab cd".to_string(), 2));
        assert_eq!(printable(b"a\tb", 2), ("a\\tb".to_string(), 3));
        assert_eq!(printable("éx".as_bytes(), 2), ("éx".to_string(), 1));
        assert_eq!(printable(b"a\xffb", 2), ("a\\xFFb".to_string(), 5));
        assert_eq!(printable(b"ab", 2), ("ab".to_string(), 2));
    }
}
