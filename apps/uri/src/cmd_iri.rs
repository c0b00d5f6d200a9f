//! `uri to-uri` and `uri to-iri`: the mappings between IRIs and URIs
//! (RFC 3987, 3.1 and 3.2).

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::Write;

use serde::Serialize;
use urikit::{IriRef, UriRef};

use crate::common::{
    InputArgs, Inputs, Output, OutputArgs, Status, lossy, write_invalid, write_record,
};

/// Map IRI references to URI references, one per line (RFC 3987, 3.1)
///
/// Every character outside US-ASCII is percent-encoded as UTF-8; the rest
/// stays as written. With no IRI, reads one reference per line from
/// standard input (or the files of -i). An invalid reference is reported on
/// standard error with its line number, and left out of the output unless
/// --keep-invalid.
#[derive(clap::Args, Debug)]
pub struct ToUriArgs {
    /// Map the host name with IDNA ToASCII (xn-- labels) instead of
    /// percent-encoding it.
    #[arg(long)]
    idna: bool,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The IRI references to map.
    #[arg(value_name = "IRI", conflicts_with = "input")]
    refs: Vec<OsString>,
}

/// Map URI references to IRI references, one per line (RFC 3987, 3.2)
///
/// Percent-encoded UTF-8 is decoded where the IRI grammar allows the
/// character; everything else stays as written. With no URI, reads one
/// reference per line from standard input (or the files of -i). An invalid
/// reference is reported on standard error with its line number, and left
/// out of the output unless --keep-invalid.
#[derive(clap::Args, Debug)]
pub struct ToIriArgs {
    /// Also show xn-- labels of the host as Unicode (IDNA ToUnicode).
    #[arg(long)]
    idna: bool,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The URI references to map.
    #[arg(value_name = "URI", conflicts_with = "input")]
    refs: Vec<OsString>,
}

pub fn run_to_uri(args: ToUriArgs, out: &mut Output) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.refs, &args.input).each(|input, loc| {
        let r = match IriRef::parse_bytes(input) {
            Ok(r) => r,
            Err(e) => {
                status = Status::Flagged;
                write_invalid(out, args.output.json, input, &e, loc)?;
                if args.output.keep_invalid && !args.output.json {
                    out.line(input)?;
                }
                return Ok(());
            }
        };
        let mapped = if args.idna {
            match r.to_uri_idna() {
                Ok(m) => m,
                Err(e) => {
                    status = Status::Flagged;
                    // The error's index is within the host: make it the
                    // input's, for the caret.
                    let host_at = r.host_str().map_or(0, |h| offset(r.as_str(), h));
                    let index = host_at + e.index();
                    let message = format!("invalid host for IDNA: {e}");
                    if args.output.json {
                        let record = IdnaFailed {
                            input: lossy(input),
                            valid: true,
                            error: IdnaError {
                                index,
                                kind: e.kind().name(),
                                message,
                            },
                        };
                        write_record(out, &record)?;
                    } else {
                        out.report_caret(loc, input, index, &message);
                        if args.output.keep_invalid {
                            out.line(input)?;
                        }
                    }
                    return Ok(());
                }
            }
        } else {
            r.to_uri()
        };
        write_mapped(out, args.output.json, r.as_str(), true, mapped)?;
        Ok(())
    })?;
    Ok(status)
}

pub fn run_to_iri(args: ToIriArgs, out: &mut Output) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.refs, &args.input).each(|input, loc| {
        match UriRef::parse_bytes(input) {
            Ok(r) => {
                let mapped = if args.idna {
                    r.to_iri_idna()
                } else {
                    r.to_iri()
                };
                write_mapped(out, args.output.json, r.as_str(), false, mapped)?;
            }
            Err(e) => {
                status = Status::Flagged;
                write_invalid(out, args.output.json, input, &e, loc)?;
                if args.output.keep_invalid && !args.output.json {
                    out.line(input)?;
                }
            }
        }
        Ok(())
    })?;
    Ok(status)
}

/// One result line: the mapped text, or with `json` the object
/// `{"input","valid":true,"uri"|"iri","changed"}`.
fn write_mapped(
    out: &mut Output,
    json: bool,
    input: &str,
    to_uri: bool,
    mapped: Cow<'_, str>,
) -> std::io::Result<()> {
    if json {
        let mapped = Some(&*mapped);
        let (uri, iri) = if to_uri {
            (mapped, None)
        } else {
            (None, mapped)
        };
        return write_record(
            out,
            &MappedRecord {
                input,
                valid: true,
                uri,
                iri,
                changed: mapped != Some(input),
            },
        );
    }
    out.write_all(mapped.as_bytes())?;
    out.newline()
}

/// `{"input","valid":true,"uri"|"iri","changed"}`: the one key the
/// direction gives.
#[derive(Serialize)]
struct MappedRecord<'a> {
    input: &'a str,
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iri: Option<&'a str>,
    changed: bool,
}

/// `{"input","valid":true,"error"}`: a valid IRI whose host IDNA refuses.
#[derive(Serialize)]
struct IdnaFailed<'a> {
    input: Cow<'a, str>,
    valid: bool,
    error: IdnaError,
}

#[derive(Serialize)]
struct IdnaError {
    index: usize,
    kind: &'static str,
    message: String,
}

/// The offset of `part` within `whole` (a sub-slice of it).
fn offset(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}
