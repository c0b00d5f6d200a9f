//! `urikit.URIError`: the library's errors as one Python exception type, a
//! `ValueError`, with the error's index, kind and component as attributes.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urikit::{ParseError, ResolveError};

pyo3::create_exception!(
    urikit,
    URIError,
    PyValueError,
    "Invalid URI input.\n\n\
     A ``ValueError`` with ``index`` (the first character at which the input\n\
     stops being the start of any valid value, or ``None``), ``kind`` (a\n\
     stable name such as ``'invalid-character'``) and ``component`` (the\n\
     component the error is in, or ``None``). The message names the\n\
     component.\n\n\
     >>> import urikit\n\
     >>> try:\n\
     ...     urikit.URI('http://exa mple.com/')\n\
     ... except urikit.URIError as e:\n\
     ...     print(e.index, e.kind, e.component, '|', e)\n\
     10 invalid-character host | invalid character in host at index 10\n"
);

/// A `URIError` with its attributes set.
pub fn uri_error(
    py: Python<'_>,
    message: String,
    index: Option<usize>,
    kind: &str,
    component: Option<&str>,
) -> PyErr {
    let err = URIError::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of
    // memory exhaustion; if it does, that error is the one to raise.
    let set = value
        .setattr("index", index)
        .and_then(|()| value.setattr("kind", kind))
        .and_then(|()| value.setattr("component", component));
    match set {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// The library's parse error as a `URIError`.
pub fn parse_error(py: Python<'_>, e: ParseError) -> PyErr {
    let kind = e.kind();
    uri_error(
        py,
        e.to_string(),
        Some(e.index()),
        kind.name(),
        kind.component().map(|c| c.name()),
    )
}

/// The library's resolution error as a `URIError`; a parse error of one of
/// the inputs keeps its own kind and component, and the message says which
/// input it was in.
pub fn resolve_error(py: Python<'_>, e: ResolveError) -> PyErr {
    let (kind, component) = match e.parse_error() {
        Some(p) => (p.kind().name(), p.kind().component().map(|c| c.name())),
        None => (e.kind().name(), None),
    };
    uri_error(py, e.to_string(), e.index(), kind, component)
}
