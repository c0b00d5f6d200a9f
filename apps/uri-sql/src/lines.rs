//! The `lines('path')` table function: a text file as a table of one
//! column, `line`, read in batches as the query pulls them (constant
//! memory, whatever the file's size).

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::sync::Arc;

use datafusion::arrow::array::builder::make_view;
use datafusion::arrow::array::{RecordBatch, StringViewArray, StringViewBuilder};
use datafusion::arrow::buffer::{Buffer, ScalarBuffer};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::catalog::streaming::StreamingTable;
use datafusion::catalog::{TableFunctionArgs, TableFunctionImpl, TableProvider};
use datafusion::common::{DataFusionError, Result, ScalarValue, plan_err};
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
            [
                Expr::Literal(
                    ScalarValue::Utf8(Some(p))
                    | ScalarValue::Utf8View(Some(p))
                    | ScalarValue::LargeUtf8(Some(p)),
                    _,
                ),
            ] => p.clone(),
            _ => {
                return plan_err!(
                    "lines() takes one argument, the path of a text file: lines('urls.txt')"
                );
            }
        };
        // Fail at planning, with the path, rather than in the middle of a
        // query.
        if let Err(e) = File::open(&path) {
            // An I/O error (exit 2), not a bad query.
            return Err(DataFusionError::IoError(std::io::Error::new(
                e.kind(),
                format!("lines('{path}'): {e}"),
            )));
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
///
/// The batch's bytes are copied once, in runs of whole lines straight out
/// of the reader's buffer, into one block that the views point into; the
/// block is checked as UTF-8 once, by Arrow, when the array is made. (A
/// copy and a lossy conversion per line cost about 800 instructions a row,
/// more than parsing the URI on it.) A batch with a byte that is not UTF-8
/// is made again the slow way, a line at a time.
fn next_batch(r: &mut impl BufRead, schema: &SchemaRef) -> std::io::Result<Option<RecordBatch>> {
    // Room for lines of 64 bytes, so that a typical batch of URLs is one
    // allocation and no regrowth (each would copy the block again).
    let mut data: Vec<u8> = Vec::with_capacity(BATCH * 64);
    // Each line as (start, end) in `data`, line end excluded.
    let mut spans: Vec<(usize, usize)> = Vec::with_capacity(BATCH);
    let mut start = 0;
    while spans.len() < BATCH {
        let avail = r.fill_buf()?;
        if avail.is_empty() {
            // The end of the file: a last line without a line end.
            if data.len() > start {
                spans.push((start, data.len()));
            }
            break;
        }
        // Whole lines up to the batch's size, or all there is.
        let mut take = avail.len();
        for nl in memchr::memchr_iter(b'\n', avail) {
            spans.push((start, data.len() + nl));
            start = data.len() + nl + 1;
            if spans.len() == BATCH {
                take = nl + 1;
                break;
            }
        }
        data.extend_from_slice(&avail[..take]);
        r.consume(take);
    }
    if spans.is_empty() {
        return Ok(None);
    }
    let bytes = data.len();
    for (s, e) in spans.iter_mut() {
        if *e > *s && data[*e - 1] == b'\r' {
            *e -= 1;
        }
    }
    crate::progress::add_input(spans.len() as u64, bytes as u64);
    let column = match views_into(data, &spans) {
        Ok(a) => a,
        Err(data) => lossy(&data, &spans),
    };
    RecordBatch::try_new(Arc::clone(schema), vec![Arc::new(column)])
        .map(Some)
        .map_err(std::io::Error::other)
}

/// The lines as views into `data`, or `data` back if it is not UTF-8 (or
/// too large for a view's 32-bit offsets).
fn views_into(data: Vec<u8>, spans: &[(usize, usize)]) -> Result<StringViewArray, Vec<u8>> {
    if data.len() > u32::MAX as usize {
        return Err(data);
    }
    let views: Vec<u128> = spans
        .iter()
        .map(|&(s, e)| make_view(&data[s..e], 0, s as u32))
        .collect();
    let buffer = Buffer::from_vec(data);
    match StringViewArray::try_new(ScalarBuffer::from(views), vec![buffer.clone()], None) {
        Ok(a) => Ok(a),
        // Not UTF-8 somewhere: the bytes back, for the slow way (the array
        // was not made, so the buffer is ours alone again).
        Err(_) => Err(buffer.into_vec().unwrap_or_else(|b| b.to_vec())),
    }
}

/// The lines a line at a time, each converted with U+FFFD for what is not
/// UTF-8.
fn lossy(data: &[u8], spans: &[(usize, usize)]) -> StringViewArray {
    let mut b = StringViewBuilder::with_capacity(spans.len());
    for &(s, e) in spans {
        b.append_value(String::from_utf8_lossy(&data[s..e]));
    }
    b.finish()
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// Every batch of the file `text`, read through a buffer of `cap`
    /// bytes, as the strings of the rows.
    fn read(text: &[u8], cap: usize) -> Vec<Vec<String>> {
        let mut r = BufReader::with_capacity(cap, Cursor::new(text.to_vec()));
        let mut out = Vec::new();
        while let Some(b) = next_batch(&mut r, &schema()).unwrap() {
            let a = b
                .column(0)
                .as_any()
                .downcast_ref::<StringViewArray>()
                .unwrap();
            out.push(a.iter().map(|v| v.unwrap().to_string()).collect());
        }
        out
    }

    #[test]
    fn line_ends_last_lines_and_buffer_edges() {
        let text = b"http://a/b\r\n\nshort\nan-exactly-13\r\n\r\nlast without end";
        let want = [
            "http://a/b",
            "",
            "short",
            "an-exactly-13",
            "",
            "last without end",
        ];
        // Buffers small enough that lines cross refills, and large.
        for cap in [1, 2, 3, 5, 7, 16, 1 << 20] {
            assert_eq!(
                read(text, cap),
                [want.map(String::from).to_vec()],
                "cap {cap}"
            );
        }
        assert!(read(b"", 4).is_empty());
        assert_eq!(read(b"\n", 4), [vec![String::new()]]);
        assert_eq!(read(b"a\n", 4), [vec!["a".to_string()]]);
    }

    #[test]
    fn bytes_that_are_not_utf8_become_replacement_characters() {
        let text = b"ok\nbad \xff here\nalso ok, and longer than twelve\n";
        let want = ["ok", "bad \u{fffd} here", "also ok, and longer than twelve"];
        for cap in [3, 1 << 20] {
            assert_eq!(read(text, cap), [want.map(String::from).to_vec()]);
        }
    }

    #[test]
    fn batches_of_the_default_size() {
        let text: String = (0..BATCH * 2 + 5)
            .map(|k| format!("http://h{k}/p\n"))
            .collect();
        let batches = read(text.as_bytes(), 1000);
        let sizes: Vec<usize> = batches.iter().map(Vec::len).collect();
        assert_eq!(sizes, [BATCH, BATCH, 5]);
        assert_eq!(batches[1][0], format!("http://h{BATCH}/p"));
        assert_eq!(batches[2][4], format!("http://h{}/p", BATCH * 2 + 4));
    }
}
