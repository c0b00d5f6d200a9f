//! The options of `uri parse` and the components it prints: the vocabulary
//! that its URI path ([`super::uri`]) and its IRI path ([`super::iri`]) share.

use std::borrow::Cow;
use std::ffi::OsString;

use serde::Serialize;
use serde::ser::SerializeMap;
use urikit::UriRef;

use crate::common::{InputArgs, OutputArgs};

/// Validate URI references and show their components (RFC 3986, Appendix A).
///
/// With no REF, reads one reference per line from standard input (or the
/// files of -i). An invalid reference is reported on standard error, with
/// its line number and a caret under the offending byte; with --json it is
/// an object with "valid": false on standard output instead.
#[derive(clap::Args, Debug)]
#[command(mut_arg("keep_invalid", |a| a.requires("fields")))]
pub struct Args {
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    /// Report only the inputs that are invalid, on standard error (a
    /// validity check: the exit status says whether any was); with --json,
    /// print only their objects.
    #[arg(long, conflicts_with = "fields")]
    pub(crate) check: bool,
    /// Print only these components, tab-separated, one line per input (an
    /// absent component is an empty field; with --json, an object with
    /// these keys, null for absent; "port" a number): scheme, userinfo,
    /// host, port, port-text (the digits as written), path,
    /// query, fragment, authority, host-kind, zone (empty unless
    /// --zone-id). Repeatable, or comma-separated.
    #[arg(long = "field", value_name = "NAME", value_enum, value_delimiter = ',')]
    pub(crate) fields: Vec<Field>,
    /// The ABNF rule to match: URI-reference (default), URI, absolute-URI,
    /// relative-ref, or any other rule of Appendix A (for those, only
    /// validity is reported).
    #[arg(long, value_name = "RULE", default_value = "URI-reference")]
    pub(crate) rule: String,
    /// Parse IRI references (RFC 3987): "kind" is "uri" when the value is
    /// also a URI, "iri" for other absolute forms, "relative" otherwise.
    #[arg(long)]
    pub(crate) iri: bool,
    /// Accept an IPv6 zone identifier in the RFC 6874 form
    /// ("[fe80::1%25eth0]"); the JSON gets a "zone" field.
    #[arg(long)]
    pub(crate) zone_id: bool,
    /// Parse by RFC 2396 (1998, with RFC 2732's IPv6 literals) instead of
    /// RFC 3986: the JSON adds "opaque" (scheme ":" opaque_part) and
    /// "authority_kind" ("server" or "registry", null without authority).
    #[arg(long, conflicts_with_all = ["iri", "zone_id", "java"])]
    pub(crate) rfc2396: bool,
    /// Parse as `new java.net.URI(s)` does: valid exactly when Java says so,
    /// the components as Java's raw getters give them ("port" is getPort(),
    /// null where Java gives -1), plus "opaque", "authority_kind" and
    /// "scheme_specific_part"; an error gives Java's reason and Java's
    /// index ("java_index", in UTF-16 units) beside the byte index.
    #[arg(long, conflicts_with_all = ["iri", "zone_id"])]
    pub(crate) java: bool,
    #[command(flatten)]
    pub(crate) input: InputArgs,
    /// The references to parse.
    #[arg(value_name = "REF", conflicts_with = "input")]
    pub(crate) refs: Vec<OsString>,
}

/// A component that --field can print.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    Scheme,
    Userinfo,
    Host,
    Port,
    /// The port's digits as written (in text output, `port` is that too).
    PortText,
    Path,
    Query,
    Fragment,
    Authority,
    HostKind,
    Zone,
}

impl Field {
    /// The component's value in `r`: `None` when absent.
    pub(crate) fn of<'a>(self, r: &'a UriRef<'_>) -> Option<&'a str> {
        match self {
            Field::Scheme => r.scheme(),
            Field::Userinfo => r.userinfo(),
            Field::Host => r.host_str(),
            Field::Port | Field::PortText => r.port(),
            Field::Path => Some(r.path()),
            Field::Query => r.query(),
            Field::Fragment => r.fragment(),
            Field::Authority => r.authority(),
            Field::HostKind => r.host_kind().map(|k| k.name()),
            // RFC 6874 zone IDs are not parsed yet: never present.
            Field::Zone => None,
        }
    }

    /// The JSON key: as in the full --json object.
    pub(crate) fn key(self) -> &'static str {
        match self {
            Field::Scheme => "scheme",
            Field::Userinfo => "userinfo",
            Field::Host => "host",
            Field::Port => "port",
            Field::PortText => "port_text",
            Field::Path => "path",
            Field::Query => "query",
            Field::Fragment => "fragment",
            Field::Authority => "authority",
            Field::HostKind => "host_kind",
            Field::Zone => "zone",
        }
    }
}

/// The JSON line of a parsed reference (`uri parse --json`), URI or IRI.
/// "zone" is there only with --zone-id (and then null without a zone).
#[derive(Serialize)]
pub(crate) struct ParseRecord<'a> {
    pub input: &'a str,
    pub valid: bool,
    pub kind: &'static str,
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub host_kind: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<Option<&'a str>>,
    /// The port as a number, as SQL, Python and JavaScript give it: null
    /// when absent, empty or past 65535 (`port_text` has the digits then).
    pub port: Option<u16>,
    /// The port as written: `"0080"`, `""` for an empty port.
    pub port_text: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl<'a> ParseRecord<'a> {
    /// The record of a URI reference.
    pub(crate) fn of_uri(r: &UriRef<'a>) -> ParseRecord<'a> {
        let host = r.host();
        ParseRecord {
            input: r.as_str(),
            valid: true,
            kind: if r.is_relative() { "relative" } else { "uri" },
            scheme: r.scheme(),
            authority: r.authority(),
            userinfo: r.userinfo(),
            host: host.as_ref().map(|h| h.as_str()),
            host_kind: host.as_ref().map(|h| h.kind().name()),
            zone: None,
            port: port_number(r.port()),
            port_text: r.port(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }
}

/// A valid input of a rule that gives no components:
/// `{"input","valid":true,"rule"}`.
#[derive(Serialize)]
pub(crate) struct RuleRecord<'a> {
    pub input: Cow<'a, str>,
    pub valid: bool,
    pub rule: &'static str,
}

/// A port's digits as the number every face gives: `None` when absent,
/// empty or past 65535 (the digits stay readable as `port_text`).
pub(crate) fn port_number(text: Option<&str>) -> Option<u16> {
    text.filter(|d| d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse().ok())
}

/// The object of `--field ... --json`: the chosen keys in their order,
/// null for an absent component; "port" a number ([`port_number`]), as
/// in the full object.
pub(crate) struct FieldsRecord<'a>(pub Vec<(&'static str, Option<Cow<'a, str>>)>);

impl Serialize for FieldsRecord<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            if *key == "port" {
                map.serialize_entry(key, &port_number(value.as_deref()))?;
            } else {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}
