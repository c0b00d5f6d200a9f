//! The profiles: which text a parse reads and by which grammar. The one
//! parser is compiled once per profile (its types: [`UriRef`](crate::UriRef),
//! [`IriRef`](crate::IriRef), [`rfc2396`](crate::rfc2396)'s, [`java`](crate::java)'s);
//! [`Profile`] names them as a value, for the faces that choose one at run
//! time (the CLI's `--iri`, `--rfc2396`, `--java`; Python's and SQL's
//! `profile` argument).

/// How a reference is read: by which specification's grammar.
///
/// ```
/// use urikit::{Profile, names::Named};
/// assert_eq!(Profile::parse_name("iri"), Ok(Profile::Iri));
/// assert_eq!(Profile::default(), Profile::Uri);
/// assert_eq!(
///     Profile::parse_name("url").unwrap_err().to_string(),
///     "unknown profile 'url' (expected uri, iri, rfc2396, java)"
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Profile {
    /// RFC 3986: ASCII only.
    #[default]
    Uri,
    /// RFC 3987: Unicode text ([`IriRef`](crate::IriRef)).
    Iri,
    /// RFC 2396 with RFC 2732's IPv6 literals ([`rfc2396`](crate::rfc2396)).
    Rfc2396,
    /// `java.net.URI` ([`java`](crate::java)).
    Java,
}

impl Profile {
    /// The profile's stable name: `uri`, `iri`, `rfc2396` or `java`.
    ///
    /// ```
    /// assert_eq!(urikit::Profile::Rfc2396.name(), "rfc2396");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Uri => "uri",
            Profile::Iri => "iri",
            Profile::Rfc2396 => "rfc2396",
            Profile::Java => "java",
        }
    }
}

impl core::fmt::Display for Profile {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

crate::names::impl_named!(
    Profile,
    "profile",
    "unknown-profile",
    [Profile::Uri, Profile::Iri, Profile::Rfc2396, Profile::Java]
);
