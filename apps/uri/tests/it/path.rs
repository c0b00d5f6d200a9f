//! `uri from-path` and `uri to-path`, run as a program (RFC 8089).

use crate::common::*;

#[test]
fn windows_paths_both_ways() {
    // The forms of the issue and of RFC 8089 (E.2 drive letters, E.3.1 UNC).
    let out = uri(
        &[
            "from-path",
            "--windows",
            r"C:\a b\c",
            r"\\server\share\x",
            r"D:\dir\",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "file:///C:/a%20b/c\nfile://server/share/x\nfile:///D:/dir/\n"
    );
    let out = uri(
        &[
            "to-path",
            "--windows",
            "file:///C:/a%20b/c",
            "file://server/share/x",
            // Appendix E forms: E.2 without slashes, E.2.2 "|", E.3.2.
            "file:c:/x",
            "file:///c|/x",
            "file:////server/share/y",
            "file://localhost/C:/z",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "C:\\a b\\c\n\\\\server\\share\\x\nc:\\x\nc:\\x\n\\\\server\\share\\y\nC:\\z\n"
    );
}

#[test]
fn unix_paths_both_ways_with_awkward_names() {
    let out = uri(
        &[
            "from-path",
            "--unix",
            "/home/a b/c",
            "/tmp/50% #1?;x",
            "/srv/d/",
            "/caf\u{e9}",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "file:///home/a%20b/c\nfile:///tmp/50%25%20%231%3F%3Bx\nfile:///srv/d/\nfile:///caf%C3%A9\n"
    );
    let back = uri(&["to-path", "--unix"], Some(&out.stdout));
    assert_eq!(back.status.code(), Some(0));
    assert_eq!(
        stdout(&back),
        "/home/a b/c\n/tmp/50% #1?;x\n/srv/d/\n/caf\u{e9}\n"
    );
}

#[test]
fn a_name_that_is_not_utf8_round_trips() {
    let out = uri(&["from-path", "--unix"], Some(b"/a/\xff\xfe.txt\n"));
    assert_eq!(stdout(&out), "file:///a/%FF%FE.txt\n");
    let back = uri(&["to-path", "--unix"], Some(&out.stdout));
    assert_eq!(back.stdout, b"/a/\xff\xfe.txt\n");
    let json = uri(&["to-path", "--unix", "--json"], Some(&out.stdout));
    let v = json_lines(&json);
    assert_eq!(v[0]["utf8"], false);
    // A Windows path must be text.
    let out = uri(&["from-path", "--windows"], Some(b"C:\\\xff\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("not valid Unicode"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn errors_name_what_and_where_on_stderr() {
    let out = uri(&["from-path", "--unix"], Some(b"/ok\nrelative/x\n/ok2\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "file:///ok\nfile:///ok2\n");
    let err = stderr(&out);
    assert!(
        err.starts_with("line 2: relative/x\n        ^ relative path"),
        "{err}"
    );
    let out = uri(
        &["to-path", "--unix", "--keep-invalid"],
        Some(b"file:///a\nhttp://a/\nfile:///b#f\nfile://host/c\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    // Aligned: the invalid inputs in their places.
    assert_eq!(stdout(&out), "/a\nhttp://a/\nfile:///b#f\nfile://host/c\n");
    let err = stderr(&out);
    assert!(err.contains("line 2: http://a/"), "{err}");
    assert!(err.contains("fragment"), "{err}");
    assert!(err.contains("line 4: file://host/c"), "{err}");
    let out = uri(&["to-path", "--json", "--unix", "file:///a?q"], None);
    let v = json_lines(&out);
    assert_eq!(v[0]["error"]["kind"], "query");
    assert_eq!(v[0]["error"]["index"], 9);
    // One of --windows and --unix.
    assert_eq!(
        uri(&["to-path", "--windows", "--unix", "file:///a"], None)
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn null_separated_names_with_line_ends() {
    let out = uri(&["from-path", "--unix", "-0"], Some(b"/a\nb\0/c\0"));
    assert_eq!(out.stdout, b"file:///a%0Ab\0file:///c\0");
    let back = uri(&["to-path", "--unix", "-0"], Some(&out.stdout));
    assert_eq!(back.stdout, b"/a\nb\0/c\0");
}

#[test]
fn node_file_uris_go_to_a_path_and_back() {
    // Every URI of the node-files corpus (the full file when it is here,
    // else its sample): each has a host, so it is a UNC path on Windows,
    // and comes back the same; on Unix the host is refused at its index.
    let path = urikit_testdata::full_or_sample("node-files.txt");
    let file = path.to_str().unwrap();
    let uris = std::fs::read_to_string(&path).unwrap();
    let count = uris.lines().count();
    assert!(count > 4000, "{count} in {file}");
    let paths = uri(&["to-path", "--windows", "-i", file], None);
    assert_eq!(paths.status.code(), Some(0), "{}", stderr(&paths));
    assert!(stdout(&paths).lines().all(|p| p.starts_with(r"\\")));
    let back = uri(&["from-path", "--windows"], Some(&paths.stdout));
    assert_eq!(back.status.code(), Some(0), "{}", stderr(&back));
    assert!(stdout(&back) == uris, "not the same URIs");
    let unix = uri(&["to-path", "--unix", "-i", file], None);
    assert_eq!(unix.status.code(), Some(1));
    assert_eq!(unix.stdout, b"");
    assert_eq!(
        stderr(&unix)
            .matches("^ host other than \"localhost\"")
            .count(),
        count
    );
    assert!(stderr(&unix).contains(&format!("{file}:{count}: file://")));
}

/// `--vscode`: the URIs and paths vscode-uri writes and reads (compared
/// with the real vscode-uri in crates/urikit/tests/it/vscode.rs).
#[test]
fn vscode_profile_both_ways() {
    let out = uri(
        &[
            "from-path",
            "--vscode",
            "--windows",
            r"C:\a b\c#",
            r"\\Server\Share\x",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "file:///c%3A/a%20b/c%23\nfile://server/Share/x\n"
    );
    let out = uri(&["from-path", "--vscode", "--unix", "/tmp/a b:c"], None);
    assert_eq!(stdout(&out), "file:///tmp/a%20b%3Ac\n");
    let out = uri(
        &[
            "to-path",
            "--vscode",
            "--windows",
            "file:///c%3A/a%20b",
            "file://server/s/x",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "c:\\a b\n\\\\server\\s\\x\n");
    let out = uri(
        &[
            "to-path",
            "--vscode",
            "--unix",
            "file:///C:/x%2Fy",
            "file:///a?q",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "c:/x/y\n");
    assert!(stderr(&out).contains("query"), "{}", stderr(&out));
}

/// Issue 25: the verbatim UNC forms that stand for `\\.\` and `\\?\` are
/// refused, so from-path never writes a URI that to-path refuses.
#[test]
fn verbatim_unc_prefixes_are_refused() {
    let out = uri(
        &["from-path", "--windows", r"\\?\UNC\.\b", r"\\?\UNC\?\b"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out)
            .matches("unsupported Windows path prefix")
            .count(),
        2
    );
}
