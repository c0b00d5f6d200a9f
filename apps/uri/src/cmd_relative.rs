//! `uri make-relative`: the shortest reference from a base to a target, the
//! inverse of `uri resolve`.

use std::borrow::Cow;
use std::ffi::OsString;

use serde::Serialize;
use urikit::{Iri, Uri};

use crate::cmd_resolve::{Base, LineError, PairInput, for_each_pair};
use crate::common::profile;
use crate::common::{InputArgs, Output, OutputArgs, Status, lossy, write_record};

/// Make target URIs relative to a base: the shortest reference that
/// resolves (RFC 3986 5.2, strict) from the base back to each target, byte
/// for byte.
///
/// Prints one reference per line, in input order; the empty reference is an
/// empty line. With no TARGET, reads one target per line from standard
/// input (or the files of -i). A target that is not a URI, or that no
/// reference reaches (a path with `.` or `..` segments), is reported on
/// standard error with its line number (and left out of the output unless
/// --keep-invalid), and the exit status is 1. With --json:
/// {"base","target","relative"} or {"base","target","error"}.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    output: OutputArgs,
    /// Read lines of BASE, a tab and TARGET from standard input or the files
    /// of -i instead of taking BASE from the command line.
    #[arg(long, conflicts_with_all = ["base", "targets"])]
    pairs: bool,
    /// Take IRIs: the base and the targets (RFC 3987).
    #[arg(long)]
    iri: bool,
    #[command(flatten)]
    input: InputArgs,
    /// The base URI (it needs a scheme).
    #[arg(value_name = "BASE", required_unless_present = "pairs")]
    base: Option<OsString>,
    /// The target URIs.
    #[arg(value_name = "TARGET", conflicts_with = "input")]
    targets: Vec<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    let json = args.output.json;
    let keep_invalid = args.output.keep_invalid;

    let mut one = |out: &mut Output, p: PairInput<'_, '_>| -> anyhow::Result<()> {
        let (base_text, target) = (p.base_text, p.second);
        let result = p.base.and_then(|b| {
            // A line without a tab has its error in `base` already.
            let t = target.ok_or_else(|| LineError::no_tab("BASE", "TARGET"))?;
            match b {
                Base::Uri(b) => {
                    let t = Uri::parse_bytes(t).map_err(|e| LineError::parse("target", e))?;
                    b.make_relative(t)
                        .map(|r| r.into_string())
                        .map_err(|e| LineError::resolve("target", e))
                }
                Base::Iri(b) => {
                    let t = Iri::parse_bytes(t).map_err(|e| LineError::parse("target", e))?;
                    b.make_relative(t)
                        .map(|r| r.into_string())
                        .map_err(|e| LineError::resolve("target", e))
                }
                // No flag of `make-relative` chooses java.net.URI (which
                // has its own `relativize`, not this inverse of resolve).
                Base::Java(_) => Err(LineError {
                    part: "base",
                    index: None,
                    java_index: None,
                    kind: "unsupported-profile",
                    component: None,
                    message: "make-relative does not read java.net.URI bases".into(),
                }),
            }
        });
        status = status.flag_if(result.is_err());
        if json {
            let (relative, error) = match &result {
                Ok(r) => (Some(r.as_str()), None),
                Err(e) => (None, Some(e)),
            };
            let record = RelativeRecord {
                base: lossy(base_text),
                target: target.map(lossy),
                relative,
                error,
            };
            write_record(out, &record)?;
        } else {
            match &result {
                Ok(r) => out.line(r.as_bytes())?,
                Err(e) => {
                    out.report(p.loc, &e.message);
                    if keep_invalid {
                        out.line(p.line)?;
                    }
                }
            }
        }
        Ok(())
    };

    for_each_pair(
        args.pairs,
        profile::from_flags(args.iri, false, false),
        args.base.as_ref(),
        &args.targets,
        &args.input,
        "TARGET",
        |p| one(out, p),
    )?;
    Ok(status)
}

/// `{"base","target","relative"}` or `{"base","target","error"}` (the
/// target null for a `--pairs` line without a tab).
#[derive(Serialize)]
struct RelativeRecord<'a> {
    base: Cow<'a, str>,
    target: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    relative: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a LineError>,
}
