//! `uri guess`: complete suffix references such as `www.w3.org/Addressing/`
//! (RFC 3986, section 4.5).

use std::borrow::Cow;
use std::ffi::OsString;

use serde::Serialize;
use urikit::suffix::{Guess, SuffixOptions};

use urikit_cli::format::excerpt;

use crate::common::{InputArgs, Inputs, Output, OutputArgs, Status, lossy, write_record};

/// Complete what a person typed into a URI: `www.w3.org/Addressing/` gives
/// `http://www.w3.org/Addressing/` (RFC 3986, 4.5). The heuristics: input
/// that is already a URI is printed unchanged (a note on standard error says
/// so); "//host/…" gets the default scheme; "user@host" gets "mailto:"; a
/// first label "www" or "web" gets the default scheme, "ftp" ftp, "gopher"
/// gopher, "news"/"nntp" nntp, "irc" irc, "ldap" ldap; any other host name,
/// IP address or localhost gets the default scheme. "host:port" counts as a
/// suffix even though it parses as a URI with the scheme "host".
///
/// Prints one URI per completed input; an input that cannot be completed
/// is reported on standard error (with its line number) and makes the exit
/// status 1. With no TEXT, reads one per line from standard input (or the
/// files of -i). With --json, the keys are "input", "outcome" (completed,
/// already-uri, cannot-complete), "uri", "heuristic", "also_uri" and
/// "reason".
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    output: OutputArgs,
    /// The scheme for "www" hosts, other host names and network paths.
    #[arg(long, value_name = "SCHEME", default_value = "http")]
    default_scheme: String,
    #[command(flatten)]
    input: InputArgs,
    /// The suffix references to complete.
    #[arg(value_name = "TEXT", conflicts_with = "input")]
    texts: Vec<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let opts = SuffixOptions::new().default_scheme(&args.default_scheme);
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.texts, &args.input).each(|input, loc| {
        let text = String::from_utf8_lossy(input);
        let guess = opts.guess(&text);
        status = status.flag_if(matches!(guess, Guess::CannotComplete(_)));
        if args.output.json {
            write_json(out, input, &text, &guess)?;
            return Ok(());
        }
        match &guess {
            Guess::Completed(c) => {
                out.line(c.uri().as_str().as_bytes())?;
                if c.also_parses_as_uri() {
                    let scheme = text.trim().split(':').next().unwrap_or("");
                    // Notes quote the input as an excerpt (see urikit_cli::format).
                    let (text, scheme) = (excerpt(&text), excerpt(scheme));
                    let note = format!("note: '{text}' is also a valid URI with the scheme '{scheme}'; read as host:port");
                    out.report(loc, &note);
                }
            }
            Guess::AlreadyUri => {
                out.line(text.trim().as_bytes())?;
                out.report(loc, &format!("note: '{}' is already a URI", excerpt(text.trim())));
            }
            other => {
                let why = match other {
                    Guess::CannotComplete(why) => why.to_string(),
                    _ => "cannot complete".to_string(),
                };
                out.report(loc, &format!("'{}': {why}", excerpt(&text)));
                if args.output.keep_invalid {
                    out.line(input)?;
                }
            }
        }
        Ok(())
    })?;
    Ok(status)
}

/// `{"input","outcome","uri",...}`: "heuristic" and "also_uri" for a
/// completed guess, "reason" for one that cannot be completed.
#[derive(Serialize)]
struct GuessRecord<'a> {
    input: Cow<'a, str>,
    outcome: &'static str,
    uri: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    heuristic: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    also_uri: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

fn write_json(out: &mut Output, input: &[u8], text: &str, guess: &Guess) -> anyhow::Result<()> {
    let mut record = GuessRecord {
        input: lossy(input),
        outcome: "cannot-complete",
        uri: None,
        heuristic: None,
        also_uri: None,
        reason: None,
    };
    match guess {
        Guess::Completed(c) => {
            record.outcome = "completed";
            record.uri = Some(c.uri().as_str());
            record.heuristic = Some(c.heuristic().name());
            record.also_uri = Some(c.also_parses_as_uri());
        }
        Guess::AlreadyUri => {
            record.outcome = "already-uri";
            record.uri = Some(text.trim());
        }
        Guess::CannotComplete(why) => record.reason = Some(why.to_string()),
        _ => record.reason = Some("cannot complete".into()),
    }
    write_record(out, &record)?;
    Ok(())
}
