//! The JSON output: its string escapes, and the one line still written by
//! hand (`uri parse --json`, the default rule) against the serde record
//! that every other path writes.

use crate::common::*;

#[test]
fn escapes_are_the_clis_own() {
    // An invalid input is echoed in "input": control characters other than
    // \n \r \t, DEL included, come out as \u00XX with lower-case hex (not
    // serde_json's \b and \f, and never a raw DEL); C1 controls and other
    // non-ASCII characters as they are.
    let out = uri(
        &["parse", "--json", "a\u{8}\u{c}\u{7f}\u{1f}\"\\\u{85}é"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with("{\"input\":\"a\\u0008\\u000c\\u007f\\u001f\\\"\\\\\u{85}é\","),
        "{text}"
    );
    // Valid JSON all the same.
    assert_eq!(
        json_lines(&out)[0]["input"],
        "a\u{8}\u{c}\u{7f}\u{1f}\"\\\u{85}é"
    );
    // Tab, CR and LF inside an input (-0 keeps them in one record).
    let out = uri(&["parse", "--json", "-0"], Some(b"a\tb\rc\nd\0"));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("{\"input\":\"a\\tb\\rc\\nd\","), "{text}");
}

#[test]
fn the_hand_written_line_is_the_record() {
    // `uri parse --json` writes its line by hand (it is 9 times faster than
    // serde_json there); with --rule URI the same components go through the
    // serde record. For every corpus URL valid under both, the bytes agree.
    let path = urikit_testdata::full_or_sample("gsd-urls.txt");
    let lines: Vec<String> = urikit_testdata::lines(&path)
        .into_iter()
        .take(20_000)
        .collect();
    let stdin: Vec<u8> = lines
        .iter()
        .flat_map(|l| [l.as_bytes(), b"\n"].concat())
        .collect();
    let fast = uri(&["parse", "--json"], Some(&stdin));
    let record = uri(&["parse", "--json", "--rule", "URI"], Some(&stdin));
    let (fast, record) = (stdout(&fast), stdout(&record));
    let mut compared = 0;
    for (a, b) in fast.lines().zip(record.lines()) {
        if a.contains("\"valid\":true") && b.contains("\"valid\":true") {
            assert_eq!(a, b);
            compared += 1;
        }
    }
    assert_eq!(fast.lines().count(), record.lines().count());
    assert!(compared > lines.len() / 2, "{compared} of {}", lines.len());
    // And with every component there, empty and absent ones apart.
    for input in [
        "http://u@h:8/p?q#f",
        "http://@h:/?#",
        "//h",
        "a:",
        "../g;x?y#s",
    ] {
        let a = stdout(&uri(&["parse", "--json", input], None));
        let b = stdout(&uri(
            &["parse", "--json", "--rule", "URI-reference", "--iri", input],
            None,
        ));
        assert_eq!(a, b, "{input}");
    }
}
