//! The `rfc3986` view: urikit's strict parser, the IRI profile (RFC 3987)
//! when the input is not ASCII.

use alloc::borrow::Cow;
use alloc::string::ToString;

use super::{Reading, View};
use urikit::{IriRef, UriRef};

pub(super) fn read(input: &str) -> Reading<'_> {
    macro_rules! view {
        ($r:expr) => {{
            let r = $r;
            let host = r.host();
            View {
                scheme: r.scheme().map(Cow::Borrowed),
                userinfo: r.userinfo().map(Cow::Borrowed),
                host: host.map(|h| Cow::Borrowed(h.as_str())),
                host_kind: host.map(|h| h.kind().name()),
                port: r.port().map(Cow::Borrowed),
                path: Some(Cow::Borrowed(r.path())),
                query: r.query().map(Cow::Borrowed),
                fragment: r.fragment().map(Cow::Borrowed),
            }
        }};
    }
    if input.is_ascii() {
        UriRef::parse(input)
            .map(|r| view!(r))
            .map_err(|e| e.to_string())
    } else {
        IriRef::parse(input)
            .map(|r| view!(r))
            .map_err(|e| e.to_string())
    }
}
