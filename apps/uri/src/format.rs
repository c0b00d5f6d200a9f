//! The human-readable output of `uri`: what a terminal shows. Every piece
//! of an input that reaches it goes through here, so that two rules hold
//! for any input (issue 34):
//!
//! - no control character of the input reaches the terminal: each is
//!   written as an escape (`\u{1b}`, `\t`, `\xFF` for a byte that is not
//!   UTF-8), so an input cannot set the window title or clear the screen;
//! - what one input produces is bounded: an input over [`SHOWN_WHOLE`]
//!   bytes is shown as an excerpt of [`WINDOW`] bytes either side of the
//!   byte that matters, `…` marking the cuts, so a 100 MB line gives a few
//!   short lines, not 100 MB (or, padded into a table, many times that).
//!
//! Widths are written as runs of spaces, never with a `{:width$}` format,
//! whose width is limited to 65,535 and panics past it.

use std::borrow::Cow;
use std::io::Write;

use urikit::security::Finding as LintFinding;
use urikit_views::{Views, Weight};

/// Inputs up to this many bytes are shown whole.
pub const SHOWN_WHOLE: usize = 256;

/// Of a longer input, the bytes shown on each side of the byte at fault
/// (widened to whole UTF-8 characters).
pub const WINDOW: usize = 96;

/// The input made printable (control characters and invalid UTF-8 shown as
/// escapes), and the column of byte `index` in it, for a caret line.
///
/// ```
/// use urikit_cli::format::printable;
/// assert_eq!(printable(b"a\x1b[2J\xff", 1), ("a\\u{1b}[2J\\xFF".to_string(), 1));
/// ```
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

/// `text` with its control characters written as escapes, as
/// [`printable`] writes them (borrowed when it has none).
///
/// ```
/// use urikit_cli::format::escape;
/// assert_eq!(escape("http://h/\x1b]0;x\x07"), "http://h/\\u{1b}]0;x\\u{7}");
/// assert!(matches!(escape("plain"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn escape(text: &str) -> Cow<'_, str> {
    if text.chars().any(char::is_control) {
        Cow::Owned(printable(text.as_bytes(), 0).0)
    } else {
        Cow::Borrowed(text)
    }
}

/// Bytes made printable: [`escape`], with invalid UTF-8 as `\xNN`.
///
/// ```
/// use urikit_cli::format::escape_bytes;
/// assert_eq!(escape_bytes(b"a\xff\n"), "a\\xFF\\u{a}");
/// ```
pub fn escape_bytes(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => escape(text),
        Err(_) => Cow::Owned(printable(bytes, 0).0),
    }
}

/// Each line of `text` escaped on its own: the line ends stay (for a
/// message of several lines, such as a usage error with its caret).
///
/// ```
/// use urikit_cli::format::escape_lines;
/// assert_eq!(escape_lines("a\x1b\nb"), "a\\u{1b}\nb");
/// ```
pub fn escape_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(escape).collect();
    Cow::Owned(lines.join("\n"))
}

/// The byte range of `input` shown about byte `index`: all of an input up
/// to [`SHOWN_WHOLE`] bytes, else [`WINDOW`] bytes either side of it,
/// widened to whole UTF-8 characters.
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
/// followed by `message`. Of an input over [`SHOWN_WHOLE`] bytes, only
/// [`WINDOW`] bytes on either side of byte `index` are shown, `…` marking
/// the cuts. The prefix and the message are escaped too.
///
/// ```
/// use urikit_cli::format::caret_lines;
/// let got = caret_lines(Some("line 3"), b"a b", 1, "bad", false);
/// assert_eq!(got, b"line 3: a b\n         ^ bad\n");
/// ```
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
    let message = escape_lines(message);
    let mut v = Vec::with_capacity(2 * text.len() + message.len() + 32);
    if let Some(prefix) = prefix {
        let prefix = escape(prefix);
        v.extend_from_slice(prefix.as_bytes());
        v.extend_from_slice(b": ");
        col += prefix.chars().count() + 2;
    }
    v.extend_from_slice(lead.as_bytes());
    col += lead.chars().count();
    v.extend_from_slice(text.as_bytes());
    v.extend_from_slice(tail.as_bytes());
    v.push(b'\n');
    pad(&mut v, col);
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

/// [`caret_lines`] without a place or colour and without the last line
/// end, as text: for a usage error that shows an argument.
///
/// ```
/// use urikit_cli::format::caret_text;
/// assert_eq!(caret_text(b"a b", 1, "bad"), "a b\n ^ bad");
/// ```
pub fn caret_text(input: &[u8], index: usize, message: &str) -> String {
    let mut v = caret_lines(None, input, index, message, false);
    v.pop();
    String::from_utf8(v).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// `n` spaces: a width of any size (a `{:n$}` format panics past 65,535).
///
/// ```
/// let mut v = b"a".to_vec();
/// urikit_cli::format::pad(&mut v, 3);
/// assert_eq!(v, b"a   ");
/// ```
pub fn pad(v: &mut Vec<u8>, n: usize) {
    v.resize(v.len() + n, b' ');
}

/// `text` whole up to [`SHOWN_WHOLE`] bytes; a longer text as its first
/// and last [`WINDOW`] bytes (whole characters) around `…`. Not escaped.
///
/// ```
/// use urikit_cli::format::cut;
/// let long = format!("{}{}", "x".repeat(300), "y".repeat(96));
/// assert_eq!(cut(&long), format!("{}…{}", "x".repeat(96), "y".repeat(96)));
/// ```
pub fn cut(text: &str) -> Cow<'_, str> {
    if text.len() <= SHOWN_WHOLE {
        return Cow::Borrowed(text);
    }
    let mut head = WINDOW;
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = text.len() - WINDOW;
    while !text.is_char_boundary(tail) {
        tail += 1;
    }
    Cow::Owned(format!("{}…{}", &text[..head], &text[tail..]))
}

/// [`cut`], then [`escape`]: a value shown whole or as an excerpt.
///
/// ```
/// use urikit_cli::format::excerpt;
/// assert_eq!(excerpt("a\x07b"), "a\\u{7}b");
/// ```
pub fn excerpt(text: &str) -> String {
    escape(&cut(text)).into_owned()
}

/// [`cut`] as a Rust string literal (`"` and `\` escaped, and every
/// character that is not printable, control characters first).
fn quoted(text: &str) -> String {
    format!("{:?}", cut(text))
}

const COLUMNS: [&str; 8] = [
    "parser", "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// Write `text` in the SGR `style` when `color` is on.
fn styled(v: &mut Vec<u8>, color: bool, style: &str, text: &str) {
    if color {
        let _ = write!(v, "\x1b[{style}m{text}\x1b[0m");
    } else {
        v.extend_from_slice(text.as_bytes());
    }
}

/// The table of `uri views` for one input: the input, then one row per
/// parser (`-` where it has no value), then one line per finding:
/// `! WEIGHT KIND (component): parser,parser=value ...` (the parsers that
/// read the same value grouped, [`urikit_views::Finding::sides`]); each line ended with
/// `eol`. Every value is an [`excerpt`], so the table of any input is a
/// few kilobytes at most.
///
/// ```
/// use urikit_views::{Parser, views_of};
/// let v = views_of("http://a/", &[Parser::Rfc3986]);
/// let table = String::from_utf8(urikit_cli::format::views_table(&v, false, b'\n')).unwrap();
/// assert!(table.starts_with("http://a/\n  parser"));
/// ```
pub fn views_table(v: &Views<'_>, color: bool, eol: u8) -> Vec<u8> {
    let rows: Vec<Vec<String>> = v
        .views
        .iter()
        .map(|(parser, reading)| {
            let mut row = vec![parser.name().to_string()];
            match reading {
                Ok(view) => {
                    let cell = |c: &Option<Cow<'_, str>>| c.as_deref().map_or("-".into(), quoted);
                    row.push(cell(&view.scheme));
                    row.push(cell(&view.userinfo));
                    let mut host = cell(&view.host);
                    if let Some(kind) = view.host_kind {
                        host.push_str(&format!(" ({kind})"));
                    }
                    row.push(host);
                    row.push(cell(&view.port));
                    row.push(cell(&view.path));
                    row.push(cell(&view.query));
                    row.push(cell(&view.fragment));
                }
                Err(e) => row.push(format!("error: {}", excerpt(e))),
            }
            row
        })
        .collect();
    // An error row's message spans the columns after the parser's name:
    // it widens only the first.
    let mut widths: Vec<usize> = COLUMNS.iter().map(|c| c.len()).collect();
    for row in &rows {
        let cells = if row.len() == COLUMNS.len() {
            row.len()
        } else {
            1
        };
        for (w, cell) in widths.iter_mut().zip(&row[..cells]) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = Vec::new();
    let _ = write!(out, "{}", cut(v.input).escape_debug());
    out.push(eol);
    let header: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
    for (i, row) in std::iter::once(&header).chain(&rows).enumerate() {
        out.extend_from_slice(b"  ");
        for (j, cell) in row.iter().enumerate() {
            let last = j + 1 == row.len();
            if i == 0 {
                styled(&mut out, color, "1", cell);
            } else if cell.starts_with("error: ") {
                styled(&mut out, color, "33", cell);
            } else {
                out.extend_from_slice(cell.as_bytes());
            }
            if !last {
                pad(&mut out, widths[j].saturating_sub(cell.chars().count()) + 2);
            }
        }
        out.push(eol);
    }
    for f in &v.findings {
        // One entry per side: the parsers that read the same value, joined
        // by commas (`rfc3986,java="a" whatwg="b"`).
        let values: Vec<String> = f
            .sides()
            .into_iter()
            .map(|(value, parsers)| {
                let names: Vec<&str> = parsers.iter().map(|p| p.name()).collect();
                match value {
                    Some(value) => format!("{}={}", names.join(","), quoted(value)),
                    None => format!("{}=-", names.join(",")),
                }
            })
            .collect();
        let style = match f.weight {
            Weight::High => "1;31",
            Weight::Medium => "33",
            _ => "0",
        };
        out.extend_from_slice(b"  ! ");
        styled(&mut out, color, style, &format!("{} {}", f.weight, f.kind));
        let _ = write!(out, " ({}): {}", f.component, values.join(" "));
        out.push(eol);
    }
    out
}

/// The lines of `uri lint` for a URI with findings: the URI first when
/// `header` (and colour is off), then per finding, on a terminal (`color`)
/// the URI with the finding's span highlighted, and
/// `KIND<TAB>start-end<TAB>explanation`. A URI over [`SHOWN_WHOLE`] bytes
/// is shown as an excerpt (around the span when highlighted).
///
/// ```
/// use urikit::{UriRef, security::lint};
/// let r = UriRef::parse("http://u:p@h/").unwrap();
/// let lines = urikit_cli::format::lint_lines(r.as_str(), &lint(r).unwrap(), true, false);
/// assert!(String::from_utf8(lines).unwrap().starts_with("http://u:p@h/\ncredentials\t9-10\t"));
/// ```
pub fn lint_lines(uri: &str, findings: &[LintFinding], header: bool, color: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if header && !color {
        out.extend_from_slice(excerpt(uri).as_bytes());
        out.push(b'\n');
    }
    for f in findings {
        if color {
            highlighted(&mut out, uri, f.start(), f.end(), color);
        }
        let _ = writeln!(
            out,
            "{}\t{}-{}\t{}",
            f.kind().name(),
            f.start(),
            f.end(),
            escape(&f.to_string())
        );
    }
    out
}

/// The lines of `uri lint` for an input that is not a URI reference: the
/// input first when `header`, then `invalid<TAB>i-(i+1)<TAB>message`.
///
/// ```
/// let lines = urikit_cli::format::lint_invalid(b"a\x1bb", 1, "bad", true);
/// assert_eq!(lines, b"a\\u{1b}b\ninvalid\t1-2\tbad\n");
/// ```
pub fn lint_invalid(input: &[u8], index: usize, message: &str, header: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if header {
        let (from, to) = window(input, index);
        let cut = escape_bytes(&input[from..to]);
        let (lead, tail) = (
            if from > 0 { "…" } else { "" },
            if to < input.len() { "…" } else { "" },
        );
        let _ = writeln!(out, "{lead}{cut}{tail}");
    }
    let _ = writeln!(out, "invalid\t{}-{}\t{}", index, index + 1, escape(message));
    out
}

/// The URI on one line with `start..end` in bold red (reverse video for an
/// empty span would show nothing, so spans are never empty); of a long URI
/// the bytes around the span only.
///
/// ```
/// let mut v = Vec::new();
/// urikit_cli::format::highlighted(&mut v, "http://a:25/", 9, 11, true);
/// assert_eq!(v, b"http://a:\x1b[1;31;4m25\x1b[0m/\n");
/// ```
pub fn highlighted(out: &mut Vec<u8>, uri: &str, start: usize, end: usize, color: bool) {
    let (from, to) = window(uri.as_bytes(), start);
    let (lead, tail) = (
        if from > 0 { "…" } else { "" },
        if to < uri.len() { "…" } else { "" },
    );
    let end = end.clamp(start, to);
    let parts = (uri.get(from..start), uri.get(start..end), uri.get(end..to));
    let (Some(before), Some(span), Some(after)) = parts else {
        let _ = writeln!(out, "{}", excerpt(uri));
        return;
    };
    let (before, span, after) = (escape(before), escape(span), escape(after));
    if color {
        let _ = writeln!(out, "{lead}{before}\x1b[1;31;4m{span}\x1b[0m{after}{tail}");
    } else {
        let _ = writeln!(out, "{lead}{before}{span}{after}{tail}");
    }
}

#[cfg(test)]
mod tests;
