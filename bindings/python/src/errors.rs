//! `urikit.URIError`: the library's errors as one Python exception type, a
//! `ValueError`, with the error's index, kind and component as attributes.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyString;
use urikit::{IdnaError, IdnaErrorKind, ParseError, ResolveError};

pyo3::create_exception!(
    urikit,
    URIError,
    PyValueError,
    "Invalid URI input.\n\n\
     A ``ValueError`` with ``index`` (the first character at which the input\n\
     stops being the start of any valid value, or ``None``), ``kind`` (a\n\
     stable name such as ``'invalid-character'``) and ``component`` (the\n\
     component the error is in, or ``None``). The message names the\n\
     component.\n\n\
     >>> import urikit\n\
     >>> try:\n\
     ...     urikit.URI('http://exa mple.com/')\n\
     ... except urikit.URIError as e:\n\
     ...     print(e.index, e.kind, e.component, '|', e)\n\
     10 invalid-character host | invalid character in host at index 10\n"
);

/// The kinds of the `URIError`s this layer raises itself: arguments the
/// library never sees (a level, profile, rule or style by name; a port read
/// as a number). Every other kind is one of the library's names
/// (`error_kinds`); text that is not Unicode is the library's `not-unicode`.
pub const OWN_KINDS: &[&str] = &[
    "port-overflow",
    "unknown-errors",
    "form-needs-lenient",
    INVALID_POLICY,
];

/// The kind of a `PolicyError` (a guard policy that does not read; the
/// crate's error has no kind). Here,
/// with the other kinds of this layer, so that the guard module depends on
/// this one and not the other way round.
pub const INVALID_POLICY: &str = "invalid-policy";

/// The kinds of a name outside one of the core's named sets
/// (`urikit::names::Named::UNKNOWN`), for every set this layer reads.
pub const NAMED_KINDS: &[&str] = {
    use urikit::names::Named;
    &[
        urikit::normalize::Level::UNKNOWN,
        urikit::percent::EncodeSet::UNKNOWN,
        urikit::Rule::UNKNOWN,
        urikit::Profile::UNKNOWN,
        urikit::rfc8089::FileProfile::UNKNOWN,
        urikit::rfc8089::PathStyle::UNKNOWN,
        urikit::rfc6570::MatchMode::UNKNOWN,
        urikit_views::Parser::UNKNOWN,
        urikit_guard::Client::UNKNOWN,
        urikit_guard::Preset::UNKNOWN,
    ]
};

/// Every error kind name a `URIError` can carry, by the library type that
/// defines it (its `NAMES`), and this layer's own under `"python"`:
/// ``urikit._urikit.ERROR_KINDS``, so a test can check that what is raised
/// comes from these lists. A `GuardError`'s kind is the guard's
/// `RefusalKind` name (`"RefusalKind"`).
pub fn error_kinds() -> Vec<(&'static str, Vec<&'static str>)> {
    use urikit::rfc6570::{AmbiguityKind, ExpandErrorKind, MatchErrorKind, TemplateErrorKind};
    vec![
        ("ErrorKind", urikit::ErrorKind::NAMES),
        ("ResolveErrorKind", urikit::ResolveErrorKind::NAMES),
        ("IdnaErrorKind", urikit::IdnaErrorKind::NAMES),
        (
            "FilePathErrorKind",
            urikit::rfc8089::FilePathErrorKind::NAMES,
        ),
        ("TemplateErrorKind", TemplateErrorKind::NAMES),
        ("ExpandErrorKind", ExpandErrorKind::NAMES),
        ("AmbiguityKind", AmbiguityKind::NAMES),
        ("MatchErrorKind", MatchErrorKind::NAMES),
        ("RepairErrorKind", urikit::repair::RepairErrorKind::NAMES),
        ("JavaErrorKind", urikit::java::JavaErrorKind::NAMES),
        (
            "UrlDecodeErrorKind",
            urikit_views::java_form::UrlDecodeErrorKind::NAMES,
        ),
        ("SelectErrorKind", urikit_views::SelectErrorKind::NAMES),
        ("Named", NAMED_KINDS),
        ("python", OWN_KINDS),
    ]
    .into_iter()
    .map(|(k, v): (&'static str, &'static [&'static str])| (k, v.to_vec()))
    // The guard's refusal kinds: a `GuardError`'s kind is its reason.
    .chain([(
        "RefusalKind",
        urikit_guard::RefusalKind::ALL
            .iter()
            .map(|k| k.name())
            .collect(),
    )])
    .collect()
}

/// A `URIError` with its attributes set.
pub fn uri_error(
    py: Python<'_>,
    message: String,
    index: Option<usize>,
    kind: &str,
    component: Option<&str>,
) -> PyErr {
    let err = URIError::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of
    // memory exhaustion; if it does, that error is the one to raise.
    let set = value
        .setattr("index", index)
        .and_then(|()| value.setattr("kind", kind))
        .and_then(|()| value.setattr("component", component));
    match set {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// The library's parse error as a `URIError`.
pub fn parse_error(py: Python<'_>, e: ParseError) -> PyErr {
    let kind = e.kind();
    uri_error(
        py,
        e.to_string(),
        Some(e.index()),
        kind.name(),
        kind.component().map(|c| c.name()),
    )
}

/// A parse error of `text` (an IRI: non-ASCII characters may come before
/// the error) with the index in characters, as Python indexes a `str` and
/// as `URIError.index` is documented; the library counts bytes. (In a URI
/// everything before an error is ASCII, so the two agree there.)
pub fn parse_error_in(py: Python<'_>, e: ParseError, text: &str) -> PyErr {
    let byte = e.index();
    let Some(chars) = text.get(..byte).map(|t| t.chars().count()) else {
        return parse_error(py, e);
    };
    if chars == byte {
        return parse_error(py, e);
    }
    let kind = e.kind();
    let message = e.to_string();
    let message = match message.strip_suffix(&format!(" at index {byte}")) {
        Some(stem) => format!("{stem} at index {chars}"),
        None => message,
    };
    uri_error(
        py,
        message,
        Some(chars),
        kind.name(),
        kind.component().map(|c| c.name()),
    )
}

/// The library's resolution error as a `URIError`; a parse error of one of
/// the inputs keeps its own kind and component, and the message says which
/// input it was in.
pub fn resolve_error(py: Python<'_>, e: ResolveError) -> PyErr {
    let (kind, component) = match e.parse_error() {
        Some(p) => (p.kind().name(), p.kind().component().map(|c| c.name())),
        None => (e.kind().name(), None),
    };
    uri_error(py, e.to_string(), e.index(), kind, component)
}

/// The library's IDNA error for the host `host` (a slice of `text`) as a
/// `URIError`: `index` is where the label at fault starts in `text` (in
/// characters, as Python counts), `kind` `'invalid-label'` or
/// `'not-utf8'`, `component` `'host'`, and the message names the label.
pub fn idna_error(py: Python<'_>, e: IdnaError, text: &str, host: &str) -> PyErr {
    let start = (host.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    let byte = (start + e.index()).min(text.len());
    let index = text.get(..byte).map_or(byte, |t| t.chars().count());
    let message = match e.kind() {
        IdnaErrorKind::InvalidLabel => {
            format!("invalid label \"{}\" in host at index {index}", e.label())
        }
        IdnaErrorKind::NotUtf8 => format!(
            "percent-encoded octets in host are not UTF-8 (label \"{}\" at index {index})",
            e.label()
        ),
        _ => e.to_string(),
    };
    uri_error(py, message, Some(index), e.kind().name(), Some("host"))
}

/// A `str` argument as UTF-8 text. A `str` that is not Unicode text (a
/// lone surrogate, as `os.fsdecode` makes of bytes that are not UTF-8) has
/// no UTF-8 and so no URI: it raises `URIError` (kind `'not-unicode'`) with
/// the surrogate's index, not `UnicodeEncodeError`.
pub struct Text(pub PyBackedStr);

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl FromPyObject<'_, '_> for Text {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, '_, PyAny>) -> PyResult<Text> {
        let s = obj.cast::<PyString>()?;
        match PyBackedStr::try_from(s.to_owned()) {
            Ok(text) => Ok(Text(text)),
            Err(_) => Err(not_unicode(obj.py(), &s)),
        }
    }
}

/// The `URIError` for a `str` with a lone surrogate: its index (in
/// characters, as Python counts) and code point.
pub fn not_unicode(py: Python<'_>, s: &Bound<'_, PyString>) -> PyErr {
    let ord = py.import("builtins").and_then(|b| b.getattr("ord")).ok();
    let first = s.try_iter().ok().and_then(|chars| {
        chars.enumerate().find_map(|(i, c)| {
            let c = c.ok()?;
            // A one-character str with no UTF-8 is a lone surrogate.
            let lone = c.cast::<PyString>().ok()?.to_cow().is_err();
            lone.then(|| {
                let point = ord
                    .as_ref()
                    .and_then(|f| f.call1((&c,)).ok()?.extract::<u32>().ok());
                (i, point)
            })
        })
    });
    let (index, point) = match first {
        Some((i, p)) => (Some(i), p),
        None => (None, None),
    };
    let message = match (index, point) {
        (Some(i), Some(p)) => format!(
            "lone surrogate U+{p:04X} at index {i}: not Unicode text, which a URI is made of"
        ),
        _ => "not Unicode text (a lone surrogate), which a URI is made of".to_string(),
    };
    uri_error(py, message, index, "not-unicode", None)
}

/// A name argument (a profile, level, rule, style or component name) read
/// as `Text` is (a lone surrogate is a `URIError` of kind `'not-unicode'`,
/// not `UnicodeEncodeError`), or its default. A default of this type is no
/// literal, so the functions taking one spell their `text_signature` out,
/// or Python would show the default as `...`.
pub enum Name {
    /// The default, when the argument is not given.
    Default(&'static str),
    /// The argument given.
    Given(Text),
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            Name::Default(s) => s,
            Name::Given(t) => t,
        }
    }
}

impl FromPyObject<'_, '_> for Name {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, '_, PyAny>) -> PyResult<Name> {
        Text::extract(obj).map(Name::Given)
    }
}

/// A `str` as UTF-8 text, or the `not-unicode` `URIError` of its first
/// lone surrogate: for a `str` found inside another argument (a template
/// variable, a file path, a kernel's scalar), which PyO3 does not extract.
pub fn str_text(s: &Bound<'_, PyString>) -> PyResult<String> {
    s.to_cow()
        .map(|c| c.into_owned())
        .map_err(|_| not_unicode(s.py(), s))
}
