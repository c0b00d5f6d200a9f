//! `authority = [ userinfo "@" ] host [ ":" port ]` (3.2): the userinfo,
//! the host (`reg-name`, `IPv4address` or an `IP-literal`, 3.2.2) and the
//! port, in the forward parser's one pass.

use super::literal::ip_literal_slow;
use super::{Meta, err, pct_ok, profile, skip, skip_reg_name_p};
use crate::chars::DIGIT;
use crate::error::{Component, ErrorKind, ParseError};
use crate::host::{HostKind, ipv6_end, parse_ipv4};

/// `authority = [ userinfo "@" ] host [ ":" port ]`, from `a` (just after
/// `//`) to the first `/`, `?`, `#` or the end. Returns that end index.
///
/// Until an `@` shows up, the bytes could be userinfo or host and port, so
/// the scan accepts the union (`userinfo` bytes), remembering the first `:`
/// and the first byte after it that is not a digit. An `@` settles it as
/// userinfo; the end of the authority settles it as host and port.
#[inline]
pub(crate) fn parse_authority(s: &[u8], a: usize, m: &mut Meta) -> Result<usize, ParseError> {
    parse_authority_p::<{ profile::URI }>(s, a, m)
}

#[inline(always)]
pub(super) fn parse_authority_p<const P: u8>(
    s: &[u8],
    a: usize,
    m: &mut Meta,
) -> Result<usize, ParseError> {
    let len = s.len();
    m.auth_start = a as u32;
    let mut host_start = a;
    let mut i = a;
    let mut colon = usize::MAX;
    let mut bad_port = usize::MAX;

    if i < len && s[i] == b'[' {
        return parse_ip_literal_p::<P>(s, a, i, m);
    }
    loop {
        // reg-name bytes are valid in a userinfo and a host alike (and
        // so are ucschar runs in an IRI).
        i = skip_reg_name_p::<P>(s, i);
        if i == len {
            break;
        }
        if colon != usize::MAX && bad_port == usize::MAX && i > colon + 1 {
            // Something other than a digit followed the first ":".
            let digits_end = skip(s, colon + 1, &DIGIT);
            if digits_end < i {
                bad_port = digits_end;
            }
        }
        match s[i] {
            b':' => {
                if colon == usize::MAX {
                    colon = i;
                    // The common case: digits up to the end of the authority.
                    let end = skip(s, i + 1, &DIGIT);
                    i = end;
                    if end == len || matches!(s[end], b'/' | b'?' | b'#') {
                        break;
                    }
                    continue;
                } else if bad_port == usize::MAX {
                    let digits_end = skip(s, colon + 1, &DIGIT);
                    bad_port = digits_end;
                }
                i += 1;
            }
            b'%' => {
                if !pct_ok(s, i) {
                    return Err(authority_error(s, a, host_start, colon, i, true));
                }
                if colon != usize::MAX && bad_port == usize::MAX {
                    bad_port = skip(s, colon + 1, &DIGIT).min(i);
                }
                i += 3;
            }
            b'@' if host_start == a => {
                // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
                // ends here; the host starts after the "@".
                host_start = i + 1;
                colon = usize::MAX;
                bad_port = usize::MAX;
                i += 1;
                if i < len && s[i] == b'[' {
                    return parse_ip_literal_p::<P>(s, a, i, m);
                }
            }
            b'/' | b'?' | b'#' => break,
            _ => return Err(authority_error(s, a, host_start, colon, i, false)),
        }
    }
    // host [ ":" port ]: the host is reg-name bytes (no ":"), the port digits.
    let host_end = if colon == usize::MAX { i } else { colon };
    if colon != usize::MAX && bad_port == usize::MAX {
        let digits_end = skip(s, colon + 1, &DIGIT);
        if digits_end < i {
            bad_port = digits_end;
        }
    }
    if bad_port != usize::MAX {
        return err(bad_port, ErrorKind::InvalidPort);
    }
    m.host_start = host_start as u32;
    m.host_end = host_end as u32;
    m.host_kind = host_kind(&s[host_start..host_end]);
    Ok(i)
}

/// The kind of a host of `reg-name` bytes (3.2.2): first-match-wins, so
/// IPv4address before reg-name.
#[inline(always)]
pub(super) fn host_kind(host: &[u8]) -> HostKind {
    if host.len() <= 15 && host.first().is_some_and(|b| DIGIT.contains(*b)) {
        match parse_ipv4(host) {
            Some(_) => HostKind::Ipv4,
            None => HostKind::RegName,
        }
    } else {
        HostKind::RegName
    }
}

/// The error for a bad byte at `i` in the authority: which component it
/// falls in depends on whether an `@` comes later, so look ahead for one.
///
/// Once the bytes are a host and port (after an `@`, or with none to come),
/// the first byte after the first `:` that is not a digit already ended
/// every valid reading, so that byte is the error, not `i`: in `//a@:(@`
/// the port fails at the `(`, not at the second `@`. The hot loop does not
/// keep that index for this case; it is found again here.
#[cold]
#[inline(never)]
fn authority_error(
    s: &[u8],
    a: usize,
    host_start: usize,
    colon: usize,
    i: usize,
    pct: bool,
) -> ParseError {
    let in_userinfo = host_start == a
        && s[i..]
            .iter()
            .take_while(|b| !matches!(b, b'/' | b'?' | b'#'))
            .any(|&b| b == b'@');
    let component = if in_userinfo {
        Component::Userinfo
    } else if colon != usize::MAX {
        // `i` is not a digit, so the port's first non-digit is at or before it.
        return ParseError::new(skip(s, colon + 1, &DIGIT), ErrorKind::InvalidPort);
    } else {
        Component::Host
    };
    let kind = if pct {
        ErrorKind::InvalidPercentEncoding(component)
    } else {
        ErrorKind::InvalidCharacter(component)
    };
    ParseError::new(i, kind)
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` at `i`, then an
/// optional `":" port`, then the end of the authority.
pub(crate) fn parse_ip_literal(
    s: &[u8],
    a: usize,
    i: usize,
    m: &mut Meta,
) -> Result<usize, ParseError> {
    parse_ip_literal_p::<{ profile::URI }>(s, a, i, m)
}

#[inline(always)]
fn parse_ip_literal_p<const P: u8>(
    s: &[u8],
    a: usize,
    i: usize,
    m: &mut Meta,
) -> Result<usize, ParseError> {
    let len = s.len();
    // The common case in one pass: an IPv6 address and its "]".
    let fast = match s.get(i + 1) {
        Some(b'v' | b'V') => None,
        _ => ipv6_end(s, i + 1),
    };
    let j = match fast {
        Some(j) => {
            m.host_kind = HostKind::Ipv6;
            j
        }
        None => ip_literal_slow::<P>(s, i, m)?,
    };
    m.auth_start = a as u32;
    m.host_start = i as u32;
    m.host_end = (j + 1) as u32;
    let mut k = j + 1;
    if k < len && s[k] == b':' {
        k += 1;
        while k < len && DIGIT.contains(s[k]) {
            k += 1;
        }
        if k < len && !matches!(s[k], b'/' | b'?' | b'#') {
            return err(k, ErrorKind::InvalidPort);
        }
    } else if k < len && !matches!(s[k], b'/' | b'?' | b'#') {
        return err(k, ErrorKind::InvalidCharacter(Component::Host));
    }
    Ok(k)
}
