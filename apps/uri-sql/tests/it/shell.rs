//! `uri-sql` as a shell: `--version`, short usage errors, statements from
//! standard input and at a prompt, several statements and `SET`, Spark's
//! ANSI switch, `--format csv` on nested columns, and JSON files with
//! `\u` surrogate pairs.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::run::{have_script, scratch, stderr, stdout, uri_sql, uri_sql_with_input};

#[test]
fn version_is_printed_for_the_program_and_its_commands() {
    for args in [vec!["--version"], vec!["run", "--version"], vec!["-V"]] {
        let o = uri_sql(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.starts_with("uri-sql"), "{args:?}: {out}");
        assert!(
            out.trim_end()
                .ends_with(&format!(" {}", env!("CARGO_PKG_VERSION"))),
            "{args:?}: {out}"
        );
    }
}

/// A usage error is one line saying what is wrong and a hint, not the
/// whole usage.
#[test]
fn a_usage_error_is_one_line_and_a_hint() {
    for (args, says) in [
        (vec!["run", "--format", "xml", "SELECT 1"], "xml"),
        (vec!["run", "--threads", "0", "SELECT 1"], "--threads"),
        (vec!["run", "--bogus", "SELECT 1"], "--bogus"),
        (vec!["run", "SELECT 1", "SELECT 2"], "SELECT 2"),
    ] {
        let o = uri_sql(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {err}");
        assert!(lines[0].starts_with("uri-sql: "), "{args:?}: {err}");
        assert!(lines[0].contains(says), "{args:?}: {err}");
        assert!(lines[1].contains("--help"), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

/// `-`, or no QUERY with standard input a pipe: the statements are read
/// from standard input, and run in order.
#[test]
fn statements_from_standard_input() {
    let script = "SELECT uri_host('http://a.example/') AS h;\n\
                  -- a comment\n\
                  SELECT 1 + 1 AS two;\n";
    for args in [
        vec!["run", "--format", "json", "-"],
        vec!["--format", "json", "-"],
        vec!["--format", "json"],
        vec!["run", "--format", "json"],
    ] {
        let o = uri_sql_with_input(&args, script);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(
            stdout(&o),
            "{\"h\":\"a.example\"}\n{\"two\":2}\n",
            "{args:?}"
        );
    }
    // The first statement that fails stops the script, named by number.
    let o = uri_sql_with_input(&["-"], "SELECT 1;\nSELECT nope;\nSELECT 3;\n");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("statement 2"), "{}", stderr(&o));
}

/// No QUERY on a terminal: a prompt; a statement runs at its `;`, an
/// error is shown and the prompt goes on, `\q` ends it.
#[test]
fn an_interactive_prompt_on_a_terminal() {
    if !have_script() {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_uri-sql");
    let mut child = Command::new("script")
        .args([
            "-q",
            "-e",
            "-c",
            &format!("'{bin}' --format csv"),
            "/dev/null",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"SELECT 40 +\n 2 AS x;\nSELEKT;\nSELECT 'still' AS y;\n\\q\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    drop(stdin);
    let screen = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{screen}");
    assert!(screen.contains("uri-sql> "), "{screen:?}");
    assert!(screen.contains("..> "), "a continuation prompt: {screen:?}");
    assert!(screen.contains("x\r\n42\r\n"), "{screen:?}");
    assert!(
        screen.contains("found: SELEKT"),
        "the error is shown: {screen:?}"
    );
    assert!(screen.contains("y\r\nstill\r\n"), "{screen:?}");
}

/// The answer Spark 4.3 recorded for `try_parse_url(url, part)`
/// (dev/testdata/spark/answers.jsonl): what `parse_url` gives with
/// `spark.sql.ansi.enabled=false`.
fn spark_try_answer(url: &str, part: &str) -> serde_json::Value {
    urikit_testdata::spark::of_kind(urikit_testdata::spark::answers(), "parse_url")
        .find(|r| r["url"] == url)
        .map(|r| r["parts"][part].clone())
        .unwrap_or_else(|| panic!("no recorded answer for {url}"))
}

/// Spark's ANSI mode is on by default; `--no-ansi` and
/// `SET datafusion.execution.enable_ansi_mode = false` turn it off, and
/// `parse_url` then answers as Spark's `try_parse_url` did.
#[test]
fn sparks_ansi_mode_can_be_turned_off() {
    let (bad, good) = ("http://a b/", "http://u!i@h/");
    assert!(spark_try_answer(bad, "HOST").is_null());
    let want_good = spark_try_answer(good, "HOST");
    let select =
        format!("SELECT parse_url('{bad}', 'HOST') AS bad, parse_url('{good}', 'HOST') AS good");
    let on = uri_sql(&["run", &select]);
    assert_eq!(on.status.code(), Some(1), "{}", stderr(&on));
    assert!(stderr(&on).contains("[INVALID_URL]"), "{}", stderr(&on));
    let set = format!("SET datafusion.execution.enable_ansi_mode = false; {select}");
    for args in [
        vec!["run", "--no-ansi", "--format", "json", &select],
        vec!["run", "--format", "json", &set],
    ] {
        let o = uri_sql(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let row: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        assert!(row["bad"].is_null(), "{row}");
        assert_eq!(row["good"], want_good, "{row}");
    }
}

/// `--format csv` checks the columns before writing anything: a nested
/// one is refused by name, and nothing (not even the header) is printed.
#[test]
fn csv_refuses_a_nested_column_before_writing() {
    for (sql, column) in [
        ("SELECT 1 AS n, uri_parse('http://a/') AS p", "'p'"),
        ("SELECT uri_path_segments('http://a/b/c') AS segs", "'segs'"),
        (
            "SELECT uri_query_params('http://a/?k=v') AS q WHERE false",
            "'q'",
        ),
    ] {
        let o = uri_sql(&["run", "--format", "csv", sql]);
        assert_eq!(o.status.code(), Some(2), "{sql}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{sql}: {}", stdout(&o));
        let err = stderr(&o);
        assert!(err.contains(&format!("column {column}")), "{err}");
        assert!(err.contains("--format json"), "{err}");
    }
    // Its fields are fine.
    let o = uri_sql(&[
        "run",
        "--format",
        "csv",
        "SELECT uri_parse('http://a/')['host'] AS host",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "host\na\n");
}

/// arrow-json 59 reads a `\u` surrogate pair of a character from U+20000
/// up as another character (U+E0001 as U+D0001); uri-sql reads the JSON
/// files it is given around that. The expected text is serde_json's
/// reading of the same line (a reader with no such bug).
#[test]
fn json_surrogate_pairs_read_as_their_characters() {
    let dir = scratch("surrogates");
    let line = r#"{"u":"\udb40\udc01x","v":"\ud83d\ude00\\udb40 \uDBFF\uDFFF"}"#;
    let want: serde_json::Value = serde_json::from_str(line).unwrap();
    assert_eq!(want["u"], "\u{E0001}x");
    let file = dir.join("one.json");
    std::fs::write(&file, format!("{line}\n")).unwrap();
    let sql = format!("SELECT u, v, url_encode(u) AS e FROM '{}'", file.display());
    let o = uri_sql(&["run", "--format", "json", &sql]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let row: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(row["u"], want["u"], "{row}");
    assert_eq!(row["v"], want["v"], "{row}");
    // UTF-8 of U+E0001, percent-encoded by Java's URLEncoder rules.
    assert_eq!(row["e"], "%F3%A0%80%81x", "{row}");

    // A file read as several byte ranges (the planner splits files over
    // the minimum size): every range rewritten from its lines' starts.
    let many = dir.join("many.json");
    let mut text = String::new();
    for i in 0..3000 {
        // Lines of varying lengths, so range ends fall everywhere.
        let pad = "p".repeat(i % 37);
        text += &format!("{{\"i\":{i},\"u\":\"{pad}\\udb40\\udc01\\ud840\\udc00\"}}\n");
    }
    std::fs::write(&many, text).unwrap();
    let sql = format!(
        "SET datafusion.optimizer.repartition_file_min_size = 1000; \
         SELECT count(*) AS n, count(DISTINCT i) AS distinct_i, \
         count(*) FILTER (WHERE u LIKE '%\u{E0001}\u{20000}') AS ok \
         FROM '{}'",
        many.display()
    );
    let o = uri_sql(&["run", "--threads", "4", "--format", "json", &sql]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let row: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(row["n"], 3000, "{row}");
    assert_eq!(row["distinct_i"], 3000, "{row}");
    assert_eq!(row["ok"], 3000, "{row}");
    let _ = std::fs::remove_dir_all(&dir);
}
