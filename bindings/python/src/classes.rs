//! The four value classes (`URI`, `URIRef`, `IRI`, `IRIRef`) and what
//! every one of them needs of the others: the text of any of them,
//! byte-wise comparison across them, and hashing. A leaf module: the
//! classes' methods live in `types.rs` and `iri.rs`, which both use it.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use urikit::{IriBuf, IriRefBuf, UriBuf, UriRefBuf};

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

/// An IRI reference (RFC 3987 2.2): a URI reference that may also hold
/// non-ASCII characters (``ucschar``, and ``iprivate`` in the query).
///
/// >>> r = urikit.IRIRef('../résumé?q=ü')
/// >>> r.path, r.query
/// ('../résumé', 'q=ü')
/// >>> r.to_uri()
/// URIRef('../r%C3%A9sum%C3%A9?q=%C3%BC')
#[pyclass(frozen, module = "urikit", name = "IRIRef")]
pub struct PyIRIRef(pub IriRefBuf);

/// An IRI (RFC 3987): an IRI reference with a scheme.
///
/// >>> i = urikit.IRI('http://例え.jp/ü?x#y')
/// >>> i.host, i.path
/// ('例え.jp', '/ü')
/// >>> urikit.IRI('http://a/b c')
/// Traceback (most recent call last):
/// ...
/// urikit.URIError: invalid character in path at index 10
#[pyclass(frozen, module = "urikit", name = "IRI")]
pub struct PyIRI(pub IriBuf);

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
    } else if let Ok(i) = obj.cast::<PyIRI>() {
        Some(i.get().0.as_str().to_owned())
    } else if let Ok(i) = obj.cast::<PyIRIRef>() {
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
