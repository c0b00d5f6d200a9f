//! `uri repair`: near-URIs made valid by percent-encoding (urikit::repair).

use std::borrow::Cow;
use std::ffi::OsString;

use serde::Serialize;
use urikit::repair::{Repaired, repair};

use crate::common::{InputArgs, Inputs, Output, OutputArgs, Status, lossy, write_record};

/// Make near-URIs valid URI references, one per line
///
/// Each character that the grammar (RFC 3986) does not allow where it
/// stands is percent-encoded in its component: a space, `|`, `^`, a second
/// `#`, a `%` without two hex digits, non-ASCII characters (as UTF-8), ...
/// A valid reference is printed as it is. What encoding cannot mend (an
/// invalid scheme or host, a bad port, an unclosed IP literal) is reported
/// on standard error with its line number and a caret under the byte, and
/// left out of the output unless --keep-invalid. With no URI, reads one per
/// line from standard input (or the files of -i).
///
/// Exit status: 0 when every input is (now) a valid URI reference, 1 when
/// some input cannot be repaired (or, with --check, needed a repair), 2 on a
/// usage or I/O error. With --json: {"input","output","changed",
/// "changes":[{"index","char","component","kind"}]} or {"input","error":
/// {"index","kind","message"}}.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Report each change on standard error (its byte index, component and
    /// reason, with a caret).
    #[arg(long)]
    explain: bool,
    /// Exit with status 1 when some input needed a repair, too.
    #[arg(long)]
    check: bool,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The near-URIs.
    #[arg(value_name = "TEXT", conflicts_with = "input")]
    texts: Vec<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    out.set_null(args.input.null);
    let mut status = Status::Ok;
    Inputs::new(&args.texts, &args.input).each(|input, loc| {
        let text = match std::str::from_utf8(input) {
            Ok(t) => t,
            Err(e) => {
                status = Status::Flagged;
                let i = e.valid_up_to();
                let message = format!("text that is not UTF-8 at index {i}");
                if args.output.json {
                    let record = RepairFailed {
                        input: lossy(input),
                        error: RepairError {
                            index: i,
                            kind: urikit::ErrorKind::InvalidUtf8.name(),
                            message,
                        },
                    };
                    write_record(out, &record)?;
                } else {
                    out.report_caret(loc, input, i, &message);
                    if args.output.keep_invalid {
                        out.line(input)?;
                    }
                }
                return Ok(());
            }
        };
        match repair(text) {
            Ok(r) => {
                status = status.flag_if(args.check && !r.is_unchanged());
                if args.explain {
                    for c in r.changes() {
                        out.report_caret(loc, input, c.index(), &c.to_string());
                    }
                }
                if args.output.json {
                    write_json(out, text, &r)?;
                } else {
                    out.line(r.as_str().as_bytes())?;
                }
            }
            Err(e) => {
                status = Status::Flagged;
                if args.output.json {
                    let record = RepairFailed {
                        input: text.into(),
                        error: RepairError {
                            index: e.index(),
                            kind: e.name(),
                            message: e.kind().to_string(),
                        },
                    };
                    write_record(out, &record)?;
                } else {
                    out.report_caret(loc, input, e.index(), &e.to_string());
                    if args.output.keep_invalid {
                        out.line(input)?;
                    }
                }
            }
        }
        Ok(())
    })?;
    Ok(status)
}

/// `{"input","output","changed","changes"}`: each change with its byte
/// index in the input, the character, the component and the kind.
#[derive(Serialize)]
struct RepairRecord<'a> {
    input: &'a str,
    output: &'a str,
    changed: bool,
    changes: Vec<ChangeRecord>,
}

#[derive(Serialize)]
struct ChangeRecord {
    index: usize,
    char: char,
    component: &'static str,
    kind: &'static str,
}

/// `{"input","error"}`: text that cannot be repaired (or is not UTF-8).
#[derive(Serialize)]
struct RepairFailed<'a> {
    input: Cow<'a, str>,
    error: RepairError,
}

#[derive(Serialize)]
struct RepairError {
    index: usize,
    kind: &'static str,
    message: String,
}

fn write_json(out: &mut Output, text: &str, r: &Repaired<'_>) -> std::io::Result<()> {
    let record = RepairRecord {
        input: text,
        output: r.as_str(),
        changed: !r.is_unchanged(),
        changes: r
            .changes()
            .iter()
            .map(|c| ChangeRecord {
                index: c.index(),
                char: c.char(),
                component: c.component().name(),
                kind: c.kind().name(),
            })
            .collect(),
    };
    write_record(out, &record)
}
