//! Where the workspace's tests find their data.
//!
//! Two kinds of data:
//! - **Samples** (`dev/testdata/corpus/`, a few MB, committed, each file's source
//!   and licence in `corpus/SOURCES.md`): always present, so a fresh clone
//!   tests on real data. [`sample`] names one.
//! - **The full corpora**, outside the project: the folder named by the
//!   `URIKIT_CORPUS` environment variable, or else `../shared/corpus/` beside
//!   the checkout. [`full`] names one, or returns `None` after printing one
//!   visible line that says what was skipped and how to get the data. Under
//!   `CI=true` a missing corpus is an error (a panic), not a skip.
//!
//! ```
//! let p = urikit_testdata::sample("gsd-urls.txt");
//! assert!(p.exists());
//! // The full file when it is there, else the sample:
//! let any = urikit_testdata::full_or_sample("gsd-urls.txt");
//! assert!(any.exists());
//! ```
#![warn(missing_docs)]

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

pub mod spark;

/// A URI reference's components (RFC 3986 section 3), in the order they
/// are written: the fields every view and kernel test compares.
///
/// ```
/// assert_eq!(urikit_testdata::COMPONENTS.len(), 7);
/// ```
pub const COMPONENTS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// The root of the checkout (the workspace's folder), spelled without
/// `..`: where `docs/`, `CONTRIBUTING.md` and every crate's folder are.
///
/// ```
/// assert!(urikit_testdata::repo_root().join("CONTRIBUTING.md").exists());
/// ```
pub fn repo_root() -> PathBuf {
    // This crate is dev/testdata/.
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .unwrap_or(manifest)
        .to_path_buf()
}

/// The folder of the committed samples.
///
/// ```
/// assert!(urikit_testdata::sample_dir().join("SOURCES.md").exists());
/// ```
pub fn sample_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// The path of a committed sample, such as `"gsd-urls.txt"` or
/// `"uritemplate-test/spec-examples.json"`.
///
/// Panics when the sample does not exist: that is a mistake in the test.
///
/// ```
/// let p = urikit_testdata::sample("cc-relative-10k.csv");
/// assert!(std::fs::read_to_string(p).unwrap().starts_with("base,relative"));
/// ```
pub fn sample(name: &str) -> PathBuf {
    let p = sample_dir().join(name);
    assert!(p.exists(), "no sample {name} in {}", sample_dir().display());
    p
}

/// The folder of the full corpora: `URIKIT_CORPUS` when set, else
/// `../shared/corpus/` beside the checkout. It may not exist.
///
/// ```
/// let d = urikit_testdata::corpus_dir();
/// match std::env::var_os("URIKIT_CORPUS") {
///     Some(v) if !v.is_empty() => assert_eq!(d, std::path::PathBuf::from(v)),
///     _ => assert!(d.ends_with("shared/corpus")),
/// }
/// ```
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("URIKIT_CORPUS") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        // The checkout's parent, spelled without `..` so that the skip
        // line names a plain path.
        _ => {
            let root = repo_root();
            root.parent().unwrap_or(&root).join("shared").join("corpus")
        }
    }
}

/// Whether this run is CI's (`CI=true`), where a missing corpus is an error.
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// The names already reported as skipped, so that each is said once per
/// test binary.
static SKIPPED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The path of a full corpus file, or `None` when the corpora are not there.
///
/// On `None` it prints one line to standard error, past the test harness's
/// capture so that it shows, naming the file and how to get it. Under
/// `CI=true` it panics instead.
///
/// ```
/// if let Some(p) = urikit_testdata::full("gsd-urls.txt") {
///     assert!(p.exists());
/// }
/// ```
pub fn full(name: &str) -> Option<PathBuf> {
    let p = corpus_dir().join(name);
    if p.exists() {
        return Some(p);
    }
    missing(name, &p);
    None
}

/// The folder of the full corpora, or `None` (with the same skip line, or
/// the same panic under `CI=true`, as [`full`]) when it is not there. For a
/// test that walks every corpus file.
///
/// ```
/// if let Some(d) = urikit_testdata::full_dir() {
///     assert!(d.join("gsd-urls.txt").exists());
/// }
/// ```
pub fn full_dir() -> Option<PathBuf> {
    let d = corpus_dir();
    // The folder counts only with its main file in it, so that a wrong
    // URIKIT_CORPUS is reported rather than walked as an empty corpus.
    if d.join("gsd-urls.txt").exists() {
        return Some(d);
    }
    missing("every corpus file", &d);
    None
}

/// Report a missing full corpus: a panic under CI, else one skip line per
/// name and test binary.
fn missing(name: &str, p: &std::path::Path) {
    if in_ci() {
        panic!(
            "CI=true, so a missing full corpus is an error: for the test over {name}, {} was not found; set URIKIT_CORPUS to the corpus folder, or put the project's shared/ folder beside the checkout",
            p.display()
        );
    }
    let mut said = SKIPPED.lock().unwrap_or_else(|e| e.into_inner());
    if !said.iter().any(|s| s == name) {
        said.push(name.to_string());
        // Written to the stream itself, not through eprintln!, which the test
        // harness captures: the skip must be visible in a passing run.
        let _ = writeln!(
            std::io::stderr().lock(),
            "note: skipped the full-corpus test over {name}: {} not found (set URIKIT_CORPUS to the corpus folder, or put the project's shared/ folder beside the checkout); the sample in dev/testdata/corpus/ was tested",
            p.display()
        );
    }
}

/// The full corpus file when it is there, else the committed sample (no
/// message: the caller tests either).
///
/// ```
/// assert!(urikit_testdata::full_or_sample("wiki-iris.txt").exists());
/// ```
pub fn full_or_sample(name: &str) -> PathBuf {
    let p = corpus_dir().join(name);
    if p.exists() { p } else { sample(name) }
}

/// The lines of a text file, without their line ends (`\n` or `\r\n`).
///
/// ```
/// let lines = urikit_testdata::lines(&urikit_testdata::sample("gsd-urls.txt"));
/// assert!(lines.len() > 10_000);
/// ```
pub fn lines(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_listed_sample_exists() {
        for name in [
            "gsd-urls.txt",
            "cc-relative-10k.csv",
            "kasztp.txt",
            "node-files.txt",
            "wiki-iris.txt",
            "open-redirect-payloads.txt",
            "json-schema-format/uri.json",
            "uritemplate-test/spec-examples.json",
            "whatwg/urltestdata.json",
        ] {
            assert!(super::sample(name).metadata().unwrap().len() > 0, "{name}");
        }
    }
}
