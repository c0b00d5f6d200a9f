//! Real Spark's recorded answers, and Comet's over the same inputs: the
//! one reader of `dev/testdata/spark/answers.jsonl` (written by
//! `dev/testdata/spark/oracle.py` running Apache Spark) and
//! `dev/testdata/spark/comet.jsonl` (written by `dev/comet-answers/`
//! running Apache DataFusion Comet's UDFs), for every test, example and
//! fuzz seed list that reads them.
//!
//! Each file is JSON lines, one object a line with a `kind`: first a
//! `meta` row (the versions that answered), then `parse_url` rows
//! (`url`, `parts`: one answer per name of [`PARTS`], `valid`, `error`),
//! `query_key` rows (`url`, `key`, `value`, `try_value`), and in Spark's
//! file also `url_encode`, `url_decode` and one `nulls` row.
//!
//! ```
//! use urikit_testdata::spark;
//! let rows = spark::answers();
//! assert!(spark::meta(rows)["spark"].is_string());
//! let first = spark::of_kind(rows, "parse_url").next().unwrap();
//! assert_eq!(first["parts"].as_object().unwrap().len(), spark::PARTS.len());
//! ```

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One line of an answers file: a JSON object with a `kind` (its other
/// fields depend on the kind; see the module's documentation).
pub type SparkRow = serde_json::Value;

/// Every part Spark was asked for, in the order the recordings are
/// compared: `parse_url(url, PART)`'s part names (case-sensitive, so
/// `Query` and `host` are asked too, and give NULL).
pub const PARTS: [&str; 11] = [
    "HOST",
    "PATH",
    "QUERY",
    "REF",
    "PROTOCOL",
    "FILE",
    "AUTHORITY",
    "USERINFO",
    "PORT",
    "Query",
    "host",
];

/// The path of real Spark's answers, `dev/testdata/spark/answers.jsonl`.
///
/// ```
/// assert!(urikit_testdata::spark::answers_path().exists());
/// ```
pub fn answers_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spark/answers.jsonl")
}

/// The path of Comet's answers over Spark's inputs,
/// `dev/testdata/spark/comet.jsonl`.
///
/// ```
/// assert!(urikit_testdata::spark::comet_path().exists());
/// ```
pub fn comet_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spark/comet.jsonl")
}

/// Every row of real Spark's answers, in the file's order (the `meta` row
/// first). Read once per process: several tests of one binary ask.
///
/// Panics when the file is missing or a line is not JSON.
///
/// ```
/// let rows = urikit_testdata::spark::answers();
/// assert_eq!(rows[0]["kind"], "meta");
/// ```
pub fn answers() -> &'static [SparkRow] {
    static ROWS: OnceLock<Vec<SparkRow>> = OnceLock::new();
    ROWS.get_or_init(|| read_jsonl(&answers_path()))
}

/// Every row of Comet's answers, in the file's order (the `meta` row
/// first, then one row per `parse_url` and `query_key` row of
/// [`answers`], in the same order). Read once per process.
///
/// ```
/// let rows = urikit_testdata::spark::comet();
/// assert!(urikit_testdata::spark::meta(rows)["comet_commit"].is_string());
/// ```
pub fn comet() -> &'static [SparkRow] {
    static ROWS: OnceLock<Vec<SparkRow>> = OnceLock::new();
    ROWS.get_or_init(|| read_jsonl(&comet_path()))
}

/// The `meta` row of a file's rows: the first, checked to be of that kind.
///
/// Panics when the first row is not the `meta` row.
///
/// ```
/// use urikit_testdata::spark;
/// assert!(spark::meta(spark::answers())["java"].is_string());
/// ```
pub fn meta(rows: &[SparkRow]) -> &SparkRow {
    let first = rows.first().expect("an answers file with no row");
    assert_eq!(first["kind"], "meta", "the first row is not the meta row");
    first
}

/// The rows of one `kind` (`"parse_url"`, `"query_key"`, ...), in order.
///
/// ```
/// use urikit_testdata::spark;
/// assert!(spark::of_kind(spark::answers(), "query_key").count() > 100);
/// ```
pub fn of_kind<'a>(rows: &'a [SparkRow], kind: &str) -> impl Iterator<Item = &'a SparkRow> {
    rows.iter().filter(move |r| r["kind"] == kind)
}

/// The JSON lines of a file, one value a line.
///
/// Panics when the file cannot be read or a line is not JSON, naming the
/// file and the line.
///
/// ```
/// let rows = urikit_testdata::spark::read_jsonl(&urikit_testdata::spark::comet_path());
/// assert_eq!(rows.len(), urikit_testdata::spark::comet().len());
/// ```
pub fn read_jsonl(path: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{}:{}: not a JSON line: {e}", path.display(), i + 1))
        })
        .collect()
}
