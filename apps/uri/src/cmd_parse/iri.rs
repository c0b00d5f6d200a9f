//! `uri parse --iri` and `uri parse --zone-id`: IRI references (RFC 3987)
//! and IPv6 zone identifiers (RFC 6874). A path of its own, so that the
//! tuned URI path of `uri parse` stays as it is.

use std::io::Write;

use urikit::{IriRef, ParseError, ParseOptions, UriRef};

use super::args::{Args, Field, FieldsRecord, ParseRecord, port_number};
use crate::common::{Inputs, Output, Status, UsageError, write_invalid, write_json, write_record};

/// The components of a parsed reference, URI or IRI alike.
struct Parts<'a> {
    text: &'a str,
    kind: &'static str,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<&'static str>,
    zone: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Fill `Parts` from any parsed type: URI and IRI share their accessors.
macro_rules! parts {
    ($r:expr, $kind:expr) => {{
        let r = $r;
        let host = r.host();
        Parts {
            text: r.as_str(),
            kind: $kind,
            scheme: r.scheme(),
            authority: r.authority(),
            userinfo: r.userinfo(),
            host: host.as_ref().map(|h| h.as_str()),
            host_kind: host.as_ref().map(|h| h.kind().name()),
            zone: host.as_ref().and_then(|h| h.zone()),
            port: r.port(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }};
}

impl<'a> Parts<'a> {
    fn field(&self, field: Field) -> Option<&'a str> {
        match field {
            Field::Scheme => self.scheme,
            Field::Userinfo => self.userinfo,
            Field::Host => self.host,
            Field::Port | Field::PortText => self.port,
            Field::Path => Some(self.path),
            Field::Query => self.query,
            Field::Fragment => self.fragment,
            Field::Authority => self.authority,
            Field::HostKind => self.host_kind,
            Field::Zone => self.zone,
        }
    }
}

/// Parse one input as the options say.
fn parse<'a>(iri: bool, options: ParseOptions, input: &'a [u8]) -> Result<Parts<'a>, ParseError> {
    let text = match std::str::from_utf8(input) {
        Ok(text) => text,
        // The byte-level entry points name the first byte that is not
        // UTF-8 (and so never succeed here).
        Err(_) if iri => IriRef::parse_bytes(input)?.as_str(),
        Err(_) => UriRef::parse_bytes(input)?.as_str(),
    };
    if iri {
        let r = options.parse_iri_ref(text)?;
        let kind = if r.is_relative() {
            "relative"
        } else if r.as_uri_ref().is_some() {
            "uri"
        } else {
            "iri"
        };
        Ok(parts!(r, kind))
    } else {
        let r = options.parse_uri_ref(text)?;
        let kind = if r.is_relative() { "relative" } else { "uri" };
        Ok(parts!(r, kind))
    }
}

pub fn run(args: &Args, out: &mut Output) -> anyhow::Result<Status> {
    if args.rule != "URI-reference" {
        return Err(UsageError(
            "--iri and --zone-id parse the URI-reference rule (IRI-reference) only".into(),
        )
        .into());
    }
    let options = ParseOptions::new().zone_id(args.zone_id);
    let mut status = Status::Ok;
    let mut first = true;
    out.set_null(args.input.null);
    Inputs::new(&args.refs, &args.input).each(|input, loc| {
        let p = match parse(args.iri, options, input) {
            Ok(p) => p,
            Err(e) => {
                status = Status::Flagged;
                if args.output.json {
                    write_invalid(out, true, input, &e, loc)?;
                } else {
                    out.report_caret(loc, input, e.index(), &e.to_string());
                    if args.output.keep_invalid {
                        out.line(input)?;
                    }
                }
                return Ok(());
            }
        };
        if args.check {
            return Ok(());
        }
        if !args.fields.is_empty() {
            return write_fields(out, &p, &args.fields, args.output.json);
        }
        if args.output.json {
            return write_parts(out, &p, args.zone_id);
        }
        if !first {
            writeln!(out)?;
        }
        first = false;
        write_human(out, &p, args.zone_id)
    })?;
    Ok(status)
}

fn write_fields(
    out: &mut Output,
    p: &Parts<'_>,
    fields: &[Field],
    json: bool,
) -> anyhow::Result<()> {
    if json {
        let record = FieldsRecord(
            fields
                .iter()
                .map(|f| (f.key(), p.field(*f).map(Into::into)))
                .collect(),
        );
        write_json(out, &record)?;
    } else {
        for (i, field) in fields.iter().enumerate() {
            if i > 0 {
                out.write_all(b"\t")?;
            }
            // Valid IRI text holds no tab (nor any control), so no field
            // needs quoting.
            out.write_all(p.field(*field).unwrap_or("").as_bytes())?;
        }
    }
    out.newline()?;
    Ok(())
}

/// The object of `uri parse --json`, with "zone" after "host_kind" when
/// zone IDs are on.
fn write_parts(out: &mut Output, p: &Parts<'_>, zone: bool) -> anyhow::Result<()> {
    let record = ParseRecord {
        input: p.text,
        valid: true,
        kind: p.kind,
        scheme: p.scheme,
        authority: p.authority,
        userinfo: p.userinfo,
        host: p.host,
        host_kind: p.host_kind,
        zone: zone.then_some(p.zone),
        port: port_number(p.port),
        port_text: p.port,
        path: p.path,
        query: p.query,
        fragment: p.fragment,
    };
    write_record(out, &record)?;
    Ok(())
}

fn write_human(out: &mut Output, p: &Parts<'_>, zone: bool) -> anyhow::Result<()> {
    let q = |v: Option<&str>| v.map_or_else(|| "none".to_string(), |v| format!("\"{v}\""));
    writeln!(out, "{}", crate::common::escape(p.text))?;
    let kind = match p.kind {
        "relative" => "relative reference",
        "uri" => "URI",
        _ => "IRI",
    };
    writeln!(out, "  kind       {kind}")?;
    writeln!(out, "  scheme     {}", q(p.scheme))?;
    writeln!(out, "  authority  {}", q(p.authority))?;
    writeln!(out, "  userinfo   {}", q(p.userinfo))?;
    match (p.host, p.host_kind) {
        (Some(h), Some(k)) => writeln!(out, "  host       \"{h}\"  ({k})")?,
        _ => writeln!(out, "  host       none")?,
    }
    if zone {
        writeln!(out, "  zone       {}", q(p.zone))?;
    }
    writeln!(out, "  port       {}", q(p.port))?;
    writeln!(out, "  path       \"{}\"", p.path)?;
    writeln!(out, "  query      {}", q(p.query))?;
    writeln!(out, "  fragment   {}", q(p.fragment))?;
    Ok(())
}
