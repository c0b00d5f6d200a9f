//! The java.net.URI reading of a string (`urikit.parse(s, profile='java')`):
//! the library's `java::JavaUri`, its components copied into a small frozen
//! value, with the fields of `uri parse --java`.
//!
//! A Java string is UTF-16 and java.net.URI takes a lone surrogate as any
//! other char that is neither a space nor a control (it accepts
//! `http://h/\ud800`; tests/data/java_surrogates.json has the JDK's
//! answers). A Python `str` can hold one too, but Rust text cannot: each
//! distinct lone surrogate of the input stands in as a private-use
//! character (U+E000..U+F8FF) the input does not hold, which the library
//! reads as Java reads the surrogate (also neither space nor control, one
//! UTF-16 unit, one Python character), and every value given back has the
//! surrogates again.

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use urikit::java::{JavaError, JavaUri};

use crate::errors::uri_error;

/// Python strs as Rust text with each lone surrogate replaced by its
/// stand-in, and the way back.
struct Masked {
    /// The stand-ins, as (stand-in, surrogate) pairs.
    subs: Vec<(char, u32)>,
}

/// The code points of a `str`, lone surrogates included (UTF-32 with
/// `surrogatepass` keeps each one as itself).
fn code_points(s: &Bound<'_, PyString>) -> PyResult<Vec<u32>> {
    let b = s.call_method1("encode", ("utf-32-le", "surrogatepass"))?;
    let b = b.cast::<PyBytes>()?;
    Ok(b.as_bytes()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

const SURROGATES: std::ops::RangeInclusive<u32> = 0xD800..=0xDFFF;
const PRIVATE_USE: std::ops::RangeInclusive<u32> = 0xE000..=0xF8FF;

impl Masked {
    /// `strs` as Rust text, their lone surrogates replaced by stand-ins
    /// none of them holds (one table for all, so values of one input can
    /// meet those of another, as in `resolve`).
    fn new(py: Python<'_>, strs: &[&Bound<'_, PyString>]) -> PyResult<(Masked, Vec<String>)> {
        if let Ok(texts) = strs
            .iter()
            .map(|s| s.to_cow().map(|c| c.into_owned()))
            .collect::<PyResult<Vec<_>>>()
        {
            return Ok((Masked { subs: Vec::new() }, texts));
        }
        let points = strs
            .iter()
            .map(|s| code_points(s))
            .collect::<PyResult<Vec<_>>>()?;
        let taken: std::collections::BTreeSet<u32> = points
            .iter()
            .flatten()
            .copied()
            .filter(|p| PRIVATE_USE.contains(p))
            .collect();
        let mut free = PRIVATE_USE.filter(|p| !taken.contains(p));
        let mut subs: Vec<(char, u32)> = Vec::new();
        let mut texts = Vec::with_capacity(points.len());
        for points in &points {
            let mut text = String::with_capacity(points.len());
            for &p in points {
                if !SURROGATES.contains(&p) {
                    // Not a surrogate, so a char.
                    text.extend(char::from_u32(p));
                    continue;
                }
                if let Some(&(c, _)) = subs.iter().find(|(_, q)| *q == p) {
                    text.push(c);
                    continue;
                }
                // 6400 private-use characters for at most 2048 distinct
                // surrogates: none left only when the input holds more than
                // 4352 distinct private-use characters itself.
                let Some(c) = free.next().and_then(char::from_u32) else {
                    return Err(uri_error(
                        py,
                        "too many distinct lone surrogates and private-use characters for the java profile".into(),
                        None,
                        "not-unicode",
                        None,
                    ));
                };
                subs.push((c, p));
                text.push(c);
            }
            texts.push(text);
        }
        Ok((Masked { subs }, texts))
    }

    /// `s` (made of the masked texts) as a Python `str` with its lone
    /// surrogates back.
    fn unmask<'py>(&self, py: Python<'py>, s: &str) -> PyResult<Bound<'py, PyString>> {
        if self.subs.is_empty() || !s.chars().any(|c| self.subs.iter().any(|(d, _)| *d == c)) {
            return Ok(PyString::new(py, s));
        }
        let mut bytes = Vec::with_capacity(s.len() * 4);
        for c in s.chars() {
            let p = self
                .subs
                .iter()
                .find(|(d, _)| *d == c)
                .map_or(c as u32, |(_, p)| *p);
            bytes.extend_from_slice(&p.to_le_bytes());
        }
        let text =
            PyBytes::new(py, &bytes).call_method1("decode", ("utf-32-le", "surrogatepass"))?;
        Ok(text.cast_into::<PyString>()?)
    }

    fn unmask_opt(&self, py: Python<'_>, s: Option<&str>) -> PyResult<Option<Py<PyString>>> {
        s.map(|s| self.unmask(py, s).map(Bound::unbind)).transpose()
    }
}

/// A string as ``new java.net.URI(s)`` reads it (RFC 2396 with Java's
/// documented deviations), as ``urikit.parse(text, profile='java')``
/// gives it: Java's raw getters, checked against the real JVM in the
/// project's tests. ``port`` is ``None`` where Java's ``getPort()`` says
/// -1; ``path`` is ``None`` for an opaque URI, as ``getRawPath()``. A lone
/// surrogate is a character like any other here, as in a Java string.
///
/// >>> j = urikit.parse('http://h:8080//a/./b?q', profile='java')
/// >>> j.host, j.port, j.path, j.query, j.authority_kind
/// ('h', 8080, '//a/./b', 'q', 'server')
/// >>> str(j.normalize()), str(j.resolve('../c'))
/// ('http://h:8080/a/b?q', 'http://h:8080/c')
/// >>> urikit.parse('mailto:a@b', profile='java').scheme_specific_part
/// 'a@b'
/// >>> urikit.parse('http://h/\ud800', profile='java').path
/// '/\ud800'
#[pyclass(frozen, module = "urikit", name = "JavaURI")]
pub struct PyJavaUri {
    text: Py<PyString>,
    /// ``getScheme()``: the scheme, or ``None``.
    #[pyo3(get)]
    scheme: Option<Py<PyString>>,
    /// ``isOpaque()``.
    #[pyo3(get)]
    opaque: bool,
    /// ``getRawSchemeSpecificPart()``.
    #[pyo3(get)]
    scheme_specific_part: Py<PyString>,
    /// ``getRawAuthority()``.
    #[pyo3(get)]
    authority: Option<Py<PyString>>,
    /// ``'server'`` when Java parsed the authority as a server (``getHost()``
    /// is set), ``'registry'`` when it fell back to a registry-based
    /// authority, ``None`` without an authority.
    #[pyo3(get)]
    authority_kind: Option<&'static str>,
    /// ``getRawUserInfo()``.
    #[pyo3(get)]
    userinfo: Option<Py<PyString>>,
    /// ``getHost()``.
    #[pyo3(get)]
    host: Option<Py<PyString>>,
    /// ``getPort()``, ``None`` for -1.
    #[pyo3(get)]
    port: Option<i32>,
    /// ``getRawPath()``.
    #[pyo3(get)]
    path: Option<Py<PyString>>,
    /// ``getRawQuery()``.
    #[pyo3(get)]
    query: Option<Py<PyString>>,
    /// ``getRawFragment()``.
    #[pyo3(get)]
    fragment: Option<Py<PyString>>,
}

/// Java's rejection as a `URIError`: the library's kind name, the index in
/// characters (Python's; Java counts UTF-16 units, which differ only past
/// U+FFFF), and Java's message.
fn java_error(py: Python<'_>, e: JavaError, text: &str) -> PyErr {
    let index = text.get(..e.index()).map(|t| t.chars().count());
    let message = e.to_string();
    let message = match (
        index,
        message.strip_suffix(&format!(" at index {}", e.index())),
    ) {
        (Some(i), Some(stem)) => format!("{stem} at index {i}"),
        _ => message,
    };
    let index = index.filter(|_| e.java_index() >= 0);
    uri_error(py, message, index, e.name(), None)
}

impl PyJavaUri {
    /// ``new java.net.URI(s)``.
    pub fn parse_str(s: &Bound<'_, PyString>) -> PyResult<PyJavaUri> {
        let py = s.py();
        let (masked, texts) = Masked::new(py, &[s])?;
        let u = JavaUri::parse(&texts[0]).map_err(|e| java_error(py, e, &texts[0]))?;
        PyJavaUri::of(py, &u, &masked)
    }

    fn of(py: Python<'_>, u: &JavaUri<'_>, m: &Masked) -> PyResult<PyJavaUri> {
        Ok(PyJavaUri {
            text: m.unmask(py, u.as_str())?.unbind(),
            scheme: m.unmask_opt(py, u.scheme())?,
            opaque: u.is_opaque(),
            scheme_specific_part: m.unmask(py, u.raw_scheme_specific_part())?.unbind(),
            authority: m.unmask_opt(py, u.raw_authority())?,
            authority_kind: u.authority_kind().map(|k| k.name()),
            userinfo: m.unmask_opt(py, u.raw_user_info())?,
            host: m.unmask_opt(py, u.host())?,
            port: Some(u.port()).filter(|p| *p >= 0),
            path: m.unmask_opt(py, u.raw_path())?,
            query: m.unmask_opt(py, u.raw_query())?,
            fragment: m.unmask_opt(py, u.raw_fragment())?,
        })
    }

    /// The result text `s` of resolve or normalize (masked by `m`) as a
    /// value.
    fn from_result(py: Python<'_>, s: &str, m: &Masked) -> PyResult<PyJavaUri> {
        let u = JavaUri::parse(s).map_err(|e| java_error(py, e, s))?;
        PyJavaUri::of(py, &u, m)
    }
}

#[pymethods]
impl PyJavaUri {
    #[new]
    fn new(text: &Bound<'_, PyString>) -> PyResult<PyJavaUri> {
        PyJavaUri::parse_str(text)
    }

    /// ``URI.resolve(other)`` as Java computes it (not RFC 3986 5.2: an
    /// empty reference gives the base's directory, dot segments are
    /// removed only from the merged path, an opaque base resolves to the
    /// reference itself). ``other`` is a ``JavaURI`` or a ``str``.
    fn resolve(&self, other: &Bound<'_, PyAny>) -> PyResult<PyJavaUri> {
        let py = other.py();
        let other = match other.cast::<PyJavaUri>() {
            Ok(j) => j.get().text.bind(py).clone(),
            Err(_) => other.cast::<PyString>().cloned().map_err(|_| {
                let name = other
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default();
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "expected str or JavaURI, not {name}"
                ))
            })?,
        };
        let (m, texts) = Masked::new(py, &[self.text.bind(py), &other])?;
        let base = JavaUri::parse(&texts[0]).map_err(|e| java_error(py, e, &texts[0]))?;
        let child = JavaUri::parse(&texts[1]).map_err(|e| java_error(py, e, &texts[1]))?;
        PyJavaUri::from_result(py, &base.resolve(&child), &m)
    }

    /// ``URI.normalize()`` as Java computes it (dot segments removed, runs
    /// of ``/`` collapsed, a leading segment with ``:`` protected by
    /// ``./``).
    fn normalize(&self, py: Python<'_>) -> PyResult<PyJavaUri> {
        let (m, texts) = Masked::new(py, &[self.text.bind(py)])?;
        let u = JavaUri::parse(&texts[0]).map_err(|e| java_error(py, e, &texts[0]))?;
        PyJavaUri::from_result(py, &u.normalize(), &m)
    }

    fn __str__(&self, py: Python<'_>) -> Py<PyString> {
        self.text.clone_ref(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("JavaURI({})", self.text.bind(py).repr()?))
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.text.bind(py).hash()
    }

    /// Comparison by text, with `JavaURI`s only.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyJavaUri>() {
            Ok(o) => Ok(self
                .text
                .bind(py)
                .rich_compare(o.get().text.bind(py), op)?
                .unbind()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (Py<PyString>,)) {
        (
            py.get_type::<PyJavaUri>().into_any().unbind(),
            (self.text.clone_ref(py),),
        )
    }
}
