//! Running the built `uri` binary, shared by the CLI integration tests.
#![allow(dead_code)] // each test binary uses its own subset

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

/// Standard output as JSON Lines, one value per line.
pub fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}
