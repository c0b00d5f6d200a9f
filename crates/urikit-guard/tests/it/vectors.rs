//! Every file of `tests/data/vectors/refuse/` and `allow/`, with the
//! default guard (public policy, WHATWG client), offline.

use std::path::PathBuf;

use urikit_guard::{Guard, RefusalKind};

fn dir(side: &str) -> PathBuf {
    urikit_testdata::repo_root()
        .join("crates/urikit-guard/tests/data/vectors")
        .join(side)
}

/// `(file, line number, url, expected kind)` of every vector of one side.
fn vectors(side: &str) -> Vec<(String, usize, String, Option<String>)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir(side))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no vector files in {side}/");
    let mut out = Vec::new();
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&f).unwrap();
        // Lines end at `\n` only: a vector may hold a `\r` (whitespace a
        // client strips), and leading spaces are part of the URL.
        for (i, line) in text.split('\n').enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            // The generated files (dev/guard-compare: `payloads-*`,
            // `gsd-sample`) carry a comment after a TAB, never a TAB in a
            // URL (their whitespace vectors write control pictures).
            let generated = name.starts_with("payloads-") || name.starts_with("gsd-sample");
            let (url, kind) = match line.rsplit_once('\t') {
                Some((u, k)) if RefusalKind::from_name(k.trim_end()).is_some() => {
                    (u, Some(k.trim_end().to_string()))
                }
                Some(_) if generated => (line.split_once('\t').map_or(line, |(u, _)| u), None),
                Some((_, k))
                    if !k.trim().is_empty()
                        && k.trim().chars().all(|c| c.is_ascii_lowercase() || c == '-') =>
                {
                    panic!("{name}:{}: unknown reason kind `{k}`", i + 1)
                }
                _ => (line, None),
            };
            // The generated whitespace vectors write each control character
            // as its Unicode control picture (U+2400 + the code, U+2420 for
            // a space): a line cannot hold a line feed.
            let url = if generated {
                url.chars()
                    .map(|c| match c as u32 {
                        p @ 0x2400..=0x241f => char::from_u32(p - 0x2400).unwrap(),
                        0x2420 => ' ',
                        _ => c,
                    })
                    .collect()
            } else {
                url.to_string()
            };
            out.push((name.clone(), i + 1, url, kind));
        }
    }
    out
}

#[test]
fn refuse() {
    let g = Guard::default();
    let mut bad = Vec::new();
    let all = vectors("refuse");
    for (file, line, url, kind) in &all {
        match g.check(url) {
            Ok(c) => bad.push(format!(
                "{file}:{line}: {url:?} allowed (host {:?})",
                c.host
            )),
            Err(r) => {
                if let Some(k) = kind
                    && r.kind.name() != k
                {
                    bad.push(format!(
                        "{file}:{line}: {url:?} refused as {} ({r}), expected {k}",
                        r.kind.name()
                    ));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} refuse vectors wrong:\n{}",
        bad.len(),
        all.len(),
        bad.join("\n")
    );
}

#[test]
fn allow() {
    let g = Guard::default();
    let all = vectors("allow");
    let bad: Vec<String> = all
        .iter()
        .filter_map(|(file, line, url, _)| {
            g.check(url)
                .err()
                .map(|r| format!("{file}:{line}: {url:?} refused: {} ({r})", r.kind.name()))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {} allow vectors refused:\n{}",
        bad.len(),
        all.len(),
        bad.join("\n")
    );
}
