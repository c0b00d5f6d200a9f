//! Comparison (RFC 3986 sections 6.1 and 6.2): the comparison ladder.
//!
//! Each rung of the ladder trades processing for fewer false negatives:
//! - [`Level::String`]: simple string comparison (6.2.1);
//! - [`Level::Syntax`]: the strings after syntax-based normalization (6.2.2);
//! - [`Level::Scheme`]: after scheme-based normalization as well (6.2.3).
//!
//! A [`Comparison`] picks a rung and whether to leave fragments out, which
//! 6.1 asks for when the comparison decides a network action (a fragment is
//! never sent to the server). It tests two references with
//! [`Comparison::equivalent`], or gives an [`EquivKey`] whose `Eq`, `Hash`
//! and `Ord` follow the rung, for `HashMap` / `HashSet` / `BTreeMap` keys and
//! deduplication.
//!
//! The URI types themselves ([`crate::Uri`], [`crate::UriRef`] and the owned
//! ones) compare, order and hash byte-wise, which is the first rung only.
//!
//! IRIs (RFC 3987 5.3) climb the same ladder with [`Comparison::iri_key`]
//! and [`Comparison::iri_equivalent`]: the string rung compares the IRI's
//! characters as they are (5.3.1: no mapping to a URI); the syntax and
//! scheme rungs align percent-encoding first by mapping both IRIs to URIs
//! (5.3.2.3, 3.1), so `é` and `%C3%A9` are the same there. Unicode
//! normalization (NFC, 5.3.2.2) is not applied unless asked for
//! (`Comparison::nfc`, with the `nfc` feature): 5.3.2.2 has equivalence
//! rely on IRIs being in NFC already.
//!
//! 6.1 advises against comparing relative references directly: resolve them
//! first. A relative reference here gets the normalization that cannot change
//! its resolution (case and percent-encoding; see [`crate::normalize`]).
//!
//! ```
//! use urikit::compare::{Comparison, Level};
//! use urikit::Uri;
//! let a = Uri::parse("example://a/b/c/%7Bfoo%7D")?;
//! let b = Uri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
//! assert!(!Comparison::new(Level::String).equivalent(a, b)?);
//! assert!(Comparison::new(Level::Syntax).equivalent(a, b)?);
//! # Ok::<(), urikit::ParseError>(())
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::error::ParseError;
use crate::iri::{IriRef, ToIriRef};
pub use crate::normalize::Level;
use crate::normalize::{Normalizer, SchemeInfo};
use crate::uri::{ToUriRef, UriRef};

/// A way of comparing URI references: a rung of the ladder, and whether
/// fragments count.
///
/// ```
/// use urikit::compare::{Comparison, Level};
/// use urikit::Uri;
/// let cmp = Comparison::new(Level::Scheme).ignore_fragment(true);
/// assert!(cmp.equivalent("http://example.com#top", "HTTP://example.com:80/")?);
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[must_use]
pub struct Comparison<'s> {
    level: Level,
    ignore_fragment: bool,
    normalizer: Normalizer<'s>,
    #[cfg(feature = "nfc")]
    nfc: bool,
}

impl Comparison<'static> {
    /// Compare at `level`, fragments included.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// assert_eq!(Comparison::new(Level::Syntax).level(), Level::Syntax);
    /// ```
    pub const fn new(level: Level) -> Comparison<'static> {
        Comparison {
            level,
            ignore_fragment: false,
            normalizer: Normalizer::new(level),
            #[cfg(feature = "nfc")]
            nfc: false,
        }
    }
}

impl<'s> Comparison<'s> {
    /// Leave fragments out of the comparison (6.1: do so when the result
    /// selects or avoids a network action).
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// use urikit::Uri;
    /// let (a, b) = (Uri::parse("http://a/#x")?, Uri::parse("http://a/")?);
    /// assert!(!Comparison::new(Level::String).equivalent(a, b)?);
    /// assert!(Comparison::new(Level::String).ignore_fragment(true).equivalent(a, b)?);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn ignore_fragment(mut self, yes: bool) -> Comparison<'s> {
        self.ignore_fragment = yes;
        self
    }

    /// Write IPv6 hosts in the RFC 5952 form before comparing (at the syntax
    /// and scheme levels); see [`Normalizer::ipv6_canonical`].
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// use urikit::Uri;
    /// let (a, b) = (Uri::parse("http://[::0:1]/")?, Uri::parse("http://[::1]/")?);
    /// assert!(!Comparison::new(Level::Syntax).equivalent(a, b)?);
    /// assert!(Comparison::new(Level::Syntax).ipv6_canonical(true).equivalent(a, b)?);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn ipv6_canonical(mut self, yes: bool) -> Comparison<'s> {
        self.normalizer = self.normalizer.ipv6_canonical(yes);
        self
    }

    /// Extra scheme entries for the scheme level; see
    /// [`Normalizer::schemes`].
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// use urikit::normalize::SchemeInfo;
    /// use urikit::Uri;
    /// const MINE: &[SchemeInfo] = &[SchemeInfo::new("x").default_port(9)];
    /// let cmp = Comparison::new(Level::Scheme).schemes(MINE);
    /// assert!(cmp.equivalent("x://h:9/", "x://h/")?);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub const fn schemes<'t>(self, schemes: &'t [SchemeInfo<'t>]) -> Comparison<'t>
    where
        's: 't,
    {
        Comparison {
            level: self.level,
            ignore_fragment: self.ignore_fragment,
            normalizer: self.normalizer.schemes(schemes),
            #[cfg(feature = "nfc")]
            nfc: self.nfc,
        }
    }

    /// The rung.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// assert_eq!(Comparison::default().level(), Level::Syntax);
    /// ```
    pub const fn level(&self) -> Level {
        self.level
    }

    /// The text that stands for `r` at this rung: the normal form (or the
    /// text itself at the string level), without the fragment when
    /// fragments are ignored. Two references are equivalent exactly when
    /// their keys are equal. Borrows when it can.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// use urikit::UriRef;
    /// let cmp = Comparison::new(Level::Syntax).ignore_fragment(true);
    /// assert_eq!(cmp.key("HTTP://A/%7e#f")?.as_str(), "http://a/~");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn key<'a, T: ToUriRef + ?Sized>(&self, r: &'a T) -> Result<EquivKey<'a>, ParseError> {
        Ok(self.key_parsed(r.to_uri_ref()?))
    }

    /// [`Comparison::key`] of a parsed value.
    fn key_parsed<'a>(&self, r: UriRef<'a>) -> EquivKey<'a> {
        // The normalizer has the comparison's rung: at the string rung it
        // leaves the text as it is.
        self.finish(self.normalizer.normalize_parsed(r).into_cow())
    }

    /// Whether `a` and `b` are equivalent at this rung. Allocates only for
    /// an input that is not normal already.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// use urikit::Uri;
    /// let cmp = Comparison::new(Level::Syntax);
    /// assert!(cmp.equivalent("http://a/%7e", "http://a/~")?);
    /// assert!(!cmp.equivalent("http://a/%2F", "http://a//")?);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn equivalent(&self, a: impl ToUriRef, b: impl ToUriRef) -> Result<bool, ParseError> {
        let (a, b) = (a.to_uri_ref()?, b.to_uri_ref()?);
        Ok(self.key_parsed(a).as_str() == self.key_parsed(b).as_str())
    }

    /// Put IRIs in Unicode Normalization Form C before comparing them (RFC
    /// 3987 5.3.2.2; the `nfc` feature). Off by default: 5.3.2.2 has
    /// equivalence rely on IRIs that are in NFC already, and NFC is right
    /// for text that came from a non-digital form or another character
    /// encoding. An IRI whose NFC form is not a valid IRI (NFC can make a
    /// character the grammar does not allow) is compared as it is. URIs
    /// are ASCII, so [`Comparison::key`] is the same either way.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// use urikit::Iri;
    /// let (a, b) = (Iri::parse("http://a/re\u{301}sume\u{301}")?, Iri::parse("http://a/r\u{e9}sum\u{e9}")?);
    /// assert!(!Comparison::new(Level::Syntax).iri_equivalent(a, b)?);
    /// assert!(Comparison::new(Level::Syntax).nfc(true).iri_equivalent(a, b)?);
    /// assert!(Comparison::new(Level::String).nfc(true).iri_equivalent(a, b)?);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[cfg(feature = "nfc")]
    pub const fn nfc(mut self, yes: bool) -> Comparison<'s> {
        self.nfc = yes;
        self
    }

    /// The text that stands for the IRI reference `r` at this rung (RFC
    /// 3987 5.3), as [`Comparison::key`] gives for a URI reference. At the
    /// string rung it is the IRI's own text (5.3.1: an IRI is never mapped
    /// to a URI for string comparison). At the syntax and scheme rungs it
    /// is the normal form of the URI the IRI maps to (3.1), which aligns
    /// percent-encoding as 5.3.2.3 says; it is a valid URI reference. The
    /// case of non-ASCII characters is kept (5.3.2.1). Borrows when it can.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// use urikit::IriRef;
    /// let r = IriRef::parse("HTTP://例え.jp/a/../ü#f")?;
    /// assert_eq!(Comparison::new(Level::String).iri_key(&r)?.as_str(), "HTTP://例え.jp/a/../ü#f");
    /// let k = Comparison::new(Level::Syntax).ignore_fragment(true).iri_key(&r)?;
    /// assert_eq!(k.as_str(), "http://%E4%BE%8B%E3%81%88.jp/%C3%BC");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn iri_key<'a, T: ToIriRef + ?Sized>(&self, r: &'a T) -> Result<EquivKey<'a>, ParseError> {
        Ok(self.iri_key_parsed(r.to_iri_ref()?))
    }

    /// [`Comparison::iri_key`] of a parsed value.
    fn iri_key_parsed<'a>(&self, r: IriRef<'a>) -> EquivKey<'a> {
        let text = self.iri_text(r);
        if self.level == Level::String {
            return self.finish(text);
        }
        let uri: Cow<'a, str> = match text {
            Cow::Borrowed(s) => match IriRef::parse(s) {
                Ok(i) => i.to_uri(),
                Err(_) => Cow::Borrowed(s),
            },
            Cow::Owned(s) => match IriRef::parse(&s) {
                Ok(i) => Cow::Owned(i.to_uri().into_owned()),
                Err(_) => Cow::Owned(s),
            },
        };
        // The mapping of a valid IRI reference is a valid URI reference
        // (3.1); should it not parse, the mapped text itself is the key.
        match uri {
            Cow::Borrowed(s) => match UriRef::parse(s) {
                Ok(u) => self.key_parsed(u),
                Err(_) => self.finish(Cow::Borrowed(s)),
            },
            Cow::Owned(s) => match UriRef::parse(&s) {
                Ok(u) => self.key_parsed(u).into_owned(),
                Err(_) => self.finish(Cow::Owned(s)),
            },
        }
    }

    /// Whether the IRI references `a` and `b` are equivalent at this rung
    /// (RFC 3987 5.3); see [`Comparison::iri_key`].
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// use urikit::Iri;
    /// // RFC 3987 5.3.2's example.
    /// let a = Iri::parse("example://a/b/c/%7Bfoo%7D/ros\u{e9}")?;
    /// let b = Iri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")?;
    /// assert!(!Comparison::new(Level::String).iri_equivalent(a, b)?);
    /// assert!(Comparison::new(Level::Syntax).iri_equivalent(a, b)?);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn iri_equivalent(&self, a: impl ToIriRef, b: impl ToIriRef) -> Result<bool, ParseError> {
        let (a, b) = (a.to_iri_ref()?, b.to_iri_ref()?);
        Ok(self.iri_key_parsed(a).as_str() == self.iri_key_parsed(b).as_str())
    }

    /// The IRI's text, in NFC when asked for and valid so.
    fn iri_text<'a>(&self, r: IriRef<'a>) -> Cow<'a, str> {
        #[cfg(feature = "nfc")]
        if self.nfc {
            return r.to_nfc().unwrap_or(Cow::Borrowed(r.as_str()));
        }
        Cow::Borrowed(r.as_str())
    }

    /// A key of `text` as it is, without the fragment when fragments are
    /// ignored.
    fn finish<'a>(&self, text: Cow<'a, str>) -> EquivKey<'a> {
        let text = if self.ignore_fragment {
            strip_fragment(text)
        } else {
            text
        };
        EquivKey { text }
    }
}

fn strip_fragment(text: Cow<'_, str>) -> Cow<'_, str> {
    // In a valid reference the first "#" starts the fragment.
    match text {
        Cow::Borrowed(s) => Cow::Borrowed(s.split_once('#').map_or(s, |(a, _)| a)),
        Cow::Owned(mut s) => {
            if let Some(i) = s.find('#') {
                s.truncate(i);
            }
            Cow::Owned(s)
        }
    }
}

/// The key of a URI reference at one rung of the ladder: `Eq`, `Hash` and
/// `Ord` compare keys, so two references made the same key exactly when
/// they are equivalent at that rung. Get one from [`Comparison::key`];
/// keys made by different comparisons do not mix.
///
/// ```
/// use std::collections::HashSet;
/// use urikit::compare::{Comparison, Level};
/// let cmp = Comparison::new(Level::Scheme);
/// let mut seen = HashSet::new();
/// let links = ["http://example.com", "HTTP://example.com:80/", "http://example.com/?"];
/// let mut fresh = Vec::new();
/// for s in links {
///     if seen.insert(cmp.key(s)?) {
///         fresh.push(s);
///     }
/// }
/// assert_eq!(fresh, ["http://example.com", "http://example.com/?"]);
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct EquivKey<'a> {
    text: Cow<'a, str>,
}

impl<'a> EquivKey<'a> {
    /// The key text: a valid URI reference (for an IRI at the string
    /// rung, the IRI reference's text).
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// let k = Comparison::new(Level::Syntax).key("A:B")?;
    /// assert_eq!(k.as_str(), "a:B");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// A key that no longer borrows the input.
    ///
    /// ```
    /// use urikit::compare::{Comparison, EquivKey, Level};
    /// let k: EquivKey<'static> = {
    ///     let s = String::from("a:b");
    ///     Comparison::new(Level::String).key(&urikit::UriRef::parse(&s)?)?.into_owned()
    /// };
    /// assert_eq!(k.as_str(), "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> EquivKey<'static> {
        EquivKey {
            text: Cow::Owned(self.text.into_owned()),
        }
    }

    /// The key text as a `String`.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Level};
    /// let k = Comparison::new(Level::Syntax).key("A:B")?;
    /// assert_eq!(k.into_string(), "a:B");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.text.into_owned()
    }
}

impl PartialEq for EquivKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for EquivKey<'_> {}

impl PartialOrd for EquivKey<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for EquivKey<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for EquivKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl fmt::Display for EquivKey<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for EquivKey<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("EquivKey").field(&self.as_str()).finish()
    }
}

/// A value together with its [`EquivKey`]: `Eq`, `Hash` and `Ord` follow
/// the key, so owned URIs can go in sets and maps by equivalence while the
/// original text stays available.
///
/// ```
/// use std::collections::BTreeSet;
/// use urikit::compare::{Comparison, Keyed, Level};
/// use urikit::UriBuf;
/// let cmp = Comparison::new(Level::Syntax);
/// let mut set = BTreeSet::new();
/// for s in ["http://a/%7e", "HTTP://A/~", "http://a/b"] {
///     set.insert(Keyed::new(&cmp, s.parse::<UriBuf>()?)?);
/// }
/// let kept: Vec<&str> = set.iter().map(|k| k.value().as_str()).collect();
/// assert_eq!(kept, ["http://a/b", "http://a/%7e"]); // ordered by key: "http://a/b" < "http://a/~"
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Keyed<T> {
    key: EquivKey<'static>,
    value: T,
}

impl<T: ToUriRef> Keyed<T> {
    /// Wrap `value` with its key under `cmp`.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Keyed, Level};
    /// let k = Keyed::new(&Comparison::new(Level::Syntax), "A:b")?;
    /// assert_eq!(k.key().as_str(), "a:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn new(cmp: &Comparison<'_>, value: T) -> Result<Keyed<T>, ParseError> {
        let key = cmp.key(&value)?.into_owned();
        Ok(Keyed { key, value })
    }
}

impl<T: ToIriRef> Keyed<T> {
    /// Wrap the IRI `value` with its key under `cmp` (see
    /// [`Comparison::iri_key`]).
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use urikit::compare::{Comparison, Keyed, Level};
    /// use urikit::IriBuf;
    /// let cmp = Comparison::new(Level::Syntax);
    /// let set: HashSet<_> = ["http://a/ü", "HTTP://a/%C3%BC", "http://a/Ü"]
    ///     .into_iter()
    ///     .map(|s| Keyed::new_iri(&cmp, s.parse::<IriBuf>().unwrap()).unwrap())
    ///     .collect();
    /// assert_eq!(set.len(), 2);
    /// ```
    pub fn new_iri(cmp: &Comparison<'_>, value: T) -> Result<Keyed<T>, ParseError> {
        let key = cmp.iri_key(&value)?.into_owned();
        Ok(Keyed { key, value })
    }
}

impl<T> Keyed<T> {
    /// The key.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Keyed, Level};
    /// let k = Keyed::new(&Comparison::new(Level::String), "A:b")?;
    /// assert_eq!(k.key().as_str(), "A:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn key(&self) -> &EquivKey<'static> {
        &self.key
    }

    /// The value.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Keyed, Level};
    /// let k = Keyed::new(&Comparison::new(Level::Syntax), urikit::UriBuf::parse("A:b")?)?;
    /// assert_eq!(k.value().as_str(), "A:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn value(&self) -> &T {
        &self.value
    }

    /// The value, giving up the key.
    ///
    /// ```
    /// use urikit::compare::{Comparison, Keyed, Level};
    /// let k = Keyed::new(&Comparison::new(Level::Syntax), urikit::UriBuf::parse("A:b")?)?;
    /// assert_eq!(k.into_inner().as_str(), "A:b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T> PartialEq for Keyed<T> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl<T> Eq for Keyed<T> {}

impl<T> PartialOrd for Keyed<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T> Ord for Keyed<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key.cmp(&other.key)
    }
}

impl<T> Hash for Keyed<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state)
    }
}
