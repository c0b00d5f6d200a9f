//! `urikit.views(s)`: every parser's view of one string, the core's
//! `urikit_views` (the `urllib` view included: urikit's reading of
//! CPython 3.11's `urllib.parse`, checked against the real module by
//! urikit's recordings), and the findings over them.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use urikit_views::{Parser, compare};

use crate::errors::Text;

/// Every parser's view of ``s`` and the findings where they differ (issue
/// 28). The parsers: ``rfc3986`` (urikit, strict; IRI profile for
/// non-ASCII), ``java`` (java.net.URI's reading), ``whatwg`` (the URL
/// Standard, by the Rust ``url`` crate) and ``urllib`` (CPython 3.11's
/// ``urllib.parse.urlsplit``, ``.hostname`` and ``.port``, as urikit reads
/// them: the same on every Python); ``parsers``
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
    let available: Vec<Parser> = Parser::available().collect();
    let chosen = match parsers {
        // The default set, as in every face.
        None => Parser::defaults().collect(),
        Some(names) => Parser::select(names.iter().map(|n| &**n), &available)
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
    };
    let readings = chosen
        .into_iter()
        .map(|p| {
            // Available, so it reads.
            let reading = p
                .read(s)
                .unwrap_or_else(|| Err("parser not available".into()));
            (p, reading)
        })
        .collect();
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
