//! `uri views`: every parser's view of a URI, and where they disagree
//! (issue 28).

use std::ffi::OsString;
use std::io::Write;

use serde::Serialize;
use serde::ser::SerializeMap;
use urikit::views::{Finding, Parser, Reading, View, Views, views_of};

use crate::common::{InputArgs, Inputs, Output, OutputArgs, Status, UsageError};

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
/// works as a gate in scripts. With --json, one object per input:
/// {"input", "views": {PARSER: {"scheme", "userinfo", "host", "host_kind",
/// "port", "path", "query", "fragment"} or {"error"}}, "findings":
/// [{"kind", "parsers", "values", "weight"}]}.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    output: OutputArgs,
    /// The parsers to compare, comma-separated: rfc3986, java, whatwg, curl
    /// (default: every one this build has).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    parsers: Vec<String>,
    #[command(flatten)]
    input: InputArgs,
    /// The URIs to read.
    #[arg(value_name = "URI", conflicts_with = "input")]
    uris: Vec<OsString>,
}

fn selected(names: &[String]) -> anyhow::Result<Vec<Parser>> {
    if names.is_empty() {
        return Ok(Parser::available().collect());
    }
    let readable: Vec<Parser> = Parser::available().collect();
    Parser::select(names.iter().map(String::as_str), &readable)
        .map_err(|e| UsageError(e.to_string()).into())
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let parsers = selected(&args.parsers)?;
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.uris, &args.input).each_text(|input, text, loc| {
        let Some(text) = text else {
            out.report(loc, "not UTF-8: every parser reads text");
            status = Status::Flagged;
            if args.output.keep_invalid {
                out.line(input)?;
            }
            return Ok(());
        };
        let v = views_of(text, &parsers);
        if args.output.json {
            crate::common::write_record(out, &Record(&v))?;
        } else {
            write_table(out, &v)?;
        }
        status = status.flag_if(v.host_or_port_differs());
        Ok(())
    })?;
    Ok(status)
}

/// The JSON object of one input.
struct Record<'v, 'a>(&'v Views<'a>);

impl Serialize for Record<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("input", self.0.input)?;
        m.serialize_entry("views", &ViewsRecord(&self.0.views))?;
        let findings: Vec<FindingRecord<'_>> = self.0.findings.iter().map(FindingRecord).collect();
        m.serialize_entry("findings", &findings)?;
        m.end()
    }
}

struct ViewsRecord<'v, 'a>(&'v [(Parser, Reading<'a>)]);

impl Serialize for ViewsRecord<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (parser, reading) in self.0 {
            match reading {
                Ok(v) => m.serialize_entry(parser.name(), &ViewRecord::from(v))?,
                Err(e) => m.serialize_entry(parser.name(), &ErrorRecord { error: e })?,
            }
        }
        m.end()
    }
}

#[derive(Serialize)]
struct ViewRecord<'v> {
    scheme: Option<&'v str>,
    userinfo: Option<&'v str>,
    host: Option<&'v str>,
    host_kind: Option<&'static str>,
    port: Option<&'v str>,
    path: Option<&'v str>,
    query: Option<&'v str>,
    fragment: Option<&'v str>,
}

impl<'v> From<&'v View<'_>> for ViewRecord<'v> {
    fn from(v: &'v View<'_>) -> ViewRecord<'v> {
        ViewRecord {
            scheme: v.scheme.as_deref(),
            userinfo: v.userinfo.as_deref(),
            host: v.host.as_deref(),
            host_kind: v.host_kind,
            port: v.port.as_deref(),
            path: v.path.as_deref(),
            query: v.query.as_deref(),
            fragment: v.fragment.as_deref(),
        }
    }
}

#[derive(Serialize)]
struct ErrorRecord<'v> {
    error: &'v str,
}

struct FindingRecord<'f>(&'f Finding);

impl Serialize for FindingRecord<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let f = self.0;
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("kind", f.kind.name())?;
        let parsers: Vec<&str> = f.parsers.iter().map(|p| p.name()).collect();
        m.serialize_entry("parsers", &parsers)?;
        m.serialize_entry("values", &f.values)?;
        m.serialize_entry("weight", f.weight.name())?;
        m.end()
    }
}

const COLUMNS: [&str; 8] = [
    "parser", "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// The input, then one row per parser (`-` where it has no value), then
/// one line per finding: `! WEIGHT KIND (component): parser=value ...`.
fn write_table(out: &mut Output, v: &Views<'_>) -> anyhow::Result<()> {
    let rows: Vec<Vec<String>> = v
        .views
        .iter()
        .map(|(parser, reading)| {
            let mut row = vec![parser.name().to_string()];
            match reading {
                Ok(view) => {
                    let cell = |c: &Option<std::borrow::Cow<'_, str>>| {
                        c.as_deref()
                            .map_or_else(|| "-".to_string(), |s| format!("{s:?}"))
                    };
                    row.push(cell(&view.scheme));
                    row.push(cell(&view.userinfo));
                    let mut host = cell(&view.host);
                    if let Some(kind) = view.host_kind {
                        host.push_str(&format!(" ({kind})"));
                    }
                    row.push(host);
                    row.push(cell(&view.port));
                    row.push(cell(&view.path));
                    row.push(cell(&view.query));
                    row.push(cell(&view.fragment));
                }
                Err(e) => row.push(format!("error: {e}")),
            }
            row
        })
        .collect();
    // An error row's message spans the columns after the parser's name:
    // it widens only the first.
    let mut widths: Vec<usize> = COLUMNS.iter().map(|c| c.len()).collect();
    for row in &rows {
        let cells = if row.len() == COLUMNS.len() {
            row.len()
        } else {
            1
        };
        for (w, cell) in widths.iter_mut().zip(&row[..cells]) {
            *w = (*w).max(cell.chars().count());
        }
    }
    writeln!(out, "{}", v.input.escape_debug())?;
    let header: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
    for (i, row) in std::iter::once(&header).chain(&rows).enumerate() {
        out.write_all(b"  ")?;
        for (j, cell) in row.iter().enumerate() {
            let last = j + 1 == row.len();
            let pad = if last {
                0
            } else {
                widths[j].saturating_sub(cell.chars().count())
            };
            if i == 0 {
                out.styled("1", cell)?;
            } else if cell.starts_with("error: ") {
                out.styled("33", cell)?;
            } else {
                out.write_all(cell.as_bytes())?;
            }
            if !last {
                write!(out, "{:pad$}  ", "")?;
            }
        }
        out.newline()?;
    }
    for f in &v.findings {
        let values: Vec<String> = f
            .parsers
            .iter()
            .zip(&f.values)
            .map(|(p, value)| match value {
                Some(value) => format!("{p}={value:?}"),
                None => format!("{p}=-"),
            })
            .collect();
        let style = match f.weight {
            urikit::views::Weight::High => "1;31",
            urikit::views::Weight::Medium => "33",
            _ => "0",
        };
        out.write_all(b"  ! ")?;
        out.styled(style, &format!("{} {}", f.weight, f.kind))?;
        write!(out, " ({}): {}", f.component, values.join(" "))?;
        out.newline()?;
    }
    Ok(())
}
