//! The real java.net.URI for differential tests: the project's probe
//! (`crates/urikit/tests/java/UriProbe.java`, its protocol in its header) compiled
//! once per test binary with `javac`, and fed a batch of commands in one JVM.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The probe compiled once per test binary, or `None` when there is no
/// JDK: then one visible line names `what` was skipped, and under
/// `CI=true` it panics instead (a missing real part fails CI).
pub fn probe_dir(what: &str) -> Option<&'static PathBuf> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        let have = |tool: &str| {
            Command::new(tool)
                .arg("-version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        if !(have("java") && have("javac")) {
            if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") {
                panic!("CI=true and no java/javac: {what} cannot run");
            }
            let _ = writeln!(
                std::io::stderr().lock(),
                "note: skipped {what}: no java/javac on PATH (install openjdk-17-jdk-headless)"
            );
            return None;
        }
        let dir = std::env::temp_dir().join(format!("urikit-java-probe-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../crates/urikit/tests/java/UriProbe.java"
        );
        let out = Command::new("javac")
            .arg("-d")
            .arg(&dir)
            .arg(src)
            .output()
            .expect("javac");
        assert!(
            out.status.success(),
            "javac: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(dir)
    })
    .as_ref()
}

/// Java's answers to `commands`, one a line, from one JVM.
pub fn run_java(dir: &PathBuf, commands: &[String]) -> Vec<String> {
    let mut child = Command::new("java")
        .args(["-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp"])
        .arg(dir)
        .arg("UriProbe")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("java");
    let mut stdin = child.stdin.take().unwrap();
    let input: String = commands.iter().map(|c| format!("{c}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let answers: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(|l| l.unwrap())
        .collect();
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(
        answers.len(),
        commands.len(),
        "the probe answered every command"
    );
    answers
}
