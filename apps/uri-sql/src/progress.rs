//! A progress line on standard error for long queries, when standard error
//! is a terminal.
//!
//! The query adds to a few counters once per batch (never per row): rows
//! read by `lines()`, bytes of input read by `lines()`, rows written out.
//! A separate thread wakes a few times a second and, once the query has run
//! for a second, redraws one line on standard error from those counters; it
//! clears the line when the query ends, so a finished query leaves nothing
//! behind on the terminal. Nothing is drawn, and no thread started, when
//! standard error is not a terminal or `--no-progress` is given.
//!
//! A query on a cluster adds a status to the line (how many executors are
//! live, what the query waits for), and notes for the events a user must
//! know of (an executor lost, none left): on a terminal they show in the
//! line; otherwise each note is printed once, as a line on standard error.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Rows read by `lines()` so far (all partitions, all files).
pub static LINES: AtomicU64 = AtomicU64::new(0);
/// Bytes read by `lines()` so far, line ends included.
pub static BYTES: AtomicU64 = AtomicU64::new(0);
/// Rows of the result written so far.
pub static ROWS_OUT: AtomicU64 = AtomicU64::new(0);

/// What the query does or waits for, when it is not just reading (a
/// query on a cluster): shown at the end of the line.
static STATUS: Mutex<String> = Mutex::new(String::new());
/// Notes are printed as lines: progress is wanted, but standard error is
/// not a terminal.
static NOTES_AS_LINES: AtomicBool = AtomicBool::new(false);

/// Nothing is shown for a query that ends within this time, unless the
/// environment variable `URI_SQL_PROGRESS_AFTER_MS` says otherwise (the
/// tests set it to 0 to see the line without a slow query).
const DELAY: Duration = Duration::from_secs(1);

fn delay() -> Duration {
    std::env::var("URI_SQL_PROGRESS_AFTER_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(DELAY, Duration::from_millis)
}
/// How often the line is redrawn.
const TICK: Duration = Duration::from_millis(250);

/// Counts `lines()` input: one call per batch.
pub fn add_input(lines: u64, bytes: u64) {
    LINES.fetch_add(lines, Ordering::Relaxed);
    BYTES.fetch_add(bytes, Ordering::Relaxed);
}

/// Counts rows written: one call per batch.
pub fn add_output(rows: u64) {
    ROWS_OUT.fetch_add(rows, Ordering::Relaxed);
}

/// Sets the status shown at the end of the progress line (the cluster's
/// state, from `remote.rs`).
#[cfg(feature = "cluster")]
pub fn status(text: &str) {
    if let Ok(mut s) = STATUS.lock() {
        text.clone_into(&mut *s);
    }
}

/// An event the user must know of: the status on a terminal, a line on
/// standard error otherwise (when progress is wanted).
#[cfg(feature = "cluster")]
pub fn note(text: &str) {
    status(text);
    if NOTES_AS_LINES.load(Ordering::Relaxed) {
        eprintln!("uri-sql: {text}");
    }
}

/// The drawing thread; [`Progress::finish`] stops it and clears its line.
pub struct Progress {
    stop: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

impl Progress {
    /// Starts the display if `wanted` and standard error is a terminal.
    pub fn start(wanted: bool) -> Progress {
        if !wanted || !std::io::stderr().is_terminal() {
            NOTES_AS_LINES.store(wanted, Ordering::Relaxed);
            return Progress { stop: None };
        }
        let (tx, rx) = mpsc::channel::<()>();
        let started = Instant::now();
        let first = delay();
        let spawned = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                let mut drawn = false;
                let mut wait = first;
                loop {
                    // A message or a dropped sender both end the display. A
                    // zero delay draws at once, however short the query.
                    if !wait.is_zero()
                        && !matches!(rx.recv_timeout(wait), Err(mpsc::RecvTimeoutError::Timeout))
                    {
                        break;
                    }
                    wait = TICK;
                    let mut text = line(
                        started.elapsed(),
                        LINES.load(Ordering::Relaxed),
                        BYTES.load(Ordering::Relaxed),
                        ROWS_OUT.load(Ordering::Relaxed),
                    );
                    if let Ok(s) = STATUS.lock()
                        && !s.is_empty()
                    {
                        text += " | ";
                        text += &s;
                    }
                    // "\r" and erase-line: the line is redrawn in place.
                    let mut e = std::io::stderr().lock();
                    let _ = write!(e, "\r\x1b[K{text}");
                    let _ = e.flush();
                    drawn = true;
                }
                if drawn {
                    let mut e = std::io::stderr().lock();
                    let _ = write!(e, "\r\x1b[K");
                    let _ = e.flush();
                }
            });
        Progress {
            stop: spawned.ok().map(|h| (tx, h)),
        }
    }

    /// Stops the display and clears its line: call before printing a
    /// result or an error.
    pub fn finish(&mut self) {
        if let Some((tx, h)) = self.stop.take() {
            let _ = tx.send(());
            let _ = h.join();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The text of the progress line. Input figures are left out while
/// nothing came through `lines()` (a Parquet or CSV file by path).
pub fn line(elapsed: Duration, lines: u64, bytes: u64, rows_out: u64) -> String {
    let mut s = format!("{:.1} s", elapsed.as_secs_f64());
    if lines > 0 || bytes > 0 {
        let secs = elapsed.as_secs_f64().max(1e-9);
        s += &format!(
            " | read {} lines, {} ({}/s)",
            grouped(lines),
            size(bytes),
            size((bytes as f64 / secs) as u64)
        );
    }
    s += &format!(" | {} rows out", grouped(rows_out));
    s
}

/// `1234567` as `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A byte count in B, KB, MB or GB (powers of 1000), one decimal.
fn size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KB", "MB", "GB"];
    let mut v = bytes as f64;
    let mut unit = 0;
    while v >= 1000.0 && unit < UNITS.len() - 1 {
        v /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(100000), "100,000");
    }

    #[test]
    fn sizes_take_the_largest_unit_below_the_value() {
        assert_eq!(size(0), "0 B");
        assert_eq!(size(999), "999 B");
        assert_eq!(size(1500), "1.5 KB");
        assert_eq!(size(2_000_000), "2.0 MB");
        assert_eq!(size(3_240_000_000), "3.2 GB");
    }

    #[test]
    fn the_line_shows_input_only_when_lines_read_something() {
        let t = Duration::from_millis(2500);
        assert_eq!(
            line(t, 1_000_000, 50_000_000, 12),
            "2.5 s | read 1,000,000 lines, 50.0 MB (20.0 MB/s) | 12 rows out"
        );
        assert_eq!(line(t, 0, 0, 7), "2.5 s | 7 rows out");
    }
}
