//! What the inspector page (`bindings/npm/inspector/`) shows beyond the package's
//! API: a parse with byte offsets and, for an invalid input, the ABNF rule
//! that failed; resolution step by step (RFC 3986 5.2.2 to 5.2.4); the
//! normalization ladder (6.2.2.1 to 6.2.3). Each is one call of the core's
//! step-reporting API (`Resolver::trace`, `Normalizer::ladder`,
//! `ErrorKind::rule`); the answers cross back as JSON (the parsers' views
//! are the package's `views`, `views.rs`). Offsets are given in
//! bytes (the core's) and in UTF-16 units (for slicing the JavaScript
//! string).

use serde_json::{Value as Json, json};
use urikit::normalize::{Level, Normalizer};
use urikit::{Component, Iri, IriRef, ParseError, ResolveError, Resolver, Uri, UriRef};
use wasm_bindgen::prelude::*;

use crate::utf16;

/// A parse error as the page shows it: where (bytes and UTF-16), the
/// kind's stable name, the component and the ABNF rule with its text.
fn parse_error(e: ParseError, text: &str) -> Json {
    let rule = e.kind().rule();
    json!({
        "message": e.to_string(),
        "byte": e.index(),
        "index": utf16::index(text, e.index()),
        "kind": e.kind().name(),
        "component": e.kind().component().map(Component::name),
        "rule": rule.map(|r| r.name()),
        "abnf": rule.map(|r| r.abnf()),
    })
}

/// One component: its text, or `null` when absent, with its offsets.
fn part(text: &str, name: &str, value: Option<&str>) -> Json {
    match value {
        Some(v) => {
            let start = utf16::start_of(text, v);
            let end = start + v.len();
            json!({
                "name": name,
                "value": v,
                "start": start,
                "end": end,
                "start16": utf16::index(text, start),
                "end16": utf16::index(text, end),
            })
        }
        None => json!({ "name": name, "value": null }),
    }
}

macro_rules! parts {
    ($text:expr, $r:expr) => {{
        let (t, r) = ($text, $r);
        let host = r.host();
        json!({
            "ok": true,
            "components": [
                part(t, "scheme", r.scheme().into()),
                part(t, "authority", r.authority()),
                part(t, "userinfo", r.userinfo()),
                part(t, "host", host.map(|h| h.as_str())),
                part(t, "port", r.port()),
                part(t, "path", Some(r.path())),
                part(t, "query", r.query()),
                part(t, "fragment", r.fragment()),
            ],
            "hostKind": host.map(|h| h.kind().name()),
        })
    }};
}

/// Parse `text` by `profile` (`uri-reference`, `uri`, `iri-reference`,
/// `iri`) as JSON: `{ok: true, components: [{name, value, start, end,
/// start16, end16}], hostKind}`, an absent component with `value: null`;
/// or `{ok: false, error: {message, byte, index, kind, component, rule,
/// abnf}}`.
#[wasm_bindgen]
pub fn inspect_parse(text: &str, profile: &str) -> String {
    let answer = match profile {
        "uri" => Uri::parse(text).map(|r| parts!(text, r)),
        "iri-reference" => IriRef::parse(text).map(|r| parts!(text, r)),
        "iri" => Iri::parse(text).map(|r| parts!(text, r)),
        _ => UriRef::parse(text).map(|r| parts!(text, r)),
    };
    answer
        .unwrap_or_else(|e| json!({ "ok": false, "error": parse_error(e, text) }))
        .to_string()
}

fn resolve_error(e: ResolveError, base: &str, reference: &str) -> Json {
    use urikit::ResolveErrorKind as K;
    let (input, text) = match e.kind() {
        K::InvalidReference(_) => ("reference", reference),
        _ => ("base", base),
    };
    let mut out = match e.parse_error() {
        Some(p) => parse_error(p, text),
        None => json!({ "message": e.to_string(), "kind": e.kind().name() }),
    };
    out["message"] = Json::String(e.to_string());
    out["input"] = Json::String(input.into());
    out
}

/// Resolve `reference` against `base` step by step, by `mode`: `strict`
/// (RFC 3986), `non-strict` (5.2.2's backward-compatible reading of a
/// scheme equal to the base's) or `rfc2396` (RFC 2396 5.2). JSON:
/// `{ok: true, case, condition, schemeIgnored, merged, dotsInput, steps:
/// [{step, rule, description, output, input}], legacySteps: [{step,
/// description, output, input}], path, target}` or `{ok:
/// false, error}` (with `input`: `base` or `reference`).
#[wasm_bindgen]
pub fn inspect_resolve(base: &str, reference: &str, mode: &str) -> String {
    let resolver = match mode {
        "non-strict" => Resolver::new().non_strict(true),
        "rfc2396" => Resolver::new().rfc2396(true),
        _ => Resolver::new(),
    };
    let answer = match resolver.trace(base, reference) {
        Ok(t) => json!({
            "ok": true,
            "case": t.case().name(),
            "condition": t.case().condition(),
            "schemeIgnored": t.scheme_ignored(),
            "merged": t.merged(),
            "dotsInput": t.dots_input(),
            "steps": t.steps().iter().map(|s| json!({
                "step": s.rule().to_string(),
                "rule": s.rule().letter().to_string(),
                "description": s.rule().description(),
                "output": s.output(),
                "input": s.input(),
            })).collect::<Vec<_>>(),
            "legacySteps": t.legacy_steps().iter().map(|s| json!({
                "step": s.rule().label(),
                "description": s.rule().description(),
                "output": s.output(),
                "input": s.input(),
            })).collect::<Vec<_>>(),
            "path": t.path(),
            "target": t.target().as_str(),
        }),
        Err(e) => json!({ "ok": false, "error": resolve_error(e, base, reference) }),
    };
    answer.to_string()
}

/// The normalization ladder of `text` at `level` (`syntax` or `scheme`;
/// `ipv6`: RFC 5952 hosts): `{ok: true, rungs: [{rung, section, text}]}`,
/// the last rung's text being the normal form, or `{ok: false, error}`.
#[wasm_bindgen]
pub fn inspect_ladder(text: &str, level: &str, ipv6: bool) -> String {
    let level = Level::from_name(level).unwrap_or_default();
    let answer = match Normalizer::new(level).ipv6_canonical(ipv6).ladder(text) {
        Ok(l) => json!({
            "ok": true,
            "rungs": l.iter().map(|(r, t)| json!({
                "rung": r.name(),
                "section": r.section(),
                "text": t.as_str(),
            })).collect::<Vec<_>>(),
        }),
        Err(e) => json!({ "ok": false, "error": parse_error(e, text) }),
    };
    answer.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: String) -> Json {
        serde_json::from_str(&s).unwrap()
    }

    #[test]
    fn parse_json() {
        let v = j(inspect_parse("http://h\u{e9}/p?", "iri"));
        assert_eq!(v["components"][3]["value"], "h\u{e9}");
        assert_eq!(v["components"][5]["start"], 10);
        assert_eq!(v["components"][5]["start16"], 9);
        assert_eq!(v["components"][6]["value"], "");
        assert_eq!(v["components"][7]["value"], Json::Null);
        let v = j(inspect_parse("http://a b/", "uri"));
        assert_eq!(v["error"]["rule"], "host");
        assert_eq!(v["error"]["byte"], 8);
    }

    #[test]
    fn resolve_json() {
        let v = j(inspect_resolve("http://a/b/c/d;p?q", "../g", "strict"));
        assert_eq!(v["case"], "merge");
        assert_eq!(v["steps"][2]["step"], "2C");
        assert_eq!(v["target"], "http://a/b/g");
        let v = j(inspect_resolve("http://a/", "a b", "strict"));
        assert_eq!(
            (&v["error"]["input"], &v["error"]["byte"]),
            (&json!("reference"), &json!(1))
        );
    }

    #[test]
    fn ladder_json() {
        let v = j(inspect_ladder("HTTP://a:80/./b", "scheme", false));
        assert_eq!(v["rungs"][0]["text"], "http://a:80/./b");
        assert_eq!(v["rungs"][3]["text"], "http://a/b");
    }
}
