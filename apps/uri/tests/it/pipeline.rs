//! What every command that reads lines shares, run as a program: data on
//! standard output and diagnostics on standard error with line numbers,
//! --keep-invalid, -i/--input, -0/--null, --color; and the generated shell
//! completions and manual pages.

use crate::common::*;

/// For each command that prints one line per input: the command, three
/// inputs of which the second is invalid for it, and the output of the
/// first and third (each worked out by hand from the RFC).
fn one_line_per_input() -> Vec<(Vec<&'static str>, &'static [u8], [&'static str; 2])> {
    vec![
        (
            vec!["normalize"],
            b"HTTP://A/%7e\nhttp://a b/\nhttp://X/./x\n",
            ["http://a/~", "http://x/x"],
        ),
        (
            vec!["resolve", "http://a/b/c"],
            b"../d\n[\n?q\n",
            ["http://a/d", "http://a/b/c?q"],
        ),
        (
            vec!["resolve", "--pairs"],
            b"http://a/b\tc\nhttp://a/b\nhttp://x/y/z\t..\n",
            ["http://a/c", "http://x/"],
        ),
        (
            vec!["relative", "http://a/b/c"],
            b"http://a/b/d\nnot a uri\nhttp://a/b/x/y\n",
            ["d", "x/y"],
        ),
        (vec!["decode"], b"a%20b\n\xff\n%41\n", ["a b", "A"]),
        (
            vec!["guess"],
            b"www.w3.org/Addressing/\n\n//h/p\n",
            ["http://www.w3.org/Addressing/", "http://h/p"],
        ),
        (
            vec!["parse", "--field", "host"],
            b"http://a:1/\nhttp://[::1/\nmailto:x@y\n",
            ["a", ""],
        ),
        (
            vec!["eq", "--pairs"],
            b"http://a/%7e\thttp://a/~\nhttp://a/\thttp://a b/\nhttp://a/%2F\thttp://a//\n",
            ["equivalent", "different"],
        ),
    ]
}

#[test]
fn data_on_stdout_diagnostics_on_stderr_with_the_line() {
    for (args, input, [first, third]) in one_line_per_input() {
        let out = uri(&args, Some(input));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(stdout(&out), format!("{first}\n{third}\n"), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.starts_with("line 2: ") || err.starts_with("uri: line 2: "),
            "{args:?}: {err}"
        );
        // Only the second line is reported.
        assert!(
            !err.contains("line 1") && !err.contains("line 3"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn keep_invalid_keeps_the_lines_aligned() {
    for (mut args, input, [first, third]) in one_line_per_input() {
        args.push("--keep-invalid");
        let out = uri(&args, Some(input));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let second = input.split(|&b| b == b'\n').nth(1).unwrap();
        let mut expected = format!("{first}\n").into_bytes();
        expected.extend_from_slice(second);
        expected.extend_from_slice(format!("\n{third}\n").as_bytes());
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&expected),
            "{args:?}"
        );
        // Still reported.
        assert!(stderr(&out).contains("line 2"), "{args:?}");
    }
}

#[test]
fn normalize_into_sort_sees_no_error_text() {
    let input = b"http://b/\nhttp://exa mple.com/\nHTTP://B/\nhttp://a/\n";
    let out = uri(&["normalize"], Some(input));
    let mut lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    lines.sort();
    lines.dedup();
    assert_eq!(lines, ["http://a/", "http://b/"]);
}

#[test]
fn input_files_in_order_with_stdin_as_dash() {
    let a = temp_file("input-a.txt", b"HTTP://A/\nhttp://a b/\n");
    let b = temp_file("input-b.txt", b"http://B/%7e\n");
    let out = uri(
        &["normalize", "-i", &a, "--input", "-", "-i", &b],
        Some(b"http://S/\n\xff\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "http://a/\nhttp://s/\nhttp://b/~\n");
    // Each diagnostic names its file and line.
    let err = stderr(&out);
    assert!(err.contains(&format!("{a}:2: http://a b/\n")), "{err}");
    assert!(err.contains("(standard input):2: \\xFF\n"), "{err}");
    // Every command that reads lines takes -i.
    for args in [
        vec!["parse", "--json"],
        vec!["parse", "--check"],
        vec!["resolve", "http://x/"],
        vec!["relative", "http://x/"],
        vec!["encode", "-c", "path"],
        vec!["decode"],
        vec!["guess"],
        vec!["lint"],
        vec!["extract"],
        vec!["from-path"],
        vec!["to-path"],
        vec!["repair"],
    ] {
        let mut args = args.clone();
        args.extend(["-i", &b]);
        let out = uri(&args, None);
        assert!(out.status.code().is_some_and(|c| c < 2), "{args:?}");
    }
}

#[test]
fn input_errors_and_conflicts_are_usage_errors() {
    let out = uri(&["normalize", "-i", "/nonexistent/urls.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("/nonexistent/urls.txt"));
    // Inputs on the command line or from files, not both.
    let a = temp_file("conflict.txt", b"x\n");
    let out = uri(&["normalize", "-i", &a, "http://a/"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn null_separated_input_and_output() {
    // A line end inside a record is data (and invalid in a URI); a \r is
    // not taken off as it is for lines.
    let out = uri(
        &["normalize", "-0"],
        Some(b"HTTP://A/%7e\0a\nb\0http://x/\r\0http://X/./y"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"http://a/~\0http://x/y\0");
    let err = stderr(&out);
    assert!(err.contains("line 2: a\\u{a}b\n"), "{err}");
    assert!(err.contains("line 3: http://x/\\u{d}\n"), "{err}");
    // JSON Lines end with NUL too, each one a JSON value.
    let out = uri(&["parse", "--json", "--null"], Some(b"http://a/\0b\0"));
    assert_eq!(out.status.code(), Some(0));
    let records: Vec<&[u8]> = out.stdout.split(|&b| b == 0).collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[2], b"");
    let first: serde_json::Value = serde_json::from_slice(records[0]).unwrap();
    assert_eq!(first["host"], "a");
    let second: serde_json::Value = serde_json::from_slice(records[1]).unwrap();
    assert_eq!(second["path"], "b");
    // The same JSON through the general writer (an invalid input).
    let out = uri(&["parse", "--json", "-0"], Some(b"a b\0"));
    assert!(out.stdout.ends_with(b"}\0"));
    assert!(!out.stdout.contains(&b'\n'));
    // With --field, and from arguments.
    let out = uri(
        &["parse", "-0", "--field", "scheme,host", "s://h", "t:"],
        None,
    );
    assert_eq!(out.stdout, b"s\th\0t\t\0");
}

#[test]
fn color_option_and_no_color() {
    let caret = b"\x1b[1;31m^\x1b[0m";
    let has = |v: &[u8]| v.windows(caret.len()).any(|w| w == caret);
    let out = uri(&["--color", "always", "parse", "a b"], None);
    assert!(has(&out.stderr));
    // After the subcommand too.
    let out = uri(&["parse", "--color=always", "a b"], None);
    assert!(has(&out.stderr));
    let out = uri(&["parse", "--color", "never", "a b"], None);
    assert!(!out.stderr.contains(&0x1b));
    // auto: not on a pipe.
    let out = uri(&["parse", "a b"], None);
    assert!(!out.stderr.contains(&0x1b));
    // An option on the command line overrides NO_COLOR (no-color.org).
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_uri"))
        .args(["--color", "always", "parse", "a b"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(has(&out.stderr));
    assert_eq!(
        uri(&["--color", "sometimes", "parse", "a"], None)
            .status
            .code(),
        Some(2)
    );
}

const SUBCOMMANDS: &[&str] = &[
    "parse",
    "resolve",
    "relative",
    "normalize",
    "eq",
    "encode",
    "decode",
    "extract",
    "guess",
    "lint",
    "from-path",
    "to-path",
    "repair",
    "template",
    "completions",
    "man",
];

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = uri(&["completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = stdout(&out);
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell}: no {sub}");
        }
        assert!(script.contains("keep-invalid"), "{shell}");
    }
    // bash reads the bash script without a syntax error.
    let script = uri(&["completions", "bash"], None).stdout;
    let path = temp_file("uri.bash", &script);
    if let Ok(check) = std::process::Command::new("bash")
        .args(["-n", &path])
        .output()
    {
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
    assert_eq!(uri(&["completions", "tcsh"], None).status.code(), Some(2));
}

#[test]
fn man_pages() {
    let out = uri(&["man"], None);
    assert_eq!(out.status.code(), Some(0));
    let page = stdout(&out);
    assert!(page.contains(".TH uri 1"), "{}", &page[..200]);
    for sub in SUBCOMMANDS {
        // roff writes "-" as "\-".
        assert!(page.contains(&sub.replace('-', "\\-")), "no {sub}");
    }
    let out = uri(&["man", "parse"], None);
    let page = stdout(&out);
    assert!(page.contains(".TH uri-parse 1"), "{}", &page[..200]);
    assert!(page.contains("\\-\\-field"));
    assert!(page.contains("\\-\\-color"));
    assert_eq!(uri(&["man", "nope"], None).status.code(), Some(2));
}

#[test]
fn broken_pipe_exits_0_quietly_on_the_new_paths() {
    assert_broken_pipe_is_quiet(&["normalize", "-0"], b"HTTP://A/%7e\0");
    assert_broken_pipe_is_quiet(&["parse", "--field", "host,path"], b"http://a/b\n");
    assert_broken_pipe_is_quiet(&["to-path", "--unix"], b"file:///a%20b\n");
    assert_broken_pipe_is_quiet(&["eq", "--pairs"], b"a:\ta:\n");
}
