//! The `java` view: `java.net.URI`'s getters, by [`JavaUri`].

use alloc::borrow::Cow;
use alloc::string::ToString;

use super::{Reading, View, host_kind_of};
use urikit::java::JavaUri;

pub(super) fn read(input: &str) -> Reading<'_> {
    let u = JavaUri::parse(input).map_err(|e| e.to_string())?;
    let port = u.port();
    Ok(View {
        scheme: u.scheme().map(Cow::Borrowed),
        userinfo: u.raw_user_info().map(Cow::Borrowed),
        host: u.host().map(Cow::Borrowed),
        host_kind: u.host().map(host_kind_of),
        port: (port >= 0).then(|| Cow::Owned(port.to_string())),
        path: u.raw_path().map(Cow::Borrowed),
        query: u.raw_query().map(Cow::Borrowed),
        fragment: u.raw_fragment().map(Cow::Borrowed),
    })
}
