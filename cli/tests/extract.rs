//! `uri extract`, run as a program.

mod common;
use common::*;

const APPENDIX_C: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../urikit/tests/data/text/appendix-c.txt"
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
    // Offsets counted in the file (see urikit/tests/data/text/appendix-c.expected).
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
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("/nonexistent/file.txt"));
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
