//! `URI::RFC2396_Parser#split` (uri 0.11.0, lib/uri/rfc2396_parser.rb):
//! its regexes `ABS_URI` and `REL_URI` (built from `X_ABS_URI` and
//! `X_REL_URI`), matched by hand in the order Onigmo's backtracking tries
//! their alternatives: `//` is first a server (`userinfo@` or not, then a
//! host, then `:port`), else a registry name (`reg_name`); the string may
//! be wrapped in ASCII whitespace (`\A\s*` and `\s*\z`).

use alloc::format;
use alloc::string::String;

use super::Split;

const fn ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

const fn unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
        )
}

/// `uric`: unreserved and reserved (`;/?:@&=+$,[]`).
const fn uric(c: u8) -> bool {
    unreserved(c)
        || matches!(
            c,
            b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b',' | b'[' | b']'
        )
}

const fn uric_no_slash(c: u8) -> bool {
    unreserved(c)
        || matches!(
            c,
            b';' | b'?' | b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b','
        )
}

/// `HOSTNAME` as the parser builds it: `(?:[a-zA-Z0-9\-.]|%\h\h)+`.
const fn hostname_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'.'
}

const fn userinfo_char(c: u8) -> bool {
    unreserved(c) || matches!(c, b';' | b':' | b'&' | b'=' | b'+' | b'$' | b',')
}

/// `abs_path`'s characters after its `/`: pchar, `;` and `/`.
const fn path_char(c: u8) -> bool {
    unreserved(c)
        || matches!(
            c,
            b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b',' | b';' | b'/'
        )
}

const fn reg_name_char(c: u8) -> bool {
    unreserved(c) || matches!(c, b'$' | b',' | b';' | b':' | b'@' | b'&' | b'=' | b'+')
}

const fn rel_segment_char(c: u8) -> bool {
    unreserved(c) || matches!(c, b';' | b'@' | b'&' | b'=' | b'+' | b'$' | b',')
}

// The classes as bits of one table: a lookup per byte in the scans.
const URIC: u8 = 1;
const HOSTNAME: u8 = 2;
const USERINFO: u8 = 4;
const PATH: u8 = 8;
const REG_NAME: u8 = 16;
const REL_SEGMENT: u8 = 32;

static CLASSES: [u8; 256] = {
    let mut t = [0; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = uric(c) as u8
            | (hostname_char(c) as u8) << 1
            | (userinfo_char(c) as u8) << 2
            | (path_char(c) as u8) << 3
            | (reg_name_char(c) as u8) << 4
            | (rel_segment_char(c) as u8) << 5;
        i += 1;
    }
    t
};

/// The end of `(?:[class]|%[a-fA-F\d]{2})*` from `i`.
fn span(b: &[u8], mut i: usize, class: u8) -> usize {
    loop {
        if i < b.len() && CLASSES[b[i] as usize] & class != 0 {
            i += 1;
        } else if i + 2 < b.len()
            && b[i] == b'%'
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit()
        {
            i += 3;
        } else {
            return i;
        }
    }
}

fn hex4(s: &[u8]) -> bool {
    (1..=4).contains(&s.len()) && s.iter().all(u8::is_ascii_hexdigit)
}

/// `\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}` (no range check).
fn ipv4(s: &[u8]) -> bool {
    let mut n = 0;
    for part in s.split(|&c| c == b'.') {
        n += 1;
        if !(1..=3).contains(&part.len()) || !part.iter().all(u8::is_ascii_digit) {
            return false;
        }
    }
    n == 4
}

/// `hexseq1`: `(?:hex4:)*hex4`.
fn hexseq1(s: &[u8]) -> bool {
    s.split(|&c| c == b':').all(hex4)
}

/// `hexseq2`: `(?:hex4:)*(?:hex4|IPv4)`.
fn hexseq2(s: &[u8]) -> bool {
    let mut parts = s.rsplitn(2, |&c| c == b':');
    let last = parts.next().unwrap_or_default();
    (hex4(last) || ipv4(last)) && parts.next().is_none_or(hexseq1)
}

/// `IPV6ADDR`: `hexseq2 | (?:hexseq1)?::(?:hexseq2)?`, whole (it is
/// bracketed). Neither side of the `::` can hold another `::`, so the
/// first one is the only split.
fn ipv6(s: &[u8]) -> bool {
    match s.windows(2).position(|w| w == b"::") {
        None => hexseq2(s),
        Some(p) => (p == 0 || hexseq1(&s[..p])) && (p + 2 == s.len() || hexseq2(&s[p + 2..])),
    }
}

/// The end of `HOST` from `i`: a hostname (IPv4's characters are a
/// hostname's, and a shorter match can only be followed by a hostname
/// character, which nothing after a host accepts) or `[IPv6]`.
fn host(b: &[u8], i: usize) -> Option<usize> {
    let e = span(b, i, HOSTNAME);
    if e > i {
        return Some(e);
    }
    if b.get(i) != Some(&b'[') {
        return None;
    }
    let close = i + b[i..].iter().position(|&c| c == b']')?;
    ipv6(&b[i + 1..close]).then_some(close + 1)
}

type Range = (usize, usize);

/// `(abs_path)?(?:\?(query))?(?:\#(fragment))?` then the end.
fn rest(b: &[u8], mut i: usize) -> Option<(Option<Range>, Option<Range>, Option<Range>)> {
    let mut path = None;
    if b.get(i) == Some(&b'/') {
        let e = span(b, i + 1, PATH);
        path = Some((i, e));
        i = e;
    }
    let mut query = None;
    if b.get(i) == Some(&b'?') {
        let e = span(b, i + 1, URIC);
        query = Some((i + 1, e));
        i = e;
    }
    let mut fragment = None;
    if b.get(i) == Some(&b'#') {
        let e = span(b, i + 1, URIC);
        fragment = Some((i + 1, e));
        i = e;
    }
    (i == b.len()).then_some((path, query, fragment))
}

#[derive(Default)]
struct Net {
    userinfo: Option<Range>,
    host: Option<Range>,
    port: Option<Range>,
    registry: Option<Range>,
    path: Option<Range>,
    query: Option<Range>,
    fragment: Option<Range>,
}

/// After `//` at `a`: the server's forms in the regex's order, then the
/// registry. `host_optional`: `X_REL_URI`'s `(host)?`, where `X_ABS_URI`
/// has the server (userinfo and a host) optional as a whole.
fn net_path(b: &[u8], a: usize, host_optional: bool) -> Option<Net> {
    let u = span(b, a, USERINFO);
    let with_userinfo = (b.get(u) == Some(&b'@')).then_some(((a, u), u + 1));
    let starts = [with_userinfo.map(|(r, h)| (Some(r), h)), Some((None, a))];
    for (userinfo, h) in starts.into_iter().flatten() {
        let hosts = [
            host(b, h).map(|e| Some((h, e))),
            host_optional.then_some(None),
        ];
        for host in hosts.into_iter().flatten() {
            let p = host.map_or(h, |r| r.1);
            if b.get(p) == Some(&b':') {
                let e = p + 1 + b[p + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
                if let Some((path, query, fragment)) = rest(b, e) {
                    return Some(Net {
                        userinfo,
                        host,
                        port: Some((p + 1, e)),
                        path,
                        query,
                        fragment,
                        ..Net::default()
                    });
                }
            }
            if let Some((path, query, fragment)) = rest(b, p) {
                return Some(Net {
                    userinfo,
                    host,
                    path,
                    query,
                    fragment,
                    ..Net::default()
                });
            }
        }
    }
    if !host_optional {
        // The server left out as a whole.
        if let Some((path, query, fragment)) = rest(b, a) {
            return Some(Net {
                path,
                query,
                fragment,
                ..Net::default()
            });
        }
    }
    let r = span(b, a, REG_NAME);
    if r > a
        && let Some((path, query, fragment)) = rest(b, r)
    {
        return Some(Net {
            registry: Some((a, r)),
            path,
            query,
            fragment,
            ..Net::default()
        });
    }
    None
}

pub(super) fn split(input: &str) -> Result<Split<'_>, String> {
    let bad = || format!("URI::InvalidURIError: bad URI(is not URI?): {input}");
    // `\A\s*` and `\s*\z`: no part holds whitespace, so they trim.
    let t = input.trim_matches(|c: char| c.is_ascii() && ws(c as u8));
    let b = t.as_bytes();
    let s = |r: Range| &t[r.0..r.1];
    let mut sp = Split::default();
    let scheme_end = if b.first().is_some_and(u8::is_ascii_alphabetic) {
        let e = b
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            .unwrap_or(b.len());
        (b.get(e) == Some(&b':')).then_some(e)
    } else {
        None
    };
    let net = if let Some(e) = scheme_end {
        let k = e + 1;
        sp.scheme = Some(&t[..e]);
        let opaque = if b.get(k).is_some_and(|&c| uric_no_slash(c) || c == b'%') {
            let o = span(b, k, URIC);
            // `(opaque_part)` then `(?:\#(fragment))?` and the end.
            let fragment = (b.get(o) == Some(&b'#')).then(|| (o + 1, span(b, o + 1, URIC)));
            let end = fragment.map_or(o, |f| f.1);
            (o > k && end == b.len()).then_some((o, fragment))
        } else {
            None
        };
        if let Some((o, fragment)) = opaque {
            sp.opaque = Some(&t[k..o]);
            sp.fragment = fragment.map(s);
            return Ok(sp);
        }
        let net = if b[k..].starts_with(b"//") {
            net_path(b, k + 2, false)
        } else {
            rest(b, k).map(|(path, query, fragment)| Net {
                path,
                query,
                fragment,
                ..Net::default()
            })
        };
        let net = net.ok_or_else(bad)?;
        if net.path.is_none() && net.host.is_none() && net.registry.is_none() {
            return Err(format!(
                "URI::InvalidURIError: bad URI(absolute but no path): {input}"
            ));
        }
        net
    } else {
        let mut net = None;
        if b.starts_with(b"//") {
            net = net_path(b, 2, true);
        } else {
            let r = span(b, 0, REL_SEGMENT);
            if r > 0 {
                // rel_segment then abs_path: one path.
                net = rest(b, r).map(|(path, query, fragment)| Net {
                    path: Some((0, path.map_or(r, |p| p.1))),
                    query,
                    fragment,
                    ..Net::default()
                });
            }
        }
        // The first group left out.
        let net = net.or_else(|| {
            rest(b, 0).map(|(path, query, fragment)| Net {
                path,
                query,
                fragment,
                ..Net::default()
            })
        });
        net.ok_or_else(bad)?
    };
    sp.userinfo = net.userinfo.map(s);
    sp.host = net.host.map(s);
    sp.port = net.port.map(s);
    sp.registry = net.registry.map(s);
    sp.path = Some(net.path.map_or("", s));
    sp.query = net.query.map(s);
    sp.fragment = net.fragment.map(s);
    Ok(sp)
}
