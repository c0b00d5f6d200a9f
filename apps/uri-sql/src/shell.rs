//! Running SQL statements: from the command line, from standard input, or
//! at an interactive prompt; and printing their results.

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::sync::Arc;

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::datatypes::{DataType, Schema};
use datafusion::arrow::error::ArrowError;
use datafusion::error::DataFusionError;
use datafusion::execution::object_store::ObjectStoreUrl;
use datafusion::object_store::local::LocalFileSystem;
use datafusion::prelude::{SessionConfig, SessionContext};
use datafusion::sql::parser::{DFParser, Statement};
use futures::StreamExt;

use crate::{Format, RunArgs, jsonfix, lines, progress};

/// Why the program stops early.
pub enum Failure {
    /// Wrong arguments, or a format that cannot show a result (exit 2).
    Usage(String),
    /// A statement failed: a bad query, or data it cannot read as asked
    /// (exit 1).
    Query(String),
    /// A file, the output or the cluster could not be reached (exit 2).
    Io(String),
    /// Standard output was closed: stop quietly.
    BrokenPipe,
}

impl From<DataFusionError> for Failure {
    fn from(e: DataFusionError) -> Failure {
        match e {
            DataFusionError::IoError(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                Failure::BrokenPipe
            }
            DataFusionError::IoError(e) => Failure::Io(e.to_string()),
            DataFusionError::ObjectStore(e) => Failure::Io(e.to_string()),
            DataFusionError::ArrowError(e, _) => Failure::from(*e),
            #[cfg(feature = "cluster")]
            DataFusionError::External(e) if e.is::<crate::remote::Fault>() => {
                Failure::Io(e.to_string())
            }
            DataFusionError::Context(c, e) => match Failure::from(*e) {
                Failure::Query(m) => Failure::Query(format!("{c}: {m}")),
                Failure::Io(m) => Failure::Io(format!("{c}: {m}")),
                f => f,
            },
            e => {
                let msg = e.to_string();
                match missing_file(&msg) {
                    Some(m) => Failure::Io(m),
                    None => Failure::Query(msg),
                }
            }
        }
    }
}

/// DataFusion's answer for a table named by a path that does not exist,
/// "table 'datafusion.public./x.parquet' not found", said as it is: the
/// file is missing. None for any other message.
fn missing_file(msg: &str) -> Option<String> {
    let (_, rest) = msg.split_once("table '")?;
    let (name, _) = rest.split_once("' not found")?;
    let path = name.strip_prefix("datafusion.public.").unwrap_or(name);
    let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    let file_like = path.contains('/')
        || path.contains('\\')
        || matches!(
            extension.as_deref(),
            Some("parquet" | "csv" | "tsv" | "json" | "ndjson" | "avro" | "arrow" | "txt")
        );
    if !file_like || path.contains("://") {
        return None;
    }
    if !std::path::Path::new(path).exists() {
        return Some(format!(
            "no such file: {path} (a table named by its path, and there is no file there)"
        ));
    }
    if cfg!(not(feature = "parquet")) && extension.as_deref() == Some("parquet") {
        return Some(format!(
            "{path}: this uri-sql reads no Parquet (built without the `parquet` feature: \
             cargo install uri-sql --features parquet)"
        ));
    }
    None
}

impl From<ArrowError> for Failure {
    fn from(e: ArrowError) -> Failure {
        match e {
            ArrowError::IoError(_, e) if e.kind() == io::ErrorKind::BrokenPipe => {
                Failure::BrokenPipe
            }
            ArrowError::IoError(m, _) => Failure::Io(m),
            e => Failure::Query(e.to_string()),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Io(format!("writing the output: {e}"))
        }
    }
}

/// A session and the runtime its statements run on.
struct Shell {
    runtime: tokio::runtime::Runtime,
    ctx: SessionContext,
    opts: RunArgs,
    /// The cluster's scheduler and its live executors when the session
    /// started.
    #[cfg(feature = "cluster")]
    live: Option<(String, usize)>,
}

/// How long a query waits for a live executor unless `--wait` says.
#[cfg(feature = "cluster")]
const WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A session in this process, with urikit's functions.
fn local(config: SessionConfig) -> SessionContext {
    let ctx = SessionContext::new_with_config(config).enable_url_table();
    urikit_datafusion::register(&ctx);
    urikit_datafusion::spark::register(&ctx);
    // Local JSON files are read around arrow-json's surrogate-pair bug
    // (src/jsonfix.rs).
    let url = ObjectStoreUrl::local_filesystem();
    let store = jsonfix::JsonFix::new(Arc::new(LocalFileSystem::new()));
    ctx.register_object_store(url.as_ref(), Arc::new(store));
    ctx
}

/// A session with everything registered: in this process, or a client of
/// the cluster at `cluster`.
async fn context(opts: &RunArgs) -> Result<SessionContext, Failure> {
    // information_schema: `SHOW FUNCTIONS` and `information_schema.routines`
    // describe the functions (their documentation is urikit-arrow's table).
    let mut config = SessionConfig::new().with_information_schema(true);
    if let Some(n) = opts.threads {
        config = config.with_target_partitions(n);
    }
    #[cfg(feature = "cluster")]
    let ctx = match opts.cluster.as_deref() {
        Some(url) => crate::cluster::client(url, config, opts.threads)
            .await
            .map_err(|e| Failure::Io(format!("cannot use the cluster at {url}: {e}")))?,
        None => local(config),
    };
    #[cfg(not(feature = "cluster"))]
    let ctx = local(config);
    if opts.no_ansi {
        ctx.state_ref()
            .write()
            .config_mut()
            .options_mut()
            .execution
            .enable_ansi_mode = false;
    }
    #[cfg(feature = "cluster")]
    let on_cluster = opts.cluster.is_some();
    #[cfg(not(feature = "cluster"))]
    let on_cluster = false;
    let lines: Arc<dyn datafusion::catalog::TableFunctionImpl> = if on_cluster {
        Arc::new(lines::NotOnCluster)
    } else {
        Arc::new(lines::Lines)
    };
    ctx.register_udtf("lines", lines);
    Ok(ctx)
}

impl Shell {
    fn start(opts: &RunArgs) -> Result<Shell, Failure> {
        // `--threads N` also bounds the runtime's worker threads, so that
        // `--threads 1` is one thread of query work, not one partition
        // polled from several threads.
        let mut builder = tokio::runtime::Builder::new_multi_thread();
        if let Some(n) = opts.threads {
            builder.worker_threads(n);
        }
        let runtime = builder
            .enable_all()
            .build()
            .map_err(|e| Failure::Io(format!("cannot start the runtime: {e}")))?;
        // A cluster must answer and have a live executor before a query goes.
        #[cfg(feature = "cluster")]
        let live = match opts.cluster.as_deref().and_then(crate::remote::address) {
            Some(addr) => {
                let wait = opts.wait.unwrap_or(WAIT);
                let n = runtime
                    .block_on(crate::remote::wait_for_executor(addr, wait))
                    .map_err(Failure::Io)?;
                Some((addr.to_owned(), n))
            }
            None => None,
        };
        let ctx = runtime.block_on(context(opts))?;
        Ok(Shell {
            runtime,
            ctx,
            opts: opts.clone(),
            #[cfg(feature = "cluster")]
            live,
        })
    }

    /// The statements of `sql`, in order.
    fn parse(&self, sql: &str) -> Result<Vec<Statement>, Failure> {
        DFParser::parse_sql(sql)
            .map(Vec::from)
            .map_err(|e| Failure::Query(e.to_string()))
    }

    /// Runs one statement, printing its rows (if it has columns).
    fn execute(&self, statement: Statement) -> Result<(), Failure> {
        let result = self.runtime.block_on(self.execute_async(statement));
        #[cfg(feature = "cluster")]
        if let (Err(Failure::Query(msg)), Some((addr, _))) = (&result, &self.live) {
            // A failure on a cluster: a broken connection is told as such.
            let told = self
                .runtime
                .block_on(crate::remote::explain(msg.clone(), addr));
            return Err(if told.contains(addr.as_str()) {
                Failure::Io(told)
            } else {
                Failure::Query(told)
            });
        }
        result
    }

    async fn execute_async(&self, statement: Statement) -> Result<(), Failure> {
        let opts = &self.opts;
        // Rows streamed onto the screen would be torn by a progress line,
        // and they show the progress themselves.
        let to_screen = opts.format != Format::Table && io::stdout().is_terminal();
        // Dropped on every way out of this function, which clears its line
        // before main prints an error.
        let mut progress = progress::Progress::start(!opts.no_progress && !to_screen);
        let plan = self.ctx.state().statement_to_plan(statement).await?;
        let df = self.ctx.execute_logical_plan(plan).await?;
        let schema = Arc::new(df.schema().as_arrow().clone());
        if opts.format == Format::Csv {
            csv_columns(&schema)?;
        }
        #[cfg(feature = "cluster")]
        let mut stream = match &self.live {
            Some((addr, live)) => {
                let plan = df.create_physical_plan().await?;
                let stream = datafusion::physical_plan::execute_stream(
                    Arc::clone(&plan),
                    self.ctx.task_ctx(),
                )?;
                crate::remote::watch(stream, plan, addr, opts.wait.unwrap_or(WAIT), *live)
            }
            None => df.execute_stream().await?,
        };
        #[cfg(not(feature = "cluster"))]
        let mut stream = df.execute_stream().await?;
        // SET, CREATE and the like: nothing to print.
        let quiet = schema.fields().is_empty();
        let stdout = io::stdout().lock();
        let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
        match opts.format {
            _ if quiet => {
                while let Some(b) = stream.next().await {
                    b?;
                }
            }
            Format::Table => {
                // An aligned table needs every row's width: it is for
                // results small enough to read.
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
                // The CSV writer turns an I/O error into text
                // (ArrowError::CsvError), so a closed standard output is
                // noticed here, where it happens.
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

    /// Runs the statements of `sql` in order, stopping at the first that
    /// fails (named by its number when there are several).
    fn run_all(&self, sql: &str) -> Result<(), Failure> {
        let statements = self.parse(sql)?;
        let many = statements.len() > 1;
        for (i, s) in statements.into_iter().enumerate() {
            self.execute(s).map_err(|f| match f {
                Failure::Query(m) if many => Failure::Query(format!("statement {}: {m}", i + 1)),
                Failure::Io(m) if many => Failure::Io(format!("statement {}: {m}", i + 1)),
                f => f,
            })?;
        }
        Ok(())
    }
}

/// `--format csv` writes flat columns only: a struct, list or map column
/// is refused before anything is written, naming the column. (Flattening a
/// struct into dotted columns would still leave lists and maps, and the
/// JSON format prints all three as they are.)
fn csv_columns(schema: &Schema) -> Result<(), Failure> {
    for f in schema.fields() {
        let kind = match f.data_type() {
            DataType::Struct(_) => "a struct",
            DataType::Map(..) => "a map",
            DataType::Union(..) => "a union",
            t if t.is_nested() => "a list",
            _ => continue,
        };
        let name = f.name();
        return Err(Failure::Usage(format!(
            "--format csv: column '{name}' is {kind} ({}), which CSV cannot hold: select \
             its parts (as {name}['host'] or {name}[1]), or use --format json",
            f.data_type()
        )));
    }
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

/// The statements of QUERY.
pub fn one(opts: &RunArgs, sql: &str) -> Result<(), Failure> {
    Shell::start(opts)?.run_all(sql)
}

/// The statements read from `input` to its end (a script): they are
/// parsed together, then run in order until one fails.
pub fn script(opts: &RunArgs, mut input: impl Read) -> Result<(), Failure> {
    let mut sql = String::new();
    input
        .read_to_string(&mut sql)
        .map_err(|e| Failure::Io(format!("reading standard input: {e}")))?;
    if sql.trim().is_empty() {
        return Ok(());
    }
    Shell::start(opts)?.run_all(&sql)
}

/// Whether `buffer` holds a whole statement: it ends with `;` outside a
/// quoted string or identifier and outside a comment.
fn complete(buffer: &str) -> bool {
    let mut quote: Option<char> = None;
    let mut last = None;
    let mut chars = buffer.chars().peekable();
    while let Some(c) = chars.next() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                '\'' | '"' => quote = Some(c),
                '-' if chars.peek() == Some(&'-') => {
                    // A comment to the end of the line.
                    for c in chars.by_ref() {
                        if c == '\n' {
                            break;
                        }
                    }
                    continue;
                }
                c if c.is_whitespace() => continue,
                _ => {}
            },
        }
        last = Some((c, quote.is_none()));
    }
    last == Some((';', true))
}

/// The prompt: statements read from the terminal a line at a time, run
/// when one ends with `;`; an error is shown and the prompt goes on.
/// `\q`, `quit`, `exit` or the end of input (Ctrl-D) ends it.
pub fn interactive(opts: &RunArgs) -> Result<(), Failure> {
    let shell = Shell::start(opts)?;
    let version = env!("CARGO_PKG_VERSION");
    eprintln!("uri-sql {version}: statements end with ';'. \\q to quit.");
    let stdin = io::stdin();
    let mut buffer = String::new();
    loop {
        eprint!(
            "{}",
            if buffer.is_empty() {
                "uri-sql> "
            } else {
                "     ..> "
            }
        );
        let _ = io::stderr().flush();
        let mut line = String::new();
        match stdin.lock().read_line(&mut line) {
            Ok(0) => {
                eprintln!();
                return Ok(());
            }
            Ok(_) => {}
            Err(e) => return Err(Failure::Io(format!("reading standard input: {e}"))),
        }
        if buffer.is_empty() && matches!(line.trim().trim_end_matches(';'), "\\q" | "quit" | "exit")
        {
            return Ok(());
        }
        if buffer.is_empty() && line.trim().is_empty() {
            continue;
        }
        buffer.push_str(&line);
        if !complete(&buffer) {
            continue;
        }
        let sql = std::mem::take(&mut buffer);
        match shell.run_all(&sql) {
            Ok(()) => {}
            Err(Failure::BrokenPipe) => return Err(Failure::BrokenPipe),
            Err(Failure::Query(m) | Failure::Io(m) | Failure::Usage(m)) => {
                eprintln!("uri-sql: {m}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::complete;

    #[test]
    fn a_statement_is_complete_at_a_semicolon_outside_quotes_and_comments() {
        assert!(complete("SELECT 1;"));
        assert!(complete("SELECT 1;  \n"));
        assert!(complete("SELECT 'a;b';"));
        assert!(!complete("SELECT 'a;"));
        assert!(!complete("SELECT 1"));
        assert!(!complete("SELECT 1 -- done;\n"));
        assert!(complete("SELECT 1; -- done\n"));
        assert!(!complete("SELECT \"a;\n"));
    }
}
