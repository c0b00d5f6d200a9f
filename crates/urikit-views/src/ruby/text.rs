//! Ruby's `String#inspect` and `String#dump`, as the error messages of
//! `URI` print the input with them (for a UTF-8 string).

use alloc::string::String;
use core::fmt::Write;

/// The escape both methods share: `"`, `\`, the `#` that would start an
/// interpolation (`#{`, `#$`, `#@`) and the named control characters.
fn common(out: &mut String, c: char, next: Option<char>) -> bool {
    let esc = match c {
        '"' => "\\\"",
        '\\' => "\\\\",
        '\n' => "\\n",
        '\r' => "\\r",
        '\t' => "\\t",
        '\x0c' => "\\f",
        '\x0b' => "\\v",
        '\x08' => "\\b",
        '\x07' => "\\a",
        '\x1b' => "\\e",
        '#' if matches!(next, Some('{' | '$' | '@')) => "\\#",
        _ => return false,
    };
    out.push_str(esc);
    true
}

/// `String#inspect` of an ASCII string (the only strings it is asked
/// for): other control characters as `\uXXXX` (Ruby treats the string as
/// Unicode). Runs of plain characters are copied whole.
pub(super) fn inspect(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut plain = 0;
    for (i, c) in s.char_indices() {
        let next = b.get(i + 1).map(|&n| n as char);
        let special = matches!(c, '"' | '\\' | '\x00'..='\x1f' | '\x7f')
            || (c == '#' && matches!(next, Some('{' | '$' | '@')));
        if !special {
            continue;
        }
        out.push_str(&s[plain..i]);
        plain = i + c.len_utf8();
        if !common(&mut out, c, next) {
            let _ = write!(out, "\\u{:04X}", u32::from(c));
        }
    }
    out.push_str(&s[plain..]);
    out.push('"');
    out
}

/// `String#dump`: other ASCII controls as `\xHH`, every non-ASCII
/// character as `\uXXXX` (or `\u{X}` past U+FFFF).
pub(super) fn dump(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let n = u32::from(c);
        if common(&mut out, c, chars.peek().copied()) {
        } else if c < ' ' || c == '\x7f' {
            let _ = write!(out, "\\x{n:02X}");
        } else if n > 0xffff {
            let _ = write!(out, "\\u{{{n:X}}}");
        } else if n > 0x7f {
            let _ = write!(out, "\\u{n:04X}");
        } else {
            out.push(c);
        }
    }
    out.push('"');
    out
}
