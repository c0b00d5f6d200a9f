//! `uri eq`: are two URI references equivalent (RFC 3986, 6.1, 6.2)?

use std::borrow::Cow;
use std::ffi::OsString;

use serde::Serialize;
use urikit::UriRef;
use urikit::compare::{Comparison, Level};

use crate::cmd_resolve::split_pair;
use crate::common::{
    InputArgs, Inputs, Loc, Output, OutputArgs, Source, Status, lossy, named, write_invalid,
    write_record,
};

/// Compare two URI references: "equivalent" (exit 0) or "different" (exit 1)
///
/// The comparison is made on a rung of the ladder of RFC 3986, 6.2: simple
/// string comparison, or the strings after syntax-based (and scheme-based)
/// normalization. An invalid reference is reported on standard error with
/// its error (exit 1). With --pairs, compares the two halves of each
/// `A<TAB>B` line and prints one verdict per line (--keep-invalid keeps an
/// invalid line in its place). With --json, one object (one per line with
/// --pairs).
#[derive(clap::Args, Debug)]
#[command(mut_arg("keep_invalid", |a| a.requires("pairs")))]
pub struct Args {
    /// The rung: string (6.2.1), syntax (6.2.2) or scheme (6.2.3).
    #[arg(long, value_name = "LEVEL", default_value = "syntax",
          value_parser = named::<Level>())]
    level: Level,
    /// Leave fragments out of the comparison (6.1: for network actions).
    #[arg(long)]
    ignore_fragment: bool,
    #[command(flatten)]
    output: OutputArgs,
    /// Read lines of A, a tab and B from standard input or the files of -i,
    /// and print one verdict per line; the exit status is 1 if any pair is
    /// different or invalid.
    #[arg(long, conflicts_with_all = ["a", "b"])]
    pairs: bool,
    #[command(flatten)]
    input: InputArgs,
    /// The first reference.
    #[arg(value_name = "A", required_unless_present = "pairs")]
    a: Option<OsString>,
    /// The second reference.
    #[arg(value_name = "B", required_unless_present = "pairs")]
    b: Option<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let level = args.level;
    let cmp = Comparison::new(level).ignore_fragment(args.ignore_fragment);
    out.set_null(args.input.null);
    if !args.pairs {
        // Required by clap unless --pairs.
        let (Some(a), Some(b)) = (&args.a, &args.b) else {
            return Ok(Status::Flagged);
        };
        let locs = [1, 2].map(|line| Loc {
            source: &Source::Argument,
            line,
        });
        let verdict = compare(
            &args,
            &cmp,
            level,
            out,
            a.as_encoded_bytes(),
            b.as_encoded_bytes(),
            locs,
        )?;
        return Ok(Status::Ok.flag_if(verdict != Some(true)));
    }
    let mut status = Status::Ok;
    Inputs::lines_only(&args.input).each(|line, loc| {
        let verdict = match split_pair(line) {
            Some((a, b)) => compare(&args, &cmp, level, out, a, b, [loc, loc])?,
            None => {
                if args.output.json {
                    let record = NoTab {
                        line: lossy(line),
                        error: "expected A<TAB>B",
                    };
                    write_record(out, &record)?;
                } else {
                    out.report(loc, "expected A<TAB>B");
                }
                None
            }
        };
        status = status.flag_if(verdict != Some(true));
        if verdict.is_none() && args.output.keep_invalid && !args.output.json {
            out.line(line)?;
        }
        Ok(())
    })?;
    Ok(status)
}

/// Compare `a` and `b` and print the verdict: whether they are equivalent,
/// or `None` when one is invalid (it is reported).
fn compare(
    args: &Args,
    cmp: &Comparison,
    level: Level,
    out: &mut Output,
    a: &[u8],
    b: &[u8],
    locs: [Loc<'_>; 2],
) -> anyhow::Result<Option<bool>> {
    let (ra, rb) = match (UriRef::parse_bytes(a), UriRef::parse_bytes(b)) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        (pa, pb) => {
            // An invalid reference is equivalent to nothing: say why, exit 1.
            for ((input, parsed), loc) in [(a, pa), (b, pb)].into_iter().zip(locs) {
                if let Err(e) = parsed {
                    write_invalid(out, args.output.json, input, &e, loc)?;
                }
            }
            return Ok(None);
        }
    };
    // Parsed already: the keys cannot fail.
    let (ka, kb) = (cmp.key(&ra)?, cmp.key(&rb)?);
    let equivalent = ka == kb;
    let verdict = if equivalent {
        "equivalent"
    } else {
        "different"
    };
    if args.output.json {
        let record = Verdict {
            a: ra.as_str(),
            b: rb.as_str(),
            level: level.name(),
            ignore_fragment: args.ignore_fragment,
            a_key: ka.as_str(),
            b_key: kb.as_str(),
            equivalent,
        };
        write_record(out, &record)?;
    } else {
        out.line(verdict.as_bytes())?;
    }
    Ok(Some(equivalent))
}

/// `{"a","b","level","ignore_fragment","a_key","b_key","equivalent"}`: the
/// two references, the comparison, the keys compared and the verdict.
#[derive(Serialize)]
struct Verdict<'a> {
    a: &'a str,
    b: &'a str,
    level: &'static str,
    ignore_fragment: bool,
    a_key: &'a str,
    b_key: &'a str,
    equivalent: bool,
}

/// `{"line","error"}`: a `--pairs` line without a tab.
#[derive(Serialize)]
struct NoTab<'a> {
    line: Cow<'a, str>,
    error: &'static str,
}
