//! A loopback cluster under faults (processes from the `common` module, all on
//! 127.0.0.1, killed when the test ends):
//!
//! - an executor killed (`kill -9`) in the middle of a query, the one doing
//!   more work: the answer is the clean run's, within the clean run's time
//!   plus 30 s (the scheduler takes an executor as dead after 10 s without
//!   a heartbeat, checked every second), and the client said it lost one;
//! - then the last executor killed: the client fails within 10 + 1 s +
//!   `--wait 3s` + 10 s of slack, saying the cluster lost its executors;
//! - the scheduler killed in the middle of a query: the client fails at
//!   once, naming the scheduler and saying it went away;
//! - a scheduler with no executor: `run --wait 2s` fails after 2 s (and
//!   well within 12 s), saying so;
//! - nothing listening at the scheduler's address: the client fails within
//!   10 s, naming the address and saying it cannot reach it;
//! - by default (no `--threads`) both executors do a fair part of the work
//!   (CPU time of each over the clean run).
//!
//! `.ci/run` runs this module (`cluster_faults::`) in a step of its own
//! ("cluster faults", its time shown), one test at a time.
//!
//! The data is written here: the committed gsd sample repeated, as 8
//! Parquet files (a few MB), enough for a query of several seconds.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use datafusion::arrow::array::{RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::parquet::arrow::ArrowWriter;

use crate::common::{self, Proc, run, scratch, start_cluster, start_run, start_scheduler};

/// How much longer than a clean run a run with a killed executor may take.
const FAULT_BOUND: Duration = Duration::from_secs(30);

/// The gsd sample, `copies` times, as `files` Parquet files in `dir`.
fn write_data(dir: &Path, copies: usize, files: usize) {
    std::fs::create_dir_all(dir).unwrap();
    let lines = urikit_testdata::lines(&urikit_testdata::sample("gsd-urls.txt"));
    let schema = Arc::new(Schema::new(vec![Field::new("line", DataType::Utf8, false)]));
    for f in 0..files {
        let file = std::fs::File::create(dir.join(format!("part-{f}.parquet"))).unwrap();
        let mut w = ArrowWriter::try_new(file, Arc::clone(&schema), None).unwrap();
        for _ in 0..copies.div_ceil(files) {
            let batch = RecordBatch::try_new(
                Arc::clone(&schema),
                vec![Arc::new(StringArray::from_iter_values(&lines))],
            )
            .unwrap();
            w.write(&batch).unwrap();
        }
        w.close().unwrap();
    }
}

/// CPU time used so far by a process (Linux: /proc/PID/stat), in ticks.
fn cpu_ticks(p: &Proc) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", p.child.id())).unwrap_or_default();
    // Fields after the command name (in parentheses): state is the 1st,
    // utime the 12th, stime the 13th.
    let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    field(11) + field(12)
}

/// The executor that used more CPU over the next half second.
fn busiest(executors: &[Proc]) -> usize {
    let before: Vec<u64> = executors.iter().map(cpu_ticks).collect();
    std::thread::sleep(Duration::from_millis(500));
    let gained: Vec<u64> = executors
        .iter()
        .zip(&before)
        .map(|(p, b)| cpu_ticks(p).saturating_sub(*b))
        .collect();
    (0..executors.len()).max_by_key(|&i| gained[i]).unwrap()
}

fn sorted_lines(s: &str) -> Vec<&str> {
    let mut v: Vec<&str> = s.lines().collect();
    v.sort_unstable();
    v
}

#[test]
fn cluster_fault_killed_executor_costs_seconds_killed_scheduler_is_named() {
    let root = scratch("cluster-faults");
    let data = root.join("links");
    write_data(&data, 240, 8);
    let mut cluster = start_cluster(&root, 2, 2);
    let sql = format!(
        "SELECT uri_registrable_domain(line) AS site, count(*) AS n, \
         sum(length(uri_normalize(line))) AS normal, sum(length(uri_surt(line))) AS surt, \
         count(uri_lint(line)) AS lints \
         FROM '{}/' GROUP BY site",
        data.display()
    );
    let args = ["--format", "json", "--cluster", &cluster.url, &sql];
    let limit = Duration::from_secs(300);

    let before: Vec<u64> = cluster.executors.iter().map(cpu_ticks).collect();
    let clean = run(&args, limit);
    assert!(clean.status.success(), "{}", clean.stderr);
    assert!(!clean.stdout.is_empty());
    // Work spread over both executors without --threads: each did at
    // least a fifth of the two's CPU time (before, with the client's core
    // count as partitions and Ballista's "fill one executor first", one
    // of them could do it all).
    let used: Vec<u64> = cluster
        .executors
        .iter()
        .zip(&before)
        .map(|(p, b)| cpu_ticks(p).saturating_sub(*b))
        .collect();
    let total: u64 = used.iter().sum();
    eprintln!("clean run: executors' CPU ticks {used:?}");
    assert!(total > 0, "the executors used no CPU time");
    assert!(
        used.iter().all(|&u| u * 5 >= total),
        "work not spread: CPU ticks {used:?}"
    );

    // The same query; a third of the way through, the executor doing more
    // work is killed.
    let mut running = start_run(&args);
    std::thread::sleep(clean.took / 3);
    let victim = busiest(&cluster.executors);
    assert!(running.is_running(), "the query ended before the kill");
    cluster.executors[victim].kill();
    let killed_at = running.elapsed();
    let faulty = running.finish(limit);
    eprintln!(
        "clean run {:.1} s; executor {victim} killed at {:.1} s, answer at {:.1} s",
        clean.took.as_secs_f64(),
        killed_at.as_secs_f64(),
        faulty.took.as_secs_f64()
    );
    assert!(faulty.status.success(), "{}", faulty.stderr);
    assert_eq!(sorted_lines(&faulty.stdout), sorted_lines(&clean.stdout));
    assert!(
        faulty.took <= clean.took + FAULT_BOUND,
        "{:?} against a clean {:?}",
        faulty.took,
        clean.took
    );
    // The client told what it waits for (standard error is not a terminal
    // here: notes come as lines).
    assert!(
        faulty.stderr.contains("1 of 2 executors live"),
        "{}",
        faulty.stderr
    );

    // The last executor killed while a query runs: the client waits
    // --wait for one to come back, then cancels and fails. Bound: the
    // scheduler's 10 s to take it as dead, the client's half-second look,
    // --wait, and 10 s of slack for a loaded machine.
    let wait_args = [
        "--format",
        "json",
        "--cluster",
        &cluster.url,
        "--wait",
        "3s",
        &sql,
    ];
    let mut running = start_run(&wait_args);
    std::thread::sleep(Duration::from_millis(1500));
    assert!(running.is_running(), "the query ended before the kill");
    let last = 1 - victim;
    cluster.executors[last].kill();
    let gone = Instant::now();
    let failed = running.finish(limit);
    eprintln!(
        "last executor killed: failed {:.1} s later",
        gone.elapsed().as_secs_f64()
    );
    assert_eq!(failed.status.code(), Some(2), "{}", failed.stderr);
    assert!(
        gone.elapsed() < Duration::from_secs(10 + 1 + 3 + 10),
        "{:?}",
        gone.elapsed()
    );
    assert!(
        failed.stderr.contains(&format!(
            "uri-sql: the cluster at {} lost its executors: none came back within --wait 3 s \
             (the query was cancelled)",
            cluster.addr
        )),
        "{}",
        failed.stderr
    );

    // A new executor, then the scheduler killed while a query runs: the
    // client says so at once.
    cluster.executors.push(common::start_executor(
        cluster.addr,
        &root.join("executor-new"),
        2,
    ));
    let deadline = Instant::now() + Duration::from_secs(60);
    while common::live_executors(cluster.addr) != Some(1) {
        assert!(
            Instant::now() < deadline,
            "the new executor did not register"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let running = start_run(&args);
    std::thread::sleep(Duration::from_millis(1500));
    cluster.scheduler.kill();
    let gone = Instant::now();
    let failed = running.finish(limit);
    assert_eq!(failed.status.code(), Some(2), "{}", failed.stderr);
    assert!(
        gone.elapsed() < Duration::from_secs(10),
        "{:?}",
        gone.elapsed()
    );
    assert!(
        failed.stderr.starts_with(&format!(
            "uri-sql: lost the scheduler at {} during the query: ",
            cluster.addr
        )),
        "{}",
        failed.stderr
    );

    drop(cluster);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn cluster_fault_no_executor_fails_after_wait() {
    let (_scheduler, addr) = start_scheduler(&[]);
    let r = run(
        &[
            "--cluster",
            &format!("df://{addr}"),
            "--wait",
            "2s",
            "SELECT 1",
        ],
        Duration::from_secs(60),
    );
    assert_eq!(r.status.code(), Some(2), "{}", r.stderr);
    assert!(r.took >= Duration::from_secs(2), "{:?}", r.took);
    assert!(r.took < Duration::from_secs(12), "{:?}", r.took);
    assert!(
        r.stderr.contains(&format!(
            "uri-sql: the cluster at {addr} has no live executor: none registered within --wait 2 s"
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn cluster_fault_unreachable_scheduler_is_named() {
    // A port nothing listens on (free a moment ago).
    let port = common::free_port();
    let addr = format!("127.0.0.1:{port}");
    let r = run(
        &["--cluster", &format!("df://{addr}"), "SELECT 1"],
        Duration::from_secs(60),
    );
    assert_eq!(r.status.code(), Some(2), "{}", r.stderr);
    assert!(r.took < Duration::from_secs(10), "{:?}", r.took);
    assert_eq!(
        r.stderr.trim_end(),
        format!("uri-sql: cannot reach the scheduler at {addr}: connection refused")
    );
}
