//! Every parser's view (`urikit_views`), for the package's `views` and the
//! inspector page: urikit's RFC 3986 reading and java.net.URI as the core
//! reads them, beside the WHATWG view that the JavaScript side passes in,
//! read by the runtime's own `URL` (Node's or the browser's), never by a
//! re-creation. The findings are the core's (`views::compare`); the
//! answer crosses back as JSON.

use urikit_views::Parser;
use wasm_bindgen::prelude::*;

use urikit_wasm_common as views_json;

/// The parsers `views` can list, in the core's order and by its names: the
/// ones this module's core reads with (`rfc3986`, `java`), and `whatwg`,
/// whose view the caller passes in. A constant, not `Parser::available()`:
/// a cargo invocation that builds this crate with `urikit-wasm-views`
/// unifies urikit-views' features, and the module would then offer
/// readings that its budget leaves out.
#[wasm_bindgen]
pub fn view_parser_names() -> Vec<String> {
    READABLE.iter().map(|p| p.name().to_owned()).collect()
}

/// The parsers this module reads with.
const READABLE: [Parser; 3] = [Parser::Rfc3986, Parser::Java, Parser::Whatwg];

/// The views of `text` by the parsers named in `parsers` (a JSON array of
/// names of `view_parser_names`, or `all`), `whatwg`'s being the one
/// passed in (see [`views_json::passed_in`]), and the core's findings over
/// them ([`views_json::record`]). A name of another parser is refused: a
/// reading of another language's library names the module that has it
/// (`urikit/views`), `curl` says that no WebAssembly build has it.
#[wasm_bindgen]
pub fn views(text: &str, parsers: &str, whatwg: &str) -> Result<String, views_json::Refusal> {
    let chosen = views_json::select(parsers, &READABLE, |p| {
        format!(
            "the parser '{}' is in the package's other module: import {{ views }} from 'urikit/views'",
            p.name()
        )
    })?;
    Ok(views_json::record(text, chosen, whatwg))
}

/// The record's keys (see `urikit_wasm_common::record_keys`).
#[wasm_bindgen]
pub fn record_keys() -> String {
    views_json::record_keys()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value as Json;

    fn j(s: Result<String, views_json::Refusal>) -> Json {
        serde_json::from_str(&s.ok().unwrap()).unwrap()
    }

    #[test]
    fn names() {
        assert_eq!(view_parser_names(), ["rfc3986", "java", "whatwg"]);
    }

    #[test]
    fn views_json() {
        let browser = r#"{"scheme":"http","userinfo":null,"host":"a_b.example","port":null,"path":"/","query":null,"fragment":null}"#;
        let v = j(views(
            "http://a_b.example/",
            r#"["rfc3986","java","whatwg"]"#,
            browser,
        ));
        assert_eq!(v["views"][2]["parser"], "whatwg");
        assert_eq!(v["views"][1]["host"], Json::Null);
        assert_eq!(v["findings"][0]["kind"], "host");
        assert_eq!(v["findings"][0]["weight"], "high");
        let v = j(views(
            "a b",
            r#"["whatwg","rfc3986"]"#,
            r#"{"error":"Invalid URL"}"#,
        ));
        assert_eq!(v["views"][0]["parser"], "rfc3986");
        assert_eq!(v["views"][1]["error"], "Invalid URL");
        let v = j(views("http://x/", r#"["java"]"#, ""));
        assert_eq!(v["views"].as_array().unwrap().len(), 1);
        let v = j(views("http://x/", r#"["all"]"#, ""));
        assert_eq!(v["views"].as_array().unwrap().len(), 3);
    }

    #[test]
    fn whatwg_host_kind_in_the_url_standards_terms() {
        let kind = |scheme: &str, host: &str| {
            let url = format!(r#"{{"scheme":"{scheme}","host":"{host}","path":"/"}}"#);
            let v = j(views("-", r#"["whatwg"]"#, &url));
            v["views"][0]["hostKind"].as_str().unwrap().to_owned()
        };
        // The url crate's Host of `http://1.2.3.4/`, `foo://1.2.3.4/` (an
        // opaque host), `foo://[::1]/` and `http://a/`.
        assert_eq!(kind("http", "1.2.3.4"), "ipv4");
        assert_eq!(kind("file", "1.2.3.4"), "ipv4");
        assert_eq!(kind("foo", "1.2.3.4"), "domain");
        assert_eq!(kind("foo", "[::1]"), "ipv6");
        assert_eq!(kind("http", "a"), "domain");
    }

    #[test]
    fn refusals() {
        let e = views("http://x/", r#"["java","urllib"]"#, "")
            .err()
            .unwrap();
        assert_eq!(e.kind, "parser-not-built");
        assert_eq!(e.index, 1);
        assert!(e.message.contains("'urikit/views'"), "{}", e.message);
        let e = views("http://x/", r#"["curl"]"#, "").err().unwrap();
        assert!(e.message.contains("no WebAssembly build"), "{}", e.message);
        let e = views("http://x/", r#"["ie6"]"#, "").err().unwrap();
        assert_eq!(e.kind, "unknown-parser");
        assert!(
            e.message
                .starts_with("unknown parser 'ie6' (expected rfc3986,")
        );
    }
}
