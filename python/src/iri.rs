//! `IRI` and `IRIRef` (RFC 3987): the library's IRI types, with the same
//! component properties as `URI` and `URIRef` (shared through `uri_class!`),
//! resolution, normalization and the mappings to and from URIs.

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyString, PyTuple};
use urikit::{IriBuf, IriRef, IriRefBuf, UriBuf, UriRefBuf};

use crate::errors::{parse_error, resolve_error, uri_error};
use crate::types::{compare, text_hash, text_of_parsed, uri_class, PyURI, PyURIRef};

/// An IRI reference (RFC 3987 2.2): a URI reference that may also hold
/// non-ASCII characters (``ucschar``, and ``iprivate`` in the query).
///
/// >>> r = urikit.IRIRef('../résumé?q=ü')
/// >>> r.path, r.query
/// ('../résumé', 'q=ü')
/// >>> r.to_uri()
/// URIRef('../r%C3%A9sum%C3%A9?q=%C3%BC')
#[pyclass(frozen, module = "urikit", name = "IRIRef")]
pub struct PyIRIRef(pub IriRefBuf);

/// An IRI (RFC 3987): an IRI reference with a scheme.
///
/// >>> i = urikit.IRI('http://例え.jp/ü?x#y')
/// >>> i.host, i.path
/// ('例え.jp', '/ü')
/// >>> urikit.IRI('http://a/b c')
/// Traceback (most recent call last):
/// ...
/// urikit.URIError: invalid character in path at index 10
#[pyclass(frozen, module = "urikit", name = "IRI")]
pub struct PyIRI(pub IriBuf);

impl PyIRIRef {
    fn r(&self) -> IriRef<'_> {
        self.0.as_iri_ref()
    }
}

impl PyIRI {
    fn r(&self) -> IriRef<'_> {
        self.0.as_iri().as_iri_ref()
    }
}

/// An `IRIRef` of text the library made (a URI's IRI mapping).
pub fn iri_ref(py: Python<'_>, text: &str) -> PyResult<PyIRIRef> {
    IriRefBuf::parse(text)
        .map(PyIRIRef)
        .map_err(|e| parse_error(py, e))
}

/// An `IRI` of text the library made.
pub fn iri(py: Python<'_>, text: &str) -> PyResult<PyIRI> {
    IriBuf::parse(text)
        .map(PyIRI)
        .map_err(|e| parse_error(py, e))
}

/// The text of an argument: a `str` or any of the four parsed types.
fn text_arg(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    text_of_parsed(obj).ok_or_else(|| {
        let name = obj
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default();
        PyTypeError::new_err(format!(
            "expected str, IRI, IRIRef, URI or URIRef, not {name}"
        ))
    })
}

uri_class!(
    PyIRIRef,
    {
        #[new]
        fn new(py: Python<'_>, text: PyBackedStr) -> PyResult<PyIRIRef> {
            IriRefBuf::parse(&*text)
                .map(PyIRIRef)
                .map_err(|e| parse_error(py, e))
        }

        /// The scheme, or ``None`` for a relative reference.
        ///
        /// >>> urikit.IRIRef('//ü/').scheme is None
        /// True
        #[getter]
        fn scheme(&self) -> Option<&str> {
            self.0.scheme()
        }

        /// Whether this is a relative reference (no scheme).
        #[getter]
        fn is_relative(&self) -> bool {
            self.r().is_relative()
        }

        /// This reference as an ``IRI``; ``URIError`` when it has no scheme.
        ///
        /// >>> urikit.IRIRef('s:ü').to_iri()
        /// IRI('s:ü')
        fn to_iri(&self, py: Python<'_>) -> PyResult<PyIRI> {
            iri(py, self.0.as_str())
        }

        /// The URI reference this IRI reference maps to (RFC 3987 3.1:
        /// non-ASCII characters percent-encoded as UTF-8).
        ///
        /// >>> urikit.IRIRef('/ü').to_uri()
        /// URIRef('/%C3%BC')
        fn to_uri(&self, py: Python<'_>) -> PyResult<PyURIRef> {
            UriRefBuf::parse(self.0.to_uri().into_owned())
                .map(PyURIRef)
                .map_err(|e| parse_error(py, e))
        }

        /// The syntax-based normal form (RFC 3987 5.3.2, over RFC 3986 6.2.2).
        ///
        /// >>> urikit.IRIRef('HTTP://A/./ü/../%7e').normalize()
        /// IRIRef('http://a/~')
        fn normalize(&self) -> PyIRIRef {
            PyIRIRef(self.r().normalize())
        }

        /// Whether this reference is in syntax-based normal form.
        ///
        /// >>> urikit.IRIRef('http://a/ü').is_normalized()
        /// True
        fn is_normalized(&self) -> bool {
            self.r().is_normalized()
        }
    },
    {}
);

uri_class!(
    PyIRI,
    {
        #[new]
        fn new(py: Python<'_>, text: PyBackedStr) -> PyResult<PyIRI> {
            IriBuf::parse(&*text)
                .map(PyIRI)
                .map_err(|e| parse_error(py, e))
        }

        /// The scheme (always present in an IRI).
        #[getter]
        fn scheme(&self) -> &str {
            self.0.scheme()
        }

        /// Always ``False``: an IRI has a scheme.
        #[getter]
        fn is_relative(&self) -> bool {
            false
        }

        /// This IRI as an ``IRIRef``.
        fn to_ref(&self) -> PyIRIRef {
            PyIRIRef(self.r().into_owned())
        }

        /// The URI this IRI maps to (RFC 3987 3.1).
        ///
        /// >>> urikit.IRI('http://example.org/ros\u00e9').to_uri()
        /// URI('http://example.org/ros%C3%A9')
        fn to_uri(&self, py: Python<'_>) -> PyResult<PyURI> {
            UriBuf::parse(self.0.to_uri().into_owned())
                .map(PyURI)
                .map_err(|e| parse_error(py, e))
        }

        /// Resolve ``reference`` against this IRI as base (RFC 3987 6.5, by
        /// RFC 3986 5.2).
        ///
        /// >>> urikit.IRI('http://a/b/c/ü').resolve('../ï')
        /// IRI('http://a/b/ï')
        fn resolve(&self, py: Python<'_>, reference: &Bound<'_, PyAny>) -> PyResult<PyIRI> {
            let text = text_arg(reference)?;
            self.0
                .resolve(text.as_str())
                .map(PyIRI)
                .map_err(|e| resolve_error(py, e))
        }

        /// The shortest reference from this base back to ``target``.
        ///
        /// >>> urikit.IRI('http://a/b/c/d').relative('http://a/b/ü')
        /// IRIRef('../ü')
        fn relative(&self, py: Python<'_>, target: &Bound<'_, PyAny>) -> PyResult<PyIRIRef> {
            let text = text_arg(target)?;
            self.0
                .make_relative(text.as_str())
                .map(PyIRIRef)
                .map_err(|e| resolve_error(py, e))
        }

        /// The syntax-based normal form.
        ///
        /// >>> urikit.IRI('HTTP://a/%C3%BC').normalize()
        /// IRI('http://a/%C3%BC')
        fn normalize(&self) -> PyIRI {
            PyIRI(self.0.normalize())
        }

        /// Whether this IRI is in syntax-based normal form.
        fn is_normalized(&self) -> bool {
            self.0.is_normalized()
        }
    },
    {}
);

/// The ``iri`` format check of ``urikit.jsonschema`` (internal): `True` for
/// non-strings and IRIs, `URIError` otherwise.
#[pyfunction]
pub fn _format_iri(py: Python<'_>, instance: &Bound<'_, PyAny>) -> PyResult<bool> {
    let Ok(s) = instance.cast::<PyString>() else {
        return Ok(true);
    };
    urikit::Iri::parse(&s.to_cow()?).map_err(|e| parse_error(py, e))?;
    Ok(true)
}

/// The ``iri-reference`` format check of ``urikit.jsonschema`` (internal).
#[pyfunction]
pub fn _format_iri_reference(py: Python<'_>, instance: &Bound<'_, PyAny>) -> PyResult<bool> {
    let Ok(s) = instance.cast::<PyString>() else {
        return Ok(true);
    };
    IriRef::parse(&s.to_cow()?).map_err(|e| parse_error(py, e))?;
    Ok(true)
}
