//! `uri normalize`, `uri eq`, `uri encode` and `uri decode`, run as a
//! program: output, exit codes, JSON, stdin.

use crate::common::*;

#[test]
fn normalize_prints_the_normal_forms() {
    // RFC 3986 6.2.2's example, then 6.2.2.1's.
    let out = uri(
        &[
            "normalize",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "HTTP://www.EXAMPLE.com/",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "example://a/b/c/%7Bfoo%7D\nhttp://www.example.com/\n"
    );
}

#[test]
fn normalize_scheme_based() {
    let out = uri(
        &[
            "normalize",
            "--scheme",
            "http://example.com:80",
            "file://localhost/x",
        ],
        None,
    );
    assert_eq!(stdout(&out), "http://example.com/\nfile:///x\n");
    let out = uri(&["normalize", "--ipv6", "http://[2001:DB8:0:0::1]/"], None);
    assert_eq!(stdout(&out), "http://[2001:db8::1]/\n");
}

#[test]
fn normalize_reads_stdin_and_flags_invalid_lines() {
    let input = b"http://a/%7e\r\nnot valid\n../x\n";
    let out = uri(&["normalize"], Some(input));
    assert_eq!(out.status.code(), Some(1));
    // `uri normalize < urls | sort -u` sees data only.
    assert_eq!(stdout(&out), "http://a/~\n../x\n");
    assert_eq!(
        stderr(&out),
        "line 2: not valid\n           ^ invalid character in path at index 3\n"
    );
    let kept = uri(&["normalize", "--keep-invalid"], Some(input));
    assert_eq!(kept.status.code(), Some(1));
    assert_eq!(stdout(&kept), "http://a/~\nnot valid\n../x\n");
}

#[test]
fn normalize_json() {
    let out = uri(
        &["normalize", "--json", "http://a/", "HTTP://a/", "a b"],
        None,
    );
    let v = json_lines(&out);
    assert_eq!(v[0]["normalized"], "http://a/");
    assert_eq!(v[0]["changed"], false);
    assert_eq!(v[1]["normalized"], "http://a/");
    assert_eq!(v[1]["changed"], true);
    assert_eq!(v[2]["valid"], false);
    assert_eq!(v[2]["error"]["index"], 1);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn eq_levels_and_exit_codes() {
    let eq = |args: &[&str]| {
        let mut all = vec!["eq"];
        all.extend_from_slice(args);
        let out = uri(&all, None);
        (stdout(&out), out.status.code())
    };
    let equivalent = ("equivalent\n".to_string(), Some(0));
    let different = ("different\n".to_string(), Some(1));
    // 6.2.3's four are equivalent at the scheme level only.
    assert_eq!(
        eq(&["http://example.com", "http://example.com:80/"]),
        different
    );
    assert_eq!(
        eq(&[
            "--level",
            "scheme",
            "http://example.com",
            "http://example.com:80/"
        ]),
        equivalent
    );
    // http://example.com/? is not equivalent to them.
    assert_eq!(
        eq(&[
            "--level",
            "scheme",
            "http://example.com/?",
            "http://example.com/"
        ]),
        different
    );
    // %2F and / are different; %7e and ~ are not.
    assert_eq!(eq(&["http://a/%2F", "http://a//"]), different);
    assert_eq!(eq(&["http://a/%7e", "http://a/~"]), equivalent);
    assert_eq!(
        eq(&["--level", "string", "http://a/%7e", "http://a/~"]),
        different
    );
    assert_eq!(eq(&["http://a/#x", "http://a/"]), different);
    assert_eq!(
        eq(&["--ignore-fragment", "http://a/#x", "http://a/"]),
        equivalent
    );
}

#[test]
fn eq_invalid_input_and_usage() {
    let out = uri(&["eq", "http://a/", "a b"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "a b\n ^ invalid character in path at index 1\n"
    );
    let out = uri(&["eq", "--level", "fuzzy", "a:", "a:"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = uri(&["eq", "a:"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn eq_json() {
    let out = uri(
        &[
            "eq",
            "--json",
            "--level",
            "syntax",
            "HTTP://A/%7e",
            "http://a/~",
        ],
        None,
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["equivalent"], true);
    assert_eq!(v["a_key"], "http://a/~");
    assert_eq!(v["level"], "syntax");
}

#[test]
fn encode_per_component() {
    // RFC 3986 2.4: LATIN CAPITAL LETTER A WITH GRAVE is %C3%80.
    let enc = |c: &str, text: &str| stdout(&uri(&["encode", "--component", c, text], None));
    assert_eq!(enc("segment", "À/b c"), "%C3%80%2Fb%20c\n");
    assert_eq!(enc("path", "À/b c"), "%C3%80/b%20c\n");
    assert_eq!(enc("userinfo", "a:b@c"), "a:b%40c\n");
    assert_eq!(enc("host", "a:b"), "a%3Ab\n");
    assert_eq!(enc("query", "a=1&b=?#"), "a=1&b=?%23\n");
    assert_eq!(enc("fragment", "#x"), "%23x\n");
    let out = uri(&["encode", "-c", "nope", "x"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = uri(&["encode", "-c", "path", "--json"], Some(b"a b\n"));
    assert_eq!(json_lines(&out)[0]["encoded"], "a%20b");
}

#[test]
fn decode_plain_and_form() {
    let out = uri(&["decode", "%C3%80%2F+%7e"], None);
    assert_eq!(stdout(&out), "À/+~\n");
    let out = uri(&["decode", "--form", "a+b%2B"], None);
    assert_eq!(stdout(&out), "a b+\n");
    let out = uri(&["decode", "--json"], Some(b"%FF\n"));
    let v = &json_lines(&out)[0];
    assert_eq!(v["utf8"], false);
    assert_eq!(v["decoded"], "\u{FFFD}");
    // Raw bytes go out as they are.
    let out = uri(&["decode", "%FF%00"], None);
    assert_eq!(out.stdout, b"\xff\x00\n");
}

#[test]
fn eq_pairs_one_verdict_per_line() {
    let input = b"http://a/%7e\thttp://a/~\n\
                  http://a/%2F\thttp://a//\n\
                  HTTP://A:80/\thttp://a/\n";
    let out = uri(&["eq", "--pairs"], Some(input));
    // A different pair makes the status 1, as a different A B does.
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "equivalent\ndifferent\ndifferent\n");
    // The scheme rung drops the default port (6.2.3).
    let out = uri(&["eq", "--pairs", "--level", "scheme"], Some(input));
    assert_eq!(stdout(&out), "equivalent\ndifferent\nequivalent\n");
    let out = uri(&["eq", "--pairs"], Some(b"a:\ta:\nb:\tb:\n"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "equivalent\nequivalent\n");
}

#[test]
fn eq_pairs_errors_json_and_usage() {
    let input = b"a:\ta:\nno tab\nx:\ta b\n";
    let out = uri(&["eq", "--pairs"], Some(input));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "equivalent\n");
    let err = stderr(&out);
    assert!(err.contains("uri: line 2: expected A<TAB>B\n"), "{err}");
    assert!(err.contains("line 3: a b\n"), "{err}");
    let out = uri(&["eq", "--pairs", "--json"], Some(input));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["equivalent"], true);
    assert_eq!(v[1]["error"], "expected A<TAB>B");
    assert_eq!(v[2]["valid"], false);
    assert_eq!(v[2]["input"], "a b");
    // A and B, or --pairs; not both.
    assert_eq!(
        uri(&["eq", "--pairs", "a:", "b:"], None).status.code(),
        Some(2)
    );
    let f = temp_file("pairs.txt", b"http://a/\tHTTP://a/\n");
    let out = uri(&["eq", "--pairs", "-i", &f], None);
    assert_eq!(stdout(&out), "equivalent\n");
}
