//! `uri guess`, run as a program.

use crate::common::*;

#[test]
fn completes_the_examples_of_4_5() {
    let out = uri(
        &[
            "guess",
            "www.w3.org/Addressing/",
            "ftp.example.com/pub",
            "example.com:8080/x",
            "[::1]:8080",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "http://www.w3.org/Addressing/\nftp://ftp.example.com/pub\nhttp://example.com:8080/x\nhttp://[::1]:8080\n"
    );
    // The host:port reading of a valid URI is pointed out.
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("example.com:8080/x")
    );
}

#[test]
fn already_a_uri_and_cannot_complete() {
    let out = uri(&["guess", "mailto:fred@example.com", "just-a-word"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "mailto:fred@example.com\n"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("already a URI"), "{err}");
    assert!(err.contains("'just-a-word': cannot complete"), "{err}");
}

#[test]
fn json_and_stdin_and_default_scheme() {
    let out = uri(
        &["guess", "--json", "--default-scheme", "https"],
        Some(b"www.example.com\nhttp://a/\nfoo\nuser@example.com\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["outcome"], "completed");
    assert_eq!(lines[0]["uri"], "https://www.example.com");
    assert_eq!(lines[0]["heuristic"], "service-label");
    assert_eq!(lines[0]["also_uri"], false);
    assert_eq!(lines[1]["outcome"], "already-uri");
    assert_eq!(lines[1]["uri"], "http://a/");
    assert_eq!(lines[2]["outcome"], "cannot-complete");
    assert!(lines[2]["uri"].is_null());
    assert!(lines[2]["reason"].as_str().unwrap().contains("host"));
    assert_eq!(lines[3]["uri"], "mailto:user@example.com");
    assert_eq!(lines[3]["heuristic"], "mailbox");
}
