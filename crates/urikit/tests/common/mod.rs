//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test binary uses its own subset

/// The records of a tab-separated data file under `tests/data/`: one
/// record a line, skipping blank lines and `#` comments.
pub fn vectors(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(String::from).collect())
        .collect()
}
