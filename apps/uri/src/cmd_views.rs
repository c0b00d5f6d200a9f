//! `uri views`: every parser's view of a URI, and where they disagree
//! (issue 28).

use std::ffi::OsString;
use std::io::Write;

use serde::Serialize;
use serde::ser::SerializeMap;
use urikit_views::{Parser, Readings, Views, views_of};

use crate::common::{
    ErrorRecord, InputArgs, Inputs, InvalidRecord, Output, OutputArgs, Status, UsageError,
    write_record,
};

/// The longest input read, in bytes: 2 MiB, the longest URL Chrome takes
/// (`url::kMaxURLChars`). The parsers' views take about ten times their
/// input in memory and the JSON record several times its length (a line
/// of 100 MB took 1.18 GB and wrote 700 MB, issue 34): past this, an input
/// is an error, not a URL any browser would load.
pub const MAX_INPUT: usize = 2 << 20;

/// Show how each parser reads a URI, and where they disagree: RFC 3986
/// (urikit, strict), java.net.URI (RFC 2396, Java's reading), the WHATWG
/// URL Standard (the `url` crate, as browsers, Node and reqwest read URLs)
/// and libcurl's URL API (the system's libcurl). Each view gives the
/// scheme, userinfo, host (as that parser's host accessor writes it, with
/// its kind), port, path, query and fragment, or the parser's error. Each
/// finding names its kind (host, port, userinfo, scheme, path, query,
/// fragment, backslash, whitespace, ipv4-form, percent-decoded-host, idna,
/// dot-segments, rejected), the parsers compared with their values, and a
/// weight (high for a different host, port or userinfo).
///
/// Prints a table per input. Exits 1 when two of the selected parsers read
/// a different host or port (a high finding about the host or port), so it
/// works as a gate in scripts.
///
/// `--check A --fetch B` answers "I validate with A and connect with B: is
/// this input safe?": the two views, then `safe` or `unsafe` and why; exit 1
/// when their hosts or ports differ or one refuses what the other accepts.
/// With --json the record has "check", "fetch", "safe" and "reason" too. With --json, one object per input:
/// {"input", "views": {PARSER: {"scheme", "userinfo", "host", "host_kind",
/// "port", "path", "query", "fragment"} or {"error"}}, "findings":
/// [{"kind", "parsers", "values", "weight"}]}; an input that is not
/// UTF-8 or is too long gives {"input", "valid": false, "error": {"index",
/// "kind", "component", "message"}} in its place.
///
/// One input is at most 2 MiB (Chrome's limit on a URL's length); a longer
/// one is an error at byte 2,097,152 and is not read by any parser. In the
/// table, a value over 256 bytes is shown as its first and last 96 bytes
/// around "…" (as diagnostics cut an input), so an input's table is a few
/// kilobytes whatever its length.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    output: OutputArgs,
    /// The parsers to compare, comma-separated names (`uri views --parsers
    /// nope` lists them) or `all` (default: rfc3986, whatwg, java, curl,
    /// urllib, urllib3, go, node-legacy, those this build has).
    #[arg(long, value_name = "LIST", value_delimiter = ',', conflicts_with_all = ["check", "fetch"])]
    parsers: Vec<String>,
    /// The parser that validates the URL (with --fetch).
    #[arg(long, value_name = "PARSER", requires = "fetch")]
    check: Option<String>,
    /// The parser of the client that connects (with --check).
    #[arg(long, value_name = "PARSER", requires = "check")]
    fetch: Option<String>,
    #[command(flatten)]
    input: InputArgs,
    /// The URIs to read.
    #[arg(value_name = "URI", conflicts_with = "input")]
    uris: Vec<OsString>,
}

fn selected(names: &[String]) -> anyhow::Result<Vec<Parser>> {
    if names.is_empty() {
        return Ok(Parser::defaults().collect());
    }
    let readable: Vec<Parser> = Parser::available().collect();
    Parser::select(names.iter().map(String::as_str), &readable)
        .map_err(|e| UsageError(e.to_string()).into())
}

/// `--check A --fetch B`: the two parsers, validator first.
fn pair(check: &str, fetch: &str) -> anyhow::Result<(Parser, Parser)> {
    let readable: Vec<Parser> = Parser::available().collect();
    let one = |name: &str| {
        Parser::select([name], &readable)
            .map(|p| p[0])
            .map_err(|e| anyhow::Error::from(UsageError(e.to_string())))
    };
    let (a, b) = (one(check)?, one(fetch)?);
    if a == b {
        return Err(UsageError(format!("--check and --fetch name the same parser, '{a}'")).into());
    }
    Ok((a, b))
}

/// Whether the validator's reading is the one the client connects to: no
/// high finding about the host or port, and both accept or both refuse.
/// `None` when safe, else the reason.
fn verdict(v: &Views<'_>, check: Parser, fetch: Parser) -> Option<String> {
    let ok = |p| matches!(v.view(p), Some(Ok(_)));
    match (ok(check), ok(fetch)) {
        (true, false) => return Some(format!("{check} accepts what {fetch} refuses")),
        (false, true) => return Some(format!("{check} refuses what {fetch} accepts")),
        (false, false) => return None,
        (true, true) => {}
    }
    let kinds: Vec<&str> = v
        .findings
        .iter()
        .filter(|f| f.about_host_or_port())
        .map(|f| f.kind.name())
        .collect();
    (!kinds.is_empty()).then(|| {
        format!(
            "the two read a different host or port ({})",
            kinds.join(", ")
        )
    })
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let gate = match (&args.check, &args.fetch) {
        (Some(c), Some(f)) => Some(pair(c, f)?),
        _ => None,
    };
    let parsers = match gate {
        Some((c, f)) => vec![c, f],
        None => selected(&args.parsers)?,
    };
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.uris, &args.input).each_text(|input, text, loc| {
        // Not UTF-8, or too long: an error in the input's place, one
        // JSON object per input as everywhere (--keep-invalid keeps the
        // raw line out of the JSON Lines).
        let refused = match text {
            None => {
                let at = std::str::from_utf8(input)
                    .err()
                    .map_or(0, |e| e.valid_up_to());
                Some((
                    at,
                    urikit::ErrorKind::InvalidUtf8,
                    "not UTF-8: every parser reads text".to_string(),
                ))
            }
            Some(t) if t.len() > MAX_INPUT => Some((
                MAX_INPUT,
                urikit::ErrorKind::TooLong,
                format!("input longer than {MAX_INPUT} bytes (2 MiB): not read"),
            )),
            Some(_) => None,
        };
        if let Some((index, kind, message)) = refused {
            status = Status::Flagged;
            if args.output.json {
                let error = ErrorRecord {
                    index,
                    kind: kind.name(),
                    component: None,
                    message,
                };
                write_record(out, &InvalidRecord::new(input, error))?;
            } else {
                out.report_caret(loc, input, index, &message);
                if args.output.keep_invalid {
                    out.line(input)?;
                }
            }
            return Ok(());
        }
        let text = text.unwrap_or_default();
        let v = views_of(text, &parsers);
        let gate = gate.map(|(c, f)| (c, f, verdict(&v, c, f)));
        if args.output.json {
            write_record(out, &Record(&v, gate.as_ref()))?;
        } else {
            let eol = out.eol();
            out.write_all(&urikit_cli::format::views_table(&v, out.color, eol))?;
            if let Some((c, f, why)) = &gate {
                let refused = |p| matches!(v.view(p), Some(Err(_)));
                let line = match why {
                    None if refused(*c) => format!("safe: {c} and {f} both refuse it"),
                    None => format!("safe: {c} and {f} read the same host and port"),
                    Some(why) => format!("unsafe: {why}"),
                };
                out.write_all(line.as_bytes())?;
                out.write_all(&[eol])?;
            }
            out.end_line()?;
        }
        status = status.flag_if(match &gate {
            Some((_, _, why)) => why.is_some(),
            None => v.host_or_port_differs(),
        });
        Ok(())
    })?;
    Ok(status)
}

/// The JSON object of one input, with the verdict of `--check --fetch`.
struct Record<'v, 'a>(&'v Views<'a>, Option<&'v (Parser, Parser, Option<String>)>);

impl Serialize for Record<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("input", self.0.input)?;
        if let Some((check, fetch, why)) = self.1 {
            m.serialize_entry("check", check.name())?;
            m.serialize_entry("fetch", fetch.name())?;
            m.serialize_entry("safe", &why.is_none())?;
            m.serialize_entry("reason", why)?;
        }
        // The shapes of urikit-views' record module, shared by every face.
        m.serialize_entry("views", &Readings(&self.0.views))?;
        m.serialize_entry("findings", &self.0.findings)?;
        m.end()
    }
}
