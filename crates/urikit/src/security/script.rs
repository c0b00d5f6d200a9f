//! Script schemes: `javascript:`, `vbscript:` and `data:` URIs of media
//! type `text/html`, the payloads of XSS and open-redirect attacks.

use super::decode::Decode;
use super::finding::ScriptScheme;
use crate::UriRef;

/// The script scheme of `uri` and the end of the text that shows it (the
/// scheme, or for `data:` the scheme and the media type), if it has one.
pub(super) fn script_scheme(uri: &UriRef<'_>) -> Option<(usize, ScriptScheme)> {
    let scheme = uri.scheme()?;
    if scheme.eq_ignore_ascii_case("javascript") {
        return Some((scheme.len(), ScriptScheme::JavaScript));
    }
    if scheme.eq_ignore_ascii_case("vbscript") {
        return Some((scheme.len(), ScriptScheme::VbScript));
    }
    if !scheme.eq_ignore_ascii_case("data") || uri.has_authority() {
        return None;
    }
    // RFC 2397: `data:[<mediatype>][;base64],<data>`, where the media type
    // ends at its first parameter (`;`) or at the `,`. A browser decodes
    // percent-encoding there and ignores the case and blanks around it.
    let path = uri.path();
    let end = path.find([';', ',']).unwrap_or(path.len());
    let media = &path[..end];
    let mut decoded = Decode(media.as_bytes().iter())
        .skip_while(u8::is_ascii_whitespace)
        .map(|b| b.to_ascii_lowercase());
    let html = b"text/html".iter().all(|&c| decoded.next() == Some(c))
        && decoded.all(|b| b.is_ascii_whitespace());
    // The path starts right after "data:".
    html.then_some((scheme.len() + 1 + end, ScriptScheme::DataHtml))
}
