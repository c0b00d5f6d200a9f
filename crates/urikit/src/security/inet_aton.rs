//! Host names that resolvers read as IPv4 addresses (RFC 3986 section 7.4).

use core::net::Ipv4Addr;

use super::decode::Decode;

/// What `inet_aton` (and the WHATWG URL host parser) makes of a host:
/// one to four dot-separated parts, each decimal, octal after a leading `0`,
/// or hexadecimal after `0x`; every part but the last is one byte, and the
/// last fills the remaining bytes; a value too large for its place rejects
/// the whole. The host is percent-decoded first, and one trailing dot is
/// allowed (as browsers do). `0x` with no digits is 0.
///
/// The lint asks only about hosts the parser did not classify as an
/// `IPv4address` (3.2.2); the views ask whether another parser reads a host
/// as an IPv4 address.
///
/// ```
/// use std::net::Ipv4Addr;
/// use urikit::security::inet_aton;
/// assert_eq!(inet_aton("0x7f.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(inet_aton("2130706433"), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(inet_aton("0177.0.0.1."), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(inet_aton("example.com"), None);
/// ```
pub fn inet_aton(host: &str) -> Option<Ipv4Addr> {
    let mut parts = [0u32; 4];
    let mut n = 0;
    let mut it = Decode(host.as_bytes().iter()).peekable();
    loop {
        let first = *it.peek()?;
        if !first.is_ascii_digit() {
            return None;
        }
        let mut radix = 10;
        if first == b'0' {
            it.next();
            radix = 8;
            if matches!(it.peek(), Some(b'x' | b'X')) {
                it.next();
                radix = 16;
            }
        }
        let mut value: u32 = 0;
        while let Some(&c) = it.peek() {
            let Some(d) = (c as char).to_digit(radix) else {
                break;
            };
            value = value.checked_mul(radix)?.checked_add(d)?;
            it.next();
        }
        if n == 4 {
            return None;
        }
        parts[n] = value;
        n += 1;
        match it.next() {
            None => break,
            Some(b'.') => {
                if it.peek().is_none() {
                    // One trailing dot.
                    break;
                }
            }
            Some(_) => return None,
        }
    }
    let last = parts[n - 1];
    let mut addr: u32 = 0;
    for (i, &p) in parts[..n - 1].iter().enumerate() {
        if p > 255 {
            return None;
        }
        addr |= p << (24 - 8 * i);
    }
    let room = 8 * (5 - n as u32);
    if room < 32 && last >> room != 0 {
        return None;
    }
    Some(Ipv4Addr::from(addr | last))
}
