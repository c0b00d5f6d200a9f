//! `URI` and `URIRef`: immutable, hashable Python values over the library's
//! owned `UriBuf` and `UriRefBuf`. Every accessor and operation is the
//! library's; this file only converts arguments and results.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use urikit::compare::{Comparison, Level};
use urikit::normalize::Normalizer;

use urikit::{ToUri, ToUriRef, Uri, UriBuf, UriRef, UriRefBuf};

use crate::errors::{parse_error, resolve_error, uri_error, Text};
use crate::funcs::{lint_findings, Finding};

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
    Level::from_name(name).ok_or_else(|| {
        uri_error(
            py,
            format!("unknown level {name:?} (expected 'string', 'syntax' or 'scheme')"),
            None,
            "unknown-level",
            None,
        )
    })
}

/// The comparison of a level name (`string`, `syntax`, `scheme`).
pub fn comparison(
    py: Python<'_>,
    name: &str,
    ignore_fragment: bool,
) -> PyResult<Comparison<'static>> {
    Ok(Comparison::new(level(py, name)?).ignore_fragment(ignore_fragment))
}

pub(crate) fn text_hash(s: &str) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// The text of any of the four parsed types.
pub fn text_of_parsed(obj: &Bound<'_, PyAny>) -> Option<String> {
    if let Ok(u) = obj.cast::<PyURI>() {
        Some(u.get().0.as_str().to_owned())
    } else if let Ok(r) = obj.cast::<PyURIRef>() {
        Some(r.get().0.as_str().to_owned())
    } else if let Ok(i) = obj.cast::<crate::iri::PyIRI>() {
        Some(i.get().0.as_str().to_owned())
    } else if let Ok(i) = obj.cast::<crate::iri::PyIRIRef>() {
        Some(i.get().0.as_str().to_owned())
    } else {
        None
    }
}

/// Equality across the four types: a URI is a URI reference and an IRI,
/// and all compare byte-wise (no implicit normalization), as in the
/// library.
pub(crate) fn compare(this: &str, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
    let py = other.py();
    let Some(text) = text_of_parsed(other) else {
        return py.NotImplemented();
    };
    let ord = this.cmp(text.as_str());
    op.matches(ord)
        .into_pyobject(py)
        .map_or_else(|_| py.None(), |b| b.to_owned().into_any().unbind())
}

/// The accessors both types share: the library's, with absent (`None`) and
/// empty (`""`) kept apart.
macro_rules! uri_class {
    ($ty:ident, { $($extra:tt)* }, { $($ops:tt)* }) => {
        #[pymethods]
        impl $ty {
            $($extra)*
            $($ops)*

            /// The authority (``userinfo@host:port``), or ``None`` when absent.
            ///
            /// >>> urikit.URIRef('//u@h:1/p').authority
            /// 'u@h:1'
            /// >>> urikit.URIRef('file:///x').authority
            /// ''
            /// >>> urikit.URIRef('/x').authority is None
            /// True
            #[getter]
            fn authority(&self) -> Option<&str> {
                self.r().authority()
            }

            /// The userinfo, or ``None`` when absent.
            ///
            /// >>> urikit.URIRef('//user@h').userinfo
            /// 'user'
            /// >>> urikit.URIRef('//@h').userinfo
            /// ''
            #[getter]
            fn userinfo(&self) -> Option<&str> {
                self.r().userinfo()
            }

            /// The host as written, or ``None`` when there is no authority.
            ///
            /// >>> urikit.URIRef('http://[::1]:80/').host
            /// '[::1]'
            /// >>> urikit.URIRef('mailto:a@b').host is None
            /// True
            #[getter]
            fn host(&self) -> Option<&str> {
                self.r().host_str()
            }

            /// The host in ASCII: a registered name by IDNA (UTS #46
            /// ToASCII, non-transitional; RFC 3987 3.1) after decoding
            /// percent-encoded UTF-8, an IP address as it is; ``None``
            /// without an authority. ``URIError`` (kind ``'invalid-label'``
            /// or ``'not-utf8'``, component ``'host'``, ``index`` where the
            /// label starts) when the name has no ASCII form.
            ///
            /// >>> urikit.IRIRef('http://r\u00e9sum\u00e9.example.org').host_ascii()
            /// 'xn--rsum-bpad.example.org'
            /// >>> urikit.URIRef('http://r%C3%A9sum%C3%A9.example.org').host_ascii()
            /// 'xn--rsum-bpad.example.org'
            /// >>> urikit.URIRef('http://a.xn--a.example/').host_ascii()
            /// Traceback (most recent call last):
            /// ...
            /// urikit.URIError: invalid label "xn--a" in host at index 9
            fn host_ascii(&self, py: Python<'_>) -> PyResult<Option<String>> {
                let r = self.r();
                let Some(host) = r.host() else { return Ok(None) };
                match host.to_ascii() {
                    Ok(a) => Ok(Some(a.into_owned())),
                    Err(e) => Err(crate::errors::idna_error(py, e, r.as_str(), host.as_str())),
                }
            }

            /// The host with its A-labels shown as U-labels (UTS #46
            /// ToUnicode; RFC 3987 3.2.1); ``None`` without an authority,
            /// ``URIError`` as for ``host_ascii``.
            ///
            /// >>> urikit.URI('http://xn--99zt52a.example.org/').host_unicode()
            /// '納豆.example.org'
            fn host_unicode(&self, py: Python<'_>) -> PyResult<Option<String>> {
                let r = self.r();
                let Some(host) = r.host() else { return Ok(None) };
                match host.to_unicode() {
                    Ok(a) => Ok(Some(a.into_owned())),
                    Err(e) => Err(crate::errors::idna_error(py, e, r.as_str(), host.as_str())),
                }
            }

            /// The kind of host: ``'reg-name'``, ``'ipv4'``, ``'ipv6'`` or
            /// ``'ipvfuture'``, or ``None``.
            ///
            /// >>> urikit.URIRef('http://127.0.0.1/').host_kind
            /// 'ipv4'
            #[getter]
            fn host_kind(&self) -> Option<&'static str> {
                self.r().host_kind().map(|k| k.name())
            }

            /// The port as written (digits, possibly empty), or ``None``.
            ///
            /// >>> urikit.URIRef('http://h:08080/').port_text
            /// '08080'
            /// >>> urikit.URIRef('http://h:/').port_text
            /// ''
            #[getter]
            fn port_text(&self) -> Option<&str> {
                self.r().port()
            }

            /// The port as a number (as ``urikit.arrow.port`` and
            /// ``urllib.parse`` give it), or ``None`` when absent or empty;
            /// ``URIError`` (kind ``'port-overflow'``) past 65535.
            ///
            /// >>> urikit.URIRef('http://h:08080/').port
            /// 8080
            /// >>> urikit.URIRef('http://h:/').port is None
            /// True
            #[getter]
            fn port(&self, py: Python<'_>) -> PyResult<Option<u16>> {
                self.r().port_u16().map_err(|e| {
                    uri_error(py, e.to_string(), None, "port-overflow", Some("port"))
                })
            }

            /// The path (always present, possibly empty).
            ///
            /// >>> urikit.URIRef('http://h').path
            /// ''
            /// >>> urikit.URIRef('a/b?q').path
            /// 'a/b'
            #[getter]
            fn path(&self) -> &str {
                self.r().path()
            }

            /// The query, or ``None`` when absent.
            ///
            /// >>> urikit.URIRef('p?').query
            /// ''
            /// >>> urikit.URIRef('p').query is None
            /// True
            #[getter]
            fn query(&self) -> Option<&str> {
                self.r().query()
            }

            /// The fragment, or ``None`` when absent.
            ///
            /// >>> urikit.URIRef('p#top').fragment
            /// 'top'
            #[getter]
            fn fragment(&self) -> Option<&str> {
                self.r().fragment()
            }

            /// Whether there is an authority (``//`` after the scheme).
            ///
            /// >>> urikit.URIRef('file:///x').has_authority
            /// True
            #[getter]
            fn has_authority(&self) -> bool {
                self.r().has_authority()
            }

            /// The reference as text.
            fn __str__(&self) -> &str {
                self.r().as_str()
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                let text = PyString::new(py, self.r().as_str()).repr()?;
                Ok(format!("{}({})", stringify!($ty).trim_start_matches("Py"), text))
            }

            fn __hash__(&self) -> u64 {
                text_hash(self.r().as_str())
            }

            fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
                compare(self.r().as_str(), other, op)
            }

            /// Pickling: the type and the text, parsed again on load.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
                let text = slf.get().r().as_str().to_owned();
                (slf.get_type(), (text,)).into_pyobject(slf.py())
            }
        }
    };
}

pub(crate) use uri_class;

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
            #[pyo3(signature = (*, level = "syntax"))]
            fn is_normalized(&self, py: Python<'_>, level: &str) -> PyResult<bool> {
                // Parsed already: the check cannot fail.
                Ok(Normalizer::new(crate::types::level(py, level)?)
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
            #[pyo3(signature = (other, *, level = "syntax", ignore_fragment = false))]
            fn equivalent(
                &self,
                py: Python<'_>,
                other: Arg,
                level: &str,
                ignore_fragment: bool,
            ) -> PyResult<bool> {
                let cmp = comparison(py, level, ignore_fragment)?;
                // Both parsed: the comparison cannot fail.
                other.with_ref(py, |o| Ok(cmp.equivalent(self.r(), o).unwrap_or(false)))
            }

        });
    };
}

/// A URI reference (RFC 3986 4.1): a URI or a relative reference.
///
/// Immutable and hashable; equality is byte-wise (no implicit
/// normalization). Components are properties; absent ones are ``None``,
/// empty ones ``""``.
///
/// >>> r = urikit.URIRef('../g?q')
/// >>> r.scheme, r.path, r.query, r.fragment
/// (None, '../g', 'q', None)
/// >>> urikit.URIRef('a b')
/// Traceback (most recent call last):
/// ...
/// urikit.URIError: invalid character in path at index 1
#[pyclass(frozen, module = "urikit", name = "URIRef")]
pub struct PyURIRef(pub UriRefBuf);

/// A URI (RFC 3986 section 3): a URI reference with a scheme.
///
/// Immutable and hashable; equality is byte-wise (no implicit
/// normalization).
///
/// >>> u = urikit.URI('foo://example.com:8042/over/there?name=ferret#nose')
/// >>> u.scheme, u.host, u.port, u.path, u.query, u.fragment
/// ('foo', 'example.com', 8042, '/over/there', 'name=ferret', 'nose')
/// >>> urikit.URI('//example.com/')
/// Traceback (most recent call last):
/// ...
/// urikit.URIError: missing scheme (expected a scheme and ':') at index 0
#[pyclass(frozen, module = "urikit", name = "URI")]
pub struct PyURI(pub UriBuf);

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
    fn to_iri(&self, py: Python<'_>, idna: bool) -> PyResult<crate::iri::PyIRIRef> {
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
    #[pyo3(signature = (*, level = "syntax"))]
    fn normalize(&self, py: Python<'_>, level: &str) -> PyResult<PyURIRef> {
        let n = self
            .0
            .as_uri_ref()
            .normalize_with(&Normalizer::new(crate::types::level(py, level)?));
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
    fn to_iri(&self, py: Python<'_>, idna: bool) -> PyResult<crate::iri::PyIRI> {
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
    /// >>> urikit.URI('http://a/b/c/d;p?q').relative('http://a/b/c/g')
    /// URIRef('g')
    fn relative(&self, py: Python<'_>, target: Arg) -> PyResult<PyURIRef> {
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
    #[pyo3(signature = (*, level = "syntax"))]
    fn normalize(&self, py: Python<'_>, level: &str) -> PyResult<PyURI> {
        let n = self
            .0
            .as_uri()
            .normalize_with(&Normalizer::new(crate::types::level(py, level)?));
        // The normal form of a URI is a URI: normalization keeps the scheme.
        Ok(match n.into_uri_buf() {
            Some(u) => PyURI(u),
            None => PyURI(self.0.clone()),
        })
    }
});
