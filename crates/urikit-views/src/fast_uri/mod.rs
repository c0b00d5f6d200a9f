//! The `fast-uri` view: the npm package fast-uri 4.2.4, `parse(s)` with no
//! options (its `index.js`: `parseWithStatus`, `URI_PARSE`,
//! `AUTHORITY_PREFIX`, `AUTHORITY_INTRODUCER_REGION`, `getParseError`,
//! `canonicalizeHost`; `lib/utils.js` for the encodings and IPv6;
//! `lib/schemes.js` for the `http(s)`, `ws(s)`, `urn`, `urn:uuid` and
//! `mailto` handlers). Its hosts of `http(s)` and `ws(s)` (and mailto
//! recipients' domains) go through `new URL('http://' + host)`: read here
//! by the `url` crate, so this view needs the `whatwg` feature.
//!
//! Fields: `parse`'s own `scheme`, `userinfo`, `host`, `port` (a number,
//! written in decimal), `path`, `query`, `fragment`; `undefined` is
//! absent, `""` is a value (`path` is `""` without one, `port` is `""`
//! after a bare `:`). A set `.error` is the reading's error (its first
//! one: fast-uri keeps the first error it sets, but for `urn:` with an
//! empty path, whose error replaces any other).
//!
//! The quirks reproduced, each from the code:
//! - errors for a leading or trailing C0 control or space, a `\` in the
//!   authority or in the slash run after the scheme, a tab/CR/LF inside
//!   that run, a path not starting with `/` after an authority
//!   (`http://a:b/`, `http://[a/`), a port over 65535, a scheme that is
//!   not `[A-Za-z][A-Za-z0-9+.-]*`, a `%` without two hex digits;
//! - the split is `URI_PARSE`'s: the userinfo ends at the FIRST `@`, the
//!   host may hold further `@`s; a fragment ends at U+2028 or U+2029 (the
//!   rest is lost);
//! - the port is `parseInt`'s number: `:080` is `80`, `:` alone is `""`;
//! - IPv4 hosts must be strict dotted-decimal; an IPv6 literal loses its
//!   brackets, its leading zeros and its longest zero run (`::`); an
//!   IPvFuture is lower-cased; a bad bracketed literal is `URI host is
//!   malformed.`;
//! - for `http(s)` and `ws(s)`, a host with `"#/:<>?@[\]^`{|}`, a control,
//!   space or DEL is malformed; one that is not plain lower-case ASCII
//!   (non-ASCII, `%`, or a number as last label such as `127.1`) is read by
//!   the WHATWG host parser (`127.1` is `127.0.0.1`, IDNA to A-labels), and
//!   its failure is `Host's domain name can not be converted to ASCII:
//!   TypeError: Invalid URL`; an empty host is an error there
//!   (`HTTP URIs must have a host.`, `WebSocket URIs must have a host.`);
//! - any host is lower-cased; when the string has a `%` anywhere,
//!   unreserved escapes of a name host are decoded; the host is then
//!   percent-encoded outside RFC 3986's reg-name set (non-ASCII as UTF-8,
//!   except for `mailto`);
//! - path, query and fragment get their unreserved escapes decoded (not
//!   `%2E` in the path), escapes upper-cased and other characters
//!   percent-encoded; not for `urn` and `mailto`;
//! - `ws(s)` moves path and query into its `resourceName`: both absent;
//!   `urn` needs `nid:nss` (a `urn:uuid` a UUID) and then has no path;
//!   `mailto` has no path or query, and checks its recipients' domains
//!   and header fields.

mod text;

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::js::{decode_uri_component, find_any, to_lower};
use super::{Reading, View, host_kind_of};
use text::{
    IpLiteral, encode_host, is_ipv4, malformed_percent, normalize_ipv6, normalize_path,
    normalize_percent, normalize_query, numeric_last_label, simple_domain, simple_domain_byte,
    whatwg_host,
};

const BACKSLASH: &str = "URI authority must not contain a literal backslash.";
const INTRODUCER_SPACE: &str = "URI authority introducer must not contain whitespace.";
const EDGE: &str = "URI must not contain leading or trailing C0 controls or spaces.";
const MALFORMED_SCHEME: &str = "URI scheme is malformed.";
const MALFORMED_PERCENT: &str = "URI contains malformed percent-encoding.";
const PATH_AFTER_AUTHORITY: &str = "URI path must start with \"/\" when authority is present.";
const MALFORMED_PORT: &str = "URI port is malformed.";
const MALFORMED_HOST: &str = "URI host is malformed.";
const NOT_ASCII: &str = "Host's domain name can not be converted to ASCII: TypeError: Invalid URL";
const HTTP_HOST: &str = "HTTP URIs must have a host.";
const WS_HOST: &str = "WebSocket URIs must have a host.";
const URN_EMPTY: &str = "URN can not be parsed";
const URN_PARSE: &str = "URN can not be parsed.";
const UUID: &str = "UUID is not valid.";
const MAILTO_HEADERS: &str = "URI mailto has malformed header fields.";
const MAILTO_AUTHORITY: &str = "URI mailto must not have an authority component.";
const MAILTO_DOMAIN: &str = "URI mailto has an invalid recipient domain.";

/// The scheme handlers of `lib/schemes.js`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Handler {
    Http,
    Ws,
    Urn,
    Mailto,
}

/// `getSchemeHandler` of a (lower-cased) scheme.
fn handler_of(scheme: &str) -> Option<Handler> {
    Some(match scheme {
        "http" | "https" => Handler::Http,
        "ws" | "wss" => Handler::Ws,
        "urn" => Handler::Urn,
        "mailto" => Handler::Mailto,
        _ => return None,
    })
}

/// The first error stays (`parsed.error = parsed.error || ...`).
fn set(error: &mut Option<&'static str>, e: &'static str) {
    error.get_or_insert(e);
}

/// `[^#/:?]+:` at the start: the scheme's end.
fn scheme_end(s: &str) -> Option<usize> {
    let end = find_any(s, b"#/:?")?;
    (end > 0 && s.as_bytes()[end] == b':').then_some(end)
}

fn valid_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b[1..]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-'))
}

/// `isIPLiteral`.
fn ip_literal(h: &str) -> bool {
    h.len() >= 2 && h.starts_with('[') && h.ends_with(']')
}

/// `FORBIDDEN_DOMAIN_HOST_CHARACTER`.
fn forbidden_domain(h: &str) -> bool {
    h.bytes().any(|b| {
        b <= 0x20
            || b == 0x7f
            || matches!(
                b,
                b'"' | b'#'
                    | b'/'
                    | b':'
                    | b'<'
                    | b'>'
                    | b'?'
                    | b'@'
                    | b'['
                    | b'\\'
                    | b']'
                    | b'^'
                    | b'`'
                    | b'{'
                    | b'|'
                    | b'}'
            )
    })
}

/// A letter of `[a-z]` under JavaScript's `/iu` (case folding adds U+017F
/// and U+212A, which fold to `s` and `k`).
fn iu_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '\u{17f}' || c == '\u{212a}'
}

/// `URN_REG`: `nid:nss`, the nid's end.
fn urn_nid_end(path: &str) -> Option<usize> {
    let colon = path.find(':')?;
    let nid = &path[..colon];
    let mut chars = nid.chars();
    let first = chars.next()?;
    if !(first.is_ascii_digit() || iu_letter(first)) || nid.chars().count() > 32 {
        return None;
    }
    if !chars.all(|c| c.is_ascii_digit() || c == '-' || iu_letter(c)) {
        return None;
    }
    let nss = &path[colon + 1..];
    let b = nss.as_bytes();
    let mut i = 0;
    let mut any = false;
    for (at, c) in nss.char_indices() {
        if at < i {
            continue;
        }
        any = true;
        if c == '%' {
            if at + 2 >= b.len() || !b[at + 1].is_ascii_hexdigit() || !b[at + 2].is_ascii_hexdigit()
            {
                return None;
            }
            i = at + 3;
            continue;
        }
        let ok = c.is_ascii_alphanumeric()
            || iu_letter(c)
            || matches!(
                c,
                '_' | '!'
                    | '$'
                    | '\''
                    | '('
                    | ')'
                    | '*'
                    | '+'
                    | ','
                    | '-'
                    | '.'
                    | '/'
                    | ':'
                    | ';'
                    | '='
                    | '@'
            );
        if !ok {
            return None;
        }
        i = at + c.len_utf8();
    }
    any.then_some(colon)
}

/// `isUUID`.
fn is_uuid(s: &str) -> bool {
    let groups: Vec<&str> = s.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, n)| g.len() == n && g.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// `decodeHex`: `decodeURIComponent`, or the text itself where it throws.
fn decode_hex(s: &str) -> Cow<'_, str> {
    decode_uri_component(s).unwrap_or(Cow::Borrowed(s))
}

/// `mailtoNormalizeDomain`'s verdict: whether the domain is accepted.
fn mailto_domain_ok(domain: &str) -> bool {
    let d = to_lower(Cow::Borrowed(domain));
    let db = d.as_bytes();
    let literal = db.len() >= 2
        && db[0] == b'['
        && db[db.len() - 1] == b']'
        && db[1..db.len() - 1]
            .iter()
            .all(|&b| matches!(b, 0x21..=0x5a | 0x5e..=0x7e));
    if literal {
        return true;
    }
    if !d.is_empty() && simple_domain(&d, true) && !numeric_last_label(&d) {
        return true;
    }
    matches!(whatwg_host(&d), Ok(Some(_)))
}

/// The parts `URI_PARSE` matches (`undefined` groups are `None`).
struct Split<'a> {
    scheme: Option<&'a str>,
    authority: bool,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// `URI_PARSE`, which always matches (it has no `$`).
fn split(input: &str) -> Split<'_> {
    let b = input.as_bytes();
    let end = scheme_end(input);
    let mut pos = end.map_or(0, |e| e + 1);
    let mut s = Split {
        scheme: end.map(|e| &input[..e]),
        authority: false,
        userinfo: None,
        host: None,
        port: None,
        path: "",
        query: None,
        fragment: None,
    };
    if input[pos..].starts_with("//") {
        s.authority = true;
        let a = pos + 2;
        let mut h = a;
        if let Some(at) = find_any(&input[a..], b"#/?@").map(|i| a + i)
            && b[at] == b'@'
        {
            s.userinfo = Some(&input[a..at]);
            h = at + 1;
        }
        // `\[[^#/?\]]+\]` first, else `[^#/:?]*`.
        let bracketed = (b.get(h) == Some(&b'['))
            .then(|| find_any(&input[h + 1..], b"#/?]").map(|i| h + 1 + i))
            .flatten()
            .filter(|&j| b[j] == b']' && j > h + 1);
        let host_end = match bracketed {
            Some(j) => j + 1,
            None => find_any(&input[h..], b"#/:?").map_or(input.len(), |i| h + i),
        };
        s.host = Some(&input[h..host_end]);
        pos = host_end;
        if b.get(pos) == Some(&b':') {
            let digits = b[pos + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            s.port = Some(&input[pos + 1..pos + 1 + digits]);
            pos += 1 + digits;
        }
    }
    let path_end = find_any(&input[pos..], b"#?").map_or(input.len(), |i| pos + i);
    s.path = &input[pos..path_end];
    pos = path_end;
    if b.get(pos) == Some(&b'?') {
        let e = input[pos + 1..]
            .find('#')
            .map_or(input.len(), |i| pos + 1 + i);
        s.query = Some(&input[pos + 1..e]);
        pos = e;
    }
    if b.get(pos) == Some(&b'#') {
        // `(?:.|[\n\r])*`: `.` stops at U+2028 and U+2029.
        let e = input[pos + 1..]
            .find(['\u{2028}', '\u{2029}'])
            .map_or(input.len(), |i| pos + 1 + i);
        s.fragment = Some(&input[pos + 1..e]);
    }
    s
}

/// The checks before `URI_PARSE`: a `\` in the authority, a malformed
/// authority introducer, whitespace at either end.
fn check_edges(input: &str, error: &mut Option<&'static str>) {
    let after_scheme = scheme_end(input).map_or(0, |e| e + 1);
    if let Some(region) = input[after_scheme..].strip_prefix("//") {
        let end = find_any(region, b"/?#").unwrap_or(region.len());
        if region[..end].contains('\\') {
            set(error, BACKSLASH);
        }
    }
    let run = input.as_bytes()[after_scheme..]
        .iter()
        .take_while(|b| matches!(b, b'/' | b'\\' | b'\t' | b'\n' | b'\r'));
    let mut kept = run.clone().filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'));
    let all = run.count();
    let (first, second) = (kept.next(), kept.next());
    if second.is_some() {
        if (first, second) != (Some(&b'/'), Some(&b'/')) {
            set(error, BACKSLASH);
        } else if 2 + kept.count() != all {
            set(error, INTRODUCER_SPACE);
        }
    }
    let edge = |c: Option<char>| c.is_some_and(|c| c <= ' ');
    if edge(input.chars().next()) || edge(input.chars().next_back()) {
        set(error, EDGE);
    }
}

pub(super) fn read(input: &str) -> Reading<'_> {
    let mut error = None;
    check_edges(input, &mut error);
    let m = split(input);

    let scheme = match m.scheme {
        Some(s) if valid_scheme(s) => Some(to_lower(Cow::Borrowed(s))),
        Some(s) => {
            set(&mut error, MALFORMED_SCHEME);
            Some(Cow::Borrowed(s))
        }
        None => None,
    };
    // Each component is a part of `input`: without a `%` there, none has
    // one to check.
    let has_percent = input.as_bytes().contains(&b'%');
    let host_percent = m.host.filter(|h| !ip_literal(h));
    if has_percent
        && [m.userinfo, host_percent, Some(m.path), m.query, m.fragment]
            .into_iter()
            .flatten()
            .any(malformed_percent)
    {
        set(&mut error, MALFORMED_PERCENT);
    }
    // `parseInt(port, 10)`, then `getParseError`.
    let mut port_out_of_range = false;
    let port: Option<Cow<'_, str>> = m.port.map(|d| {
        if d.is_empty() {
            return Cow::Borrowed("");
        }
        let t = d.trim_start_matches('0');
        match t.parse::<u32>() {
            Ok(v) if t.len() <= 5 && v <= 65535 => {
                if t.len() == d.len() {
                    Cow::Borrowed(d)
                } else {
                    Cow::Owned(v.to_string())
                }
            }
            _ if t.is_empty() => Cow::Borrowed("0"),
            _ => {
                port_out_of_range = true;
                Cow::Borrowed(d)
            }
        }
    });
    if m.authority && !m.path.is_empty() && !m.path.starts_with('/') {
        set(&mut error, PATH_AFTER_AUTHORITY);
    } else if port_out_of_range {
        set(&mut error, MALFORMED_PORT);
    }

    let mut is_ip = false;
    let mut malformed_ip = false;
    let mut host: Option<Cow<'_, str>> = m.host.map(Cow::Borrowed);
    if let Some(h) = m.host.filter(|h| !h.is_empty()) {
        if is_ipv4(h) {
            is_ip = true;
        } else {
            let has_bracket = find_any(h, b"[]").is_some();
            match normalize_ipv6(h) {
                IpLiteral::V6(a) | IpLiteral::Future(a) => {
                    is_ip = true;
                    malformed_ip = has_bracket && !ip_literal(h);
                    host = Some(Cow::Owned(a));
                }
                IpLiteral::No(bad) => {
                    malformed_ip = has_bracket && (!ip_literal(h) || bad);
                    host = Some(to_lower(Cow::Borrowed(h)));
                }
            }
            if malformed_ip {
                set(&mut error, MALFORMED_HOST);
            }
        }
    }

    let handler = scheme.as_deref().and_then(handler_of);
    let domain_host = matches!(handler, Some(Handler::Http | Handler::Ws));
    // `canonicalizeHost`.
    if !malformed_ip
        && domain_host
        && !is_ip
        && let Some(h) = host.as_deref().filter(|h| !h.is_empty() && !ip_literal(h))
    {
        if forbidden_domain(h) {
            set(&mut error, MALFORMED_HOST);
        } else if !simple_domain(h, false) {
            // `fastLowerAsciiHost`, else the WHATWG parser.
            let printable = h.bytes().all(|b| (0x20..=0x7e).contains(&b));
            // `simple_domain` of the lower-cased host, byte by byte: no
            // lower-cased copy (the simple set has no upper-case letter, so
            // each byte's lower case is all that matters).
            let fast = !numeric_last_label(h)
                && printable
                && h.bytes()
                    .all(|b| simple_domain_byte(b.to_ascii_lowercase(), true));
            if fast {
                host = host.map(to_lower);
            } else {
                match whatwg_host(h) {
                    Err(()) => set(&mut error, NOT_ASCII),
                    Ok(None) => set(&mut error, MALFORMED_HOST),
                    Ok(Some(w)) => host = Some(Cow::Owned(w)),
                }
            }
        }
    }
    if !malformed_ip && let Some(mut h) = host.take() {
        if has_percent && !is_ip {
            h = normalize_percent(h, true);
            h = normalize_percent(to_lower(h), false);
        }
        host = Some(encode_host(h, is_ip, handler == Some(Handler::Mailto)));
    }

    let mut path = Some(Cow::Borrowed(m.path));
    let mut query = m.query.map(Cow::Borrowed);
    let mut fragment = m.fragment.map(Cow::Borrowed);
    if !matches!(handler, Some(Handler::Urn | Handler::Mailto)) {
        path = path.map(|p| if p.is_empty() { p } else { normalize_path(p) });
        query = query.map(|q| if q.is_empty() { q } else { normalize_query(q) });
        fragment = fragment.map(|f| if f.is_empty() { f } else { normalize_query(f) });
    }

    let userinfo = m.userinfo.map(Cow::Borrowed);
    match handler {
        None => {}
        Some(Handler::Http) if host.as_deref().is_none_or(str::is_empty) => {
            set(&mut error, HTTP_HOST);
        }
        Some(Handler::Http) => {}
        Some(Handler::Ws) => {
            if host.as_deref().is_none_or(str::is_empty) {
                set(&mut error, WS_HOST);
            }
            path = None;
            query = None;
        }
        Some(Handler::Urn) => {
            if m.path.is_empty() {
                // Not `||`: this error replaces any other.
                error = Some(URN_EMPTY);
            } else if let Some(colon) = urn_nid_end(m.path) {
                path = None;
                if to_lower(Cow::Borrowed(&m.path[..colon])) == "uuid"
                    && !is_uuid(&m.path[colon + 1..])
                {
                    set(&mut error, UUID);
                }
            } else {
                set(&mut error, URN_PARSE);
            }
        }
        Some(Handler::Mailto) => {
            // Recipients beside an authority are an error: the fields
            // fast-uri then clears are never read.
            mailto(&m, &mut error);
            path = None;
            query = None;
        }
    }
    if let Some(e) = error {
        return Err(String::from(e));
    }
    Ok(View {
        scheme,
        userinfo,
        host_kind: host.as_deref().map(host_kind_of),
        host,
        port,
        path,
        query,
        fragment,
    })
}

/// The header fields of a mailto query: `(name, value)`, `None` for a
/// field with more than one `=`.
fn mailto_fields(query: &str) -> impl Iterator<Item = Option<(&str, &str)>> {
    query.split('&').map(|token| {
        let eq = token.find('=');
        if eq != token.rfind('=') {
            return None;
        }
        Some(match eq {
            Some(e) => (&token[..e], &token[e + 1..]),
            None => (token, ""),
        })
    })
}

fn is_to(name: &str) -> bool {
    to_lower(decode_hex(name)) == "to"
}

/// `mailtoParse`'s errors: malformed header fields, an authority beside
/// recipients, a recipient without `@` or with a bad domain.
fn mailto(m: &Split<'_>, error: &mut Option<&'static str>) {
    let mut to: Vec<&str> = if m.path.is_empty() {
        Vec::new()
    } else {
        m.path.split(',').collect()
    };
    if let Some(q) = m.query.filter(|q| !q.is_empty()) {
        for field in mailto_fields(q) {
            match field {
                None => set(error, MAILTO_HEADERS),
                Some((name, value)) if is_to(name) => to.extend(value.split(',')),
                Some(_) => {}
            }
        }
    }
    if !to.is_empty() && (m.userinfo.is_some() || m.host.is_some() || m.port.is_some()) {
        set(error, MAILTO_AUTHORITY);
    }
    for addr in to {
        match addr.rfind('@') {
            None => set(error, MAILTO_DOMAIN),
            Some(at) => {
                if !mailto_domain_ok(&decode_hex(&addr[at + 1..])) {
                    set(error, MAILTO_DOMAIN);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::read;

    /// `(input, host, port, path)` as fast-uri 4.2.4's `parse` read them
    /// (tests/data/views/readings/fast-uri.jsonl).
    type Row = (
        &'static str,
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
    );

    #[test]
    fn the_quirks_read_as_fast_uri_reads_them() {
        let rows: [Row; 8] = [
            // The WHATWG host parser for a numeric last label.
            ("http://0177.1/", Some("127.0.0.1"), None, Some("/")),
            (
                "http://bücher.example/",
                Some("xn--bcher-kva.example"),
                None,
                Some("/"),
            ),
            // `parseInt` of the port; IPv6 compressed, brackets dropped.
            (
                "http://[0000:0000:0000:0000:0000:0000:0000:0001]:8080/p?q#f",
                Some("::1"),
                Some("8080"),
                Some("/p"),
            ),
            (
                "http://example.com:0080/",
                Some("example.com"),
                Some("80"),
                Some("/"),
            ),
            ("foo://a.example:/", Some("a.example"), Some(""), Some("/")),
            // ws moves path and query into its resource name.
            (
                "ws://example.com:80/",
                Some("example.com"),
                Some("80"),
                None,
            ),
            // A urn's nid:nss leaves no path.
            ("urn:isbn:0451450523", None, None, None),
            ("http://[@127.0.0.1/", Some("127.0.0.1"), None, Some("/")),
        ];
        for (input, host, port, path) in rows {
            let v = read(input).unwrap();
            assert_eq!(v.host.as_deref(), host, "{input:?}");
            assert_eq!(v.port.as_deref(), port, "{input:?}");
            assert_eq!(v.path.as_deref(), path, "{input:?}");
        }
    }

    #[test]
    fn the_errors_are_fast_uris() {
        for (input, error) in [
            ("http://[127.0.0.1]/", "URI host is malformed."),
            (
                "http://[::1].suffix/",
                "URI path must start with \"/\" when authority is present.",
            ),
            (
                "http://127.1.1.1:80\\@127.2.2.2:80/",
                "URI authority must not contain a literal backslash.",
            ),
            ("urn://a.example:80/a", "URN can not be parsed."),
            (
                "mailto://a.example:80/a",
                "URI mailto must not have an authority component.",
            ),
            ("http://a@b@c/", "URI host is malformed."),
        ] {
            assert_eq!(read(input).unwrap_err(), error, "{input:?}");
        }
    }
}
