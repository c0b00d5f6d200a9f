//! Go's `netip.ParseAddr`, for what net/url needs of it: whether a
//! bracketed host is an address, whether it is IPv4 (`Is4`), and the
//! error's words (`ParseAddr("…"): <why> (at "…")`).

use alloc::format;
use alloc::string::String;

use super::quote::quote;

/// `parseAddrError`: the whole input, the reason, and where it stopped.
fn error(input: &[u8], msg: &str, at: &[u8]) -> String {
    if at.is_empty() {
        format!("ParseAddr({}): {msg}", quote(input))
    } else {
        format!("ParseAddr({}): {msg} (at {})", quote(input), quote(at))
    }
}

/// `netip.ParseAddr(s)`: `Ok(true)` for an IPv4 address (`Is4`),
/// `Ok(false)` for IPv6 (an IPv4-mapped one included), else the error.
/// The first `.`, `:` or `%` decides which form it must be.
pub(super) fn parse_addr(s: &[u8]) -> Result<bool, String> {
    for &c in s {
        match c {
            b'.' => return parse_ipv4_fields(s, 0, s.len()).map(|()| true),
            b':' => return parse_ipv6(s).map(|()| false),
            b'%' => return Err(error(s, "missing IPv6 address", b"")),
            _ => {}
        }
    }
    Err(error(s, "unable to parse IP", b""))
}

/// `parseIPv4Fields(in, off, end)`: four decimal octets, no leading zero.
fn parse_ipv4_fields(input: &[u8], off: usize, end: usize) -> Result<(), String> {
    let s = &input[off..end];
    let (mut val, mut pos, mut digits) = (0u32, 0, 0);
    for (i, &c) in s.iter().enumerate() {
        if c.is_ascii_digit() {
            if digits == 1 && val == 0 {
                return Err(error(input, "IPv4 field has octet with leading zero", b""));
            }
            val = val * 10 + u32::from(c - b'0');
            digits += 1;
            if val > 255 {
                return Err(error(input, "IPv4 field has value >255", b""));
            }
        } else if c == b'.' {
            if i == 0 || i == s.len() - 1 || s[i - 1] == b'.' {
                return Err(error(
                    input,
                    "IPv4 field must have at least one digit",
                    &s[i..],
                ));
            }
            if pos == 3 {
                return Err(error(input, "IPv4 address too long", b""));
            }
            pos += 1;
            val = 0;
            digits = 0;
        } else {
            return Err(error(input, "unexpected character", &s[i..]));
        }
    }
    if pos < 3 {
        return Err(error(input, "IPv4 address too short", b""));
    }
    Ok(())
}

/// `parseIPv6(in)`: hex groups of at most four digits, one `::`, an IPv4
/// address in the last 32 bits, a non-empty zone after `%`.
fn parse_ipv6(input: &[u8]) -> Result<(), String> {
    let mut s = input;
    let mut zone_len = None;
    if let Some(i) = s.iter().position(|&c| c == b'%') {
        if i + 1 == s.len() {
            return Err(error(input, "zone must be a non-empty string", b""));
        }
        zone_len = Some(s.len() - i - 1);
        s = &s[..i];
    }
    let mut ellipsis: Option<usize> = None;
    if s.len() >= 2 && s[0] == b':' && s[1] == b':' {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Ok(());
        }
    }
    let mut i = 0;
    while i < 16 {
        let mut off = 0;
        let mut acc = 0u32;
        while off < s.len() {
            let d = match s[off] {
                c @ b'0'..=b'9' => c - b'0',
                c @ b'a'..=b'f' => c - b'a' + 10,
                c @ b'A'..=b'F' => c - b'A' + 10,
                _ => break,
            };
            acc = (acc << 4) + u32::from(d);
            if off > 3 {
                return Err(error(input, "each group must have 4 or less digits", s));
            }
            if acc > 0xffff {
                return Err(error(input, "IPv6 field has value >=2^16", s));
            }
            off += 1;
        }
        if off == 0 {
            return Err(error(
                input,
                "each colon-separated field must have at least one digit",
                s,
            ));
        }
        if off < s.len() && s[off] == b'.' {
            if ellipsis.is_none() && i != 12 {
                return Err(error(
                    input,
                    "embedded IPv4 address must replace the final 2 fields of the address",
                    s,
                ));
            }
            if i + 4 > 16 {
                return Err(error(
                    input,
                    "too many hex fields to fit an embedded IPv4 at the end of the address",
                    s,
                ));
            }
            let end = input.len() - zone_len.map_or(0, |z| z + 1);
            parse_ipv4_fields(input, end - s.len(), end)?;
            s = b"";
            i += 4;
            break;
        }
        i += 2;
        s = &s[off..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' {
            return Err(error(input, "unexpected character, want colon", s));
        } else if s.len() == 1 {
            return Err(error(input, "colon must be followed by more characters", s));
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return Err(error(input, "multiple :: in address", s));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return Err(error(input, "trailing garbage after address", s));
    }
    if i < 16 {
        if ellipsis.is_none() {
            return Err(error(input, "address string too short", b""));
        }
    } else if ellipsis.is_some() {
        return Err(error(
            input,
            "the :: must expand to at least one field of zeros",
            b"",
        ));
    }
    Ok(())
}
