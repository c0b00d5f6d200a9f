//! `urikit.views(s)`: every parser's view of one string, the core's
//! `urikit_views`, plus the `urllib` view read by the running
//! interpreter's own `urllib.parse` (never an imitation): the findings over
//! all of them are the core's `compare`.

use std::borrow::Cow;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use urikit_views::{Parser, Reading, View, compare, host_kind_of};

use crate::errors::Text;

/// Python's `urllib.parse.urlsplit(s)` with its `.hostname` and `.port`:
/// `ValueError` (an invalid port, a bad bracketed host) is that view's error.
fn urllib_view(py: Python<'_>, s: &str) -> PyResult<Reading<'static>> {
    let urlsplit = py.import("urllib.parse")?.getattr("urlsplit")?;
    let read = || -> PyResult<View<'static>> {
        let u = urlsplit.call1((s,))?;
        let text = |name: &str| -> PyResult<Option<Cow<'static, str>>> {
            let v: String = u.getattr(name)?.extract()?;
            Ok((!v.is_empty()).then_some(Cow::Owned(v)))
        };
        let netloc: String = u.getattr("netloc")?.extract()?;
        let host: Option<String> = u.getattr("hostname")?.extract()?;
        let port: Option<u32> = u.getattr("port")?.extract()?;
        Ok(View {
            scheme: text("scheme")?,
            userinfo: netloc
                .rsplit_once('@')
                .map(|(userinfo, _)| Cow::Owned(userinfo.to_string())),
            host_kind: host.as_deref().map(host_kind_of),
            host: host.map(Cow::Owned),
            port: port.map(|p| Cow::Owned(p.to_string())),
            path: Some(Cow::Owned(u.getattr("path")?.extract()?)),
            query: text("query")?,
            fragment: text("fragment")?,
        })
    };
    match read() {
        Ok(v) => Ok(Ok(v)),
        Err(e) if e.is_instance_of::<PyValueError>(py) => Ok(Err(e.value(py).str()?.to_string())),
        Err(e) => Err(e),
    }
}

/// Every parser's view of ``s`` and the findings where they differ (issue
/// 28). The parsers: ``rfc3986`` (urikit, strict; IRI profile for
/// non-ASCII), ``java`` (java.net.URI's reading), ``whatwg`` (the URL
/// Standard, by the Rust ``url`` crate) and ``urllib`` (this interpreter's
/// ``urllib.parse.urlsplit``, ``.hostname`` and ``.port``); ``parsers``
/// picks some of them. Returns ``{"input", "views": {PARSER: {"scheme",
/// "userinfo", "host", "host_kind", "port", "path", "query", "fragment"} or
/// {"error": MESSAGE}}, "findings": [{"kind", "parsers", "values",
/// "weight"}]}``, as ``uri views --json`` writes it.
///
/// >>> v = urikit.views('http://0x7f.1/', parsers=['rfc3986', 'whatwg', 'urllib'])
/// >>> v['views']['whatwg']['host'], v['views']['urllib']['host']
/// ('127.0.0.1', '0x7f.1')
/// >>> [(f['kind'], f['weight']) for f in v['findings']]
/// [('ipv4-form', 'high')]
/// >>> urikit.views('https://example.com/')['findings']
/// []
#[pyfunction]
#[pyo3(signature = (s, *, parsers = None))]
pub fn views<'py>(
    py: Python<'py>,
    s: Text,
    parsers: Option<Vec<Text>>,
) -> PyResult<Bound<'py, PyDict>> {
    let s: &str = &s;
    let available: Vec<Parser> = Parser::available().chain([Parser::Urllib]).collect();
    let chosen = match parsers {
        None => available,
        Some(names) => Parser::select(names.iter().map(|n| &**n), &available)
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
    };
    let mut readings = Vec::with_capacity(chosen.len());
    for p in chosen {
        let reading = match p {
            Parser::Urllib => urllib_view(py, s)?,
            // Available, so it reads.
            p => p
                .read(s)
                .unwrap_or_else(|| Err("parser not available".into())),
        };
        readings.push((p, reading));
    }
    let v = compare(s, readings);
    let out = PyDict::new(py);
    out.set_item("input", s)?;
    let views = PyDict::new(py);
    for (p, reading) in &v.views {
        let d = PyDict::new(py);
        match reading {
            Err(e) => d.set_item("error", e)?,
            Ok(view) => {
                d.set_item("scheme", view.scheme.as_deref())?;
                d.set_item("userinfo", view.userinfo.as_deref())?;
                d.set_item("host", view.host.as_deref())?;
                d.set_item("host_kind", view.host_kind)?;
                d.set_item("port", view.port.as_deref())?;
                d.set_item("path", view.path.as_deref())?;
                d.set_item("query", view.query.as_deref())?;
                d.set_item("fragment", view.fragment.as_deref())?;
            }
        }
        views.set_item(p.name(), d)?;
    }
    out.set_item("views", views)?;
    let findings = PyList::empty(py);
    for f in &v.findings {
        let d = PyDict::new(py);
        d.set_item("kind", f.kind.name())?;
        let names: Vec<&str> = f.parsers.iter().map(|p| p.name()).collect();
        d.set_item("parsers", names)?;
        d.set_item("values", &f.values)?;
        d.set_item("weight", f.weight.name())?;
        findings.append(d)?;
    }
    out.set_item("findings", findings)?;
    Ok(out)
}
