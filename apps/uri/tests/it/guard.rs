//! `uri guard`, run as a program: lines, JSON, exit status, policy files.

use crate::common::*;

#[test]
fn allowed_and_refused_lines_and_exit_status() {
    let out = uri(&["guard", "https://example.com/"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "allowed\thttps://example.com/\n");
    let out = uri(&["guard", "https://example.com/", "http://0x7f.1/"], None);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let second = text.lines().nth(1).unwrap();
    assert!(
        second.starts_with("refused\tdenied-address\thttp://0x7f.1/\t"),
        "{second}"
    );
}

#[test]
fn json_records() {
    let out = uri(
        &["guard", "--json", "-i", "-"],
        Some(b"http://[::ffff:169.254.169.254]/\nhttp://example.com/\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(
        lines[0],
        serde_json::json!({"input": "http://[::ffff:169.254.169.254]/", "allowed": false, "reason": "denied-address",
                           "host": "::ffff:a9fe:a9fe", "addresses": ["::ffff:169.254.169.254"]})
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"input": "http://example.com/", "allowed": true, "reason": null, "host": "example.com", "addresses": []})
    );
}

#[test]
fn policy_file_and_client_and_usage_errors() {
    let dir = std::env::temp_dir().join(format!("uri-guard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("p.toml");
    std::fs::write(&p, "preset = \"private\"\n").unwrap();
    let out = uri(
        &["guard", "--policy", p.to_str().unwrap(), "http://10.0.0.1/"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    std::fs::write(&p, "preset = \"privat\"\n").unwrap();
    let out = uri(
        &["guard", "--policy", p.to_str().unwrap(), "http://10.0.0.1/"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("policy line 1: key `preset`"), "{err}");
    let out = uri(&["guard", "--client", "nope", "http://a/"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = uri(
        &["guard", "--client", "urllib3", "http://2130706433/"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(dir);
}
