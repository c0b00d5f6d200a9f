//! `uri-sql`: SQL over URIs, on Apache DataFusion with urikit's `uri_*`
//! functions registered.
//!
//! ```text
//! uri-sql [run] [--format table|csv|json] [--threads N] [--no-progress]
//!               [--no-ansi] [--cluster df://HOST:PORT [--wait DURATION]] [QUERY | -]
//! uri-sql scheduler --bind HOST:PORT [--advertise HOST] [--executor-timeout DURATION]
//! uri-sql executor --scheduler HOST:PORT --bind HOST:PORT [--grpc-port PORT]
//!                  [--slots N] [--advertise HOST] [--work-dir DIR] [--heartbeat DURATION]
//! ```
//!
//! - QUERY is one or more SQL statements, `;` between them (`SET` changes
//!   the session for the statements after it). `-`, or no QUERY with
//!   standard input not a terminal, reads the statements from standard
//!   input; no QUERY on a terminal starts an interactive prompt.
//! - `lines('path')` is a table of one column, `line`, one row per line of
//!   a text file, read as the query runs (constant memory).
//! - CSV, JSON (lines) and, with the `parquet` feature, Parquet files are
//!   tables by their path: `SELECT * FROM 'links.csv'`.
//! - `--format json` prints JSON Lines, one object per row, SQL NULL as
//!   `null`; `csv` prints a header line and RFC 4180 records (and refuses a
//!   nested column before writing anything); `table` (the default) an
//!   aligned text table.
//! - `--threads N` sets DataFusion's target partitions and the number of
//!   the runtime's worker threads.
//! - On a terminal, a query that runs longer than a second shows its
//!   progress on standard error; `--no-progress` (or `--quiet`) turns that
//!   off.
//! - `--no-ansi`: Spark's functions outside Spark's ANSI mode (NULL for an
//!   invalid URL), as `SET datafusion.execution.enable_ansi_mode = false`.
//! - With the `cluster` feature, `--cluster df://HOST:PORT` sends the query
//!   to a Ballista cluster of `uri-sql scheduler` and `uri-sql executor`
//!   processes: docs/cluster.md.
//!
//! Exit status: 0 when every statement ran, 1 when a statement failed (a
//! bad query, or data it cannot read as asked), 2 for a usage error or an
//! I/O error (a missing file, a cluster that cannot be reached). A closed
//! pipe on standard output ends the program quietly with 0.

#[cfg(feature = "cluster")]
mod cluster;
mod jsonfix;
mod lines;
mod progress;
#[cfg(feature = "cluster")]
mod remote;
#[cfg(feature = "cluster")]
mod serve;
mod shell;

use std::io::{self, IsTerminal};
#[cfg(feature = "cluster")]
use std::net::{SocketAddr, ToSocketAddrs};
use std::process::ExitCode;
#[cfg(feature = "cluster")]
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use shell::Failure;

#[derive(Parser, Debug)]
#[command(
    name = "uri-sql",
    version,
    propagate_version = true,
    about = "SQL over URIs: DataFusion with urikit's uri_* functions",
    args_conflicts_with_subcommands = true,
    after_help = "Without a command, uri-sql runs QUERY as `run` does.\n\
Exit status: 0 ok, 1 a statement failed, 2 usage or I/O error."
)]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Run SQL statements (QUERY, standard input, or an interactive prompt).
    Run(RunArgs),
    /// A Ballista scheduler with urikit's functions.
    #[cfg(feature = "cluster")]
    Scheduler(SchedulerArgs),
    /// A Ballista executor with urikit's functions.
    #[cfg(feature = "cluster")]
    Executor(ExecutorArgs),
}

/// How rows are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// An aligned text table.
    Table,
    /// A header line and RFC 4180 records (no nested columns).
    Csv,
    /// JSON Lines, one object per row, NULL as null.
    Json,
}

#[derive(Args, Debug, Clone)]
#[command(
    after_help = "Tables: lines('file.txt') (one column, line), and CSV, JSON or \
(with the parquet feature) Parquet files by path ('data.csv').\n\
Exit status: 0 ok, 1 a statement failed, 2 usage or I/O error."
)]
pub struct RunArgs {
    /// How rows are printed.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// DataFusion's partitions and the runtime's worker threads.
    #[arg(long, value_name = "N", value_parser = positive)]
    pub threads: Option<usize>,
    /// No progress line on standard error.
    #[arg(long, visible_alias = "quiet")]
    pub no_progress: bool,
    /// Spark's functions outside Spark's ANSI mode (parse_url gives NULL
    /// for an invalid URL), as `SET datafusion.execution.enable_ansi_mode = false`.
    #[arg(long)]
    pub no_ansi: bool,
    /// Send the query to the scheduler of a cluster.
    #[cfg(feature = "cluster")]
    #[arg(long, value_name = "df://HOST:PORT", value_parser = cluster_url)]
    pub cluster: Option<String>,
    /// How long a query on a cluster waits for a live executor (default 30s).
    #[cfg(feature = "cluster")]
    #[arg(long, value_name = "DURATION", requires = "cluster", value_parser = any_duration)]
    pub wait: Option<Duration>,
    /// SQL statements, `;` between them; `-` (or none, with standard input
    /// not a terminal) reads them from standard input; none on a terminal
    /// starts a prompt.
    #[arg(value_name = "QUERY")]
    pub query: Option<String>,
}

fn positive(v: &str) -> Result<usize, String> {
    v.parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| "takes a positive number".into())
}

#[cfg(feature = "cluster")]
fn cluster_url(v: &str) -> Result<String, String> {
    remote::address(v)
        .map(|_| v.to_owned())
        .ok_or_else(|| "takes df://HOST:PORT".into())
}

/// A duration (`30s`, `500ms`, `5m`), at least `min`.
#[cfg(feature = "cluster")]
fn duration_at_least(v: &str, min: Duration) -> Result<Duration, String> {
    remote::parse_duration(v)
        .filter(|d| *d >= min)
        .ok_or_else(|| {
            format!(
                "takes a duration of at least {} (30s, 500ms, 5m)",
                remote::show(min)
            )
        })
}

#[cfg(feature = "cluster")]
fn any_duration(v: &str) -> Result<Duration, String> {
    duration_at_least(v, Duration::ZERO)
}

#[cfg(feature = "cluster")]
fn socket_addr(v: &str) -> Result<SocketAddr, String> {
    v.to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| "takes HOST:PORT".into())
}

#[cfg(feature = "cluster")]
fn host_port(v: &str) -> Result<(String, u16), String> {
    v.rsplit_once(':')
        .and_then(|(h, p)| Some((h, p.parse::<u16>().ok()?)))
        .filter(|(h, _)| !h.is_empty())
        .map(|(h, p)| {
            (
                h.trim_start_matches('[').trim_end_matches(']').to_owned(),
                p,
            )
        })
        .ok_or_else(|| "takes HOST:PORT".into())
}

#[cfg(feature = "cluster")]
fn nonzero_port(v: &str) -> Result<u16, String> {
    v.parse::<u16>()
        .ok()
        .filter(|&p| p > 0)
        .ok_or_else(|| "takes a port number".into())
}

/// `uri-sql scheduler`.
#[cfg(feature = "cluster")]
#[derive(Args, Debug)]
#[command(
    after_help = "Port 0 picks a free port; the address bound is printed on standard output."
)]
pub struct SchedulerArgs {
    /// The gRPC service clients and executors talk to.
    #[arg(long, value_name = "HOST:PORT", value_parser = socket_addr)]
    pub bind: SocketAddr,
    /// The host name other machines reach it by.
    #[arg(long, value_name = "HOST")]
    pub advertise: Option<String>,
    /// Silence after which an executor is taken as dead (default 10s).
    #[arg(long, value_name = "DURATION", value_parser = |v: &str| duration_at_least(v, Duration::from_secs(2)))]
    pub executor_timeout: Option<Duration>,
    /// For tests and supervisors: end when standard input closes.
    #[arg(long, hide = true)]
    pub exit_when_stdin_closes: bool,
}

/// `uri-sql executor`.
#[cfg(feature = "cluster")]
#[derive(Args, Debug)]
#[command(
    after_help = "Port 0 for --bind (and --grpc-port) picks free ports; the Flight \
address bound is printed on standard output.\nDURATION: 500ms, 30s, 5m, 1h."
)]
pub struct ExecutorArgs {
    /// The scheduler.
    #[arg(long, value_name = "HOST:PORT", value_parser = host_port)]
    pub scheduler: (String, u16),
    /// The Arrow Flight service (shuffle data); port 0 picks a free port.
    #[arg(long, value_name = "HOST:PORT", value_parser = socket_addr)]
    pub bind: SocketAddr,
    /// The control service the scheduler talks to (default: the --bind port + 1).
    #[arg(long, value_name = "PORT", value_parser = nonzero_port)]
    pub grpc_port: Option<u16>,
    /// Tasks run at once (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = positive)]
    pub slots: Option<usize>,
    /// The host name other machines reach it by.
    #[arg(long, value_name = "HOST")]
    pub advertise: Option<String>,
    /// Where shuffle files go (default: a fresh temporary folder).
    #[arg(long, value_name = "DIR")]
    pub work_dir: Option<String>,
    /// How often it tells the scheduler it is alive (default 2s).
    #[arg(long, value_name = "DURATION", value_parser = |v: &str| duration_at_least(v, Duration::from_secs(1)))]
    pub heartbeat: Option<Duration>,
    /// For tests and supervisors: end when standard input closes.
    #[arg(long, hide = true)]
    pub exit_when_stdin_closes: bool,
}

/// A usage error as one line (clap's message, with the lines that
/// complete it: the missing arguments, the accepted values) and a hint,
/// not the usage.
fn usage_error(e: &clap::Error) {
    let text = e.render().to_string();
    let message: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    let hint = text
        .lines()
        .rfind(|l| l.contains("--help"))
        .unwrap_or("For more information, try '--help'.");
    eprintln!("uri-sql: {message}\n{}", hint.trim());
}

/// Without the `cluster` feature there are no cluster commands: said as
/// such, rather than reading the word as a query.
fn no_cluster_command() -> Option<ExitCode> {
    let first = std::env::args().nth(1)?;
    if cfg!(feature = "cluster") || !matches!(first.as_str(), "scheduler" | "executor") {
        return None;
    }
    eprintln!(
        "uri-sql: {first}: this uri-sql has no cluster (built without the `cluster` feature: \
         cargo install uri-sql --features cluster)"
    );
    Some(ExitCode::from(2))
}

fn main() -> ExitCode {
    if let Some(code) = no_cluster_command() {
        return code;
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            usage_error(&e);
            return ExitCode::from(2);
        }
        // --help and --version are not errors.
        Err(e) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    let run = match cli.cmd {
        Some(Cmd::Run(run)) => run,
        None => cli.run,
        #[cfg(feature = "cluster")]
        Some(Cmd::Scheduler(a)) => return serve::scheduler(a),
        #[cfg(feature = "cluster")]
        Some(Cmd::Executor(a)) => return serve::executor(a),
    };
    let result = match run.query.as_deref() {
        Some("-") => shell::script(&run, io::stdin().lock()),
        Some(q) => shell::one(&run, q),
        None if io::stdin().is_terminal() => shell::interactive(&run),
        None => shell::script(&run, io::stdin().lock()),
    };
    match result {
        Ok(()) | Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(Failure::Query(msg)) => {
            eprintln!("uri-sql: {msg}");
            ExitCode::from(1)
        }
        Err(Failure::Io(msg) | Failure::Usage(msg)) => {
            eprintln!("uri-sql: {msg}");
            ExitCode::from(2)
        }
    }
}
