//! `uri to-uri`, `uri to-iri`, `uri parse --iri` and `uri parse --zone-id`,
//! run as a program: the RFC 3987 and RFC 6874 examples.

use crate::common::*;

#[test]
fn to_uri_rfc3987_3_1_example() {
    // RFC 3987 3.1: "http://www.example.org/red%09ros&#xE9;#red" maps to
    // "http://www.example.org/red%09ros%C3%A9#red".
    let out = uri(
        &["to-uri", "http://www.example.org/red%09ros\u{E9}#red"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://www.example.org/red%09ros%C3%A9#red\n");
}

#[test]
fn to_uri_idna_maps_the_host_to_ascii() {
    let out = uri(&["to-uri", "--idna", "http://b\u{FC}cher.example/"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://xn--bcher-kva.example/\n");
    // Without --idna the host is percent-encoded (RFC 3987 3.1, step 2).
    let out = uri(&["to-uri", "http://b\u{FC}cher.example/"], None);
    assert_eq!(stdout(&out), "http://b%C3%BCcher.example/\n");
}

#[test]
fn to_iri_rfc3987_3_2_examples() {
    // RFC 3987 3.2: "http://www.example.org/D%C3%BCrst" converts to
    // "http://www.example.org/D&#xFC;rst"; "http://www.example.org/D%FCrst"
    // (not UTF-8) stays as it is.
    let out = uri(
        &[
            "to-iri",
            "http://www.example.org/D%C3%BCrst",
            "http://www.example.org/D%FCrst",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://www.example.org/D\u{FC}rst\nhttp://www.example.org/D%FCrst\n"
    );
}

#[test]
fn to_iri_idna_shows_u_labels() {
    // RFC 3987 3.2.1: xn--99zt52a is U+7D0D U+8C46; the encoded U+202E
    // (a bidi control) is not decoded.
    let out = uri(
        &[
            "to-iri",
            "--idna",
            "http://xn--99zt52a.example.org/%e2%80%ae",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE\n"
    );
}

#[test]
fn to_uri_streams_stdin_and_reports_invalid_lines() {
    let out = uri(
        &["to-uri", "--keep-invalid"],
        Some("/\u{E9}\n/a b\n?\u{E000}\n".as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    // iprivate is allowed in the query only (RFC 3987 2.2).
    assert_eq!(stdout(&out), "/%C3%A9\n/a b\n?%EE%80%80\n");
    let err = stderr(&out);
    assert!(err.contains("line 2"), "{err}");
    assert!(err.contains('^'), "{err}");
}

#[test]
fn to_uri_and_to_iri_json() {
    let out = uri(&["to-uri", "--json", "/\u{E9}", "/a"], None);
    let lines = json_lines(&out);
    assert_eq!(lines[0]["uri"], "/%C3%A9");
    assert_eq!(lines[0]["changed"], true);
    assert_eq!(lines[1]["uri"], "/a");
    assert_eq!(lines[1]["changed"], false);
    let out = uri(&["to-iri", "--json", "/%C3%A9", "a b"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["iri"], "/\u{E9}");
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["index"], 1);
}

#[test]
fn parse_iri_json_kinds() {
    let out = uri(
        &[
            "parse",
            "--iri",
            "--json",
            "http://\u{4F8B}\u{3048}.jp/\u{30D1}\u{30B9}",
            "http://a/b",
            "../\u{E4}",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["kind"], "iri");
    assert_eq!(lines[0]["host"], "\u{4F8B}\u{3048}.jp");
    assert_eq!(lines[0]["path"], "/\u{30D1}\u{30B9}");
    assert_eq!(lines[1]["kind"], "uri");
    assert_eq!(lines[2]["kind"], "relative");
    assert_eq!(lines[2]["path"], "../\u{E4}");
}

#[test]
fn parse_without_iri_rejects_unicode() {
    let out = uri(&["parse", "--json", "http://\u{E9}/"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["valid"], false);
}

#[test]
fn parse_iri_invalid_gives_a_caret() {
    // U+E000 (iprivate) is not allowed in the path.
    let out = uri(&["parse", "--iri", "/a\u{E000}"], None);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains('^'), "{err}");
    assert!(err.contains("path"), "{err}");
}

#[test]
fn parse_zone_id_json_and_field() {
    // RFC 6874 section 2's form: "%25" then the zone.
    let out = uri(
        &[
            "parse",
            "--zone-id",
            "--json",
            "http://[fe80::1%25eth0]/",
            "http://a/",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["zone"], "eth0");
    assert_eq!(lines[0]["host_kind"], "ipv6");
    assert!(lines[1]["zone"].is_null());
    let out = uri(
        &[
            "parse",
            "--zone-id",
            "--field",
            "zone",
            "http://[fe80::1%25eth0]/",
        ],
        None,
    );
    assert_eq!(stdout(&out), "eth0\n");
    // Without the option a zone is an error (RFC 3986 has none).
    let out = uri(&["parse", "http://[fe80::1%25eth0]/"], None);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn resolve_and_relative_iri() {
    let out = uri(
        &["resolve", "--iri", "http://\u{E4}/x/y", "../\u{FC}?q"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://\u{E4}/\u{FC}?q\n");
    let out = uri(
        &[
            "relative",
            "--iri",
            "http://\u{E4}/x/y",
            "http://\u{E4}/x/\u{FC}?q",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "\u{FC}?q\n");
    // Without --iri the base is not a URI: a usage error.
    let out = uri(&["resolve", "http://\u{E4}/x/y", "a"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn normalize_iri_and_nfc() {
    // RFC 3986 6.2.2 applies to IRIs with the characters kept (RFC 3987 5.3).
    let out = uri(
        &["normalize", "--iri", "HTTP://\u{C4}.example/a/./\u{FC}/%7e"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://\u{C4}.example/a/\u{FC}/~\n");
    // "e" + U+0301 COMBINING ACUTE ACCENT is U+00E9 in NFC.
    let out = uri(&["normalize", "--iri", "--nfc", "http://e\u{301}/"], None);
    assert_eq!(stdout(&out), "http://\u{E9}/\n");
    let out = uri(&["normalize", "--iri", "http://e\u{301}/"], None);
    assert_eq!(stdout(&out), "http://e\u{301}/\n");
}

#[test]
fn lint_iri_flags_bidi_controls() {
    // RFC 3987 4.1: IRIs must not contain bidi formatting characters.
    let out = uri(&["lint", "--iri", "--json", "http://a/\u{202E}txt"], None);
    assert_eq!(out.status.code(), Some(1));
    let line = &json_lines(&out)[0];
    assert_eq!(line["findings"][0]["kind"], "bidi-control");
    let out = uri(&["lint", "--iri", "http://a/\u{E9}"], None);
    assert_eq!(out.status.code(), Some(0));
}
