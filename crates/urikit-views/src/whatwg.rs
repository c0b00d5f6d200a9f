//! The `whatwg` view: the WHATWG URL Standard by the `url` crate.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::ToString;

use super::{Reading, View};

pub(super) fn read(input: &str) -> Reading<'static> {
    let u = url::Url::parse(input).map_err(|e| e.to_string())?;
    let userinfo = match (u.username(), u.password()) {
        ("", None) => None,
        (user, None) => Some(user.to_string()),
        (user, Some(password)) => Some(format!("{user}:{password}")),
    };
    let own = |s: &str| Cow::Owned(s.to_string());
    Ok(View {
        scheme: Some(own(u.scheme())),
        userinfo: userinfo.map(Cow::Owned),
        host: u.host_str().map(own),
        host_kind: u.host().map(|h| match h {
            url::Host::Domain(_) => "domain",
            url::Host::Ipv4(_) => "ipv4",
            url::Host::Ipv6(_) => "ipv6",
        }),
        port: u.port().map(|p| Cow::Owned(p.to_string())),
        path: Some(own(u.path())),
        query: u.query().map(own),
        fragment: u.fragment().map(own),
    })
}
