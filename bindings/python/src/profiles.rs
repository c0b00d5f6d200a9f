//! The RFC 2396 reading of a string (`urikit.parse(s, profile='rfc2396')`):
//! the library's `rfc2396::Rfc2396Ref`, its components copied into a small
//! frozen value, with the fields of `uri parse --rfc2396`. The java.net.URI
//! reading is in `java.rs`.

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::PyString;
use urikit::rfc2396::Rfc2396Ref;

use crate::classes::text_hash;
use crate::errors::{Text, parse_error_in, uri_error};

/// A frozen value class over `text`: the methods given, plus `str()` (the
/// text), `repr()`, hashing, comparison by text with its own class only,
/// and pickling (the text, parsed again).
macro_rules! text_class {
    ($ty:ident, $name:literal, { $($methods:tt)* }) => {
        #[pymethods]
        impl $ty {
            $($methods)*

            fn __str__(&self) -> &str {
                &self.text
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                Ok(format!(concat!($name, "({})"), PyString::new(py, &self.text).repr()?))
            }

            fn __hash__(&self) -> u64 {
                text_hash(&self.text)
            }

            fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
                let py = other.py();
                match other.cast::<$ty>() {
                    Ok(o) => op
                        .matches(self.text.cmp(&o.get().text))
                        .into_pyobject(py)
                        .map_or_else(|_| py.None(), |b| b.to_owned().into_any().unbind()),
                    Err(_) => py.NotImplemented(),
                }
            }

            fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
                Ok((py.get_type::<$ty>().into_any().unbind(), (self.text.clone(),)))
            }
        }
    };
}

/// A URI reference read by RFC 2396's grammar (with RFC 2732's IPv6
/// literals), as ``urikit.parse(text, profile='rfc2396')`` gives it: the
/// components as written, whether the URI is opaque (``mailto:a@b``: a
/// scheme-specific part that does not start with ``/``), and whether its
/// authority is server-based or registry-based.
///
/// >>> r = urikit.parse('http://u@h:8080/a;p?q#f', profile='rfc2396')
/// >>> r.scheme, r.userinfo, r.host, r.port, r.path, r.query, r.fragment
/// ('http', 'u', 'h', 8080, '/a;p', 'q', 'f')
/// >>> r.opaque, r.authority_kind
/// (False, 'server')
/// >>> urikit.parse('mailto:a@b?x', profile='rfc2396').opaque
/// True
#[pyclass(frozen, module = "urikit", name = "RFC2396Ref")]
pub struct PyRfc2396Ref {
    text: String,
    /// The scheme, or ``None`` for a relative reference.
    #[pyo3(get)]
    scheme: Option<String>,
    /// Whether it is an opaque URI (``scheme ":" opaque_part``).
    #[pyo3(get)]
    opaque: bool,
    /// The authority, or ``None`` when absent.
    #[pyo3(get)]
    authority: Option<String>,
    /// ``'server'`` or ``'registry'`` (RFC 2396 3.2), ``None`` without an
    /// authority.
    #[pyo3(get)]
    authority_kind: Option<&'static str>,
    /// The userinfo of a server-based authority, or ``None``.
    #[pyo3(get)]
    userinfo: Option<String>,
    /// The host of a server-based authority, or ``None``.
    #[pyo3(get)]
    host: Option<String>,
    /// The port as written (``*digit``, possibly empty), or ``None``.
    #[pyo3(get)]
    port_text: Option<String>,
    /// The path (for an opaque URI, its opaque part).
    #[pyo3(get)]
    path: String,
    /// The query, or ``None`` (an opaque URI has none: its ``?`` is data).
    #[pyo3(get)]
    query: Option<String>,
    /// The fragment, or ``None``.
    #[pyo3(get)]
    fragment: Option<String>,
}

fn owned(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

/// A port's digits as a number, as `URI.port` gives it: `None` when
/// absent or empty, `URIError` (`port-overflow`) past 65535.
fn port_number(py: Python<'_>, digits: Option<&str>) -> PyResult<Option<u16>> {
    match digits {
        None | Some("") => Ok(None),
        Some(d) => d.parse::<u16>().map(Some).map_err(|_| {
            uri_error(
                py,
                format!("port {d} is out of range (0 to 65535)"),
                None,
                "port-overflow",
                Some("port"),
            )
        }),
    }
}

impl PyRfc2396Ref {
    pub fn parse(py: Python<'_>, text: &str) -> PyResult<PyRfc2396Ref> {
        let r = Rfc2396Ref::parse(text).map_err(|e| parse_error_in(py, e, text))?;
        Ok(PyRfc2396Ref {
            text: text.to_owned(),
            scheme: owned(r.scheme()),
            opaque: r.is_opaque(),
            authority: owned(r.authority()),
            authority_kind: r.authority_kind().map(|k| k.name()),
            userinfo: owned(r.userinfo()),
            host: owned(r.host()),
            port_text: owned(r.port()),
            path: r.path().to_owned(),
            query: owned(r.query()),
            fragment: owned(r.fragment()),
        })
    }
}

text_class!(PyRfc2396Ref, "RFC2396Ref", {
    #[new]
    fn new(py: Python<'_>, text: Text) -> PyResult<PyRfc2396Ref> {
        PyRfc2396Ref::parse(py, &text)
    }

    /// The port as a number, ``None`` when absent or empty; ``URIError``
    /// (kind ``'port-overflow'``) past 65535.
    #[getter]
    fn port(&self, py: Python<'_>) -> PyResult<Option<u16>> {
        port_number(py, self.port_text.as_deref())
    }
});
