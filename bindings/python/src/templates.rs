//! `urikit.URITemplate` (RFC 6570: expansion and matching) and the file
//! path conversions (RFC 8089), over `urikit::rfc6570` and `urikit::rfc8089`.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use urikit::rfc6570::{Captures, MatchMode, Matcher, Template, TemplateBuf, VarValue};
use urikit::rfc8089::FilePathError;
use urikit::rfc8089::{FileProfile, PathStyle};

use crate::args::Arg;
use crate::classes::PyURI;
use crate::errors::{Name, Text, not_unicode, str_text, uri_error};

/// A URI Template (RFC 6570), parsed: ``expand`` fills it in, ``match``
/// reads the variables back out of a URI.
///
/// >>> t = urikit.URITemplate('http://example.com/{user}/repos{?page,per}')
/// >>> t.expand({'user': 'fred', 'page': 2})
/// 'http://example.com/fred/repos?page=2'
/// >>> t.match('http://example.com/ann/repos?page=3&per=10')
/// {'user': 'ann', 'page': '3', 'per': '10'}
/// >>> urikit.URITemplate('{unclosed')
/// Traceback (most recent call last):
/// ...
/// urikit.URIError: unclosed expression at index 9
#[pyclass(frozen, module = "urikit", name = "URITemplate")]
pub struct PyTemplate(TemplateBuf);

/// A Python value as a template variable: ``str`` (other scalars by
/// ``str()``), a list or tuple of them, or a dict of them; ``None`` is
/// undefined.
fn var_value(v: &Bound<'_, PyAny>) -> PyResult<Option<VarValue>> {
    fn scalar(v: &Bound<'_, PyAny>) -> PyResult<String> {
        if v.is_instance_of::<PyList>()
            || v.is_instance_of::<PyTuple>()
            || v.is_instance_of::<PyDict>()
        {
            return Err(PyTypeError::new_err(
                "a list or dict member must be a scalar",
            ));
        }
        str_text(&v.str()?)
    }
    if v.is_none() {
        Ok(None)
    } else if let Ok(d) = v.cast::<PyDict>() {
        let pairs = d
            .iter()
            .map(|(k, v)| Ok((scalar(&k)?, scalar(&v)?)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Some(VarValue::Assoc(pairs)))
    } else if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        let items = v
            .try_iter()?
            .map(|x| scalar(&x?))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Some(VarValue::List(items)))
    } else {
        Ok(Some(VarValue::String(scalar(v)?)))
    }
}

fn vars(
    mapping: Option<&Bound<'_, PyDict>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<(String, VarValue)>> {
    let mut out = Vec::new();
    for d in [mapping, kwargs].into_iter().flatten() {
        for (k, v) in d.iter() {
            let name: String = match k.cast::<PyString>() {
                Ok(s) => str_text(s)?,
                Err(_) => k.extract()?,
            };
            if let Some(v) = var_value(&v)? {
                out.retain(|(n, _): &(String, VarValue)| n != &name);
                out.push((name, v));
            }
        }
    }
    Ok(out)
}

fn var_to_py<'py>(py: Python<'py>, v: &VarValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        VarValue::String(s) => PyString::new(py, s).into_any(),
        VarValue::List(items) => PyList::new(py, items)?.into_any(),
        VarValue::Assoc(pairs) => {
            let d = PyDict::new(py);
            for (k, v) in pairs {
                d.set_item(k, v)?;
            }
            d.into_any()
        }
    })
}

#[pymethods]
impl PyTemplate {
    #[new]
    fn new(py: Python<'_>, text: Text) -> PyResult<PyTemplate> {
        TemplateBuf::parse(&*text)
            .map(PyTemplate)
            .map_err(|e| uri_error(py, e.to_string(), Some(e.index()), e.kind().name(), None))
    }

    /// Expand with variables from a mapping and/or keywords (4, 5): ``str``
    /// (other scalars by ``str()``), lists, dicts; ``None`` is undefined.
    ///
    /// >>> urikit.URITemplate('{/path*}{?q*}').expand(path=['a', 'b c'], q={'x': '1'})
    /// '/a/b%20c?x=1'
    #[pyo3(signature = (mapping = None, **kwargs))]
    fn expand(
        &self,
        py: Python<'_>,
        mapping: Option<&Bound<'_, PyDict>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let vars = vars(mapping, kwargs)?;
        self.0
            .as_template()
            .expand(&vars)
            .map_err(|e| uri_error(py, e.to_string(), Some(e.index()), e.kind().name(), None))
    }

    /// The variables of a URI, or ``None`` when it does not match;
    /// ``URIError`` when the template cannot be matched unambiguously.
    ///
    /// ``lenient=False`` (the default) is the exact inverse of ``expand``:
    /// the result expands back to the same URI, and a value must be written
    /// as expansion writes it. ``lenient=True`` reads URIs as clients send
    /// them: query parameters in any order, each optional, unnamed ones
    /// ignored; raw ``:``, ``/``, ``@``, ``+`` accepted in values (``+``
    /// stays ``+``; ``form=True`` makes it a space); the first of duplicates
    /// wins; values are strings; URIs over 64 KiB raise ``URIError``
    /// (``uri-too-long``). In lenient mode a decoded path value holding a
    /// ``/`` or ``\``, or being ``.`` or ``..``, raises ``URIError`` named
    /// ``separator-in-segment`` or ``dot-segment`` instead of passing it
    /// on; ``match_details`` reports it without raising.
    ///
    /// >>> urikit.URITemplate('/users/{id}').match('/users/42')
    /// {'id': '42'}
    /// >>> urikit.URITemplate('/users/{id}').match('/groups/42') is None
    /// True
    /// >>> t = urikit.URITemplate('/search{?q,page}')
    /// >>> t.match('/search?q=a:b&utm=1') is None
    /// True
    /// >>> t.match('/search?q=a:b&utm=1', lenient=True)
    /// {'q': 'a:b'}
    #[pyo3(name = "match", signature = (uri, *, lenient = false, form = false))]
    fn match_<'py>(
        &self,
        py: Python<'py>,
        uri: Text,
        lenient: bool,
        form: bool,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let t = self.0.as_template();
        let Some(caps) = captures(py, &t, &uri, lenient, form)? else {
            return Ok(None);
        };
        if let (true, Some(h)) = (lenient, caps.hazards().first()) {
            return Err(uri_error(
                py,
                format!("{} in variable {:?}", h.kind().message(), h.name()),
                None,
                h.kind().name(),
                None,
            ));
        }
        vars_dict(py, &caps).map(Some)
    }

    /// Like ``match``, without raising on hazards: ``None``, or a dict with
    /// ``"vars"`` (as ``match`` gives them), ``"rest"`` (the query
    /// parameters the template does not name, as written: a list of
    /// ``(name, value)``) and ``"hazards"`` (a list of dicts
    /// ``{"variable", "kind", "message"}``, the record every face gives).
    ///
    /// >>> t = urikit.URITemplate('/files/{name}{?v}')
    /// >>> d = t.match_details('/files/..%2Fetc?v=1&x=2', lenient=True)
    /// >>> d['vars'], d['rest']
    /// ({'name': '../etc', 'v': '1'}, [('x', '2')])
    /// >>> d['hazards']
    /// [{'variable': 'name', 'kind': 'separator-in-segment', 'message': 'decoded path value holds a path separator'}]
    #[pyo3(signature = (uri, *, lenient = false, form = false))]
    fn match_details<'py>(
        &self,
        py: Python<'py>,
        uri: Text,
        lenient: bool,
        form: bool,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let t = self.0.as_template();
        let Some(caps) = captures(py, &t, &uri, lenient, form)? else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("vars", vars_dict(py, &caps)?)?;
        let rest: Vec<(&str, &str)> = caps
            .rest()
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        d.set_item("rest", rest)?;
        let [variable, kind, message] = urikit_views::record::HAZARD_FIELDS;
        let hazards = PyList::empty(py);
        for h in caps.hazards() {
            let r = PyDict::new(py);
            r.set_item(variable, h.name())?;
            r.set_item(kind, h.kind().name())?;
            r.set_item(message, h.kind().message())?;
            hazards.append(r)?;
        }
        d.set_item("hazards", hazards)?;
        Ok(Some(d))
    }

    /// The variable names, in order of appearance.
    ///
    /// >>> urikit.URITemplate('{a}{?b,a}').variables
    /// ['a', 'b', 'a']
    #[getter]
    fn variables(&self) -> Vec<String> {
        self.0
            .as_template()
            .variables()
            .map(str::to_owned)
            .collect()
    }

    fn __str__(&self) -> &str {
        self.0.as_str()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "URITemplate({})",
            PyString::new(py, self.0.as_str()).repr()?
        ))
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.0.as_str().hash(&mut h);
        h.finish()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyTemplate>()
            .is_ok_and(|o| o.get().0.as_str() == self.0.as_str())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let text = slf.get().0.as_str().to_owned();
        (slf.get_type(), (text,)).into_pyobject(slf.py())
    }
}

/// The captures of `uri` in the mode asked for.
fn captures<'t>(
    py: Python<'_>,
    t: &Template<'t>,
    uri: &str,
    lenient: bool,
    form: bool,
) -> PyResult<Option<Captures<'t>>> {
    let mode = match (lenient, form) {
        (false, false) => MatchMode::Exact,
        (true, false) => MatchMode::Lenient,
        (true, true) => MatchMode::LenientForm,
        (false, true) => {
            return Err(uri_error(
                py,
                "form=True needs lenient=True".into(),
                None,
                "form-needs-lenient",
                None,
            ));
        }
    };
    let m = Matcher::with_mode(*t, mode)
        .map_err(|e| uri_error(py, e.to_string(), Some(e.index()), e.kind().name(), None))?;
    m.try_matches(uri)
        .map_err(|e| uri_error(py, e.to_string(), Some(e.index()), e.kind().name(), None))
}

fn vars_dict<'py>(py: Python<'py>, caps: &Captures<'_>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (name, v) in caps.iter() {
        d.set_item(name, var_to_py(py, v)?)?;
    }
    Ok(d)
}

fn file_error(py: Python<'_>, e: FilePathError) -> PyErr {
    uri_error(py, e.to_string(), e.index(), e.kind().name(), None)
}

/// Whether ``profile`` is ``'vscode'`` (else ``'rfc8089'``).
fn vscode_profile(py: Python<'_>, profile: &str) -> PyResult<bool> {
    let p: FileProfile = crate::args::named(py, profile)?;
    Ok(p == FileProfile::Vscode)
}

/// Whether ``style`` means Windows paths (``None``: this platform's).
fn windows_style(py: Python<'_>, style: Option<&str>) -> PyResult<bool> {
    let style = match style {
        Some(name) => crate::args::named(py, name)?,
        None => PathStyle::native(),
    };
    Ok(style == PathStyle::Windows)
}

/// The ``file`` URI of an absolute path (RFC 8089): ``style`` ``'unix'``,
/// ``'windows'`` or ``None`` for this platform's. ``profile='vscode'``
/// writes it byte for byte as vscode-uri's ``URI.file(path).toString()``
/// does (a relative path is then taken as if absolute).
///
/// The path is a ``str``, ``bytes`` or path-like object. A Unix path is
/// bytes: a ``str`` is encoded as ``os.fsencode`` does where the file
/// system encoding is UTF-8 (UTF-8 with ``surrogateescape``), so a name that
/// is not UTF-8, as ``os.listdir`` gives it, keeps its bytes
/// (percent-encoded). A Windows path, and any path in the ``vscode``
/// profile (vscode-uri works on JavaScript strings), is text: ``bytes``
/// must be UTF-8 and a ``str`` with a lone surrogate has no URI
/// (``URIError``, kind ``'not-unicode'``, at its index).
///
/// >>> urikit.from_file_path('C:\\a b', style='windows', profile='vscode')
/// URI('file:///c%3A/a%20b')
/// >>> urikit.from_file_path('/srv/a b', style='unix')
/// URI('file:///srv/a%20b')
/// >>> urikit.from_file_path(b'/srv/caf\xe9', style='unix')
/// URI('file:///srv/caf%E9')
/// >>> urikit.from_file_path('/srv/caf\udce9', style='unix')
/// URI('file:///srv/caf%E9')
/// >>> urikit.from_file_path('C:\\Temp\\x.txt', style='windows')
/// URI('file:///C:/Temp/x.txt')
#[pyfunction]
#[pyo3(
    signature = (path, *, style = None, profile = Name::Default("rfc8089")),
    text_signature = "(path, *, style=None, profile='rfc8089')"
)]
pub fn from_file_path(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    style: Option<Name>,
    profile: Name,
) -> PyResult<PyURI> {
    let os = py.import("os")?;
    let path = os.call_method1("fspath", (path,))?;
    let style = style.as_deref();
    let windows = windows_style(py, style)?;
    let uri = if vscode_profile(py, &profile)? {
        let text = path_text(py, &path, "a vscode path")?;
        if windows {
            urikit::rfc8089::vscode::from_windows_path(&text)
        } else {
            urikit::rfc8089::vscode::from_unix_path(&text)
        }
    } else if windows {
        let text = path_text(py, &path, "a Windows path")?;
        match style {
            Some(_) => urikit::rfc8089::from_windows_path(&text),
            None => urikit::rfc8089::from_file_path(std::path::Path::new(&text)),
        }
    } else {
        // The bytes of the path: a str as os.fsencode gives them.
        let bytes: Vec<u8> = if let Ok(b) = path.cast::<PyBytes>() {
            b.as_bytes().to_vec()
        } else if let Ok(s) = path.cast::<PyString>() {
            // surrogateescape gives back the bytes of U+DC80..U+DCFF only;
            // any other lone surrogate has no bytes: not-unicode at it.
            let b = path
                .call_method1("encode", ("utf-8", "surrogateescape"))
                .map_err(|_| not_unicode(py, s))?;
            b.cast::<PyBytes>()
                .map_err(|_| not_path())?
                .as_bytes()
                .to_vec()
        } else {
            return Err(not_path());
        };
        match style {
            Some(_) => urikit::rfc8089::from_unix_path(&bytes),
            None => native_path(&bytes),
        }
    };
    uri.map(PyURI).map_err(|e| file_error(py, e))
}

fn not_path() -> PyErr {
    PyTypeError::new_err("expected a str, bytes or os.PathLike path")
}

/// A path that must be text (`what` names it in the error): a `str`
/// without lone surrogates, or UTF-8 `bytes`.
fn path_text(py: Python<'_>, path: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if let Ok(b) = path.cast::<PyBytes>() {
        String::from_utf8(b.as_bytes().to_vec()).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            uri_error(
                py,
                format!("{what} must be text: bytes not UTF-8 at index {at}"),
                Some(at),
                "not-unicode",
                None,
            )
        })
    } else if let Ok(s) = path.cast::<PyString>() {
        str_text(s)
    } else {
        Err(not_path())
    }
}

/// This platform's URI of a Unix path's bytes.
#[cfg(unix)]
fn native_path(bytes: &[u8]) -> Result<urikit::UriBuf, FilePathError> {
    use std::os::unix::ffi::OsStrExt;
    urikit::rfc8089::from_file_path(std::path::Path::new(std::ffi::OsStr::from_bytes(bytes)))
}

#[cfg(not(unix))]
fn native_path(bytes: &[u8]) -> Result<urikit::UriBuf, FilePathError> {
    urikit::rfc8089::from_unix_path(bytes)
}

/// The path of a ``file`` URI (RFC 8089), as a ``str``: ``style``
/// ``'unix'``, ``'windows'`` or ``None`` for this platform's.
/// ``profile='vscode'`` reads it as vscode-uri's ``fsPath`` does. A Unix
/// path's bytes that are not UTF-8 become lone surrogates, as
/// ``os.fsdecode`` makes them where the file system encoding is UTF-8
/// (``os.fsencode`` gives the bytes back).
///
/// >>> urikit.to_file_path('file:///c%3A/a%20b', style='windows', profile='vscode')
/// 'c:\\a b'
/// >>> urikit.to_file_path('file:///srv/a%20b', style='unix')
/// '/srv/a b'
/// >>> urikit.to_file_path('file:///srv/caf%E9', style='unix')
/// '/srv/caf\udce9'
/// >>> urikit.to_file_path('file:///C:/Temp/x.txt', style='windows')
/// 'C:\\Temp\\x.txt'
#[pyfunction]
#[pyo3(
    signature = (uri, *, style = None, profile = Name::Default("rfc8089")),
    text_signature = "(uri, *, style=None, profile='rfc8089')"
)]
pub fn to_file_path<'py>(
    py: Python<'py>,
    uri: Arg,
    style: Option<Name>,
    profile: Name,
) -> PyResult<Bound<'py, PyString>> {
    let windows = windows_style(py, style.as_deref())?;
    if vscode_profile(py, &profile)? {
        return uri.with_uri(py, |u| {
            let path = if windows {
                urikit::rfc8089::vscode::to_windows_path(&u)
            } else {
                urikit::rfc8089::vscode::to_unix_path(&u)
            };
            let path = path.map_err(|e| file_error(py, e))?;
            Ok(PyString::new(py, &path))
        });
    }
    uri.with_uri(py, |u| {
        if windows {
            let text = urikit::rfc8089::to_windows_path(&u).map_err(|e| file_error(py, e))?;
            Ok(PyString::new(py, &text))
        } else {
            let bytes = urikit::rfc8089::to_unix_path(&u).map_err(|e| file_error(py, e))?;
            let text =
                PyBytes::new(py, &bytes).call_method1("decode", ("utf-8", "surrogateescape"))?;
            Ok(text.cast_into::<PyString>()?)
        }
    })
}
