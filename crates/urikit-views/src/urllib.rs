//! The `urllib` view: CPython's `urllib.parse.urlsplit(s)` with the
//! result's `.hostname` and `.port`, as CPython 3.11.7 has them
//! (`Lib/urllib/parse.py`: `urlsplit`, `_splitnetloc`, `_checknetloc`,
//! `_check_bracketed_host`, `_NetlocResultMixinBase.hostname`/`.port`,
//! `_NetlocResultMixinStr._hostinfo`; `Lib/ipaddress.py`: `ip_address`,
//! `IPv4Address`/`IPv6Address._ip_int_from_string`, `_split_scope_id`).
//!
//! Fields: `scheme`, `query` and `fragment` are `None` when urlsplit gives
//! `''` (it has no other "absent"); `path` is always there (maybe empty);
//! `userinfo` is what `_userinfo` splits off, all before the netloc's last
//! `@` (present, maybe empty, when the netloc has an `@`); `host` is
//! `.hostname` (`None` when empty), `port` the decimal digits of `.port`.
//! An exception is `"ValueError: message"`.
//!
//! Quirks reproduced:
//! - leading C0 controls and spaces are stripped, trailing ones kept, and
//!   every tab, CR and LF anywhere is removed first (bpo-43882);
//! - a scheme is whatever precedes the first `:` when it starts with an
//!   ASCII letter and is all letters, digits, `+`, `-`, `.`: `localhost:80`
//!   is the scheme `localhost` with the path `80`; lower-cased;
//! - the netloc runs from `//` to the first `/`, `?` or `#`; `\` is not a
//!   delimiter; the fragment is split off at the first `#`, then the query
//!   at the first `?`;
//! - the userinfo ends at the netloc's LAST `@`; the host ends at the first
//!   `:` after it (the port is all after that colon: `a:1:2` is port `1:2`,
//!   an error), or, with a `[`, is what is between the first `[` and the
//!   next `]` (text after `[`'s host and before `:` is dropped);
//! - a netloc with only one of `[` `]` is "Invalid IPv6 URL"; with both, the
//!   text between the netloc's first `[` and the next `]` must be an IPv6
//!   address (scope `%zone` allowed) or `v<hex>.<anything>`; a bracketed
//!   IPv4 address is refused; `ipaddress`'s rules: no `::` twice, at most 4
//!   hex digits a group, an embedded IPv4 with no leading zeros;
//! - a non-ASCII netloc with a character whose NFKC form holds `/ ? # @ :`
//!   (`＠`, `／`, `℀`, …) is refused (CVE-2019-9636), the table below from
//!   CPython's Unicode 14 database;
//! - `.hostname` lower-cases (Unicode `str.lower`) up to a `%`, the zone
//!   after it is kept; `.port` is refused when not all ASCII digits or
//!   above 65535, leading zeros dropped (`:080` is 80), an empty port is
//!   none; messages quote with Python's `repr` ([`super::pyrepr`]).

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use core::ops::Range;

use super::pyrepr::repr;
use super::{Reading, View, host_kind_of};

/// The non-ASCII characters whose NFKC form holds one of `/ ? # @ :`
/// (CPython 3.11.7, Unicode 14.0.0: `unicodedata.normalize('NFKC', c)`
/// over every code point). NFKC of a whole netloc holds one of those
/// exactly when a character of it is in this list: they come only from a
/// character's decomposition, and no composition starts from them.
const NFKC_DELIMITERS: [char; 19] = [
    '\u{2047}', '\u{2048}', '\u{2049}', '\u{2100}', '\u{2101}', '\u{2105}', '\u{2106}', '\u{2A74}',
    '\u{FE13}', '\u{FE16}', '\u{FE55}', '\u{FE56}', '\u{FE5F}', '\u{FE6B}', '\u{FF03}', '\u{FF0F}',
    '\u{FF1A}', '\u{FF1F}', '\u{FF20}',
];

/// The string urlsplit works on: a slice of the input, or a copy when a
/// tab, CR or LF had to be removed.
enum Text<'a> {
    Borrowed(&'a str),
    Owned(String),
}

impl<'a> Text<'a> {
    fn as_str(&self) -> &str {
        match self {
            Text::Borrowed(s) => s,
            Text::Owned(s) => s,
        }
    }

    fn cow(&self, r: Range<usize>) -> Cow<'a, str> {
        match self {
            Text::Borrowed(s) => Cow::Borrowed(&s[r]),
            Text::Owned(s) => Cow::Owned(s[r].to_string()),
        }
    }
}

pub(super) fn read(input: &str) -> Reading<'_> {
    // url.lstrip(_WHATWG_C0_CONTROL_OR_SPACE): every char up to U+0020.
    let start = input.bytes().position(|b| b > b' ').unwrap_or(input.len());
    let rest = &input[start..];
    let text = if rest.bytes().any(|b| matches!(b, b'\t' | b'\r' | b'\n')) {
        Text::Owned(
            rest.chars()
                .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
                .collect(),
        )
    } else {
        Text::Borrowed(rest)
    };
    let url = text.as_str();

    // The scheme: up to the first ':', when it starts with an ASCII letter
    // and every char of it is a scheme char.
    let mut pos = 0;
    let mut scheme = None;
    if let Some(i) = first(url, b':') {
        let s = &url.as_bytes()[..i];
        if i > 0
            && s[0].is_ascii_alphabetic()
            && s.iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        {
            scheme = Some(0..i);
            pos = i + 1;
        }
    }
    let mut netloc = None;
    if url[pos..].starts_with("//") {
        let from = pos + 2;
        let end = url[from..]
            .bytes()
            .position(|c| matches!(c, b'/' | b'?' | b'#'))
            .map_or(url.len(), |j| from + j);
        netloc = Some(from..end);
        pos = end;
        check_brackets(&url[from..end])?;
    }
    let (mut path_end, mut fragment) = (url.len(), None);
    if let Some(j) = first(&url[pos..], b'#') {
        path_end = pos + j;
        fragment = Some(path_end + 1..url.len());
    }
    let mut query = None;
    if let Some(j) = first(&url[pos..path_end], b'?') {
        query = Some(pos + j + 1..path_end);
        path_end = pos + j;
    }
    let path = pos..path_end;
    if let Some(n) = &netloc {
        check_nfkc(&url[n.clone()])?;
    }

    // The result's accessors.
    let nonempty = |r: Option<Range<usize>>| r.filter(|r| !r.is_empty()).map(|r| text.cow(r));
    let mut view = View {
        scheme: scheme.filter(|r| !r.is_empty()).map(|r| {
            if url[r.clone()].bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(url[r].to_ascii_lowercase())
            } else {
                text.cow(r)
            }
        }),
        path: Some(text.cow(path)),
        query: nonempty(query),
        fragment: nonempty(fragment),
        ..View::default()
    };
    if let Some(n) = netloc {
        let s = &url[n.clone()];
        let hostinfo_at = match s.bytes().rposition(|c| c == b'@') {
            Some(at) => {
                view.userinfo = Some(text.cow(n.start..n.start + at));
                n.start + at + 1
            }
            None => n.start,
        };
        let (host, port) = hostinfo(url, hostinfo_at..n.end);
        if !host.is_empty() {
            let h = hostname(&text, host);
            view.host_kind = Some(host_kind_of(&h));
            view.host = Some(h);
        }
        if !port.is_empty() {
            view.port = Some(port_of(&text, port)?);
        }
    }
    Ok(view)
}

/// The first `b` in `s` (a byte loop: the strings are short, and
/// `str::find`'s set-up costs more than the scan).
fn first(s: &str, b: u8) -> Option<usize> {
    s.bytes().position(|c| c == b)
}

/// urlsplit's checks of brackets in the netloc.
fn check_brackets(netloc: &str) -> Result<(), String> {
    let (open, close) = (first(netloc, b'['), first(netloc, b']').is_some());
    match (open, close) {
        (None, false) => Ok(()),
        (Some(_), false) | (None, true) => Err("ValueError: Invalid IPv6 URL".into()),
        (Some(i), true) => {
            let after = &netloc[i + 1..];
            let host = after.find(']').map_or(after, |j| &after[..j]);
            check_bracketed_host(host)
        }
    }
}

/// `_check_bracketed_host`.
fn check_bracketed_host(host: &str) -> Result<(), String> {
    if let Some(rest) = host.strip_prefix('v') {
        // \Av[a-fA-F0-9]+\..+\Z (no newline is left to stop the `.`).
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        let ok = hex > 0 && rest[hex..].strip_prefix('.').is_some_and(|t| !t.is_empty());
        return if ok {
            Ok(())
        } else {
            Err("ValueError: IPvFuture address is invalid".into())
        };
    }
    if ipv4(host).is_some() {
        Err("ValueError: An IPv4 address cannot be in brackets".into())
    } else if ipv6(host) {
        Ok(())
    } else {
        Err(alloc::format!(
            "ValueError: {} does not appear to be an IPv4 or IPv6 address",
            repr(host)
        ))
    }
}

/// `IPv4Address(s)`: four dot-separated decimal octets, each 1 to 3 ASCII
/// digits, no leading zero, at most 255.
fn ipv4(s: &str) -> Option<u32> {
    let mut n = 0u32;
    let mut count = 0;
    for octet in s.split('.') {
        count += 1;
        if count > 4
            || octet.is_empty()
            || octet.len() > 3
            || !octet.bytes().all(|b| b.is_ascii_digit())
            || (octet.len() > 1 && octet.starts_with('0'))
        {
            return None;
        }
        let v: u32 = octet.parse().ok()?;
        if v > 255 {
            return None;
        }
        n = n << 8 | v;
    }
    (count == 4).then_some(n)
}

/// `IPv6Address(s)` accepts `s`: `_split_scope_id`, then
/// `_ip_int_from_string`'s checks in its order.
fn ipv6(s: &str) -> bool {
    let addr = match s.split_once('%') {
        Some((_, zone)) if zone.is_empty() || zone.contains('%') => return false,
        Some((addr, _)) => addr,
        None => s,
    };
    if addr.is_empty() {
        return false;
    }
    const MAX: usize = 10;
    let mut parts: [&str; MAX] = [""; MAX];
    let mut len = 0;
    for p in addr.split(':') {
        if len == MAX {
            // Over 9 parts (one more may be added below, none removed).
            return false;
        }
        parts[len] = p;
        len += 1;
    }
    if len < 3 {
        return false;
    }
    // An IPv4 tail counts as two groups (always valid ones).
    let mut groups = len;
    let mut tail_v4 = false;
    if parts[len - 1].contains('.') {
        if ipv4(parts[len - 1]).is_none() {
            return false;
        }
        tail_v4 = true;
        groups += 1;
    }
    if groups > 9 {
        return false;
    }
    // Only the hextet parts are checked; empty ones mark '::'. With the
    // IPv4 tail, the last part stands for two non-empty groups.
    let is_empty = |i: usize| -> bool { !(tail_v4 && i >= len - 1) && parts[i].is_empty() };
    let mut skip = None;
    for i in 1..groups - 1 {
        if is_empty(i) {
            if skip.is_some() {
                return false;
            }
            skip = Some(i);
        }
    }
    let (hi, lo) = match skip {
        Some(i) => {
            let (mut hi, mut lo) = (i, groups - i - 1);
            if is_empty(0) {
                hi -= 1;
                if hi > 0 {
                    return false;
                }
            }
            if is_empty(groups - 1) {
                lo -= 1;
                if lo > 0 {
                    return false;
                }
            }
            if hi + lo >= 8 {
                return false;
            }
            (hi, lo)
        }
        None => {
            if groups != 8 || is_empty(0) || is_empty(groups - 1) {
                return false;
            }
            (groups, 0)
        }
    };
    let hextet = |i: usize| -> bool {
        if tail_v4 && i >= len - 1 {
            return true;
        }
        let p = parts[i];
        !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_hexdigit())
    };
    (0..hi).all(hextet) && (groups - lo..groups).all(hextet)
}

/// `_checknetloc`: a non-ASCII netloc must not gain a delimiter under NFKC.
fn check_nfkc(netloc: &str) -> Result<(), String> {
    if netloc.is_ascii() || !netloc.chars().any(|c| NFKC_DELIMITERS.contains(&c)) {
        return Ok(());
    }
    Err(alloc::format!(
        "ValueError: netloc '{netloc}' contains invalid characters under NFKC normalization"
    ))
}

/// `_hostinfo` over `url[r]` (the netloc after its last `@`): the ranges of
/// the host name and of the port text.
fn hostinfo(url: &str, r: Range<usize>) -> (Range<usize>, Range<usize>) {
    let s = &url[r.clone()];
    let after_colon = |from: usize| -> Range<usize> {
        match first(&url[from..r.end], b':') {
            Some(j) => from + j + 1..r.end,
            None => r.end..r.end,
        }
    };
    match first(s, b'[') {
        Some(i) => {
            let from = r.start + i + 1;
            match url[from..r.end].find(']') {
                Some(j) => (from..from + j, after_colon(from + j + 1)),
                None => (from..r.end, r.end..r.end),
            }
        }
        None => match first(s, b':') {
            Some(j) => (r.start..r.start + j, r.start + j + 1..r.end),
            None => (r.clone(), r.end..r.end),
        },
    }
}

/// `.hostname`: lower-cased up to a `%` (an IPv6 zone keeps its case).
fn hostname<'a>(text: &Text<'a>, r: Range<usize>) -> Cow<'a, str> {
    let s = &text.as_str()[r.clone()];
    let name = first(s, b'%').map_or(s, |i| &s[..i]);
    let changes = if name.is_ascii() {
        name.bytes().any(|b| b.is_ascii_uppercase())
    } else {
        name.to_lowercase() != name
    };
    if !changes {
        return text.cow(r);
    }
    let mut out = if name.is_ascii() {
        name.to_ascii_lowercase()
    } else {
        name.to_lowercase()
    };
    out.push_str(&s[name.len()..]);
    Cow::Owned(out)
}

/// `.port`: ASCII digits, at most 65535, written without leading zeros.
fn port_of<'a>(text: &Text<'a>, r: Range<usize>) -> Result<Cow<'a, str>, String> {
    let s = &text.as_str()[r.clone()];
    if !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(alloc::format!(
            "ValueError: Port could not be cast to integer value as {}",
            repr(s)
        ));
    }
    let zeros = s
        .bytes()
        .take_while(|&b| b == b'0')
        .count()
        .min(s.len() - 1);
    let digits = &s[zeros..];
    if digits.len() > 5 || digits.parse::<u32>().map_or(true, |p| p > 65535) {
        return Err("ValueError: Port out of range 0-65535".into());
    }
    Ok(text.cow(r.start + zeros..r.end))
}

#[cfg(test)]
mod tests {
    use super::read;

    fn host_port(s: &str) -> (Option<String>, Option<String>) {
        let v = read(s).unwrap();
        (
            v.host.map(|h| h.into_owned()),
            v.port.map(|p| p.into_owned()),
        )
    }

    // Every expected value below is what CPython 3.11.7 gives (urlsplit,
    // .hostname, .port; see urllib.jsonl for the recording).
    #[test]
    fn whitespace_is_stripped_and_removed() {
        let v = read(" \x01http://a\tb.example/p\n").unwrap();
        assert_eq!(v.host.as_deref(), Some("ab.example"));
        assert_eq!(v.path.as_deref(), Some("/p"));
    }

    #[test]
    fn a_scheme_is_anything_before_a_colon() {
        let v = read("localhost:80").unwrap();
        assert_eq!(v.scheme.as_deref(), Some("localhost"));
        assert_eq!(v.path.as_deref(), Some("80"));
        assert_eq!(read("HTTP://x/").unwrap().scheme.as_deref(), Some("http"));
    }

    #[test]
    fn host_and_port() {
        assert_eq!(
            host_port("http://U@EXAMPLE.com:080/"),
            (Some("example.com".into()), Some("80".into()))
        );
        assert_eq!(
            host_port("http://[FE80::1%25Zone]:1/"),
            (Some("fe80::1%25Zone".into()), Some("1".into()))
        );
        assert_eq!(host_port("http://a@b@c:/"), (Some("c".into()), None));
        assert_eq!(
            read("http://127.0.0.1:11211:80/").unwrap_err(),
            "ValueError: Port could not be cast to integer value as '11211:80'"
        );
        assert_eq!(
            read("http://a:65536/").unwrap_err(),
            "ValueError: Port out of range 0-65535"
        );
    }

    #[test]
    fn bracket_checks() {
        assert_eq!(
            read("http://[::1/").unwrap_err(),
            "ValueError: Invalid IPv6 URL"
        );
        assert_eq!(
            read("http://[1.2.3.4]/").unwrap_err(),
            "ValueError: An IPv4 address cannot be in brackets"
        );
        assert_eq!(
            read("http://[1::2::3]/").unwrap_err(),
            "ValueError: '1::2::3' does not appear to be an IPv4 or IPv6 address"
        );
        assert_eq!(
            read("http://[vx.1]/").unwrap_err(),
            "ValueError: IPvFuture address is invalid"
        );
        assert!(read("http://[::ffff:1.2.3.4]/").is_ok());
    }

    #[test]
    fn nfkc_delimiters_are_refused() {
        assert_eq!(
            read("http://a\u{ff20}b/").unwrap_err(),
            "ValueError: netloc 'a\u{ff20}b' contains invalid characters under NFKC normalization"
        );
    }
}
