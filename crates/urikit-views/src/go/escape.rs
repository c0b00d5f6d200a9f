//! net/url's percent-encoding rules: `shouldEscape` per encoding mode,
//! `unescape` (with its host and zone checks), `escape` and
//! `validEncoded`, over bytes as Go's strings are.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::quote::quote;
use crate::hex;

/// The encoding modes of net/url the view uses (Go's `encoding`), as bits
/// of [`KEEP`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Path = 1,
    Host = 2,
    Zone = 4,
    UserPassword = 8,
    Fragment = 16,
}

/// Go's `shouldEscape(c, mode)`, evaluated once per byte into [`KEEP`].
pub(super) const fn should_escape(c: u8, mode: Mode) -> bool {
    if c.is_ascii_alphanumeric() {
        return false;
    }
    let host_like = matches!(mode, Mode::Host | Mode::Zone);
    // A host keeps the sub-delims, ':' and '[' ']' (its port and IPv6
    // literal are part of it), and '<' '>' '"', which a host cannot
    // percent-encode anyway.
    if host_like
        && matches!(
            c,
            b'!' | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b':'
                | b'['
                | b']'
                | b'<'
                | b'>'
                | b'"'
        )
    {
        return false;
    }
    match c {
        b'-' | b'_' | b'.' | b'~' => return false,
        b'$' | b'&' | b'+' | b',' | b'/' | b':' | b';' | b'=' | b'?' | b'@' => match mode {
            Mode::Path => return c == b'?',
            Mode::UserPassword => return matches!(c, b'@' | b'/' | b'?' | b':'),
            Mode::Fragment => return false,
            // Host and zone fall through to "escape everything else".
            Mode::Host | Mode::Zone => {}
        },
        _ => {}
    }
    if matches!(mode, Mode::Fragment) && matches!(c, b'!' | b'(' | b')' | b'*') {
        return false;
    }
    true
}

/// Per byte, the bits of the modes that keep it unescaped.
static KEEP: [u8; 256] = {
    let mut t = [0u8; 256];
    let modes = [
        Mode::Path,
        Mode::Host,
        Mode::Zone,
        Mode::UserPassword,
        Mode::Fragment,
    ];
    let mut c = 0;
    while c < 256 {
        let mut m = 0;
        while m < modes.len() {
            if !should_escape(c as u8, modes[m]) {
                t[c] |= modes[m] as u8;
            }
            m += 1;
        }
        c += 1;
    }
    t
};

/// Whether net/url escapes `c` in `mode`.
#[inline]
pub(super) fn escapes(c: u8, mode: Mode) -> bool {
    KEEP[c as usize] & mode as u8 == 0
}

/// Go's `EscapeError`: `invalid URL escape "%zz"`.
fn escape_error(s: &[u8]) -> String {
    format!("invalid URL escape {}", quote(s))
}

/// Go's `unescape(s, mode)`: every `%` must start `%XX`; in a host only a
/// non-ASCII byte (or `%25`) may be encoded and an ASCII byte must be one
/// the host keeps; in an IPv6 zone an encoded byte must be one a host
/// keeps (or a space). The input itself when there is nothing to decode.
pub(super) fn unescape(s: &[u8], mode: Mode) -> Result<Cow<'_, [u8]>, String> {
    let n = check(s, mode)?;
    if n == 0 {
        return Ok(Cow::Borrowed(s));
    }
    let mut t = Vec::with_capacity(s.len() - 2 * n);
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            t.push(hex::byte(s[i + 1], s[i + 2]));
            i += 3;
        } else {
            t.push(s[i]);
            i += 1;
        }
    }
    Ok(Cow::Owned(t))
}

/// The checks of [`unescape`] without the decoding: its error, else the
/// number of `%XX`.
pub(super) fn check(s: &[u8], mode: Mode) -> Result<usize, String> {
    let mut n = 0;
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'%' {
            n += 1;
            if i + 2 >= s.len() || !s[i + 1].is_ascii_hexdigit() || !s[i + 2].is_ascii_hexdigit() {
                let end = (i + 3).min(s.len());
                return Err(escape_error(&s[i..end]));
            }
            let three = &s[i..i + 3];
            if mode == Mode::Host && hex::digit(s[i + 1]).unwrap_or(0) < 8 && three != b"%25" {
                return Err(escape_error(three));
            }
            if mode == Mode::Zone {
                let v = hex::byte(s[i + 1], s[i + 2]);
                if three != b"%25" && v != b' ' && escapes(v, Mode::Host) {
                    return Err(escape_error(three));
                }
            }
            i += 3;
        } else {
            if matches!(mode, Mode::Host | Mode::Zone) && c < 0x80 && escapes(c, mode) {
                return Err(format!(
                    "invalid character {} in host name",
                    quote(&s[i..i + 1])
                ));
            }
            i += 1;
        }
    }
    Ok(n)
}

/// Go's `escape(s, mode)` for the modes without `+` for space: every byte
/// the mode escapes as `%XX` (upper-case hex). Always ASCII, since every
/// mode escapes the bytes from 0x80 up.
pub(super) fn escape(s: &[u8], mode: Mode) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut t = String::with_capacity(s.len() + 8);
    for &c in s {
        if escapes(c, mode) {
            t.push('%');
            t.push(HEX[(c >> 4) as usize] as char);
            t.push(HEX[(c & 15) as usize] as char);
        } else {
            t.push(c as char);
        }
    }
    t
}

/// Go's `validEncoded(s, mode)`: no byte that escaping would change, the
/// sub-delims, `:`, `@`, `[`, `]` and `%` allowed whatever the mode.
pub(super) fn valid_encoded(s: &[u8], mode: Mode) -> bool {
    s.iter().all(|&c| {
        matches!(
            c,
            b'!' | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b':'
                | b'@'
                | b'['
                | b']'
                | b'%'
        ) || !escapes(c, mode)
    })
}
