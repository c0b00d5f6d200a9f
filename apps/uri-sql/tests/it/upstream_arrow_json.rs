//! arrow-json's bug with `\u` surrogate pairs, shown on arrow-json itself
//! (the version uri-sql builds with): a character from U+20000 up, spelt
//! as a pair of escapes, is read as another one. uri-sql reads JSON files
//! around it (src/jsonfix.rs; the `shell` module checks uri-sql's answers).
//! The report for arrow-rs is in docs/sql.md ("Known upstream bugs").
//!
//! When this test fails, arrow-json reads the pairs right: drop the
//! workaround (src/jsonfix.rs and its registration in src/shell.rs) and
//! this test.

use std::sync::Arc;

use datafusion::arrow::array::{Array, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};

/// arrow-json's reading of the string value of `{"u": ...}`.
fn arrow_json_reads(value: &str) -> String {
    let schema = Arc::new(Schema::new(vec![Field::new("u", DataType::Utf8, false)]));
    let json = format!("{{\"u\":\"{value}\"}}\n");
    let batch = arrow_json::ReaderBuilder::new(schema)
        .build(json.as_bytes())
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let u = batch
        .column(0)
        .as_any()
        .downcast_ref::<StringArray>()
        .unwrap();
    u.value(0).to_owned()
}

#[test]
fn arrow_json_still_misreads_surrogate_pairs_from_u20000_up() {
    // Below U+20000 the pair is read right (the bit ORed in is already 0).
    assert_eq!(arrow_json_reads(r"\ud83d\ude00"), "\u{1F600}");
    assert_eq!(arrow_json_reads(r"\ud83f\udfff"), "\u{1FFFF}");
    // From U+20000 up, 0x10000 is ORed in where UTF-16 adds it: the
    // character read lacks the carry. (The right answers are what Rust's
    // own UTF-16 decoder makes of the same pairs.)
    for (pair, units, wrong) in [
        (r"\ud840\udc00", [0xD840, 0xDC00], '\u{10000}'),
        (r"\udb40\udc01", [0xDB40, 0xDC01], '\u{D0001}'),
        (r"\udbff\udfff", [0xDBFF, 0xDFFF], '\u{FFFFF}'),
    ] {
        let right = char::decode_utf16(units).next().unwrap().unwrap();
        let read = arrow_json_reads(pair);
        assert_ne!(
            read,
            right.to_string(),
            "arrow-json now reads {pair} right: drop uri-sql's workaround (src/jsonfix.rs)"
        );
        assert_eq!(read, wrong.to_string(), "{pair}");
    }
}
