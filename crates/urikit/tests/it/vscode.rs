//! `urikit::rfc8089::vscode` against the real vscode-uri (npm, the version in
//! `tests/vscode-uri/package-lock.json`, installed by `npm ci` into this
//! test's own folder under the target directory), on Windows and Unix:
//! every path goes through `URI.file(p).toString()` and ours, every URI
//! through `URI.parse(u).fsPath` and ours, and the answers must be byte for
//! byte the same. Where vscode-uri throws or writes text that is not a URI,
//! ours must be an error (DEVIATIONS.md). The paths: a generated set
//! (spaces, `#`, `%`, `?`, non-ASCII, drive letters in both cases, UNC,
//! trailing separators, `:` in names, ...) and every file of
//! node-files.txt rooted at `/` (the full corpus when there, else the
//! sample). Without node or npm the test prints one skip line, and fails
//! under `CI=true`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use urikit::rfc8089::vscode;
use urikit::{Uri, UriBuf};

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Say one line on the real standard error (the harness captures
/// `eprintln!`), so that it shows in a passing run.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The folder with vscode-uri installed, or `None` after the skip line.
fn install() -> Option<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vscode-uri");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("vscode-uri");
    let why = (|| {
        for tool in ["node", "npm"] {
            let ok = Command::new(tool)
                .arg("--version")
                .stdout(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if !ok {
                return Err(format!("{tool} not found"));
            }
        }
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let lock = std::fs::read(src.join("package-lock.json")).map_err(|e| e.to_string())?;
        let installed = std::fs::read(dir.join("package-lock.json")).ok();
        for f in ["package.json", "package-lock.json", "compare.js"] {
            std::fs::copy(src.join(f), dir.join(f)).map_err(|e| e.to_string())?;
        }
        if installed.as_ref() != Some(&lock)
            || !dir.join("node_modules/vscode-uri/package.json").exists()
        {
            let out = Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&dir)
                .output()
                .map_err(|e| e.to_string())?;
            if !out.status.success() {
                let _ = std::fs::remove_file(dir.join("package-lock.json"));
                return Err(format!(
                    "npm ci failed: {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
        }
        Ok(())
    })();
    match why {
        Ok(()) => Some(dir),
        Err(why) if in_ci() => panic!("CI=true, so the vscode-uri comparison cannot skip: {why}"),
        Err(why) => {
            say(&format!(
                "note: skipped the comparison with the real vscode-uri: {why} (install node and npm)"
            ));
            None
        }
    }
}

/// vscode-uri's answers for `(op, input)` pairs, on `platform`: `Ok(text)`
/// or `Err(message)`.
fn run(dir: &Path, platform: &str, ops: &[(&str, String)]) -> Vec<Result<String, String>> {
    let mut child = Command::new("node")
        .arg("compare.js")
        .arg(platform)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node");
    let mut input = String::new();
    for (op, s) in ops {
        input.push_str(&serde_json::to_string(&(op, s)).unwrap());
        input.push('\n');
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "node compare.js {platform} failed");
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<_> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            match (v.get("ok"), v.get("error")) {
                (Some(ok), _) => Ok(ok.as_str().unwrap().to_string()),
                (_, Some(e)) => Err(e.as_str().unwrap().to_string()),
                _ => panic!("{l}"),
            }
        })
        .collect();
    assert_eq!(answers.len(), ops.len());
    answers
}

const NAMES: &[&str] = &[
    "a",
    "a b",
    "a  b ",
    "#",
    "c#",
    "%",
    "50%",
    "%41",
    "%zz",
    "?",
    "a?b=c&d",
    "é",
    "Ünïcödé",
    "東京",
    "😀",
    "a:b",
    "file.txt:stream",
    "C:",
    "c:",
    "[1]",
    "@",
    "a@b",
    "+",
    ";=,",
    "!$&'()*",
    "~-._",
    "a\u{202E}b",
    "x\ty",
    "",
    ".",
    "..",
    "Makefile",
];

fn windows_paths() -> Vec<String> {
    let roots = [
        "C:\\",
        "c:\\",
        "Z:/",
        "z:",
        "C:",
        "\\\\server\\share\\",
        "\\\\Server\\Share\\",
        "\\\\SERVER",
        "\\\\server\\",
        "//server/share/",
        "\\\\?\\C:\\",
        "\\\\?\\UNC\\srv\\sh\\",
        "\\\\host:80\\x\\",
        "\\\\a@B\\s\\",
        "\\\\u:p@h\\s\\",
        "\\\\[::1]\\s\\",
        "\\\\bücher\\s\\",
        "\\\\ΣΑΣ\\s\\",
        "\\\\a b\\s\\",
        "\\\\a%b\\",
        "",
        "rel\\",
        "\\",
        "/",
        "\\\\",
        "\\\\\\",
        "////",
        "C:\\a\\\\",
        "/C:/",
    ];
    let mut out = Vec::new();
    for root in roots {
        for name in NAMES {
            out.push(format!("{root}{name}"));
            out.push(format!("{root}{name}\\"));
            out.push(format!("{root}{name}\\{name}.rs"));
            out.push(format!("{root}dir/{name}"));
        }
    }
    out
}

fn unix_paths() -> Vec<String> {
    let roots = [
        "/",
        "/home/me/",
        "//server/",
        "//Server/Share/",
        "/C:/",
        "/c:/",
        "",
        "rel/",
        "//",
        "///",
        "/a//",
        "/a\\b\\",
        "C:\\",
        "//h:1/",
        "//[::1]/",
    ];
    let mut out = Vec::new();
    for root in roots {
        for name in NAMES {
            out.push(format!("{root}{name}"));
            out.push(format!("{root}{name}/"));
            out.push(format!("{root}{name}/{name}.rs"));
        }
    }
    out
}

/// URIs as editors and other tools write them, beside the ones vscode-uri
/// writes in the test.
const URIS: &[&str] = &[
    "file:///c%3A/x",
    "file:///C%3A/x",
    "file:///C:/x",
    "file:///c:/",
    "file:///c:",
    "file:c:/x",
    "file:/c:/x",
    "file:///c%7C/x",
    "file://server/share/x",
    "file://Server/",
    "file://server",
    "file://localhost/etc/hosts",
    "file://localhost/c:/x",
    "file:///",
    "file:",
    "file:x",
    "file:/x",
    "file:///a%2Fb",
    "file:///a%5Cb",
    "file:///a%00b",
    "file:///%E2%82%AC",
    "file:///%e2%82%ac",
    "file:///%C3%28",
    "file:///%FF%41",
    "file:///%E2%82",
    "file:///%ED%A0%80",
    "file:///%F4%90%80%80",
    "file:///%C0%AF",
    "file:////x",
    "file:////server/share",
    "file://///server/share",
    "file:///%2F%2Fx",
    "file://user@h:80/x",
    "file://%41/x",
    "file://h%20x/y",
    "file://[::1]/x",
    "file:///a/../b/./c",
    "file:///a+b;c=d",
    "file:///home/me/a%20b/c%23d",
];

/// Every file of node-files.txt as a path rooted at `/` (the lines are
/// `file://TOP/REST` with the top folder in the host place).
fn node_paths() -> Vec<String> {
    let p = urikit_testdata::full_or_sample("node-files.txt");
    urikit_testdata::lines(&p)
        .iter()
        .filter_map(|l| l.strip_prefix("file://"))
        .map(|rest| {
            let bytes = urikit::percent::decode(rest).to_bytes().into_owned();
            format!("/{}", String::from_utf8(bytes).unwrap())
        })
        .collect()
}

#[derive(Default)]
struct Counts {
    compared: usize,
    identical: usize,
    both_refused: usize,
    mismatches: Vec<String>,
}

impl Counts {
    /// One answer each: equal text, or ours an error where vscode-uri
    /// throws or writes what is not a URI (`theirs_is_uri`).
    fn add(
        &mut self,
        what: &str,
        input: &str,
        ours: Result<String, String>,
        theirs: &Result<String, String>,
        theirs_is_uri: bool,
    ) {
        self.compared += 1;
        match (&ours, theirs) {
            (Ok(a), Ok(b)) if a == b => self.identical += 1,
            (Err(_), Err(_)) => self.both_refused += 1,
            (Err(_), Ok(_)) if !theirs_is_uri => self.both_refused += 1,
            _ => self.mismatches.push(format!(
                "{what} {input:?}: ours {ours:?}, vscode-uri {theirs:?}"
            )),
        }
    }
}

#[test]
fn byte_identical_with_the_real_vscode_uri() {
    let Some(dir) = install() else {
        return;
    };
    let node = node_paths();
    assert!(node.len() > 4000, "{}", node.len());
    let mut total = Counts::default();
    let mut uris_total = Counts::default();
    for platform in ["windows", "unix"] {
        let windows = platform == "windows";
        let mut paths = if windows {
            windows_paths()
        } else {
            unix_paths()
        };
        if windows {
            paths.extend(node.iter().map(|p| format!("C:{}", p.replace('/', "\\"))));
        }
        paths.extend(node.iter().cloned());
        let ops: Vec<_> = paths.iter().map(|p| ("file", p.clone())).collect();
        let written = run(&dir, platform, &ops);
        let mut counts = Counts::default();
        let mut uris: Vec<String> = URIS.iter().map(|s| s.to_string()).collect();
        for (p, theirs) in paths.iter().zip(&written) {
            let ours = if windows {
                vscode::from_windows_path(p)
            } else {
                vscode::from_unix_path(p)
            };
            let theirs_is_uri = theirs
                .as_ref()
                .is_ok_and(|u| UriBuf::parse(u.as_str()).is_ok());
            if theirs_is_uri {
                uris.push(theirs.clone().unwrap());
            }
            let ours = ours.map(UriBuf::into_string).map_err(|e| e.to_string());
            counts.add("path", p, ours, theirs, theirs_is_uri);
        }
        uris.sort();
        uris.dedup();
        let ops: Vec<_> = uris.iter().map(|u| ("fspath", u.clone())).collect();
        let read = run(&dir, platform, &ops);
        let mut ucounts = Counts::default();
        for (u, theirs) in uris.iter().zip(&read) {
            let parsed = Uri::parse(u).unwrap_or_else(|e| panic!("{u}: {e}"));
            let ours = if windows {
                vscode::to_windows_path(&parsed)
            } else {
                vscode::to_unix_path(&parsed)
            };
            ucounts.add("uri", u, ours.map_err(|e| e.to_string()), theirs, true);
        }
        say(&format!(
            "vscode-uri ({platform}): {} paths to URIs, {} identical, {} refused by both (vscode-uri throws or writes no URI), {} mismatches; {} URIs to paths, {} identical, {} refused by both, {} mismatches",
            counts.compared,
            counts.identical,
            counts.both_refused,
            counts.mismatches.len(),
            ucounts.compared,
            ucounts.identical,
            ucounts.both_refused,
            ucounts.mismatches.len()
        ));
        for (t, c) in [(&mut total, counts), (&mut uris_total, ucounts)] {
            t.compared += c.compared;
            t.identical += c.identical;
            t.both_refused += c.both_refused;
            t.mismatches
                .extend(c.mismatches.into_iter().map(|m| format!("{platform}: {m}")));
        }
    }
    let mismatches: Vec<_> = total
        .mismatches
        .iter()
        .chain(&uris_total.mismatches)
        .collect();
    assert!(
        mismatches.is_empty(),
        "{} mismatches, the first 40:\n{}",
        mismatches.len(),
        mismatches
            .iter()
            .take(40)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Both directions really ran, and most answers are texts, not errors.
    assert!(total.identical >= 3 * node.len(), "{}", total.identical);
    assert!(
        uris_total.identical >= node.len(),
        "{}",
        uris_total.identical
    );
}
