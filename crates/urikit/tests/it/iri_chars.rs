//! The IRI character classes of RFC 3987 2.2 against the boundary vectors
//! of `tests/data/iri/ucschar.txt` and `iprivate.txt`: every range's ends and
//! the code points on each side.

use std::path::Path;

use urikit::chars::{is_bidi_format, is_iprivate, is_ucschar};

/// (code point, expected membership) for each line of a vector file.
fn vectors(name: &str) -> Vec<(char, bool)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/iri")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let (tag, hex) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("{name}:{}", n + 1));
        let c = char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap();
        let want = match tag {
            "in" => true,
            "out" => false,
            _ => panic!("{name}:{}: tag {tag:?}", n + 1),
        };
        out.push((c, want));
    }
    assert!(out.len() > 20, "{name} has too few vectors");
    out
}

#[test]
fn ucschar_boundaries() {
    for (c, want) in vectors("ucschar.txt") {
        assert_eq!(is_ucschar(c), want, "U+{:04X}", c as u32);
    }
}

#[test]
fn iprivate_boundaries() {
    for (c, want) in vectors("iprivate.txt") {
        assert_eq!(is_iprivate(c), want, "U+{:04X}", c as u32);
    }
}

#[test]
fn the_classes_are_disjoint_and_leave_out_ascii() {
    // Sampled over every code point: no character is in both.
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        assert!(!(is_ucschar(c) && is_iprivate(c)), "U+{:04X}", c as u32);
        if c.is_ascii() {
            assert!(!is_ucschar(c) && !is_iprivate(c));
        }
    }
}

#[test]
fn bidi_formatting_characters_of_4_1() {
    // LRM, RLM, LRE, RLE, PDF, LRO, RLO (RFC 3987 4.1).
    let listed = [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    ];
    for c in listed {
        assert!(is_bidi_format(c) && is_ucschar(c), "U+{:04X}", c as u32);
    }
    let count = (0..=0x10FFFFu32)
        .filter_map(char::from_u32)
        .filter(|&c| is_bidi_format(c))
        .count();
    assert_eq!(count, listed.len());
}
