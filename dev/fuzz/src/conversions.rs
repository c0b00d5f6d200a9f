//! Checks for the `url` and `http` conversions, shared by the
//! `conversions` fuzz target and the fuzz crate's tests.

use urikit::percent::decode;
use urikit::{Uri, UriRef, UriRefBuf};

/// Any text:
/// - parsed by `url`, converts to a valid URI (the type says so; this
///   parses it again) with the same scheme and the same decoded data, and
///   unchanged when the URL's text is a valid URI already;
/// - parsed by `http`, converts to our types only if the text is a valid
///   reference, and then back to the same `http::Uri`;
/// - parsed by us, converts to `http::Uri` only with the same components
///   (or the two documented equivalent changes), and back to the same
///   reference.
pub fn check_conversions(s: &str) {
    if let Ok(u) = url::Url::parse(s) {
        let ours = urikit_views::url_interop::from_url(&u);
        assert!(Uri::parse(ours.as_str()).is_ok(), "{u} -> {ours}");
        assert_eq!(ours.scheme(), u.scheme());
        assert_eq!(
            decode(ours.as_str()).to_bytes(),
            decode(u.as_str()).to_bytes(),
            "{u} -> {ours}"
        );
        if Uri::parse(u.as_str()).is_ok() {
            assert_eq!(ours, u.as_str());
        }
    }
    if let Ok(h) = http::Uri::try_from(s)
        && let Ok(r) = UriRefBuf::try_from(&h)
    {
        let back = http::Uri::try_from(&r).unwrap_or_else(|e| panic!("{h} -> {r}: {e}"));
        assert_eq!(back, h, "{h} -> {r}");
    }
    if let Ok(r) = UriRef::parse(s) {
        for h in [http::Uri::try_from(r), r.to_http_uri_lossy()]
            .into_iter()
            .flatten()
        {
            let back = UriRefBuf::try_from(&h).unwrap_or_else(|e| panic!("{s} -> {h}: {e}"));
            assert_eq!(back.authority(), r.authority(), "{s} -> {h}");
            assert_eq!(back.query(), r.query(), "{s} -> {h}");
            assert!(
                back.path() == r.path() || (r.path().is_empty() && back.path() == "/"),
                "{s} -> {h}"
            );
        }
    }
}
