//! Running the built `uri-sql` once, for the tests of the command itself
//! (cli.rs, shell.rs).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use super::BIN;

/// `uri-sql ARGS`, its standard input empty.
pub fn uri_sql(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run uri-sql")
}

/// `uri-sql ARGS` with `input` on its standard input (a pipe).
pub fn uri_sql_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run uri-sql");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A fresh scratch folder for one test, named after the test.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("uri-sql-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Whether util-linux's `script` is here to run uri-sql in a
/// pseudo-terminal; without it, one visible skip line, and a failure under
/// `CI=true` (where a terminal test must run).
pub fn have_script() -> bool {
    let here = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !here {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(
            !ci,
            "CI=true and no `script` (util-linux) for a pseudo-terminal"
        );
        eprintln!("SKIP: no `script` (util-linux) to make a pseudo-terminal");
    }
    here
}
