use super::*;

#[test]
fn caret_columns() {
    assert_eq!(printable(b"ab cd", 2), ("ab cd".to_string(), 2));
    assert_eq!(printable(b"a\tb", 2), ("a\\tb".to_string(), 3));
    assert_eq!(printable("éx".as_bytes(), 2), ("éx".to_string(), 1));
    assert_eq!(printable(b"a\xffb", 2), ("a\\xFFb".to_string(), 5));
    assert_eq!(printable(b"ab", 2), ("ab".to_string(), 2));
}

#[test]
fn long_inputs_show_a_window_around_the_fault() {
    // 1 MB, the fault in the middle: two short lines, the caret under it.
    let mut input = vec![b'a'; 1 << 20];
    input[1 << 19] = b' ';
    let got = caret_lines(Some("line 1"), &input, 1 << 19, "bad", false);
    let got = String::from_utf8(got).unwrap();
    let lines: Vec<&str> = got.lines().collect();
    let shown = format!("line 1: …{} {}…", "a".repeat(96), "a".repeat(95));
    assert_eq!(lines[0], shown);
    assert_eq!(lines[1], format!("{}^ bad", " ".repeat(8 + 1 + 96)));
    // At the very start and at the end: one cut only.
    let got = String::from_utf8(caret_lines(None, &input, 0, "x", false)).unwrap();
    assert_eq!(got, format!("{}…\n^ x\n", "a".repeat(96)));
    let n = input.len();
    let got = String::from_utf8(caret_lines(None, &input, n, "x", false)).unwrap();
    assert_eq!(got, format!("…{}\n{}^ x\n", "a".repeat(96), " ".repeat(97)));
    // Never into a character: both window edges fall inside an "é"
    // and widen to take it whole.
    let text = format!("{}x!{}", "é".repeat(150), "é".repeat(150));
    let got = String::from_utf8(caret_lines(None, text.as_bytes(), 301, "x", false)).unwrap();
    let e48 = "é".repeat(48);
    assert_eq!(got, format!("…{e48}x!{e48}…\n{}^ x\n", " ".repeat(50)));
    // Short inputs are shown whole, as before.
    assert_eq!(
        caret_lines(None, &input[..256], 5, "x", false).len(),
        256 + 1 + 5 + 4
    );
}

#[test]
fn caret_lines_shift_by_the_place() {
    let got = caret_lines(Some("line 3"), b"a b", 1, "bad", false);
    assert_eq!(got, b"line 3: a b\n         ^ bad\n");
    let got = caret_lines(None, b"a b", 1, "bad", true);
    assert_eq!(got, b"a b\n \x1b[1;31m^\x1b[0m bad\n");
}

#[test]
fn places_and_messages_are_escaped_and_the_caret_stays_under_the_byte() {
    // A file name with an escape sequence: shown as `\u{1b}`, and the
    // caret counted in the columns of what is shown.
    let got = caret_lines(Some("x\x1b[2J:1"), b"a b", 1, "bad \x07", false);
    let got = String::from_utf8(got).unwrap();
    assert_eq!(got, "x\\u{1b}[2J:1: a b\n               ^ bad \\u{7}\n");
}

#[test]
fn escapes() {
    assert_eq!(escape("a\u{9b}b\u{7f}"), "a\\u{9b}b\\u{7f}");
    assert_eq!(escape_bytes(b"\xc3"), "\\xC3");
    assert_eq!(escape_lines("x\n\x1b"), "x\n\\u{1b}");
    // Cuts on character boundaries, whatever the length.
    for n in 250..270 {
        let text = "é".repeat(n);
        let c = cut(&text);
        assert!(
            c.len() <= 2 * WINDOW + 3 || text.len() <= SHOWN_WHOLE,
            "{n}"
        );
    }
}

#[test]
fn a_views_table_of_a_long_input_is_short_and_has_no_control_character() {
    use urikit_views::{Parser, views_of};
    // A path of 70,000 bytes once made a width past 65,535 (a panic).
    let input = format!("http://h/{}\x1b[2J?{}", "a".repeat(70_000), "q".repeat(300));
    let parsers: Vec<Parser> = Parser::available().collect();
    let table = views_table(&views_of(&input, &parsers), false, b'\n');
    assert!(table.len() < 8 << 10, "{}", table.len());
    assert!(!table.contains(&0x1b));
}
