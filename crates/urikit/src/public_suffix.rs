//! The public suffix list (<https://publicsuffix.org/>) over a host:
//! [`Host::public_suffix`] and [`Host::registrable_domain`], by the `psl`
//! crate, whose build compiles the list in. urikit pins one `psl`
//! version, so one urikit version always gives the same answers: the
//! snapshot is the one shipped in `psl` 2.1.247 (updating the list means
//! updating the pin, a new urikit release).

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;

use crate::{Host, HostKind, percent};

impl<'a> Host<'a> {
    /// The registered name ready for the list: percent-decoded and
    /// lower-cased; `None` for an IP host, an empty one, or one whose
    /// octets are not UTF-8.
    fn psl_name(&self) -> Option<Cow<'a, str>> {
        if self.kind() != HostKind::RegName || self.as_str().is_empty() {
            return None;
        }
        let name = percent::decode(self.as_str()).to_str().ok()?;
        Some(if name.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(name.to_ascii_lowercase())
        } else {
            name
        })
    }

    /// The host's public suffix (the `com` of `a.example.com`, the `co.uk`
    /// of `a.example.co.uk`), by the public suffix list compiled in (see
    /// the [module](crate::public_suffix) notes on the snapshot). A name whose last
    /// label is not on the list gets that label (the list's `*` default
    /// rule). The host is percent-decoded and lower-cased first; names are
    /// matched as they are, so an internationalized name should be in the
    /// form the list has (U-labels; `Host::to_unicode`, with the `idna`
    /// feature, gives them). `None` for an IP host, an empty host, or a
    /// name that does not decode to UTF-8.
    ///
    /// ```
    /// use urikit::Uri;
    /// let suffix = |s| Uri::parse(s).unwrap().host().unwrap().public_suffix().map(|c| c.into_owned());
    /// assert_eq!(suffix("http://a.Example.CO.UK/").as_deref(), Some("co.uk"));
    /// assert_eq!(suffix("http://h.invalidtld/").as_deref(), Some("invalidtld"));
    /// assert_eq!(suffix("http://10.1.2.3/"), None);
    /// ```
    pub fn public_suffix(&self) -> Option<Cow<'a, str>> {
        on_name(self.psl_name()?, psl::suffix_str)
    }

    /// The host's registrable domain: its public suffix and one more label
    /// (`example.co.uk` for `a.b.example.co.uk`), by the list compiled in.
    /// `None` when the host is itself a public suffix, and as for
    /// [`Host::public_suffix`].
    ///
    /// ```
    /// use urikit::Uri;
    /// let domain = |s| Uri::parse(s).unwrap().host().unwrap().registrable_domain().map(|c| c.into_owned());
    /// assert_eq!(domain("http://a.b.example.co.uk/").as_deref(), Some("example.co.uk"));
    /// assert_eq!(domain("http://co.uk/"), None);
    /// ```
    pub fn registrable_domain(&self) -> Option<Cow<'a, str>> {
        on_name(self.psl_name()?, psl::domain_str)
    }
}

/// Apply a lookup that returns a slice of the name it is given, keeping the
/// slice borrowed when the name was.
fn on_name<'a>(name: Cow<'a, str>, f: impl Fn(&str) -> Option<&str>) -> Option<Cow<'a, str>> {
    match name {
        Cow::Borrowed(n) => f(n).map(Cow::Borrowed),
        Cow::Owned(n) => f(&n).map(|x| Cow::Owned(x.to_owned())),
    }
}
