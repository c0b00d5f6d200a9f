//! The `lines('path')` table function: a text file as a table of one
//! column, `line`, read in batches as the query pulls them (constant
//! memory, whatever the file's size).

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::sync::Arc;

use datafusion::arrow::array::{RecordBatch, StringViewBuilder};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::catalog::streaming::StreamingTable;
use datafusion::catalog::{TableFunctionArgs, TableFunctionImpl, TableProvider};
use datafusion::common::{plan_err, DataFusionError, Result, ScalarValue};
use datafusion::execution::{SendableRecordBatchStream, TaskContext};
use datafusion::logical_expr::Expr;
use datafusion::physical_plan::stream::RecordBatchStreamAdapter;
use datafusion::physical_plan::streaming::PartitionStream;

/// Rows per batch: DataFusion's default batch size.
const BATCH: usize = 8192;

/// The table function.
#[derive(Debug)]
pub struct Lines;

fn schema() -> SchemaRef {
    Arc::new(Schema::new(vec![Field::new(
        "line",
        DataType::Utf8View,
        false,
    )]))
}

impl TableFunctionImpl for Lines {
    fn call_with_args(&self, args: TableFunctionArgs) -> Result<Arc<dyn TableProvider>> {
        let path = match args.exprs() {
            [Expr::Literal(
                ScalarValue::Utf8(Some(p))
                | ScalarValue::Utf8View(Some(p))
                | ScalarValue::LargeUtf8(Some(p)),
                _,
            )] => p.clone(),
            _ => {
                return plan_err!(
                    "lines() takes one argument, the path of a text file: lines('urls.txt')"
                )
            }
        };
        // Fail at planning, with the path, rather than in the middle of a
        // query.
        if let Err(e) = File::open(&path) {
            return plan_err!("lines('{path}'): {e}");
        }
        let part = LinesPartition {
            path,
            schema: schema(),
        };
        Ok(Arc::new(StreamingTable::try_new(
            schema(),
            vec![Arc::new(part)],
        )?))
    }
}

/// The one partition of a `lines()` table: the file, read from the start.
#[derive(Debug)]
struct LinesPartition {
    path: String,
    schema: SchemaRef,
}

impl PartitionStream for LinesPartition {
    fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    fn execute(&self, _ctx: Arc<TaskContext>) -> SendableRecordBatchStream {
        let schema = Arc::clone(&self.schema);
        let path = self.path.clone();
        let mut reader: Option<BufReader<File>> = None;
        let mut failed = false;
        let batches = futures::stream::iter(std::iter::from_fn(move || {
            if failed {
                return None;
            }
            if reader.is_none() {
                match File::open(&path) {
                    Ok(f) => reader = Some(BufReader::with_capacity(1 << 20, f)),
                    Err(e) => {
                        failed = true;
                        return Some(Err(DataFusionError::Execution(format!(
                            "lines('{path}'): {e}"
                        ))));
                    }
                }
            }
            let r = reader.as_mut()?;
            match next_batch(r, &schema) {
                Ok(Some(b)) => Some(Ok(b)),
                Ok(None) => None,
                Err(e) => {
                    failed = true;
                    Some(Err(DataFusionError::Execution(format!(
                        "lines('{path}'): {e}"
                    ))))
                }
            }
        }));
        Box::pin(RecordBatchStreamAdapter::new(
            Arc::clone(&self.schema),
            batches,
        ))
    }
}

/// The next batch of lines, without their line ends (LF or CRLF); bytes
/// that are not UTF-8 become U+FFFD. `None` at the end of the file.
fn next_batch(r: &mut impl BufRead, schema: &SchemaRef) -> std::io::Result<Option<RecordBatch>> {
    let mut b = StringViewBuilder::with_capacity(BATCH);
    let mut buf = Vec::new();
    let mut n = 0;
    let mut bytes = 0;
    while n < BATCH {
        buf.clear();
        let read = r.read_until(b'\n', &mut buf)?;
        if read == 0 {
            break;
        }
        bytes += read;
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        b.append_value(String::from_utf8_lossy(&buf));
        n += 1;
    }
    if n == 0 {
        return Ok(None);
    }
    crate::progress::add_input(n as u64, bytes as u64);
    RecordBatch::try_new(Arc::clone(schema), vec![Arc::new(b.finish())])
        .map(Some)
        .map_err(std::io::Error::other)
}

/// `lines()` in a session on a cluster: a clear error instead of a plan
/// the executors cannot run (the file is on the client's machine, and the
/// table has no serialized form).
#[derive(Debug)]
pub struct NotOnCluster;

impl TableFunctionImpl for NotOnCluster {
    fn call_with_args(&self, _: TableFunctionArgs) -> Result<Arc<dyn TableProvider>> {
        plan_err!(
            "lines() reads a file on this machine and does not run on a cluster: \
             query a Parquet or CSV file by path, which every executor reads"
        )
    }
}
