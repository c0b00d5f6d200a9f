//! URI Templates (RFC 6570): a parsed template held on the Rust side;
//! variables in and captures out as JSON.

use serde_json::{Map, Value as Json};
use urikit::rfc6570::{MatchMode, Matcher, TemplateBuf, VarValue};
use wasm_bindgen::prelude::*;

use crate::failure::Failure;

/// A parsed URI Template.
#[wasm_bindgen]
pub struct Template(TemplateBuf);

fn mode(name: &str) -> Result<MatchMode, Failure> {
    crate::ops::named(name)
}

fn to_json(v: &VarValue) -> Json {
    match v {
        VarValue::String(s) => Json::String(s.clone()),
        VarValue::List(items) => Json::Array(items.iter().cloned().map(Json::String).collect()),
        VarValue::Assoc(pairs) => Json::Object(
            pairs
                .iter()
                .map(|(k, v)| (k.clone(), Json::String(v.clone())))
                .collect(),
        ),
        #[allow(unreachable_patterns)]
        _ => Json::Null,
    }
}

#[wasm_bindgen]
impl Template {
    /// Parse a template; throws a `Failure` that points at the error.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<Template, Failure> {
        TemplateBuf::parse(text)
            .map(Template)
            .map_err(|e| Failure::other(e.to_string(), Some(e.index()), e.kind().name(), text))
    }

    /// The template's text.
    pub fn text(&self) -> String {
        self.0.as_str().to_owned()
    }

    /// The variable names in order of appearance (repeats kept).
    pub fn variables(&self) -> Vec<String> {
        self.0
            .as_template()
            .variables()
            .map(str::to_owned)
            .collect()
    }

    /// How many expressions the template has.
    pub fn expression_count(&self) -> u32 {
        self.0.as_template().expressions().count() as u32
    }

    /// Expand with the variables of a JSON object (null is undefined;
    /// numbers and booleans as JSON writes them).
    pub fn expand(&self, vars: &str) -> Result<String, Failure> {
        let text = self.0.as_str();
        let vars: Json = serde_json::from_str(vars)
            .map_err(|e| Failure::own("invalid-variables", format!("variables: {e}")))?;
        self.0
            .as_template()
            .expand(&vars)
            .map_err(|e| Failure::other(e.to_string(), Some(e.index()), e.kind().name(), text))
    }

    /// Match `uri` in the mode named `mode_name` (`max_len`: the longest
    /// URI the lenient modes read, in bytes; 0 for the core's default):
    /// `undefined` when it does not match, else JSON `{"vars": {...}, "rest": [[name, value]...],
    /// "hazards": [{variable, kind, message}...]}` (the one hazard record,
    /// `urikit_views::record::HAZARD_FIELDS`).
    #[wasm_bindgen(js_name = "match")]
    pub fn match_(
        &self,
        uri: &str,
        mode_name: &str,
        max_len: u32,
    ) -> Result<Option<String>, Failure> {
        let text = self.0.as_str();
        let t = self.0.as_template();
        let mut m = Matcher::with_mode(t, mode(mode_name)?)
            .map_err(|e| Failure::other(e.to_string(), Some(e.index()), e.kind().name(), text))?;
        if max_len > 0 {
            m = m.max_uri_len(max_len as usize);
        }
        let caps = m
            .try_matches(uri)
            .map_err(|e| Failure::other(e.to_string(), Some(e.index()), e.kind().name(), uri))?;
        let Some(caps) = caps else { return Ok(None) };
        let mut vars = Map::new();
        for (name, v) in caps.iter() {
            vars.insert(name.to_owned(), to_json(v));
        }
        let rest: Vec<Json> = caps
            .rest()
            .iter()
            .map(|(n, v)| Json::Array(vec![Json::String(n.clone()), Json::String(v.clone())]))
            .collect();
        let hazards: Vec<Json> = caps
            .hazards()
            .iter()
            .map(|h| {
                let [variable, kind, message] = urikit_views::record::HAZARD_FIELDS;
                serde_json::json!({
                    variable: h.name(),
                    kind: h.kind().name(),
                    message: h.kind().message(),
                })
            })
            .collect();
        let out = serde_json::json!({"vars": vars, "rest": rest, "hazards": hazards});
        Ok(Some(out.to_string()))
    }
}
