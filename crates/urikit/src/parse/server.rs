//! RFC 2396 3.2, `authority = server | reg_name`, as amended by RFC 2732
//! (IPv6 references), and java.net.URI's reading of it: the profiles
//! [`profile::RFC2396`] and [`profile::JAVA`] of the one forward parser.
//!
//! ```text
//! server      = [ [ userinfo "@" ] hostport ]
//! hostport    = host [ ":" port ]
//! host        = hostname | IPv4address | IPv6reference      (RFC 2732)
//! hostname    = *( domainlabel "." ) toplabel [ "." ]
//! domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
//! toplabel    = alpha | alpha *( alphanum | "-" ) alphanum
//! IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT   (RFC 2732)
//! port        = *digit
//! reg_name    = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )
//! ```
//!
//! The authority is a server when it parses as one, else a registry name;
//! a registry authority is marked in the [`Meta`] by `host_start == NONE`.
//! An empty authority is an empty server in RFC 2396; the Java reading
//! leaves it undefined (`auth_start == NONE`) and rejects `//` at the end.

use super::{
    Meta, NONE, REG_NAME_2396_SCAN, SERVER_2396_SCAN, USERINFO_SCAN, decode_utf8, err, profile,
    scan_p,
};
use crate::chars::{ALPHA, DIGIT};
use crate::error::{Component, ErrorKind, ParseError};
use crate::host::{HostKind, parse_ipv6};

use profile::JAVA;

/// `authority` from `a` (just after `//`) to the first `/`, `?`, `#` or
/// the end; returns that end.
#[inline(never)]
pub(super) fn parse_authority_2396<const P: u8>(
    s: &[u8],
    a: usize,
    m: &mut Meta,
) -> Result<usize, ParseError> {
    let len = s.len();
    let end = s[a..]
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#'))
        .map_or(len, |k| a + k);
    if end == a {
        if P & JAVA != 0 {
            // java.net.URI: an empty authority only before something else,
            // and then it is undefined.
            if end == len {
                return err(a, ErrorKind::MissingAuthority);
            }
            return Ok(a);
        }
        // server = [ ... ]: empty.
        m.auth_start = a as u32;
        m.host_start = a as u32;
        m.host_end = a as u32;
        m.host_kind = HostKind::RegName;
        return Ok(a);
    }
    m.auth_start = a as u32;
    match server::<P>(s, a, end) {
        Ok((host_start, host_end, kind)) => {
            m.host_start = host_start as u32;
            m.host_end = host_end as u32;
            m.host_kind = kind;
            Ok(end)
        }
        Err(server_error) => not_server::<P>(s, a, end, m, server_error),
    }
}

/// The authority `s[a..end]` is no server (`server_error` says why): a
/// registry name, or an error. The error is Java's choice, which reads
/// both classes before the server: a malformed escape met in either
/// class's run, then the server's error when every byte is one a server
/// may hold, else the first byte neither holds.
#[cold]
#[inline(never)]
fn not_server<const P: u8>(
    s: &[u8],
    a: usize,
    end: usize,
    m: &mut Meta,
    server_error: ParseError,
) -> Result<usize, ParseError> {
    let server_run = server_run::<P>(s, a, end);
    let reg_run = scan_p::<P>(s, a, &REG_NAME_2396_SCAN, false);
    let pct = |at| err(at, ErrorKind::InvalidPercentEncoding(Component::Host));
    match (server_run, reg_run) {
        (Err(at), _) | (Ok(_), Err(at)) => pct(at),
        (_, Ok(e)) if e == end => {
            m.host_start = NONE;
            m.host_end = NONE;
            Ok(end)
        }
        (Ok(k), _) if k == end => Err(server_error),
        (Ok(k), Ok(e)) => err(k.max(e), ErrorKind::InvalidAuthority),
    }
}

/// The run of bytes from `a` that a server may hold anywhere (`userinfo`'s,
/// `@`, `[`, `]`, escapes); java.net.URI also takes "other" characters,
/// and a raw `%` (meant for an IPv6 scope id) unless the authority starts
/// with `]` (Java 17 tests for a `]` after the first character:
/// `//a]%zz` fails in the host name at 3, `//]%zz` as an escape at 3).
fn server_run<const P: u8>(s: &[u8], a: usize, end: usize) -> Result<usize, usize> {
    if P & JAVA != 0 && s[a] != b']' {
        let mut i = a;
        while i < end {
            if s[i] == b'%' || SERVER_2396_SCAN.table.contains(s[i]) {
                i += 1;
            } else if s[i] >= 0x80 && java_other_run(s, i) > 0 {
                i += java_other_run(s, i);
            } else {
                break;
            }
        }
        return Ok(i);
    }
    scan_p::<P>(s, a, &SERVER_2396_SCAN, false)
}

/// `server` over `s[a..end]` (not empty): the host's start, end and kind.
fn server<const P: u8>(
    s: &[u8],
    a: usize,
    end: usize,
) -> Result<(usize, usize, HostKind), ParseError> {
    let mut h = a;
    if let Some(at) = s[a..end].iter().position(|&b| b == b'@') {
        let at = a + at;
        // userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )
        match scan_p::<P>(s, a, &USERINFO_SCAN, false) {
            Ok(e) if e == at => {}
            Ok(e) => return err(e, ErrorKind::InvalidCharacter(Component::Userinfo)),
            Err(e) => return err(e, ErrorKind::InvalidPercentEncoding(Component::Userinfo)),
        }
        h = at + 1;
    }
    let (host_end, kind) = if s.get(h) == Some(&b'[') && h < end {
        (ipv6_reference::<P>(s, h, end)?, HostKind::Ipv6)
    } else {
        let host_end = s[h..end]
            .iter()
            .position(|&b| b == b':')
            .map_or(end, |k| h + k);
        (host_end, hostname_or_ipv4::<P>(s, h, host_end)?)
    };
    if host_end < end {
        if s[host_end] != b':' {
            return err(host_end, ErrorKind::InvalidCharacter(Component::Host));
        }
        let digits = &s[host_end + 1..end];
        if let Some(k) = digits.iter().position(|b| !DIGIT.contains(*b)) {
            return err(host_end + 1 + k, ErrorKind::InvalidPort);
        }
        if P & JAVA != 0 && !digits.is_empty() && java_int(digits).is_none() {
            // java.net.URI: the port must fit an int.
            return err(host_end + 1, ErrorKind::InvalidPort);
        }
    }
    Ok((h, host_end, kind))
}

/// The value of a run of ASCII digits if it fits a Java `int`.
pub(crate) fn java_int(digits: &[u8]) -> Option<i32> {
    let mut v: i32 = 0;
    for &d in digits {
        v = v.checked_mul(10)?.checked_add(i32::from(d - b'0'))?;
    }
    Some(v)
}

/// `IPv6reference = "[" IPv6address "]"` (RFC 2732) at `h`, within the
/// authority ending at `end`; the Java reading also takes a scope id
/// (`%` and letters, digits, `_` or `.`). Returns the index after `]`.
fn ipv6_reference<const P: u8>(s: &[u8], h: usize, end: usize) -> Result<usize, ParseError> {
    let Some(j) = s[h + 1..end].iter().position(|&b| b == b']') else {
        return err(h, ErrorKind::UnclosedIpLiteral);
    };
    let j = h + 1 + j;
    if j == h + 1 {
        // "[]": no address before the "]".
        return err(j, ErrorKind::UnclosedIpLiteral);
    }
    let inner = &s[h + 1..j];
    let address = match inner.iter().position(|&b| b == b'%') {
        Some(p) if P & JAVA != 0 => {
            let scope = &inner[p + 1..];
            if scope.is_empty() {
                return err(j, ErrorKind::InvalidZoneId);
            }
            if let Some(k) = scope
                .iter()
                .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'.'))
            {
                return err(h + 2 + p + k, ErrorKind::InvalidZoneId);
            }
            &inner[..p]
        }
        _ => inner,
    };
    if let Err(at) = ipv6::<P>(address) {
        return err(h + 1 + at, ErrorKind::InvalidIpv6);
    }
    Ok(j + 1)
}

/// `IPv6address`, in RFC 2373's text forms (RFC 2732 3 (1)): at most
/// eight 16-bit pieces, or a `::` for one or more, the last two of which
/// may be an IPv4 address. RFC 2373 (Appendix B) writes that address as
/// `1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT`, with no value limit
/// (RFC 2732 3 (2) takes that definition for a host too), so
/// `[::1.2.3.256]` and `[::01.2.3.4]` are addresses here, unlike RFC 3986's
/// `dec-octet`. In the Java reading, a trailing IPv4 address follows
/// Java's IPv4 rule instead (any number of digits, each value up to 255:
/// `[::01.2.3.4]`, not `[::1.2.3.256]`).
fn ipv6<const P: u8>(address: &[u8]) -> Result<(), usize> {
    let last_colon = address.iter().rposition(|&b| b == b':');
    match last_colon {
        Some(c) if P & JAVA != 0 && address[c + 1..].contains(&b'.') => {
            if !is_ipv4::<P>(&address[c + 1..]) {
                return Err(c + 1);
            }
            hex_part(address, c)
        }
        Some(c) if address[c + 1..].contains(&b'.') => {
            let part = &address[c + 1..];
            match (hex_part(address, c), ipv4_2373(part)) {
                // The hex part is wrong, or no IPv4 address may follow it
                // (too many pieces): RFC 3986's reading of the whole fails
                // too, and where it does is where this one does (the two
                // differ in the IPv4 address's values only, which it never
                // reaches then).
                (Err(_), _) => parse_ipv6(address).map(|_| ()),
                (Ok(()), Ok(())) => Ok(()),
                // A piece could also have stood there: the reading that got
                // further fails last (as `host::parse_ipv6` tells).
                (Ok(()), Err(k)) => {
                    let hex = part.iter().take_while(|b| b.is_ascii_hexdigit()).count();
                    Err(c + 1 + k.max(hex.min(4)))
                }
            }
        }
        _ => parse_ipv6(address).map(|_| ()),
    }
}

/// The hex part of an IPv6 address whose last piece, after its last colon
/// at `c`, is an IPv4 address: checked with a stand-in IPv4 address. A
/// valid prefix is at most 30 bytes ("1111:2222:3333:4444:5555:6666:").
fn hex_part(address: &[u8], c: usize) -> Result<(), usize> {
    let prefix = &address[..=c];
    if prefix.len() > 40 {
        return Err(40);
    }
    let mut buf = [0u8; 48];
    buf[..prefix.len()].copy_from_slice(prefix);
    buf[prefix.len()..prefix.len() + 7].copy_from_slice(b"0.0.0.0");
    parse_ipv6(&buf[..prefix.len() + 7])
        .map(|_| ())
        .map_err(|at| at.min(c + 1))
}

/// RFC 2373's `IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "."
/// 1*3DIGIT`: `Ok`, or the offset of the first byte that no such address
/// goes on with (the length when `part` stops too soon).
fn ipv4_2373(part: &[u8]) -> Result<(), usize> {
    let (mut dots, mut digits) = (0, 0);
    for (k, &b) in part.iter().enumerate() {
        if b.is_ascii_digit() && digits < 3 {
            digits += 1;
        } else if b == b'.' && digits > 0 && dots < 3 {
            dots += 1;
            digits = 0;
        } else {
            return Err(k);
        }
    }
    if dots == 3 && digits > 0 {
        Ok(())
    } else {
        Err(part.len())
    }
}

/// `hostname | IPv4address` over `s[h..e]`: its kind, or the error.
fn hostname_or_ipv4<const P: u8>(s: &[u8], h: usize, e: usize) -> Result<HostKind, ParseError> {
    let host = &s[h..e];
    if is_ipv4::<P>(host) {
        return Ok(HostKind::Ipv4);
    }
    match hostname::<P>(host) {
        Ok(()) => Ok(HostKind::RegName),
        Err(k) => err(h + k, ErrorKind::InvalidCharacter(Component::Host)),
    }
}

/// Four runs of digits joined by dots: RFC 2732's `1*3DIGIT` each, or
/// java.net.URI's any number of digits with a value up to 255.
fn is_ipv4<const P: u8>(host: &[u8]) -> bool {
    let mut n = 0;
    for run in host.split(|&b| b == b'.') {
        n += 1;
        if run.is_empty() || n > 4 || !run.iter().all(|b| DIGIT.contains(*b)) {
            return false;
        }
        let fits = if P & JAVA != 0 {
            java_int(run).is_some_and(|v| v <= 255)
        } else {
            run.len() <= 3
        };
        if !fits {
            return false;
        }
    }
    n == 4
}

/// `hostname` over `host`, or the index of the first byte it cannot take.
/// The Java reading wants a letter at the start of the top label only when
/// there is more than one label (`http://123/` has host `123`).
fn hostname<const P: u8>(host: &[u8]) -> Result<(), usize> {
    let mut i = 0;
    let mut last_label = usize::MAX;
    while i < host.len() {
        if !host[i].is_ascii_alphanumeric() {
            break;
        }
        last_label = i;
        let mut j = i + 1;
        while j < host.len() && (host[j].is_ascii_alphanumeric() || host[j] == b'-') {
            j += 1;
        }
        if host[j - 1] == b'-' {
            return Err(j - 1);
        }
        i = j;
        if i < host.len() && host[i] == b'.' {
            i += 1;
        } else {
            break;
        }
    }
    if i < host.len() {
        return Err(i);
    }
    if last_label == usize::MAX {
        return Err(0);
    }
    let top_rule = P & JAVA == 0 || last_label > 0;
    if top_rule && !ALPHA.contains(host[last_label]) {
        return Err(last_label);
    }
    Ok(())
}

/// The length of the run at `s[i]` (a non-ASCII byte) of java.net.URI's
/// "other" characters: above U+0080, neither a space (Unicode Zs, Zl, Zp)
/// nor an ISO control (U+0080 to U+009F). Every supplementary character is
/// one: Java looks at its two UTF-16 surrogates, which are neither.
pub(crate) fn java_other_run(s: &[u8], i: usize) -> usize {
    let mut j = i;
    while j < s.len() && s[j] >= 0x80 {
        match decode_utf8(s, j) {
            Some((c, n)) if is_java_other(c) => j += n,
            _ => break,
        }
    }
    j - i
}

/// Whether java.net.URI takes `c` raw where it takes escapes.
pub(crate) const fn is_java_other(c: char) -> bool {
    let v = c as u32;
    v > 0x80 && !(v >= 0x80 && v <= 0x9F) && !is_java_space(c)
}

/// Java's `Character.isSpaceChar`: the Unicode categories Zs, Zl and Zp.
pub(crate) const fn is_java_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}
