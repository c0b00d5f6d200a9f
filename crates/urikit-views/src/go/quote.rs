//! Go's `strconv.Quote` (which fmt's `%q` applies to a string), the way
//! net/url's and net/netip's error messages show a piece of the input.

use alloc::string::String;
use core::fmt::Write;

use super::isprint::TOGGLES;

/// Go's `strconv.IsPrint`, from its own answers (see `isprint.rs`).
fn is_print(c: char) -> bool {
    TOGGLES.partition_point(|&t| t <= c as u32) % 2 == 1
}

/// `strconv.Quote(s)` over Go's bytes: double quotes around, `"` and `\`
/// backslashed, a printable rune as itself, `\a` `\b` `\f` `\n` `\r` `\t`
/// `\v`, another control byte as `\xNN`, another rune as `\uNNNN` or
/// `\UNNNNNNNN`, and each byte of invalid UTF-8 as `\xNN` (Go decodes one
/// invalid byte at a time).
pub(super) fn quote(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for chunk in s.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                _ if is_print(c) => out.push(c),
                '\x07' => out.push_str("\\a"),
                '\x08' => out.push_str("\\b"),
                '\x0c' => out.push_str("\\f"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\x0b' => out.push_str("\\v"),
                _ if c < ' ' || c == '\x7f' => {
                    let _ = write!(out, "\\x{:02x}", c as u32);
                }
                _ if (c as u32) < 0x10000 => {
                    let _ = write!(out, "\\u{:04x}", c as u32);
                }
                _ => {
                    let _ = write!(out, "\\U{:08x}", c as u32);
                }
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out.push('"');
    out
}
