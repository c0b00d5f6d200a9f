//! `uri-sql`: SQL over URIs, on Apache DataFusion with urikit's `uri_*`
//! functions registered.
//!
//! ```text
//! uri-sql run [--format table|csv|json] [--threads N] [--no-progress]
//!             [--cluster df://HOST:PORT [--wait DURATION]] QUERY
//! uri-sql scheduler --bind HOST:PORT [--advertise HOST] [--executor-timeout DURATION]
//! uri-sql executor --scheduler HOST:PORT --bind HOST:PORT [--grpc-port PORT]
//!                  [--slots N] [--advertise HOST] [--work-dir DIR] [--heartbeat DURATION]
//! ```
//!
//! - `lines('path')` is a table of one column, `line`, one row per line of
//!   a text file, read as the query runs (constant memory).
//! - CSV, Parquet and JSON (lines) files are tables by their path:
//!   `SELECT * FROM 'links.parquet'`.
//! - `--format json` prints JSON Lines, one object per row, SQL NULL as
//!   `null`; `csv` prints a header line and RFC 4180 records; `table` (the
//!   default) an aligned text table.
//! - `--threads N` sets DataFusion's target partitions and the number of
//!   the runtime's worker threads: `--threads 1` runs the query on one
//!   thread.
//! - On a terminal, a query that runs longer than a second shows its
//!   progress on standard error (lines and bytes read by `lines()`, rows
//!   out, time), cleared when it ends; `--no-progress` (or `--quiet`)
//!   turns that off. Nothing is shown when standard error is not a
//!   terminal.
//!
//! - `--cluster df://HOST:PORT` sends the query to a Ballista cluster of
//!   `uri-sql scheduler` and `uri-sql executor` processes (Ballista's own
//!   scheduler and executor, with urikit's functions registered). Files
//!   named in the query are read by the executors, so every executor must
//!   see them at the same path; `lines()` reads a file on the client's
//!   machine and is not available there (query Parquet or CSV instead).
//!   Without `--threads`, a query is cut into as many partitions as the
//!   cluster's live executors have task slots. How the cluster and the
//!   client behave when a process dies (`--heartbeat`,
//!   `--executor-timeout`, `--wait`): docs/cluster.md.
//!
//! Exit status: 0 when the query ran, 2 for a usage error, a bad query or
//! an unreadable file (with the reason on standard error). A closed pipe
//! on standard output ends the program quietly with 0.

mod cluster;
mod lines;
mod progress;
mod remote;

use std::io::{self, IsTerminal, Read, Write};
use std::net::{SocketAddr, ToSocketAddrs};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::error::ArrowError;
use datafusion::error::DataFusionError;
use datafusion::prelude::{SessionConfig, SessionContext};
use futures::StreamExt;

const USAGE: &str = "usage: uri-sql run [--format table|csv|json] [--threads N] [--no-progress]
                   [--cluster df://HOST:PORT [--wait DURATION]] QUERY
       uri-sql scheduler --bind HOST:PORT [--advertise HOST] [--executor-timeout DURATION]
       uri-sql executor --scheduler HOST:PORT --bind HOST:PORT [--grpc-port PORT]
                        [--slots N] [--advertise HOST] [--work-dir DIR]
                        [--heartbeat DURATION]

run: runs QUERY (SQL) with urikit's uri_* functions. Tables: lines('file.txt')
(one column, line), and CSV, Parquet or JSON files by path ('data.parquet').
A long query shows its progress on standard error when that is a terminal;
--no-progress (or --quiet) turns it off. --cluster sends the query to a
scheduler; the executors read the files, at the same path on every machine.
Without --threads the query gets a partition per task slot of the cluster.
--wait (default 30s) is how long a query waits for a live executor, before
it starts and whenever the cluster has none; then it fails.

scheduler: a Ballista scheduler with urikit's functions, on HOST:PORT (port 0
picks a free port; the address is printed on standard output).
--executor-timeout (default 10s): an executor not heard from for that long
is taken as dead, and its tasks run again on the others.

executor: a Ballista executor with urikit's functions. --bind is its Arrow
Flight service (shuffle data), --grpc-port its control service (default:
the --bind port + 1), --slots the tasks it runs at once (default: the
number of cores). --advertise is the host name other machines reach a
process by, when it binds 0.0.0.0. --heartbeat (default 2s) is how often it
tells the scheduler it is alive (keep it well under --executor-timeout).

DURATION: a number of seconds, or with a unit: 500ms, 30s, 5m, 1h.
";

/// How rows are printed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Format {
    Table,
    Csv,
    Json,
}

/// What to do.
enum Command {
    Run(Run),
    Serve(Process),
}

/// A process of a cluster, which runs until it is stopped.
enum Process {
    Scheduler {
        scheduler: cluster::Scheduler,
        exit_when_stdin_closes: bool,
    },
    Executor {
        executor: cluster::Executor,
        exit_when_stdin_closes: bool,
    },
}

/// The options of `run`.
struct Run {
    format: Format,
    threads: Option<usize>,
    progress: bool,
    cluster: Option<String>,
    /// How long a query on a cluster waits for a live executor.
    wait: Option<Duration>,
    query: String,
}

/// How long a query waits for a live executor unless `--wait` says.
const WAIT: Duration = Duration::from_secs(30);

/// Why the program stops early.
enum Failure {
    /// Wrong arguments: the message, then the usage.
    Usage(String),
    /// The query or its data failed.
    Query(String),
    /// Standard output was closed: stop quietly.
    BrokenPipe,
}

impl From<DataFusionError> for Failure {
    fn from(e: DataFusionError) -> Failure {
        match e {
            DataFusionError::IoError(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                Failure::BrokenPipe
            }
            DataFusionError::ArrowError(e, _) => Failure::from(*e),
            DataFusionError::External(e) if e.is::<remote::Fault>() => {
                Failure::Query(e.to_string())
            }
            e => Failure::Query(missing_file(e.to_string())),
        }
    }
}

/// DataFusion's answer for a table named by a path that does not exist,
/// "table 'datafusion.public./x.parquet' not found", said as it is: the
/// file is missing. Any other message is returned as it is.
fn missing_file(msg: String) -> String {
    let Some((_, rest)) = msg.split_once("table '") else {
        return msg;
    };
    let Some((name, _)) = rest.split_once("' not found") else {
        return msg;
    };
    let path = name.strip_prefix("datafusion.public.").unwrap_or(name);
    let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    let file_like = path.contains('/')
        || path.contains('\\')
        || matches!(
            extension.as_deref(),
            Some("parquet" | "csv" | "tsv" | "json" | "ndjson" | "avro" | "arrow" | "txt")
        );
    if file_like && !path.contains("://") && !std::path::Path::new(path).exists() {
        format!("no such file: {path} (a table named by its path, and there is no file there)")
    } else {
        msg
    }
}

impl From<ArrowError> for Failure {
    fn from(e: ArrowError) -> Failure {
        match e {
            ArrowError::IoError(_, e) if e.kind() == io::ErrorKind::BrokenPipe => {
                Failure::BrokenPipe
            }
            e => Failure::Query(e.to_string()),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Query(format!("writing the output: {e}"))
        }
    }
}

fn parse_args(args: &[String]) -> Result<Command, Failure> {
    match args.first().map(String::as_str) {
        Some("run") => parse_run(&args[1..]).map(Command::Run),
        Some("scheduler" | "executor") => parse_process(&args[0], &args[1..]),
        Some("-h" | "--help") => Err(Failure::Usage(String::new())),
        Some(other) => Err(Failure::Usage(format!("unknown command '{other}'"))),
        None => Err(Failure::Usage("no command".into())),
    }
}

/// `HOST:PORT`, the host a name or an address.
fn socket_addr(option: &str, v: &str) -> Result<SocketAddr, Failure> {
    v.to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| Failure::Usage(format!("{option} takes HOST:PORT, not '{v}'")))
}

/// A duration option's value (`30s`, `500ms`, `5m`), at least `min`.
fn duration(option: &str, v: &str, min: Duration) -> Result<Duration, Failure> {
    remote::parse_duration(v)
        .filter(|d| *d >= min)
        .ok_or_else(|| {
            Failure::Usage(format!(
                "{option} takes a duration of at least {} (30s, 500ms, 5m), not '{v}'",
                remote::show(min)
            ))
        })
}

/// The options of `scheduler` and `executor`.
fn parse_process(command: &str, args: &[String]) -> Result<Command, Failure> {
    let mut it = args.iter();
    let (mut bind, mut scheduler, mut grpc_port, mut slots) = (None, None, None, None);
    let (mut advertise, mut work_dir, mut exit_when_stdin_closes) = (None, None, false);
    let (mut heartbeat, mut executor_timeout) = (cluster::HEARTBEAT, cluster::EXECUTOR_TIMEOUT);
    let executor = command == "executor";
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| Failure::Usage(format!("{name} needs a value")))
        };
        match a.as_str() {
            "-h" | "--help" => return Err(Failure::Usage(String::new())),
            "--bind" => bind = Some(socket_addr("--bind", &value("--bind")?)?),
            "--advertise" => advertise = Some(value("--advertise")?),
            // For tests and supervisors: the process ends when its parent
            // closes its standard input (or dies), never outliving it.
            "--exit-when-stdin-closes" => exit_when_stdin_closes = true,
            "--scheduler" if executor => {
                let v = value("--scheduler")?;
                let (host, port) = v
                    .rsplit_once(':')
                    .and_then(|(h, p)| Some((h, p.parse::<u16>().ok()?)))
                    .filter(|(h, _)| !h.is_empty())
                    .ok_or_else(|| {
                        Failure::Usage(format!("--scheduler takes HOST:PORT, not '{v}'"))
                    })?;
                let host = host.trim_start_matches('[').trim_end_matches(']');
                scheduler = Some((host.to_owned(), port));
            }
            "--grpc-port" if executor => {
                let v = value("--grpc-port")?;
                grpc_port = Some(v.parse::<u16>().ok().filter(|&p| p > 0).ok_or_else(|| {
                    Failure::Usage(format!("--grpc-port takes a port number, not '{v}'"))
                })?);
            }
            "--slots" if executor => {
                let v = value("--slots")?;
                slots = Some(v.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    Failure::Usage(format!("--slots takes a positive number, not '{v}'"))
                })?);
            }
            "--work-dir" if executor => work_dir = Some(value("--work-dir")?),
            "--heartbeat" if executor => {
                let v = value("--heartbeat")?;
                heartbeat = duration("--heartbeat", &v, Duration::from_secs(1))?;
            }
            "--executor-timeout" if !executor => {
                let v = value("--executor-timeout")?;
                executor_timeout = duration("--executor-timeout", &v, Duration::from_secs(2))?;
            }
            s => return Err(Failure::Usage(format!("{command}: unknown argument '{s}'"))),
        }
    }
    let bind = bind.ok_or_else(|| Failure::Usage(format!("{command} needs --bind HOST:PORT")))?;
    if !executor {
        return Ok(Command::Serve(Process::Scheduler {
            scheduler: cluster::Scheduler {
                bind,
                advertise,
                executor_timeout,
            },
            exit_when_stdin_closes,
        }));
    }
    let scheduler =
        scheduler.ok_or_else(|| Failure::Usage("executor needs --scheduler HOST:PORT".into()))?;
    if bind.port() == 0 {
        // The executor tells the scheduler its ports: they must be known.
        return Err(Failure::Usage(
            "executor: --bind needs a port other than 0".into(),
        ));
    }
    let grpc_port = match grpc_port {
        Some(p) => p,
        None => bind.port().checked_add(1).ok_or_else(|| {
            Failure::Usage("executor: --bind port 65535 leaves no room for --grpc-port".into())
        })?,
    };
    let slots = slots.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    Ok(Command::Serve(Process::Executor {
        executor: cluster::Executor {
            scheduler,
            bind,
            grpc_port,
            advertise,
            slots,
            work_dir,
            heartbeat,
        },
        exit_when_stdin_closes,
    }))
}

fn parse_run(args: &[String]) -> Result<Run, Failure> {
    let mut it = args.iter();
    let mut run = Run {
        format: Format::Table,
        threads: None,
        progress: true,
        cluster: None,
        wait: None,
        query: String::new(),
    };
    let mut query = None;
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| Failure::Usage(format!("{name} needs a value")))
        };
        match a.as_str() {
            // Help is asked for, not a mistake: the usage on standard
            // output, exit 0.
            "-h" | "--help" => return Err(Failure::Usage(String::new())),
            "--format" => {
                run.format = match value("--format")?.as_str() {
                    "table" => Format::Table,
                    "csv" => Format::Csv,
                    "json" => Format::Json,
                    f => {
                        return Err(Failure::Usage(format!(
                            "unknown format '{f}' (table, csv or json)"
                        )));
                    }
                }
            }
            "--threads" => {
                let v = value("--threads")?;
                match v.parse::<usize>() {
                    Ok(n) if n > 0 => run.threads = Some(n),
                    _ => {
                        return Err(Failure::Usage(format!(
                            "--threads takes a positive number, not '{v}'"
                        )));
                    }
                }
            }
            "--no-progress" | "--quiet" => run.progress = false,
            "--cluster" => {
                let v = value("--cluster")?;
                if remote::address(&v).is_none() {
                    return Err(Failure::Usage(format!(
                        "--cluster takes df://HOST:PORT, not '{v}'"
                    )));
                }
                run.cluster = Some(v);
            }
            "--wait" => {
                let v = value("--wait")?;
                run.wait = Some(duration("--wait", &v, Duration::ZERO)?);
            }
            s if s.starts_with("--") => {
                return Err(Failure::Usage(format!("unknown option '{s}'")));
            }
            q if query.is_none() => query = Some(q.to_owned()),
            _ => return Err(Failure::Usage("one QUERY only (quote it)".into())),
        }
    }
    run.query = query.ok_or_else(|| Failure::Usage("no QUERY".into()))?;
    if run.wait.is_some() && run.cluster.is_none() {
        return Err(Failure::Usage(
            "--wait is for a query on a --cluster".into(),
        ));
    }
    Ok(run)
}

/// A session with everything registered: in this process, or a client of
/// the cluster at `cluster`.
async fn context(threads: Option<usize>, cluster: Option<&str>) -> Result<SessionContext, Failure> {
    // information_schema: `SHOW FUNCTIONS` and `information_schema.routines`
    // describe the functions (their documentation is urikit-arrow's table).
    let mut config = SessionConfig::new().with_information_schema(true);
    if let Some(n) = threads {
        config = config.with_target_partitions(n);
    }
    let ctx = match cluster {
        Some(url) => cluster::client(url, config, threads)
            .await
            .map_err(|e| Failure::Query(format!("cannot use the cluster at {url}: {e}")))?,
        None => {
            let ctx = SessionContext::new_with_config(config).enable_url_table();
            urikit_datafusion::register(&ctx);
            urikit_datafusion::spark::register(&ctx);
            ctx
        }
    };
    let lines: Arc<dyn datafusion::catalog::TableFunctionImpl> = match cluster {
        Some(_) => Arc::new(lines::NotOnCluster),
        None => Arc::new(lines::Lines),
    };
    ctx.register_udtf("lines", lines);
    Ok(ctx)
}

async fn run(opts: Run) -> Result<(), Failure> {
    // Rows streamed onto the screen would be torn by a progress line, and
    // they show the progress themselves.
    let to_screen = opts.format != Format::Table && io::stdout().is_terminal();
    // Dropped on every way out of this function, which clears its line
    // before main prints an error.
    let mut progress = progress::Progress::start(opts.progress && !to_screen);
    // A cluster must answer and have a live executor before the query goes.
    let live = match opts.cluster.as_deref().and_then(remote::address) {
        Some(addr) => Some((
            addr,
            remote::wait_for_executor(addr, opts.wait.unwrap_or(WAIT))
                .await
                .map_err(Failure::Query)?,
        )),
        None => None,
    };
    let ctx = context(opts.threads, opts.cluster.as_deref()).await?;
    let df = ctx.sql(&opts.query).await?;
    let schema = Arc::new(df.schema().as_arrow().clone());
    let mut stream = match live {
        Some((addr, live)) => {
            let plan = df.create_physical_plan().await?;
            let stream =
                datafusion::physical_plan::execute_stream(Arc::clone(&plan), ctx.task_ctx())?;
            remote::watch(stream, plan, addr, opts.wait.unwrap_or(WAIT), live)
        }
        None => df.execute_stream().await?,
    };
    let stdout = io::stdout().lock();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
    match opts.format {
        Format::Table => {
            // An aligned table needs every row's width: it is for results
            // small enough to read.
            let mut batches: Vec<RecordBatch> = Vec::new();
            while let Some(b) = stream.next().await {
                let b = b?;
                progress::add_output(b.num_rows() as u64);
                batches.push(b);
            }
            progress.finish();
            let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?;
            writeln!(out, "{text}")?;
        }
        Format::Csv => {
            // The CSV writer turns an I/O error into text (ArrowError::CsvError),
            // so a closed standard output is noticed here, where it happens.
            let broken = std::cell::Cell::new(false);
            let watch = Watch {
                inner: &mut out,
                broken: &broken,
            };
            let mut w = arrow_csv::WriterBuilder::new()
                .with_header(true)
                .build(watch);
            let seen = |e: ArrowError| {
                if broken.get() {
                    Failure::BrokenPipe
                } else {
                    Failure::from(e)
                }
            };
            let mut any = false;
            while let Some(b) = stream.next().await {
                let b = b?;
                w.write(&b).map_err(seen)?;
                progress::add_output(b.num_rows() as u64);
                any = true;
            }
            if !any {
                w.write(&RecordBatch::new_empty(Arc::clone(&schema)))
                    .map_err(seen)?;
            }
        }
        Format::Json => {
            let mut w = arrow_json::WriterBuilder::new()
                .with_explicit_nulls(true)
                .build::<_, arrow_json::writer::LineDelimited>(&mut out);
            while let Some(b) = stream.next().await {
                let b = b?;
                w.write(&b)?;
                progress::add_output(b.num_rows() as u64);
            }
            w.finish()?;
        }
    }
    out.flush()?;
    Ok(())
}

/// A writer that remembers whether its reader went away (`EPIPE`).
struct Watch<'a, W> {
    inner: W,
    broken: &'a std::cell::Cell<bool>,
}

impl<W: Write> Write for Watch<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).inspect_err(|e| {
            if e.kind() == io::ErrorKind::BrokenPipe {
                self.broken.set(true);
            }
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().inspect_err(|e| {
            if e.kind() == io::ErrorKind::BrokenPipe {
                self.broken.set(true);
            }
        })
    }
}

/// With `--exit-when-stdin-closes`: end the process when standard input
/// reaches its end (the parent closed it, or died).
fn exit_when_stdin_closes() {
    std::thread::spawn(|| {
        let mut sink = [0u8; 512];
        let mut stdin = io::stdin().lock();
        while matches!(stdin.read(&mut sink), Ok(n) if n > 0) {}
        std::process::exit(0);
    });
}

/// Runs a scheduler or an executor until it ends.
fn serve(process: Process) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("uri-sql: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match process {
        Process::Scheduler {
            scheduler,
            exit_when_stdin_closes: exit,
        } => {
            if exit {
                exit_when_stdin_closes();
            }
            runtime.block_on(cluster::scheduler(scheduler, |bound| {
                // The one line on standard output: where the scheduler is,
                // for scripts that asked for port 0.
                println!("{bound}");
                let _ = io::stdout().flush();
                eprintln!("uri-sql: scheduler listening on {bound}");
            }))
        }
        Process::Executor {
            executor,
            exit_when_stdin_closes: exit,
        } => {
            if exit {
                exit_when_stdin_closes();
            }
            eprintln!(
                "uri-sql: executor on {} (control port {}), {} slots, scheduler {}:{}, \
                 heartbeat every {}",
                executor.bind,
                executor.grpc_port,
                executor.slots,
                executor.scheduler.0,
                executor.scheduler.1,
                remote::show(executor.heartbeat)
            );
            runtime.block_on(cluster::executor(executor))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("uri-sql: {msg}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match parse_args(&args) {
        Ok(Command::Run(o)) => o,
        Ok(Command::Serve(process)) => return serve(process),
        Err(Failure::Usage(msg)) => {
            if msg.is_empty() {
                print!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            eprint!("uri-sql: {msg}\n\n{USAGE}");
            return ExitCode::from(2);
        }
        Err(_) => return ExitCode::from(2),
    };
    // `--threads N` also bounds the runtime's worker threads, so that
    // `--threads 1` is one thread of query work, not one partition polled
    // from several threads.
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    if let Some(n) = opts.threads {
        builder.worker_threads(n);
    }
    let runtime = match builder.enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("uri-sql: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let cluster = opts.cluster.clone();
    let result = runtime.block_on(async {
        match (
            run(opts).await,
            cluster.as_deref().and_then(remote::address),
        ) {
            // A failure on a cluster: a broken connection is told as such.
            (Err(Failure::Query(msg)), Some(addr)) => {
                Err(Failure::Query(remote::explain(msg, addr).await))
            }
            (r, _) => r,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(Failure::Query(msg) | Failure::Usage(msg)) => {
            eprintln!("uri-sql: {msg}");
            ExitCode::from(2)
        }
    }
}
