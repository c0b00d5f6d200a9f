//! The `yarl` view: yarl 1.25.1's `yarl.URL(s)`, which is `encode_url` in
//! upstream `yarl/_url.py` over `split_url` and `split_netloc` of
//! `yarl/_parse.py`, with `_encode_host` (`yarl/_url.py`) and the C
//! quoter's requoting (`yarl/_quoting_c.pyx`, `yarl/_quoters.py`).
//!
//! Fields: `scheme`, `raw_user` and `raw_password` as `user:password`
//! (`:password` when the user is empty), `raw_host`, `explicit_port`,
//! `raw_path`, `raw_query_string` and `raw_fragment`. yarl writes "" for an
//! absent scheme, query and fragment: those are `None` here; the host is
//! absent only when `raw_host` is `None` (it can be "").
//!
//! Quirks reproduced (each from the source):
//! - leading C0 controls and spaces are stripped, every tab, CR and LF
//!   removed, trailing spaces kept;
//! - a scheme may start with a digit, `+`, `-` or `.` (`1a:b` has the
//!   scheme `1a`, `localhost:80` the scheme `localhost`);
//! - a backslash anywhere in the authority, a `[` without `]`, text before
//!   `[` or after `]` other than `:port`, two bracket pairs, an empty or
//!   colon-less bracketed host (`v` and hex, `.`, then anything for
//!   IPvFuture), a non-ASCII authority that NFKC turns into a delimiter:
//!   all errors, in yarl's words (`[]@` fails in Python with an
//!   `IndexError`);
//! - the userinfo ends at the LAST `@`, the user at its first `:`; the
//!   port is Python's `int()` of all after the host's first `:` (a sign,
//!   `_`, white space and digits of any script pass), 0 to 65535;
//! - IP hosts in the canonical form of Python's `ipaddress` (IPv6
//!   compressed, a `%`/`%25` zone kept), other ASCII hosts lowercased and
//!   kept as they are (`%`, `<`, `"`...), non-ASCII hosts with a default
//!   ignorable code point refused, others IDNA encoded (UTS #46, then the
//!   IDNA 2003 codec when that fails);
//! - userinfo, path, query and fragment are requoted (bad `%` as `%25`,
//!   `%xx` uppercased, escapes of unreserved characters decoded); the path
//!   loses its dot segments when there is an authority, and a relative
//!   path's first `:` becomes `%3A` when it would read as a scheme.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::pylib::{int_text, ipv6, ipv6_compressed, is_ipv4, nfkc_has_delimiter, repr};
use super::{Reading, View, host_kind_of};

pub(super) fn read(input: &str) -> Reading<'_> {
    let url = input.trim_start_matches(|c: char| c <= ' ');
    if super::pylib::has_ascii_control(url.as_bytes())
        && url.bytes().any(|c| matches!(c, b'\t' | b'\r' | b'\n'))
    {
        let owned: String = url
            .chars()
            .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
            .collect();
        return encode_url(&owned).map(View::into_owned);
    }
    encode_url(url)
}

fn err<T>(msg: &str) -> Result<T, String> {
    Err(format!("ValueError: {msg}"))
}

fn is_scheme_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')
}

/// `split_url` then `encode_url`.
fn encode_url(url: &str) -> Reading<'_> {
    // The scheme: everything before the first ':' if all scheme
    // characters, which is the run of them when a ':' ends it.
    let b = url.as_bytes();
    let run = b
        .iter()
        .position(|&c| !is_scheme_char(c))
        .unwrap_or(b.len());
    let (scheme, mut rest) = if run > 0 && b.get(run) == Some(&b':') {
        (&url[..run], &url[run + 1..])
    } else {
        ("", url)
    };
    let mut netloc = "";
    // Whether the netloc has a ':', '@' or '[' (else it is all host).
    let mut complex = false;
    if let Some(r) = rest.strip_prefix("//") {
        let (mut end, mut brackets) = (r.len(), false);
        for (i, &c) in r.as_bytes().iter().enumerate() {
            match c {
                b'/' | b'?' | b'#' => {
                    end = i;
                    break;
                }
                b'\\' | b'[' | b']' => {
                    brackets = true;
                    complex = true;
                }
                b':' | b'@' => complex = true,
                _ => {}
            }
        }
        netloc = &r[..end];
        rest = &r[end..];
        if brackets {
            check_brackets(netloc)?;
        }
    }
    let Rest {
        path,
        query,
        fragment,
        path_clean,
        query_clean,
        path_dot,
    } = split_rest(rest);
    if !netloc.is_ascii() && nfkc_has_delimiter(netloc) {
        return err(&format!(
            "netloc '{netloc}' contains invalid characters under NFKC normalization"
        ));
    }
    let scheme = if scheme.bytes().any(|c| c.is_ascii_uppercase()) {
        Cow::Owned(scheme.to_ascii_lowercase())
    } else {
        Cow::Borrowed(scheme)
    };

    let mut view = View::default();
    // Whether the rebuilt netloc is non-empty (for the path's rules).
    let mut has_netloc = false;
    if !netloc.is_empty() {
        // yarl's own fast path: a netloc without ':', '@' or '[' is a host.
        let (user, password, host, port) = if !complex {
            (None, None, Some(netloc), None)
        } else {
            split_netloc(netloc)?
        };
        let host = match host {
            Some(h) => h,
            None if matches!(&*scheme, "http" | "https" | "ws" | "wss" | "ftp") => {
                return err(&format!(
                    "Invalid URL: host is required for absolute urls with the {scheme} scheme"
                ));
            }
            None => "",
        };
        let host = encode_host(host)?;
        has_netloc = !host.is_empty() || port.is_some() || user.is_some() || password.is_some();
        if user.is_some() || password.is_some() {
            let user = user.map(|u| requote(u, &REQUOTE)).unwrap_or_default();
            view.userinfo = Some(match password {
                None => user,
                Some(p) => Cow::Owned(format!("{user}:{}", requote(p, &REQUOTE))),
            });
        }
        view.host_kind = Some(host_kind_of(&host));
        view.host = Some(host);
        view.port = port.map(Cow::Owned);
    }
    // A clean path is its own requoting (and its dots are the input's).
    let mut path = if path_clean {
        Cow::Borrowed(path)
    } else {
        requote(path, &PATH)
    };
    if !path.is_empty() {
        if has_netloc && (path_dot || !path_clean) {
            if super::pylib::has_dot_segment(&path) {
                path = Cow::Owned(normalize_path(&path));
            }
        } else if scheme.is_empty() && !has_netloc {
            path = colon_to_pct(path);
        }
    }
    if path.is_empty() && has_netloc {
        path = Cow::Borrowed("/");
    }

    view.scheme = some(scheme);
    view.path = Some(path);
    view.query = some(if query_clean {
        Cow::Borrowed(query)
    } else {
        requote(query, &QUERY)
    });
    view.fragment = some(requote(fragment, &FRAGMENT));
    Ok(view)
}

/// What follows the authority: the fragment after the first `#`, the
/// query after the first `?` before it, the path; whether the path and the
/// query are all characters their requoter keeps (then requoting is not
/// needed), and whether the path has a `.`.
struct Rest<'a> {
    path: &'a str,
    query: &'a str,
    fragment: &'a str,
    path_clean: bool,
    query_clean: bool,
    path_dot: bool,
}

/// Per byte: kept by the path requoter (1), by the query one (2), one of
/// `#?.` (4).
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = (PATH.safe[c] as u8) | (QUERY.safe[c] as u8) << 1;
        c += 1;
    }
    t[b'#' as usize] |= 4;
    t[b'?' as usize] |= 4;
    t[b'.' as usize] |= 4;
    t
};

fn split_rest(rest: &str) -> Rest<'_> {
    let b = rest.as_bytes();
    let (mut question, mut hash) = (None, b.len());
    let mut path_dot = false;
    // The path's bytes, then the query's, all kept: bit 1, then bit 2.
    let (mut path_mask, mut query_mask) = (1u8, 2u8);
    let mut i = 0;
    while i < b.len() {
        let k = CLASS[b[i] as usize];
        if k & 4 != 0 {
            match b[i] {
                b'#' => {
                    hash = i;
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
                hash = i;
                break;
            }
            query_mask &= CLASS[b[i] as usize];
            i += 1;
        }
    }
    let (path_clean, query_clean) = (path_mask != 0, query_mask != 0);
    let before = &rest[..hash];
    let fragment = rest.get(hash + 1..).unwrap_or("");
    let (path, query) = match question {
        Some(q) => (&before[..q], &before[q + 1..]),
        None => (before, ""),
    };
    Rest {
        path,
        query,
        fragment,
        path_clean,
        query_clean,
        path_dot,
    }
}

/// `split_url`'s checks of the authority: backslashes and brackets.
fn check_brackets(netloc: &str) -> Result<(), String> {
    let (mut backslash, mut left, mut right) = (false, false, false);
    for c in netloc.bytes() {
        match c {
            b'\\' => backslash = true,
            b'[' => left = true,
            b']' => right = true,
            _ => {}
        }
    }
    if backslash {
        return err(
            "Invalid URL: backslash ('\\') is not allowed in the authority component per RFC 3986.",
        );
    }
    if left != right {
        return err("Invalid IPv6 URL");
    }
    if !left {
        return Ok(());
    }
    let hostinfo = netloc.rsplit_once('@').map_or(netloc, |(_, h)| h);
    if hostinfo.is_empty() {
        // Python indexes the empty string: `hostinfo[0]`.
        return Err("IndexError: string index out of range".into());
    }
    if !hostinfo.starts_with('[')
        || hostinfo.matches('[').count() > 1
        || hostinfo.matches(']').count() > 1
    {
        return err("Invalid IPv6 URL");
    }
    let (bracketed, after) = hostinfo[1..]
        .split_once(']')
        .unwrap_or((&hostinfo[1..], ""));
    if !after.is_empty() && !after.starts_with(':') {
        return err("Invalid IPv6 URL");
    }
    if let Some(future) = bracketed.strip_prefix('v') {
        // \Av[a-fA-F0-9]+\..+\Z
        let ok = future.split_once('.').is_some_and(|(hex, tail)| {
            !hex.is_empty() && hex.bytes().all(|c| c.is_ascii_hexdigit()) && !tail.is_empty()
        });
        if !ok {
            return err("IPvFuture address is invalid");
        }
    } else if !bracketed.contains(':') {
        return err("The IPv6 content between brackets is not valid");
    }
    Ok(())
}

type Netloc<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<String>,
);

/// `split_netloc`: user, password, host (brackets off) and port.
fn split_netloc(netloc: &str) -> Result<Netloc<'_>, String> {
    let (user, password, hostinfo) = match netloc.rsplit_once('@') {
        None => (None, None, netloc),
        Some((userinfo, hostinfo)) => match userinfo.split_once(':') {
            Some((u, p)) => (Some(u), Some(p), hostinfo),
            None => (Some(userinfo), None, hostinfo),
        },
    };
    let user = user.filter(|u| !u.is_empty());
    let (host, port) = if hostinfo.contains('[') {
        // split_url has checked the shape: "[" host "]" [":" port].
        let inner = &hostinfo[1..];
        let (h, after) = inner.split_once(']').unwrap_or((inner, ""));
        (h, after.split_once(':').map_or("", |(_, p)| p))
    } else {
        hostinfo.split_once(':').unwrap_or((hostinfo, ""))
    };
    let host = (!host.is_empty()).then_some(host);
    if port.is_empty() {
        return Ok((user, password, host, None));
    }
    let Some(port) = int_text(port) else {
        return err("Invalid URL: port can't be converted to integer");
    };
    if port.starts_with('-') || port.len() > 5 || port.parse::<u32>().map_or(true, |p| p > 65535) {
        return err("Port out of range 0-65535");
    }
    Ok((user, password, host, Some(port)))
}

/// `_encode_host(host, validate_host=False)`, brackets off as `raw_host`.
fn encode_host(host: &str) -> Result<Cow<'_, str>, String> {
    let last_digit = host.chars().next_back().is_some_and(|c| c.is_numeric());
    if !host.is_empty() && (last_digit || host.contains(':')) {
        let (raw_ip, zone) = match host.find("%25").or_else(|| host.find('%')) {
            Some(i) => (&host[..i], Some(&host[i..])),
            None => (host, None),
        };
        let ip = if is_ipv4(raw_ip) {
            Some(Cow::Borrowed(raw_ip))
        } else {
            ipv6(raw_ip).map(|h| Cow::Owned(ipv6_compressed(&h)))
        };
        if let Some(ip) = ip {
            return Ok(match zone {
                None => ip,
                Some(z) => Cow::Owned(format!("{ip}{z}")),
            });
        }
    }
    if host.is_ascii() {
        return Ok(if host.bytes().any(|c| c.is_ascii_uppercase()) {
            Cow::Owned(host.to_ascii_lowercase())
        } else {
            Cow::Borrowed(host)
        });
    }
    if let Some((pos, c)) = host
        .chars()
        .enumerate()
        .find(|&(_, c)| default_ignorable(c))
    {
        return err(&format!(
            "Host {} cannot contain {} (at position {pos})",
            repr(host),
            repr(c.encode_utf8(&mut [0; 4]))
        ));
    }
    idna_encode(host).map(Cow::Owned)
}

/// yarl's `_DEFAULT_IGNORABLE_RE`.
fn default_ignorable(c: char) -> bool {
    matches!(c as u32,
        0xAD | 0x34F | 0x61C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x1806 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// One of yarl's requoters: the ASCII characters written as they are, and
/// those whose `%XX` escape is kept (not decoded).
struct Quoter {
    safe: [bool; 128],
    protected: &'static [u8],
    qs: bool,
}

const fn quoter(extra: &[u8], protected: &'static [u8], qs: bool) -> Quoter {
    let mut safe = [false; 128];
    let allowed: &[u8] =
        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,";
    let mut i = 0;
    while i < allowed.len() {
        safe[allowed[i] as usize] = true;
        i += 1;
    }
    if !qs {
        safe[b'+' as usize] = true;
        safe[b'&' as usize] = true;
        safe[b'=' as usize] = true;
        safe[b';' as usize] = true;
    }
    let mut i = 0;
    while i < extra.len() {
        safe[extra[i] as usize] = true;
        i += 1;
    }
    let mut i = 0;
    while i < protected.len() {
        safe[protected[i] as usize] = true;
        i += 1;
    }
    Quoter {
        safe,
        protected,
        qs,
    }
}

const REQUOTE: Quoter = quoter(b"", b"", false);
const PATH: Quoter = quoter(b"@:", b"/+", false);
const QUERY: Quoter = quoter(b"?/:@", b"=+&;", true);
const FRAGMENT: Quoter = quoter(b"?/:@", b"", false);

/// A requoter (`_Quoter(requote=True)`): `%` and two hex digits is an
/// escape (decoded when its character is safe and not protected, else kept
/// in upper case), any other `%` becomes `%25`; characters outside the safe
/// set become their UTF-8 bytes in `%XX`; with `qs`, a space becomes `+`.
fn requote<'a>(s: &'a str, q: &Quoter) -> Cow<'a, str> {
    if s.bytes().all(|c| c < 128 && q.safe[c as usize]) {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            let hex = |j: usize| b.get(j).and_then(|c| (*c as char).to_digit(16));
            if let (Some(h), Some(l)) = (hex(i + 1), hex(i + 2)) {
                let v = (h * 16 + l) as u8;
                if v < 128 && q.safe[v as usize] && !q.protected.contains(&v) {
                    out.push(v as char);
                } else {
                    out.push_str(&format!("%{v:02X}"));
                }
                i += 3;
                continue;
            }
            out.push_str("%25");
            i += 1;
            continue;
        }
        if q.qs && c == b' ' {
            out.push('+');
        } else if c < 128 && q.safe[c as usize] {
            out.push(c as char);
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
        i += 1;
    }
    if out == s {
        return Cow::Borrowed(s);
    }
    Cow::Owned(out)
}

/// `normalize_path` (the caller skips it when no segment is `.` or `..`,
/// which it leaves as it is): `.` and `..` segments resolved, `..` never above the
/// root, a trailing `/` when the last segment was one of them.
fn normalize_path(path: &str) -> String {
    let (prefix, body) = match path.strip_prefix('/') {
        Some(b) => ("/", b),
        None => ("", path),
    };
    let mut out: Vec<&str> = Vec::new();
    let mut last = "";
    for seg in body.split('/') {
        match seg {
            ".." => {
                out.pop();
            }
            "." => {}
            s => out.push(s),
        }
        last = seg;
    }
    if last == "." || last == ".." {
        out.push("");
    }
    let mut s = String::from(prefix);
    s.push_str(&out.join("/"));
    s
}

/// `_encode_relative_scheme_colon`: the first `:` of a relative path as
/// `%3A` when all before it are scheme characters.
fn colon_to_pct(path: Cow<'_, str>) -> Cow<'_, str> {
    match path.find(':') {
        Some(i) if i > 0 && path.as_bytes()[..i].iter().all(|&c| is_scheme_char(c)) => {
            Cow::Owned(format!("{}%3A{}", &path[..i], &path[i + 1..]))
        }
        _ => path,
    }
}

/// `_idna_encode`: `idna.encode(host, uts46=True)` (UTS #46 mapping, then
/// IDNA 2008 labels: letters, digits and hyphens once mapped, the name's
/// DNS lengths), else Python's IDNA 2003 codec, `host.encode("idna")`.
fn idna_encode(host: &str) -> Result<String, String> {
    let uts46 = idna::uts46::Uts46::new();
    // Python's idna refuses a name of more than 254 characters outright.
    let uts46_2008 = (host.chars().count() <= 254)
        .then(|| {
            uts46.to_ascii(
                host.as_bytes(),
                idna::AsciiDenyList::STD3,
                idna::uts46::Hyphens::Check,
                idna::uts46::DnsLength::VerifyAllowRootDot,
            )
        })
        .and_then(Result::ok);
    if let Some(a) = uts46_2008 {
        return Ok(a.into_owned());
    }
    super::pylib::idna2003::encode(host, &uts46)
}

/// The library's "" for absent as `None`.
fn some(c: Cow<'_, str>) -> Option<Cow<'_, str>> {
    (!c.is_empty()).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::read;

    /// (input, [scheme, userinfo, host, port, path, query, fragment]) as
    /// yarl 1.25.1 gave them (CPython 3.11.7, `yarl.URL(s)`'s accessors).
    #[test]
    fn quirks() {
        let cases: [(&str, [Option<&str>; 7]); 9] = [
            (
                "1a:b",
                [Some("1a"), None, None, None, Some("b"), None, None],
            ),
            (
                "localhost:80",
                [Some("localhost"), None, None, None, Some("80"), None, None],
            ),
            (
                "http://[::FFFF:1.2.3.4]/",
                [
                    Some("http"),
                    None,
                    Some("::ffff:102:304"),
                    None,
                    Some("/"),
                    None,
                    None,
                ],
            ),
            (
                "http://[fe80::1%25eth0]:8080/",
                [
                    Some("http"),
                    None,
                    Some("fe80::1%25eth0"),
                    Some("8080"),
                    Some("/"),
                    None,
                    None,
                ],
            ),
            (
                "http://a%zz@h/%7e%2f%41?%20 x#%2",
                [
                    Some("http"),
                    Some("a%25zz"),
                    Some("h"),
                    None,
                    Some("/~%2FA"),
                    Some("%20+x"),
                    Some("%252"),
                ],
            ),
            (
                "http://h/a/./b/../c",
                [
                    Some("http"),
                    None,
                    Some("h"),
                    None,
                    Some("/a/c"),
                    None,
                    None,
                ],
            ),
            (
                "HTTP://u:p:q@H.EXAMPLE:+0_80/",
                [
                    Some("http"),
                    Some("u:p%3Aq"),
                    Some("h.example"),
                    Some("80"),
                    Some("/"),
                    None,
                    None,
                ],
            ),
            (
                "http://\u{2488}.com/",
                [
                    Some("http"),
                    None,
                    Some("1..com"),
                    None,
                    Some("/"),
                    None,
                    None,
                ],
            ),
            (
                "\x01 http://h/\tp",
                [Some("http"), None, Some("h"), None, Some("/p"), None, None],
            ),
        ];
        for (input, want) in cases {
            let v = read(input).unwrap();
            let got = [
                &v.scheme,
                &v.userinfo,
                &v.host,
                &v.port,
                &v.path,
                &v.query,
                &v.fragment,
            ]
            .map(|f| f.as_deref());
            assert_eq!(got, want, "{input:?}");
        }
        assert_eq!(
            read("http://[]@/").unwrap_err(),
            "IndexError: string index out of range"
        );
        assert_eq!(
            read("http://h:65536/").unwrap_err(),
            "ValueError: Port out of range 0-65535"
        );
        assert_eq!(
            read("http://e\u{200b}vil.com/").unwrap_err(),
            "ValueError: Host 'e\\u200bvil.com' cannot contain '\\u200b' (at position 1)"
        );
    }
}
