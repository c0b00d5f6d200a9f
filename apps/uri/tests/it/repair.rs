//! `uri repair`, run as a program.

use crate::common::*;

#[test]
fn repairs_lines_and_reports_what_it_cannot() {
    let input = "http://a/b c|d^e#f#g\nhttp://a/ok\nhttp://a:8o/\n/100%\n";
    let out = uri(&["repair"], Some(input.as_bytes()));
    // One input cannot be repaired: status 1, reported with its line.
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "http://a/b%20c%7Cd%5Ee#f%23g\nhttp://a/ok\n/100%25\n"
    );
    let err = stderr(&out);
    assert!(err.contains("line 3: http://a:8o/\n"), "{err}");
    assert!(
        err.contains("^ invalid character in port at index 10"),
        "{err}"
    );
    // --keep-invalid keeps the lines aligned.
    let out = uri(&["repair", "--keep-invalid"], Some(input.as_bytes()));
    assert_eq!(stdout(&out).lines().nth(2), Some("http://a:8o/"));
}

#[test]
fn all_repairable_is_status_0_unless_check() {
    let out = uri(&["repair", "a b", "http://x/"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "a%20b\nhttp://x/\n");
    let out = uri(&["repair", "--check", "a b"], None);
    assert_eq!(out.status.code(), Some(1));
    let out = uri(&["repair", "--check", "http://x/"], None);
    assert_eq!(out.status.code(), Some(0));
    let out = uri(&["repair", "--explain", "a b"], None);
    assert!(
        stderr(&out).contains("^ ' ' in the path at index 1 percent-encoded (not allowed there)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn json_and_nul_separated() {
    let out = uri(&["repair", "--json", "-0"], Some(b"x|y\0http://[::1/\0"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "{\"input\":\"x|y\",\"output\":\"x%7Cy\",\"changed\":true,\"changes\":[{\"index\":1,\"char\":\"|\",\"component\":\"path\",\"kind\":\"disallowed\"}]}\0\
         {\"input\":\"http://[::1/\",\"error\":{\"index\":7,\"kind\":\"unclosed-ip-literal\",\"message\":\"IP literal in host without closing ']'\"}}\0"
    );
}

#[test]
fn not_utf8_is_reported() {
    let out = uri(&["repair"], Some(b"http://a/\xff\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("not UTF-8 at index 9"),
        "{}",
        stderr(&out)
    );
}
