//! `uri lint`: the security checks of RFC 3986, section 7.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::Write;

use serde::Serialize;
use urikit::security::{Finding, lint, lint_iri};
use urikit::{IriRef, UriRef};

use crate::common::{
    ErrorRecord, InputArgs, Inputs, Output, OutputArgs, Status, lossy, write_record,
};

/// Check URI references for the hazards of RFC 3986, section 7. Prints one
/// finding per line as `KIND<TAB>start-end<TAB>explanation`, with byte offsets
/// into the URI. The kinds: credentials, misleading-userinfo,
/// ipv4-nonstandard, port-mismatch, encoded-control, encoded-delimiter,
/// dot-segments, ipvfuture, long-host, non-ascii-host, encoded-host,
/// script-scheme, ipv6-mapped-internal, zone-id, bidi-control and
/// deceptive-host (a host label that mixes scripts or whose letters all
/// have ASCII look-alikes, by UTS #39; A-labels are decoded); an input that
/// is not a URI reference gives the kind "invalid" at the offending byte.
///
/// With more than one URI, or when reading standard input or the files of
/// -i (one per line), each flagged URI is printed on its own line before
/// its findings. On a
/// terminal, the URI is shown above each finding with its span highlighted.
/// Exits 1 when there is any finding, 0 when there is none. With --json:
/// {"input", "findings": [{"kind", "start", "end", "message"}]} for each input
/// ("error" instead of findings for an invalid one).
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    output: OutputArgs,
    /// Check IRI references (RFC 3987): characters outside US-ASCII are
    /// allowed, and checked as RFC 3987 section 8 asks.
    #[arg(long)]
    iri: bool,
    #[command(flatten)]
    input: InputArgs,
    /// The URI references to check.
    #[arg(value_name = "URI", conflicts_with = "input")]
    uris: Vec<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    let headers = args.uris.len() != 1;
    out.set_null(args.input.null);
    Inputs::new(&args.uris, &args.input).each(|input, _| {
        let parsed = if args.iri {
            IriRef::parse_bytes(input).and_then(|r| Ok((r.as_str(), lint_iri(r)?)))
        } else {
            UriRef::parse_bytes(input).and_then(|r| Ok((r.as_str(), lint(r)?)))
        };
        let flagged = match &parsed {
            Ok((text, findings)) => {
                if args.output.json {
                    write_json(out, input, findings)?;
                } else if !findings.is_empty() {
                    write_human(out, text, findings, headers)?;
                }
                !findings.is_empty()
            }
            Err(e) => {
                if args.output.json {
                    let record = LintError {
                        input: lossy(input),
                        error: ErrorRecord::from(e),
                    };
                    write_record(out, &record)?;
                } else {
                    // The input escaped (a header from standard input once
                    // set the terminal's title): see urikit_cli::format.
                    let message = e.to_string();
                    out.write_all(&urikit_cli::format::lint_invalid(
                        input,
                        e.index(),
                        &message,
                        headers,
                    ))?;
                    out.end_line()?;
                }
                true
            }
        };
        status = status.flag_if(flagged);
        Ok(())
    })?;
    Ok(status)
}

/// `{"input","findings":[...]}`: each finding with its byte range, and the
/// IPv4 address a non-standard host stands for.
#[derive(Serialize)]
struct LintRecord<'a> {
    input: Cow<'a, str>,
    findings: Vec<FindingRecord>,
}

#[derive(Serialize)]
struct FindingRecord {
    kind: &'static str,
    start: usize,
    end: usize,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    address: Option<String>,
}

/// `{"input","error"}`: an input that does not parse.
#[derive(Serialize)]
struct LintError<'a> {
    input: Cow<'a, str>,
    error: ErrorRecord,
}

fn write_json(out: &mut Output, input: &[u8], findings: &[Finding]) -> anyhow::Result<()> {
    let record = LintRecord {
        input: lossy(input),
        findings: findings
            .iter()
            .map(|f| FindingRecord {
                kind: f.kind().name(),
                start: f.start(),
                end: f.end(),
                message: f.to_string(),
                address: f.ipv4().map(|a| a.to_string()),
            })
            .collect(),
    };
    write_record(out, &record)?;
    Ok(())
}

fn write_human(
    out: &mut Output,
    uri: &str,
    findings: &[Finding],
    header: bool,
) -> anyhow::Result<()> {
    let color = out.color;
    out.write_all(&urikit_cli::format::lint_lines(
        uri, findings, header, color,
    ))?;
    out.end_line()?;
    Ok(())
}
