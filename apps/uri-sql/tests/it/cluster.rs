//! A real Ballista cluster on loopback: one `uri-sql scheduler` and two
//! `uri-sql executor` processes, started here (the `common` module), each bounded
//! in time and ended when the test ends. The same queries
//! run on the cluster and in one process, over a Parquet data set of
//! several files written from the committed corpus samples; the answers
//! must be identical.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use datafusion::arrow::array::{Int64Array, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::parquet::arrow::ArrowWriter;
use urikit::UriRef;

use crate::common::{self, BIN, free_port, start_cluster};

/// How long one query may take before the test fails (the cluster answers
/// these in about a second on two cores).
const QUERY_LIMIT: Duration = Duration::from_secs(120);

/// Runs `uri-sql run --format json` (the `common` module's runner, bounded in
/// time); the output lines, sorted (row order is not part of a result
/// without ORDER BY).
fn query(cluster: Option<&str>, sql: &str) -> Vec<String> {
    let mut args = vec!["--format", "json", "--threads", "4"];
    if let Some(url) = cluster {
        args.extend(["--cluster", url]);
    }
    args.push(sql);
    let ran = common::run(&args, QUERY_LIMIT);
    assert!(
        ran.status.success(),
        "cluster {cluster:?}: {sql}\n{}\n(exit {})",
        ran.stderr,
        ran.status
    );
    let mut rows: Vec<String> = ran.stdout.lines().map(str::to_owned).collect();
    rows.sort();
    rows
}

/// Writes `batch` as `files` Parquet files in `dir`, rows split evenly.
fn write_parquet(dir: &Path, batch: &RecordBatch, files: usize) {
    std::fs::create_dir_all(dir).unwrap();
    let per = batch.num_rows().div_ceil(files);
    for i in 0..files {
        let start = (i * per).min(batch.num_rows());
        let len = per.min(batch.num_rows() - start);
        let f = File::create(dir.join(format!("part-{i}.parquet"))).unwrap();
        let mut w = ArrowWriter::try_new(f, batch.schema(), None).unwrap();
        w.write(&batch.slice(start, len)).unwrap();
        w.close().unwrap();
    }
}

/// The data set: `links/` (id, line) from the gsd sample, and from the
/// cc-relative sample `bases/` (id, base) and `refs/` (id, relative), to
/// be joined on id. Returns the gsd lines and the (base, relative) pairs.
fn write_data(root: &Path) -> (Vec<String>, Vec<(String, String)>) {
    let lines = urikit_testdata::lines(&urikit_testdata::sample("gsd-urls.txt"));
    let ids = Int64Array::from_iter_values(0..lines.len() as i64);
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("line", DataType::Utf8, false),
    ]));
    let batch = RecordBatch::try_new(
        schema,
        vec![
            Arc::new(ids),
            Arc::new(StringArray::from_iter_values(&lines)),
        ],
    )
    .unwrap();
    write_parquet(&root.join("links"), &batch, 6);

    let csv_schema = Arc::new(Schema::new(vec![
        Field::new("base", DataType::Utf8, true),
        Field::new("relative", DataType::Utf8, true),
    ]));
    let csv = File::open(urikit_testdata::sample("cc-relative-10k.csv")).unwrap();
    let reader = arrow_csv::ReaderBuilder::new(csv_schema)
        .with_header(true)
        .build(csv)
        .unwrap();
    let mut pairs = Vec::new();
    for b in reader {
        let b = b.unwrap();
        let base = b.column(0).as_any().downcast_ref::<StringArray>().unwrap();
        let rel = b.column(1).as_any().downcast_ref::<StringArray>().unwrap();
        for i in 0..b.num_rows() {
            pairs.push((base.value(i).to_owned(), rel.value(i).to_owned()));
        }
    }
    let ids = || Arc::new(Int64Array::from_iter_values(0..pairs.len() as i64));
    let side = |name: &str, values: Vec<&str>| {
        let schema = Arc::new(Schema::new(vec![
            Field::new("id", DataType::Int64, false),
            Field::new(name, DataType::Utf8, false),
        ]));
        RecordBatch::try_new(
            schema,
            vec![ids(), Arc::new(StringArray::from_iter_values(values))],
        )
        .unwrap()
    };
    let bases = side("base", pairs.iter().map(|p| p.0.as_str()).collect());
    let refs = side("relative", pairs.iter().map(|p| p.1.as_str()).collect());
    write_parquet(&root.join("bases"), &bases, 3);
    // A different split on the other side, so the join really matches rows
    // across files.
    write_parquet(&root.join("refs"), &refs, 4);
    (lines, pairs)
}

/// Shuffle files (`JOB/STAGE/PARTITION/data-N.arrow`) under `dir`.
fn shuffle_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| {
                    let p = e.path();
                    if p.is_dir() {
                        shuffle_files(&p)
                    } else {
                        usize::from(p.extension().is_some_and(|x| x == "arrow"))
                    }
                })
                .sum()
        })
        .unwrap_or(0)
}

#[test]
fn a_loopback_cluster_answers_as_one_process_does() {
    let root = std::env::temp_dir().join(format!("uri-sql-cluster-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let (lines, pairs) = write_data(&root);
    let cluster = start_cluster(&root, 2, 1);
    let links = root.join("links");
    let links = links.display();
    let (bases, refs) = (root.join("bases"), root.join("refs"));
    let (bases, refs) = (bases.display(), refs.display());

    let queries = [
        // An aggregation with a shuffle between the stages.
        format!(
            "SELECT uri_registrable_domain(line) AS site, count(*) AS n \
             FROM '{links}/' GROUP BY site"
        ),
        format!("SELECT uri_host(line) AS host, count(*) AS n FROM '{links}/' GROUP BY host"),
        // uri_resolve over a join of two data sets split differently.
        format!(
            "SELECT b.id, uri_resolve(b.base, r.relative) AS target \
             FROM '{bases}/' b JOIN '{refs}/' r ON b.id = r.id"
        ),
        // The struct, a map, lists, constant arguments.
        format!(
            "SELECT id, uri_parse(line)['host'] AS host, uri_parse(line)['error_index'] AS at, \
             uri_path_segments(line) AS segments, uri_query_params(line) AS params, \
             uri_query_param(line, 'id') AS param, uri_lint(line) AS lint, \
             uri_normalize(line) AS normal, uri_surt(line) AS surt FROM '{links}/'"
        ),
        format!(
            "SELECT uri_is_valid(line) AS ok, count(*) AS n, count(DISTINCT uri_scheme(line)) AS schemes \
             FROM '{links}/' GROUP BY ok"
        ),
        // DataFusion's nested functions over urikit's lists and maps, which
        // the executors must know as the scheduler does.
        format!(
            "SELECT uri_scheme(line) AS scheme, sum(cardinality(uri_lint(line))) AS findings, \
             max(array_length(uri_path_segments(line))) AS depth, \
             sum(cardinality(map_keys(uri_query_params(line)))) AS keys \
             FROM '{links}/' GROUP BY scheme"
        ),
    ];
    let mut results = Vec::new();
    for sql in &queries {
        let here = query(None, sql);
        let there = query(Some(&cluster.url), sql);
        assert!(!here.is_empty(), "{sql}");
        assert_eq!(here.len(), there.len(), "rows: {sql}");
        for (a, b) in here.iter().zip(&there) {
            assert_eq!(a, b, "{sql}");
        }
        results.push(there);
    }

    // Both executors ran tasks: each wrote shuffle data to its folder.
    for dir in &cluster.work_dirs {
        assert!(shuffle_files(dir) > 0, "no task ran on {}", dir.display());
    }

    // And the answers are the library's, not just the same twice.
    let mut hosts: BTreeMap<Option<String>, u64> = BTreeMap::new();
    for l in &lines {
        let h = UriRef::parse(l)
            .ok()
            .and_then(|u| u.host_str().map(str::to_owned));
        *hosts.entry(h).or_default() += 1;
    }
    let got: BTreeMap<Option<String>, u64> = results[1]
        .iter()
        .map(|r| {
            let v: serde_json::Value = serde_json::from_str(r).unwrap();
            (
                v["host"].as_str().map(str::to_owned),
                v["n"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, hosts);
    assert_eq!(results[2].len(), pairs.len(), "one row per pair");
    for r in &results[2] {
        let v: serde_json::Value = serde_json::from_str(r).unwrap();
        let (base, rel) = &pairs[v["id"].as_u64().unwrap() as usize];
        let want = urikit::Uri::parse(base.as_str())
            .ok()
            .and_then(|b| b.resolve(rel.as_str()).ok())
            .map(|t| t.to_string());
        assert_eq!(
            v["target"].as_str().map(str::to_owned),
            want,
            "{base} {rel}"
        );
    }

    // lines() reads the client's file: on a cluster it is a clear error.
    let o = Command::new(BIN)
        .args(["run", "--cluster", &cluster.url])
        .arg(format!(
            "SELECT count(*) FROM lines('{}')",
            urikit_testdata::sample("gsd-urls.txt").display()
        ))
        .output()
        .unwrap();
    // A bad query for a cluster: exit 1.
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("does not run on a cluster"), "{err}");

    drop(cluster);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_cluster_that_is_not_there_is_an_error_with_exit_2() {
    let port = free_port();
    let o = Command::new(BIN)
        .args([
            "run",
            "--cluster",
            &format!("df://127.0.0.1:{port}"),
            "SELECT 1",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    // The scheduler's address and what happened, not tonic's words.
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim_end(),
        format!("uri-sql: cannot reach the scheduler at 127.0.0.1:{port}: connection refused")
    );
}

#[test]
fn cluster_commands_check_their_arguments() {
    let cases: [&[&str]; 10] = [
        &["scheduler"],
        &["scheduler", "--bind", "no-port"],
        &["executor", "--bind", "127.0.0.1:50051"],
        &[
            "executor",
            "--scheduler",
            "h:1",
            "--bind",
            "127.0.0.1:9",
            "--slots",
            "0",
        ],
        &["run", "--cluster", "127.0.0.1:50050", "SELECT 1"],
        &["run", "--cluster", "df://127.0.0.1", "SELECT 1"],
        &["run", "--wait", "5s", "SELECT 1"],
        &["run", "--cluster", "df://h:1", "--wait", "soon", "SELECT 1"],
        &[
            "scheduler",
            "--bind",
            "127.0.0.1:0",
            "--executor-timeout",
            "1s",
        ],
        &[
            "executor",
            "--scheduler",
            "h:1",
            "--bind",
            "127.0.0.1:9",
            "--heartbeat",
            "0",
        ],
    ];
    for args in cases {
        let o = Command::new(BIN).args(args).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.starts_with("uri-sql: "), "{args:?}: {err}");
        // One line and a hint, not the usage.
        assert_eq!(err.lines().count(), 2, "{args:?}: {err}");
        assert!(err.contains("--help"), "{args:?}: {err}");
    }
}

/// `executor --bind HOST:0` picks free ports, prints the Flight address it
/// took, listens there and registers with the scheduler.
#[test]
fn an_executor_binds_port_0_and_prints_the_port() {
    use std::io::{BufRead, BufReader};
    let (_scheduler, addr) = common::start_scheduler(&[]);
    let root = common::scratch("port0");
    let mut executor = common::spawn(&[
        "executor",
        "--scheduler",
        &addr.to_string(),
        "--bind",
        "127.0.0.1:0",
        "--slots",
        "1",
        "--work-dir",
        root.to_str().unwrap(),
    ]);
    let mut line = String::new();
    BufReader::new(executor.child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let bound: std::net::SocketAddr = line
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("executor printed {line:?}"));
    assert_eq!(bound.ip().to_string(), "127.0.0.1");
    assert_ne!(bound.port(), 0);
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while std::net::TcpStream::connect(bound).is_err() || common::live_executors(addr) != Some(1) {
        assert!(
            std::time::Instant::now() < deadline,
            "executor did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // And it runs a query.
    let ran = common::run(
        &[
            "--format",
            "json",
            "--cluster",
            &format!("df://{addr}"),
            "SELECT uri_host('http://h/') AS h",
        ],
        QUERY_LIMIT,
    );
    assert!(ran.status.success(), "{}", ran.stderr);
    assert_eq!(ran.stdout.trim(), r#"{"h":"h"}"#);
    drop(executor);
    let _ = std::fs::remove_dir_all(&root);
}

/// Spark's ANSI mode travels with the query: `--no-ansi` (or a `SET`)
/// on the client gives NULL for an invalid URL on the executors too, as
/// Spark's `try_parse_url` (dev/testdata/spark) does; by default the query
/// fails with Spark's error.
#[test]
fn ansi_mode_reaches_the_cluster() {
    let root = common::scratch("ansi");
    let cluster = start_cluster(&root, 1, 1);
    let data = root.join("urls");
    let urls = StringArray::from(vec!["http://a b/", "http://h/"]);
    let batch = RecordBatch::try_new(
        Arc::new(Schema::new(vec![Field::new("u", DataType::Utf8, false)])),
        vec![Arc::new(urls)],
    )
    .unwrap();
    write_parquet(&data, &batch, 1);
    let select = format!(
        "SELECT u, parse_url(u, 'HOST') AS h FROM '{}/' ORDER BY u",
        data.display()
    );
    let on = common::run(&["--cluster", &cluster.url, &select], QUERY_LIMIT);
    assert_eq!(on.status.code(), Some(1), "{}", on.stderr);
    assert!(on.stderr.contains("[INVALID_URL]"), "{}", on.stderr);
    let set = format!("SET datafusion.execution.enable_ansi_mode = false; {select}");
    for args in [
        vec![
            "--no-ansi",
            "--format",
            "json",
            "--cluster",
            &cluster.url,
            &select,
        ],
        vec!["--format", "json", "--cluster", &cluster.url, &set],
    ] {
        let off = common::run(&args, QUERY_LIMIT);
        assert!(off.status.success(), "{args:?}: {}", off.stderr);
        assert_eq!(
            off.stdout, "{\"u\":\"http://a b/\",\"h\":null}\n{\"u\":\"http://h/\",\"h\":\"h\"}\n",
            "{args:?}"
        );
    }
    drop(cluster);
    let _ = std::fs::remove_dir_all(&root);
}
