//! The `cli_output` target: what the `uri` command shows on a terminal
//! (`urikit_cli::format`: the caret diagnostics, the table of `uri views`,
//! the lines of `uri lint`) for any input. For every input:
//! - no panic (a `{:width$}` with a width from the input over 65,535 once
//!   panicked, issue 34);
//! - no control character of the input in the output (escapes instead;
//!   with colour off, only the line ends, and the tab that separates the
//!   fields of a lint line);
//! - the output bounded by the excerpt rule: an input over 256 bytes is
//!   shown as 96 bytes either side of the byte at fault (or a value as
//!   its first and last 96 bytes), each shown character escaped to at most
//!   [`ESCAPED`] bytes, whatever the input's length.

use urikit::security::{lint, lint_iri};
use urikit_views::{Parser, views_of};
use urikit::{IriRef, UriRef};
use urikit_cli::format::{
    SHOWN_WHOLE, WINDOW, caret_lines, escape, escape_bytes, lint_invalid, lint_lines, views_table,
};

/// The most bytes one shown character (or invalid byte) takes, escaped:
/// `\u{10ffff}` (Rust's debug escape of a value in a table).
const ESCAPED: usize = 10;

/// The most input bytes any excerpt shows.
const SHOWN: usize = if SHOWN_WHOLE > 2 * WINDOW + 6 {
    SHOWN_WHOLE
} else {
    2 * WINDOW + 6
};

/// The most bytes an excerpt of any input takes on one line.
const EXCERPT: usize = ESCAPED * SHOWN + 8;

/// Panics unless every char of `out` but `allowed` is free of controls.
fn no_control(out: &[u8], allowed: &[char], what: &str, data: &[u8]) {
    let text = String::from_utf8_lossy(out);
    if let Some(c) = text
        .chars()
        .find(|c| c.is_control() && !allowed.contains(c))
    {
        panic!("{what}: control character {c:?} in {text:?} for {data:?}");
    }
}

/// The checks, for one input: `data[0..2]` pick the byte at fault (as a
/// fraction of the rest), the rest is the input.
pub fn check_cli_output(data: &[u8]) {
    let (pick, input) = match data {
        [a, b, rest @ ..] => (u16::from_le_bytes([*a, *b]) as usize, rest),
        _ => (0, data),
    };
    let index = pick * (input.len() + 1) / 65536;
    // A place and a message taken from the input too: a file name and a
    // message that quotes the input are escaped as well.
    let head = &input[..input.len().min(24)];
    let prefix = String::from_utf8_lossy(head);
    let message = format!("bad {}", String::from_utf8_lossy(head));
    for color in [false, true] {
        let out = caret_lines(Some(&prefix), input, index, &message, color);
        if !color {
            no_control(&out, &['\n'], "caret", data);
        }
        let bound = 2 * (ESCAPED * prefix.len() + 2 + EXCERPT) + ESCAPED * message.len() + 32;
        assert!(out.len() <= bound, "caret: {} > {bound} bytes", out.len());
    }
    no_control(escape_bytes(input).as_bytes(), &[], "escape", data);
    no_control(escape(&prefix).as_bytes(), &[], "escape", data);

    check_lint(data, input);
    if let Ok(text) = std::str::from_utf8(input) {
        check_views_table(data, text);
    }
}

fn check_lint(data: &[u8], input: &[u8]) {
    let line_bound = |message: &str| 64 + ESCAPED * message.len();
    let findings = match UriRef::parse_bytes(input) {
        Ok(r) => lint(r).map(|f| (r.as_str(), f)),
        Err(e) => Err(e),
    };
    let iri = IriRef::parse_bytes(input).and_then(|r| lint_iri(r).map(|f| (r.as_str(), f)));
    for found in [findings, iri] {
        match found {
            Ok((uri, findings)) => {
                let out = lint_lines(uri, &findings, true, false);
                no_control(&out, &['\n', '\t'], "lint", data);
                let bound = EXCERPT
                    + findings
                        .iter()
                        .map(|f| line_bound(&f.to_string()))
                        .sum::<usize>();
                assert!(out.len() <= bound, "lint: {} > {bound} bytes", out.len());
                // With colour: the span highlighted in an excerpt too.
                let out = lint_lines(uri, &findings, true, true);
                let plain = String::from_utf8_lossy(&out)
                    .replace("\x1b[1;31;4m", "")
                    .replace("\x1b[0m", "");
                no_control(plain.as_bytes(), &['\n', '\t'], "lint colour", data);
                assert!(out.len() <= bound + findings.len() * (EXCERPT + 16));
            }
            Err(e) => {
                let message = e.to_string();
                let out = lint_invalid(input, e.index(), &message, true);
                no_control(&out, &['\n', '\t'], "lint invalid", data);
                let bound = EXCERPT + line_bound(&message);
                assert!(out.len() <= bound, "lint invalid: {} > {bound}", out.len());
            }
        }
    }
}

fn check_views_table(data: &[u8], text: &str) {
    let parsers: Vec<Parser> = Parser::available().collect();
    let v = views_of(text, &parsers);
    let table = views_table(&v, false, b'\n');
    no_control(&table, &['\n'], "views", data);
    // Each cell an excerpt in quotes (or an error's), padded to the widest.
    let cell = EXCERPT + 32;
    let rows = 2 + v.views.len();
    let bound = EXCERPT
        + rows * (8 * (cell + 2) + 4)
        + v.findings.len() * (64 + v.views.len() * (cell + 16));
    assert!(
        table.len() <= bound,
        "views: {} > {bound} bytes",
        table.len()
    );
    // Colour on: no panic.
    let _ = views_table(&v, true, 0);
}
