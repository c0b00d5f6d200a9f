//! The `httpx` view: httpx 0.28.1's `httpx.URL(s)`, which is
//! `httpx._urlparse.urlparse` (upstream `httpx/_urlparse.py`) and the
//! accessors of `httpx/_urls.py`.
//!
//! Fields: `scheme`, `userinfo`, `raw_host` (ASCII), `port`, the path as
//! `raw_path` gives it before its `?`, `query` and `fragment` (decoded, as
//! `urllib.parse.unquote` does). httpx writes "" for an absent scheme,
//! userinfo, host, query and fragment: those are `None` here; the path is
//! always there (`/` when empty, as `raw_path` gives it).
//!
//! Quirks reproduced (each from the source):
//! - any ASCII control character (tab and newline too) anywhere is an
//!   error naming its position in characters; more than 65,536 characters
//!   is `URL too long`;
//! - the URL regex: a leading `:` is an empty scheme and is dropped
//!   (`::a` is then a relative path starting with `:`); the authority is
//!   split at the LAST `@`; a host starting with `[` runs to the last `]`
//!   and anything after it (a `:` skipped) is the port;
//! - the port is Python's `int()`: white space, a sign, `_` between digits
//!   and digits of any script pass; no range check (`-1`, `99999`); it is
//!   dropped when it is the default of the scheme as WRITTEN (`HTTP://a:80`
//!   keeps 80);
//! - hosts of four dot-separated digit runs must be a valid IPv4 address
//!   (no leading zeros); a bracketed host must be a valid IPv6 address
//!   (a `%zone` allowed) and is given as written, case included;
//! - other ASCII hosts are lowercased and percent-encoded outside the
//!   unreserved, sub-delims and `` "`{}%|\ ``; non-ASCII hosts are
//!   lowercased and IDNA 2008 encoded (no UTS #46 mapping);
//! - dot segments are removed when there is a scheme or an authority;
//!   userinfo, path, query and fragment are percent-encoded with the
//!   WHATWG sets, a `%` kept as it is.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::pylib::{int_text, ipv6, is_ipv4, repr};
use super::{Reading, View, host_kind_of};

/// httpx's `MAX_URL_LENGTH`, in characters.
const MAX_URL_LENGTH: usize = 65536;

/// Which ASCII characters a quote keeps (besides the unreserved ones,
/// always kept): the printable ones not listed.
const fn keep_all_but(not: &[u8]) -> [bool; 128] {
    let mut t = [false; 128];
    let mut c = 0x20;
    while c < 0x7F {
        t[c] = true;
        c += 1;
    }
    let mut i = 0;
    while i < not.len() {
        t[not[i] as usize] = false;
        i += 1;
    }
    t
}

const QUERY_SAFE: [bool; 128] = keep_all_but(b" \"#<>");
const FRAG_SAFE: [bool; 128] = keep_all_but(b" \"<>`");
const PATH_SAFE: [bool; 128] = keep_all_but(b" \"#<>?`{}");
const USERINFO_SAFE: [bool; 128] = keep_all_but(b" \"#<>?`{}/;=@[\\]^|");
const HOST_SAFE: [bool; 128] = {
    let mut t = [false; 128];
    let s =
        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=\"`{}%|\\";
    let mut i = 0;
    while i < s.len() {
        t[s[i] as usize] = true;
        i += 1;
    }
    t
};

/// httpx's `quote`: every character outside `safe` (and the unreserved
/// ones, always in it here) as its UTF-8 bytes in `%XX`. Since `%` and
/// the hex digits are in every set httpx uses, its skipping of existing
/// `%XX` escapes changes nothing.
fn quote<'a>(s: &'a str, safe: &[bool; 128]) -> Cow<'a, str> {
    let keep = |c: char| c.is_ascii() && safe[c as usize];
    if s.bytes().all(|c| c < 128 && safe[c as usize]) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut buf = [0u8; 4];
    for c in s.chars() {
        if keep(c) {
            out.push(c);
        } else {
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    Cow::Owned(out)
}

pub(super) fn read(input: &str) -> Reading<'_> {
    if input.len() > MAX_URL_LENGTH && input.chars().count() > MAX_URL_LENGTH {
        return Err("InvalidURL: URL too long".into());
    }
    // Python finds the first such character by its index in characters.
    let control = super::pylib::has_ascii_control(input.as_bytes());
    if let Some((i, c)) = control
        .then(|| {
            input
                .chars()
                .enumerate()
                .find(|(_, c)| c.is_ascii_control())
        })
        .flatten()
    {
        return Err(format!(
            "InvalidURL: Invalid non-printable ASCII character in URL, {} at position {i}.",
            repr(c.encode_utf8(&mut [0; 4]))
        ));
    }
    // URL_REGEX: [scheme ":"] ["//" authority] path ["?" query] ["#" fragment].
    let b = input.as_bytes();
    let run = if b.first().is_some_and(u8::is_ascii_alphabetic) {
        b.iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-')))
            .unwrap_or(b.len())
    } else {
        0
    };
    let (scheme, rest) = if b.get(run) == Some(&b':') {
        (&input[..run], &input[run + 1..])
    } else {
        ("", input)
    };
    let (authority, rest) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r
                .bytes()
                .position(|c| matches!(c, b'/' | b'?' | b'#'))
                .unwrap_or(r.len());
            (&r[..end], &r[end..])
        }
        None => ("", rest),
    };
    let (path, query, fragment, clean) = split_rest(rest);
    // AUTHORITY_REGEX: [userinfo "@"] host [":"] port, userinfo to the last "@".
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(at) => (&authority[..at], &authority[at + 1..]),
        None => ("", authority),
    };
    let host_end = match hostport.rfind(']') {
        Some(close) if hostport.starts_with('[') => close + 1,
        _ => hostport.find(':').unwrap_or(hostport.len()),
    };
    let host = &hostport[..host_end];
    let port = &hostport[host_end..];
    let port = port.strip_prefix(':').unwrap_or(port);

    let lower_scheme = if scheme.bytes().any(|c| c.is_ascii_uppercase()) {
        Cow::Owned(scheme.to_ascii_lowercase())
    } else {
        Cow::Borrowed(scheme)
    };
    let userinfo = quote(userinfo, &USERINFO_SAFE);
    let host = encode_host(host)?;
    let port = normalize_port(port, scheme)?;
    let has_scheme = !lower_scheme.is_empty();
    let has_authority = !userinfo.is_empty() || !host.is_empty() || port.is_some();
    if has_authority && !path.is_empty() && !path.starts_with('/') {
        return Err("InvalidURL: For absolute URLs, path must be empty or begin with '/'".into());
    }
    if !has_scheme && !has_authority {
        if path.starts_with("//") {
            return Err("InvalidURL: Relative URLs cannot have a path starting with '//'".into());
        }
        if path.starts_with(':') {
            return Err("InvalidURL: Relative URLs cannot have a path starting with ':'".into());
        }
    }
    let path = if (has_scheme || has_authority) && clean.path_dot {
        normalize_path(path)
    } else {
        Cow::Borrowed(path)
    };
    let path = match path {
        Cow::Borrowed(p) if clean.path => Cow::Borrowed(p),
        Cow::Borrowed(p) => quote(p, &PATH_SAFE),
        Cow::Owned(p) => Cow::Owned(quote(&p, &PATH_SAFE).into_owned()),
    };
    let query = query.map(|q| {
        if clean.query {
            Cow::Borrowed(q)
        } else {
            quote(q, &QUERY_SAFE)
        }
    });
    let fragment = fragment.map(|f| quote(f, &FRAG_SAFE));

    let host = some(host);
    Ok(View {
        scheme: some(lower_scheme),
        userinfo: some(userinfo),
        host_kind: host.as_deref().map(host_kind_of),
        host,
        port: port.map(Cow::Owned),
        path: Some(if path.is_empty() {
            Cow::Borrowed("/")
        } else {
            path
        }),
        query: query.and_then(some),
        fragment: fragment.map(unquote).and_then(some),
    })
}

/// The path, the query after the first `?` and the fragment after the
/// first `#` of what follows the authority (`None` when absent).
/// Per byte: kept by the path quote (1), by the query one (2), one of
/// `#?.` (4).
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = (PATH_SAFE[c] as u8) | (QUERY_SAFE[c] as u8) << 1;
        c += 1;
    }
    t[b'#' as usize] |= 4;
    t[b'?' as usize] |= 4;
    t[b'.' as usize] |= 4;
    t
};

/// What [`split_rest`] saw on its way: whether the path and the query are
/// all characters their quote keeps, whether the path has a `.`.
struct Clean {
    path: bool,
    query: bool,
    path_dot: bool,
}

fn split_rest(rest: &str) -> (&str, Option<&str>, Option<&str>, Clean) {
    let b = rest.as_bytes();
    let (mut question, mut hash) = (None, None);
    let mut path_dot = false;
    let (mut path_mask, mut query_mask) = (1u8, 2u8);
    let mut i = 0;
    while i < b.len() {
        let k = CLASS[b[i] as usize];
        if k & 4 != 0 {
            match b[i] {
                b'#' => {
                    hash = Some(i);
                    break;
                }
                b'?' => {
                    question = Some(i);
                    i += 1;
                    break;
                }
                _ => path_dot = true,
            }
        }
        path_mask &= k;
        i += 1;
    }
    if question.is_some() {
        while i < b.len() {
            if b[i] == b'#' {
                hash = Some(i);
                break;
            }
            query_mask &= CLASS[b[i] as usize];
            i += 1;
        }
    }
    let before = &rest[..hash.unwrap_or(b.len())];
    let fragment = hash.map(|h| &rest[h + 1..]);
    let (path, query) = match question {
        Some(q) => (&before[..q], Some(&before[q + 1..])),
        None => (before, None),
    };
    let clean = Clean {
        path: path_mask != 0,
        query: query_mask != 0,
        path_dot,
    };
    (path, query, fragment, clean)
}

/// `encode_host`: IPv4-looking and bracketed hosts validated, other ASCII
/// hosts lowercased and quoted, the rest IDNA 2008 encoded.
fn encode_host(host: &str) -> Result<Cow<'_, str>, String> {
    if host.is_empty() {
        return Ok(Cow::Borrowed(""));
    }
    // IPv4_STYLE_HOSTNAME: four runs of digits, three dots between.
    let b = host.as_bytes();
    let ipv4_style = b.iter().all(|&c| c.is_ascii_digit() || c == b'.')
        && b.iter().filter(|&&c| c == b'.').count() == 3
        && b.first() != Some(&b'.')
        && b.last() != Some(&b'.')
        && !host.contains("..");
    if ipv4_style {
        if !is_ipv4(host) {
            return Err(format!("InvalidURL: Invalid IPv4 address: {}", repr(host)));
        }
        return Ok(Cow::Borrowed(host));
    }
    if host.len() >= 2 && host.starts_with('[') && host.ends_with(']') {
        let inner = &host[1..host.len() - 1];
        // IPv6Address: an optional "%scope", not empty, holding no "%".
        let (addr, scope_ok) = match inner.split_once('%') {
            Some((a, scope)) => (a, !scope.is_empty() && !scope.contains('%')),
            None => (inner, true),
        };
        if !scope_ok || ipv6(addr).is_none() {
            return Err(format!("InvalidURL: Invalid IPv6 address: {}", repr(host)));
        }
        return Ok(Cow::Borrowed(inner));
    }
    if host.is_ascii() {
        if !host.bytes().any(|c| c.is_ascii_uppercase()) {
            return Ok(quote(host, &HOST_SAFE));
        }
        return Ok(Cow::Owned(
            quote(&host.to_ascii_lowercase(), &HOST_SAFE).into_owned(),
        ));
    }
    idna2008(&host.to_lowercase())
        .map(Cow::Owned)
        .ok_or_else(|| format!("InvalidURL: Invalid IDNA hostname: {}", repr(host)))
}

/// `idna.encode(host)` (idna 3.x, IDNA 2008, no mapping): labels split at
/// the four full stops, a trailing one kept; each ASCII label must be
/// letters, digits and hyphens (or a canonical `xn--` label), each other
/// label must be what UTS #46 leaves unchanged; 63 bytes a label, 253 the
/// name.
fn idna2008(host: &str) -> Option<String> {
    if host.chars().count() > 254 {
        return None;
    }
    let mut labels: Vec<&str> = host
        .split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'])
        .collect();
    let trailing = labels.len() > 1 && labels.last() == Some(&"");
    if trailing {
        labels.pop();
    }
    let uts46 = idna::uts46::Uts46::new();
    let mut out = String::with_capacity(host.len() + 8);
    for label in &labels {
        if label.is_empty() {
            return None;
        }
        let ascii = uts46
            .to_ascii(
                label.as_bytes(),
                idna::AsciiDenyList::STD3,
                idna::uts46::Hyphens::Check,
                idna::uts46::DnsLength::Verify,
            )
            .ok()?;
        // What IDNA 2008 takes as it is: UTS #46 maps nothing in it.
        let (unicode, ok) = uts46.to_unicode(
            ascii.as_bytes(),
            idna::AsciiDenyList::STD3,
            idna::uts46::Hyphens::Check,
        );
        let same = if label.is_ascii() {
            ok.is_ok() && unicode.is_ascii() == label.starts_with("xn--") || unicode == *label
        } else {
            ok.is_ok() && unicode == *label
        };
        if !same || ascii.len() > 63 {
            return None;
        }
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(&ascii);
    }
    if trailing {
        out.push('.');
    }
    (out.len() <= if trailing { 254 } else { 253 }).then_some(out)
}

/// `normalize_port`: Python's `int()`, `None` for the scheme's default.
fn normalize_port(port: &str, scheme: &str) -> Result<Option<String>, String> {
    if port.is_empty() {
        return Ok(None);
    }
    let n = int_text(port).ok_or_else(|| format!("InvalidURL: Invalid port: {}", repr(port)))?;
    let default = match scheme {
        "ftp" => "21",
        "http" | "ws" => "80",
        "https" | "wss" => "443",
        _ => "",
    };
    Ok((n != default).then_some(n))
}

/// `normalize_path`: `.` and `..` segments removed (`..` never above the
/// root), only when a segment is one of them.
fn normalize_path(path: &str) -> Cow<'_, str> {
    if !super::pylib::has_dot_segment(path) {
        return Cow::Borrowed(path);
    }
    let mut out: Vec<&str> = Vec::new();
    for s in path.split('/') {
        match s {
            "." => {}
            ".." => {
                if !(out.is_empty() || out == [""]) {
                    out.pop();
                }
            }
            s => out.push(s),
        }
    }
    Cow::Owned(out.join("/"))
}

/// `urllib.parse.unquote`: `%XX` escapes to bytes, read as UTF-8 with
/// U+FFFD for what is not.
fn unquote(s: Cow<'_, str>) -> Cow<'_, str> {
    if !s.contains('%') {
        return s;
    }
    let b = s.as_bytes();
    let mut bytes = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |j: usize| b.get(j).and_then(|c| (*c as char).to_digit(16));
        match (b[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                bytes.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                bytes.push(c);
                i += 1;
            }
        }
    }
    Cow::Owned(String::from_utf8_lossy(&bytes).into_owned())
}

/// The library's "" for absent as `None`.
fn some(c: Cow<'_, str>) -> Option<Cow<'_, str>> {
    (!c.is_empty()).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::read;

    // Expected values from httpx 0.28.1 (record_httpx.py's httpx.jsonl).
    #[test]
    fn quirks() {
        let v = read("HTTP://a:80/").unwrap();
        assert_eq!(v.port.as_deref(), Some("80"));
        let v = read("http://[::1]:٨١/").unwrap();
        assert_eq!(v.port.as_deref(), Some("81"));
        assert_eq!(v.host.as_deref(), Some("::1"));
        assert_eq!(
            read("http://a\tb/").unwrap_err(),
            "InvalidURL: Invalid non-printable ASCII character in URL, '\\t' at position 8."
        );
    }
}
