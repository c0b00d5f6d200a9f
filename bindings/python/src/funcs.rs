//! The module-level functions: thin wrappers that take text or parsed
//! values and call the library.

use pyo3::prelude::*;
use pyo3::types::PyString;
use urikit::normalize::Normalizer;
use urikit::{IriRefBuf, Rule, UriRefBuf, percent, validate as validate_rule};

use crate::args::{Arg, comparison};
use crate::classes::{PyIRIRef, PyURI, PyURIRef};
use crate::errors::{Name, Text, not_unicode, parse_error, parse_error_in, uri_error};
use crate::findings::{Finding, Match, lint_findings};
use crate::java::PyJavaUri;
use crate::offsets::{CharIndex, char_index};
use crate::profiles::PyRfc2396Ref;

/// Parse ``text`` as a URI reference (a URI or a relative reference), or
/// by another ``profile``: ``'uri'`` (RFC 3986, the default: a
/// ``URIRef``), ``'iri'`` (RFC 3987: an ``IRIRef``), ``'rfc2396'`` (RFC
/// 2396 with RFC 2732: an ``RFC2396Ref``) or ``'java'`` (what
/// ``new java.net.URI(text)`` accepts and gives: a ``JavaURI``); the
/// profiles of ``uri parse``'s ``--iri``, ``--rfc2396`` and ``--java``.
///
/// >>> urikit.parse('http://a/b?c#d')
/// URIRef('http://a/b?c#d')
/// >>> urikit.parse('http://a/b?c#d').to_uri().host
/// 'a'
/// >>> urikit.parse('http://a/ü', profile='iri')
/// IRIRef('http://a/ü')
/// >>> urikit.parse('http://a/b c', profile='java')
/// Traceback (most recent call last):
/// ...
/// urikit.URIError: illegal character in path at index 10
#[pyfunction]
#[pyo3(signature = (text, *, profile = Name::Default("uri")), text_signature = "(text, *, profile='uri')")]
pub fn parse(py: Python<'_>, text: &Bound<'_, PyString>, profile: Name) -> PyResult<Py<PyAny>> {
    // java.net.URI takes a lone surrogate as any other char (a Java string
    // is UTF-16): the java profile reads the str as it is, the others need
    // Unicode text.
    let profile: urikit::Profile = crate::args::named(py, &profile)?;
    if profile == urikit::Profile::Java {
        return Ok(Py::new(py, PyJavaUri::parse_str(text)?)?.into_any());
    }
    let text = Text::extract(text.as_any().as_borrowed())?;
    match profile {
        urikit::Profile::Iri => IriRefBuf::parse(&*text)
            .map_err(|e| parse_error_in(py, e, &text))
            .and_then(|r| Ok(Py::new(py, PyIRIRef(r))?.into_any())),
        urikit::Profile::Rfc2396 => Ok(Py::new(py, PyRfc2396Ref::parse(py, &text)?)?.into_any()),
        // `uri` and any profile a later core adds: RFC 3986.
        _ => UriRefBuf::parse(&*text)
            .map_err(|e| parse_error(py, e))
            .and_then(|r| Ok(Py::new(py, PyURIRef(r))?.into_any())),
    }
}

/// Resolve ``reference`` against ``base`` (section 5.2); both may be text.
///
/// >>> urikit.resolve('http://a/b/c/d;p?q', '../../g')
/// URI('http://a/g')
#[pyfunction]
pub fn resolve(py: Python<'_>, base: Arg, reference: Arg) -> PyResult<PyURI> {
    urikit::Resolver::new()
        .resolve(&base, &reference)
        .map(PyURI)
        .map_err(|e| crate::errors::resolve_error(py, e))
}

/// The shortest reference that resolves from ``base`` to ``target``.
///
/// >>> urikit.make_relative('http://a/b/c/d', 'http://a/b/x?y')
/// URIRef('../x?y')
#[pyfunction]
pub fn make_relative(py: Python<'_>, base: Arg, target: Arg) -> PyResult<PyURIRef> {
    // The base is parsed here (a parse error names the base's component);
    // the library parses the target and says so in its errors.
    base.with_uri(py, |b| {
        b.make_relative(&target)
            .map(PyURIRef)
            .map_err(|e| crate::errors::resolve_error(py, e))
    })
}

/// The normal form of a URI reference at ``level``, as text: ``'syntax'``
/// (6.2.2) by default, ``'scheme'`` (6.2.2 and 6.2.3), or ``'string'``
/// (unchanged); the levels of ``urikit.arrow.normalize`` and
/// ``equivalent``.
///
/// >>> urikit.normalize('HTTP://www.Example.com:80/%7Euser/./a/../b')
/// 'http://www.example.com:80/~user/b'
/// >>> urikit.normalize('HTTP://www.Example.com:80/', level='scheme')
/// 'http://www.example.com/'
#[pyfunction]
#[pyo3(signature = (uri, *, level = Name::Default("syntax")), text_signature = "(uri, *, level='syntax')")]
pub fn normalize(py: Python<'_>, uri: Arg, level: Name) -> PyResult<String> {
    let normalizer = Normalizer::new(crate::args::level(py, &level)?);
    uri.with_ref(py, |r| Ok(r.normalize_with(&normalizer).into_string()))
}

/// Whether ``a`` and ``b`` are equivalent at ``level`` (6.2): ``'string'``
/// (character for character), ``'syntax'`` (after syntax-based
/// normalization, the default) or ``'scheme'`` (also scheme-based).
///
/// >>> urikit.equivalent('http://a/%7e', 'http://a/~')
/// True
/// >>> urikit.equivalent('http://a/%7e', 'http://a/~', level='string')
/// False
/// >>> urikit.equivalent('http://a:80/', 'http://a/', level='scheme')
/// True
/// >>> urikit.equivalent('http://a/#x', 'http://a/', ignore_fragment=True)
/// True
#[pyfunction]
#[pyo3(
    signature = (a, b, *, level = Name::Default("syntax"), ignore_fragment = false),
    text_signature = "(a, b, *, level='syntax', ignore_fragment=False)"
)]
pub fn equivalent(
    py: Python<'_>,
    a: Arg,
    b: Arg,
    level: Name,
    ignore_fragment: bool,
) -> PyResult<bool> {
    let cmp = comparison(py, &level, ignore_fragment)?;
    // Both parsed: the comparison cannot fail.
    a.with_ref(py, |a| {
        b.with_ref(py, |b| Ok(cmp.equivalent(a, b).unwrap_or(false)))
    })
}

/// The characters left as they are when encoding for ``component``: the
/// library's named encode sets (`urikit::percent::EncodeSet`), no others.
fn encode_set(py: Python<'_>, component: &str) -> PyResult<&'static urikit::chars::CharClass> {
    crate::args::named::<percent::EncodeSet>(py, component).map(|set| set.class())
}

/// Percent-encode ``text`` (as UTF-8) for ``component`` (2.1): every
/// character the component does not allow as data is encoded, ``%`` always.
///
/// Components: ``'userinfo'``, ``'host'``, ``'path'``, ``'segment'`` (one
/// path segment: ``/`` encoded), ``'segment-nc'`` (also ``:``), ``'query'``,
/// ``'query-pair'`` (a key or value: ``&``, ``=``, ``+`` encoded),
/// ``'fragment'``, ``'unreserved'`` (everything but unreserved encoded).
///
/// >>> urikit.encode('a b/c?d', 'segment')
/// 'a%20b%2Fc%3Fd'
/// >>> urikit.encode('a b/c?d', 'query')
/// 'a%20b/c?d'
/// >>> urikit.encode('x=1&y', 'query-pair')
/// 'x%3D1%26y'
/// >>> urikit.encode('é', 'path')
/// '%C3%A9'
#[pyfunction]
pub fn encode(py: Python<'_>, text: Text, component: Name) -> PyResult<String> {
    let set = encode_set(py, &component)?;
    Ok(percent::encode(&*text, set).to_string())
}

/// Percent-decode ``text`` (2.1); with ``form=True`` also ``+`` as a space
/// (HTML forms). Decoded bytes that are not UTF-8 raise ``URIError`` (kind
/// ``'invalid-utf8'``), or become U+FFFD with ``errors='replace'``.
///
/// >>> urikit.decode('a%20b%2Fc')
/// 'a b/c'
/// >>> urikit.decode('a+b', form=True)
/// 'a b'
/// >>> urikit.decode('%C3%A9%FF', errors='replace')
/// 'é\ufffd'
/// >>> urikit.decode('ab%FF')
/// Traceback (most recent call last):
/// ...
/// urikit.URIError: decoded data is not UTF-8 (from index 2 of the encoded text)
#[pyfunction]
#[pyo3(
    signature = (text, *, form = false, errors = Name::Default("strict")),
    text_signature = "(text, *, form=False, errors='strict')"
)]
pub fn decode(py: Python<'_>, text: Text, form: bool, errors: Name) -> PyResult<String> {
    let d = if form {
        percent::decode_form(&text)
    } else {
        percent::decode(&text)
    };
    match &*errors {
        "strict" => d.to_str().map(|c| c.into_owned()).map_err(|e| {
            let at = char_index(&text, e.index());
            let msg = e
                .to_string()
                .replace(&format!("index {}", e.index()), &format!("index {at}"));
            uri_error(py, msg, Some(at), "invalid-utf8", None)
        }),
        "replace" => Ok(d.to_str_lossy().into_owned()),
        _ => Err(uri_error(
            py,
            format!(
                "unknown errors value {:?} (expected 'strict' or 'replace')",
                &*errors
            ),
            None,
            "unknown-errors",
            None,
        )),
    }
}

/// The URI references in plain text (RFC 3986 Appendix C): delimited by
/// ``<>`` or quotes, or bare. With ``relative=True`` relative references in
/// delimiters count too; with ``any_scheme=True`` bare URIs of any scheme.
///
/// >>> [m.uri for m in urikit.extract('Go to <http://a.example/x> or "mailto:b@c.example".')]
/// ['http://a.example/x', 'mailto:b@c.example']
#[pyfunction]
#[pyo3(signature = (text, *, relative = false, any_scheme = false))]
pub fn extract(py: Python<'_>, text: Text, relative: bool, any_scheme: bool) -> Vec<Match> {
    let opts = urikit::text::ExtractOptions::new()
        .relative(relative)
        .any_scheme(any_scheme);
    let s: &str = &text;
    py.detach(|| {
        // Matches come in order and do not overlap: one running count.
        let mut index = CharIndex::new(s);
        opts.extract(s)
            .map(|m| Match {
                start: index.at(m.start()),
                end: index.at(m.end()),
                delimiter: m.delimiter().name().to_owned(),
                uri: m.as_str().to_owned(),
            })
            .collect()
    })
}

/// The security findings of RFC 3986 section 7 for a URI reference:
/// credentials, misleading userinfo, nonstandard IPv4 forms, port
/// mismatches, encoded controls and delimiters, dot segments and more.
///
/// >>> [f.kind for f in urikit.lint('http://0x7f.1/')]
/// ['ipv4-nonstandard']
/// >>> urikit.lint('https://example.com/')
/// []
#[pyfunction]
pub fn lint(py: Python<'_>, uri: Arg) -> PyResult<Vec<Finding>> {
    uri.with_ref(py, |r| {
        // Parsed already: linting cannot fail.
        Ok(lint_findings(
            r.as_str(),
            urikit::security::lint(r).unwrap_or_default(),
        ))
    })
}

/// Whether ``text`` matches ``rule`` of the RFC 3986 ABNF exactly
/// (``'URI'``, ``'URI-reference'``, ``'absolute-URI'``, ``'host'``,
/// ``'IPv6address'``, ``'segment'``, ...). With ``raise_error=True`` a
/// mismatch raises ``URIError`` instead of returning ``False``. A ``str``
/// with a lone surrogate matches no rule (it is not Unicode text): ``False``,
/// or ``URIError`` of kind ``'not-unicode'`` with ``raise_error=True``.
///
/// >>> urikit.validate('2001:db8::1', 'IPv6address')
/// True
/// >>> urikit.validate('http://a b', 'URI')
/// False
#[pyfunction]
#[pyo3(
    signature = (text, rule = Name::Default("URI-reference"), *, raise_error = false),
    text_signature = "(text, rule='URI-reference', *, raise_error=False)"
)]
pub fn validate(
    py: Python<'_>,
    text: &Bound<'_, PyString>,
    rule: Name,
    raise_error: bool,
) -> PyResult<bool> {
    let r: Rule = crate::args::named(py, &rule)?;
    let Ok(text) = text.to_cow() else {
        return match raise_error {
            true => Err(not_unicode(py, text)),
            false => Ok(false),
        };
    };
    match validate_rule(r, &text) {
        Ok(()) => Ok(true),
        Err(e) if raise_error => Err(parse_error(py, e)),
        Err(_) => Ok(false),
    }
}

/// A JSON Schema format check for `rule`: `True` for anything but a `str`
/// (formats apply to strings only) and for a valid `str`; `URIError` for an
/// invalid one, which jsonschema reports as the cause. One native call per
/// instance, since jsonschema calls it once per value.
fn format_check(py: Python<'_>, instance: &Bound<'_, PyAny>, rule: Rule) -> PyResult<bool> {
    let Ok(s) = instance.cast::<PyString>() else {
        return Ok(true);
    };
    // A lone surrogate: not a URI, the check's cause says why.
    let text = s.to_cow().map_err(|_| not_unicode(py, s))?;
    validate_rule(rule, &text).map_err(|e| parse_error(py, e))?;
    Ok(true)
}

/// The ``uri`` format check of ``urikit.jsonschema`` (internal).
#[pyfunction]
pub fn _format_uri(py: Python<'_>, instance: &Bound<'_, PyAny>) -> PyResult<bool> {
    format_check(py, instance, Rule::Uri)
}

/// The ``uri-reference`` format check of ``urikit.jsonschema`` (internal).
#[pyfunction]
pub fn _format_uri_reference(py: Python<'_>, instance: &Bound<'_, PyAny>) -> PyResult<bool> {
    format_check(py, instance, Rule::UriReference)
}
