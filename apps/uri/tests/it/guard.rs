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
    let mut lines = json_lines(&out);
    // The record's keys, in the crate's order (one record in every face),
    // read from the text (serde_json's map sorts them).
    let first = stdout(&out).lines().next().unwrap().to_string();
    let at: Vec<usize> = [
        "input",
        "allowed",
        "reason",
        "message",
        "detail",
        "host",
        "port",
        "address",
        "addresses",
    ]
    .iter()
    .map(|k| first.find(&format!("\"{k}\":")).expect(k))
    .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{first}");
    assert_eq!(lines[0].as_object().unwrap().len(), at.len());
    // The refusal's words: the kind's message, then what exactly (the
    // IPv4-mapped form judged by the address it embeds, the metadata
    // address, with the registry row's RFC).
    let message = lines[0]["message"].as_str().unwrap().to_string();
    let detail = lines[0]["detail"].as_str().unwrap().to_string();
    assert_eq!(message, format!("address denied: {detail}"));
    assert!(
        detail.contains("embeds 169.254.169.254") && detail.contains("RFC 4291"),
        "{detail}"
    );
    for l in &mut lines {
        let o = l.as_object_mut().unwrap();
        o.remove("message");
        o.remove("detail");
    }
    assert_eq!(
        lines[0],
        serde_json::json!({"input": "http://[::ffff:169.254.169.254]/", "allowed": false, "reason": "denied-address",
                           "host": "::ffff:a9fe:a9fe", "port": null, "address": "::ffff:169.254.169.254",
                           "addresses": ["::ffff:169.254.169.254"]})
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"input": "http://example.com/", "allowed": true, "reason": null, "host": "example.com",
                           "port": 80, "address": null, "addresses": []})
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

#[test]
fn help_lists_every_refusal_kind() {
    // The list comes from the guard's own kinds, so a kind added there is
    // in the help without an edit here.
    for flag in ["--help", "-h"] {
        let out = uri(&["guard", flag], None);
        assert_eq!(out.status.code(), Some(0));
        let text = stdout(&out);
        let kinds = text
            .lines()
            .find_map(|l| l.strip_prefix("Refusal kinds (KIND): "))
            .unwrap_or_else(|| panic!("no kinds line in {text}"));
        let listed: Vec<&str> = kinds.trim_end_matches('.').split(", ").collect();
        let names: Vec<&str> = urikit_guard::RefusalKind::ALL
            .iter()
            .map(|k| k.name())
            .collect();
        assert_eq!(listed, names, "{flag}");
    }
}
