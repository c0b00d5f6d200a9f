//! The guides' shell examples, run: every ```` ```console ```` block of
//! `README.md` and `docs/*.md` (format in `docs/cli.md`, "Examples in these
//! guides are tests"). A line starting with `$ ` is a command, run by
//! `sh -c` in an empty temporary folder with the built `uri` first on
//! `PATH`; the lines after it, up to the next command or the end of the
//! block, are what a terminal shows: standard output and standard error,
//! each in its own order, interleaved.
//!
//! Also: every ```` ```rust ```` block of those files is in a file that
//! `crates/urikit/src/lib.rs` runs as doc tests, so no guide holds untested code.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    // apps/uri -> the checkout's root.
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `README.md` and every `docs/*.md`, by name, in a stable order.
fn guides() -> Vec<(String, String)> {
    let root = root();
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
        .into_iter()
        .map(|p| {
            let name = p.strip_prefix(&root).unwrap().display().to_string();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The fenced blocks of `text` whose info string is exactly `lang`
/// (`rust,ignore` is not `rust`):
/// (line number of the opening fence, the block's lines).
fn blocks<'a>(text: &'a str, lang: &str) -> Vec<(usize, Vec<&'a str>)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, Vec<&str>)> = None;
    let mut in_other = false;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match (&mut current, fence) {
            (Some(_), true) => out.push(current.take().unwrap()),
            (Some((_, lines)), false) => lines.push(line),
            (None, true) if in_other => in_other = false,
            (None, true) => {
                let info = line.trim_start().trim_start_matches('`').trim();
                if info == lang {
                    current = Some((i + 1, Vec::new()));
                } else {
                    in_other = true;
                }
            }
            (None, false) => {}
        }
    }
    assert!(current.is_none(), "unclosed ```{lang} block");
    out
}

/// Whether `shown` is `a` and `b` interleaved, each in its order.
fn interleaves(shown: &[&str], a: &[&str], b: &[&str]) -> bool {
    // ok[i][j]: the first i + j shown lines are a[..i] and b[..j] interleaved.
    let mut ok = vec![vec![false; b.len() + 1]; a.len() + 1];
    ok[0][0] = true;
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            if (i, j) == (0, 0) || i + j > shown.len() {
                continue;
            }
            let s = shown[i + j - 1];
            ok[i][j] = (i > 0 && ok[i - 1][j] && a[i - 1] == s)
                || (j > 0 && ok[i][j - 1] && b[j - 1] == s);
        }
    }
    a.len() + b.len() == shown.len() && ok[a.len()][b.len()]
}

#[test]
fn console_examples_show_what_uri_prints() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_uri"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = std::env::temp_dir().join(format!("urikit-docs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut commands = 0;
    let mut failures = Vec::new();
    for (name, text) in guides() {
        for (fence, lines) in blocks(&text, "console") {
            let mut i = 0;
            while i < lines.len() {
                let cmd = lines[i].strip_prefix("$ ").unwrap_or_else(|| {
                    panic!("{name}:{}: a console block starts with `$ `", fence + 1 + i)
                });
                let line = fence + 1 + i;
                i += 1;
                let start = i;
                while i < lines.len() && !lines[i].starts_with("$ ") {
                    i += 1;
                }
                let shown = &lines[start..i];
                let out = Command::new("sh")
                    .arg("-c")
                    .arg(cmd)
                    .current_dir(&dir)
                    .env("PATH", &path)
                    .env("NO_COLOR", "1")
                    .output()
                    .expect("run sh");
                let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
                let stderr = String::from_utf8(out.stderr).expect("UTF-8 diagnostics");
                let so: Vec<&str> = stdout.lines().collect();
                let se: Vec<&str> = stderr.lines().collect();
                commands += 1;
                if !interleaves(shown, &so, &se) {
                    failures.push(format!(
                        "{name}:{line}: $ {cmd}\n--- shown\n{}\n--- stdout\n{stdout}--- stderr\n{stderr}",
                        shown.join("\n")
                    ));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The guides hold a dozen examples: finding none means the parser broke.
    assert!(commands >= 10, "only {commands} console commands found");
}

#[test]
fn rust_blocks_of_the_guides_are_doc_tests() {
    // A guide's examples run as doc tests of the crate they use: the
    // library's, the views crate's (docs/views.md), or the DataFusion
    // crate's (docs/spark.md).
    let libs: Vec<String> = [
        "crates/urikit/src/lib.rs",
        "crates/urikit-views/src/lib.rs",
        "crates/urikit-guard/src/lib.rs",
        "crates/urikit-datafusion/src/lib.rs",
    ]
    .iter()
    .map(|p| std::fs::read_to_string(root().join(p)).unwrap())
    .collect();
    for (name, text) in guides() {
        if blocks(&text, "rust").is_empty() {
            continue;
        }
        let included = format!("include_str!(\"../../../{name}\")");
        assert!(
            libs.iter().any(|lib| lib.contains(&included)),
            "{name} has ```rust blocks but none of crates/urikit, urikit-views, urikit-datafusion (src/lib.rs) \
             runs it as doc tests (add `#[doc = {included}]` there, or mark its blocks rust,ignore \
             and test them elsewhere)"
        );
    }
}

#[test]
fn the_interleaving_check_can_fail() {
    assert!(interleaves(&["a", "x", "b"], &["a", "b"], &["x"]));
    assert!(!interleaves(&["b", "a"], &["a", "b"], &[]));
    assert!(!interleaves(&["a"], &["a", "b"], &[]));
    assert!(!interleaves(&["a", "b", "c"], &["a", "b"], &[]));
}
