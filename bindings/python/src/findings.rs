//! The small result values of `lint` and `extract`: `Finding` and `Match`,
//! with character offsets (Python's) instead of the library's byte offsets.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::offsets::char_indices;

/// One hazard found by ``lint``: its kind, the span it concerns (character
/// offsets in the URI's text) and a one-line explanation.
///
/// >>> f = urikit.lint('http://example.com:25/')[0]
/// >>> f.kind, f.start, f.end
/// ('port-mismatch', 19, 21)
#[pyclass(frozen, module = "urikit", name = "Finding", get_all)]
pub struct Finding {
    /// The stable kind name, such as ``'credentials'``.
    kind: String,
    /// Start of the span (character offset).
    start: usize,
    /// End of the span (character offset, exclusive).
    end: usize,
    /// The one-line explanation.
    message: String,
}

#[pymethods]
impl Finding {
    /// A finding from its parts (for pickling: ``lint`` makes them).
    #[new]
    fn new(kind: String, start: usize, end: usize, message: String) -> Finding {
        Finding {
            kind,
            start,
            end,
            message,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let f = slf.get();
        let args = (f.kind.clone(), f.start, f.end, f.message.clone());
        (slf.get_type(), args).into_pyobject(slf.py())
    }

    fn __repr__(&self) -> String {
        format!(
            "Finding(kind='{}', start={}, end={})",
            self.kind, self.start, self.end
        )
    }

    fn __str__(&self) -> &str {
        &self.message
    }
}

/// The library's findings as Python values.
pub fn lint_findings(text: &str, found: Vec<urikit::security::Finding>) -> Vec<Finding> {
    // The findings come in order of their start, but their ends may be
    // anywhere: all the offsets are converted in one pass.
    let bytes: Vec<usize> = found.iter().flat_map(|f| [f.start(), f.end()]).collect();
    let chars = char_indices(text, &bytes);
    found
        .into_iter()
        .zip(chars.chunks_exact(2))
        .map(|(f, span)| Finding {
            kind: f.kind().name().to_owned(),
            start: span[0],
            end: span[1],
            message: f.to_string(),
        })
        .collect()
}

/// One URI reference found in text by ``extract``.
///
/// ``start`` and ``end`` are character offsets in the text; ``uri`` is the
/// reference as found (whitespace removed from inside, without wrappers);
/// ``delimiter`` is ``'angle'``, ``'quote'`` or ``'bare'``.
///
/// >>> m = urikit.extract('see <http://a.example/b>.')[0]
/// >>> m.uri, m.start, m.end, m.delimiter
/// ('http://a.example/b', 5, 23, 'angle')
#[pyclass(frozen, module = "urikit", name = "Match", get_all)]
pub struct Match {
    /// The reference's text.
    pub(crate) uri: String,
    /// Start of the span (character offset).
    pub(crate) start: usize,
    /// End of the span (character offset, exclusive).
    pub(crate) end: usize,
    /// How the match was set apart: ``'angle'``, ``'quote'`` or ``'bare'``.
    pub(crate) delimiter: String,
}

#[pymethods]
impl Match {
    /// A match from its parts (for pickling: ``extract`` makes them).
    #[new]
    fn new(uri: String, start: usize, end: usize, delimiter: String) -> Match {
        Match {
            uri,
            start,
            end,
            delimiter,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let m = slf.get();
        let args = (m.uri.clone(), m.start, m.end, m.delimiter.clone());
        (slf.get_type(), args).into_pyobject(slf.py())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let uri = pyo3::types::PyString::new(py, &self.uri).repr()?;
        Ok(format!(
            "Match(uri={uri}, start={}, end={}, delimiter='{}')",
            self.start, self.end, self.delimiter
        ))
    }

    fn __str__(&self) -> &str {
        &self.uri
    }
}
