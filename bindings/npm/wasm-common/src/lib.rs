//! The record of `views` as JSON, shared by the two modules of the npm
//! package: urikit-wasm's (`views` over `rfc3986`, `java`, `whatwg`) and
//! `urikit-wasm-views`' (every parser; `bindings/npm/wasm-views/`): one
//! shaping for both, and no dependency between the two cdylibs, whose
//! `#[wasm_bindgen]` exports would otherwise all land in the other's
//! module.
//!
//! Nothing here decides anything: the readings and the findings are the
//! core's (`urikit_views::compare`); the WHATWG reading is the one the
//! JavaScript side made with the runtime's own `URL`.

#![warn(missing_docs)]

use serde_json::{Value as Json, json};
use std::borrow::Cow;

use urikit_views::{Parser, Reading, SelectErrorKind, View, compare, record};
use wasm_bindgen::prelude::*;

/// The WHATWG reading the caller made: JSON `{"error": message}` or the
/// fields `scheme`, `userinfo`, `host`, `port`, `path`, `query`,
/// `fragment` (`null` when absent).
pub fn passed_in(whatwg: &str) -> Reading<'static> {
    let b: Json = serde_json::from_str(whatwg).unwrap_or(Json::Null);
    let field = |k: &str| {
        b.get(k)
            .and_then(Json::as_str)
            .map(|s| Cow::Owned(s.to_owned()))
    };
    if let Some(e) = b.get("error").and_then(Json::as_str) {
        return Err(e.to_owned());
    }
    let host = field("host");
    let scheme = field("scheme");
    Ok(View {
        host_kind: host.as_deref().map(|h| whatwg_kind(scheme.as_deref(), h)),
        scheme,
        userinfo: field("userinfo"),
        host,
        port: field("port"),
        path: field("path"),
        query: field("query"),
        fragment: field("fragment"),
    })
}

/// The host's kind in the URL Standard's terms, as the `whatwg` view of
/// every other face gives it (the `url` crate's `Host`: `domain`, `ipv4`,
/// `ipv6`), from what the runtime's `URL` serializes: a bracketed host is
/// IPv6; a host of a special scheme that is four decimal numbers is IPv4
/// (the host parser writes every IPv4 address so, and a domain cannot be
/// one); anything else, an opaque host of another scheme too, is
/// `domain` (the `url` crate's name for both).
fn whatwg_kind(scheme: Option<&str>, host: &str) -> &'static str {
    const SPECIAL: [&str; 6] = ["http", "https", "ws", "wss", "ftp", "file"];
    if host.starts_with('[') {
        "ipv6"
    } else if scheme.is_some_and(|s| SPECIAL.contains(&s))
        && host.parse::<core::net::Ipv4Addr>().is_ok()
    {
        "ipv4"
    } else {
        "domain"
    }
}

/// The views of `text` by `chosen` (readable in this build, but `whatwg`,
/// whose reading is `whatwg`: see [`passed_in`]) and the core's findings
/// over them. JSON: `{views: [{parser, error} or {parser, scheme,
/// userinfo, host, hostKind, port, path, query, fragment}], findings:
/// [{kind, component, weight, parsers, values}]}`, views in the core's
/// order.
pub fn record(text: &str, mut chosen: Vec<Parser>, whatwg: &str) -> String {
    chosen.sort();
    chosen.dedup();
    let readings: Vec<(Parser, Reading<'_>)> = chosen
        .into_iter()
        .filter_map(|p| match p {
            Parser::Whatwg => Some((p, passed_in(whatwg))),
            _ => p.read(text).map(|r| (p, r)),
        })
        .collect();
    let v = compare(text, readings);
    // The one record shape of every face (urikit-views' `record`), its keys
    // in JavaScript's camelCase; the views as a list (`parser` first) so
    // that the JavaScript side keeps the core's order.
    let views: Vec<Json> = v
        .views
        .iter()
        .map(|(p, r)| {
            let mut view = serde_json::Map::new();
            view.insert("parser".into(), p.name().into());
            match r {
                Err(e) => {
                    view.insert(record::ERROR_FIELD.into(), e.as_str().into());
                }
                Ok(w) => {
                    let fields = [
                        w.scheme.as_deref(),
                        w.userinfo.as_deref(),
                        w.host.as_deref(),
                        w.host_kind,
                        w.port.as_deref(),
                        w.path.as_deref(),
                        w.query.as_deref(),
                        w.fragment.as_deref(),
                    ];
                    for (key, value) in record::VIEW_FIELDS.iter().zip(fields) {
                        view.insert(camel(key), value.into());
                    }
                }
            }
            Json::Object(view)
        })
        .collect();
    let findings: Vec<Json> = v
        .findings
        .iter()
        .map(|f| {
            let [kind, component, parsers, values, weight] = record::FINDING_FIELDS;
            let names: Vec<Json> = f.parsers.iter().map(|p| p.name().into()).collect();
            let mut finding = serde_json::Map::new();
            finding.insert(kind.into(), f.kind.name().into());
            finding.insert(component.into(), f.component.into());
            finding.insert(parsers.into(), names.into());
            finding.insert(values.into(), json!(f.values));
            finding.insert(weight.into(), f.weight.name().into());
            Json::Object(finding)
        })
        .collect();
    json!({ "views": views, "findings": findings }).to_string()
}

/// The keys of a view and of a finding, in the record's order
/// (urikit-views' `record`), in JavaScript's convention: JSON
/// `[[VIEW KEYS], [FINDING KEYS]]`, so that the JavaScript side never
/// writes the field list a second time.
pub fn record_keys() -> String {
    let view: Vec<Json> = record::VIEW_FIELDS
        .iter()
        .map(|k| camel(k).into())
        .collect();
    let finding: Vec<Json> = record::FINDING_FIELDS
        .iter()
        .map(|k| camel(k).into())
        .collect();
    json!([view, finding]).to_string()
}

/// A record key in JavaScript's convention: `host_kind` -> `hostKind`.
fn camel(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    let mut upper = false;
    for c in key.chars() {
        match c {
            '_' => upper = true,
            c if upper => {
                out.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => out.push(c),
        }
    }
    out
}

/// Why `views` refused its list of parser names: the core's
/// [`Parser::select`] error, its stable kind name and the position of the
/// refused name in the list. The JavaScript layer throws it as a
/// `TypeError` with these as properties.
#[wasm_bindgen(getter_with_clone)]
pub struct Refusal {
    /// The core's message, but for a parser the core knows that this
    /// module lacks: where it is instead (see [`select`]).
    pub message: String,
    /// `unknown-parser` or `parser-not-built` (the core's names).
    pub kind: String,
    /// The position of the refused name in the list, from 0.
    pub index: u32,
    /// The refused name.
    pub given: String,
}

/// The parsers `names` (a JSON array of strings: a name may hold any
/// character, a comma too) names, as the core's [`Parser::select`] reads a
/// list (`all`: every parser of `readable`), or the refusal. For a parser
/// the core knows but `readable` lacks, the core's message would name a
/// cargo feature, which a user of the npm package cannot turn on: `curl`
/// says why no WebAssembly build has it, another parser `elsewhere`'s
/// message.
pub fn select(
    names: &str,
    readable: &[Parser],
    elsewhere: impl Fn(Parser) -> String,
) -> Result<Vec<Parser>, Refusal> {
    // Read as a `Json` value, not as a `Vec<String>`: the main module
    // already has serde_json's reader of values, and a second, typed one
    // took it from 256,817 bytes gzipped to 268,865, over its budget.
    let names: Json = serde_json::from_str(names).unwrap_or(Json::Null);
    let names = names.as_array().map(Vec::as_slice).unwrap_or_default();
    Parser::select(names.iter().map(|n| n.as_str().unwrap_or("")), readable).map_err(|e| {
        let message = match Parser::from_name(e.given()) {
            Some(Parser::Curl) if e.kind() == SelectErrorKind::NotBuilt => {
                "the parser 'curl' is libcurl's own C code, which no WebAssembly build has (uri views and Python's urikit.views have it)".into()
            }
            Some(p) if e.kind() == SelectErrorKind::NotBuilt => elsewhere(p),
            _ => e.to_string(),
        };
        Refusal {
            message,
            kind: e.name().into(),
            index: e.index() as u32,
            given: e.given().into(),
        }
    })
}
