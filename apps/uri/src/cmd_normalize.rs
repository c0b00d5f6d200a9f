//! `uri normalize`: the normal form of URI references (RFC 3986, 6.2).

use std::borrow::Cow;
use std::ffi::OsString;

use serde::Serialize;
use urikit::normalize::{Level, Normalizer};
use urikit::{IriRef, UriRef};

use crate::common::{
    InputArgs, Inputs, Output, OutputArgs, Status, lossy, named, parse_java, write_invalid,
    write_java_invalid, write_record,
};

/// `{"input","valid":true,"normalized","changed"}`.
#[derive(Serialize)]
struct Normalized<'a> {
    input: Cow<'a, str>,
    valid: bool,
    normalized: &'a str,
    changed: bool,
}

/// Print the normal form of URI references, one per line (RFC 3986, 6.2)
///
/// Syntax-based normalization (6.2.2): lowercase scheme and host, uppercase
/// percent-encoding hex, decoded unreserved characters, no dot segments, no
/// empty port; everything else as written. Relative references get only
/// case and percent-encoding changes. With no URI, reads one reference per
/// line from standard input (or the files of -i). An invalid reference is
/// reported on standard error with its line number, and left out of the
/// output unless --keep-invalid.
///
/// With --java: java.net.URI's `normalize()` (dot segments removed, but a
/// leading ".." kept; runs of "/" collapsed; nothing else changed).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// How far to go, as `uri eq --level`: string (6.2.1: nothing
    /// changes), syntax (6.2.2) or scheme (6.2.3: also drop default ports,
    /// "/" for an empty http(s) path, "file:///" for "file://localhost/",
    /// ...).
    #[arg(long, value_name = "LEVEL", default_value = "syntax", value_parser = named::<Level>())]
    level: Level,
    /// The old spelling of `--level scheme`, kept for one release.
    #[arg(long, hide = true, conflicts_with = "level")]
    scheme: bool,
    /// Write IPv6 hosts in the RFC 5952 text form.
    #[arg(long)]
    ipv6: bool,
    /// Normalize IRI references (RFC 3987 5.3): characters outside
    /// US-ASCII are kept as they are.
    #[arg(long)]
    iri: bool,
    /// With --iri, first put the text in Unicode Normalization Form C
    /// (RFC 3987 5.3.2.2).
    #[arg(long, requires = "iri")]
    nfc: bool,
    /// Normalize as java.net.URI's `normalize()` does, reading each input
    /// as `new java.net.URI(s)` does.
    #[arg(long, conflicts_with_all = ["iri", "scheme", "level", "ipv6"])]
    java: bool,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The references to normalize.
    #[arg(value_name = "URI", conflicts_with = "input")]
    refs: Vec<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let level = if args.scheme {
        Level::Scheme
    } else {
        args.level
    };
    let n = Normalizer::new(level).ipv6_canonical(args.ipv6);
    if args.iri {
        return run_iri(&args, &n, out);
    }
    if args.java {
        return run_java(&args, out);
    }
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.refs, &args.input).each(|input, loc| {
        match UriRef::parse_bytes(input) {
            Ok(r) => {
                let normal = r.normalize_with(&n);
                if args.output.json {
                    let record = Normalized {
                        input: r.as_str().into(),
                        valid: true,
                        normalized: normal.as_str(),
                        changed: !normal.is_borrowed(),
                    };
                    write_record(out, &record)?;
                } else {
                    out.line(normal.as_str().as_bytes())?;
                }
            }
            Err(e) => {
                status = Status::Flagged;
                if args.output.json {
                    write_invalid(out, true, input, &e, loc)?;
                } else {
                    out.report_uri_error(loc, input, &e);
                }
                if args.output.keep_invalid && !args.output.json {
                    out.line(input)?;
                }
            }
        }
        Ok(())
    })?;
    Ok(status)
}

/// `uri normalize --iri [--nfc]`: as [`run`], for IRI references.
fn run_iri(args: &Args, n: &Normalizer<'_>, out: &mut Output) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.refs, &args.input).each(|input, loc| {
        let normal = IriRef::parse_bytes(input).and_then(|r| {
            let nfc = if args.nfc {
                r.to_nfc()?
            } else {
                Cow::Borrowed(r.as_str())
            };
            // Parsed again only when NFC changed it (and then it is valid).
            let r = IriRef::parse(&nfc)?;
            Ok(match r.as_iri() {
                Some(iri) => iri.normalize_with(n).into_string(),
                None => r.normalize().into_string(),
            })
        });
        match normal {
            Ok(normal) => {
                if args.output.json {
                    let record = Normalized {
                        input: lossy(input),
                        valid: true,
                        normalized: &normal,
                        changed: normal.as_bytes() != input,
                    };
                    write_record(out, &record)?;
                } else {
                    out.line(normal.as_bytes())?;
                }
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

/// `uri normalize --java`: java.net.URI's `normalize()`.
fn run_java(args: &Args, out: &mut Output) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.refs, &args.input).each(|input, loc| {
        match parse_java(input) {
            Ok(u) => {
                let normal = u.normalize();
                if args.output.json {
                    let record = Normalized {
                        input: u.as_str().into(),
                        valid: true,
                        normalized: &normal,
                        changed: normal != u.as_str(),
                    };
                    write_record(out, &record)?;
                } else {
                    out.line(normal.as_bytes())?;
                }
            }
            Err(e) => {
                status = Status::Flagged;
                write_java_invalid(out, args.output.json, input, &e, loc)?;
                if args.output.keep_invalid && !args.output.json {
                    out.line(input)?;
                }
            }
        }
        Ok(())
    })?;
    Ok(status)
}
