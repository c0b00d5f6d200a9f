//! `urikit.URIError`: the library's errors as one Python exception type, a
//! `ValueError`, with the error's index, kind and component as attributes.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urikit::{IdnaError, IdnaErrorKind, ParseError, ResolveError};

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

/// A parse error of `text` (an IRI: non-ASCII characters may come before
/// the error) with the index in characters, as Python indexes a `str` and
/// as `URIError.index` is documented; the library counts bytes. (In a URI
/// everything before an error is ASCII, so the two agree there.)
pub fn parse_error_in(py: Python<'_>, e: ParseError, text: &str) -> PyErr {
    let byte = e.index();
    let Some(chars) = text.get(..byte).map(|t| t.chars().count()) else {
        return parse_error(py, e);
    };
    if chars == byte {
        return parse_error(py, e);
    }
    let kind = e.kind();
    let message = e.to_string();
    let message = match message.strip_suffix(&format!(" at index {byte}")) {
        Some(stem) => format!("{stem} at index {chars}"),
        None => message,
    };
    uri_error(
        py,
        message,
        Some(chars),
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

/// The library's IDNA error for the host `host` (a slice of `text`) as a
/// `URIError`: `index` is where the label at fault starts in `text` (in
/// characters, as Python counts), `kind` `'invalid-label'` or
/// `'not-utf8'`, `component` `'host'`, and the message names the label.
pub fn idna_error(py: Python<'_>, e: IdnaError, text: &str, host: &str) -> PyErr {
    let start = (host.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    let byte = (start + e.index()).min(text.len());
    let index = text.get(..byte).map_or(byte, |t| t.chars().count());
    let message = match e.kind() {
        IdnaErrorKind::InvalidLabel => {
            format!("invalid label \"{}\" in host at index {index}", e.label())
        }
        IdnaErrorKind::NotUtf8 => format!(
            "percent-encoded octets in host are not UTF-8 (label \"{}\" at index {index})",
            e.label()
        ),
        _ => e.to_string(),
    };
    uri_error(py, message, Some(index), e.kind().name(), Some("host"))
}
