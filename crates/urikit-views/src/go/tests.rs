//! The `go` view's quirks. Each expected value is what Go 1.27.3's
//! `url.Parse` gave: from `go.jsonl` (recorded by
//! `tests/data/views/readings/record_go.go`) where the input is one of
//! `inputs.jsonl`, else from running `url.Parse` on it with that Go
//! (marked "go run").

use alloc::borrow::Cow;

use super::read;
use crate::View;

fn ok(input: &str) -> View<'_> {
    read(input).unwrap_or_else(|e| panic!("{input}: {e}"))
}

fn err(input: &str) -> alloc::string::String {
    read(input).expect_err(input)
}

#[test]
fn strict_colons_only_for_http_and_https() {
    assert_eq!(
        err("http://127.0.0.1:11211:80/"),
        r#"parse "http://127.0.0.1:11211:80/": invalid port ":11211:80" after host"#
    );
    let v = ok("ftp://a.example:80:80/");
    assert_eq!(v.host.as_deref(), Some("a.example:80"));
    assert_eq!(v.port.as_deref(), Some("80"));
    // No '[' at the start: the brackets are not an IP-literal.
    let v = ok("ws://::1]:80");
    assert_eq!(v.host.as_deref(), Some("::1]"));
    assert_eq!(v.port.as_deref(), Some("80"));
    assert_eq!(v.path, None);
}

#[test]
fn userinfo_to_the_last_at_written_back_escaped() {
    let v = ok("http://foo@evil.com:80@google.com/");
    assert_eq!(v.userinfo.as_deref(), Some("foo%40evil.com:80"));
    assert_eq!(v.host.as_deref(), Some("google.com"));
    assert_eq!(ok("http://@a.example/").userinfo.as_deref(), Some(""));
    assert_eq!(
        err("http://user\u{a0}@a.example/"),
        r#"parse "http://user\u00a0@a.example/": net/url: invalid userinfo"#
    );
}

#[test]
fn ip_literals_by_netip() {
    assert_eq!(
        err("http://[v1.fe80::a+en1]/"),
        r#"parse "http://[v1.fe80::a+en1]/": invalid host: ParseAddr("v1.fe80::a+en1"): unexpected character (at "v1.fe80::a+en1")"#
    );
    assert_eq!(
        err("http://[::1.2.3]:8080/p?q#f"),
        r#"parse "http://[::1.2.3]:8080/p?q": invalid host: ParseAddr("::1.2.3"): IPv4 address too short"#
    );
    // go run:
    assert_eq!(
        err("http://[1.2.3.4]/"),
        r#"parse "http://[1.2.3.4]/": invalid IP-literal"#
    );
    let v = ok("http://[fe80::1%25eth0]/");
    assert_eq!(v.host.as_deref(), Some("fe80::1%eth0"));
    assert_eq!(v.host_kind, Some("ipv6"));
    // go run: a zone may encode a space, not a non-ASCII byte.
    assert_eq!(
        ok("http://[fe80::1%25en%200]/").host.as_deref(),
        Some("fe80::1%en 0")
    );
    assert_eq!(
        err("http://[::1%25%C3%A9]/"),
        r#"parse "http://[::1%25%C3%A9]/": invalid URL escape "%C3""#
    );
}

#[test]
fn host_escapes_only_for_non_ascii() {
    // go run for the three.
    assert_eq!(
        err("http://a%41/"),
        r#"parse "http://a%41/": invalid URL escape "%41""#
    );
    assert_eq!(ok("http://%C3%A9x/").host.as_deref(), Some("éx"));
    // Go's Hostname is "\xff"; its JSON (the recording) writes U+FFFD.
    assert_eq!(ok("http://%ff/").host.as_deref(), Some("\u{fffd}"));
}

#[test]
fn opaque_and_empty_parts() {
    let v = ok("http:\\\\evil.example\\");
    assert_eq!(v.path.as_deref(), Some("\\\\evil.example\\"));
    assert_eq!(v.host, None);
    let v = ok("https://example.com?");
    assert_eq!(v.query.as_deref(), Some(""));
    assert_eq!(v.path, None);
    let v = ok("http://example.com:/");
    assert_eq!((v.host.as_deref(), v.port), (Some("example.com"), None));
}

#[test]
fn path_and_fragment_escaped_again() {
    assert_eq!(
        ok("http:/\\evil.example/").path.as_deref(),
        Some("/%5Cevil.example/")
    );
    let v = ok("http://a.example/#f\tg");
    assert_eq!(v.fragment.as_deref(), Some("f%09g"));
    assert_eq!(
        err("http://a.example/#f%zzg"),
        r#"parse "http://a.example/#f%zzg": invalid URL escape "%zz""#
    );
    // go run: the special cases of `*`, and an escape cut inside a rune.
    assert_eq!(ok("%2A").path, Some(Cow::Borrowed("*")));
    assert_eq!(ok("%2a").path.as_deref(), Some("%2a"));
    assert_eq!(ok("*").path.as_deref(), Some("*"));
    assert_eq!(
        err("http://h/#%\u{200b}"),
        r#"parse "http://h/#%\u200b": invalid URL escape "%\xe2\x80""#
    );
}

#[test]
fn control_bytes_and_quoting() {
    assert_eq!(
        err("http://0\r\n SLAVEOF orange.tw 6379\r\n :80/"),
        r#"parse "http://0\r\n SLAVEOF orange.tw 6379\r\n :80/": net/url: invalid control character in URL"#
    );
    assert_eq!(
        err("\u{a0}http://a.example/"),
        r#"parse "\u00a0http://a.example/": first path segment in URL cannot contain colon"#
    );
}
