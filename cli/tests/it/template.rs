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
    assert_eq!(lines[0]["uri"], "/users/a%20b?tab=x");
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
