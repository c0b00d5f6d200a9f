//! `uri resolve` and `uri relative`, run as a program: outputs in input
//! order, JSON keys, --pairs, flags, exit codes, broken pipe.

use crate::common::*;

/// The library's hand-worked vectors (crates/urikit/tests/data/resolve/cases.tsv),
/// as `(mode, base, reference, target)`.
fn cases() -> Vec<(String, String, String, String)> {
    include_str!("../../../../crates/urikit/tests/data/resolve/cases.tsv")
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            match f[..] {
                [m @ ("strict" | "non-strict" | "rfc2396"), b, r, t] => {
                    Some((m.into(), b.into(), r.into(), t.into()))
                }
                _ => None,
            }
        })
        .collect()
}

const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn resolves_arguments_in_order() {
    let out = uri(&["resolve", BASE, "g", "../g", "?y", "#s", "", "g:h"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://a/b/c/g\nhttp://a/b/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/d;p?q\ng:h\n"
    );
}

#[test]
fn reads_references_from_stdin() {
    let out = uri(&["resolve", BASE], Some(b"g\r\n../../../g\n/./g\n"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://a/b/c/g\nhttp://a/g\nhttp://a/g\n");
}

#[test]
fn every_vector_through_pairs() {
    // Group the vectors by mode and send each group through --pairs.
    for mode in ["strict", "non-strict", "rfc2396"] {
        let rows: Vec<_> = cases().into_iter().filter(|c| c.0 == mode).collect();
        assert!(!rows.is_empty());
        let input: String = rows.iter().map(|c| format!("{}\t{}\n", c.1, c.2)).collect();
        let mut args = vec!["resolve", "--pairs"];
        match mode {
            "non-strict" => args.push("--non-strict"),
            "rfc2396" => args.push("--rfc2396"),
            _ => {}
        }
        let out = uri(&args, Some(input.as_bytes()));
        assert_eq!(out.status.code(), Some(0), "{mode}");
        let got: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
        let want: Vec<String> = rows.iter().map(|c| c.3.clone()).collect();
        assert_eq!(got, want, "{mode}");
    }
}

#[test]
fn flags_change_the_result() {
    let strict = uri(&["resolve", BASE, "http:g", "?y"], None);
    assert_eq!(stdout(&strict), "http:g\nhttp://a/b/c/d;p?y\n");
    let loose = uri(&["resolve", "--non-strict", BASE, "http:g"], None);
    assert_eq!(stdout(&loose), "http://a/b/c/g\n");
    let legacy = uri(&["resolve", "--rfc2396", BASE, "?y", "../../../g"], None);
    assert_eq!(stdout(&legacy), "http://a/b/c/?y\nhttp://a/../g\n");
}

#[test]
fn invalid_reference_is_reported_on_stderr_with_its_line_and_exit_1() {
    let out = uri(&["resolve", BASE], Some(b"g\na b\nh\n"));
    assert_eq!(out.status.code(), Some(1));
    // Data alone on standard output; the error, with its line, on stderr.
    assert_eq!(stdout(&out), "http://a/b/c/g\nhttp://a/b/c/h\n");
    let err = stderr(&out);
    assert!(err.starts_with("uri: line 2: invalid reference:"), "{err}");
    assert!(err.contains("at index 1"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // --keep-invalid: the input line in its place.
    let out = uri(&["resolve", "--keep-invalid", BASE], Some(b"g\na b\nh\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "http://a/b/c/g\na b\nhttp://a/b/c/h\n");
}

#[test]
fn json_keys() {
    let out = uri(&["resolve", "--json", BASE, "../g", "a b"], None);
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(
        v[0],
        serde_json::json!({"base": BASE, "reference": "../g", "target": "http://a/b/g"})
    );
    let keys: Vec<&String> = v[1].as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 3);
    assert_eq!(v[1]["base"], BASE);
    assert_eq!(v[1]["reference"], "a b");
    assert_eq!(v[1]["error"]["part"], "reference");
    assert_eq!(v[1]["error"]["index"], 1);
    assert_eq!(v[1]["error"]["kind"], "invalid-character");
    assert_eq!(v[1]["error"]["component"], "path");
}

#[test]
fn pairs_go_on_after_invalid_lines() {
    let input = b"http://a/b/c\td\n/x\tg\nno tab here\nhttp://a/b\te f\nhttp://h/p/q\t../r\n";
    let out = uri(&["resolve", "--pairs"], Some(input));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "http://a/b/d\nhttp://h/r\n");
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert_eq!(
        lines[0],
        "uri: line 2: base is not a URI (it has no scheme)"
    );
    assert!(
        lines[1].starts_with("uri: line 3: expected BASE<TAB>REF"),
        "{err}"
    );
    assert!(
        lines[2].starts_with("uri: line 4: invalid reference:"),
        "{err}"
    );
    let kept = uri(&["resolve", "--pairs", "--keep-invalid"], Some(input));
    assert_eq!(
        stdout(&kept),
        "http://a/b/d\n/x\tg\nno tab here\nhttp://a/b\te f\nhttp://h/r\n"
    );

    let out = uri(&["resolve", "--pairs", "--json"], Some(input));
    let v = json_lines(&out);
    assert_eq!(v.len(), 5);
    assert_eq!(v[0]["target"], "http://a/b/d");
    assert_eq!(v[1]["error"]["part"], "base");
    assert_eq!(v[1]["error"]["kind"], "base-not-uri");
    assert_eq!(v[2]["error"]["kind"], "missing-tab");
    assert_eq!(v[2]["reference"], serde_json::Value::Null);
    assert_eq!(v[3]["error"]["part"], "reference");
    assert_eq!(v[4]["target"], "http://h/r");
}

#[test]
fn invalid_base_is_a_usage_error_with_a_caret() {
    let out = uri(&["resolve", "http://a b/", "g"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(
            "invalid base URI\nhttp://a b/\n        ^ invalid character in host at index 8\n"
        ),
        "{err}"
    );
    // A relative reference is not a base either.
    let out = uri(&["resolve", "../x", "g"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("invalid base URI\n../x\n^ base is not a URI (it has no scheme)\n"),
        "{err}"
    );
    let out = uri(&["relative", "//h/x", "http://h/y"], None);
    assert_eq!(out.status.code(), Some(2));
    // Usage: --pairs with a BASE, or no BASE at all.
    assert_eq!(
        uri(&["resolve", "--pairs", BASE], None).status.code(),
        Some(2)
    );
    assert_eq!(uri(&["resolve"], None).status.code(), Some(2));
    assert_eq!(uri(&["relative"], None).status.code(), Some(2));
}

#[test]
fn relative_prints_one_reference_per_line() {
    let out = uri(
        &[
            "relative",
            BASE,
            "http://a/b/c/g",
            BASE,
            "http://a/g",
            "http://a/b/c/d;p?q#s",
            "ftp://a/b",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    // The base itself gives the empty reference: an empty line.
    assert_eq!(stdout(&out), "g\n\n/g\n#s\nftp://a/b\n");
}

#[test]
fn relative_errors_and_json() {
    let out = uri(
        &[
            "relative",
            "--json",
            BASE,
            "http://a/b/x:y",
            "http://a/./g",
            "g",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(
        v[0],
        serde_json::json!({"base": BASE, "target": "http://a/b/x:y", "relative": "../x:y"})
    );
    assert_eq!(v[1]["error"]["kind"], "unreachable-target");
    assert_eq!(v[2]["error"]["part"], "target");
    assert_eq!(v[2]["error"]["kind"], "missing-scheme");
}

/// `uri relative --pairs` then `uri resolve --pairs` gives back every
/// target: the round trip, through the programs.
#[test]
fn relative_then_resolve_round_trips() {
    let targets = [
        "http://a/b/c/g",
        "http://a/b/",
        "http://a//x",
        "http://b/c?d",
        "http://a/b/c/d;p",
        "http://a/b/c/d;p?q",
        "s:x",
    ];
    let input: String = targets.iter().map(|t| format!("{BASE}\t{t}\n")).collect();
    let rel = uri(&["relative", "--pairs"], Some(input.as_bytes()));
    assert_eq!(rel.status.code(), Some(0));
    let rels = stdout(&rel);
    assert_eq!(rels.lines().count(), targets.len());
    let back_input: String = rels.lines().map(|r| format!("{BASE}\t{r}\n")).collect();
    let back = uri(&["resolve", "--pairs"], Some(back_input.as_bytes()));
    assert_eq!(back.status.code(), Some(0));
    assert_eq!(stdout(&back).lines().collect::<Vec<_>>(), targets);
}

#[test]
fn broken_pipe_exits_0_quietly() {
    assert_broken_pipe_is_quiet(&["resolve", BASE], b"../g/h?i#j\n");
}
