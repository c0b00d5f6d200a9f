//! `uri parse --rfc2396` over the RFC 2396 vectors
//! (`crates/urikit/tests/data/rfc2396/URI-reference.txt`, worked out by hand from
//! the grammar): every must-pass input with its components, every
//! must-fail input with its index and kind.

use serde_json::Value;

use crate::common::*;

const VECTORS: &str =
    include_str!("../../../../crates/urikit/tests/data/rfc2396/URI-reference.txt");

/// The file's escapes (crates/urikit/tests/data/vectors/README.md).
fn unescape(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.extend_from_slice(c.to_string().as_bytes());
            continue;
        }
        match it.next() {
            Some('\\') => out.push(b'\\'),
            Some('t') => out.push(b'\t'),
            Some('n') => out.push(b'\n'),
            Some('r') => out.push(b'\r'),
            Some('x') => {
                let h: String = it.by_ref().take(2).collect();
                out.push(u8::from_str_radix(&h, 16).unwrap());
            }
            Some('u') => {
                let rest: String = it.by_ref().take_while(|&c| c != '}').collect();
                let c = char::from_u32(u32::from_str_radix(&rest[1..], 16).unwrap()).unwrap();
                out.extend_from_slice(c.to_string().as_bytes());
            }
            other => panic!("bad escape {other:?} in {s}"),
        }
    }
    out
}

#[test]
fn vectors_through_the_command() {
    let mut inputs = Vec::new();
    let mut expected = Vec::new();
    for line in VECTORS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "ok" => {
                inputs.push(unescape(f[1]));
                expected.push(Ok(f.get(2).copied().unwrap_or("")));
            }
            "err" => {
                inputs.push(unescape(f[3]));
                expected.push(Err((f[1].parse::<u64>().unwrap(), f[2])));
            }
            _ => panic!("bad line {line}"),
        }
    }
    assert!(inputs.len() >= 40, "the vectors are there");
    // NUL-separated (-0), but an input holding a NUL goes in a line of its own run.
    let run = |inputs: Vec<&Vec<u8>>, null: bool| -> Vec<Value> {
        let sep: &[u8] = if null { b"\0" } else { b"\n" };
        let stdin: Vec<u8> = inputs.iter().flat_map(|i| [&i[..], sep].concat()).collect();
        let mut args = vec!["parse", "--rfc2396", "--json"];
        if null {
            args.push("-0");
        }
        let out = uri(&args, Some(&stdin));
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
        out.stdout
            .split(|&b| b == sep[0])
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_slice(l).unwrap())
            .collect()
    };
    let (with_nul, without): (Vec<usize>, Vec<usize>) =
        (0..inputs.len()).partition(|&i| inputs[i].contains(&0));
    let mut got = vec![Value::Null; inputs.len()];
    for (group, null) in [(without, true), (with_nul, false)] {
        let answers = run(group.iter().map(|&i| &inputs[i]).collect(), null);
        assert_eq!(answers.len(), group.len());
        for (i, a) in group.into_iter().zip(answers) {
            got[i] = a;
        }
    }
    assert_eq!(got.len(), inputs.len());
    for ((input, want), obj) in inputs.iter().zip(&expected).zip(&got) {
        let shown = String::from_utf8_lossy(input);
        match want {
            Ok(components) => {
                assert_eq!(obj["valid"], true, "{shown}: {obj}");
                let mut keys: Vec<(&str, &str)> = components
                    .split(' ')
                    .filter(|c| !c.is_empty())
                    .map(|c| c.split_once('=').unwrap())
                    .collect();
                // "opaque=" gives the opaque part, which the JSON has as
                // "path" with "opaque": true.
                let opaque = keys.iter().any(|(k, _)| *k == "opaque");
                assert_eq!(obj["opaque"], opaque, "{shown}: {obj}");
                keys.retain(|(k, _)| *k != "opaque");
                for key in [
                    "scheme",
                    "authority",
                    "authority-kind",
                    "userinfo",
                    "host",
                    "port",
                    "path",
                    "query",
                    "fragment",
                ] {
                    // The file gives the port's digits: "port_text" (the
                    // JSON's "port" is their number).
                    let json_key = match key {
                        "port" => "port_text".to_string(),
                        k => k.replace('-', "_"),
                    };
                    let want = keys
                        .iter()
                        .find(|(k, _)| *k == key)
                        .map(|(_, v)| Value::String(String::from_utf8(unescape(v)).unwrap()));
                    // The file gives no path where it is empty.
                    let want = match (key, want) {
                        ("path", None) => Value::String(String::new()),
                        (_, w) => w.unwrap_or(Value::Null),
                    };
                    assert_eq!(obj[&json_key], want, "{shown}: {key} in {obj}");
                }
                // host-kind: given for IPv4 and IPv6 hosts only.
                if let Some((_, kind)) = keys.iter().find(|(k, _)| *k == "host-kind") {
                    assert_eq!(obj["host_kind"], *kind, "{shown}: {obj}");
                }
            }
            Err((index, kind)) => {
                assert_eq!(obj["valid"], false, "{shown}: {obj}");
                assert_eq!(obj["error"]["index"], *index, "{shown}: {obj}");
                // "kind/component", or the kind alone (the component then
                // unchecked, as urikit's own vector test reads the file).
                let (kind, component) = match kind.split_once('/') {
                    Some((k, c)) => (k, Some(c)),
                    None => (*kind, None),
                };
                assert_eq!(obj["error"]["kind"], kind, "{shown}: {obj}");
                if let Some(component) = component {
                    assert_eq!(obj["error"]["component"], component, "{shown}: {obj}");
                }
            }
        }
    }
}

#[test]
fn human_output_and_caret() {
    let out = uri(&["parse", "--rfc2396", "mailto:a@b?x", "http://a_b/"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for line in [
        "  kind       URI (opaque)",
        "  path       \"a@b?x\"",
        "  authority  \"a_b\"  (registry)",
        "  host       none",
    ] {
        assert!(text.contains(line), "missing {line:?} in:\n{text}");
    }
    // RFC 2396 5: rel_path has at least one character, so "?q" is not a
    // reference; the caret points at the "?".
    let out = uri(&["parse", "--rfc2396", "?q"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("?q\n^ "), "{}", stderr(&out));
}

#[test]
fn fields_and_usage_errors() {
    let out = uri(
        &[
            "parse",
            "--rfc2396",
            "--field",
            "host,authority",
            "http://a_b/",
            "http://h:8/",
        ],
        None,
    );
    assert_eq!(stdout(&out), "\ta_b\nh\th:8\n");
    // java.net.URI: getPort() as the port field, absent for -1.
    let out = uri(
        &[
            "parse",
            "--java",
            "--field",
            "port",
            "http://h:8/",
            "http://h/",
        ],
        None,
    );
    assert_eq!(stdout(&out), "8\n\n");
    for args in [
        &["parse", "--rfc2396", "--iri", "x"][..],
        &["parse", "--java", "--rfc2396", "x"],
        &["parse", "--java", "--field", "host-kind", "x"],
        &["parse", "--rfc2396", "--rule", "URI", "x"],
    ] {
        assert_eq!(uri(args, None).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn java_port_absent_is_null_not_minus_one() {
    // getPort() is -1 for no port, an empty port and a registry authority
    // (java.net.URI's documentation); the JSON writes an absent port as
    // null, as every other profile does, and the port's number otherwise.
    let out = uri(
        &[
            "parse",
            "--java",
            "--json",
            "http://h:8/",
            "http://h/",
            "http://h:/",
            "http://a_b:8/",
        ],
        None,
    );
    let ports: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["port"].clone())
        .collect();
    assert_eq!(
        ports,
        [Value::from(8), Value::Null, Value::Null, Value::Null]
    );
    let out = uri(&["parse", "--java", "http://h/"], None);
    assert!(
        stdout(&out).contains("\n  port       none\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn bytes_that_are_not_utf8() {
    let out = uri(
        &["parse", "--rfc2396", "--json"],
        Some(b"http://a/\xff\n/a b\xff\n"),
    );
    let v = json_lines(&out);
    assert_eq!(v[0]["error"]["kind"], "invalid-utf8");
    assert_eq!(v[0]["error"]["index"], 9);
    // An error before the bad byte comes first.
    assert_eq!(v[1]["error"]["kind"], "invalid-character");
    assert_eq!(v[1]["error"]["index"], 2);
    let out = uri(&["parse", "--java", "--json"], Some(b"/a\xffb\n"));
    let v = json_lines(&out);
    assert_eq!(v[0]["error"]["kind"], "invalid-utf8");
    assert_eq!(
        (&v[0]["error"]["index"], &v[0]["error"]["java_index"]),
        (&2.into(), &Value::Null)
    );
}
