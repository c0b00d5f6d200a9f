//! Helpers shared by the kernel tests: the corpora as columns of each
//! string type, and outputs read back as plain Rust values.
// Not every module uses every helper, and some modules are feature-gated.
#![allow(dead_code)]

use std::path::Path;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::DataType;

/// The three string types, in order.
pub const TYPES: [DataType; 3] = [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];

/// A column of `ty` holding `rows`.
pub fn column(ty: &DataType, rows: &[Option<&str>]) -> ArrayRef {
    match ty {
        DataType::Utf8 => Arc::new(StringArray::from(rows.to_vec())),
        DataType::LargeUtf8 => Arc::new(LargeStringArray::from(rows.to_vec())),
        _ => Arc::new(StringViewArray::from(rows.to_vec())),
    }
}

/// The values of a string column of any of the three types.
pub fn strings(a: &dyn Array) -> Vec<Option<String>> {
    let own = |v: Option<&str>| v.map(str::to_owned);
    match a.data_type() {
        DataType::Utf8 => a.as_string::<i32>().iter().map(own).collect(),
        DataType::LargeUtf8 => a.as_string::<i64>().iter().map(own).collect(),
        DataType::Utf8View => a.as_string_view().iter().map(own).collect(),
        t => panic!("not a string column: {t}"),
    }
}

/// The rows of a list-of-strings column.
pub fn lists(a: &dyn Array) -> Vec<Option<Vec<String>>> {
    let l = a.as_list::<i32>();
    (0..l.len())
        .map(|i| {
            l.is_valid(i).then(|| {
                strings(&l.value(i))
                    .into_iter()
                    .map(Option::unwrap)
                    .collect()
            })
        })
        .collect()
}

/// The rows of a map-of-strings column, as lists of entries.
pub fn maps(a: &dyn Array) -> Vec<Option<Vec<(String, String)>>> {
    let m = a.as_map();
    (0..m.len())
        .map(|i| {
            m.is_valid(i).then(|| {
                let e = m.value(i);
                let k = strings(e.column(0));
                let v = strings(e.column(1));
                k.into_iter()
                    .zip(v)
                    .map(|(k, v)| (k.unwrap(), v.unwrap()))
                    .collect()
            })
        })
        .collect()
}

/// The lines of a corpus file: the committed sample, and also the full file
/// when it is there (then the full one).
pub fn corpus_lines(name: &str) -> Vec<String> {
    let path = urikit_testdata::full(name).unwrap_or_else(|| urikit_testdata::sample(name));
    urikit_testdata::lines(&path)
}

/// The `(base, relative)` records of a `base,relative` CSV file (RFC 4180:
/// quoted fields may hold commas, line breaks and `""`).
pub fn csv_pairs(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).expect("read the CSV corpus");
    let mut records: Vec<Vec<String>> = Vec::new();
    let (mut record, mut field) = (Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    assert_eq!(
        records.first().map(Vec::as_slice),
        Some(&["base".to_string(), "relative".to_string()][..])
    );
    records
        .into_iter()
        .skip(1)
        .map(|r| {
            assert_eq!(r.len(), 2, "a record of two fields: {r:?}");
            (r[0].clone(), r[1].clone())
        })
        .collect()
}

/// The pairs of cc-relative-10k.csv: the full file when it is there, else
/// the sample.
pub fn cc_pairs() -> Vec<(String, String)> {
    let name = "cc-relative-10k.csv";
    csv_pairs(&urikit_testdata::full(name).unwrap_or_else(|| urikit_testdata::sample(name)))
}
