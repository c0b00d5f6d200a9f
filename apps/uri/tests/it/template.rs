//! `uri template`, run as a program: expand, match, check; exit codes,
//! JSON Lines, standard input, broken pipe.

use crate::common::*;

#[test]
fn expand_with_var_and_list() {
    let out = uri(
        &[
            "template",
            "expand",
            "/repos/{owner}/{repo}/issues{?state,labels}",
            "--var",
            "owner=rust lang",
            "--var",
            "repo=rust",
            "--var",
            "labels=bug,ui",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "/repos/rust%20lang/rust/issues?labels=bug,ui\n"
    );
}

#[test]
fn expand_with_json_vars_and_var_overriding() {
    // RFC 6570, 3.2.8 (form-style query), with x replaced from --var.
    let out = uri(
        &[
            "template",
            "expand",
            "{?x,y,list*}",
            "--vars",
            r#"{"x":"1024","y":768,"list":["red","green"]}"#,
            "--var",
            "x=1",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "?x=1&y=768&list=red&list=green\n");
}

#[test]
fn expand_errors_exit_1_with_a_caret_on_stderr() {
    let out = uri(&["template", "expand", "/a/{b"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("/a/{b\n     ^ unclosed expression at index 5"),
        "{err}"
    );

    let out = uri(
        &[
            "template",
            "expand",
            "{keys:1}",
            "--vars",
            r#"{"keys":{"a":"b"}}"#,
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));

    let out = uri(
        &[
            "template",
            "expand",
            "--uri",
            "http://{+h}/",
            "--var",
            "h=[::1",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("not a uri (or iri) reference")
    );
}

#[test]
fn expand_usage_errors_exit_2() {
    for args in [
        &["template", "expand", "{x}", "--vars", "[1]"][..],
        &["template", "expand", "{x}", "--vars", "{"][..],
        &["template", "expand", "{x}", "--var", "novalue"][..],
    ] {
        let out = uri(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn match_prints_json_lines_and_exits_1_on_a_miss() {
    let out = uri(
        &[
            "template",
            "match",
            "/users/{id}{?tab}",
            "/users/a%20b?tab=x",
            "/nope",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["input"], "/users/a%20b?tab=x");
    assert_eq!(lines[0]["match"], true);
    assert_eq!(lines[0]["vars"]["id"], "a b");
    assert_eq!(lines[0]["vars"]["tab"], "x");
    assert_eq!(lines[1]["match"], false);
}

#[test]
fn match_reads_lines_and_gives_lists() {
    let out = uri(
        &["template", "match", "/files{/path*}"],
        Some(b"/files/a/b\r\n/files\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["vars"]["path"], serde_json::json!(["a", "b"]));
    assert_eq!(lines[1]["vars"], serde_json::json!({}));
}

#[test]
fn match_with_an_ambiguous_template_exits_2_with_the_reason() {
    let out = uri(&["template", "match", "/{a}{b}", "/x"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not matchable"), "{err}");
    assert!(
        err.contains("/{a}{b}\n ^ expression followed by an expression"),
        "{err}"
    );
}

#[test]
fn check_reports_valid_matchable_and_invalid() {
    let out = uri(
        &["template", "check", "--json", "/a/{b}", "{a}{b}", "{x"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[0]["matchable"], true);
    assert_eq!(lines[0]["variables"], serde_json::json!(["b"]));
    assert_eq!(lines[1]["matchable"], false);
    assert_eq!(lines[1]["index"], 0);
    assert_eq!(lines[2]["valid"], false);
    assert_eq!(lines[2]["index"], 2);

    let out = uri(&["template", "check", "/a/{b}"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "/a/{b}  valid, matchable\n");
}

#[test]
fn check_reads_standard_input() {
    let out = uri(&["template", "check"], Some(b"{/p*}\n{a}-{b}\n"));
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("{/p*}  valid, matchable\n"), "{text}");
    assert!(text.contains("{a}-{b}  valid, not matchable: "), "{text}");
}

#[test]
fn broken_pipe_is_quiet() {
    assert_broken_pipe_is_quiet(&["template", "match", "/u/{id}"], b"/u/1\n");
}

#[test]
fn match_modes_on_the_issue_inputs() {
    let t = "/search{?q,page}";
    let uris = ["/search?q=a+b", "/search?q=a:b", "/search?q=x&page=2&utm=1"];
    // Lenient with --lenient and --mode lenient.
    for flag in [Some("--lenient"), Some("--mode=lenient")] {
        let mut args = vec!["template", "match", t];
        args.extend(flag);
        args.extend(uris);
        let out = uri(&args, None);
        assert_eq!(out.status.code(), Some(0), "{flag:?}");
        let lines = json_lines(&out);
        assert_eq!(lines[0]["vars"], serde_json::json!({"q": "a+b"}));
        assert_eq!(lines[1]["vars"], serde_json::json!({"q": "a:b"}));
        assert_eq!(lines[2]["vars"], serde_json::json!({"q": "x", "page": "2"}));
        assert_eq!(lines[2]["rest"], serde_json::json!([["utm", "1"]]));
    }
    // Exact by default (as in the library, Python and JavaScript), and with
    // --exact or --mode exact.
    for flag in [None, Some("--exact"), Some("--mode=exact")] {
        let mut args = vec!["template", "match", t];
        args.extend(flag);
        args.extend(uris);
        let out = uri(&args, None);
        assert_eq!(out.status.code(), Some(1), "{flag:?}");
        assert!(json_lines(&out).iter().all(|l| l["match"] == false));
    }
    let out = uri(&["template", "match", "--mode", "loose", t], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown match mode 'loose' (expected exact, lenient, lenient-form)"),
        "{err}"
    );
    let out = uri(&["template", "match", "--form", t, "/search?q=a+b"], None);
    assert_eq!(json_lines(&out)[0]["vars"]["q"], "a b");
    let out = uri(
        &["template", "match", "--form", "--exact", t, "/search"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn match_reports_hazards_and_the_limit() {
    let out = uri(
        &["template", "match", "--lenient", "/f/{name}", "/f/..%2Fetc"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let l = &json_lines(&out)[0];
    assert_eq!(l["vars"]["name"], "../etc");
    assert_eq!(
        l["hazards"],
        serde_json::json!([{
            "variable": "name",
            "kind": "separator-in-segment",
            "message": "decoded path value holds a path separator",
            "var": "name"
        }])
    );
    let long = format!("/f/{}\n", "a".repeat(70_000));
    let out = uri(
        &["template", "match", "--lenient", "/f/{name}"],
        Some(long.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["error"], "uri-too-long");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 1: uri longer than the matching limit at index 65536"),
        "{err}"
    );
}

/// The shared vectors (dev/testdata/templates/matching.json), through the
/// program: one run per template and mode, all its URIs as arguments.
#[test]
fn shared_vectors_through_the_cli() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../dev/testdata/templates/matching.json");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut groups: std::collections::BTreeMap<(String, String), Vec<&serde_json::Value>> =
        Default::default();
    for case in doc["cases"].as_array().unwrap() {
        let key = (
            case["template"].as_str().unwrap().to_string(),
            case["mode"].as_str().unwrap().to_string(),
        );
        groups.entry(key).or_default().push(case);
    }
    let sorted = |v: &serde_json::Value| -> serde_json::Value {
        // Associative arrays as sorted pairs: their order is not part of it.
        match v {
            serde_json::Value::Object(m) => m
                .iter()
                .map(|(k, v)| match v {
                    serde_json::Value::Object(p) => {
                        let mut p: Vec<_> = p.iter().collect();
                        p.sort_by(|a, b| a.0.cmp(b.0));
                        (k.clone(), serde_json::json!(p))
                    }
                    other => (k.clone(), other.clone()),
                })
                .collect::<serde_json::Map<_, _>>()
                .into(),
            other => other.clone(),
        }
    };
    let mut ran = 0;
    for ((template, mode), cases) in &groups {
        let flag = match mode.as_str() {
            "exact" => "--exact",
            "lenient" => "--lenient",
            _ => "--form",
        };
        let mut args = vec!["template", "match", flag, template.as_str()];
        args.extend(cases.iter().map(|c| c["uri"].as_str().unwrap()));
        let out = uri(&args, None);
        if cases.iter().any(|c| c.get("ambiguity").is_some()) {
            // Not matchable in this mode: a usage error, nothing matched.
            assert!(cases.iter().all(|c| c["variables"].is_null()), "{template}");
            assert_eq!(out.status.code(), Some(2), "{template} {mode}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains("template not matchable"), "{template}: {err}");
            ran += cases.len();
            continue;
        }
        let lines = json_lines(&out);
        assert_eq!(lines.len(), cases.len(), "{template} {mode}");
        for (case, line) in cases.iter().zip(&lines) {
            let what = format!("{template} on {} ({mode})", case["uri"]);
            if case["variables"].is_null() {
                assert_eq!(line["match"], false, "{what}: {line}");
                continue;
            }
            assert_eq!(line["match"], true, "{what}: {line}");
            assert_eq!(sorted(&line["vars"]), sorted(&case["variables"]), "{what}");
            let empty = serde_json::json!([]);
            let rest = line.get("rest").unwrap_or(&empty);
            assert_eq!(rest, case.get("rest").unwrap_or(&empty), "{what}");
            let hazards: Vec<serde_json::Value> = line
                .get("hazards")
                .and_then(|h| h.as_array().cloned())
                .unwrap_or_default()
                .iter()
                .map(|h| serde_json::json!([h["var"], h["kind"]]))
                .collect();
            assert_eq!(
                serde_json::json!(hazards),
                *case.get("hazards").unwrap_or(&empty),
                "{what}"
            );
            ran += 1;
        }
    }
    assert!(ran >= 90, "{ran}");
}

/// `{+path}{?q}` (MCP resource templates): matched leniently, refused with
/// `--exact`, and `check` says which mode reads it.
#[test]
fn reserved_then_query_matches_leniently_and_check_says_so() {
    let out = uri(
        &[
            "template",
            "match",
            "--lenient",
            "file:///{+path}{?v}",
            "file:///a/b%20c.rs?v=2&x=1",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let line = &json_lines(&out)[0];
    assert_eq!(line["vars"]["path"], "a/b c.rs");
    assert_eq!(line["vars"]["v"], "2");
    let out = uri(
        &["template", "match", "--exact", "{+path}{?q}", "/a?q=1"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not matchable in the exact mode"), "{err}");
    let out = uri(
        &["template", "check", "{+path}{?q}", "{+path}/{id}{?q}"],
        None,
    );
    let text = stdout(&out);
    assert!(
        text.contains("{+path}{?q}  valid, matchable in the lenient mode only (exact: "),
        "{text}"
    );
    assert!(
        text.contains("{+path}/{id}{?q}  valid, not matchable: "),
        "{text}"
    );
    let out = uri(&["template", "check", "--json", "{+path}{?q}"], None);
    let line = &json_lines(&out)[0];
    assert_eq!(
        (line["matchable"].clone(), line["matchable_exact"].clone()),
        (true.into(), false.into())
    );
    assert_eq!(
        line["reason"],
        "reserved or fragment expansion not at the end of the template"
    );
}
