//! `IRI` and `IRIRef` (RFC 3987): the library's IRI types, with the same
//! component properties as `URI` and `URIRef` (shared through `uri_class!`),
//! resolution, normalization and the mappings to and from URIs.

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use urikit::{IriBuf, IriRef, IriRefBuf, UriBuf, UriRefBuf};

use crate::accessors::uri_class;
use crate::classes::{PyIRI, PyIRIRef, PyURI, PyURIRef, compare, text_hash, text_of_parsed};

use crate::errors::{Text, idna_error, parse_error, parse_error_in, resolve_error, uri_error};

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

/// An IDNA error of the host of `r` as a `URIError` (index in `r`'s text).
fn idna_err_of(py: Python<'_>, r: IriRef<'_>, e: urikit::IdnaError) -> PyErr {
    let host = r.host().map_or("", |h| h.as_str());
    // Without a host (which cannot fail) the index is the host's own.
    let text = if host.is_empty() { host } else { r.as_str() };
    idna_error(py, e, text, host)
}

impl PyIRIRef {
    fn idna_err(&self, py: Python<'_>, e: urikit::IdnaError) -> PyErr {
        idna_err_of(py, self.r(), e)
    }
}

impl PyIRI {
    fn idna_err(&self, py: Python<'_>, e: urikit::IdnaError) -> PyErr {
        idna_err_of(py, self.r(), e)
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
        return crate::errors::str_text(s);
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
        fn new(py: Python<'_>, text: Text) -> PyResult<PyIRIRef> {
            IriRefBuf::parse(&*text)
                .map(PyIRIRef)
                .map_err(|e| parse_error_in(py, e, &text))
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
        /// non-ASCII characters percent-encoded as UTF-8). With
        /// ``idna=True`` the host name is mapped by IDNA ToASCII instead
        /// (UTS #46); ``URIError`` when it has no ASCII form.
        ///
        /// >>> urikit.IRIRef('/ü').to_uri()
        /// URIRef('/%C3%BC')
        /// >>> urikit.IRIRef('//例え.jp/ü').to_uri(idna=True)
        /// URIRef('//xn--r8jz45g.jp/%C3%BC')
        #[pyo3(signature = (*, idna = false))]
        fn to_uri(&self, py: Python<'_>, idna: bool) -> PyResult<PyURIRef> {
            let text = if idna {
                self.0.to_uri_idna().map_err(|e| self.idna_err(py, e))?
            } else {
                self.0.to_uri()
            };
            UriRefBuf::parse(text.into_owned())
                .map(PyURIRef)
                .map_err(|e| parse_error(py, e))
        }

        /// This reference in Unicode Normalization Form C (RFC 3987
        /// 5.3.2.2), a step apart from ``normalize``; ``URIError`` in the
        /// rare case that the normal form is not an IRI reference.
        ///
        /// >>> urikit.IRIRef('/re\u0301sume\u0301').to_nfc() == urikit.IRIRef('/r\u00e9sum\u00e9')
        /// True
        fn to_nfc(&self, py: Python<'_>) -> PyResult<PyIRIRef> {
            self.0
                .to_nfc()
                .map(PyIRIRef)
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
        fn new(py: Python<'_>, text: Text) -> PyResult<PyIRI> {
            IriBuf::parse(&*text)
                .map(PyIRI)
                .map_err(|e| parse_error_in(py, e, &text))
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

        /// The URI this IRI maps to (RFC 3987 3.1). With ``idna=True`` the
        /// host name is mapped by IDNA ToASCII (UTS #46, non-transitional)
        /// instead of percent-encoded; ``URIError`` (kind
        /// ``'invalid-label'`` or ``'not-utf8'``, ``index`` where the label
        /// starts) when it has no ASCII form.
        ///
        /// >>> urikit.IRI('http://example.org/ros\u00e9').to_uri()
        /// URI('http://example.org/ros%C3%A9')
        /// >>> urikit.IRI('http://r\u00e9sum\u00e9.example.org').to_uri(idna=True)
        /// URI('http://xn--rsum-bpad.example.org')
        /// >>> urikit.IRI('http://例え.jp/').to_uri(idna=True)
        /// URI('http://xn--r8jz45g.jp/')
        /// >>> urikit.IRI('http://a.xn--a.example/').to_uri(idna=True)
        /// Traceback (most recent call last):
        /// ...
        /// urikit.URIError: invalid label "xn--a" in host at index 9
        #[pyo3(signature = (*, idna = false))]
        fn to_uri(&self, py: Python<'_>, idna: bool) -> PyResult<PyURI> {
            let text = if idna {
                self.0.to_uri_idna().map_err(|e| self.idna_err(py, e))?
            } else {
                self.0.to_uri()
            };
            UriBuf::parse(text.into_owned())
                .map(PyURI)
                .map_err(|e| parse_error(py, e))
        }

        /// This IRI in Unicode Normalization Form C (RFC 3987 5.3.2.2).
        ///
        /// >>> urikit.IRI('http://e\u0301.example/').to_nfc() == urikit.IRI('http://\u00e9.example/')
        /// True
        fn to_nfc(&self, py: Python<'_>) -> PyResult<PyIRI> {
            let n = self.r().to_nfc().map_err(|e| parse_error(py, e))?;
            IriBuf::parse(n.into_owned())
                .map(PyIRI)
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
        /// >>> urikit.IRI('http://a/b/c/d').make_relative('http://a/b/ü')
        /// IRIRef('../ü')
        fn make_relative(&self, py: Python<'_>, target: &Bound<'_, PyAny>) -> PyResult<PyIRIRef> {
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
    let text = s.to_cow().map_err(|_| crate::errors::not_unicode(py, s))?;
    urikit::Iri::parse(&text).map_err(|e| parse_error_in(py, e, &text))?;
    Ok(true)
}

/// The ``iri-reference`` format check of ``urikit.jsonschema`` (internal).
#[pyfunction]
pub fn _format_iri_reference(py: Python<'_>, instance: &Bound<'_, PyAny>) -> PyResult<bool> {
    let Ok(s) = instance.cast::<PyString>() else {
        return Ok(true);
    };
    let text = s.to_cow().map_err(|_| crate::errors::not_unicode(py, s))?;
    IriRef::parse(&text).map_err(|e| parse_error_in(py, e, &text))?;
    Ok(true)
}
