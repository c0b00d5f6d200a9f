//! `serde_json::Value` as variables and values (the `serde` feature).
//!
//! `null` is undefined, booleans and numbers expand as JSON writes them,
//! arrays are lists and objects associative arrays.

use serde_json::{Map, Value as Json};

use super::value::{Assoc, Halt, ToValue, Value, Vars};

impl ToValue for Json {
    fn to_value(&self) -> Value<'_> {
        match self {
            Json::Null => Value::Undefined,
            Json::Bool(b) => Value::Display(b),
            Json::Number(n) => Value::Display(n),
            Json::String(s) => Value::Str(s),
            Json::Array(a) => Value::List(a),
            Json::Object(m) => Value::Assoc(m),
        }
    }
}

impl Assoc for Map<alloc::string::String, Json> {
    fn is_empty(&self) -> bool {
        Map::is_empty(self)
    }
    fn each(&self, f: &mut dyn FnMut(&str, Value<'_>) -> Result<(), Halt>) -> Result<(), Halt> {
        self.iter().try_for_each(|(k, v)| f(k, v.to_value()))
    }
}

impl ToValue for Map<alloc::string::String, Json> {
    fn to_value(&self) -> Value<'_> {
        Value::Assoc(self)
    }
}

/// The members of an object; anything else has no variables.
///
/// ```
/// let vars = serde_json::json!({"id": 42, "tags": ["a", "b"], "gone": null});
/// let t = urikit::rfc6570::Template::parse("/x/{id}{?tags,gone}")?;
/// assert_eq!(t.expand(&vars)?, "/x/42?tags=a,b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Vars for Json {
    fn get(&self, name: &str) -> Value<'_> {
        match self {
            Json::Object(m) => m.get(name).map_or(Value::Undefined, ToValue::to_value),
            _ => Value::Undefined,
        }
    }
}

impl Vars for Map<alloc::string::String, Json> {
    fn get(&self, name: &str) -> Value<'_> {
        Map::get(self, name).map_or(Value::Undefined, ToValue::to_value)
    }
}
