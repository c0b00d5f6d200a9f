//! Every parser's view (`urikit_views`), for the package's `views` and the
//! inspector page: urikit's RFC 3986 reading and java.net.URI as the core
//! reads them, beside the WHATWG view that the JavaScript side passes in,
//! read by the runtime's own `URL` (Node's or the browser's), never by a
//! re-creation. The findings are the core's (`views::compare`); the
//! answer crosses back as JSON.

use serde_json::{Value as Json, json};
use std::borrow::Cow;

use urikit_views::{Parser, Reading, View, compare, host_kind_of};
use wasm_bindgen::prelude::*;

/// The parsers `views` can list, in the core's order and by its names: the
/// ones this build of the core reads with (`rfc3986`, `java`), and
/// `whatwg`, whose view the caller passes in.
#[wasm_bindgen]
pub fn view_parser_names() -> Vec<String> {
    let mut names: Vec<Parser> = Parser::available().collect();
    names.push(Parser::Whatwg);
    names.sort();
    names.dedup();
    names.into_iter().map(|p| p.name().to_owned()).collect()
}

/// The WHATWG reading the caller made: JSON `{"error": message}` or the
/// fields `scheme`, `userinfo`, `host`, `port`, `path`, `query`,
/// `fragment` (`null` when absent).
fn passed_in(whatwg: &str) -> Reading<'static> {
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
    Ok(View {
        scheme: field("scheme"),
        userinfo: field("userinfo"),
        host_kind: host.as_deref().map(host_kind_of),
        host,
        port: field("port"),
        path: field("path"),
        query: field("query"),
        fragment: field("fragment"),
    })
}

/// The views of `text` by the parsers named in `parsers` (comma-separated,
/// names of `view_parser_names`; others are skipped), `whatwg`'s being the
/// one passed in (see `passed_in`), and the core's findings over them.
/// JSON: `{views: [{parser, error} or {parser, scheme, userinfo, host,
/// hostKind, port, path, query, fragment}], findings: [{kind, component,
/// weight, parsers, values}]}`.
#[wasm_bindgen]
pub fn views(text: &str, parsers: &str, whatwg: &str) -> String {
    let mut chosen: Vec<Parser> = parsers.split(',').filter_map(Parser::from_name).collect();
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
    let views: Vec<Json> = v
        .views
        .iter()
        .map(|(p, r)| match r {
            Err(e) => json!({ "parser": p.name(), "error": e }),
            Ok(w) => json!({
                "parser": p.name(),
                "scheme": w.scheme, "userinfo": w.userinfo, "host": w.host,
                "hostKind": w.host_kind, "port": w.port, "path": w.path,
                "query": w.query, "fragment": w.fragment,
            }),
        })
        .collect();
    let findings: Vec<Json> = v
        .findings
        .iter()
        .map(|f| {
            json!({
                "kind": f.kind.name(),
                "component": f.component,
                "weight": f.weight.name(),
                "parsers": f.parsers.iter().map(|p| p.name()).collect::<Vec<_>>(),
                "values": f.values,
            })
        })
        .collect();
    json!({ "views": views, "findings": findings }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: String) -> Json {
        serde_json::from_str(&s).unwrap()
    }

    #[test]
    fn names() {
        assert_eq!(view_parser_names(), ["rfc3986", "java", "whatwg"]);
    }

    #[test]
    fn views_json() {
        let browser = r#"{"scheme":"http","userinfo":null,"host":"a_b.example","port":null,"path":"/","query":null,"fragment":null}"#;
        let v = j(views("http://a_b.example/", "rfc3986,java,whatwg", browser));
        assert_eq!(v["views"][2]["parser"], "whatwg");
        assert_eq!(v["views"][1]["host"], Json::Null);
        assert_eq!(v["findings"][0]["kind"], "host");
        assert_eq!(v["findings"][0]["weight"], "high");
        let v = j(views("a b", "whatwg,rfc3986", r#"{"error":"Invalid URL"}"#));
        assert_eq!(v["views"][0]["parser"], "rfc3986");
        assert_eq!(v["views"][1]["error"], "Invalid URL");
        let v = j(views("http://x/", "java", ""));
        assert_eq!(v["views"].as_array().unwrap().len(), 1);
    }
}
