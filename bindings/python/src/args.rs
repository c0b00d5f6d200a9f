//! What the functions and methods accept: `Arg` (text, or a parsed `URI`
//! or `URIRef`) and the normalization and comparison levels by name.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use urikit::compare::{Comparison, Level};
use urikit::{ToUri, ToUriRef, Uri, UriRef};

use crate::classes::{PyURI, PyURIRef};
use crate::errors::{Text, parse_error, uri_error};

/// What the operations accept: text (parsed on use) or a parsed value.
/// Anything else is a `TypeError`.
pub enum Arg {
    /// A parsed URI.
    Uri(Py<PyURI>),
    /// A parsed URI reference.
    Ref(Py<PyURIRef>),
    /// Text.
    Str(Text),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Arg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Arg> {
        if let Ok(u) = obj.cast::<PyURI>() {
            Ok(Arg::Uri(u.to_owned().unbind()))
        } else if let Ok(r) = obj.cast::<PyURIRef>() {
            Ok(Arg::Ref(r.to_owned().unbind()))
        } else if obj.cast::<PyString>().is_ok() {
            Ok(Arg::Str(Text::extract(obj)?))
        } else {
            let name = obj.get_type().name()?;
            Err(PyTypeError::new_err(format!(
                "expected str, URI or URIRef, not {name}"
            )))
        }
    }
}

// The library parses text itself, so its errors say which input was bad
// ("invalid base: ...", "invalid reference: ...").
impl ToUriRef for Arg {
    fn to_uri_ref(&self) -> Result<UriRef<'_>, urikit::ParseError> {
        match self {
            Arg::Uri(u) => Ok(u.get().0.as_uri().as_uri_ref()),
            Arg::Ref(r) => Ok(r.get().0.as_uri_ref()),
            Arg::Str(s) => UriRef::parse(s),
        }
    }
}

impl ToUri for Arg {
    fn to_uri(&self) -> Result<Uri<'_>, urikit::ParseError> {
        match self {
            Arg::Uri(u) => Ok(u.get().0.as_uri()),
            Arg::Ref(r) => r.get().0.to_uri(),
            Arg::Str(s) => Uri::parse(s),
        }
    }
}

impl Arg {
    /// The argument as a borrowed reference, parsed if it is text.
    pub fn with_ref<T>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(UriRef<'_>) -> PyResult<T>,
    ) -> PyResult<T> {
        match self {
            Arg::Uri(u) => f(u.get().0.as_uri().as_uri_ref()),
            Arg::Ref(r) => f(r.get().0.as_uri_ref()),
            Arg::Str(s) => {
                let r = (**s).to_uri_ref().map_err(|e| parse_error(py, e))?;
                f(r)
            }
        }
    }

    /// The argument as a borrowed URI (a scheme is required), parsed if it
    /// is text.
    pub fn with_uri<T>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(Uri<'_>) -> PyResult<T>,
    ) -> PyResult<T> {
        match self {
            Arg::Uri(u) => f(u.get().0.as_uri()),
            Arg::Ref(r) => f(r.get().0.to_uri().map_err(|e| parse_error(py, e))?),
            Arg::Str(s) => f((**s).to_uri().map_err(|e| parse_error(py, e))?),
        }
    }
}

/// The level of a name (the core's names: `string`, `syntax`, `scheme`);
/// a `URIError` of kind `unknown-level` for any other.
pub fn level(py: Python<'_>, name: &str) -> PyResult<Level> {
    named(py, name)
}

/// The member of one of the core's named sets (`urikit::names`): a level,
/// an encode set, a rule, a profile, a style; any other name is a
/// `URIError` whose kind and message come from the core (`unknown-level`,
/// "unknown level 'x' (expected string, syntax, scheme)"), the same in
/// every face.
pub fn named<T: urikit::names::Named>(py: Python<'_>, name: &str) -> PyResult<T> {
    T::parse_name(name).map_err(|e| uri_error(py, e.to_string(), None, e.name(), None))
}

/// The comparison of a level name (`string`, `syntax`, `scheme`).
pub fn comparison(
    py: Python<'_>,
    name: &str,
    ignore_fragment: bool,
) -> PyResult<Comparison<'static>> {
    Ok(Comparison::new(level(py, name)?).ignore_fragment(ignore_fragment))
}
