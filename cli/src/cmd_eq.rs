//! `uri eq`: are two URI references equivalent (RFC 3986, 6.1, 6.2)?

use std::ffi::OsString;
use std::io::Write;

use urikit::UriRef;
use urikit::compare::{Comparison, Level};

use crate::cmd_resolve::split_pair;
use crate::common::{
    InputArgs, Inputs, Loc, Output, OutputArgs, Source, Status, json_str, write_invalid,
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
          value_parser = ["string", "syntax", "scheme"])]
    level: String,
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
    let level = Level::from_name(&args.level).unwrap_or_default();
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
                    out.write_all(b"{\"line\":")?;
                    crate::common::json_bytes(out, line)?;
                    out.write_all(b",\"error\":\"expected A<TAB>B\"}")?;
                    out.newline()?;
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
    let (ka, kb) = (cmp.key(ra), cmp.key(rb));
    let equivalent = ka == kb;
    let verdict = if equivalent {
        "equivalent"
    } else {
        "different"
    };
    if args.output.json {
        out.write_all(b"{\"a\":")?;
        json_str(out, ra.as_str())?;
        out.write_all(b",\"b\":")?;
        json_str(out, rb.as_str())?;
        out.write_all(b",\"level\":")?;
        json_str(out, level.name())?;
        write!(out, ",\"ignore_fragment\":{}", args.ignore_fragment)?;
        out.write_all(b",\"a_key\":")?;
        json_str(out, ka.as_str())?;
        out.write_all(b",\"b_key\":")?;
        json_str(out, kb.as_str())?;
        write!(out, ",\"equivalent\":{equivalent}}}")?;
    } else {
        out.write_all(verdict.as_bytes())?;
    }
    out.newline()?;
    Ok(Some(equivalent))
}
