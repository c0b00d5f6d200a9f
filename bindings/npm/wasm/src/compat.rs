//! What the fast-uri face (bindings/npm/src/fast-uri.js) needs beyond the main API:
//! Appendix B's split for text that does not parse (fast-uri returns
//! components with an `error` rather than throwing), the core's builder
//! for `serialize`, and resolution against a relative base.

use urikit::build::{Builder, IriBuilder};
use urikit::{Resolver, Uri, UriRef};
use wasm_bindgen::prelude::*;

use crate::failure::Failure;
use crate::parse::{NONE, offsets_mut};
use crate::utf16;

/// Split `s` by RFC 3986 Appendix B (never fails, validates nothing):
/// the scheme, authority, path, query and fragment offsets are left in the
/// `parse` buffer's slots 0, 1, 5, 6 and 7 (the others absent).
#[wasm_bindgen]
pub fn split(s: &str) {
    let c = urikit::split(s);
    offsets_mut(|out| {
        out.fill(NONE);
        let mut put = |slot: usize, part: Option<&str>| {
            if let Some(x) = part {
                let a = utf16::start_of(s, x);
                out[2 * slot] = a as u32;
                out[2 * slot + 1] = (a + x.len()) as u32;
            }
        };
        put(0, c.scheme);
        put(1, c.authority);
        put(5, Some(c.path));
        put(6, c.query);
        put(7, c.fragment);
        out[17] = 0;
        utf16::convert_all(s, &mut out[..16], NONE);
    });
}

macro_rules! build_with {
    ($b:expr, $scheme:expr, $userinfo:expr, $host:expr, $port:expr, $path:expr, $query:expr, $fragment:expr) => {{
        let mut b = $b;
        if let Some(x) = $scheme {
            b = b.scheme(x);
        }
        if let Some(x) = $userinfo {
            b = b.userinfo_encoded(x);
        }
        if let Some(x) = $host {
            b = b.host_encoded(x);
        }
        if let Some(x) = $port {
            b = b.port_str(x);
        }
        if let Some(x) = $path {
            b = b.path_encoded(x);
        }
        if let Some(x) = $query {
            b = b.query_encoded(x);
        }
        if let Some(x) = $fragment {
            b = b.fragment_encoded(x);
        }
        b.build().map(|r| r.as_str().to_owned())
    }};
}

/// Recompose a URI reference from encoded components (5.3) with the
/// core's builder, which validates each against its rule (`host` an IP
/// literal in brackets, an IPv4 address or a reg-name) and writes `./`
/// before a first segment with a `:` in a relative reference.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn build(
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    iri: bool,
) -> Result<String, Failure> {
    let built = if iri {
        build_with!(
            IriBuilder::new(),
            scheme,
            userinfo,
            host,
            port,
            path,
            query,
            fragment
        )
    } else {
        build_with!(
            Builder::new(),
            scheme,
            userinfo,
            host,
            port,
            path,
            query,
            fragment
        )
    };
    built.map_err(|e| Failure {
        message: e.to_string(),
        index: None,
        kind: e.kind().name().into(),
        component: Some(e.component().name().into()),
    })
}

/// A scheme no input has: the stand-in for a relative base's missing one.
const STAND_IN: &str = "urikit-relative-base";

/// Resolve `reference` against `base` by RFC 3986 5.2.2, also when `base`
/// is a relative reference (RFC 3986 asks for a URI; fast-uri and JSON
/// Schema implementations resolve against relative ids too): the base gets
/// a stand-in scheme for the algorithm, and the result loses it again. An
/// empty base gives the reference unchanged.
#[wasm_bindgen]
pub fn resolve_loose(base: &str, reference: &str, non_strict: bool) -> Result<String, Failure> {
    let r = UriRef::parse(reference).map_err(|e| Failure::parse(e, reference))?;
    if base.is_empty() {
        return Ok(r.as_str().to_owned());
    }
    let b = UriRef::parse(base).map_err(|e| Failure::parse(e, base))?;
    let resolver = Resolver::new().non_strict(non_strict);
    if b.scheme().is_some() {
        return resolver
            .resolve(base, reference)
            .map(|u| u.into_string())
            .map_err(|e| Failure::resolve(e, reference));
    }
    let stand_in = format!("{STAND_IN}:{base}");
    let u = Uri::parse(&stand_in).map_err(|e| Failure::parse(e, base))?;
    let target = resolver
        .resolve(u, reference)
        .map_err(|e| Failure::resolve(e, reference))?;
    let text = target.as_str();
    match text
        .strip_prefix(STAND_IN)
        .and_then(|t| t.strip_prefix(':'))
    {
        // The target without the stand-in scheme; a first segment with a
        // `:` gets `./` so that it does not read as a scheme (4.2).
        Some(rest) => {
            let first = rest.split(['/', '?', '#']).next().unwrap_or("");
            if first.contains(':') {
                Ok(format!("./{rest}"))
            } else {
                Ok(rest.to_owned())
            }
        }
        None => Ok(text.to_owned()),
    }
}
