//! Expected values: Ruby 3.1.2's `URI` (uri 0.11.0), as printed by
//! `URI.parse(s)` / `URI::RFC2396_Parser.new.parse(s)` and the accessors
//! the views read (the recordings in tests/data/views/readings hold more).

use super::{read, read_rfc2396};
use crate::Reading;

/// scheme, userinfo, hostname, port, path, query, fragment.
type Fields<'a> = [Option<&'a str>; 7];

fn fields(r: Reading<'_>) -> [Option<String>; 7] {
    let v = r.unwrap();
    [
        v.scheme, v.userinfo, v.host, v.port, v.path, v.query, v.fragment,
    ]
    .map(|f| f.map(|c| c.into_owned()))
}

fn check(r: Reading<'_>, want: Fields<'_>) {
    assert_eq!(fields(r), want.map(|f| f.map(String::from)));
}

#[test]
fn relative_ip_literal_misses_a_group() {
    // RFC3986_relative_ref's IP-literal is `\[IPv6` or `IPvFuture\]`.
    assert_eq!(
        read("//[::1]/").unwrap_err(),
        r#"URI::InvalidURIError: bad URI(is not URI?): "//[::1]/""#
    );
    check(
        read("//[::1"),
        [None, None, Some("[::1"), None, Some(""), None, None],
    );
    check(
        read("//v1.x]/"),
        [None, None, Some("v1.x]"), None, Some("/"), None, None],
    );
}

#[test]
fn ipv6_needs_a_digit_before_the_double_colon_with_four_groups_after() {
    assert!(read("http://[::1:2:3:4:5:6]/").is_err());
    check(
        read("http://[1::1:2:3:4:5:6]/"),
        [
            Some("http"),
            None,
            Some("1::1:2:3:4:5:6"),
            Some("80"),
            Some("/"),
            None,
            None,
        ],
    );
}

#[test]
fn errors_print_the_string_as_dump_and_inspect_do() {
    assert_eq!(
        read("é\"#{x").unwrap_err(),
        r#"URI::InvalidURIError: URI must be ascii only "\u00E9\"\#{x""#
    );
    assert_eq!(
        read("a b\t\u{0}\u{7f}").unwrap_err(),
        r#"URI::InvalidURIError: bad URI(is not URI?): "a b\t\u0000\u007F""#
    );
}

#[test]
fn query_setter_encodes_deletes_and_refuses() {
    check(
        read("http://a/?a b<'\t>"),
        [
            Some("http"),
            None,
            Some("a"),
            Some("80"),
            Some("/"),
            Some("a%20b%3C%27%3E"),
            None,
        ],
    );
    assert_eq!(
        read("http://a/?%zz").unwrap_err(),
        "URI::InvalidURIError: invalid percent escape: %zz"
    );
}

#[test]
fn scheme_classes() {
    check(
        read("http://a:0080"),
        [
            Some("http"),
            None,
            Some("a"),
            Some("80"),
            Some(""),
            None,
            None,
        ],
    );
    check(
        read("ftp://a/%2Fb;type=i"),
        [
            Some("ftp"),
            None,
            Some("a"),
            Some("21"),
            Some("/b"),
            None,
            None,
        ],
    );
    assert_eq!(
        read("ftp:x").unwrap_err(),
        "URI::InvalidURIError: URI::InvalidURIError"
    );
    check(
        read("file://u@localhost:80/x"),
        [Some("file"), None, None, None, Some("/x"), None, None],
    );
    assert_eq!(
        read("mailto:a@b,c").unwrap_err(),
        "URI::InvalidComponentError: unrecognised opaque part for mailtoURL: a@b,c"
    );
    check(
        read("mailto://h?x"),
        [
            Some("mailto"),
            None,
            Some("h"),
            None,
            Some(""),
            Some("x"),
            None,
        ],
    );
    assert_eq!(
        read("ldap://a/x#").unwrap_err(),
        "URI::InvalidURIError: bad LDAP URL"
    );
    check(
        read("WS://a"),
        [
            Some("ws"),
            None,
            Some("a"),
            Some("80"),
            Some(""),
            None,
            None,
        ],
    );
    // Ruby 3.1's `uri` does not load wss.rb: a URI::Generic, no port.
    check(
        read("wss://a"),
        [Some("wss"), None, Some("a"), None, Some(""), None, None],
    );
    check(
        read("http://@a/"),
        [
            Some("http"),
            None,
            Some("a"),
            Some("80"),
            Some("/"),
            None,
            None,
        ],
    );
}

#[test]
fn rfc2396_registry_whitespace_and_no_path() {
    assert_eq!(
        read_rfc2396("http://a_b/").unwrap_err(),
        "URI::InvalidURIError: the scheme http does not accept registry part: a_b (or bad hostname?)"
    );
    check(
        read_rfc2396(" http://a/ "),
        [
            Some("http"),
            None,
            Some("a"),
            Some("80"),
            Some("/"),
            None,
            None,
        ],
    );
    assert_eq!(
        read_rfc2396("http://").unwrap_err(),
        "URI::InvalidURIError: bad URI(absolute but no path): http://"
    );
    assert_eq!(
        read_rfc2396("a b").unwrap_err(),
        "URI::InvalidURIError: bad URI(is not URI?): a b"
    );
    check(
        read_rfc2396("//u@:80/"),
        [None, Some("u"), None, Some("80"), Some("/"), None, None],
    );
    // No count of the groups.
    check(
        read_rfc2396("http://[1:2:3:4:5:6:7:8:9]/"),
        [
            Some("http"),
            None,
            Some("1:2:3:4:5:6:7:8:9"),
            Some("80"),
            Some("/"),
            None,
            None,
        ],
    );
    check(
        read_rfc2396(""),
        [None, None, None, None, Some(""), None, None],
    );
}
