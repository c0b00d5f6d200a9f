//! The translator on inputs the JVM recording does not cover: no panic, no
//! stack overflow, and every translation one the `regex` crate compiles.
//! (Its answers are checked against Java by `tests/it/spark_regex.rs`.)

use super::{Refusal, translate};

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    for open in ["(", "[", "(?:", "(?i:", "[a&&["] {
        let p = format!("(&|^){}=([^&]*)", open.repeat(100_000));
        assert!(
            matches!(translate(&p), Err(Refusal::Unsupported { .. })),
            "{open}"
        );
    }
    // Deep but within the limit: translated.
    let p = format!("(&|^){}a{}=([^&]*)", "(?:".repeat(90), ")".repeat(90));
    assert!(translate(&p).is_ok());
}

#[test]
fn every_short_key_translates_into_a_pattern_or_a_refusal() {
    const ALPHABET: [&str; 26] = [
        "a",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "\\",
        "^",
        "$",
        ".",
        "|",
        "?",
        "*",
        "+",
        "&",
        "-",
        ",",
        "1",
        "Q",
        "E",
        "x",
        "#",
        " ",
        "é",
        "\u{10000}",
    ];
    let n = ALPHABET.len();
    let mut compiled = 0;
    for len in 1..=3u32 {
        // Every key of one and two symbols, a quarter of those of three.
        for mut i in (0..n.pow(len)).step_by(if len == 3 { 4 } else { 1 }) {
            let mut key = String::new();
            for _ in 0..len {
                key.push_str(ALPHABET[i % n]);
                i /= n;
            }
            for flags in ["", "(?x)", "(?i)"] {
                let p = format!("(&|^){flags}{key}=([^&]*)");
                if let Ok(rust) = translate(&p) {
                    // A failure here would be a translation bug, not a size limit.
                    regex::Regex::new(&rust).unwrap_or_else(|e| panic!("{p:?} -> {rust:?}: {e}"));
                    compiled += 1;
                }
            }
        }
    }
    assert!(compiled > 3_000, "{compiled}");
}
