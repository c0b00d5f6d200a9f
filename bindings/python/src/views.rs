//! `urikit.views(s)`: every parser's view of one string, the core's
//! `urikit_views` (the `urllib` view included: urikit's reading of
//! CPython 3.11's `urllib.parse`, checked against the real module by
//! urikit's recordings), and the findings over them.

use pyo3::prelude::*;
use pyo3::types::PyDict;
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
/// {"error": MESSAGE}}, "findings": [{"kind", "component", "parsers",
/// "values", "weight"}]}``, as ``uri views --json`` writes it (one record
/// shape for every face). An unknown parser name is a ``URIError`` of kind
/// ``unknown-parser``, its ``index`` the name's place in ``parsers``.
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
        Some(names) => Parser::select(names.iter().map(|n| &**n), &available).map_err(|e| {
            let message = e.to_string();
            crate::errors::uri_error(py, message, Some(e.index()), e.name(), None)
        })?,
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
    // The one record shape (urikit-views' `record`), as `uri views --json`.
    Ok(crate::record::to_py(py, &v)?.cast_into::<PyDict>()?)
}
