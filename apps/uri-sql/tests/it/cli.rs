//! The built `uri-sql` binary: formats, the `lines()` table function,
//! files by path, NULL as `null`, exit codes and error messages.

use std::io::Read;
use std::process::{Command, Stdio};

use urikit::UriRef;

#[cfg(feature = "parquet")]
use crate::common::run::scratch;
use crate::common::run::{have_script, stderr, stdout, uri_sql};

#[test]
fn lines_with_json_output_agree_with_the_library() {
    let path = urikit_testdata::sample("gsd-urls.txt");
    let sql = format!(
        "SELECT line, uri_host(line) AS host, uri_port(line) AS port FROM lines('{}')",
        path.display()
    );
    let o = uri_sql(&["run", "--format", "json", "--threads", "2", &sql]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = urikit_testdata::lines(&path);
    let out = stdout(&o);
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), lines.len(), "one object per line of the file");
    let mut nulls = 0;
    for r in &rows {
        let line = r["line"].as_str().unwrap();
        let want = UriRef::parse(line)
            .ok()
            .and_then(|u| u.host_str().map(str::to_owned));
        // NULL is written as an explicit null, not left out.
        assert!(r.as_object().unwrap().contains_key("host"));
        assert_eq!(r["host"].as_str().map(str::to_owned), want, "{line}");
        let want = UriRef::parse(line)
            .ok()
            .and_then(|u| u.port_u16().ok().flatten());
        assert_eq!(r["port"].as_u64(), want.map(u64::from), "{line}");
        nulls += usize::from(r["port"].is_null());
    }
    assert!(nulls > 0);
}

#[test]
fn csv_files_by_path_and_csv_output() {
    let path = urikit_testdata::sample("cc-relative-10k.csv");
    let sql = format!(
        "SELECT uri_resolve(base, relative) AS target FROM '{}' ORDER BY target LIMIT 3",
        path.display()
    );
    let o = uri_sql(&["run", "--format", "csv", &sql]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let mut it = out.lines();
    assert_eq!(it.next(), Some("target"));
    assert_eq!(it.count(), 3);
}

#[cfg(feature = "parquet")]
#[test]
fn parquet_written_and_read_back_by_path() {
    let dir = scratch("parquet");
    let file = dir.join("hosts.parquet");
    let gsd = urikit_testdata::sample("gsd-urls.txt");
    let copy = format!(
        "COPY (SELECT line, uri_registrable_domain(line) AS site FROM lines('{}')) TO '{}' STORED AS PARQUET",
        gsd.display(),
        file.display()
    );
    let o = uri_sql(&["run", "--format", "csv", &copy]);
    assert!(o.status.success(), "{}", stderr(&o));
    let sql = format!(
        "SELECT count(*) AS n, count(site) AS with_site FROM '{}'",
        file.display()
    );
    let o = uri_sql(&["run", "--format", "json", &sql]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let lines = urikit_testdata::lines(&gsd);
    assert_eq!(v["n"].as_u64(), Some(lines.len() as u64));
    assert!(v["with_site"].as_u64().unwrap() > 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_table_format_aligns_columns() {
    let o = uri_sql(&[
        "run",
        "SELECT uri_scheme('HTTP://a/') AS s, uri_host('mailto:x@y') AS h",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("| s    | h |"), "{out}");
    assert!(out.contains("| HTTP |   |"), "{out}");
}

/// Spark's URL functions are there without flags, in Spark's ANSI mode:
/// an invalid URL fails the query with Spark's message (Spark 4.3's own
/// answers, from dev/testdata/spark: HOST of the first is `[::1]`, and `a b`
/// is invalid; `try_parse_url` gives NULL).
#[test]
fn sparks_url_functions_in_ansi_mode() {
    let o = uri_sql(&[
        "run",
        "SELECT parse_url('http://u@[::1]:8/p?k=v', 'HOST') AS h, url_encode('a b') AS e",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("| [::1] | a+b |"), "{}", stdout(&o));
    let o = uri_sql(&["run", "SELECT parse_url('http://a b/', 'HOST')"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("[INVALID_URL] The url is invalid: http://a b/."),
        "{}",
        stderr(&o)
    );
    let o = uri_sql(&[
        "run",
        "SELECT try_parse_url('http://a b/', 'HOST') IS NULL AS n",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("true"), "{}", stdout(&o));
}

#[test]
fn errors_exit_with_a_message() {
    for (args, code, says) in [
        (vec!["run", "SELEKT 1"], 1, "SELEKT"),
        // No subcommand word: the text is the query.
        (vec!["walk"], 1, "walk"),
        (
            vec!["run", "SELECT * FROM lines('/nonexistent/file.txt')"],
            2,
            "/nonexistent/file.txt",
        ),
        (
            vec!["run", "SELECT uri_normalize('a', 'bogus')"],
            1,
            "bogus",
        ),
        (
            vec!["run", "SELECT * FROM '/nonexistent/x.parquet'"],
            2,
            "no such file: /nonexistent/x.parquet",
        ),
        (
            vec!["run", "SELECT * FROM '/nonexistent/x.csv'"],
            2,
            "no such file: /nonexistent/x.csv",
        ),
        (vec!["run", "--format", "xml", "SELECT 1"], 2, "xml"),
        (vec!["run", "--threads", "0", "SELECT 1"], 2, "--threads"),
        (
            vec!["scheduler"],
            2,
            if cfg!(feature = "cluster") {
                "--bind"
            } else {
                "cluster"
            },
        ),
    ] {
        let o = uri_sql(&args);
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
}

/// Help asked for is not a usage error: the usage on standard output,
/// exit 0, for every command.
#[test]
fn help_exits_0_with_the_usage() {
    let mut cases = vec![vec!["--help"], vec!["run", "--help"], vec!["run", "-h"]];
    if cfg!(feature = "cluster") {
        cases.extend([vec!["scheduler", "--help"], vec!["executor", "--help"]]);
    }
    for args in cases {
        let o = uri_sql(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).contains("Usage: uri-sql"), "{args:?}");
        assert!(o.stderr.is_empty(), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let gsd = urikit_testdata::sample("gsd-urls.txt");
    let sql = format!("SELECT line FROM lines('{}')", gsd.display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri-sql"))
        .args(["run", "--format", "csv", &sql])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A query over the sample that the progress line can watch: with
/// `URI_SQL_PROGRESS_AFTER_MS=0` the line is drawn at once.
fn progress_query() -> String {
    let path = urikit_testdata::sample("gsd-urls.txt");
    format!(
        "SELECT count(*) AS n FROM lines('{0}') a JOIN lines('{0}') b ON uri_host(a.line) = uri_host(b.line)",
        path.display()
    )
}

#[test]
fn no_progress_line_when_standard_error_is_not_a_terminal() {
    let o = Command::new(env!("CARGO_BIN_EXE_uri-sql"))
        .args(["run", "--format", "csv", &progress_query()])
        .env("URI_SQL_PROGRESS_AFTER_MS", "0")
        .output()
        .expect("run uri-sql");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stderr.is_empty(), "stderr: {:?}", stderr(&o));
    assert!(stdout(&o).starts_with("n\n"));
}

/// Runs uri-sql in a pseudo-terminal with `script`, returning everything the
/// terminal received, or None (with a visible skip line) without `script`.
fn in_a_terminal(extra: &[&str]) -> Option<String> {
    if !have_script() {
        return None;
    }
    let sh_quote = |s: &str| format!("'{}'", s.replace('\'', "'\\''"));
    let mut cmd = vec![sh_quote(env!("CARGO_BIN_EXE_uri-sql")), "run".into()];
    cmd.extend(extra.iter().map(|a| sh_quote(a)));
    cmd.push(sh_quote(&progress_query()));
    let o = Command::new("script")
        .args(["-q", "-e", "-c", &cmd.join(" "), "/dev/null"])
        .env("URI_SQL_PROGRESS_AFTER_MS", "0")
        .stdin(Stdio::null())
        .output()
        .expect("run script");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

#[test]
fn on_a_terminal_the_progress_line_is_drawn_then_cleared() {
    let Some(screen) = in_a_terminal(&[]) else {
        return;
    };
    let drawn = screen.find(" rows out").expect("a progress line");
    // Cleared ("\r", erase line) after the last drawing, before the table.
    let cleared = screen.rfind("\r\x1b[K").expect("the line is cleared");
    assert!(cleared > drawn, "{screen:?}");
    assert!(!screen[cleared..].contains("rows out"), "{screen:?}");
    assert!(screen[cleared..].contains("| n "), "{screen:?}");
}

#[test]
fn no_progress_turns_the_line_off() {
    let Some(screen) = in_a_terminal(&["--no-progress"]) else {
        return;
    };
    assert!(!screen.contains("rows out"), "{screen:?}");
    assert!(!screen.contains('\x1b'), "{screen:?}");
    assert!(screen.contains("| n "), "{screen:?}");
}

/// `information_schema` is on, and describes each function from
/// urikit-arrow's table of kernels.
#[test]
fn information_schema_describes_the_functions() {
    let o = uri_sql(&[
        "run",
        "SELECT routine_name, syntax_example FROM information_schema.routines \
         WHERE routine_name IN ('uri_make_relative', 'parse_url') ORDER BY routine_name",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("uri_make_relative(base, target)"), "{out}");
    assert!(out.contains("parse_url(url, part[, key])"), "{out}");
}
