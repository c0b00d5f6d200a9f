//! Issue 34: hostile inputs against the human-readable output. A width
//! taken from the input over 65,535 (the limit of `{:width$}`), control
//! characters reaching the terminal, an input dropped from `--json`, an
//! output many times the input, and the help and docs that must name
//! every subcommand.

use crate::common::*;

/// No panic (exit 101) and no panic message.
fn no_panic(out: &std::process::Output) {
    assert_ne!(
        out.status.code(),
        Some(101),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

/// No control character but the line ends (and the tab of the
/// tab-separated outputs) in `bytes`.
fn no_control(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let bad: Vec<char> = text
        .chars()
        .filter(|&c| c.is_control() && c != '\n' && c != '\t')
        .collect();
    assert!(bad.is_empty(), "control characters {bad:?} in {text:?}");
}

fn long_path(n: usize) -> String {
    format!("http://h/{}", "a".repeat(n))
}

#[test]
fn views_of_a_path_over_65535_bytes_does_not_panic_and_reads_on() {
    let out = uri(&["views", &long_path(70_000)], None);
    no_panic(&out);
    // From standard input: the line after the long one is read too.
    let input = format!("{}\nhttp://second.example/\n", long_path(70_000));
    let out = uri(&["views"], Some(input.as_bytes()));
    no_panic(&out);
    assert!(stdout(&out).contains("second.example"), "{}", stderr(&out));
}

#[test]
fn an_invalid_base_with_the_error_past_65535_does_not_panic() {
    // The space at index 9 + 70,000 is the byte at fault.
    let base = format!("{} x", long_path(70_000));
    for cmd in ["resolve", "relative"] {
        let out = uri(&[cmd, &base, "g"], None);
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let err = stderr(&out);
        assert!(
            err.contains("^ invalid character in path"),
            "{cmd}: {err:.300}"
        );
        // 96 bytes either side of the fault, not the whole base.
        assert!(err.len() < 600, "{cmd}: {} bytes on stderr", err.len());
    }
}

#[test]
fn an_invalid_base_under_65535_is_cut_to_96_bytes_either_side() {
    let base = format!("{} x", long_path(60_000));
    let out = uri(&["resolve", &base, "g"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.len() < 600, "{} bytes on stderr", err.len());
    // The caret stands under the space: as many columns before it as
    // before the space on the line above.
    let lines: Vec<&str> = err.lines().collect();
    let shown = lines
        .iter()
        .find(|l| l.contains("a x"))
        .expect("the excerpt");
    let caret = lines
        .iter()
        .find(|l| l.trim_start().starts_with('^'))
        .unwrap();
    let at = shown.find(" x").unwrap();
    assert_eq!(shown[..at].chars().count(), caret.find('^').unwrap());
}

#[test]
fn a_template_error_past_65535_does_not_panic() {
    // "{" opens an expression that never closes: the error is at its end
    // or at the brace, past 65,535 either way.
    let template = format!("{}{{x", "a".repeat(70_000));
    for args in [
        vec!["template", "expand", &template],
        vec!["template", "match", &template, "http://a/"],
    ] {
        let out = uri(&args, None);
        no_panic(&out);
        assert!(matches!(out.status.code(), Some(1 | 2)), "{args:.2?}");
        assert!(
            stderr(&out).len() < 600,
            "{args:.2?}: {} bytes",
            stderr(&out).len()
        );
    }
    // Under the threshold, cut all the same.
    let template = format!("{}{{x", "a".repeat(60_000));
    let out = uri(&["template", "expand", &template], None);
    assert!(stderr(&out).len() < 600, "{} bytes", stderr(&out).len());
}

#[test]
fn lint_headers_do_not_send_control_characters_to_the_terminal() {
    for input in [
        &b"http://h/\x1b]0;PWNED\x07\n"[..],
        b"http://h/\x1b[2J\nhttp://u:p@h/\n",
    ] {
        let out = uri(&["lint"], Some(input));
        no_control(&out.stdout);
        no_control(&out.stderr);
        let out = uri(&["lint", "--iri"], Some(input));
        no_control(&out.stdout);
    }
}

#[test]
fn diagnostics_and_places_escape_control_characters() {
    // guess quotes its input in its diagnostic.
    let out = uri(&["guess", "\x1b[2J"], None);
    no_control(&out.stderr);
    // A file name is part of every place ("FILE:LINE:").
    let dir = std::env::temp_dir().join(format!("urikit-h34-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("x\x1b[2Jy");
    std::fs::write(&file, "see http://a/ x\nhttp://a b\n").unwrap();
    let name = file.to_str().unwrap();
    let out = uri(&["extract", "-H", name], None);
    no_control(&out.stdout);
    let out = uri(&["parse", "-i", name, "-i", "-"], Some(b""));
    no_control(&out.stderr);
    assert!(
        stderr(&out).contains("x\\u{1b}[2Jy:2: http://a b"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn views_json_has_one_object_per_input_even_not_utf8() {
    let input = b"http://a/\xff\nhttp://b/\n";
    for keep in [false, true] {
        let mut args = vec!["views", "--json", "--parsers", "rfc3986"];
        if keep {
            args.push("--keep-invalid");
        }
        let out = uri(&args, Some(input));
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 2, "--keep-invalid {keep}: {}", stdout(&out));
        assert_eq!(lines[0]["input"], "http://a/\u{FFFD}");
        assert_eq!(lines[0]["valid"], false);
        assert_eq!(lines[0]["error"]["index"], 9);
        assert_eq!(lines[1]["input"], "http://b/");
        assert_eq!(out.status.code(), Some(1));
    }
}

#[test]
fn views_of_one_long_line_is_bounded() {
    // 1 MB: shown in a table of cut cells, not 1 MB per cell and padding.
    let out = uri(
        &["views"],
        Some(format!("{}\n", long_path(1 << 20)).as_bytes()),
    );
    no_panic(&out);
    let total = out.stdout.len() + out.stderr.len();
    assert!(total < 16 << 10, "{total} bytes out for 1 MB in");
    // Over the limit of one input (2 MiB): an error, pointed at the limit.
    let out = uri(
        &["views", "--json"],
        Some(format!("{}\n", long_path(3 << 20)).as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert_eq!(v["valid"], false);
    assert_eq!(v["error"]["index"], 2 << 20);
    let out = uri(
        &["views"],
        Some(format!("{}\n", long_path(3 << 20)).as_bytes()),
    );
    assert!(out.stdout.len() + out.stderr.len() < 1000);
}

#[test]
fn short_help_is_one_line_per_entry_and_long_help_keeps_the_text() {
    for args in [
        vec!["-h"],
        vec!["views", "-h"],
        vec!["guess", "-h"],
        vec!["parse", "-h"],
    ] {
        let out = uri(&args, None);
        assert_eq!(out.status.code(), Some(0));
        let text = stdout(&out);
        for line in text.lines() {
            // Clap's own "[default: …] [possible values: …]" aside.
            let entry = line.split(" [").next().unwrap();
            assert!(entry.chars().count() <= 100, "{args:?}: {line}");
        }
    }
    assert!(stdout(&uri(&["-h"], None)).len() < 2500);
    // --help keeps the whole text.
    let long = stdout(&uri(&["guess", "--help"], None));
    assert!(long.contains("\"host:port\" counts as a suffix"), "{long}");
    let long = stdout(&uri(&["--help"], None));
    assert!(long.contains("unless NO_COLOR is set"), "{long}");
}

#[test]
fn docs_cli_md_has_every_subcommand() {
    // The subcommands from clap's tree, as `uri --help` lists them.
    let help = stdout(&uri(&["--help"], None));
    let names: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .collect();
    assert!(names.len() >= 19, "{names:?}");
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md")).unwrap();
    let missing: Vec<&&str> = names
        .iter()
        .filter(|n| {
            !doc.contains(&format!("## `uri {n}`")) && !doc.contains(&format!("\nuri {n} "))
        })
        .collect();
    assert!(missing.is_empty(), "docs/cli.md does not name {missing:?}");
    for n in ["views", "repair"] {
        assert!(
            doc.contains(&format!("## `uri {n}`")),
            "no section for uri {n}"
        );
    }
}

#[test]
fn an_iri_parsed_without_iri_gets_a_hint() {
    let out = uri(&["parse", "http://例え.jp/"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--iri"), "{}", stderr(&out));
    // Not for an input that is no IRI either.
    let out = uri(&["parse", "http://exa mple.com/"], None);
    assert!(!stderr(&out).contains("--iri"), "{}", stderr(&out));
}

#[test]
fn template_match_says_why_a_line_that_is_not_utf8_was_not_tried() {
    let out = uri(&["template", "match", "{x}"], Some(b"a\xff\n/ok\n"));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["error"], "invalid-utf8");
    assert_eq!(lines[1].get("error"), None);
}

#[test]
fn guess_quotes_a_long_input_as_an_excerpt() {
    // One long word that cannot be completed: its diagnostic quotes it.
    let text = format!("a{}\x1b", "é".repeat(50_000));
    let out = uri(&["guess", &text], None);
    assert_eq!(out.status.code(), Some(1));
    no_control(&out.stderr);
    assert!(out.stderr.len() < 1000, "{} bytes", out.stderr.len());
}
