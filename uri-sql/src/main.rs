//! `uri-sql`: SQL over URIs, on Apache DataFusion with urikit's `uri_*`
//! functions registered.
//!
//! ```text
//! uri-sql run [--format table|csv|json] [--threads N] [--no-progress] QUERY
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
//! Exit status: 0 when the query ran, 2 for a usage error, a bad query or
//! an unreadable file (with the reason on standard error). A closed pipe
//! on standard output ends the program quietly with 0.

mod lines;
mod progress;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::error::ArrowError;
use datafusion::error::DataFusionError;
use datafusion::prelude::{SessionConfig, SessionContext};
use futures::StreamExt;

const USAGE: &str =
    "usage: uri-sql run [--format table|csv|json] [--threads N] [--no-progress] QUERY

Runs QUERY (SQL) with urikit's uri_* functions. Tables: lines('file.txt')
(one column, line), and CSV, Parquet or JSON files by path ('data.parquet').
A long query shows its progress on standard error when that is a terminal;
--no-progress (or --quiet) turns it off.
";

/// How rows are printed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Format {
    Table,
    Csv,
    Json,
}

/// The options of `run`.
struct Run {
    format: Format,
    threads: Option<usize>,
    progress: bool,
    query: String,
}

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
            e => Failure::Query(e.to_string()),
        }
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

fn parse_args(args: &[String]) -> Result<Run, Failure> {
    let mut it = args.iter();
    match it.next().map(String::as_str) {
        Some("run") => {}
        Some("-h" | "--help") => return Err(Failure::Usage(String::new())),
        Some(other) => return Err(Failure::Usage(format!("unknown command '{other}'"))),
        None => return Err(Failure::Usage("no command".into())),
    }
    let mut run = Run {
        format: Format::Table,
        threads: None,
        progress: true,
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
            "--format" => {
                run.format = match value("--format")?.as_str() {
                    "table" => Format::Table,
                    "csv" => Format::Csv,
                    "json" => Format::Json,
                    f => {
                        return Err(Failure::Usage(format!(
                            "unknown format '{f}' (table, csv or json)"
                        )))
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
                        )))
                    }
                }
            }
            "--no-progress" | "--quiet" => run.progress = false,
            s if s.starts_with("--") => {
                return Err(Failure::Usage(format!("unknown option '{s}'")))
            }
            q if query.is_none() => query = Some(q.to_owned()),
            _ => return Err(Failure::Usage("one QUERY only (quote it)".into())),
        }
    }
    run.query = query.ok_or_else(|| Failure::Usage("no QUERY".into()))?;
    Ok(run)
}

/// A session with everything registered.
fn context(threads: Option<usize>) -> SessionContext {
    let mut config = SessionConfig::new();
    if let Some(n) = threads {
        config = config.with_target_partitions(n);
    }
    let ctx = SessionContext::new_with_config(config).enable_url_table();
    urikit_datafusion::register(&ctx);
    ctx.register_udtf("lines", Arc::new(lines::Lines));
    ctx
}

async fn run(opts: Run) -> Result<(), Failure> {
    // Rows streamed onto the screen would be torn by a progress line, and
    // they show the progress themselves.
    let to_screen = opts.format != Format::Table && io::stdout().is_terminal();
    // Dropped on every way out of this function, which clears its line
    // before main prints an error.
    let mut progress = progress::Progress::start(opts.progress && !to_screen);
    let ctx = context(opts.threads);
    let df = ctx.sql(&opts.query).await?;
    let schema = Arc::new(df.schema().as_arrow().clone());
    let mut stream = df.execute_stream().await?;
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match parse_args(&args) {
        Ok(o) => o,
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
    match runtime.block_on(run(opts)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(Failure::Query(msg) | Failure::Usage(msg)) => {
            eprintln!("uri-sql: {msg}");
            ExitCode::from(2)
        }
    }
}
