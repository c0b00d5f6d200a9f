//! `uri parse --rfc2396` and `uri parse --java`: the RFC 2396 profile of the
//! parser ([`urikit::rfc2396::Rfc2396Ref`]) and java.net.URI's reading of
//! it ([`urikit::java::JavaUri`]): their parse and records, for the one
//! loop of the profiles (`super::run_profile`).

use std::borrow::Cow;
use std::io::Write;

use serde::Serialize;
use urikit::java::JavaUri;
use urikit::rfc2396::Rfc2396Ref;
use urikit::{ErrorKind, ParseError};

use super::args::{Field, port_number};
use crate::common::{ErrorRecord, Output};

/// The JSON line of a reference parsed by RFC 2396: the keys of the
/// default `uri parse --json`, with "opaque" after "scheme" and
/// "authority_kind" after "authority".
#[derive(Serialize)]
pub(super) struct Rfc2396Record<'a> {
    input: &'a str,
    valid: bool,
    kind: &'static str,
    scheme: Option<&'a str>,
    opaque: bool,
    authority: Option<&'a str>,
    authority_kind: Option<&'static str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<&'static str>,
    /// A number, as in `uri parse --json` (null past 65535 or empty).
    port: Option<u16>,
    port_text: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// The JSON line of `uri parse --java`: what java.net.URI's getters give.
/// "scheme_specific_part" is `getRawSchemeSpecificPart()`, "authority"
/// `getRawAuthority()`, "userinfo" `getRawUserInfo()`, "host" `getHost()`,
/// "port" `getPort()` (a number; null where Java gives -1, as every other
/// face writes an absent port), "path" `getRawPath()` (null
/// for an opaque URI), "query" `getRawQuery()`, "fragment"
/// `getRawFragment()`.
#[derive(Serialize)]
pub(super) struct JavaRecord<'a> {
    input: &'a str,
    valid: bool,
    kind: &'static str,
    scheme: Option<&'a str>,
    opaque: bool,
    scheme_specific_part: &'a str,
    authority: Option<&'a str>,
    authority_kind: Option<&'static str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<i32>,
    path: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Why an input is not an RFC 2396 URI-reference: the parser's error, or
/// bytes that are not UTF-8 from this index on.
pub(super) enum Rfc2396Error {
    Parse(ParseError),
    NotUtf8(usize),
}

impl Rfc2396Error {
    pub(super) fn index(&self) -> usize {
        match self {
            Rfc2396Error::Parse(e) => e.index(),
            Rfc2396Error::NotUtf8(i) => *i,
        }
    }

    pub(super) fn record(&self) -> ErrorRecord {
        match self {
            Rfc2396Error::Parse(e) => ErrorRecord::from(e),
            Rfc2396Error::NotUtf8(i) => ErrorRecord {
                index: *i,
                kind: ErrorKind::InvalidUtf8.name(),
                component: None,
                message: ErrorKind::InvalidUtf8.to_string(),
            },
        }
    }

    pub(super) fn message(&self) -> String {
        match self {
            Rfc2396Error::Parse(e) => e.to_string(),
            Rfc2396Error::NotUtf8(i) => format!("{} at index {i}", ErrorKind::InvalidUtf8),
        }
    }
}

/// Parse bytes by RFC 2396. The grammar is ASCII, so an error before the
/// first byte that is not UTF-8 comes first; else that byte is the error.
pub(super) fn parse_rfc2396(input: &[u8]) -> Result<Rfc2396Ref<'_>, Rfc2396Error> {
    match std::str::from_utf8(input) {
        Ok(text) => Rfc2396Ref::parse(text).map_err(Rfc2396Error::Parse),
        Err(u) => {
            let at = u.valid_up_to();
            if let Ok(prefix) = std::str::from_utf8(&input[..at])
                && let Err(e) = Rfc2396Ref::parse(prefix)
                && e.index() < at
            {
                return Err(Rfc2396Error::Parse(e));
            }
            Err(Rfc2396Error::NotUtf8(at))
        }
    }
}

/// "uri" with a scheme, "relative" without, as in `uri parse --json`.
fn kind(scheme: Option<&str>) -> &'static str {
    if scheme.is_some() { "uri" } else { "relative" }
}

pub(super) fn rfc2396_record<'a>(r: &Rfc2396Ref<'a>) -> Rfc2396Record<'a> {
    Rfc2396Record {
        input: r.as_str(),
        valid: true,
        kind: kind(r.scheme()),
        scheme: r.scheme(),
        opaque: r.is_opaque(),
        authority: r.authority(),
        authority_kind: r.authority_kind().map(|k| k.name()),
        userinfo: r.userinfo(),
        host: r.host(),
        host_kind: r.host_kind().map(|k| k.name()),
        port: port_number(r.port()),
        port_text: r.port(),
        path: r.path(),
        query: r.query(),
        fragment: r.fragment(),
    }
}

pub(super) fn java_record<'a>(u: &JavaUri<'a>) -> JavaRecord<'a> {
    JavaRecord {
        input: u.as_str(),
        valid: true,
        kind: kind(u.scheme()),
        scheme: u.scheme(),
        opaque: u.is_opaque(),
        scheme_specific_part: u.raw_scheme_specific_part(),
        authority: u.raw_authority(),
        authority_kind: u.authority_kind().map(|k| k.name()),
        userinfo: u.raw_user_info(),
        host: u.host(),
        // -1 is Java's word for "none".
        port: (u.port() >= 0).then(|| u.port()),
        path: u.raw_path(),
        query: u.raw_query(),
        fragment: u.raw_fragment(),
    }
}

/// A component that --field prints, by RFC 2396; `zone` is never there.
pub(super) fn rfc2396_field<'a>(r: &Rfc2396Record<'a>, field: Field) -> Option<Cow<'a, str>> {
    let v = match field {
        Field::Scheme => r.scheme,
        Field::Userinfo => r.userinfo,
        Field::Host => r.host,
        Field::Port | Field::PortText => r.port_text,
        Field::Path => Some(r.path),
        Field::Query => r.query,
        Field::Fragment => r.fragment,
        Field::Authority => r.authority,
        Field::HostKind => r.host_kind,
        Field::Zone => None,
    };
    v.map(Cow::Borrowed)
}

/// A component that --field prints, as java.net.URI's getters give it
/// (the port absent where `getPort()` is -1).
pub(super) fn java_field<'a>(r: &JavaRecord<'a>, field: Field) -> Option<Cow<'a, str>> {
    let v = match field {
        Field::Scheme => r.scheme,
        Field::Userinfo => r.userinfo,
        Field::Host => r.host,
        Field::Port | Field::PortText => return r.port.map(|p| Cow::Owned(p.to_string())),
        Field::Path => r.path,
        Field::Query => r.query,
        Field::Fragment => r.fragment,
        Field::Authority => r.authority,
        // Refused in `run`.
        Field::HostKind | Field::Zone => None,
    };
    v.map(Cow::Borrowed)
}

fn q(v: Option<&str>) -> String {
    v.map_or_else(|| "none".to_string(), |v| format!("\"{v}\""))
}

fn kind_line(kind: &str, opaque: bool) -> &'static str {
    match (kind, opaque) {
        ("relative", _) => "relative reference",
        (_, true) => "URI (opaque)",
        _ => "URI",
    }
}

pub(super) fn write_human_rfc2396(out: &mut Output, r: &Rfc2396Record<'_>) -> anyhow::Result<()> {
    writeln!(out, "{}", crate::common::escape(r.input))?;
    writeln!(out, "  kind       {}", kind_line(r.kind, r.opaque))?;
    writeln!(out, "  scheme     {}", q(r.scheme))?;
    match (r.authority, r.authority_kind) {
        (Some(a), Some(k)) => writeln!(out, "  authority  \"{a}\"  ({k})")?,
        _ => writeln!(out, "  authority  none")?,
    }
    writeln!(out, "  userinfo   {}", q(r.userinfo))?;
    match (r.host, r.host_kind) {
        (Some(h), Some(k)) => writeln!(out, "  host       \"{h}\"  ({k})")?,
        _ => writeln!(out, "  host       none")?,
    }
    writeln!(out, "  port       {}", q(r.port_text))?;
    writeln!(out, "  path       \"{}\"", r.path)?;
    writeln!(out, "  query      {}", q(r.query))?;
    writeln!(out, "  fragment   {}", q(r.fragment))?;
    Ok(())
}

pub(super) fn write_human_java(out: &mut Output, r: &JavaRecord<'_>) -> anyhow::Result<()> {
    writeln!(out, "{}", crate::common::escape(r.input))?;
    writeln!(out, "  kind       {}", kind_line(r.kind, r.opaque))?;
    writeln!(out, "  scheme     {}", q(r.scheme))?;
    writeln!(out, "  ssp        \"{}\"", r.scheme_specific_part)?;
    match (r.authority, r.authority_kind) {
        (Some(a), Some(k)) => writeln!(out, "  authority  \"{a}\"  ({k})")?,
        _ => writeln!(out, "  authority  none")?,
    }
    writeln!(out, "  userinfo   {}", q(r.userinfo))?;
    writeln!(out, "  host       {}", q(r.host))?;
    match r.port {
        Some(p) => writeln!(out, "  port       {p}")?,
        None => writeln!(out, "  port       none")?,
    }
    writeln!(out, "  path       {}", q(r.path))?;
    writeln!(out, "  query      {}", q(r.query))?;
    writeln!(out, "  fragment   {}", q(r.fragment))?;
    Ok(())
}
