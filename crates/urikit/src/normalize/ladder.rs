//! The normalization ladder step by step (RFC 3986 6.2.2.1, 6.2.2.2,
//! 6.2.2.3, 6.2.3): what each rung of [`Normalizer::normalize`] adds, for
//! tools that show it ([`Normalizer::ladder`]).
//!
//! The rungs are not a second implementation: each is the one writer of
//! the normal form (`syntax_based.rs`) stopped at that rung, a copy of it
//! made by the compiler with the rung as a constant. The normal path is
//! the copy for the top rung, unchanged.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::{Level, Normalized, Normalizer};
use crate::error::ParseError;
use crate::uri::{ToUriRef, UriRef};

/// Rung numbers of the writer's `RUNG` parameter.
pub(super) const CASE: u8 = 1;
pub(super) const PCT: u8 = 2;
pub(super) const DOTS: u8 = 3;
pub(super) const SCHEME: u8 = 4;

/// A rung of the normalization ladder, in the order it is climbed.
///
/// ```
/// use urikit::normalize::Rung;
/// assert_eq!(Rung::ALL.map(Rung::section), ["6.2.2.1", "6.2.2.2", "6.2.2.3", "6.2.3"]);
/// assert_eq!(Rung::PercentEncoding.name(), "percent-encoding");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Rung {
    /// Case normalization (6.2.2.1): the scheme and the host lowercase, the
    /// hex digits of every percent-encoding uppercase.
    Case,
    /// Percent-encoding normalization (6.2.2.2): every percent-encoded
    /// unreserved character decoded, in every component (a decoded letter
    /// of the host lowercase).
    PercentEncoding,
    /// Path segment normalization (6.2.2.3): the dot segments of a URI's
    /// path removed (5.2.4), with the `/.` rule of [`crate::normalize`]. A
    /// relative reference keeps them.
    DotSegments,
    /// Scheme-based normalization (6.2.3): the `:` of an empty port
    /// dropped, and with [`Level::Scheme`] a default port dropped, an empty
    /// path written `/` and a default host written empty; the RFC 5952
    /// form of IPv6 hosts if [`Normalizer::ipv6_canonical`] asks for it.
    /// Its result is [`Normalizer::normalize`]'s.
    SchemeBased,
}

impl Rung {
    /// The rungs in order.
    pub const ALL: [Rung; 4] = [
        Rung::Case,
        Rung::PercentEncoding,
        Rung::DotSegments,
        Rung::SchemeBased,
    ];

    /// A short stable name: `case`, `percent-encoding`, `dot-segments`,
    /// `scheme-based`.
    ///
    /// ```
    /// assert_eq!(urikit::normalize::Rung::DotSegments.name(), "dot-segments");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Rung::Case => "case",
            Rung::PercentEncoding => "percent-encoding",
            Rung::DotSegments => "dot-segments",
            Rung::SchemeBased => "scheme-based",
        }
    }

    /// The section of RFC 3986 that defines it.
    ///
    /// ```
    /// assert_eq!(urikit::normalize::Rung::Case.section(), "6.2.2.1");
    /// ```
    pub const fn section(self) -> &'static str {
        match self {
            Rung::Case => "6.2.2.1",
            Rung::PercentEncoding => "6.2.2.2",
            Rung::DotSegments => "6.2.2.3",
            Rung::SchemeBased => "6.2.3",
        }
    }
}

impl fmt::Display for Rung {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text after each rung of the ladder, from [`Normalizer::ladder`].
///
/// ```
/// use urikit::normalize::{Level, Normalizer, Rung};
/// let l = Normalizer::new(Level::Scheme).ladder("HTTP://Ex%61mple.COM:80/a/./%7e%2f/../b")?;
/// assert_eq!(l[Rung::Case], "http://ex%61mple.com:80/a/./%7E%2F/../b");
/// assert_eq!(l[Rung::PercentEncoding], "http://example.com:80/a/./~%2F/../b");
/// assert_eq!(l[Rung::DotSegments], "http://example.com:80/a/b");
/// assert_eq!(l[Rung::SchemeBased], "http://example.com/a/b");
/// assert_eq!(l.result(), "http://example.com/a/b");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Ladder {
    rungs: [Normalized<'static>; 4],
}

impl Ladder {
    /// The text after `rung`.
    ///
    /// ```
    /// use urikit::normalize::{Normalizer, Rung};
    /// let l = Normalizer::default().ladder("s:/a/../b")?;
    /// assert_eq!(l.get(Rung::Case), "s:/a/../b");
    /// assert_eq!(l.get(Rung::DotSegments), "s:/b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn get(&self, rung: Rung) -> &Normalized<'static> {
        &self.rungs[rung as usize]
    }

    /// The top rung's text: what [`Normalizer::normalize`] gives.
    ///
    /// ```
    /// use urikit::normalize::Normalizer;
    /// let n = Normalizer::default();
    /// assert_eq!(*n.ladder("HTTP://A:/%7e")?.result(), n.normalize("HTTP://A:/%7e")?);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn result(&self) -> &Normalized<'static> {
        &self.rungs[Rung::SchemeBased as usize]
    }

    /// Each rung with its text, in order.
    ///
    /// ```
    /// let l = urikit::normalize::Normalizer::default().ladder("A:%7e")?;
    /// let v: Vec<_> = l.iter().map(|(r, t)| (r.name(), t.as_str())).collect();
    /// assert_eq!(v[0], ("case", "a:%7E"));
    /// assert_eq!(v[1], ("percent-encoding", "a:~"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Rung, &Normalized<'static>)> {
        Rung::ALL.into_iter().zip(self.rungs.iter())
    }
}

impl core::ops::Index<Rung> for Ladder {
    type Output = Normalized<'static>;
    fn index(&self, rung: Rung) -> &Normalized<'static> {
        self.get(rung)
    }
}

impl fmt::Debug for Ladder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(r, t)| (r.name(), t.as_str())))
            .finish()
    }
}

impl Normalizer<'_> {
    /// The normalization ladder step by step: the text after each rung
    /// ([`Rung`]) of what [`Normalizer::normalize`] does, for showing it.
    /// The last rung's text is the normal form; each is parsed
    /// ([`Normalized::as_uri_ref`]) with its offsets. At [`Level::String`]
    /// every rung is the input.
    ///
    /// It writes the text four times; the normal path
    /// ([`Normalizer::normalize`]) does not go through it.
    ///
    /// ```
    /// use urikit::normalize::{Normalizer, Rung};
    /// // RFC 3986 6.2.2's own example.
    /// let l = Normalizer::default().ladder("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
    /// assert_eq!(l[Rung::Case], "example://a/./b/../b/%63/%7Bfoo%7D");
    /// assert_eq!(l[Rung::PercentEncoding], "example://a/./b/../b/c/%7Bfoo%7D");
    /// assert_eq!(l[Rung::DotSegments], "example://a/b/c/%7Bfoo%7D");
    /// // A relative reference keeps its dot segments.
    /// assert_eq!(Normalizer::default().ladder("./%7e/..")?.result(), "./~/..");
    /// assert_eq!(Normalizer::default().ladder("a b").unwrap_err().index(), 1);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn ladder<T: ToUriRef + ?Sized>(&self, r: &T) -> Result<Ladder, ParseError> {
        let r = r.to_uri_ref()?;
        Ok(Ladder {
            rungs: [
                self.rung::<CASE>(&r),
                self.rung::<PCT>(&r),
                self.rung::<DOTS>(&r),
                self.rung::<SCHEME>(&r),
            ],
        })
    }

    /// The text after rung `RUNG`.
    fn rung<const RUNG: u8>(&self, r: &UriRef<'_>) -> Normalized<'static> {
        if matches!(self.level, Level::String) {
            return Normalized {
                text: Cow::Owned(String::from(r.as_str())),
                m: r.meta(),
            };
        }
        let mut out = Vec::with_capacity(r.len() + 2);
        let m = self.write::<RUNG>(r, &mut out);
        // Only ASCII is written over a `str`: the lossy branch never runs.
        let text = String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        Normalized {
            text: Cow::Owned(text),
            m,
        }
    }
}
