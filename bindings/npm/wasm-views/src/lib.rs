//! The npm package's second WebAssembly module (`urikit/views`): every
//! parser's view of a URL, the thirteen readings of other languages'
//! libraries among them (urikit-views' `readings`). They are a module of
//! their own because the main module has a size budget they would break
//! (`bindings/npm/test/size.test.js`): who never imports `urikit/views`
//! never loads them.
//!
//! The record is the main module's (urikit-wasm-common's, linked into
//! both): the same fields, the same findings. `whatwg` is, as there, the
//! reading the JavaScript side made with the runtime's own `URL`; the
//! `url` crate is in this module only for fast-uri, which reads hosts with
//! the WHATWG host parser.
#![warn(missing_docs)]

use urikit_wasm_common as views_json;

use urikit_views::Parser;
use wasm_bindgen::prelude::*;

/// The parsers this module reads with, in the core's order: every parser
/// but `curl` (libcurl's C code, reached by FFI, has no WebAssembly build);
/// `whatwg` is the runtime's `URL`, passed in.
fn readable() -> Vec<Parser> {
    Parser::ALL
        .into_iter()
        .filter(|&p| p == Parser::Whatwg || (p != Parser::Curl && p.is_available()))
        .collect()
}

/// The names of the parsers `views` reads with, in the core's order.
#[wasm_bindgen]
pub fn parser_names() -> Vec<String> {
    readable().iter().map(|p| p.name().to_owned()).collect()
}

/// The names of the parsers `views` compares when none are named: the
/// core's default set ([`Parser::DEFAULT`], as in every face) without
/// `curl`.
#[wasm_bindgen]
pub fn default_parser_names() -> Vec<String> {
    let readable = readable();
    Parser::DEFAULT
        .into_iter()
        .filter(|p| readable.contains(p))
        .map(|p| p.name().to_owned())
        .collect()
}

/// The views of `text` by the parsers named in `parsers` (a JSON array of
/// names, `all` for every one of [`parser_names`]) and the core's
/// findings over them, as JSON (see `views_json::record`); `whatwg` is the
/// runtime's reading, passed in. A name the core does not know, or `curl`,
/// is refused.
#[wasm_bindgen]
pub fn views(text: &str, parsers: &str, whatwg: &str) -> Result<String, views_json::Refusal> {
    // Every parser the core knows but curl is readable here.
    let chosen = views_json::select(parsers, &readable(), |p| {
        format!("the parser '{}' is not in this module", p.name())
    })?;
    Ok(views_json::record(text, chosen, whatwg))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value as Json;

    #[test]
    fn names() {
        let names = parser_names();
        assert_eq!(names.len(), 16);
        assert!(!names.iter().any(|n| n == "curl"));
        assert_eq!(default_parser_names().len(), Parser::DEFAULT.len() - 1);
    }

    #[test]
    fn all_and_refusals() {
        let v: Json =
            serde_json::from_str(&views("http://x/", r#"["all"]"#, "").ok().unwrap()).unwrap();
        assert_eq!(v["views"].as_array().unwrap().len(), 16);
        let e = views("http://x/", r#"["go","curl"]"#, "").err().unwrap();
        assert_eq!((e.kind.as_str(), e.index), ("parser-not-built", 1));
        assert!(e.message.contains("no WebAssembly build"));
        let e = views("http://x/", r#"["Go"]"#, "").err().unwrap();
        assert_eq!(e.kind, "unknown-parser");
    }
}
