//! `uri views`, run as a program: the JSON record, the exit status as a
//! gate, stdin lines and -0, the table, parser selection. The expected
//! views are worked out from each standard (RFC 3986, java.net.URI's
//! RFC 2396 server/registry rule, the WHATWG IPv4 parser), not from the
//! program's output.

use crate::common::*;

use serde_json::json;

#[test]
fn json_record_of_agreeing_parsers_and_exit_0() {
    let out = uri(
        &[
            "views",
            "--json",
            "--parsers",
            "rfc3986,java",
            "http://u@example.com:8080/p?q#f",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let view = |kind: &str| {
        json!({"scheme": "http", "userinfo": "u", "host": "example.com", "host_kind": kind,
               "port": "8080", "path": "/p", "query": "q", "fragment": "f"})
    };
    assert_eq!(
        json_lines(&out),
        [json!({
            "input": "http://u@example.com:8080/p?q#f",
            "views": {"rfc3986": view("reg-name"), "java": view("name")},
            "findings": []
        })]
    );
}

#[test]
fn a_host_java_reads_as_a_registry_is_a_high_host_finding_and_exit_1() {
    // "_" is not in RFC 2396's hostname: java.net.URI keeps the authority
    // as a registry name and getHost() is null; RFC 3986's reg-name allows it.
    let out = uri(
        &[
            "views",
            "--json",
            "--parsers",
            "java,rfc3986",
            "http://a_b/",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert_eq!(v["views"]["java"]["host"], json!(null));
    assert_eq!(v["views"]["rfc3986"]["host"], json!("a_b"));
    assert_eq!(
        v["findings"],
        json!([{"kind": "host", "component": "host", "parsers": ["java", "rfc3986"], "values": [null, "a_b"], "weight": "high"}])
    );
}

#[test]
fn an_error_is_a_view_of_its_own() {
    let out = uri(
        &[
            "views",
            "--json",
            "--parsers",
            "rfc3986,java",
            "http://a b/",
        ],
        None,
    );
    // Both reject it: no finding, exit 0.
    assert_eq!(out.status.code(), Some(0));
    let v = &json_lines(&out)[0];
    assert!(v["views"]["rfc3986"]["error"].is_string());
    assert!(v["views"]["java"]["error"].is_string());
    assert_eq!(v["findings"], json!([]));
}

#[test]
fn stdin_lines_and_nul_separated_inputs() {
    let out = uri(
        &["views", "--json", "--parsers", "rfc3986"],
        Some(b"http://a/\nhttp://b/\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    let hosts: Vec<_> = json_lines(&out)
        .iter()
        .map(|v| v["views"]["rfc3986"]["host"].clone())
        .collect();
    assert_eq!(hosts, [json!("a"), json!("b")]);
    let out = uri(
        &["views", "-0", "--json", "--parsers", "rfc3986"],
        Some(b"http://a/\nx\0http://b/\0"),
    );
    let text = stdout(&out);
    let records: Vec<serde_json::Value> = text
        .split_terminator('\0')
        .map(|r| serde_json::from_str(r).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["input"], json!("http://a/\nx"));
}

#[test]
fn the_table_has_a_row_per_parser_and_a_line_per_finding() {
    let out = uri(&["views", "--parsers", "rfc3986,java", "http://a_b/"], None);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "http://a_b/");
    let header = std::iter::once("parser").chain(urikit_testdata::COMPONENTS);
    assert!(lines[1].split_whitespace().eq(header));
    assert!(lines[2].starts_with("  rfc3986 "));
    assert!(lines[3].starts_with("  java "));
    assert_eq!(lines[4], "  ! high host (host): rfc3986=\"a_b\" java=-");
}

#[test]
fn unknown_parser_is_a_usage_error() {
    let out = uri(
        &["views", "--parsers", "rfc3986,netscape", "http://a/"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown parser 'netscape'"));
}

#[cfg(all(feature = "whatwg", feature = "curl"))]
#[test]
fn ipv4_number_forms_read_as_addresses_by_whatwg_and_curl() {
    // WHATWG's IPv4 parser: "0x7f" is 127, the last part "1" fills the
    // remaining three bytes: 127.0.0.1. libcurl normalizes the same forms.
    // RFC 3986: "0x7f.1" is a reg-name.
    let out = uri(
        &[
            "views",
            "--json",
            "--parsers",
            "rfc3986,whatwg,curl",
            "http://0x7f.1/",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert_eq!(v["views"]["whatwg"]["host"], json!("127.0.0.1"));
    assert_eq!(v["views"]["curl"]["host"], json!("127.0.0.1"));
    assert_eq!(v["views"]["rfc3986"]["host"], json!("0x7f.1"));
    assert_eq!(
        v["findings"],
        json!([{"kind": "ipv4-form", "component": "host", "parsers": ["rfc3986", "whatwg", "curl"],
                "values": ["0x7f.1", "127.0.0.1", "127.0.0.1"], "weight": "high"}])
    );
}

#[cfg(feature = "whatwg")]
#[test]
fn check_and_fetch_answer_whether_the_validator_reads_what_the_client_connects_to() {
    // java.net.URI keeps "a_b.example" as a registry authority (no host:
    // "_" is not in RFC 2396's hostname); WHATWG reads it as a domain.
    let out = uri(
        &[
            "views",
            "--json",
            "--check",
            "java",
            "--fetch",
            "whatwg",
            "http://a_b.example/",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert_eq!(
        (&v["check"], &v["fetch"], &v["safe"]),
        (&json!("java"), &json!("whatwg"), &json!(false))
    );
    assert!(v["reason"].as_str().unwrap().contains("host"), "{v}");
    assert_eq!(v["views"].as_object().unwrap().len(), 2);

    // One host, read the same by both: exit 0.
    let out = uri(
        &[
            "views",
            "--json",
            "--check",
            "rfc3986",
            "--fetch",
            "whatwg",
            "http://example.com/a",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_lines(&out)[0]["safe"], json!(true));
    assert_eq!(json_lines(&out)[0]["reason"], json!(null));

    // A space in the path: RFC 3986 has no such character (3.3), WHATWG
    // percent-encodes it (the path state's percent-encode set): the
    // validator refuses what the client would fetch.
    let out = uri(
        &[
            "views",
            "--check",
            "rfc3986",
            "--fetch",
            "whatwg",
            "http://example.com/a b",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("unsafe: rfc3986 refuses what whatwg accepts"),
        "{}",
        stdout(&out)
    );

    // Both refuse an unclosed IP literal: nothing is fetched.
    let out = uri(
        &[
            "views",
            "--check",
            "rfc3986",
            "--fetch",
            "whatwg",
            "http://[::1/",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).contains("safe: rfc3986 and whatwg both refuse it"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn check_and_fetch_are_a_pair_of_two_parsers() {
    for args in [
        &["views", "--check", "java", "http://a/"][..],
        &["views", "--check", "java", "--fetch", "java", "http://a/"],
        &["views", "--check", "java", "--fetch", "ie6", "http://a/"],
        &[
            "views",
            "--check",
            "java",
            "--fetch",
            "rfc3986",
            "--parsers",
            "java",
            "http://a/",
        ],
    ] {
        let out = uri(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn all_names_every_parser_this_build_has() {
    let out = uri(
        &["views", "--json", "--parsers", "all", "http://example.com/"],
        None,
    );
    let v = &json_lines(&out)[0];
    let names: Vec<&String> = v["views"].as_object().unwrap().keys().collect();
    assert!(
        names.len() >= 2 && names.iter().any(|n| *n == "java"),
        "{names:?}"
    );
    let out = uri(&["views", "--json", "http://example.com/"], None);
    let default: Vec<String> = json_lines(&out)[0]["views"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert!(default.len() <= names.len());
}
