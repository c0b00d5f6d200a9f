//! `uri extract`, run as a program.

use crate::common::*;

const APPENDIX_C: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../crates/urikit/tests/data/text/appendix-c.txt"
);

const THREE: &str = "http://www.w3.org/Addressing/\n\
                     ftp://foo.example.com/rfc/\n\
                     http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING\n";

#[test]
fn appendix_c_from_a_file_and_from_stdin() {
    let out = uri(&["extract", APPENDIX_C], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), THREE);
    let text = std::fs::read(APPENDIX_C).unwrap();
    let out = uri(&["extract"], Some(&text));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), THREE);
}

#[test]
fn json_has_uri_start_end() {
    let out = uri(&["extract", "--json", APPENDIX_C], None);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    // Offsets counted in the file (see crates/urikit/tests/data/text/appendix-c.expected).
    assert_eq!(lines[1]["uri"], "ftp://foo.example.com/rfc/");
    assert_eq!(lines[1]["start"], 104);
    assert_eq!(lines[1]["end"], 134);
    assert_eq!(lines[1]["delimiter"], "angle");
    assert!(lines[0].get("without_hyphen").is_none());
}

#[test]
fn hyphen_ambiguity_is_reported() {
    let text = b"see <http://example.com/long-\n  name/> now";
    let out = uri(&["extract"], Some(text));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "http://example.com/long-name/\n"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("http://example.com/longname/"), "{err}");
    let out = uri(&["extract", "--json"], Some(text));
    assert_eq!(
        json_lines(&out)[0]["without_hyphen"],
        "http://example.com/longname/"
    );
}

#[test]
fn options_reach_the_library() {
    let text = b"<../a> x-foo:bar";
    let out = uri(&["extract"], Some(text));
    assert_eq!(out.stdout, b"");
    let out = uri(&["extract", "--relative", "--any-scheme"], Some(text));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "../a\nx-foo:bar\n");
}

#[test]
fn missing_file_is_an_io_error() {
    let out = uri(&["extract", "/nonexistent/file.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("/nonexistent/file.txt")
    );
}

#[test]
fn streams_many_megabytes_with_invalid_utf8() {
    let line: &[u8] = b"GET http://a.example/x?y=1 \xff\xfe \"https://b.example/\" -\n";
    let text = line.repeat(100_000);
    let out = uri(&["extract"], Some(&text));
    assert_eq!(out.status.code(), Some(0));
    let s = String::from_utf8(out.stdout).unwrap();
    assert_eq!(s.lines().count(), 200_000);
    assert_eq!(s.lines().nth(1), Some("https://b.example/"));
}

#[test]
fn several_files_get_file_and_line_prefixes() {
    let a = temp_file(
        "extract-a.txt",
        b"one http://a.example/\n\ntwo <http://b.example/>\n",
    );
    let b = temp_file(
        "extract-b.txt",
        b"\n\n\nthree http://c.example/ and http://d.example/\n",
    );
    let out = uri(&["extract", &a, &b], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!(
            "{a}:1:http://a.example/\n{a}:3:http://b.example/\n{b}:4:http://c.example/\n{b}:4:http://d.example/\n"
        )
    );
    // -i adds files; "-" is standard input, named as grep names it.
    let out = uri(&["extract", &a, "-i", "-"], Some(b"x\nhttp://s.example/\n"));
    assert!(stdout(&out).ends_with("\n(standard input):2:http://s.example/\n"));
    // --no-filename: the URIs alone.
    let out = uri(&["extract", "--no-filename", &a, &b], None);
    assert_eq!(stdout(&out).lines().next(), Some("http://a.example/"));
    // JSON: "file" and "line" keys.
    let out = uri(&["extract", "--json", &a, &b], None);
    let v = json_lines(&out);
    assert_eq!(v[2]["file"], b.as_str());
    assert_eq!(v[2]["line"], 4);
    assert_eq!(v[2]["uri"], "http://c.example/");
}

#[test]
fn with_filename_and_line_number_for_one_input() {
    let a = temp_file("extract-one.txt", b"\nsee http://a.example/\n");
    let out = uri(&["extract", "-H", &a], None);
    assert_eq!(stdout(&out), format!("{a}:2:http://a.example/\n"));
    let out = uri(&["extract", "-n"], Some(b"\n\nhttp://a.example/ x\n"));
    assert_eq!(stdout(&out), "3:http://a.example/\n");
    // Without either, one input has no prefix.
    let out = uri(&["extract", &a], None);
    assert_eq!(stdout(&out), "http://a.example/\n");
    // -0: each URI ends with NUL.
    let out = uri(&["extract", "-0"], Some(b"http://a/ http://b/"));
    assert_eq!(out.stdout, b"http://a/\0http://b/\0");
}

#[test]
fn line_numbers_hold_over_megabytes_without_a_uri() {
    // Several megabytes of lines without a URI between two URIs: the line
    // count must not lose the line ends it keeps only so far back.
    let mut text = b"http://first.example/\n".to_vec();
    for _ in 0..300_000 {
        text.extend_from_slice(b"no uri on this line, just words\n");
    }
    text.extend_from_slice(b"\n\nend http://last.example/\n");
    for _ in 0..100_000 {
        text.extend_from_slice(b"\n");
    }
    text.extend_from_slice(b"<http://very.example/>");
    let out = uri(&["extract", "-n"], Some(&text));
    assert_eq!(
        stdout(&out),
        "1:http://first.example/\n300004:http://last.example/\n400005:http://very.example/\n"
    );
}

#[test]
fn a_missing_file_among_several_is_an_io_error() {
    let a = temp_file("extract-ok.txt", b"http://a.example/\n");
    let out = uri(&["extract", &a, "/nonexistent/b.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("/nonexistent/b.txt"));
}

#[test]
fn a_candidate_dropped_for_its_length_is_reported_with_its_line() {
    let long = format!("http://a.example/{}", "b".repeat(100));
    let text = format!("one\ntwo {long} three\nhttp://ok.example/\n");
    let out = uri(&["extract", "--max-len", "64"], Some(text.as_bytes()));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://ok.example/\n");
    // Its range starts at its first byte, after "one\ntwo ".
    let err = stderr(&out);
    assert!(
        err.starts_with("uri: line 2: note: skipped a candidate at bytes 8.."),
        "{err}"
    );
    assert!(err.contains("--max-len 64"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // Long enough for the default: found, and nothing reported.
    let out = uri(&["extract"], Some(text.as_bytes()));
    assert_eq!(stdout(&out), format!("{long}\nhttp://ok.example/\n"));
    assert_eq!(stderr(&out), "");
    // From a file among several: its name and line.
    let f = temp_file("extract-long.txt", text.as_bytes());
    let out = uri(&["extract", "--max-len", "64", &f, &f], None);
    assert!(stderr(&out).starts_with(&format!("uri: {f}:2: note: skipped")));
    // Any --max-len, however large, is taken.
    let out = uri(
        &["extract", "--max-len", &usize::MAX.to_string()],
        Some(text.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Bytes that are not UTF-8 end a URI as whitespace would, and the input
/// gets one note with the line and offset of the first such sequence and
/// how many more there are (a sequence cut by the end of the input counts).
#[test]
fn invalid_utf8_is_a_break_and_is_reported() {
    let text = b"ok http://a.example/x\nhttp://b.example/y\xffz and \xc3(\n\xe2\x82";
    let out = uri(&["extract"], Some(text));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "http://a.example/x\nhttp://b.example/y\n"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "uri: line 2: note: bytes that are not UTF-8 at byte 40 (and 2 more sequences): \
         read as a break between URIs, like whitespace\n"
    );
    // Valid UTF-8 (an IRI's characters end a bare URI too) gives no note.
    let out = uri(&["extract"], Some("http://a/é".as_bytes()));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
