//! The `php` view: PHP's `parse_url`, as PHP 8.2 (Debian's php-cli 8.2.36)
//! implements it in `php_url_parse_ex2` (php-src `ext/standard/url.c`).
//!
//! `parse_url` is not a grammar but a hand-written scan over bytes; this
//! file follows the same steps in the same order, so its quirks come out
//! the same:
//!
//! - a `:` is a scheme's end only when every byte before it is an ASCII
//!   letter, digit, `+`, `-` or `.`; otherwise, when the `:` comes before
//!   any `?` or `#` and is not the last byte, the string is read as
//!   `host:port...` (`a b:80` has the host `a b`);
//! - `name:123` or `name:123/x` (at most five digits after the `:`, then the
//!   end or a `/`) is a host and port, not a scheme; `scheme:` alone gives
//!   only a scheme; `scheme:x` (no `/` after the `:`) gives a path;
//! - `scheme:/x` is a path; `scheme://` is followed by an authority, except
//!   `file:///` (a path, and `file:///c:/` drops the third `/`);
//! - the authority ends at the first `/`, `?` or `#`; the userinfo ends at
//!   its LAST `@`; the port starts at the authority's LAST `:` unless the
//!   host is `[...]`;
//! - the port is read by `strtol` over at most five bytes: leading
//!   whitespace and a sign are accepted and trailing bytes after the digits
//!   ignored (`:+80`, `: 80` and `:80a` are all port 80), a value outside
//!   0-65535 or no digit at all fails; an empty port is no port;
//! - an empty host fails (`http://`, `http://@/`, `http://:80`);
//! - every control byte (0x00-0x1f, 0x7f: `iscntrl` in the C locale) in a
//!   component becomes `_`;
//! - the query and the fragment are present and empty for a bare `?` and
//!   `#`; the path is absent when empty, except when the path scan starts
//!   at the end of the string.
//!
//! A failure is `Err("false")`: `parse_url` returns `false` and says no
//! more. The userinfo is `user` and, when `parse_url` gives a `pass`, `:`
//! and the pass (it splits the userinfo at its first `:`, so this is the
//! userinfo as written). The port is `parse_url`'s integer in decimal. No
//! field uses an empty string for "absent".

use alloc::borrow::Cow;
use alloc::string::{String, ToString};

use super::{Reading, View, host_kind_of};

/// The failure of `parse_url`: PHP's `false`.
fn fail<'a>() -> Reading<'a> {
    Err(String::from("false"))
}

/// `php_replace_controlchars`: each control byte (a whole ASCII character,
/// so the result stays UTF-8) becomes `_`.
fn clean(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|c| c < 0x20 || c == 0x7f) {
        Cow::Owned(
            s.chars()
                .map(|c| if c < ' ' || c == '\x7f' { '_' } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(s)
    }
}

/// `strtol(buf, &end, 10)` over a port's bytes (at most five, so no
/// overflow): `None` when no digit is read.
fn strtol(buf: &[u8]) -> Option<i64> {
    let mut i = 0;
    while i < buf.len() && matches!(buf[i], b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
        i += 1;
    }
    let negative = match buf.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let start = i;
    let mut v: i64 = 0;
    while i < buf.len() && buf[i].is_ascii_digit() {
        v = v * 10 + i64::from(buf[i] - b'0');
        i += 1;
    }
    (i > start).then_some(if negative { -v } else { v })
}

fn find(b: &[u8], from: usize, to: usize, c: u8) -> Option<usize> {
    b[from..to].iter().position(|&x| x == c).map(|i| from + i)
}

fn rfind(b: &[u8], from: usize, to: usize, c: u8) -> Option<usize> {
    b[from..to].iter().rposition(|&x| x == c).map(|i| from + i)
}

/// `binary_strcspn`: the first of `chars` in `b[from..to]`, else `to`.
fn cspn(b: &[u8], from: usize, to: usize, chars: &[u8]) -> usize {
    b[from..to]
        .iter()
        .position(|c| chars.contains(c))
        .map_or(to, |i| from + i)
}

fn starts_relative(b: &[u8], s: usize) -> bool {
    s + 1 < b.len() && b[s] == b'/' && b[s + 1] == b'/'
}

/// Where `parse_url` goes next: its labels `parse_port` (with the `:`),
/// `parse_host` and `just_path`.
enum Step {
    Port(usize),
    Host,
    Path,
}

pub(super) fn read(input: &str) -> Reading<'_> {
    let b = input.as_bytes();
    let ue = b.len();
    let mut s = 0;
    let mut view = View::default();
    // `ret->port` and `has_port`: a found port of 0 reads as "no port" to
    // the host step, as in PHP.
    let mut port: Option<u16> = None;

    let step = match find(b, 0, ue, b':') {
        Some(e) if e != 0 => 'scheme: {
            let valid = b[..e]
                .iter()
                .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-'));
            if !valid {
                break 'scheme if e + 1 < ue && e < cspn(b, 0, ue, b"?#") {
                    Step::Port(e)
                } else if starts_relative(b, 0) {
                    s = 2;
                    Step::Host
                } else {
                    Step::Path
                };
            }
            if e + 1 == ue {
                view.scheme = Some(clean(&input[..e]));
                return Ok(view);
            }
            if b[e + 1] != b'/' {
                // `a.com:80` is a host and port, not a scheme.
                let mut p = e + 1;
                while p < ue && b[p].is_ascii_digit() {
                    p += 1;
                }
                if (p == ue || b[p] == b'/') && p - e < 7 {
                    break 'scheme Step::Port(e);
                }
                view.scheme = Some(clean(&input[..e]));
                s = e + 1;
                break 'scheme Step::Path;
            }
            view.scheme = Some(clean(&input[..e]));
            if e + 2 < ue && b[e + 2] == b'/' {
                s = e + 3;
                if input[..e].eq_ignore_ascii_case("file") && e + 3 < ue && b[e + 3] == b'/' {
                    // Windows drive letters: file:///c:/dir.
                    if e + 5 < ue && b[e + 5] == b':' {
                        s = e + 4;
                    }
                    Step::Path
                } else {
                    Step::Host
                }
            } else {
                s = e + 1;
                Step::Path
            }
        }
        Some(e) => Step::Port(e),
        None if starts_relative(b, 0) => {
            s = 2;
            Step::Host
        }
        None => Step::Path,
    };

    let step = match step {
        Step::Port(e) => {
            let p = e + 1;
            let mut pp = p;
            while pp < ue && pp - p < 6 && b[pp].is_ascii_digit() {
                pp += 1;
            }
            if pp - p > 0 && pp - p < 6 && (pp == ue || b[pp] == b'/') {
                match strtol(&b[p..pp]) {
                    Some(v @ 0..=65535) => port = Some(v as u16),
                    _ => return fail(),
                }
                if starts_relative(b, s) {
                    s += 2;
                }
                Step::Host
            } else if p == pp && pp == ue {
                return fail();
            } else if starts_relative(b, s) {
                s += 2;
                Step::Host
            } else {
                Step::Path
            }
        }
        other => other,
    };

    if let Step::Host = step {
        let e = cspn(b, s, ue, b"/?#");
        if let Some(at) = rfind(b, s, e, b'@') {
            view.userinfo = Some(clean(&input[s..at]));
            s = at + 1;
        }
        let colon = if s < ue && b[s] == b'[' && b[e - 1] == b']' {
            None // an IPv6 literal: no port scan
        } else {
            rfind(b, s, e, b':')
        };
        let host_end = match colon {
            Some(c) => {
                if port.unwrap_or(0) == 0 {
                    let q = c + 1;
                    if e - q > 5 {
                        return fail();
                    } else if e > q {
                        match strtol(&b[q..e]) {
                            Some(v @ 0..=65535) => port = Some(v as u16),
                            _ => return fail(),
                        }
                    }
                }
                c
            }
            None => e,
        };
        if host_end <= s {
            return fail();
        }
        let host = clean(&input[s..host_end]);
        view.host_kind = Some(host_kind_of(&host));
        view.host = Some(host);
        view.port = port.map(|p| Cow::Owned(p.to_string()));
        if e == ue {
            return Ok(view);
        }
        s = e;
    }
    view.port = port.map(|p| Cow::Owned(p.to_string()));

    let mut e = ue;
    if let Some(p) = find(b, s, e, b'#') {
        view.fragment = Some(clean(&input[p + 1..e]));
        e = p;
    }
    if let Some(p) = find(b, s, e, b'?') {
        view.query = Some(clean(&input[p + 1..e]));
        e = p;
    }
    if s < e || s == ue {
        view.path = Some(clean(&input[s..e]));
    }
    Ok(view)
}

#[cfg(test)]
mod tests {
    use super::read;

    fn fields(input: &str) -> [Option<String>; 7] {
        let v = read(input).unwrap();
        [
            v.scheme, v.userinfo, v.host, v.port, v.path, v.query, v.fragment,
        ]
        .map(|f| f.map(|c| c.into_owned()))
    }

    fn some(s: &str) -> Option<String> {
        Some(s.into())
    }

    // Expected values: PHP 8.2.36's parse_url (tests/data/views/readings/php.jsonl).
    #[test]
    fn host_and_port_without_a_scheme() {
        let [scheme, _, host, port, path, ..] = fields("example.com:80/x");
        assert_eq!(
            (scheme, host, port, path),
            (None, some("example.com"), some("80"), some("/x"))
        );
    }

    #[test]
    fn the_last_at_and_the_last_colon_split_the_authority() {
        let [_, userinfo, host, port, ..] = fields("http://foo@evil.com:80@google.com/");
        assert_eq!(
            (userinfo, host, port),
            (some("foo@evil.com:80"), some("google.com"), None)
        );
    }

    #[test]
    fn control_bytes_become_underscores() {
        let [_, _, host, ..] = fields("http://127.0.0.1\tfoo.google.com/");
        assert_eq!(host, some("127.0.0.1_foo.google.com"));
    }

    #[test]
    fn the_port_is_read_by_strtol() {
        for s in ["http://h:+80/", "http://h: 80/", "http://h:80a/"] {
            let [_, _, host, port, path, ..] = fields(s);
            assert_eq!(
                (host, port, path),
                (some("h"), some("80"), some("/")),
                "{s:?}"
            );
        }
    }

    #[test]
    fn odd_shapes() {
        // Not a scheme (a space before the `:`): a host and a port.
        let [scheme, _, host, port, path, ..] = fields("a b:80");
        assert_eq!(
            (scheme, host, port, path),
            (None, some("a b"), some("80"), None)
        );
        // A Windows drive letter loses the third `/`.
        let [scheme, _, host, _, path, ..] = fields("file:///c:/x");
        assert_eq!((scheme, host, path), (some("file"), None, some("c:/x")));
        // A bare `?` and `#` give empty, present parts; no path.
        let [_, _, _, _, path, query, fragment] = fields("http://h?#");
        assert_eq!((path, query, fragment), (None, some(""), some("")));
    }

    #[test]
    fn failures_are_false() {
        for s in [
            "http://",
            "http://:80/",
            "http://@/",
            "http://a:99999/",
            "//a:x/",
        ] {
            assert_eq!(read(s).unwrap_err(), "false", "{s:?}");
        }
    }
}
