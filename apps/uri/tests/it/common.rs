//! Running the built `uri` binary, shared by the CLI integration tests.
// Not every helper is used by every module.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `uri ARGS` with `stdin` as standard input (empty when `None`), and
/// wait for it. The input is written from a thread, so that a child that
/// writes much before it has read everything cannot deadlock the test.
pub fn uri(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run uri");
    let mut input = child.stdin.take().expect("piped stdin");
    let data = stdin.map(<[u8]>::to_vec).unwrap_or_default();
    let writer = std::thread::spawn(move || {
        // The child may exit without reading everything; that is its call.
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for uri");
    writer.join().expect("stdin writer");
    out
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 diagnostics")
}

/// Standard output as JSON Lines, one value per line.
pub fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// Run `uri ARGS` with `line` repeated on standard input, read a little of
/// its output, then close the pipe (as `| head` does): the program must end
/// with status 0 and print nothing on standard error.
pub fn assert_broken_pipe_is_quiet(args: &[&str], line: &'static [u8]) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run uri");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let writer = std::thread::spawn(move || {
        let block = line.repeat(1000);
        // Keep writing until the child is gone; errors are expected then.
        for _ in 0..2000 {
            if stdin.write_all(&block).is_err() {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let status = child.wait().expect("wait for uri");
    writer.join().expect("stdin writer");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("piped stderr")
        .read_to_string(&mut err)
        .expect("read stderr");
    assert_eq!(status.code(), Some(0), "stderr: {err}");
    assert_eq!(err, "");
}

/// Write `contents` to a file named `name` in this test binary's own
/// temporary folder, and give its path.
pub fn temp_file(name: &str, contents: &[u8]) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("uri-cli-tests");
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("write temporary file");
    path.to_str().expect("UTF-8 path").to_string()
}
