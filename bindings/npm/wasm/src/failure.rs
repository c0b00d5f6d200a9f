//! Errors as one JavaScript-visible value: what `URIError` is made of.

use urikit::{IdnaError, ParseError, ResolveError};
use wasm_bindgen::prelude::*;

use crate::utf16;

/// A failure of any operation: the message, the UTF-16 index of the first
/// offending character (when there is one), the core's stable kind name
/// and the component. The JavaScript layer throws it as a `URIError`.
#[wasm_bindgen(getter_with_clone)]
pub struct Failure {
    /// The core's message, with the index in UTF-16 units.
    pub message: String,
    /// The UTF-16 index of the error, if it has one.
    pub index: Option<u32>,
    /// The stable kind name (`invalid-character`, ...).
    pub kind: String,
    /// The component the error is in, if any (`host`, `path`, ...).
    pub component: Option<String>,
}

impl Failure {
    /// A failure of this layer's own (an unknown option value).
    pub fn own(kind: &str, message: String) -> Failure {
        Failure {
            message,
            index: None,
            kind: kind.into(),
            component: None,
        }
    }

    /// A message whose `at index {byte}` ending is rewritten in UTF-16
    /// units of `text`.
    fn reindex(message: String, text: &str, byte: usize) -> (String, u32) {
        let at = utf16::index(text, byte);
        if at as usize == byte {
            return (message, at);
        }
        let message = match message.strip_suffix(&format!("index {byte}")) {
            Some(stem) => format!("{stem}index {at}"),
            None => message,
        };
        (message, at)
    }

    /// The core's parse error of `text`.
    pub fn parse(e: ParseError, text: &str) -> Failure {
        let (message, index) = Failure::reindex(e.to_string(), text, e.index());
        Failure {
            message,
            index: Some(index),
            kind: e.kind().name().into(),
            component: e.kind().component().map(|c| c.name().into()),
        }
    }

    /// The core's resolution error; a parse error of an input keeps its
    /// own kind and component. `text` is the input the index is in.
    pub fn resolve(e: ResolveError, text: &str) -> Failure {
        let (kind, component) = match e.parse_error() {
            Some(p) => (p.kind().name(), p.kind().component().map(|c| c.name())),
            None => (e.kind().name(), None),
        };
        let (message, index) = match e.index() {
            Some(i) => {
                let (m, at) = Failure::reindex(e.to_string(), text, i);
                (m, Some(at))
            }
            None => (e.to_string(), None),
        };
        Failure {
            message,
            index,
            kind: kind.into(),
            component: component.map(Into::into),
        }
    }

    /// An IDNA error of the host `host`, a slice of `text`.
    pub fn idna(e: IdnaError, text: &str, host: &str) -> Failure {
        let byte = (utf16::start_of(text, host) + e.index()).min(text.len());
        let index = utf16::index(text, byte);
        Failure {
            message: format!("invalid label \"{}\" in host at index {index}", e.label()),
            index: Some(index),
            kind: e.kind().name().into(),
            component: Some("host".into()),
        }
    }

    /// Any error with an optional byte index into `text` and a kind name.
    pub fn other(message: String, index: Option<usize>, kind: &str, text: &str) -> Failure {
        let (message, index) = match index {
            Some(i) => {
                let (m, at) = Failure::reindex(message, text, i);
                (m, Some(at))
            }
            None => (message, None),
        };
        Failure {
            message,
            index,
            kind: kind.into(),
            component: None,
        }
    }
}
