//! fast-uri's character work (its `lib/utils.js`): the percent-encoding
//! normalizations, the host encoding, the IPv6 normalization and the host
//! shape tests, over Rust strings (a non-ASCII character of a valid UTF-8
//! string is one code point; fast-uri's lone-surrogate branches never run).

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use super::super::js::find_any;
use crate::hex::digit as hex;

/// The byte of a valid `%XX` at `i` (`i + 2 < len`, both hex digits).
pub(super) fn escape_at(s: &[u8], i: usize) -> Option<u8> {
    if s[i] != b'%' || i + 2 >= s.len() {
        return None;
    }
    Some(hex(s[i + 1])? << 4 | hex(s[i + 2])?)
}

/// Character classes as bit flags of one table lookup (the per-byte
/// predicates run in every loop below).
const UNRESERVED: u8 = 1;
const REG_NAME: u8 = 2;
const PATH: u8 = 4;
const QUERY: u8 = 8;

const CLASSES: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let b = i as u8;
        let unreserved = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~');
        let sub_delim = matches!(
            b,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        );
        let reg_name = unreserved || sub_delim;
        let path = reg_name || matches!(b, b':' | b'@' | b'/');
        let query = path || b == b'?';
        t[i] = (unreserved as u8 * UNRESERVED)
            | (reg_name as u8 * REG_NAME)
            | (path as u8 * PATH)
            | (query as u8 * QUERY);
        i += 1;
    }
    t
};

fn class(b: u8, flag: u8) -> bool {
    b < 128 && CLASSES[b as usize] & flag != 0
}

/// RFC 3986's unreserved set, `[A-Za-z0-9-._~]`.
pub(super) fn unreserved(b: u8) -> bool {
    class(b, UNRESERVED)
}

/// fast-uri's `REG_NAME_TABLE` (unreserved and sub-delims).
fn reg_name(b: u8) -> bool {
    class(b, REG_NAME)
}

/// fast-uri's `PATH_TABLE`.
fn path_char(b: u8) -> bool {
    class(b, PATH)
}

/// fast-uri's `QUERY_FRAGMENT_TABLE`.
fn query_char(b: u8) -> bool {
    class(b, QUERY)
}

fn push_byte_hex(out: &mut String, b: u8) {
    let _ = write!(out, "%{b:02X}");
}

fn push_escape(out: &mut String, s: &[u8], i: usize) {
    out.push('%');
    out.push(s[i + 1].to_ascii_uppercase() as char);
    out.push(s[i + 2].to_ascii_uppercase() as char);
}

/// The loop shared by `normalizePathEncoding`,
/// `normalizeQueryFragmentEncoding` and `encodeComponent`: valid escapes
/// decoded when `decode` says so (else upper-cased), ASCII kept when
/// `keep` says so (else escaped), non-ASCII kept when `keep_non_ascii`
/// (else its UTF-8 escaped). Borrowed when nothing changes.
fn rewrite<'a>(
    input: Cow<'a, str>,
    decode: impl Fn(u8) -> bool,
    keep: impl Fn(u8) -> bool,
    keep_non_ascii: bool,
) -> Cow<'a, str> {
    let b = input.as_bytes();
    // A `%` always goes through the loop (its escape is normalized).
    let untouched = b
        .iter()
        .all(|&c| (c < 0x80 && c != b'%' && keep(c)) || (c >= 0x80 && keep_non_ascii));
    if untouched {
        return input;
    }
    let mut out = String::with_capacity(input.len() + 8);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%'
            && let Some(v) = escape_at(b, i)
        {
            if decode(v) {
                out.push(v as char);
            } else {
                push_escape(&mut out, b, i);
            }
            i += 3;
        } else if c < 0x80 {
            if keep(c) {
                out.push(c as char);
            } else {
                push_byte_hex(&mut out, c);
            }
            i += 1;
        } else {
            // A whole character: its UTF-8 bytes (`percentEncodeNonAscii`).
            let len = input[i..].chars().next().map_or(1, char::len_utf8);
            if keep_non_ascii {
                out.push_str(&input[i..i + len]);
            } else {
                for &byte in &b[i..i + len] {
                    push_byte_hex(&mut out, byte);
                }
            }
            i += len;
        }
    }
    Cow::Owned(out)
}

/// `normalizePathEncoding`: unreserved escapes but `%2E` decoded.
pub(super) fn normalize_path(input: Cow<'_, str>) -> Cow<'_, str> {
    rewrite(input, |v| v != b'.' && unreserved(v), path_char, false)
}

/// `normalizeQueryFragmentEncoding`.
pub(super) fn normalize_query(input: Cow<'_, str>) -> Cow<'_, str> {
    rewrite(input, unreserved, query_char, false)
}

/// `normalizePercentEncoding(input, decodeUnreserved)`.
pub(super) fn normalize_percent(input: Cow<'_, str>, decode_unreserved: bool) -> Cow<'_, str> {
    if !input.contains('%') {
        return input;
    }
    rewrite(
        input,
        |v| decode_unreserved && unreserved(v),
        |_| true,
        true,
    )
}

/// `encodeHost(host, isIP, allowNonAscii)`.
pub(super) fn encode_host(host: Cow<'_, str>, is_ip: bool, allow_non_ascii: bool) -> Cow<'_, str> {
    if is_ip {
        if find_any(&host, b"@/?#").is_none() {
            return host;
        }
        let mut out = String::with_capacity(host.len() + 6);
        for c in host.chars() {
            match c {
                '@' => out.push_str("%40"),
                '/' => out.push_str("%2F"),
                '?' => out.push_str("%3F"),
                '#' => out.push_str("%23"),
                c => out.push(c),
            }
        }
        return Cow::Owned(out);
    }
    rewrite(host, |_| false, reg_name, allow_non_ascii)
}

/// Whether a `%` in `s` lacks its two hex digits
/// (`hasMalformedPercentEncoding`).
pub(super) fn malformed_percent(s: &str) -> bool {
    let b = s.as_bytes();
    let mut from = 0;
    // A byte search: `str::find` with a char sets up a searcher per call.
    while let Some(p) = b[from..].iter().position(|&c| c == b'%').map(|p| from + p) {
        if p + 2 >= b.len() || hex(b[p + 1]).is_none() || hex(b[p + 2]).is_none() {
            return true;
        }
        from = p + 3;
    }
    false
}

/// `isIPv4`: four decimal octets, no leading zero.
pub(super) fn is_ipv4(s: &str) -> bool {
    // Digits and dots only, or no part is a number: most hosts are names.
    if !s.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return false;
    }
    let mut n = 0;
    for part in s.split('.') {
        n += 1;
        let ok = !part.is_empty()
            && part.len() <= 3
            && part.bytes().all(|b| b.is_ascii_digit())
            && (part.len() == 1 || !part.starts_with('0'))
            && part.parse::<u16>().is_ok_and(|v| v <= 255);
        if !ok {
            return false;
        }
    }
    n == 4
}

fn is_hextet(s: &str) -> bool {
    (1..=4).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `compressIPv6ZeroRun`: the longest run (leftmost on ties) of two or
/// more `0` hextets as `::`.
fn compress(hextets: &[String]) -> String {
    let (mut best_start, mut best_len, mut run_start, mut run_len) = (0, 0, 0, 0);
    for (i, h) in hextets.iter().enumerate() {
        if h == "0" {
            if run_len == 0 {
                run_start = i;
            }
            run_len += 1;
            if run_len > best_len {
                best_len = run_len;
                best_start = run_start;
            }
        } else {
            run_len = 0;
        }
    }
    if best_len < 2 {
        return hextets.join(":");
    }
    let head = hextets[..best_start].join(":");
    let tail = hextets[best_start + best_len..].join(":");
    [head.as_str(), "::", tail.as_str()].concat()
}

/// `normalizeIPv6Address`: leading zeros dropped, then compressed; `None`
/// when it is no IPv6 address.
fn normalize_ipv6_address(input: &str) -> Option<String> {
    let compression = input.find("::");
    if let Some(c) = compression
        && input[c + 1..].contains("::")
    {
        return None;
    }
    let split = |s: &str| -> Vec<String> {
        if s.is_empty() && compression.is_some() {
            Vec::new()
        } else {
            s.split(':').map(String::from).collect()
        }
    };
    let (left, right) = match compression {
        None => (split(input), Vec::new()),
        Some(c) => (split(&input[..c]), split(&input[c + 2..])),
    };
    let left_len = left.len();
    let right_empty = right.is_empty();
    let mut parts: Vec<String> = left.into_iter().chain(right).collect();
    let last = parts.len().wrapping_sub(1);
    let mut count = 0;
    for (i, part) in parts.iter_mut().enumerate() {
        if part.is_empty() {
            return None;
        }
        if part.contains('.') {
            if i != last || (compression.is_some() && right_empty) || !is_ipv4(part) {
                return None;
            }
            count += 2;
            continue;
        }
        if !is_hextet(part) {
            return None;
        }
        *part = u16::from_str_radix(part, 16).ok()?.to_string_hex();
        count += 1;
    }
    if compression.is_none() {
        return (count == 8).then(|| compress(&parts));
    }
    if count >= 8 {
        return None;
    }
    let mut expanded: Vec<String> = parts[..left_len].to_vec();
    expanded.extend((count..8).map(|_| String::from("0")));
    expanded.extend_from_slice(&parts[left_len..]);
    Some(compress(&expanded))
}

trait HexString {
    fn to_string_hex(self) -> String;
}

impl HexString for u16 {
    /// `Number.prototype.toString(16)`: lower-case, no leading zeros.
    fn to_string_hex(self) -> String {
        let mut s = String::new();
        let _ = write!(s, "{self:x}");
        s
    }
}

/// `isZoneIdentifier`.
fn is_zone(zone: &str) -> bool {
    if zone.is_empty() {
        return false;
    }
    let b = zone.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if unreserved(b[i]) {
            i += 1;
        } else if b[i] == b'%' && escape_at(b, i).is_some() {
            i += 3;
        } else {
            return false;
        }
    }
    true
}

/// `isIPvFuture` of a bracket's inside.
fn is_ipvfuture(s: &str) -> bool {
    let b = s.as_bytes();
    if !matches!(b.first(), Some(b'v' | b'V')) {
        return false;
    }
    let Some(dot) = s.find('.') else {
        return false;
    };
    dot > 1
        && b[1..dot].iter().all(u8::is_ascii_hexdigit)
        && dot + 1 < b.len()
        && b[dot + 1..].iter().all(|&c| reg_name(c) || c == b':')
}

/// What `normalizeIPv6` finds in a host.
pub(super) enum IpLiteral {
    /// An IPv6 address (with its zone), brackets dropped.
    V6(String),
    /// An IPvFuture literal, lower-cased, brackets kept.
    Future(String),
    /// Neither; `true` when it is a malformed bracketed literal.
    No(bool),
}

/// `normalizeIPv6(host)`.
pub(super) fn normalize_ipv6(host: &str) -> IpLiteral {
    let bracketed = host.len() >= 2 && host.starts_with('[') && host.ends_with(']');
    let has_bracket = host.starts_with('[') || host.ends_with(']');
    if has_bracket && !bracketed {
        return IpLiteral::No(true);
    }
    let mut input = if bracketed {
        &host[1..host.len() - 1]
    } else {
        host
    };
    if bracketed && is_ipvfuture(input) {
        return IpLiteral::Future(["[", &input.to_ascii_lowercase(), "]"].concat());
    }
    if input.bytes().filter(|&b| b == b':').count() < 2 {
        return IpLiteral::No(bracketed);
    }
    let mut zone = "";
    if let Some(sep) = input.find('%') {
        let long = input
            .get(sep..sep + 3)
            .is_some_and(|s| s.eq_ignore_ascii_case("%25"));
        zone = &input[sep + if long { 3 } else { 1 }..];
        if !is_zone(zone) {
            return IpLiteral::No(true);
        }
        input = &input[..sep];
    }
    match normalize_ipv6_address(input) {
        None => IpLiteral::No(true),
        Some(mut a) => {
            if !zone.is_empty() {
                a.push('%');
                a.push_str(zone);
            }
            IpLiteral::V6(a)
        }
    }
}

/// `numericLastLabel`: the last label (one trailing dot allowed) is
/// decimal digits or `0x` and hex digits.
pub(super) fn numeric_last_label(host: &str) -> bool {
    let h = host.strip_suffix('.').unwrap_or(host);
    let label = &h[h.rfind('.').map_or(0, |d| d + 1)..];
    let digits = !label.is_empty() && label.bytes().all(|b| b.is_ascii_digit());
    let hexed = label.len() >= 2
        && label.as_bytes()[0] == b'0'
        && matches!(label.as_bytes()[1], b'x' | b'X')
        && label.as_bytes()[2..].iter().all(u8::is_ascii_hexdigit);
    digits || hexed
}

/// The set of `nonSimpleDomain`'s complement (`digits` adds `0-9`, as
/// `nonSimpleDomainChars`).
pub(super) fn simple_domain(host: &str, digits: bool) -> bool {
    host.bytes().all(|b| simple_domain_byte(b, digits))
}

/// One byte of [`simple_domain`].
pub(super) fn simple_domain_byte(b: u8, digits: bool) -> bool {
    b.is_ascii_lowercase()
        || (digits && b.is_ascii_digit())
        || matches!(
            b,
            b'!' | b'"'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b'-'
                | b'.'
                | b';'
                | b'='
                | b'_'
                | b'`'
                | b'{'
                | b'}'
                | b'~'
        )
}

/// The last test of a `new URL('http://' + host)`: it parsed to nothing
/// but a host (`isHostOnlyURL`); the host, if so. `Err` when it throws.
pub(super) fn whatwg_host(host: &str) -> Result<Option<String>, ()> {
    let mut s = String::with_capacity(host.len() + 7);
    s.push_str("http://");
    s.push_str(host);
    let u = url::Url::parse(&s).map_err(|_| ())?;
    let only = u.username().is_empty()
        && u.password().unwrap_or("").is_empty()
        && u.port().is_none()
        && u.path() == "/"
        && u.query().unwrap_or("").is_empty()
        && u.fragment().unwrap_or("").is_empty();
    Ok(u.host_str()
        .filter(|h| only && !h.is_empty())
        .map(ToString::to_string))
}
