//! The `url-parse` view: the npm package url-parse 1.5.10, `new
//! URLParse(s, {})` (its `index.js`: `Url`, `extractProtocol`, `trimLeft`,
//! the `rules` table; the default-port test is requires-port 1.0.0's
//! `required`). The second argument `{}` is an empty location: nothing is
//! resolved against a base, and the query stays a string.
//!
//! Fields: `scheme` is `.protocol` without its `:`, `userinfo` `.auth`,
//! `host` `.hostname`, `port` `.port`, `path` `.pathname`, `query` `.query`
//! without its `?`, `fragment` `.hash` without its `#`. url-parse writes
//! `''` for every part it has not: an empty `protocol`, `auth`,
//! `hostname`, `port`, `pathname`, `query` or `hash` is absent here.
//!
//! The quirks reproduced, each from the code:
//! - leading C0 controls, spaces and the Unicode spaces of `trimLeft` are
//!   dropped (trailing ones kept), and every tab, CR and LF anywhere;
//! - the scheme is `[A-Za-z][A-Za-z0-9+.-]*:`, lower-cased; after it `//`
//!   and then any run of `/` and `\` are "slashes". For `http(s)`, `ws(s)`
//!   and `ftp` every slash is skipped (`http:/a`, `http:\\\a` and
//!   `http:a` all have host `a`); `file:` skips two when there are two or
//!   more; any other scheme skips `//` only;
//! - no authority (everything is the path) for a non-special scheme or no
//!   scheme without `//`, and for `file:` unless exactly two slashes come
//!   before something that is no drive letter (`[A-Za-z]:`). That path is
//!   JavaScript's `/(.*)/`: it stops at U+2028 or U+2029, and the rest of
//!   the string is lost;
//! - the fragment is from the first `#`, the query from the first `?`
//!   before it; only then, for the special schemes, `\` becomes `/`;
//! - the userinfo ends at the LAST `@` (`http://a@b@c/` has userinfo
//!   `a%40b`), and is re-encoded: `encodeURIComponent(decodeURIComponent(
//!   x))` of the user and of the password, so a malformed `%` throws
//!   `URIError: URI malformed`, an empty password is dropped with its `:`;
//! - the port is the digits after the last `:` when only digits follow
//!   (`:` alone gives an empty port, `:8x` gives none and stays in the
//!   host); the scheme's default port (80 http/ws, 443 https/wss, 21 ftp,
//!   70 gopher, any port of file) and a port of value 0 are dropped,
//!   leading zeros counted (`:080` is 80);
//! - the host is lower-cased (JavaScript's `toLowerCase`) and never
//!   checked: spaces, `%` and brackets stay;
//! - a special scheme's path starts with `/` (`/` added to it).

use alloc::borrow::Cow;
use alloc::string::String;

use super::js::{URI_MALFORMED, find_any, reencode_component, to_lower};
use super::{Reading, View, host_kind_of};

/// `trimLeft`'s set: C0 controls, space and the Unicode spaces it lists.
fn trimmed(c: char) -> bool {
    matches!(c, '\0'..=' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}'
        | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}')
}

fn is_special(scheme: &str) -> bool {
    matches!(scheme, "file" | "ftp" | "http" | "https" | "ws" | "wss")
}

/// A part of the address: borrowed when the address is the input's slice
/// and nothing is replaced in it.
fn part<'a>(address: &Cow<'a, str>, from: usize, to: usize, unslash: bool) -> Cow<'a, str> {
    let s = &address[from..to];
    if unslash && s.contains('\\') {
        return Cow::Owned(s.replace('\\', "/"));
    }
    match address {
        Cow::Borrowed(a) => Cow::Borrowed(&a[from..to]),
        Cow::Owned(_) => Cow::Owned(String::from(s)),
    }
}

/// requires-port's `required(port, protocol)`: whether the port is kept.
fn required(port: &str, scheme: &str) -> bool {
    let digits = port.trim_start_matches('0');
    if digits.is_empty() {
        // `+port` is 0.
        return false;
    }
    let default = match scheme {
        "http" | "ws" => "80",
        "https" | "wss" => "443",
        "ftp" => "21",
        "gopher" => "70",
        "file" => return false,
        _ => return true,
    };
    digits != default
}

fn non_empty(c: Cow<'_, str>) -> Option<Cow<'_, str>> {
    (!c.is_empty()).then_some(c)
}

pub(super) fn read(input: &str) -> Reading<'_> {
    let trimmed_input = input.trim_start_matches(trimmed);
    let address: Cow<'_, str> = if find_any(trimmed_input, b"\t\n\r").is_some() {
        Cow::Owned(trimmed_input.replace(['\t', '\n', '\r'], ""))
    } else {
        Cow::Borrowed(trimmed_input)
    };
    let a = address.as_bytes();

    // extractProtocol: `^([a-z][a-z0-9.+-]*:)?(\/\/)?([\\/]+)?` (case-blind).
    let mut p = 0;
    if a.first().is_some_and(u8::is_ascii_alphabetic) {
        let run = a[1..]
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-')))
            .map_or(a.len(), |i| i + 1);
        if a.get(run) == Some(&b':') {
            p = run + 1;
        }
    }
    let scheme_raw = &address[..p.saturating_sub(1)];
    let scheme = to_lower(part(&address, 0, p.saturating_sub(1), false));
    let forward = a[p..].starts_with(b"//");
    let other_from = if forward { p + 2 } else { p };
    let slashes_end = a[other_from..]
        .iter()
        .position(|&b| b != b'/' && b != b'\\')
        .map_or(a.len(), |i| other_from + i);
    let count = slashes_end - p;
    let special = is_special(&scheme);
    let mut rest = p;
    if scheme == "file" {
        if count >= 2 {
            rest = p + 2;
        }
    } else if special {
        rest = slashes_end;
    } else if !scheme_raw.is_empty() && forward {
        rest = p + 2;
    }
    let slashes = forward || special;
    let drive = {
        let r = &a[rest..];
        r.len() >= 2 && r[0].is_ascii_alphabetic() && r[1] == b':'
    };
    let path_only = (scheme == "file" && (count != 2 || drive)) || !slashes;

    // The rules, in order: hash, query (each from its first mark), then
    // the path, userinfo, host, port, hostname of what is left.
    let mut end = address.len();
    let hash = address[rest..end].find('#').map(|i| {
        let h = rest + i;
        let f = part(&address, h + 1, end, false);
        end = h;
        f
    });
    let query = address[rest..end].find('?').map(|i| {
        let q = rest + i;
        let f = part(&address, q + 1, end, false);
        end = q;
        f
    });
    // `sanitize`: backslashes are slashes in a special URL's remainder.
    let unslash = special;
    let pathname;
    if path_only {
        // `/(.*)/`: `.` stops at a line terminator (CR and LF are gone).
        let stop = address[rest..end]
            .find(['\u{2028}', '\u{2029}'])
            .map_or(end, |i| rest + i);
        pathname = part(&address, rest, stop, unslash);
        end = rest;
    } else {
        let slash = address[rest..end]
            .find(|c| c == '/' || (unslash && c == '\\'))
            .map(|i| rest + i);
        pathname = match slash {
            Some(s) => {
                let f = part(&address, s, end, unslash);
                end = s;
                f
            }
            None => Cow::Borrowed(""),
        };
    }
    let mut auth = None;
    if let Some(at) = address[rest..end].rfind('@') {
        auth = Some(part(&address, rest, rest + at, unslash));
        rest += at + 1;
    }
    // The port: `/:(\d*)$/`, only the last `:` can match.
    let mut port = None;
    if let Some(c) = address[rest..end].rfind(':') {
        let digits = &address[rest + c + 1..end];
        if digits.bytes().all(|b| b.is_ascii_digit()) {
            port = Some(part(&address, rest + c + 1, end, false));
            end = rest + c;
        }
    }
    let hostname = to_lower(part(&address, rest, end, unslash));
    let port = port.filter(|p| required(p, &scheme));
    let pathname = if special && !pathname.starts_with('/') {
        let mut s = String::with_capacity(pathname.len() + 1);
        s.push('/');
        s.push_str(&pathname);
        Cow::Owned(s)
    } else {
        pathname
    };
    let userinfo = match auth.filter(|a| !a.is_empty()) {
        None => None,
        Some(auth) => Some(userinfo(auth).map_err(|()| String::from(URI_MALFORMED))?),
    };
    let host = non_empty(hostname);
    Ok(View {
        scheme: non_empty(scheme),
        userinfo: userinfo.and_then(non_empty),
        host_kind: host.as_deref().map(host_kind_of),
        host,
        port: port.and_then(non_empty),
        path: non_empty(pathname),
        query,
        fragment: hash,
    })
}

/// The `auth` url-parse writes back: user and password re-encoded, the
/// `:` kept only before a non-empty password.
fn userinfo(auth: Cow<'_, str>) -> Result<Cow<'_, str>, ()> {
    let Some(colon) = auth.find(':') else {
        return Ok(own_like(&auth, reencode_component(&auth)?));
    };
    let user = reencode_component(&auth[..colon])?;
    let password = reencode_component(&auth[colon + 1..])?;
    if password.is_empty() {
        return Ok(Cow::Owned(user.into_owned()));
    }
    let unchanged = matches!(user, Cow::Borrowed(_)) && matches!(password, Cow::Borrowed(_));
    if unchanged {
        return Ok(auth);
    }
    Ok(Cow::Owned([&*user, ":", &*password].concat()))
}

/// `new` as borrowed from `whole` when it is `whole` unchanged.
fn own_like<'a>(whole: &Cow<'a, str>, new: Cow<'_, str>) -> Cow<'a, str> {
    match (whole, new) {
        (Cow::Borrowed(w), Cow::Borrowed(n)) if w.len() == n.len() => Cow::Borrowed(w),
        (_, n) => Cow::Owned(n.into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::read;

    /// `(input, scheme, userinfo, host, port, path)` as url-parse 1.5.10
    /// read them (tests/data/views/readings/url-parse.jsonl).
    type Row = (
        &'static str,
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
    );

    #[test]
    fn the_quirks_read_as_url_parse_reads_them() {
        let rows: [Row; 5] = [
            // Every slash after a special scheme skipped, `\` one of them.
            (
                "http:\\\\evil.example\\",
                Some("http"),
                None,
                Some("evil.example"),
                None,
                Some("/"),
            ),
            // The default port dropped.
            (
                "http:/a.example:80/",
                Some("http"),
                None,
                Some("a.example"),
                None,
                Some("/"),
            ),
            // The last `@` ends the userinfo, re-encoded.
            (
                "http://foo@evil.com:80 @google.com/",
                Some("http"),
                Some("foo%40evil.com:80%20"),
                Some("google.com"),
                None,
                Some("/"),
            ),
            // `/(.*)/` stops at U+2028: the rest is lost.
            (
                "ht\u{2028}tp://a.example/",
                None,
                None,
                None,
                None,
                Some("ht"),
            ),
            (
                "file://localhost/etc/passwd",
                Some("file"),
                None,
                Some("localhost"),
                None,
                Some("/etc/passwd"),
            ),
        ];
        for (input, scheme, userinfo, host, port, path) in rows {
            let v = read(input).unwrap();
            assert_eq!(v.scheme.as_deref(), scheme, "{input:?}");
            assert_eq!(v.userinfo.as_deref(), userinfo, "{input:?}");
            assert_eq!(v.host.as_deref(), host, "{input:?}");
            assert_eq!(v.port.as_deref(), port, "{input:?}");
            assert_eq!(v.path.as_deref(), path, "{input:?}");
        }
    }

    #[test]
    fn a_malformed_escape_in_the_userinfo_throws() {
        assert_eq!(
            read("http://user%@a.example/").unwrap_err(),
            "URIError: URI malformed"
        );
    }
}
