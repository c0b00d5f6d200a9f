//! The client's side of a query on a cluster (`run --cluster`): what it
//! does when the cluster is not all there.
//!
//! - Before the query: the scheduler must answer, and have a live executor.
//!   With none, the client waits up to `--wait` for one to register, then
//!   fails saying so.
//! - During the query: every half second the client asks the scheduler
//!   how many executors are live (the scheduler's `/readyz` page, which
//!   counts the executors heard from within its `--executor-timeout`).
//!   Fewer than before: an executor was lost, and its tasks run again on the
//!   others, which the progress line says. None: the query waits up to
//!   `--wait` for one to come back, then is cancelled and fails.
//! - A failure that comes from a lost connection is told as such: the
//!   scheduler's address, and whether it went away.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use ballista_core::execution_plans::DistributedQueryExec;
use ballista_core::serde::protobuf::CancelJobParams;
use ballista_core::serde::protobuf::scheduler_grpc_client::SchedulerGrpcClient;
use ballista_core::utils::{GrpcClientConfig, create_grpc_client_connection};
use datafusion::arrow::array::RecordBatch;
use datafusion::error::DataFusionError;
use datafusion::physical_plan::stream::RecordBatchStreamAdapter;
use datafusion::physical_plan::{ExecutionPlan, SendableRecordBatchStream};
use datafusion_proto::protobuf::LogicalPlanNode;
use futures::{FutureExt, Stream, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::oneshot;

use crate::progress;

/// How long one question to the scheduler may take.
const ASK_LIMIT: Duration = Duration::from_secs(5);

/// How often the client asks how many executors are live.
const TICK: Duration = Duration::from_millis(500);

/// Questions in a row the scheduler may leave unanswered during a query
/// before the client takes it as gone.
const MISSED: u32 = 3;

/// A failure the client found itself, its message final: no prefix added.
#[derive(Debug)]
pub struct Fault(pub String);

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Fault {}

/// `HOST:PORT` of `df://HOST:PORT`.
pub fn address(url: &str) -> Option<&str> {
    let a = url.strip_prefix("df://")?.trim_end_matches('/');
    let (host, port) = a.rsplit_once(':')?;
    (!host.is_empty() && port.parse::<u16>().is_ok()).then_some(a)
}

/// `30`, `30s`, `500ms`, `5m`, `1h`: seconds, or a number and a unit.
pub fn parse_duration(v: &str) -> Option<Duration> {
    let split = v
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(v.len());
    let (number, unit) = v.split_at(split);
    let scale = match unit.trim() {
        "" | "s" => 1.0,
        "ms" => 0.001,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return None,
    };
    number
        .parse::<f64>()
        .ok()
        .map(|n| n * scale)
        .filter(|s| s.is_finite() && *s < 1e9)
        .map(Duration::from_secs_f64)
}

/// A duration as people write it: `30 s`, `1.5 s`, `2 min`.
pub fn show(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 120.0 && d.as_secs().is_multiple_of(60) {
        format!("{} min", d.as_secs() / 60)
    } else if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{s:.1} s")
    }
}

/// What went wrong asking, in words.
fn reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::ConnectionRefused => "connection refused".into(),
        std::io::ErrorKind::ConnectionReset => "connection reset".into(),
        std::io::ErrorKind::TimedOut => format!("no answer within {}", show(ASK_LIMIT)),
        _ => e.to_string(),
    }
}

/// The number of live executors, from the scheduler's `/readyz` page
/// (`ready: N executors registered`, or `not ready: N/M ...`).
pub async fn live_executors(addr: &str) -> Result<usize, String> {
    let ask = async {
        let mut s = tokio::net::TcpStream::connect(addr).await?;
        let request = format!("GET /readyz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        s.write_all(request.as_bytes()).await?;
        let mut answer = Vec::new();
        s.take(1 << 16).read_to_end(&mut answer).await?;
        Ok::<_, std::io::Error>(answer)
    };
    let answer = match tokio::time::timeout(ASK_LIMIT, ask).await {
        Ok(Ok(a)) => a,
        Ok(Err(e)) => return Err(reason(&e)),
        Err(_) => return Err(reason(&std::io::Error::from(std::io::ErrorKind::TimedOut))),
    };
    readyz_count(&String::from_utf8_lossy(&answer))
        .ok_or_else(|| "it does not answer as a uri-sql scheduler does".into())
}

/// The count in a `/readyz` answer (status line, headers, body).
fn readyz_count(answer: &str) -> Option<usize> {
    let body = answer.split_once("\r\n\r\n")?.1;
    let after = body.split_once("ready: ")?.1;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Waits until the scheduler at `addr` has a live executor, at most
/// `wait`; the number live.
pub async fn wait_for_executor(addr: &str, wait: Duration) -> Result<usize, String> {
    let start = Instant::now();
    let mut noted = false;
    loop {
        match live_executors(addr).await {
            Err(e) => return Err(format!("cannot reach the scheduler at {addr}: {e}")),
            Ok(n) if n > 0 => return Ok(n),
            Ok(_) => {}
        }
        let waited = start.elapsed();
        if waited >= wait {
            return Err(format!(
                "the cluster at {addr} has no live executor: none registered within --wait {} \
                 (start one with `uri-sql executor --scheduler {addr} --bind HOST:PORT`, \
                 or wait longer with --wait)",
                show(wait)
            ));
        }
        if !noted {
            progress::note(&format!(
                "the cluster at {addr} has no live executor: waiting up to --wait {} for one",
                show(wait)
            ));
            noted = true;
        }
        progress::status(&format!(
            "waiting for an executor to register with {addr} ({:.0} s of --wait {})",
            waited.as_secs_f64(),
            show(wait)
        ));
        tokio::time::sleep(TICK.min(wait - waited)).await;
    }
}

/// `stream`, the result of `plan` on the cluster at `addr`, watched: it
/// ends with an error if the scheduler goes away or the cluster stays
/// without a live executor for longer than `wait` (the job is cancelled
/// then). `live` is the number of executors live when it started.
pub fn watch(
    stream: SendableRecordBatchStream,
    plan: Arc<dyn ExecutionPlan>,
    addr: &str,
    wait: Duration,
    live: usize,
) -> SendableRecordBatchStream {
    let (tx, rx) = oneshot::channel::<String>();
    let addr = addr.to_owned();
    let monitor = tokio::spawn(async move {
        let fault = monitor(&addr, wait, live).await;
        if fault.cancel {
            cancel(&addr, plan.as_ref()).await;
        }
        let _ = tx.send(fault.message);
    });
    let schema = stream.schema();
    Box::pin(RecordBatchStreamAdapter::new(
        schema,
        Watched {
            inner: stream,
            fault: Some(rx),
            monitor,
        },
    ))
}

/// Why the monitor stopped the query.
struct Stop {
    message: String,
    /// The job is still on the scheduler: cancel it.
    cancel: bool,
}

/// Watches the cluster until something stops the query.
async fn monitor(addr: &str, wait: Duration, live: usize) -> Stop {
    let mut most = live;
    let mut missed = 0;
    let mut none_since: Option<Instant> = None;
    let mut last_note = String::new();
    progress::status(&format!("cluster {addr}: {live} executors live"));
    loop {
        tokio::time::sleep(TICK).await;
        let n = match live_executors(addr).await {
            Ok(n) => {
                missed = 0;
                n
            }
            Err(e) => {
                missed += 1;
                if missed >= MISSED {
                    return Stop {
                        message: format!("lost the scheduler at {addr} during the query: {e}"),
                        cancel: false,
                    };
                }
                continue;
            }
        };
        let mut note = |text: String| {
            if text != last_note {
                progress::note(&text);
                last_note = text;
            }
        };
        if n == 0 {
            let since = *none_since.get_or_insert_with(Instant::now);
            if since.elapsed() >= wait {
                return Stop {
                    message: format!(
                        "the cluster at {addr} lost its executors: none came back within --wait {} \
                         (the query was cancelled)",
                        show(wait)
                    ),
                    cancel: true,
                };
            }
            note(format!(
                "the cluster at {addr} has no live executor: waiting up to --wait {} for one",
                show(wait)
            ));
            progress::status(&format!(
                "no live executor: waiting ({:.0} s of --wait {})",
                since.elapsed().as_secs_f64(),
                show(wait)
            ));
            continue;
        }
        none_since = None;
        if n < most {
            note(format!(
                "{n} of {most} executors live: the lost ones' tasks run again on the others"
            ));
            progress::status(&format!(
                "cluster {addr}: {n} of {most} executors live, lost tasks run again"
            ));
        } else {
            most = n;
            progress::status(&format!("cluster {addr}: {n} executors live"));
        }
    }
}

/// Asks the scheduler to cancel the job of `plan`, if it has one.
async fn cancel(addr: &str, plan: &dyn ExecutionPlan) {
    let Some(job) = plan
        .downcast_ref::<DistributedQueryExec<LogicalPlanNode>>()
        .and_then(DistributedQueryExec::job_id)
    else {
        return;
    };
    let config = GrpcClientConfig::default();
    let Ok(channel) = create_grpc_client_connection(format!("http://{addr}"), &config).await else {
        return;
    };
    let _ = tokio::time::timeout(
        ASK_LIMIT,
        SchedulerGrpcClient::new(channel).cancel_job(CancelJobParams { job_id: job.into() }),
    )
    .await;
}

/// A result stream and its monitor.
struct Watched {
    inner: SendableRecordBatchStream,
    /// Gives the monitor's message; `None` once it answered.
    fault: Option<oneshot::Receiver<String>>,
    monitor: tokio::task::JoinHandle<()>,
}

impl Stream for Watched {
    type Item = datafusion::error::Result<RecordBatch>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if let Some(fault) = self.fault.as_mut()
            && let Poll::Ready(answer) = fault.poll_unpin(cx)
        {
            self.fault = None;
            if let Ok(message) = answer {
                let e = DataFusionError::External(Box::new(Fault(message)));
                return Poll::Ready(Some(Err(e)));
            }
        }
        self.inner.poll_next_unpin(cx)
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        self.monitor.abort();
    }
}

/// Signs, in a failure's text, that a connection broke (tonic's and h2's
/// words for it).
const BROKEN: [&str; 8] = [
    "transport error",
    "h2 protocol error",
    "connection refused",
    "brokenpipe",
    "broken pipe",
    "connection reset",
    "unavailable",
    "tcp connect error",
];

/// The message for a failure of a query on the cluster at `addr`: a broken
/// connection is told as such (did the scheduler go away, or is it still
/// there?) instead of in h2's and tonic's words.
pub async fn explain(message: String, addr: &str) -> String {
    let lower = message.to_ascii_lowercase();
    // A message that names the scheduler's address is the client's own
    // (cannot reach it, lost it, no executor): final as it is.
    if message.contains(addr) || !BROKEN.iter().any(|w| lower.contains(w)) {
        return message;
    }
    match live_executors(addr).await {
        Err(e) => format!("lost the scheduler at {addr} during the query: {e}"),
        Ok(_) => {
            // Still there: a connection broke (to it, or to an executor
            // the result was read from). Its first words, not the dump.
            let first: String = message.chars().take(160).collect();
            format!("a connection of the cluster at {addr} broke during the query: {first}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_come_from_df_urls() {
        assert_eq!(address("df://127.0.0.1:50050"), Some("127.0.0.1:50050"));
        assert_eq!(address("df://h:1/"), Some("h:1"));
        assert_eq!(address("df://[::1]:7"), Some("[::1]:7"));
        assert_eq!(address("df://h"), None);
        assert_eq!(address("df://:1"), None);
        assert_eq!(address("http://h:1"), None);
    }

    #[test]
    fn the_readyz_answer_gives_the_count() {
        let ok = "HTTP/1.1 200 OK\r\ncontent-length: 29\r\n\r\nready: 2 executors registered\n";
        assert_eq!(readyz_count(ok), Some(2));
        let no = "HTTP/1.1 503 Service Unavailable\r\n\r\nnot ready: 0/1 executors registered\n";
        assert_eq!(readyz_count(no), Some(0));
        assert_eq!(readyz_count("HTTP/1.1 404 Not Found\r\n\r\n"), None);
    }

    #[test]
    fn durations_are_read_with_or_without_a_unit() {
        let d = |v| parse_duration(v);
        assert_eq!(d("30"), Some(Duration::from_secs(30)));
        assert_eq!(d("30s"), Some(Duration::from_secs(30)));
        assert_eq!(d("500ms"), Some(Duration::from_millis(500)));
        assert_eq!(d("1.5s"), Some(Duration::from_millis(1500)));
        assert_eq!(d("5m"), Some(Duration::from_secs(300)));
        assert_eq!(d("2min"), Some(Duration::from_secs(120)));
        assert_eq!(d("1h"), Some(Duration::from_secs(3600)));
        assert_eq!(d("0"), Some(Duration::ZERO));
        for bad in ["", "s", "-1", "1e3", "10 years", "soon", "1.2.3s"] {
            assert_eq!(d(bad), None, "{bad}");
        }
    }

    #[test]
    fn durations_are_shown_in_seconds_or_minutes() {
        assert_eq!(show(Duration::from_secs(30)), "30 s");
        assert_eq!(show(Duration::from_millis(1500)), "1.5 s");
        assert_eq!(show(Duration::from_secs(600)), "10 min");
        assert_eq!(show(Duration::from_secs(90)), "90 s");
    }
}
