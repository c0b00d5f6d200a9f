//! `URI` and `URIRef`: immutable, hashable Python values over the library's
//! owned `UriBuf` and `UriRefBuf`. Every accessor and operation is the
//! library's; this file only converts arguments and results.

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use urikit::normalize::Normalizer;
use urikit::{ToUri, UriBuf, UriRef, UriRefBuf};

use crate::accessors::uri_class;
use crate::args::{Arg, comparison};
use crate::classes::{PyURI, PyURIRef, compare, text_hash};
use crate::errors::{Name, Text, parse_error, resolve_error, uri_error};
use crate::findings::{Finding, lint_findings};

/// The URI types' class: the shared accessors plus the operations the
/// library has for URIs only (lint, normalization checks, equivalence).
macro_rules! with_uri_ops {
    ($ty:ident, { $($extra:tt)* }) => {
        uri_class!($ty, { $($extra)* }, {
            /// The security findings of section 7 (``urikit.lint``).
            ///
            /// >>> [f.kind for f in urikit.URI('http://user:pw@h/').lint()]
            /// ['credentials']
            fn lint(&self) -> Vec<Finding> {
                let r = self.r();
                // Parsed already: linting cannot fail.
                lint_findings(r.as_str(), urikit::security::lint(r).unwrap_or_default())
            }

            /// Whether this reference is in normal form at ``level``
            /// (``'syntax'``, 6.2.2, by default; ``'scheme'`` adds 6.2.3;
            /// at ``'string'`` every reference is).
            ///
            /// >>> urikit.URIRef('HTTP://h/').is_normalized()
            /// False
            /// >>> urikit.URIRef('http://h:80/').is_normalized(level='scheme')
            /// False
            #[pyo3(
                signature = (*, level = Name::Default("syntax")),
                text_signature = "($self, *, level='syntax')"
            )]
            fn is_normalized(&self, py: Python<'_>, level: Name) -> PyResult<bool> {
                // Parsed already: the check cannot fail.
                Ok(Normalizer::new(crate::args::level(py, &level)?)
                    .is_normalized(self.r())
                    .unwrap_or(false))
            }

            /// Whether this reference and ``other`` are equivalent at
            /// ``level`` (``'string'``, ``'syntax'`` or ``'scheme'``, 6.2).
            ///
            /// >>> urikit.URI('HTTP://h:80/%7e').equivalent('http://h/~', level='scheme')
            /// True
            /// >>> urikit.URI('HTTP://h:80/%7e').equivalent('http://h/~')
            /// False
            #[pyo3(
                signature = (other, *, level = Name::Default("syntax"), ignore_fragment = false),
                text_signature = "($self, other, *, level='syntax', ignore_fragment=False)"
            )]
            fn equivalent(
                &self,
                py: Python<'_>,
                other: Arg,
                level: Name,
                ignore_fragment: bool,
            ) -> PyResult<bool> {
                let cmp = comparison(py, &level, ignore_fragment)?;
                // Both parsed: the comparison cannot fail.
                other.with_ref(py, |o| Ok(cmp.equivalent(self.r(), o).unwrap_or(false)))
            }

        });
    };
}

impl PyURIRef {
    fn r(&self) -> UriRef<'_> {
        self.0.as_uri_ref()
    }
}

impl PyURI {
    fn r(&self) -> UriRef<'_> {
        self.0.as_uri().as_uri_ref()
    }
}

with_uri_ops!(PyURIRef, {
    #[new]
    fn new(py: Python<'_>, text: Text) -> PyResult<PyURIRef> {
        UriRefBuf::parse(&*text)
            .map(PyURIRef)
            .map_err(|e| parse_error(py, e))
    }

    /// The scheme, or ``None`` for a relative reference.
    ///
    /// >>> urikit.URIRef('HTTP://h').scheme
    /// 'HTTP'
    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.0.scheme()
    }

    /// Whether this is a relative reference (no scheme).
    ///
    /// >>> urikit.URIRef('//h/p').is_relative
    /// True
    #[getter]
    fn is_relative(&self) -> bool {
        self.0.as_uri_ref().is_relative()
    }

    /// The IRI this URI reference maps to (RFC 3987 3.2): percent-encoded
    /// UTF-8 of characters IRIs allow is decoded. With ``idna=True``,
    /// A-labels in the host are also shown as U-labels (3.2.1; a host that
    /// IDNA ToUnicode rejects is left as it is).
    ///
    /// >>> urikit.URIRef('/D%C3%BCrst').to_iri()
    /// IRIRef('/Dürst')
    /// >>> urikit.URIRef('//xn--r8jz45g.jp/').to_iri(idna=True)
    /// IRIRef('//例え.jp/')
    #[pyo3(signature = (*, idna = false))]
    fn to_iri(&self, py: Python<'_>, idna: bool) -> PyResult<crate::classes::PyIRIRef> {
        if idna {
            crate::iri::iri_ref(py, &self.0.to_iri_idna())
        } else {
            crate::iri::iri_ref(py, &self.0.to_iri())
        }
    }

    /// This reference as a ``URI``; ``URIError`` when it has no scheme.
    ///
    /// >>> urikit.URIRef('s:p').to_uri()
    /// URI('s:p')
    fn to_uri(&self, py: Python<'_>) -> PyResult<PyURI> {
        self.0
            .as_uri_ref()
            .to_uri()
            .map(|u| PyURI(u.into_owned()))
            .map_err(|e| parse_error(py, e))
    }

    /// The normal form at ``level``: ``'syntax'`` (6.2.2) by default,
    /// ``'scheme'`` (6.2.2 and 6.2.3), or ``'string'`` (unchanged).
    ///
    /// >>> urikit.URIRef('HTTP://Example.COM:80/a/./b/../%7e').normalize()
    /// URIRef('http://example.com:80/a/~')
    /// >>> urikit.URIRef('HTTP://Example.COM:80/').normalize(level='scheme')
    /// URIRef('http://example.com/')
    #[pyo3(
        signature = (*, level = Name::Default("syntax")),
        text_signature = "($self, *, level='syntax')"
    )]
    fn normalize(&self, py: Python<'_>, level: Name) -> PyResult<PyURIRef> {
        let n = self
            .0
            .as_uri_ref()
            .normalize_with(&Normalizer::new(crate::args::level(py, &level)?));
        Ok(PyURIRef(n.into_uri_ref_buf()))
    }
});

with_uri_ops!(PyURI, {
    #[new]
    fn new(py: Python<'_>, text: Text) -> PyResult<PyURI> {
        UriBuf::parse(&*text)
            .map(PyURI)
            .map_err(|e| parse_error(py, e))
    }

    /// The scheme (always present in a URI).
    ///
    /// >>> urikit.URI('urn:isbn:0451450523').scheme
    /// 'urn'
    #[getter]
    fn scheme(&self) -> &str {
        self.0.scheme()
    }

    /// Always ``False``: a URI has a scheme.
    #[getter]
    fn is_relative(&self) -> bool {
        false
    }

    /// The IRI this URI maps to (RFC 3987 3.2). With ``idna=True``,
    /// A-labels in the host are also shown as U-labels (3.2.1).
    ///
    /// >>> urikit.URI('http://www.example.org/D%C3%BCrst').to_iri()
    /// IRI('http://www.example.org/Dürst')
    /// >>> urikit.URI('http://xn--99zt52a.example.org/%e2%80%ae').to_iri(idna=True)
    /// IRI('http://納豆.example.org/%E2%80%AE')
    #[pyo3(signature = (*, idna = false))]
    fn to_iri(&self, py: Python<'_>, idna: bool) -> PyResult<crate::classes::PyIRI> {
        if idna {
            crate::iri::iri(py, &self.0.to_iri_idna())
        } else {
            crate::iri::iri(py, &self.0.to_iri())
        }
    }

    /// This URI as a ``URIRef``.
    ///
    /// >>> urikit.URI('s:p').to_ref()
    /// URIRef('s:p')
    fn to_ref(&self) -> PyURIRef {
        PyURIRef(self.0.as_uri().as_uri_ref().into_owned())
    }

    /// Resolve ``reference`` against this URI as base (section 5.2).
    ///
    /// >>> base = urikit.URI('http://a/b/c/d;p?q')
    /// >>> base.resolve('../g'), base.resolve('g?y#s')
    /// (URI('http://a/b/g'), URI('http://a/b/c/g?y#s'))
    fn resolve(&self, py: Python<'_>, reference: Arg) -> PyResult<PyURI> {
        self.0
            .resolve(&reference)
            .map(PyURI)
            .map_err(|e| resolve_error(py, e))
    }

    /// The shortest reference that resolves from this base back to
    /// ``target`` (the inverse of ``resolve``).
    ///
    /// >>> urikit.URI('http://a/b/c/d;p?q').make_relative('http://a/b/c/g')
    /// URIRef('g')
    fn make_relative(&self, py: Python<'_>, target: Arg) -> PyResult<PyURIRef> {
        self.0
            .make_relative(&target)
            .map(PyURIRef)
            .map_err(|e| resolve_error(py, e))
    }

    /// The normal form at ``level``: ``'syntax'`` (6.2.2) by default,
    /// ``'scheme'`` (6.2.2 and 6.2.3), or ``'string'`` (unchanged).
    ///
    /// >>> urikit.URI('HTTP://Example.COM:80/a/./b/../%7e').normalize(level='scheme')
    /// URI('http://example.com/a/~')
    #[pyo3(
        signature = (*, level = Name::Default("syntax")),
        text_signature = "($self, *, level='syntax')"
    )]
    fn normalize(&self, py: Python<'_>, level: Name) -> PyResult<PyURI> {
        let n = self
            .0
            .as_uri()
            .normalize_with(&Normalizer::new(crate::args::level(py, &level)?));
        // The normal form of a URI is a URI: normalization keeps the scheme.
        Ok(match n.into_uri_buf() {
            Some(u) => PyURI(u),
            None => PyURI(self.0.clone()),
        })
    }
});
