//! `urikit.repair`: the library's `urikit::repair::repair`, with character
//! offsets as Python counts them.

use pyo3::prelude::*;

use crate::errors::{Text, uri_error};

/// The character offsets of the byte offsets `bytes` (ascending) in
/// `text`, in one pass.
fn char_offsets(text: &str, bytes: impl Iterator<Item = usize>) -> Vec<usize> {
    let (mut at, mut chars) = (0, 0);
    bytes
        .map(|b| {
            chars += text[at..b].chars().count();
            at = b;
            chars
        })
        .collect()
}

/// Make a near-URI a valid URI reference by percent-encoding each
/// character the grammar does not allow where it stands (a space, ``|``,
/// ``^``, a second ``#``, a lone ``%``, non-ASCII characters as UTF-8).
/// Returns the text and the changes, each ``(index, char, component,
/// kind)`` with ``index`` a character offset in ``text``; valid input
/// comes back as it is with no change. What cannot be repaired that way
/// (an invalid scheme or host, a bad port, an unclosed IP literal) raises
/// ``URIError`` with the index of the offending character.
///
/// >>> urikit.repair('http://a/b c|d#e#f')
/// ('http://a/b%20c%7Cd#e%23f', [(10, ' ', 'path', 'disallowed'), (12, '|', 'path', 'disallowed'), (16, '#', 'fragment', 'second-hash')])
/// >>> urikit.repair('http://a/ok')
/// ('http://a/ok', [])
/// >>> urikit.repair('http://a:8o/')
/// Traceback (most recent call last):
/// urikit.URIError: invalid character in port at index 10
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn repair(
    py: Python<'_>,
    text: Text,
) -> PyResult<(String, Vec<(usize, String, &'static str, &'static str)>)> {
    let text: &str = &text;
    match urikit::repair::repair(text) {
        Ok(r) => {
            let offsets = char_offsets(text, r.changes().iter().map(|c| c.index()));
            let changes = r
                .changes()
                .iter()
                .zip(offsets)
                .map(|(c, i)| {
                    (
                        i,
                        c.char().to_string(),
                        c.component().name(),
                        c.kind().name(),
                    )
                })
                .collect();
            Ok((r.as_str().to_owned(), changes))
        }
        Err(e) => {
            let i = char_offsets(text, std::iter::once(e.index()))[0];
            Err(uri_error(
                py,
                format!("{} at index {i}", e.kind()),
                Some(i),
                e.name(),
                None,
            ))
        }
    }
}
