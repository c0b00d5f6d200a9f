//! A real Ballista cluster on loopback for the tests: `uri-sql scheduler`
//! and `uri-sql executor` processes started here, each ended when the test
//! ends (killed on drop, and told to exit when their standard input closes,
//! should the test process die first), and `uri-sql run` bounded in time.

#![allow(dead_code)] // each module uses a part; the cluster ones are feature-gated

pub mod run;

use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_uri-sql");

/// A child process that is killed when dropped. Its standard input is held
/// open: the processes are started with `--exit-when-stdin-closes`, so they
/// also end if this test process is killed.
pub struct Proc {
    pub child: Child,
    _stdin: ChildStdin,
}

impl Proc {
    /// `kill -9`, now.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

pub fn spawn(args: &[&str]) -> Proc {
    let mut child = Command::new(BIN)
        .args(args)
        .arg("--exit-when-stdin-closes")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start uri-sql");
    let stdin = child.stdin.take().unwrap();
    Proc {
        child,
        _stdin: stdin,
    }
}

/// A port free at the time of asking (the executor must be told its ports;
/// another process could take one in between, which would fail the test
/// loudly, not wrongly).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A scheduler on 127.0.0.1, port 0; its address.
pub fn start_scheduler(extra: &[&str]) -> (Proc, SocketAddr) {
    let mut args = vec!["scheduler", "--bind", "127.0.0.1:0"];
    args.extend_from_slice(extra);
    let mut scheduler = spawn(&args);
    // The scheduler prints the address it bound, port 0 resolved.
    let mut line = String::new();
    BufReader::new(scheduler.child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: SocketAddr = line
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("scheduler printed {line:?}"));
    (scheduler, addr)
}

/// An executor of the scheduler at `addr`, shuffle files in `dir`; returns
/// once it listens (it registers with the scheduler as it starts).
pub fn start_executor(addr: SocketAddr, dir: &Path, slots: usize) -> Proc {
    std::fs::create_dir_all(dir).unwrap();
    let (flight, grpc) = (free_port(), free_port());
    let proc = spawn(&[
        "executor",
        "--scheduler",
        &addr.to_string(),
        "--bind",
        &format!("127.0.0.1:{flight}"),
        "--grpc-port",
        &grpc.to_string(),
        "--slots",
        &slots.to_string(),
        "--work-dir",
        dir.to_str().unwrap(),
    ]);
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::net::TcpStream::connect(("127.0.0.1", flight)).is_err()
        || std::net::TcpStream::connect(("127.0.0.1", grpc)).is_err()
    {
        assert!(Instant::now() < deadline, "executor did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    proc
}

/// The cluster: kept alive as long as this value.
pub struct Cluster {
    pub url: String,
    pub addr: SocketAddr,
    pub work_dirs: Vec<PathBuf>,
    pub scheduler: Proc,
    pub executors: Vec<Proc>,
}

/// A scheduler and `n` executors of `slots` slots each.
pub fn start_cluster(root: &Path, n: usize, slots: usize) -> Cluster {
    let (scheduler, addr) = start_scheduler(&[]);
    let mut executors = Vec::new();
    let mut work_dirs = Vec::new();
    for i in 0..n {
        let dir = root.join(format!("executor-{i}"));
        executors.push(start_executor(addr, &dir, slots));
        work_dirs.push(dir);
    }
    let cluster = Cluster {
        url: format!("df://{addr}"),
        addr,
        work_dirs,
        scheduler,
        executors,
    };
    // The executors are live for the scheduler once registered: wait for
    // all of them, so that the first query finds them.
    let deadline = Instant::now() + Duration::from_secs(60);
    while live_executors(addr) != Some(n) {
        assert!(Instant::now() < deadline, "the executors did not register");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The scheduler recounts the live executors' task slots (what a query
    // is cut into) every half second: let it see all of them.
    std::thread::sleep(Duration::from_millis(1200));
    cluster
}

/// The live executors, from the scheduler's `/readyz` page.
pub fn live_executors(addr: SocketAddr) -> Option<usize> {
    use std::io::Write;
    let mut s = std::net::TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        s,
        "GET /readyz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).ok()?;
    let after = answer.split_once("\r\n\r\n")?.1.split_once("ready: ")?.1;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// What a finished `uri-sql run` gave.
pub struct Ran {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
    pub took: Duration,
}

/// A running `uri-sql run`, its pipes read on threads (a full pipe cannot
/// stall it while the test watches the clock).
pub struct Running {
    child: Child,
    out: Option<std::thread::JoinHandle<String>>,
    err: Option<std::thread::JoinHandle<String>>,
    started: Instant,
}

pub fn start_run(args: &[&str]) -> Running {
    let mut child = Command::new(BIN)
        .arg("run")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    Running {
        child,
        out: Some(out),
        err: Some(err),
        started: Instant::now(),
    }
}

impl Running {
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits for the end, at most `limit` from the start (then kills it and
    /// fails the test).
    pub fn finish(mut self, limit: Duration) -> Ran {
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            if self.started.elapsed() > limit {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("uri-sql run did not end within {limit:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let took = self.started.elapsed();
        Ran {
            status,
            stdout: self.out.take().unwrap().join().unwrap(),
            stderr: self.err.take().unwrap().join().unwrap(),
            took,
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `uri-sql run ARGS`, bounded by `limit`.
pub fn run(args: &[&str], limit: Duration) -> Ran {
    start_run(args).finish(limit)
}

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("uri-sql-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
