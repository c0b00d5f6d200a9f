//! Every input a fuzz target ever crashed on (`data/fuzz-regressions.txt`),
//! and every vector input, through the properties the `parse` fuzz target
//! checks: round trips, agreement with Appendix B, with `validate` and with
//! the byte-level entry points, error indices within the input and on a
//! character boundary, and the UTF-8 error at exactly the bad byte.

use crate::checks;

use crate::peers;

#[test]
fn crash_inputs_hold_every_property() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fuzz-regressions.txt"
    );
    let text = std::fs::read_to_string(path).expect(path);
    for (n, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (target, input) = line.split_once('\t').expect("target<TAB>input");
        assert!(matches!(target, "parse" | "differential"), "line {}", n + 1);
        checks::check_bytes(&peers::unescape(input));
    }
}

#[test]
fn vector_inputs_hold_every_property() {
    let mut n = 0;
    peers::for_each_vector_input(|_, _, b| {
        checks::check_bytes(b);
        n += 1;
    });
    assert!(n > 1000, "{n} vector inputs");
}
