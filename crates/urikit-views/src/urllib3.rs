//! The `urllib3` view: `urllib3.util.parse_url(s)` of urllib3 2.8.0
//! (`src/urllib3/util/url.py`: `parse_url`, `_normalize_host`,
//! `_encode_invalid_chars`, `_remove_path_dot_segments`, `_idna_encode`,
//! and its regular expressions, here as plain scans), installed alone,
//! without the optional `idna` package.
//!
//! Fields: the `Url`'s own, `auth` as `userinfo`; urllib3 tells `None` from
//! `''` (an empty path when there is a query or fragment, `http://?` has an
//! empty query, `http://:1` an empty host), so `''` is kept as given and
//! only `None` is absent. An exception is
//! `"LocationParseError: Failed to parse: ..."`.
//!
//! Quirks reproduced:
//! - a string not starting with `/` or `letter[a-zA-Z0-9+-]*:` is read as
//!   if `//` preceded it (a bare `host:port`; `a.b:1` too, as `.` is not in
//!   that scheme pattern though it is in the scheme of the URI pattern);
//! - the authority ends at `\` as well as `/ ? #`; the userinfo at its
//!   last `@` (an empty one is none); no whitespace is stripped;
//! - host and port: a reg-name (no `[ ] % : / ? #` but as `%XX`) or a
//!   bracketed RFC 3986 IPv6 address (IPv4 tail with 1 to 3 digits a
//!   part, any value) with an optional zone `%...`, then `:` and zeros,
//!   then nothing, `0` or 1 to 5 digits; the port beyond 65535 is refused
//!   with the whole string (prefixed with `//` when it was);
//! - for `http`, `https` and no scheme: the userinfo, path, query and
//!   fragment are percent-encoded outside their RFC 3986 sets (every `%`
//!   too when one of them is not a `%XX`; `%xx` upper-cased), the path's
//!   dot segments removed; the host lower-cased unless it looks like an IPv4
//!   number (`0X7F.1` is kept), `%XX` decoded when unreserved, else
//!   upper-cased, a control refused; a non-ASCII host name refused (no
//!   `idna`); an IPv6 zone's `%25` dropped;
//! - for any scheme, a host with a control or space is refused; a path
//!   not starting with `/` gets one (`mailto:x` has the path `/x`);
//! - messages quote with Python's `repr` ([`super::pyrepr`]).

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::pyrepr::repr;
use super::{Reading, View, host_kind_of};

const ERR: &str = "LocationParseError: Failed to parse: ";

fn fail(msg: &str) -> String {
    let mut s = String::with_capacity(ERR.len() + msg.len());
    s.push_str(ERR);
    s.push_str(msg);
    s
}

fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'~')
}

/// A set of ASCII bytes as a table (a lookup a byte, for the long scans
/// of `_encode_invalid_chars`).
type Set = [bool; 256];

const fn set(extra: &[u8]) -> Set {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'~');
        c += 1;
    }
    let mut i = 0;
    while i < extra.len() {
        t[extra[i] as usize] = true;
        i += 1;
    }
    t
}

/// `_USERINFO_CHARS`: unreserved, sub-delims and `:`.
static USERINFO: Set = set(b"!$&'()*+,;=:");
/// `_PATH_CHARS`: those and `@ /`.
static PATH: Set = set(b"!$&'()*+,;=:@/");
/// `_QUERY_CHARS`, `_FRAGMENT_CHARS`: those and `?`.
static QUERY: Set = set(b"!$&'()*+,;=:@/?");

/// `%` and two hex digits at `s[i..]`.
fn pct_at(s: &[u8], i: usize) -> bool {
    i + 2 < s.len() && s[i] == b'%' && s[i + 1].is_ascii_hexdigit() && s[i + 2].is_ascii_hexdigit()
}

pub(super) fn read(input: &str) -> Reading<'_> {
    if input.is_empty() {
        return Ok(View::default());
    }
    let b = input.as_bytes();
    // _SCHEME_RE: "/" or letter [a-zA-Z0-9+-]* ":" at the start; else "//"
    // is put in front (here: the authority starts at 0).
    let scheme_like = b[0] == b'/' || {
        let run = b[1..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-'))
            .count();
        b[0].is_ascii_alphabetic() && b.get(1 + run) == Some(&b':')
    };
    let (scheme, auth_start) = if scheme_like {
        // _URI_RE's scheme: letter [a-zA-Z0-9+.-]* ":" (the same run here).
        let mut pos = 0;
        let mut scheme = None;
        if b[0].is_ascii_alphabetic() {
            let run = b[1..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
                .count();
            if b.get(1 + run) == Some(&b':') {
                scheme = Some(&input[..1 + run]);
                pos = 2 + run;
            }
        }
        (
            scheme,
            input[pos..].starts_with("//").then_some(pos + 2).ok_or(pos),
        )
    } else {
        (None, Ok(0))
    };
    let (authority, rest_start) = match auth_start {
        Ok(a) => {
            let end = input[a..]
                .bytes()
                .position(|c| matches!(c, b'\\' | b'/' | b'?' | b'#'))
                .map_or(input.len(), |j| a + j);
            (Some(&input[a..end]), end)
        }
        Err(pos) => (None, pos),
    };
    let rest = &input[rest_start..];
    let (before_frag, fragment) = match first(rest, b'#') {
        Some(j) => (&rest[..j], Some(&rest[j + 1..])),
        None => (rest, None),
    };
    let (path, query) = match first(before_frag, b'?') {
        Some(j) => (&before_frag[..j], Some(&before_frag[j + 1..])),
        None => (before_frag, None),
    };

    let scheme = scheme.map(lower);
    let normalize = matches!(scheme.as_deref(), None | Some("http" | "https"));

    let (mut auth, mut host, mut port) = (None, None, None);
    if let Some(authority) = authority.filter(|a| !a.is_empty()) {
        let (a, host_port) = match authority.bytes().rposition(|c| c == b'@') {
            Some(at) => (&authority[..at], &authority[at + 1..]),
            None => ("", authority),
        };
        let Some((h, p)) = host_port_match(host_port) else {
            return Err(match invalid_char(host_port) {
                Some(c) => fail(&format!(
                    "Host {} contains invalid character {}",
                    repr(host_port),
                    repr(c)
                )),
                None => fail(&format!("{} is not a valid host or port", repr(host_port))),
            });
        };
        if !a.is_empty() {
            auth = Some(if normalize {
                encode_invalid(a, &USERINFO)
            } else {
                Cow::Borrowed(a)
            });
        }
        host = Some(h);
        port = p.filter(|p| !p.is_empty());
    }
    if port.is_some_and(|p| p.len() > 5 || p.parse::<u32>().map_or(true, |n| n > 65535)) {
        let url = if scheme_like {
            Cow::Borrowed(input)
        } else {
            Cow::Owned(format!("//{input}"))
        };
        return Err(fail(&url));
    }
    let host = match host {
        Some(h) => Some(normalize_host(h, normalize)?),
        None => None,
    };

    let path = if normalize && !path.is_empty() {
        Some(encode_invalid_cow(remove_dot_segments(path), &PATH))
    } else {
        Some(Cow::Borrowed(path))
    };
    let query = query.map(|q| {
        if normalize {
            encode_invalid(q, &QUERY)
        } else {
            Cow::Borrowed(q)
        }
    });
    let fragment = fragment.map(|f| {
        if normalize {
            encode_invalid(f, &QUERY)
        } else {
            Cow::Borrowed(f)
        }
    });
    // No path: '' when a query or fragment follows, else none; a path
    // without its leading '/' gets one (Url.__new__).
    let path = match path {
        Some(p) if p.is_empty() => (query.is_some() || fragment.is_some()).then_some(p),
        Some(p) if !p.starts_with('/') => Some(Cow::Owned(format!("/{p}"))),
        p => p,
    };
    Ok(View {
        scheme,
        userinfo: auth,
        host_kind: host.as_deref().map(host_kind_of),
        host,
        port: port.map(Cow::Borrowed),
        path,
        query,
        fragment,
    })
}

/// The first `b` in `s` (a byte loop: the strings are short, and
/// `str::find`'s set-up costs more than the scan).
fn first(s: &str, b: u8) -> Option<usize> {
    s.bytes().position(|c| c == b)
}

/// ASCII lower case, borrowed when nothing changes.
fn lower(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

/// `_HOST_INVALID_CHAR_RE.search`: the first of `[\x00-\x20\x7f]`.
fn invalid_char(s: &str) -> Option<&str> {
    let i = s.bytes().position(|b| b <= b' ' || b == 0x7f)?;
    Some(&s[i..i + 1])
}

/// `_HOST_PORT_RE.fullmatch`: the host and the port group (without its
/// leading zeros; `""` for a bare `:`), or `None` when it does not match.
fn host_port_match(s: &str) -> Option<(&str, Option<&str>)> {
    let b = s.as_bytes();
    let host_end = if b.first() == Some(&b'[') {
        let close = s.find(']')?;
        if !ipv6_addrz(&s[1..close]) {
            return None;
        }
        close + 1
    } else {
        // A reg-name: no [ ] % : / ? # but as %XX, up to the first ':'.
        let end = first(s, b':').unwrap_or(s.len());
        let mut i = 0;
        while i < end {
            match b[i] {
                b'[' | b']' | b'/' | b'?' | b'#' => return None,
                b'%' if !pct_at(b, i) => return None,
                b'%' => i += 3,
                _ => i += 1,
            }
        }
        end
    };
    let host = &s[..host_end];
    if host_end == s.len() {
        return Some((host, None));
    }
    if b[host_end] != b':' {
        return None;
    }
    // 0*? (|0|[1-9][0-9]{0,4}), all of the rest.
    let p = &s[host_end + 1..];
    if !p.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let zeros = p.bytes().take_while(|&c| c == b'0').count();
    let digits = &p[zeros..];
    if digits.len() > 5 {
        return None;
    }
    let group = if digits.is_empty() && zeros > 0 {
        &p[zeros - 1..]
    } else {
        digits
    };
    Some((host, Some(group)))
}

/// The inside of `_IPV6_ADDRZ_PAT`'s brackets: an RFC 3986 IPv6 address
/// (its IPv4 tail loose: 1 to 3 digits a part) and an optional zone, `%`
/// then unreserved characters or `%XX`, at least one.
fn ipv6_addrz(s: &str) -> bool {
    let (addr, zone) = match s.find('%') {
        Some(i) => (&s[..i], Some(&s.as_bytes()[i + 1..])),
        None => (s, None),
    };
    if let Some(z) = zone {
        if z.is_empty() {
            return false;
        }
        let mut i = 0;
        while i < z.len() {
            if unreserved(z[i]) {
                i += 1;
            } else if z[i] == b'%' && pct_at(z, i) {
                i += 3;
            } else {
                return false;
            }
        }
    }
    ipv6(addr)
}

fn h16(p: &str) -> bool {
    (1..=4).contains(&p.len()) && p.bytes().all(|c| c.is_ascii_hexdigit())
}

fn loose_ipv4(p: &str) -> bool {
    let mut n = 0;
    for part in p.split('.') {
        n += 1;
        if n > 4 || !(1..=3).contains(&part.len()) || !part.bytes().all(|c| c.is_ascii_digit()) {
            return false;
        }
    }
    n == 4
}

/// Pieces of one side of `::` (or of a whole address without it): the
/// count in 16-bit groups, `None` when a piece is bad. An IPv4 piece is
/// allowed only last, where `tail` says.
fn groups(side: &str, tail: bool) -> Option<usize> {
    if side.is_empty() {
        return Some(0);
    }
    let pieces: Vec<&str> = side.split(':').collect();
    let mut n = 0;
    for (i, p) in pieces.iter().enumerate() {
        if h16(p) {
            n += 1;
        } else if tail && i == pieces.len() - 1 && loose_ipv4(p) {
            n += 2;
        } else {
            return None;
        }
    }
    Some(n)
}

/// RFC 3986's IPv6address (the nine forms of urllib3's pattern).
fn ipv6(s: &str) -> bool {
    match s.find("::") {
        None => groups(s, true) == Some(8),
        Some(i) => {
            let (left, right) = (&s[..i], &s[i + 2..]);
            if right.contains("::") {
                return false;
            }
            match (groups(left, false), groups(right, true)) {
                (Some(l), Some(r)) => l + r <= 7,
                _ => false,
            }
        }
    }
}

/// `_normalize_host`.
fn normalize_host<'a>(host: &'a str, normalize: bool) -> Result<Cow<'a, str>, String> {
    if host.is_empty() {
        return Ok(Cow::Borrowed(host));
    }
    if let Some(c) = invalid_char(host) {
        return Err(fail(&format!(
            "Host {} contains invalid character {}",
            repr(host),
            repr(c)
        )));
    }
    // Nothing below changes a host of ASCII without '%' or upper case
    // (the common case, told in one scan).
    if !normalize
        || !host
            .bytes()
            .any(|c| c == b'%' || c >= 0x80 || c.is_ascii_uppercase())
    {
        return Ok(Cow::Borrowed(host));
    }
    if host.starts_with('[') {
        // Matched as an IPv6 address above: lower-case up to a zone, whose
        // "%25" (or "%") goes and whose %XX are checked and upper-cased.
        let Some(start) = host.find('%') else {
            return Ok(lower(host));
        };
        let end = host.len() - 1;
        let zone = &host[start..end];
        let zone = if zone.starts_with("%25") && zone != "%25" {
            &zone[3..]
        } else {
            &zone[1..]
        };
        let mut out = host[..start].to_ascii_lowercase();
        out.push('%');
        let z = zone.as_bytes();
        let mut i = 0;
        while i < z.len() {
            if z[i] == b'%' && pct_at(z, i) {
                check_control(&zone[i..i + 3], host)?;
                out.push('%');
                out.push(z[i + 1].to_ascii_uppercase() as char);
                out.push(z[i + 2].to_ascii_uppercase() as char);
                i += 3;
            } else {
                out.push(z[i] as char);
                i += 1;
            }
        }
        out.push(']');
        return Ok(Cow::Owned(out));
    }
    if ipv4_like(host) {
        return Ok(Cow::Borrowed(host));
    }
    let mut decoded: Cow<'a, str> = Cow::Borrowed(host);
    if first(host, b'%').is_some() {
        let b = host.as_bytes();
        let mut out = String::with_capacity(host.len());
        let mut i = 0;
        while i < b.len() {
            let ch_len = utf8_len(b[i]);
            if b[i] != b'%' {
                out.push_str(&host[i..i + ch_len]);
                i += ch_len;
                continue;
            }
            if !pct_at(b, i) {
                return Err(fail(&format!("{} is not a valid host", repr(host))));
            }
            let v = crate::hex::byte(b[i + 1], b[i + 2]);
            check_control(&host[i..i + 3], host)?;
            if unreserved(v) {
                out.push(v as char);
            } else {
                out.push('%');
                out.push(b[i + 1].to_ascii_uppercase() as char);
                out.push(b[i + 2].to_ascii_uppercase() as char);
            }
            i += 3;
        }
        decoded = Cow::Owned(out);
    }
    if !decoded.is_ascii() {
        return Err(fail("Unable to parse URL without the 'idna' module"));
    }
    // _idna_encode of each ASCII label: lower case, then %xx upper-cased.
    let b = decoded.as_bytes();
    let mut changes = false;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && pct_at(b, i) {
            changes |= b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase();
            i += 3;
        } else {
            changes |= b[i].is_ascii_uppercase();
            i += 1;
        }
    }
    if !changes {
        return Ok(decoded);
    }
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && pct_at(b, i) {
            out.push('%');
            out.push(b[i + 1].to_ascii_uppercase() as char);
            out.push(b[i + 2].to_ascii_uppercase() as char);
            i += 3;
        } else {
            out.push(b[i].to_ascii_lowercase() as char);
            i += 1;
        }
    }
    Ok(Cow::Owned(out))
}

/// `_decode_percent_encoding`'s refusal of a control.
fn check_control(pct: &str, host: &str) -> Result<(), String> {
    let b = pct.as_bytes();
    let v = crate::hex::byte(b[1], b[2]);
    if v < 0x20 || v == 0x7f {
        return Err(fail(&format!(
            "Host {} contains invalid percent-encoded control character {}",
            repr(host),
            repr(pct)
        )));
    }
    Ok(())
}

fn utf8_len(b: u8) -> usize {
    match b {
        0..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// `_IPV4_RE`: one to four dot-separated numbers, each decimal digits or
/// `0x` and hex digits.
fn ipv4_like(s: &str) -> bool {
    let mut n = 0;
    for part in s.split('.') {
        n += 1;
        let b = part.as_bytes();
        let ok = if b.len() > 2 && b[0] == b'0' && (b[1] | 0x20) == b'x' {
            b[2..].iter().all(u8::is_ascii_hexdigit)
        } else {
            !b.is_empty() && b.iter().all(u8::is_ascii_digit)
        };
        if n > 4 || !ok {
            return false;
        }
    }
    true
}

/// `_remove_path_dot_segments`.
fn remove_dot_segments(path: &str) -> Cow<'_, str> {
    if first(path, b'.').is_none() {
        return Cow::Borrowed(path);
    }
    // A "." or ".." segment: a '.' after a '/' (or at the start), then the
    // end, '/', or one more '.' and the end or '/'.
    let b = path.as_bytes();
    let ends_segment = |i: usize| i == b.len() || b[i] == b'/';
    let has_dots = (0..b.len()).any(|i| {
        b[i] == b'.'
            && (i == 0 || b[i - 1] == b'/')
            && (ends_segment(i + 1) || (b[i + 1] == b'.' && ends_segment(i + 2)))
    });
    if !has_dots {
        return Cow::Borrowed(path);
    }
    let mut out: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        if seg == "." {
            continue;
        }
        if seg != ".." {
            out.push(seg);
        } else {
            out.pop();
        }
    }
    if path.starts_with('/') && out.first().is_none_or(|s| !s.is_empty()) {
        out.insert(0, "");
    }
    if path.ends_with("/.") || path.ends_with("/..") {
        out.push("");
    }
    Cow::Owned(out.join("/"))
}

fn encode_invalid_cow<'a>(s: Cow<'a, str>, allowed: &Set) -> Cow<'a, str> {
    match s {
        Cow::Borrowed(s) => encode_invalid(s, allowed),
        Cow::Owned(s) => Cow::Owned(encode_invalid(&s, allowed).into_owned()),
    }
}

/// `_encode_invalid_chars`: every byte outside `allowed` as `%XX`; a `%`
/// kept when every `%` starts a `%XX` (those upper-cased), else encoded.
fn encode_invalid<'s>(s: &'s str, allowed: &Set) -> Cow<'s, str> {
    let b = s.as_bytes();
    let mut percents = 0;
    let mut valid = 0;
    let mut clean = true;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            percents += 1;
            if pct_at(b, i) {
                valid += 1;
                clean &= !b[i + 1].is_ascii_lowercase() && !b[i + 2].is_ascii_lowercase();
                i += 3;
                continue;
            }
            clean = false;
        } else if !allowed[b[i] as usize] {
            clean = false;
        }
        i += 1;
    }
    let keep_pct = percents == valid;
    if clean && keep_pct {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' && pct_at(b, i) {
            // Upper-cased by the first pass; kept or encoded below.
            let (x, y) = (b[i + 1].to_ascii_uppercase(), b[i + 2].to_ascii_uppercase());
            if keep_pct {
                out.push('%');
            } else {
                out.push_str("%25");
            }
            out.push(x as char);
            out.push(y as char);
            i += 3;
        } else if (keep_pct && c == b'%') || allowed[c as usize] {
            out.push(c as char);
            i += 1;
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('%');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
            i += 1;
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::read;

    fn fields(s: &str) -> [Option<String>; 7] {
        let v = read(s).unwrap();
        [
            v.scheme, v.userinfo, v.host, v.port, v.path, v.query, v.fragment,
        ]
        .map(|f| f.map(|f| f.into_owned()))
    }

    fn some(s: &str) -> Option<String> {
        Some(s.into())
    }

    // Every expected value below is what urllib3 2.8.0's parse_url gives
    // (see urllib3.jsonl for the recording).
    #[test]
    fn a_bare_authority_and_normalization() {
        assert_eq!(
            fields("a.b:0080"),
            [None, None, some("a.b"), some("80"), None, None, None]
        );
        assert_eq!(
            fields("HTTP://U@EX%41MPLE.com/a/./b/../c"),
            [
                some("http"),
                some("U"),
                some("example.com"),
                None,
                some("/a/c"),
                None,
                None
            ]
        );
        assert_eq!(
            fields("mailto:x"),
            [some("mailto"), None, None, None, some("/x"), None, None]
        );
        assert_eq!(
            fields("http://[FE80::1%2525Eth0]:80/"),
            [
                some("http"),
                None,
                some("[fe80::1%25Eth0]"),
                some("80"),
                some("/"),
                None,
                None
            ]
        );
        assert_eq!(
            fields("http://a\\@b/"),
            [
                some("http"),
                None,
                some("a"),
                None,
                some("/%5C@b/"),
                None,
                None
            ]
        );
        assert_eq!(
            fields("http://a?b c%"),
            [
                some("http"),
                None,
                some("a"),
                None,
                some(""),
                some("b%20c%25"),
                None
            ]
        );
    }

    #[test]
    fn errors() {
        let e = |s| read(s).unwrap_err();
        assert_eq!(
            e("http://a:99999/"),
            "LocationParseError: Failed to parse: http://a:99999/"
        );
        assert_eq!(
            e("http://\u{e9}.example/"),
            "LocationParseError: Failed to parse: Unable to parse URL without the 'idna' module"
        );
        assert_eq!(
            e("http://a b/"),
            "LocationParseError: Failed to parse: Host 'a b' contains invalid character ' '"
        );
        assert_eq!(
            e("http://a%00/"),
            "LocationParseError: Failed to parse: Host 'a%00' contains invalid percent-encoded control character '%00'"
        );
    }
}
