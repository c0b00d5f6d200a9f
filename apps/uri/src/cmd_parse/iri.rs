//! `uri parse --iri` and `uri parse --zone-id`: the parse and the record
//! of IRI references (RFC 3987) and IPv6 zone identifiers (RFC 6874), for
//! the one loop of the profiles (`super::run_profile`).

use std::io::Write;

use urikit::{IriRef, ParseError, ParseOptions, UriRef};

use super::args::{Field, ParseRecord, port_number};
use crate::common::Output;

/// The components of a parsed reference, URI or IRI alike.
pub(super) struct Parts<'a> {
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
    pub(super) fn field(&self, field: Field) -> Option<&'a str> {
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
pub(super) fn parse<'a>(
    iri: bool,
    options: ParseOptions,
    input: &'a [u8],
) -> Result<Parts<'a>, ParseError> {
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

impl<'a> Parts<'a> {
    /// The object of `uri parse --json`, with "zone" after "host_kind"
    /// when zone IDs are on.
    pub(super) fn record(&self, zone: bool) -> ParseRecord<'a> {
        ParseRecord {
            input: self.text,
            valid: true,
            kind: self.kind,
            scheme: self.scheme,
            authority: self.authority,
            userinfo: self.userinfo,
            host: self.host,
            host_kind: self.host_kind,
            zone: zone.then_some(self.zone),
            port: port_number(self.port),
            port_text: self.port,
            path: self.path,
            query: self.query,
            fragment: self.fragment,
        }
    }
}

pub(super) fn write_human(out: &mut Output, p: &Parts<'_>, zone: bool) -> anyhow::Result<()> {
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
