//! The profiles: which text a parse reads and by which grammar. The one
//! parser is compiled once per profile (its types: [`UriRef`](crate::UriRef),
//! [`IriRef`](crate::IriRef), [`rfc2396`](crate::rfc2396)'s, [`java`](crate::java)'s);
//! [`Profile`] names them as a value, for the faces that choose one at run
//! time (the CLI's `--iri`, `--rfc2396`, `--java`; Python's and SQL's
//! `profile` argument).

use crate::ParseError;

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

impl Profile {
    /// Parse `s` by this profile: the one run-time choice among the
    /// compiled parsers, for a face that reads the profile from its input
    /// (a flag, an argument). No allocation; each arm is the profile's own
    /// `parse`, so a caller that knows its profile at compile time loses
    /// nothing by calling that directly.
    ///
    /// ```
    /// use urikit::{Parsed, Profile};
    /// let r = Profile::Iri.parse("http://a/\u{e9}")?;
    /// assert!(matches!(r, Parsed::Iri(_)));
    /// assert_eq!(r.as_str(), "http://a/\u{e9}");
    /// assert_eq!(r.profile(), Profile::Iri);
    /// assert_eq!(Profile::Uri.parse("http://a/\u{e9}").unwrap_err().index(), 9);
    /// assert_eq!(Profile::Java.parse("a:").unwrap_err().index(), 2);
    /// # Ok::<(), urikit::ProfileError>(())
    /// ```
    pub fn parse(self, s: &str) -> Result<Parsed<'_>, ProfileError> {
        Ok(match self {
            Profile::Uri => Parsed::Uri(crate::UriRef::parse(s)?),
            Profile::Iri => Parsed::Iri(crate::IriRef::parse(s)?),
            Profile::Rfc2396 => Parsed::Rfc2396(crate::rfc2396::Rfc2396Ref::parse(s)?),
            Profile::Java => Parsed::Java(crate::java::JavaUri::parse(s)?),
        })
    }
}

/// A reference as a [`Profile`] read it: the profile's own type, borrowed
/// from the input.
///
/// ```
/// let r = urikit::Profile::Uri.parse("HTTP://A/./b")?;
/// assert_eq!(r.normalize().as_deref(), Some("http://a/b"));
/// # Ok::<(), urikit::ProfileError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Parsed<'a> {
    /// By [`Profile::Uri`].
    Uri(crate::UriRef<'a>),
    /// By [`Profile::Iri`].
    Iri(crate::IriRef<'a>),
    /// By [`Profile::Rfc2396`].
    Rfc2396(crate::rfc2396::Rfc2396Ref<'a>),
    /// By [`Profile::Java`].
    Java(crate::java::JavaUri<'a>),
}

impl<'a> Parsed<'a> {
    /// The text that was parsed.
    pub fn as_str(&self) -> &'a str {
        match self {
            Parsed::Uri(r) => r.as_str(),
            Parsed::Iri(r) => r.as_str(),
            Parsed::Rfc2396(r) => r.as_str(),
            Parsed::Java(r) => r.as_str(),
        }
    }

    /// The profile that read it.
    pub fn profile(&self) -> Profile {
        match self {
            Parsed::Uri(_) => Profile::Uri,
            Parsed::Iri(_) => Profile::Iri,
            Parsed::Rfc2396(_) => Profile::Rfc2396,
            Parsed::Java(_) => Profile::Java,
        }
    }

    /// [`normalize_with`](Self::normalize_with) the default
    /// [`Normalizer`](crate::normalize::Normalizer) (6.2.2).
    pub fn normalize(&self) -> Option<alloc::borrow::Cow<'a, str>> {
        self.normalize_with(&crate::normalize::Normalizer::default())
    }

    /// The normal form by the profile's own rules: RFC 3986 6.2 with `n`;
    /// RFC 3987 5.3 with `n` for an IRI, syntax-based only for a relative
    /// IRI reference (and nothing at the string level); java.net.URI's `normalize()` (which has no levels,
    /// so `n` is not read). `None` for RFC 2396, which defines no
    /// normalization. Borrowed when a URI reference was normal already.
    ///
    /// ```
    /// use urikit::{Profile, normalize::{Level, Normalizer}};
    /// let n = Normalizer::new(Level::Scheme);
    /// let r = Profile::Uri.parse("http://a:80/")?;
    /// assert_eq!(r.normalize_with(&n).as_deref(), Some("http://a/"));
    /// let j = Profile::Java.parse("http://a:80/b/../c")?;
    /// assert_eq!(j.normalize_with(&n).as_deref(), Some("http://a:80/c"));
    /// assert_eq!(Profile::Rfc2396.parse("a:b")?.normalize_with(&n), None);
    /// // A relative IRI reference: case and percent-encoding (6.2.2) past
    /// // the string level, nothing at it (6.2.1).
    /// let rel = Profile::Iri.parse("a/./B%7e")?;
    /// assert_eq!(rel.normalize_with(&n).as_deref(), Some("a/./B~"));
    /// let s = Normalizer::new(Level::String);
    /// assert_eq!(rel.normalize_with(&s).as_deref(), Some("a/./B%7e"));
    /// # Ok::<(), urikit::ProfileError>(())
    /// ```
    // Inline: a caller that builds the variant it knows (the npm module's
    // `normalize`, URI or IRI) then compiles no other profile's arm (the
    // Java one is 1.3 KB gzipped there).
    #[inline]
    pub fn normalize_with(
        &self,
        n: &crate::normalize::Normalizer<'_>,
    ) -> Option<alloc::borrow::Cow<'a, str>> {
        match self {
            Parsed::Uri(r) => Some(r.normalize_with(n).into_cow()),
            Parsed::Iri(r) => Some(match r.as_iri() {
                Some(iri) => alloc::borrow::Cow::Owned(iri.normalize_with(n).into_string()),
                // 6.2.1 (string level) changes nothing, relative or not.
                None if n.level() == crate::normalize::Level::String => {
                    alloc::borrow::Cow::Borrowed(r.as_str())
                }
                None => alloc::borrow::Cow::Owned(r.normalize().into_string()),
            }),
            Parsed::Rfc2396(_) => None,
            Parsed::Java(r) => Some(alloc::borrow::Cow::Owned(r.normalize())),
        }
    }
}

/// Why a [`Profile`] refused a reference: the RFCs' [`ParseError`], or
/// java.net.URI's own ([`JavaError`](crate::java::JavaError)), each with the
/// byte it points at.
///
/// ```
/// let e = urikit::Profile::Uri.parse("a b").unwrap_err();
/// assert_eq!(e.index(), 1);
/// assert_eq!(e.to_string(), e.as_parse_error().unwrap().to_string());
/// ```
///
/// Two variants for good: a profile of an RFC reports a [`ParseError`], and
/// the one of another parser its own error; so a face can match both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfileError {
    /// Of the RFC profiles (`uri`, `iri`, `rfc2396`).
    Syntax(ParseError),
    /// Of the `java` profile.
    Java(crate::java::JavaError),
}

impl ProfileError {
    /// The byte index of the error in the input.
    pub fn index(&self) -> usize {
        match self {
            ProfileError::Syntax(e) => e.index(),
            ProfileError::Java(e) => e.index(),
        }
    }

    /// The error kind's stable name (`ParseError::kind().name()` or the
    /// Java reason's).
    pub fn name(&self) -> &'static str {
        match self {
            ProfileError::Syntax(e) => e.kind().name(),
            ProfileError::Java(e) => e.name(),
        }
    }

    /// The RFC profiles' error, `None` for Java's.
    pub fn as_parse_error(&self) -> Option<&ParseError> {
        match self {
            ProfileError::Syntax(e) => Some(e),
            ProfileError::Java(_) => None,
        }
    }
}

impl From<ParseError> for ProfileError {
    fn from(e: ParseError) -> Self {
        ProfileError::Syntax(e)
    }
}

impl From<crate::java::JavaError> for ProfileError {
    fn from(e: crate::java::JavaError) -> Self {
        ProfileError::Java(e)
    }
}

impl core::fmt::Display for ProfileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ProfileError::Syntax(e) => e.fmt(f),
            ProfileError::Java(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for ProfileError {}
