//! `URI::RFC3986_Parser#split` (uri 0.11.0, lib/uri/rfc3986_parser.rb):
//! its two regexes, `RFC3986_URI` and `RFC3986_relative_ref`, matched by
//! hand. Both are anchored at both ends and, but for the IP literal, every
//! part is delimited by characters the part before cannot hold, so the
//! match is one left-to-right scan. The IP literal of the absolute form is
//! closed by `]`, so only whether its text is in the language matters
//! ([`ipv6_whole`]); the relative form's is not (a quirk: `\[IPv6` with no
//! `]`), so its alternatives are tried in the regex's own backtracking
//! order ([`ipv6`]) until what follows matches.

use alloc::vec;
use alloc::vec::Vec;

use super::{Split, bad_uri, not_ascii};

const fn hex(c: u8) -> bool {
    c.is_ascii_hexdigit()
}

/// `[!$&-.0-;=A-Z_a-z~]`: the userinfo's characters (and IPvFuture's).
const fn userinfo_char(c: u8) -> bool {
    matches!(c, b'!' | b'$' | b'&'..=b'.' | b'0'..=b';' | b'=' | b'A'..=b'Z' | b'_' | b'a'..=b'z' | b'~')
}

/// `[!$&-.0-9;=A-Z_a-z~]`: reg-name's (no `:`).
const fn reg_name_char(c: u8) -> bool {
    userinfo_char(c) && c != b':'
}

/// `[!$&-.0-;=@-Z_a-z~]`: a segment's.
const fn pchar(c: u8) -> bool {
    userinfo_char(c) || c == b'@'
}

/// A segment's but `:` (the relative reference's first segment).
const fn pchar_nc(c: u8) -> bool {
    pchar(c) && c != b':'
}

/// The fragment's: a segment's, `/` and `?`.
const fn frag_char(c: u8) -> bool {
    pchar(c) || c == b'/' || c == b'?'
}

// The classes as bits of one table: a lookup per byte in the scans.
const USERINFO: u8 = 1;
const REG_NAME: u8 = 2;
const PCHAR: u8 = 4;
const PCHAR_NC: u8 = 8;
const FRAG: u8 = 16;

static CLASSES: [u8; 256] = {
    let mut t = [0; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = userinfo_char(c) as u8
            | (reg_name_char(c) as u8) << 1
            | (pchar(c) as u8) << 2
            | (pchar_nc(c) as u8) << 3
            | (frag_char(c) as u8) << 4;
        i += 1;
    }
    t
};

/// The end of `(?:%\h\h|[class])*` from `i`.
fn span(b: &[u8], mut i: usize, class: u8) -> usize {
    loop {
        if i < b.len() && CLASSES[b[i] as usize] & class != 0 {
            i += 1;
        } else if i + 2 < b.len() && b[i] == b'%' && hex(b[i + 1]) && hex(b[i + 2]) {
            i += 3;
        } else {
            return i;
        }
    }
}

/// The end of `(?:/segment)*` from `i`.
fn segments(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] == b'/' {
        i = span(b, i + 1, PCHAR);
    }
    i
}

// The IPv6 alternatives, as lists of the positions where a match can end,
// in the order Onigmo's backtracking tries them (greedy quantifiers: the
// longest first; duplicates dropped, as only the end matters after them).
type Ends = Vec<usize>;

fn then(b: &[u8], starts: Ends, f: impl Fn(&[u8], usize) -> Ends) -> Ends {
    let mut out = Vec::new();
    for s in starts {
        for e in f(b, s) {
            if !out.contains(&e) {
                out.push(e);
            }
        }
    }
    out
}

fn hex_run(b: &[u8], i: usize) -> usize {
    b[i.min(b.len())..]
        .iter()
        .take(4)
        .take_while(|c| hex(**c))
        .count()
}

/// `\h{1,4}`.
fn h16(b: &[u8], i: usize) -> Ends {
    (1..=hex_run(b, i)).rev().map(|k| i + k).collect()
}

/// `\h{1,4}?` (lazy: the shortest first).
fn h16_lazy(b: &[u8], i: usize) -> Ends {
    (1..=hex_run(b, i)).map(|k| i + k).collect()
}

fn lit(b: &[u8], i: usize, s: &[u8]) -> Ends {
    if b.get(i..).is_some_and(|r| r.starts_with(s)) {
        vec![i + s.len()]
    } else {
        Vec::new()
    }
}

/// `\h{1,4}:`.
fn h16c(b: &[u8], i: usize) -> Ends {
    then(b, h16(b, i), |b, e| lit(b, e, b":"))
}

/// `(?:\h{1,4}:){n}`.
fn h16c_times(b: &[u8], i: usize, n: usize) -> Ends {
    (0..n).fold(vec![i], |ends, _| then(b, ends, h16c))
}

/// `(?:\h{1,4}:){,k}` (greedy).
fn h16c_upto(b: &[u8], i: usize, k: usize) -> Ends {
    let mut out = if k == 0 {
        Vec::new()
    } else {
        then(b, h16c(b, i), |b, e| h16c_upto(b, e, k - 1))
    };
    if !out.contains(&i) {
        out.push(i);
    }
    out
}

/// `(?:(?:\h{1,4}:){,k}\h{1,4})?`.
fn prefix(b: &[u8], i: usize, k: usize) -> Ends {
    let mut out = then(b, h16c_upto(b, i, k), h16);
    if !out.contains(&i) {
        out.push(i);
    }
    out
}

/// `dec-octet`: `[1-9]\d|1\d{2}|2[0-4]\d|25[0-5]|\d`, in that order.
fn dec_octet(b: &[u8], i: usize) -> Ends {
    let at = |k: usize| b.get(i + k).copied().unwrap_or(0);
    let d = |c: u8| c.is_ascii_digit();
    let mut out = Vec::new();
    let mut add = |ok: bool, n: usize| {
        if ok && !out.contains(&(i + n)) {
            out.push(i + n);
        }
    };
    add(matches!(at(0), b'1'..=b'9') && d(at(1)), 2);
    add(at(0) == b'1' && d(at(1)) && d(at(2)), 3);
    add(at(0) == b'2' && matches!(at(1), b'0'..=b'4') && d(at(2)), 3);
    add(
        at(0) == b'2' && at(1) == b'5' && matches!(at(2), b'0'..=b'5'),
        3,
    );
    add(d(at(0)), 1);
    out
}

fn ipv4(b: &[u8], i: usize) -> Ends {
    let dot_octet = |b: &[u8], e: usize| then(b, lit(b, e, b"."), dec_octet);
    let e = dec_octet(b, i);
    let e = then(b, e, dot_octet);
    let e = then(b, e, dot_octet);
    then(b, e, dot_octet)
}

/// `ls32`: `\h{1,4}:\h{1,4}` or an IPv4 address.
fn ls32(b: &[u8], i: usize) -> Ends {
    let mut out = then(b, h16c(b, i), h16);
    for e in ipv4(b, i) {
        if !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

/// `IPv6address`, its nine alternatives in order (the third, `\h{1,4}?::`,
/// needs a digit before the `::`, unlike RFC 3986's `[ h16 ] "::"`).
fn ipv6(b: &[u8], i: usize) -> Ends {
    let dc = |b: &[u8], e: usize| lit(b, e, b"::");
    let alts: [Ends; 9] = [
        then(b, h16c_times(b, i, 6), ls32),
        then(
            b,
            then(b, lit(b, i, b"::"), |b, e| h16c_times(b, e, 5)),
            ls32,
        ),
        then(
            b,
            then(b, then(b, h16_lazy(b, i), dc), |b, e| h16c_times(b, e, 4)),
            ls32,
        ),
        then(
            b,
            then(b, then(b, prefix(b, i, 1), dc), |b, e| h16c_times(b, e, 3)),
            ls32,
        ),
        then(
            b,
            then(b, then(b, prefix(b, i, 2), dc), |b, e| h16c_times(b, e, 2)),
            ls32,
        ),
        then(b, then(b, then(b, prefix(b, i, 3), dc), h16c), ls32),
        then(b, then(b, prefix(b, i, 4), dc), ls32),
        then(b, then(b, prefix(b, i, 5), dc), h16),
        then(b, prefix(b, i, 6), dc),
    ];
    let mut out = Vec::new();
    for e in alts.into_iter().flatten() {
        if !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

/// Whether `s` is all of an `IPv6address` of `RFC3986_URI`: the language
/// of its nine alternatives without trying them one by one (the IP literal
/// of the absolute form is closed by `]`, so only membership matters). It
/// is RFC 3986's but for `::` followed by six groups, which the third
/// alternative, `\h{1,4}?::(?:\h{1,4}:){4}ls32`, takes only after a group.
fn ipv6_whole(s: &[u8]) -> bool {
    let Some(p) = s.windows(2).position(|w| w == b"::") else {
        return units(s) == Some(8);
    };
    let (left, right) = (&s[..p], &s[p + 2..]);
    let l = if left.is_empty() {
        0
    } else if left.split(|&c| c == b':').all(h16_text) {
        left.split(|&c| c == b':').count()
    } else {
        return false;
    };
    match units(right) {
        Some(7) => l == 0,
        Some(6) => l == 1,
        Some(r @ 0..=5) => l <= 7 - r,
        _ => false,
    }
}

fn h16_text(s: &[u8]) -> bool {
    (1..=4).contains(&s.len()) && s.iter().all(|c| hex(*c))
}

/// `dec-octet`'s language: 0-255, no leading zero.
fn dec_octet_text(s: &[u8]) -> bool {
    match s {
        [d] => d.is_ascii_digit(),
        [b'1'..=b'9', d] => d.is_ascii_digit(),
        [b'1', d, e] => d.is_ascii_digit() && e.is_ascii_digit(),
        [b'2', b'0'..=b'4', e] => e.is_ascii_digit(),
        [b'2', b'5', b'0'..=b'5'] => true,
        _ => false,
    }
}

/// The groups of a `::`-free run, an IPv4 address (last only) counting
/// two; `None` when it is not such a run.
fn units(s: &[u8]) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let count = s.split(|&c| c == b':').count();
    let mut n = 0;
    for (i, part) in s.split(|&c| c == b':').enumerate() {
        if h16_text(part) {
            n += 1;
        } else if i + 1 == count
            && part.split(|&c| c == b'.').count() == 4
            && part.split(|&c| c == b'.').all(dec_octet_text)
        {
            n += 2;
        } else {
            return None;
        }
    }
    Some(n)
}

/// `v\h+\.[!$&-.0-;=A-Z_a-z~]+`: its end.
fn ipvfuture(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i) != Some(&b'v') {
        return None;
    }
    let h = i + 1 + b[i + 1..].iter().take_while(|c| hex(**c)).count();
    if h == i + 1 || b.get(h) != Some(&b'.') {
        return None;
    }
    let e = h + 1 + b[h + 1..].iter().take_while(|c| userinfo_char(**c)).count();
    (e > h + 1).then_some(e)
}

/// What follows the host: `(?::(?<port>\d*))?` path-abempty, then the
/// query, the fragment and the end. Ranges into the input.
struct Rest {
    port: Option<(usize, usize)>,
    path: (usize, usize),
    query: Option<(usize, usize)>,
    fragment: Option<(usize, usize)>,
}

/// `(?:\?(?<query>[^#]*))?(?:\#(?<fragment>...))?\z` from `i`.
#[allow(clippy::type_complexity)]
fn tail(b: &[u8], mut i: usize) -> Option<(Option<(usize, usize)>, Option<(usize, usize)>)> {
    let mut query = None;
    if b.get(i) == Some(&b'?') {
        let e = b[i..]
            .iter()
            .position(|&c| c == b'#')
            .map_or(b.len(), |k| i + k);
        query = Some((i + 1, e));
        i = e;
    }
    let mut fragment = None;
    if b.get(i) == Some(&b'#') {
        let e = span(b, i + 1, FRAG);
        fragment = Some((i + 1, e));
        i = e;
    }
    (i == b.len()).then_some((query, fragment))
}

fn after_host(b: &[u8], mut i: usize) -> Option<Rest> {
    let mut port = None;
    if b.get(i) == Some(&b':') {
        let e = i + 1 + b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        port = Some((i + 1, e));
        i = e;
    }
    let p = segments(b, i);
    let (query, fragment) = tail(b, p)?;
    Some(Rest {
        port,
        path: (i, p),
        query,
        fragment,
    })
}

/// `//` authority path-abempty..., from just after the `//`: the
/// userinfo, the host and what follows. `relative` selects
/// `RFC3986_relative_ref`'s IP literal, whose alternatives are `\[IPv6`
/// and `IPvFuture\]` (a missing group), not `\[(IPv6|IPvFuture)\]`.
#[allow(clippy::type_complexity)]
fn authority(
    b: &[u8],
    i: usize,
    relative: bool,
) -> Option<(Option<(usize, usize)>, Option<(usize, usize)>, Rest)> {
    let u = span(b, i, USERINFO);
    // A userinfo only when an `@` ends it: no host, port or path start can
    // hold the `@` otherwise.
    let (userinfo, h) = if b.get(u) == Some(&b'@') {
        (Some((i, u)), u + 1)
    } else {
        (None, i)
    };
    match b.get(h) {
        Some(b'[') if relative => {
            for e in ipv6(b, h + 1) {
                if let Some(rest) = after_host(b, e) {
                    return Some((userinfo, Some((h, e)), rest));
                }
            }
            return None;
        }
        Some(b'[') => {
            let close = h + b[h..].iter().position(|&c| c == b']')?;
            let ok = ipv6_whole(&b[h + 1..close]) || ipvfuture(b, h + 1) == Some(close);
            return if ok {
                Some((userinfo, Some((h, close + 1)), after_host(b, close + 1)?))
            } else {
                None
            };
        }
        Some(b'v') if relative => {
            if let Some(e) = ipvfuture(b, h).filter(|&e| b.get(e) == Some(&b']'))
                && let Some(rest) = after_host(b, e + 1)
            {
                return Some((userinfo, Some((h, e + 1)), rest));
            }
        }
        _ => {}
    }
    // IPv4address or reg-name: the same span (reg-name holds IPv4's
    // characters and neither can be cut short before a delimiter).
    let e = span(b, h, REG_NAME);
    let host = (e > h).then_some((h, e));
    Some((userinfo, host, after_host(b, e)?))
}

pub(super) fn split(input: &str) -> Result<Split<'_>, alloc::string::String> {
    if !input.is_ascii() {
        return Err(not_ascii(input));
    }
    let b = input.as_bytes();
    let s = |r: (usize, usize)| &input[r.0..r.1];
    let mut sp = Split::default();
    // `[A-Za-z][+\-.0-9A-Za-z]*:`: the absolute form, else the relative one
    // (whose first segment cannot hold the `:`, so only one can match).
    let scheme_end = if b.first().is_some_and(u8::is_ascii_alphabetic) {
        let e = b
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            .unwrap_or(b.len());
        (b.get(e) == Some(&b':')).then_some(e)
    } else {
        None
    };
    let k = match scheme_end {
        Some(e) => {
            sp.scheme = Some(&input[..e]);
            e + 1
        }
        None => 0,
    };
    let relative = scheme_end.is_none();
    let rest = &b[k..];
    let (path, query, fragment) = if rest.starts_with(b"//") {
        let (userinfo, host, r) = authority(b, k + 2, relative).ok_or_else(|| bad_uri(input))?;
        sp.userinfo = userinfo.map(s);
        sp.host = host.map(s);
        sp.port = r.port.map(s);
        (r.path, r.query, r.fragment)
    } else if rest.starts_with(b"/") {
        let p = segments(b, k);
        let (q, f) = tail(b, p).ok_or_else(|| bad_uri(input))?;
        ((k, p), q, f)
    } else {
        let first = span(b, k, if relative { PCHAR_NC } else { PCHAR });
        let p = if first > k { segments(b, first) } else { k };
        let (q, f) = tail(b, p).ok_or_else(|| bad_uri(input))?;
        if p > k && !relative {
            // path-rootless: an opaque part, the query appended to it.
            sp.opaque = Some(&input[k..q.map_or(p, |q| q.1)]);
            sp.fragment = f.map(s);
            return Ok(sp);
        }
        ((k, p), q, f)
    };
    sp.path = Some(s(path));
    sp.query = query.map(s);
    sp.fragment = fragment.map(s);
    Ok(sp)
}
