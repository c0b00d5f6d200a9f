//! `uri lint`, run as a program: line format, exit status, JSON, terminal
//! highlighting.

use crate::common::*;

use std::process::{Command, Stdio};

#[test]
fn no_finding_exits_0_silently() {
    let out = uri(&["lint", "https://example.com/a/b?c#d"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"");
}

#[test]
fn findings_one_per_line_and_exit_1() {
    let out = uri(
        &[
            "lint",
            "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "misleading-userinfo\t6-41\tuserinfo looks like a host name or URI, but the host is what follows the '@' (7.6)\n"
    );
    let out = uri(&["lint", "http://u:p@0x7f.1:25/%2e%2e"], None);
    let text = String::from_utf8(out.stdout).unwrap();
    let kinds: Vec<&str> = text
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "credentials",
            "ipv4-nonstandard",
            "port-mismatch",
            "encoded-delimiter"
        ]
    );
    let spans: Vec<&str> = text
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap())
        .collect();
    assert_eq!(spans, ["9-10", "11-17", "18-20", "21-27"]);
}

#[test]
fn several_inputs_name_each_flagged_uri() {
    let out = uri(&["lint", "http://a:25/", "http://ok/", "http://a b/"], None);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "http://a:25/");
    assert!(lines[1].starts_with("port-mismatch\t9-11\t"));
    assert_eq!(lines[2], "http://a b/");
    assert_eq!(
        lines[3],
        "invalid\t8-9\tinvalid character in host at index 8"
    );
    assert_eq!(lines.len(), 4);
    // From standard input too.
    let out = uri(&["lint"], Some(b"http://ok/\nhttp://127.1/\n"));
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("http://127.1/\nipv4-nonstandard\t7-12\t"),
        "{text}"
    );
}

#[test]
fn json_output() {
    let out = uri(
        &["lint", "--json", "http://127.1:25/", "http://ok/", "a b"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["input"], "http://127.1:25/");
    let f = &lines[0]["findings"];
    assert_eq!(f[0]["kind"], "ipv4-nonstandard");
    assert_eq!(f[0]["start"], 7);
    assert_eq!(f[0]["end"], 12);
    assert_eq!(f[0]["address"], "127.0.0.1");
    assert!(f[0]["message"].as_str().unwrap().contains("127.0.0.1"));
    assert_eq!(f[1]["kind"], "port-mismatch");
    assert_eq!(lines[1]["findings"].as_array().unwrap().len(), 0);
    assert_eq!(lines[2]["error"]["kind"], "invalid-character");
}

#[test]
fn terminal_output_highlights_each_span() {
    // Run under a pseudo-terminal with script(1) when it is available.
    let Ok(out) = Command::new("script")
        .args([
            "-qec",
            &format!("{} lint http://a:25/x", env!("CARGO_BIN_EXE_uri")),
            "/dev/null",
        ])
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
    else {
        eprintln!("script(1) not available; skipped");
        return;
    };
    if !out.status.success() && out.stdout.is_empty() {
        eprintln!("script(1) failed; skipped");
        return;
    }
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert!(
        text.contains("http://a:\x1b[1;31;4m25\x1b[0m/x\n"),
        "{text:?}"
    );
    assert!(text.contains("port-mismatch\t9-11\t"), "{text:?}");
    // Not on a terminal: no escapes.
    let out = uri(&["lint", "http://a:25/x"], None);
    assert!(!out.stdout.contains(&0x1b));
}

/// deceptive-host (UTS #39): a mixed-script label, an all-Cyrillic look-alike
/// of an ASCII name (raw in an IRI, and as an A-label), and a near miss.
#[test]
fn deceptive_hosts_text_and_json() {
    let out = uri(
        &[
            "lint",
            "--iri",
            "http://p\u{430}ypal.com/",
            "http://xn--80ak6aa92e.com/",
            "http://m\u{fc}nchen.de/",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("http://p\u{430}ypal.com/\ndeceptive-host\t7-14\thost label mixes scripts: 'p' (Latin) with '\u{430}' (U+0430, Cyrillic)"),
        "{text}"
    );
    assert!(
        text.contains("http://xn--80ak6aa92e.com/\ndeceptive-host\t7-21\thost label whose characters outside ASCII all look like ASCII ones"),
        "{text}"
    );
    assert!(!text.contains("nchen"), "{text}");

    let out = uri(
        &[
            "lint",
            "--iri",
            "--json",
            "http://\u{430}\u{440}\u{440}\u{4cf}\u{435}.com/",
            "http://\u{4f8b}\u{3048}.jp/",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let f = &lines[0]["findings"][0];
    assert_eq!(f["kind"], "deceptive-host");
    // The label's bytes: 7 up to the '.' (five two-byte Cyrillic letters).
    assert_eq!(
        (f["start"].as_u64(), f["end"].as_u64()),
        (Some(7), Some(17))
    );
    assert!(f["message"].as_str().unwrap().contains("U+0430, Cyrillic"));
    assert_eq!(lines[1]["findings"].as_array().unwrap().len(), 0);
}
