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
/// {"uri", "findings": [{"kind", "start", "end", "message"}]} for each input
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
                        uri: lossy(input),
                        error: ErrorRecord::from(e),
                    };
                    write_record(out, &record)?;
                } else {
                    if headers {
                        writeln!(out, "{}", String::from_utf8_lossy(input))?;
                    }
                    writeln!(out, "invalid\t{}-{}\t{e}", e.index(), e.index() + 1)?;
                }
                true
            }
        };
        status = status.flag_if(flagged);
        Ok(())
    })?;
    Ok(status)
}

/// `{"uri","findings":[...]}`: each finding with its byte range, and the
/// IPv4 address a non-standard host stands for.
#[derive(Serialize)]
struct LintRecord<'a> {
    uri: Cow<'a, str>,
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

/// `{"uri","error"}`: an input that does not parse.
#[derive(Serialize)]
struct LintError<'a> {
    uri: Cow<'a, str>,
    error: ErrorRecord,
}

fn write_json(out: &mut Output, input: &[u8], findings: &[Finding]) -> anyhow::Result<()> {
    let record = LintRecord {
        uri: lossy(input),
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
    if header && !out.color {
        writeln!(out, "{uri}")?;
    }
    for f in findings {
        if out.color {
            let color = out.color;
            write_highlighted(out, uri, f.start(), f.end(), color)?;
        }
        writeln!(out, "{}\t{}-{}\t{f}", f.kind().name(), f.start(), f.end())?;
    }
    Ok(())
}

/// The URI on one line with `start..end` in bold red (reverse video for an
/// empty span would show nothing, so spans are never empty).
pub fn write_highlighted(
    out: &mut impl Write,
    uri: &str,
    start: usize,
    end: usize,
    color: bool,
) -> std::io::Result<()> {
    let (Some(before), Some(span), Some(after)) =
        (uri.get(..start), uri.get(start..end), uri.get(end..))
    else {
        return writeln!(out, "{uri}");
    };
    if color {
        writeln!(out, "{before}\x1b[1;31;4m{span}\x1b[0m{after}")
    } else {
        writeln!(out, "{before}{span}{after}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highlight_marks_the_span() {
        let mut v = Vec::new();
        write_highlighted(&mut v, "http://a:25/", 9, 11, true).unwrap();
        assert_eq!(v, b"http://a:\x1b[1;31;4m25\x1b[0m/\n");
        v.clear();
        write_highlighted(&mut v, "http://a:25/", 9, 11, false).unwrap();
        assert_eq!(v, b"http://a:25/\n");
        v.clear();
        // An out-of-range span never panics.
        write_highlighted(&mut v, "ab", 1, 9, true).unwrap();
        assert_eq!(v, b"ab\n");
    }
}
