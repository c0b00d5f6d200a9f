//! `uri encode` and `uri decode`: percent-encoding (RFC 3986, 2.1, 2.4).

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::Write;

use serde::Serialize;
use urikit::percent;

use crate::common::{InputArgs, Inputs, Output, OutputArgs, Status, lossy, named, write_record};

/// Percent-encode data for one component, one result per line (RFC 3986, 2.1)
///
/// Text is encoded as UTF-8 (2.4); hex is uppercase. With no TEXT, encodes
/// each line of standard input (or of the files of -i).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The component the data goes in; its ABNF rule decides what stays
    /// unencoded. segment is one path segment ("/" encoded), segment-nc one
    /// without ":" either; query-pair is a key or value of a key=value&...
    /// query ("&", "=", "+" encoded too); unreserved encodes all but
    /// letters, digits and "-._~".
    #[arg(long, short, value_name = "COMPONENT", value_parser = named::<percent::EncodeSet>())]
    component: percent::EncodeSet,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The data to encode.
    #[arg(value_name = "TEXT", conflicts_with = "input")]
    text: Vec<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let set = args.component.class();
    out.set_null(args.input.null);
    Inputs::new(&args.text, &args.input).each(|input, _| {
        let encoded = percent::encode(input, set);
        if args.output.json {
            let record = Encoded {
                input: lossy(input),
                encoded: encoded.to_cow(),
            };
            write_record(out, &record)?;
        } else {
            write!(out, "{encoded}")?;
            out.newline()?;
        }
        Ok(())
    })?;
    Ok(Status::Ok)
}

/// Percent-decode text, one result per line (RFC 3986, 2.1)
///
/// Every "%" with two hex digits becomes its byte; the bytes are written as
/// they are. Decode one component at a time (2.4): "%2F" decodes to a "/"
/// that was data. With no TEXT, decodes each line of standard input (or of
/// the files of -i). An input that is not UTF-8 is reported on standard
/// error with its line number, and the exit status is 1. With --json, each
/// object has "utf8": false when the decoded bytes are not UTF-8 (shown with
/// U+FFFD).
#[derive(clap::Args, Debug)]
pub struct DecodeArgs {
    /// Read "+" as a space (application/x-www-form-urlencoded data).
    #[arg(long)]
    form: bool,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The text to decode.
    #[arg(value_name = "TEXT", conflicts_with = "input")]
    text: Vec<OsString>,
}

pub fn run_decode(args: DecodeArgs, out: &mut Output) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.text, &args.input).each(|input, loc| {
        let Ok(text) = std::str::from_utf8(input) else {
            // Encoded text is ASCII; anything else is not what to decode.
            status = Status::Flagged;
            if args.output.json {
                let record = NotUtf8 {
                    input: lossy(input),
                    error: "input is not UTF-8",
                };
                write_record(out, &record)?;
            } else {
                let e = std::str::from_utf8(input).unwrap_err();
                out.report_caret(loc, input, e.valid_up_to(), "input is not UTF-8");
                if args.output.keep_invalid {
                    out.line(input)?;
                }
            }
            return Ok(());
        };
        let d = if args.form {
            percent::decode_form(text)
        } else {
            percent::decode(text)
        };
        let bytes = d.to_bytes();
        if args.output.json {
            let record = Decoded {
                input: text,
                decoded: lossy(&bytes),
                utf8: std::str::from_utf8(&bytes).is_ok(),
            };
            write_record(out, &record)?;
        } else {
            out.line(&bytes)?;
        }
        Ok(())
    })?;
    Ok(status)
}

/// `{"input","encoded"}`.
#[derive(Serialize)]
struct Encoded<'a> {
    input: Cow<'a, str>,
    encoded: Cow<'a, str>,
}

/// `{"input","decoded","utf8"}`: the decoded bytes shown with U+FFFD where
/// they are not UTF-8 ("utf8": false).
#[derive(Serialize)]
struct Decoded<'a> {
    input: &'a str,
    decoded: Cow<'a, str>,
    utf8: bool,
}

/// `{"input","error"}`: an input to decode that is not UTF-8.
#[derive(Serialize)]
struct NotUtf8<'a> {
    input: Cow<'a, str>,
    error: &'static str,
}
