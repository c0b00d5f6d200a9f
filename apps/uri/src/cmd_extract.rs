//! `uri extract`: find the URIs in plain text (RFC 3986, Appendix C).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::rc::Rc;

use serde::Serialize;
use urikit::text::{ExtractOptions, Found};

use crate::common::{Loc, Output, OutputArgs, Source, Status, write_record};

/// Find the URIs in text: in angle brackets (whitespace inside removed), in
/// double quotes, or bare between whitespace, without trailing punctuation
/// and without a "URL:" prefix (RFC 3986, Appendix C).
///
/// Reads each FILE (and each file of -i; "-" is standard input), or
/// standard input when there is none, in one pass in bounded memory.
/// Prints one URI per line, or JSON Lines with "uri", "start" and "end"
/// (byte offsets of the URI in its file, wrappers excluded). Like grep,
/// each URI has a "FILE:LINE:" prefix when there are several files or with
/// -H ("LINE:" alone with -n); in JSON these are "file" and "line". A
/// hyphen at a line end is joined, and the reading without it is reported:
/// on standard error, or as "without_hyphen" in JSON. A candidate skipped
/// for --max-len is reported on standard error with its line. Bytes that are
/// not UTF-8 end a URI as whitespace would; each input that has some gets
/// one note on standard error, with the line and byte offset of the first.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    output: OutputArgs,
    /// Also find relative references (only inside angle brackets).
    #[arg(long)]
    relative: bool,
    /// Accept any scheme bare or quoted, not only "scheme://" and a short
    /// list of well-known schemes (mailto, urn, tel, ...).
    #[arg(long)]
    any_scheme: bool,
    /// Skip candidates spanning more than this many bytes of text.
    #[arg(long, value_name = "BYTES", default_value_t = 65536)]
    max_len: usize,
    /// Prefix each URI with its file name and line number ("FILE:LINE:"),
    /// even for one file.
    #[arg(short = 'H', long, overrides_with = "no_filename")]
    with_filename: bool,
    /// Never prefix the file name, even for several files.
    #[arg(long)]
    no_filename: bool,
    /// Prefix each URI with its line number ("LINE:").
    #[arg(short = 'n', long)]
    line_number: bool,
    /// End each output line with NUL instead of a line end.
    #[arg(short = '0', long = "null")]
    null: bool,
    /// Read FILE too (repeatable; "-" is standard input).
    #[arg(short = 'i', long = "input", value_name = "FILE")]
    input: Vec<OsString>,
    /// The files to read; standard input when there is none.
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    out.set_null(args.null);
    let opts = ExtractOptions::new()
        .relative(args.relative)
        .any_scheme(args.any_scheme)
        .max_len(args.max_len);
    let names: Vec<&OsString> = args.files.iter().chain(&args.input).collect();
    let sources: Vec<Source> = if names.is_empty() {
        vec![Source::Stdin { named: false }]
    } else {
        names
            .iter()
            .map(|f| match f.to_str() {
                Some("-") => Source::Stdin { named: true },
                _ => Source::File((*f).clone()),
            })
            .collect()
    };
    let show = Show {
        file: !args.no_filename && (args.with_filename || sources.len() > 1),
        line: args.line_number || (!args.no_filename && (args.with_filename || sources.len() > 1)),
    };
    for source in &sources {
        let reading = || format!("reading {}", source.name());
        let reader: Box<dyn Read> = match source {
            Source::File(path) => Box::new(
                std::fs::File::open(path).map_err(|e| anyhow::Error::new(e).context(reading()))?,
            ),
            _ => Box::new(std::io::stdin().lock()),
        };
        // The lines are counted as the extractor reads; it keeps at most
        // about twice --max-len (a chain of hyphen-joined lines) plus 64 KiB
        // of text, so line ends further back than twice that (and a
        // margin) are passed for good.
        let lines = Rc::new(RefCell::new(Lines {
            ends: VecDeque::new(),
            passed: 0,
            read: 0,
            horizon: (args.max_len as u64)
                .saturating_mul(4)
                .saturating_add(1 << 20),
        }));
        let mut counting = Counting {
            inner: reader,
            lines: Rc::clone(&lines),
            pending: Vec::new(),
            invalid: 0,
            first_invalid: None,
        };
        for found in opts.extract_reader(&mut counting).with_dropped() {
            let found = found.map_err(|e| anyhow::Error::new(e).context(reading()))?;
            let line = lines.borrow_mut().line_of(found.range().start as u64);
            let loc = Loc { source, line };
            match found {
                Found::Match(m) => print(out, &args, show, loc, &m)?,
                Found::TooLong(range) => {
                    let note = format!(
                        "note: skipped a candidate at bytes {}..{}: longer than --max-len {}",
                        range.start, range.end, args.max_len
                    );
                    out.report(loc, &note);
                }
                // (A kind of item added later: nothing to print.)
                _ => {}
            }
        }
        counting.finish();
        if let Some((offset, line)) = counting.first_invalid {
            let more = match counting.invalid - 1 {
                0 => String::new(),
                1 => " (and 1 more sequence)".into(),
                n => format!(" (and {n} more sequences)"),
            };
            let note = format!(
                "note: bytes that are not UTF-8 at byte {offset}{more}: read as a break between URIs, like whitespace"
            );
            out.report(Loc { source, line }, &note);
        }
    }
    Ok(Status::Ok)
}

/// Which prefixes each URI gets.
#[derive(Clone, Copy)]
struct Show {
    file: bool,
    line: bool,
}

fn print(
    out: &mut Output,
    args: &Args,
    show: Show,
    loc: Loc<'_>,
    m: &urikit::text::Match<'_>,
) -> anyhow::Result<()> {
    let alternative = m.without_break_hyphens();
    if args.output.json {
        let record = MatchRecord {
            uri: m.as_str(),
            file: show.file.then(|| loc.source.name()),
            line: show.line.then_some(loc.line),
            start: m.start(),
            end: m.end(),
            delimiter: m.delimiter().name(),
            without_hyphen: alternative.as_deref(),
        };
        return Ok(write_record(out, &record)?);
    }
    if show.file {
        // A file name is shown with its control characters escaped.
        write!(out, "{}:", crate::common::escape(&loc.source.name()))?;
    }
    if show.line {
        write!(out, "{}:", loc.line)?;
    }
    out.write_all(m.as_str().as_bytes())?;
    if let Some(alt) = alternative {
        let note = format!(
            "note: {} (at byte {}) had a hyphen at a line end; it may also be {}",
            urikit_cli::format::excerpt(m.as_str()),
            m.start(),
            urikit_cli::format::excerpt(&alt)
        );
        out.report(loc, &note);
    }
    out.newline()?;
    Ok(())
}

/// The line ends read so far that a match may still need.
struct Lines {
    /// The offsets of the line ends read and not yet passed, in order.
    ends: VecDeque<u64>,
    /// How many line ends come before `ends[0]`.
    passed: u64,
    /// How many bytes have been read.
    read: u64,
    /// How far back from `read` a match can start.
    horizon: u64,
}

impl Lines {
    /// The line (from 1) of byte `offset`. Offsets come in order, so the
    /// line ends before it are passed for good.
    fn line_of(&mut self, offset: u64) -> u64 {
        while self.ends.front().is_some_and(|&end| end < offset) {
            self.ends.pop_front();
            self.passed += 1;
        }
        self.passed + 1
    }
}

/// A reader that notes the line ends it passes on, and the bytes that are
/// not UTF-8 (which the extractor reads as breaks).
struct Counting<R> {
    inner: R,
    lines: Rc<RefCell<Lines>>,
    /// The start of a UTF-8 sequence cut by the end of a read (at most
    /// three bytes), whose rest comes with the next.
    pending: Vec<u8>,
    /// How many invalid sequences were read.
    invalid: u64,
    /// The byte offset and line of the first.
    first_invalid: Option<(u64, u64)>,
}

impl<R> Counting<R> {
    /// Note an invalid sequence at byte `offset`.
    fn invalid_at(&mut self, offset: u64) {
        self.invalid += 1;
        if self.first_invalid.is_none() {
            let lines = self.lines.borrow();
            let before = lines.ends.partition_point(|&end| end < offset) as u64;
            self.first_invalid = Some((offset, lines.passed + before + 1));
        }
    }

    /// Check `data`, read at byte `at`, for UTF-8, after what is pending:
    /// in linear time, each byte looked at a bounded number of times.
    fn check(&mut self, mut data: &[u8], mut at: u64) {
        if !self.pending.is_empty() {
            let p = self.pending.len();
            let start = at - p as u64;
            let take = data.len().min(4 - p);
            let mut head = std::mem::take(&mut self.pending);
            head.extend_from_slice(&data[..take]);
            match std::str::from_utf8(&head) {
                Ok(_) => {
                    data = &data[take..];
                    at += take as u64;
                }
                // The cut character is whole now; go on after it.
                Err(e) if e.valid_up_to() > 0 => {
                    let used = e.valid_up_to() - p;
                    data = &data[used..];
                    at += used as u64;
                }
                Err(e) => match e.error_len() {
                    // Still cut (a read of one byte): wait for more.
                    None => {
                        self.pending = head;
                        return;
                    }
                    Some(k) => {
                        self.invalid_at(start);
                        let used = k.saturating_sub(p);
                        data = &data[used..];
                        at += used as u64;
                    }
                },
            }
        }
        while let Err(e) = std::str::from_utf8(data) {
            let good = e.valid_up_to();
            match e.error_len() {
                Some(k) => {
                    self.invalid_at(at + good as u64);
                    data = &data[good + k..];
                    at += (good + k) as u64;
                }
                None => {
                    self.pending = data[good..].to_vec();
                    return;
                }
            }
        }
    }

    /// At the end of the input: a sequence still cut is invalid.
    fn finish(&mut self) {
        if !self.pending.is_empty() {
            let at = self.lines.borrow().read - self.pending.len() as u64;
            self.pending.clear();
            self.invalid_at(at);
        }
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let start = {
            let mut lines = self.lines.borrow_mut();
            let start = lines.read;
            lines
                .ends
                .extend(memchr::memchr_iter(b'\n', &buf[..n]).map(|i| start + i as u64));
            lines.read += n as u64;
            start
        };
        self.check(&buf[..n], start);
        // Keep memory bounded: no match can start this far back.
        let mut lines = self.lines.borrow_mut();
        let floor = lines.read.saturating_sub(lines.horizon);
        lines.line_of(floor);
        Ok(n)
    }
}

/// `{"uri","file","line","start","end","delimiter","without_hyphen"}`:
/// "file" and "line" as the options ask, "without_hyphen" where a hyphen
/// at a line end may have been a break.
#[derive(Serialize)]
struct MatchRecord<'a> {
    uri: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    start: usize,
    end: usize,
    delimiter: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    without_hyphen: Option<&'a str>,
}
