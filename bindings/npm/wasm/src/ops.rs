//! The operations on text: resolution, normalization, comparison,
//! percent-encoding, extraction, lint, IRI mappings and file paths. Each
//! is one call of the core; results cross back as strings (or JSON for
//! lists of records).

use serde_json::json;
use urikit::compare::{Comparison, Level};
use urikit::normalize::Normalizer;
use urikit::{Iri, IriRef, Parsed, Resolver, Uri, UriRef, percent};
use wasm_bindgen::prelude::*;

use crate::failure::Failure;
use crate::utf16;

fn level(name: &str) -> Result<Level, Failure> {
    named(name)
}

/// The member of one of the core's named sets (`urikit::names`); another
/// name fails with the core's kind and message, the same in every face.
pub(crate) fn named<T: urikit::names::Named>(name: &str) -> Result<T, Failure> {
    T::parse_name(name).map_err(|e| Failure::own(e.name(), e.to_string()))
}

/// Whether the profile named `name` reads IRIs: the operations on text
/// read by `uri` (RFC 3986) or `iri` (RFC 3987); the core's other
/// profiles (`rfc2396`, `java`) are not in this module (their code is the
/// CLI's and Python's), and are refused with the kind of an unknown name.
fn reads_iri(name: &str) -> Result<bool, Failure> {
    match named::<urikit::Profile>(name)? {
        urikit::Profile::Uri => Ok(false),
        urikit::Profile::Iri => Ok(true),
        other => Err(Failure::own(
            "unknown-profile",
            format!("profile '{other}' is not in the npm package (expected uri, iri)"),
        )),
    }
}

/// Resolve `reference` against `base` (RFC 3986 5.2; RFC 3987's types
/// by the `iri` profile), strictly unless `non_strict`.
#[wasm_bindgen]
pub fn resolve(
    base: &str,
    reference: &str,
    non_strict: bool,
    profile: &str,
) -> Result<String, Failure> {
    let iri = reads_iri(profile)?;
    let resolver = Resolver::new().non_strict(non_strict);
    if iri {
        let b = Iri::parse(base).map_err(|e| Failure::parse(e, base))?;
        return b
            .resolve_with(&resolver, reference)
            .map(|u| u.as_str().to_owned())
            .map_err(|e| Failure::resolve(e, reference));
    }
    resolver
        .resolve(base, reference)
        .map(|u| u.into_string())
        .map_err(|e| Failure::resolve(e, reference))
}

/// The shortest reference from `base` to `target` (the core's
/// `make_relative`).
#[wasm_bindgen]
pub fn make_relative(base: &str, target: &str, profile: &str) -> Result<String, Failure> {
    if reads_iri(profile)? {
        let b = Iri::parse(base).map_err(|e| Failure::parse(e, base))?;
        return b
            .make_relative(target)
            .map(|r| r.as_str().to_owned())
            .map_err(|e| Failure::resolve(e, target));
    }
    let b = Uri::parse(base).map_err(|e| Failure::parse(e, base))?;
    b.make_relative(target)
        .map(|r| r.into_string())
        .map_err(|e| Failure::resolve(e, target))
}

/// The normal form of `text` at the level named `lvl` (6.2.2, 6.2.3), by
/// the profile's own rules: the core's `Parsed::normalize_with`, as the
/// CLI's `uri normalize` and Python's `normalize` (an IRI reference
/// without a scheme gets the syntax-based steps only, RFC 3987 5.3).
#[wasm_bindgen]
pub fn normalize(text: &str, lvl: &str, profile: &str) -> Result<String, Failure> {
    let n = Normalizer::new(level(lvl)?);
    // Each profile's own parse (not `Profile::parse`, whose RFC 2396 and
    // Java parsers this module does not hold), the variant known at each
    // call so that the other profiles' arms are not compiled in.
    let normal = if reads_iri(profile)? {
        let r = IriRef::parse(text).map_err(|e| Failure::parse(e, text))?;
        Parsed::Iri(r).normalize_with(&n)
    } else {
        let r = UriRef::parse(text).map_err(|e| Failure::parse(e, text))?;
        Parsed::Uri(r).normalize_with(&n)
    };
    // Both profiles normalize (`None` is RFC 2396's alone).
    Ok(normal.map_or_else(|| text.to_owned(), |c| c.into_owned()))
}

/// Whether `a` and `b` are equivalent at the level named `lvl` (6.2).
#[wasm_bindgen]
pub fn equivalent(
    a: &str,
    b: &str,
    lvl: &str,
    ignore_fragment: bool,
    profile: &str,
) -> Result<bool, Failure> {
    let cmp = Comparison::new(level(lvl)?).ignore_fragment(ignore_fragment);
    if reads_iri(profile)? {
        let x = IriRef::parse(a).map_err(|e| Failure::parse(e, a))?;
        let y = IriRef::parse(b).map_err(|e| Failure::parse(e, b))?;
        return Ok(cmp.iri_equivalent(x, y).unwrap_or(false));
    }
    let x = UriRef::parse(a).map_err(|e| Failure::parse(e, a))?;
    let y = UriRef::parse(b).map_err(|e| Failure::parse(e, b))?;
    Ok(cmp.equivalent(x, y).unwrap_or(false))
}

/// The names of the core's encode sets (`percent::EncodeSet`).
#[wasm_bindgen]
pub fn encode_set_names() -> Vec<String> {
    percent::EncodeSet::ALL
        .iter()
        .map(|s| s.name().to_string())
        .collect()
}

/// Percent-encode `text` (UTF-8) for the component named `set`.
#[wasm_bindgen]
pub fn encode(text: &str, set: &str) -> Result<String, Failure> {
    let s: percent::EncodeSet = named(set)?;
    Ok(percent::encode(text, s.class()).to_string())
}

/// Percent-decode `text` (`form`: `+` as a space too); bytes that are not
/// UTF-8 fail (`invalid-utf8`) unless `lossy` (U+FFFD instead).
#[wasm_bindgen]
pub fn decode(text: &str, form: bool, lossy: bool) -> Result<String, Failure> {
    let d = if form {
        percent::decode_form(text)
    } else {
        percent::decode(text)
    };
    if lossy {
        return Ok(d.to_str_lossy().into_owned());
    }
    d.to_str()
        .map(|c| c.into_owned())
        .map_err(|e| Failure::other(e.to_string(), Some(e.index()), "invalid-utf8", text))
}

/// The URI references in `text` (Appendix C), as JSON: a list of
/// `{uri, start, end, delimiter}` with UTF-16 offsets.
#[wasm_bindgen]
pub fn extract(text: &str, relative: bool, any_scheme: bool) -> String {
    let opts = urikit::text::ExtractOptions::new()
        .relative(relative)
        .any_scheme(any_scheme);
    // The offsets from one pass over the text (not one per match).
    let at = utf16::Indices::new(text);
    let found: Vec<_> = opts
        .extract(text)
        .map(|m| {
            json!({
                "uri": m.as_str(),
                "start": at.get(m.start()),
                "end": at.get(m.end()),
                "delimiter": m.delimiter().name(),
            })
        })
        .collect();
    serde_json::Value::Array(found).to_string()
}

/// The security findings (section 7) of `text`, as JSON: a list of
/// `{kind, start, end, message}` with UTF-16 offsets.
#[wasm_bindgen]
pub fn lint(text: &str, profile: &str) -> Result<String, Failure> {
    let found = if reads_iri(profile)? {
        urikit::security::lint_iri(text)
    } else {
        urikit::security::lint(text)
    }
    .map_err(|e| Failure::parse(e, text))?;
    let at = utf16::Indices::new(text);
    let list: Vec<_> = found
        .iter()
        .map(|f| {
            json!({
                "kind": f.kind().name(),
                "start": at.get(f.start()),
                "end": at.get(f.end()),
                "message": f.to_string(),
            })
        })
        .collect();
    Ok(serde_json::Value::Array(list).to_string())
}

/// The URI reference an IRI reference maps to (RFC 3987 3.1); with
/// `idna` the host by UTS #46 ToASCII instead of percent-encoding.
#[wasm_bindgen]
pub fn to_uri(text: &str, idna: bool) -> Result<String, Failure> {
    let r = IriRef::parse(text).map_err(|e| Failure::parse(e, text))?;
    if idna {
        let host = r.host().map_or("", |h| h.as_str());
        return r
            .to_uri_idna()
            .map(|c| c.into_owned())
            .map_err(|e| Failure::idna(e, text, host));
    }
    Ok(r.to_uri().into_owned())
}

/// The IRI reference a URI reference maps to (RFC 3987 3.2); with `idna`
/// A-labels of the host become U-labels.
#[wasm_bindgen]
pub fn to_iri(text: &str, idna: bool) -> Result<String, Failure> {
    let r = UriRef::parse(text).map_err(|e| Failure::parse(e, text))?;
    if idna {
        return Ok(r.to_iri_idna().into_owned());
    }
    Ok(r.to_iri().into_owned())
}

fn file_failure(e: urikit::rfc8089::FilePathError, text: &str) -> Failure {
    Failure::other(e.to_string(), e.index(), e.kind().name(), text)
}

fn vscode(profile: &str) -> Result<bool, Failure> {
    Ok(named::<urikit::rfc8089::FileProfile>(profile)? == urikit::rfc8089::FileProfile::Vscode)
}

fn windows(style: &str) -> Result<bool, Failure> {
    Ok(named::<urikit::rfc8089::PathStyle>(style)? == urikit::rfc8089::PathStyle::Windows)
}

/// The `file` URI of an absolute path (RFC 8089, or as vscode-uri writes
/// it), for a `unix` or `windows` path.
#[wasm_bindgen]
pub fn from_file_path(path: &str, style: &str, profile: &str) -> Result<String, Failure> {
    let win = windows(style)?;
    let uri = match (vscode(profile)?, win) {
        (true, true) => urikit::rfc8089::vscode::from_windows_path(path),
        (true, false) => urikit::rfc8089::vscode::from_unix_path(path),
        (false, true) => urikit::rfc8089::from_windows_path(path),
        (false, false) => urikit::rfc8089::from_unix_path(path.as_bytes()),
    };
    uri.map(|u| u.into_string())
        .map_err(|e| file_failure(e, path))
}

/// The path of a `file` URI (RFC 8089, or as vscode-uri's `fsPath` reads
/// it), as a `unix` or `windows` path.
#[wasm_bindgen]
pub fn to_file_path(uri: &str, style: &str, profile: &str) -> Result<String, Failure> {
    let win = windows(style)?;
    let vs = vscode(profile)?;
    let u = Uri::parse(uri).map_err(|e| Failure::parse(e, uri))?;
    let path = match (vs, win) {
        (true, true) => urikit::rfc8089::vscode::to_windows_path(&u),
        (true, false) => urikit::rfc8089::vscode::to_unix_path(&u),
        (false, true) => urikit::rfc8089::to_windows_path(&u),
        (false, false) => {
            let bytes = urikit::rfc8089::to_unix_path(&u).map_err(|e| file_failure(e, uri))?;
            return String::from_utf8(bytes)
                .map_err(|_| Failure::own("not-unicode", "the path is not UTF-8 text".into()));
        }
    };
    path.map_err(|e| file_failure(e, uri))
}
