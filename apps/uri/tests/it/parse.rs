//! `uri parse`, run as a program: exit codes, JSON keys, stdin, broken pipe.

use crate::common::*;

#[test]
fn valid_input_exits_0_with_every_component() {
    let out = uri(
        &[
            "parse",
            "foo://example.com:8042/over/there?name=ferret#nose",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "scheme     \"foo\"",
        "authority  \"example.com:8042\"",
        "userinfo   none",
        "host       \"example.com\"  (reg-name)",
        "port       \"8042\"",
        "path       \"/over/there\"",
        "query      \"name=ferret\"",
        "fragment   \"nose\"",
    ] {
        assert!(text.contains(line), "missing {line:?} in:\n{text}");
    }
}

#[test]
fn invalid_input_exits_1_with_a_caret() {
    let out = uri(&["parse", "http://a/", "http://exa mple.com/"], None);
    assert_eq!(out.status.code(), Some(1));
    // The diagnostic on standard error (an argument shows itself, so it
    // needs no line number); the valid input's display on standard output.
    assert_eq!(
        stderr(&out),
        "http://exa mple.com/\n          ^ invalid character in host at index 10\n"
    );
    assert!(stdout(&out).starts_with("http://a/\n"));
    assert!(!stdout(&out).contains("exa mple"));
    // From standard input, with the line number; the caret moves with it.
    let out = uri(&["parse"], Some(b"http://a/\nhttp://exa mple.com/\n"));
    assert_eq!(
        stderr(&out),
        "line 2: http://exa mple.com/\n                  ^ invalid character in host at index 10\n"
    );
}

#[test]
fn json_keys_null_versus_empty() {
    let out = uri(
        &["parse", "--json", "http://@a:/?#", "http://a", "../g"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    let keys = [
        "input",
        "valid",
        "kind",
        "scheme",
        "authority",
        "userinfo",
        "host",
        "host_kind",
        "port",
        "port_text",
        "path",
        "query",
        "fragment",
    ];
    for obj in &v {
        for k in keys {
            assert!(obj.get(k).is_some(), "key {k} missing in {obj}");
        }
    }
    // RFC 3986 5.3: empty and undefined are different.
    assert_eq!(v[0]["userinfo"], "");
    assert_eq!(v[0]["port_text"], "");
    // An empty port is no number (as Python's and SQL's `port`).
    assert_eq!(v[0]["port"], serde_json::Value::Null);
    assert_eq!(v[0]["query"], "");
    assert_eq!(v[0]["fragment"], "");
    assert_eq!(v[1]["userinfo"], serde_json::Value::Null);
    assert_eq!(v[1]["port"], serde_json::Value::Null);
    assert_eq!(v[1]["port_text"], serde_json::Value::Null);
    assert_eq!(v[1]["query"], serde_json::Value::Null);
    assert_eq!(v[1]["fragment"], serde_json::Value::Null);
    assert_eq!(v[1]["path"], "");
    assert_eq!(v[2]["kind"], "relative");
    assert_eq!(v[2]["scheme"], serde_json::Value::Null);
    assert_eq!(v[0]["kind"], "uri");
}

#[test]
fn json_host_kinds_and_brackets() {
    let out = uri(
        &[
            "parse",
            "--json",
            "http://[2001:db8::7]/",
            "http://192.0.2.16:80/",
            "http://[v7.x]/",
            "http://1.2.3.256/",
        ],
        None,
    );
    let v = json_lines(&out);
    assert_eq!(v[0]["host"], "[2001:db8::7]");
    assert_eq!(v[0]["host_kind"], "ipv6");
    assert_eq!(v[1]["host_kind"], "ipv4");
    assert_eq!(v[2]["host_kind"], "ipvfuture");
    assert_eq!(v[3]["host_kind"], "reg-name");
}

#[test]
fn json_error_object() {
    let out = uri(&["parse", "--json", "http://[::1/"], None);
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v[0]["valid"], false);
    assert_eq!(v[0]["error"]["index"], 7);
    assert_eq!(v[0]["error"]["kind"], "unclosed-ip-literal");
    assert_eq!(
        v[0]["error"]["message"],
        "unclosed IP literal in host (no ']')"
    );
}

#[test]
fn stdin_mode_reads_lines_including_crlf() {
    let out = uri(
        &["parse", "--json"],
        Some(b"http://a/b\r\nmailto:x@y\n\nbad uri\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 4);
    assert_eq!(v[0]["path"], "/b");
    assert_eq!(v[1]["scheme"], "mailto");
    // The empty line is a valid (empty) relative reference.
    assert_eq!(v[2]["valid"], true);
    assert_eq!(v[3]["valid"], false);
}

#[test]
fn invalid_utf8_is_reported_at_the_byte() {
    let out = uri(&["parse", "--json"], Some(b"http://a/\xff\n"));
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v[0]["error"]["kind"], "invalid-utf8");
    assert_eq!(v[0]["error"]["index"], 9);
}

#[test]
fn check_prints_only_invalid_inputs() {
    let out = uri(&["parse", "--check"], Some(b"http://a/\nhttp://b c/\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let text = stderr(&out);
    assert!(text.starts_with("line 2: http://b c/\n"), "{text}");
    assert!(!text.contains("http://a/"));
    let ok = uri(&["parse", "--check"], Some(b"http://a/\n"));
    assert_eq!(ok.status.code(), Some(0));
    assert!(ok.stdout.is_empty());
    assert!(ok.stderr.is_empty());
}

#[test]
fn rule_option() {
    let out = uri(
        &["parse", "--rule", "IPv6address", "--json", "::1", "1::2::3"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v[0]["valid"], true);
    assert_eq!(v[1]["error"]["kind"], "invalid-ipv6");
    let uri_rule = uri(&["parse", "--rule", "URI", "../g"], None);
    assert_eq!(uri_rule.status.code(), Some(1));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(
        uri(&["parse", "--no-such-flag"], None).status.code(),
        Some(2)
    );
    assert_eq!(uri(&["no-such-command"], None).status.code(), Some(2));
    let out = uri(&["parse", "--rule", "nonsense", "a"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("unknown rule")
    );
    assert_eq!(uri(&["--help"], None).status.code(), Some(0));
}

#[test]
fn broken_pipe_exits_0_quietly() {
    assert_broken_pipe_is_quiet(&["parse", "--json"], b"http://example.com/a/b/c?d=e#f\n");
}

#[test]
fn lines_longer_than_the_read_buffer() {
    // Three lines around a 3 MiB one: the reader's block must grow,
    // and block boundaries must never split or merge lines.
    let long = format!("http://example.com/{}", "a/".repeat(3 << 19));
    let mut input = Vec::new();
    input.extend_from_slice(b"http://first/\n");
    input.extend_from_slice(long.as_bytes());
    input.extend_from_slice(b"\r\nhttp://b c/\nhttp://last/");
    let out = uri(&["parse", "--json"], Some(&input));
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 4);
    assert_eq!(v[0]["host"], "first");
    assert_eq!(v[1]["path"].as_str().map(str::len), Some(long.len() - 18));
    assert_eq!(v[2]["valid"], false);
    assert_eq!(v[3]["host"], "last");
}

/// The JSON line of a valid reference, written the slow way: from the
/// library's accessors, with serde_json for every string.
fn expected_json(r: &urikit::UriRef<'_>) -> String {
    let q = |v: Option<&str>| v.map_or("null".to_string(), |v| serde_json::to_string(v).unwrap());
    let kind = if r.is_relative() { "relative" } else { "uri" };
    format!(
        "{{\"input\":{},\"valid\":true,\"kind\":\"{kind}\",\"scheme\":{},\"authority\":{},\"userinfo\":{},\"host\":{},\"host_kind\":{},\"port\":{},\"port_text\":{},\"path\":{},\"query\":{},\"fragment\":{}}}\n",
        q(Some(r.as_str())),
        q(r.scheme()),
        q(r.authority()),
        q(r.userinfo()),
        q(r.host_str()),
        q(r.host_kind().map(|k| k.name())),
        r.port_u16()
            .ok()
            .flatten()
            .map_or("null".to_string(), |n| n.to_string()),
        q(r.port()),
        q(Some(r.path())),
        q(r.query()),
        q(r.fragment()),
    )
}

/// References that take every branch of the in-place JSON writer: with and
/// without scheme, authority, userinfo, port, query and fragment (empty and
/// not), and every kind of host.
const JSON_SHAPES: &[&str] = &[
    "",
    "a",
    "../g;x?y#s",
    "?",
    "#",
    "?q#f",
    "//",
    "//@:",
    "///p",
    "//h",
    "s:",
    "s:p",
    "s:/p?q",
    "s:#",
    "http://a",
    "http://@a:/?#",
    "http://u:pw@a.example:8080/p/q?x=1&y=2#frag",
    "http://192.0.2.16:80/",
    "http://[2001:db8::7]/c=GB?objectClass?one",
    "http://[v7.x:y]/",
    "http://1.2.3.256/",
    "ftp://u@[::1]:21",
    "mailto:John.Doe@example.com",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "foo://example.com:8042/over/there?name=ferret#nose",
    "HTTP://%7Eu%20@%41:0099/%2F?%3F#%23",
];

#[test]
fn json_written_in_place_matches_the_accessors() {
    let expected: String = JSON_SHAPES
        .iter()
        .map(|s| expected_json(&urikit::UriRef::parse(s).unwrap()))
        .collect();
    let mut args = vec!["parse", "--json"];
    args.extend(JSON_SHAPES);
    let out = uri(&args, None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), expected);
    // The same on standard input, repeated over several read blocks.
    let input = (JSON_SHAPES.join("\n") + "\n").repeat(4000);
    let out = uri(&["parse", "--json"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.len() > 4 << 20);
    assert!(stdout(&out) == expected.repeat(4000));
}

#[test]
fn stdin_over_many_blocks_gives_each_line_once() {
    // Lines of every sort, over several read blocks: valid, invalid, not
    // UTF-8, empty, with "\r\n", and a last line without a line end. Each
    // must come out exactly as when it is given as an argument.
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut input = Vec::new();
    for i in 0..30_000u32 {
        let line = match i % 7 {
            0 => format!("http://h{i}.example/p?q={i}#f").into_bytes(),
            1 => format!("http://bad {i}/").into_bytes(),
            2 => format!("/p/{i}/\u{e9}").into_bytes(),
            3 => [
                b"http://a/".as_slice(),
                &[0xff, b'x'],
                i.to_string().as_bytes(),
            ]
            .concat(),
            4 => Vec::new(),
            5 => format!("{}/{i}", "x".repeat(i as usize % 300)).into_bytes(),
            _ => format!("//[::{:x}]:{i}", i % 0xffff).into_bytes(),
        };
        input.extend_from_slice(&line);
        input.extend_from_slice(if i % 5 == 0 { b"\r\n" } else { b"\n" });
        lines.push(line);
    }
    let last = b"s:last".to_vec();
    input.extend_from_slice(&last);
    lines.push(last);
    for mode in [["parse", "--json"], ["parse", "--check"]] {
        let from_stdin = uri(&mode, Some(&input));
        let mut from_args = Vec::new();
        let mut errors_from_args = Vec::new();
        for chunk in lines.chunks(2000) {
            let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_uri"));
            cmd.args(mode);
            cmd.args(chunk.iter().map(|l| OsStr::from_bytes(l)));
            // Each chunk starts with a valid line, so none fails to run.
            let out = cmd.output().expect("run uri");
            from_args.extend_from_slice(&out.stdout);
            errors_from_args.extend_from_slice(&out.stderr);
        }
        assert_eq!(from_stdin.status.code(), Some(1));
        assert!(from_stdin.stdout == from_args, "{mode:?} differs");
        // The diagnostics (--check): the same, but that a line read from
        // standard input has its number in front, and its caret moves by
        // as much.
        let errors = without_line_numbers(&from_stdin.stderr, &lines);
        assert!(errors == errors_from_args, "{mode:?} diagnostics differ");
    }
}

/// Diagnostics of inputs read from standard input, with the "line N: "
/// in front of each input, and as many columns before its caret, taken
/// away; checking that N is the line of that input in `lines`.
fn without_line_numbers(stderr: &[u8], lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = stderr;
    while !rest.is_empty() {
        let end = rest.iter().position(|&b| b == b'\n').expect("a line end") + 1;
        let (first, after) = rest.split_at(end);
        // The hint after an IRI's diagnostic has no place: kept as it is.
        if first.starts_with(b"hint: ") {
            out.extend_from_slice(first);
            rest = after;
            continue;
        }
        let end = after
            .iter()
            .position(|&b| b == b'\n')
            .expect("a caret line")
            + 1;
        let (caret, after) = after.split_at(end);
        rest = after;
        let text = std::str::from_utf8(first).expect("printable");
        let (place, input) = text.split_once(": ").expect("a place");
        let n: usize = place
            .strip_prefix("line ")
            .expect("line N")
            .parse()
            .unwrap();
        let shown = String::from_utf8_lossy(&lines[n - 1]).replace('\u{fffd}', "\\xFF");
        assert_eq!(input.trim_end(), shown, "line {n}");
        out.extend_from_slice(input.as_bytes());
        out.extend_from_slice(&caret[place.len() + 2..]);
    }
    out
}

#[test]
fn caret_past_column_65535() {
    // A long line is shown as a window around the bad byte (96 bytes on
    // either side, `…` where it is cut), and the caret under that byte:
    // the diagnostics of a 70 kB line stay short, past any formatting
    // width.
    let input = format!("http://a/{} b\n", "a".repeat(70_000));
    let out = uri(&["parse", "--check"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(text.len() < 1_000, "{} bytes of diagnostics", text.len());
    let mut lines = text.lines();
    let shown = lines.next().expect("the input line");
    let caret = lines.next().expect("a caret line");
    assert!(shown.starts_with("line 1: …a"), "{shown}");
    let col = caret.find('^').expect("a caret");
    assert!(caret[..col].bytes().all(|b| b == b' '));
    // The caret's column, counted in characters of the shown line, is the
    // space after the run of `a`.
    let under: Vec<char> = shown.chars().collect();
    assert_eq!(under[col], ' ', "{shown}");
    assert_eq!(under[col - 1], 'a');
    assert_eq!(under[col + 1], 'b');
}

#[test]
fn json_parts_of_every_length_around_the_copy_window() {
    // The writer copies a part as a fixed window from the input block when
    // the part is short and the block has the bytes after it, and the slow
    // way otherwise. Parts of every length up to past twice the window, at
    // the end of a line, in lines shorter than the window, in the last
    // line of a read block and in a last line without a line end, must
    // all come out as the accessors say.
    let mut lines = Vec::new();
    for n in 0..140 {
        let x = "x".repeat(n);
        let d = "9".repeat(n);
        lines.push(format!("s{x}:"));
        lines.push(format!("//u{x}@h{x}:{d}"));
        lines.push(format!("s://[::{}]/{x}", n % 10));
        lines.push(format!("/{x}?{x}"));
        lines.push(format!("?#{x}"));
        lines.push(format!("http://{x}@h/p?q#{x}"));
        lines.push(x);
    }
    let expected: String = lines
        .iter()
        .map(|s| expected_json(&urikit::UriRef::parse(s).unwrap()))
        .collect();
    // As arguments: nothing after any part.
    let mut args = vec!["parse", "--json"];
    args.extend(lines.iter().map(String::as_str));
    let out = uri(&args, None);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out) == expected);
    // On standard input, over many read blocks that end at many different
    // places in a line, the last line without a line end.
    let repeats = 40;
    let input = vec![lines.join("\n"); repeats].join("\n");
    let out = uri(&["parse", "--json"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(0));
    assert!(input.len() > 10 << 18);
    assert!(stdout(&out) == expected.repeat(repeats));
}

#[test]
fn fields_tab_separated_absent_is_empty() {
    let out = uri(
        &[
            "parse",
            "--field",
            "scheme,userinfo,host,port,path,query,fragment",
            "--field",
            "authority,host-kind,zone",
            "foo://u@example.com:8042/over/there?name=ferret#nose",
            "http://@a:/?#",
            "../g",
            "http://[2001:db8::7]/",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "foo\tu\texample.com\t8042\t/over/there\tname=ferret\tnose\tu@example.com:8042\treg-name\t\n\
         http\t\ta\t\t/\t\t\t@a:\treg-name\t\n\
         \t\t\t\t../g\t\t\t\t\t\n\
         http\t\t[2001:db8::7]\t\t/\t\t\t[2001:db8::7]\tipv6\t\n"
    );
}

#[test]
fn fields_as_json_keep_null_and_empty_apart() {
    let out = uri(
        &[
            "parse",
            "--json",
            "--field",
            "userinfo,port,port-text,query,fragment,host-kind,zone",
            "http://@a:/?#",
            "http://a",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    // RFC 3986 5.3: empty and undefined are different.
    assert_eq!(
        v[0],
        serde_json::json!({"userinfo": "", "port": null, "port_text": "", "query": "", "fragment": "", "host_kind": "reg-name", "zone": null})
    );
    assert_eq!(
        v[1],
        serde_json::json!({"userinfo": null, "port": null, "port_text": null, "query": null, "fragment": null, "host_kind": "reg-name", "zone": null})
    );
    // Only the keys asked for, in the order asked.
    assert_eq!(
        stdout(&out).lines().next().unwrap(),
        r#"{"userinfo":"","port":null,"port_text":"","query":"","fragment":"","host_kind":"reg-name","zone":null}"#
    );
}

#[test]
fn fields_with_rules_and_invalid_inputs() {
    // --rule URI: a relative reference is invalid there.
    let out = uri(
        &["parse", "--rule", "URI", "--field", "path"],
        Some(b"s:/p\n../g\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "/p\n");
    assert!(
        stderr(&out).starts_with("line 2: ../g\n"),
        "{}",
        stderr(&out)
    );
    // A rule without components, an unknown field: usage errors.
    let out = uri(
        &["parse", "--rule", "IPv6address", "--field", "host", "::1"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--field"));
    assert_eq!(
        uri(&["parse", "--field", "hostname", "a"], None)
            .status
            .code(),
        Some(2)
    );
    // --keep-invalid needs --field; --check and --field do not go together.
    assert_eq!(
        uri(&["parse", "--keep-invalid", "a"], None).status.code(),
        Some(2)
    );
    assert_eq!(
        uri(&["parse", "--check", "--field", "host", "a"], None)
            .status
            .code(),
        Some(2)
    );
    // In JSON an invalid input is its error object, in its place.
    let out = uri(
        &["parse", "--json", "--field", "host"],
        Some(b"//a\n//[\n//b\n"),
    );
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[1]["valid"], false);
    assert_eq!(v[2], serde_json::json!({"host": "b"}));
}
