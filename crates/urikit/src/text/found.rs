//! What extraction finds: a [`Match`] and how it was delimited.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// How a match was set apart from the text around it.
///
/// ```
/// use urikit::text::{extract, Delimiter};
/// let kinds: Vec<_> = extract("<a:b> \"http://c/\" http://d/").map(|m| m.delimiter()).collect();
/// assert_eq!(kinds, [Delimiter::Angle, Delimiter::Quote, Delimiter::Bare]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Delimiter {
    /// `<…>`; the span excludes the brackets.
    Angle,
    /// `"…"`; the span excludes the quotes.
    Quote,
    /// Whitespace and punctuation.
    Bare,
}

impl Delimiter {
    /// A stable lower-case name: `angle`, `quote`, `bare`.
    ///
    /// ```
    /// assert_eq!(urikit::text::Delimiter::Angle.name(), "angle");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Delimiter::Angle => "angle",
            Delimiter::Quote => "quote",
            Delimiter::Bare => "bare",
        }
    }
}

/// One URI reference found in text.
///
/// The span runs from the URI's first byte to its last in the text, without
/// the wrappers and without a `URL:` prefix; when whitespace was removed
/// from inside, the span covers it too, so [`Match::as_str`] may be shorter
/// than the span. The URI always parses as a URI reference, and as a
/// [`Uri`](crate::Uri) unless [`ExtractOptions::relative`](super::ExtractOptions::relative) let a relative one through.
///
/// ```
/// let text = "see <http://a.example/\n  b/c>.";
/// let m = urikit::text::extract(text).next().unwrap();
/// assert_eq!(m.as_str(), "http://a.example/b/c");
/// assert_eq!(m.span(), 5..text.len() - 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Match<'t> {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) uri: Cow<'t, str>,
    pub(super) delimiter: Delimiter,
    pub(super) hyphens: Vec<usize>,
}

impl<'t> Match<'t> {
    /// The byte offset of the URI's first byte in the text.
    ///
    /// ```
    /// assert_eq!(urikit::text::extract("at http://x/").next().unwrap().start(), 3);
    /// ```
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte offset just after the URI's last byte in the text.
    ///
    /// ```
    /// assert_eq!(urikit::text::extract("at http://x/.").next().unwrap().end(), 12);
    /// ```
    pub fn end(&self) -> usize {
        self.end
    }

    /// `start()..end()`.
    ///
    /// ```
    /// let text = "(http://x/y)";
    /// let m = urikit::text::extract(text).next().unwrap();
    /// assert_eq!(&text[m.span()], "http://x/y");
    /// ```
    pub fn span(&self) -> core::ops::Range<usize> {
        self.start..self.end
    }

    /// The URI as extracted: wrappers, `URL:` and inner whitespace removed.
    ///
    /// ```
    /// let m = urikit::text::extract("<URL: http://x/>").next().unwrap();
    /// assert_eq!(m.as_str(), "http://x/");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.uri
    }

    /// The URI as extracted, borrowed from the text when nothing had to be
    /// removed from inside it.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let m = urikit::text::extract("http://x/").next().unwrap();
    /// assert!(matches!(m.into_cow(), Cow::Borrowed("http://x/")));
    /// ```
    pub fn into_cow(self) -> Cow<'t, str> {
        self.uri
    }

    /// How the URI was delimited.
    ///
    /// ```
    /// use urikit::text::Delimiter;
    /// assert_eq!(urikit::text::extract("\"http://x/\"").next().unwrap().delimiter(), Delimiter::Quote);
    /// ```
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }

    /// The indices, in [`Match::as_str`], of hyphens that stood at the end
    /// of a line. Appendix C: such a hyphen "may or may not actually be part
    /// of the URI"; a typesetter may have added it.
    ///
    /// ```
    /// let m = urikit::text::extract("http://x/long-\nname").next().unwrap();
    /// assert_eq!(m.as_str(), "http://x/long-name");
    /// assert_eq!(m.hyphen_breaks(), &[13]);
    /// ```
    pub fn hyphen_breaks(&self) -> &[usize] {
        &self.hyphens
    }

    /// Whether a hyphen line break leaves the URI ambiguous.
    ///
    /// ```
    /// assert!(!urikit::text::extract("http://x/").next().unwrap().is_ambiguous());
    /// ```
    pub fn is_ambiguous(&self) -> bool {
        !self.hyphens.is_empty()
    }

    /// The other reading of an ambiguous match: the URI without the hyphens
    /// of [`Match::hyphen_breaks`]. `None` when there are none. The result
    /// may not be a valid URI (`http://a-\n/` gives `http://a/`, valid, but a
    /// scheme can end in `-`).
    ///
    /// ```
    /// let m = urikit::text::extract("<http://x/long-\nname>").next().unwrap();
    /// assert_eq!(m.without_break_hyphens().as_deref(), Some("http://x/longname"));
    /// ```
    pub fn without_break_hyphens(&self) -> Option<String> {
        if self.hyphens.is_empty() {
            return None;
        }
        let mut out = String::with_capacity(self.uri.len());
        for (i, c) in self.uri.char_indices() {
            if !self.hyphens.contains(&i) {
                out.push(c);
            }
        }
        Some(out)
    }

    /// A copy that owns its URI, for keeping beyond the text's lifetime.
    ///
    /// ```
    /// let m: urikit::text::Match<'static> = {
    ///     let text = String::from("http://x/");
    ///     urikit::text::extract(&text).next().unwrap().into_owned()
    /// };
    /// assert_eq!(m.as_str(), "http://x/");
    /// ```
    pub fn into_owned(self) -> Match<'static> {
        Match {
            start: self.start,
            end: self.end,
            uri: Cow::Owned(self.uri.into_owned()),
            delimiter: self.delimiter,
            hyphens: self.hyphens,
        }
    }

    #[cfg(feature = "std")]
    pub(super) fn shift(mut self, by: usize) -> Match<'t> {
        self.start += by;
        self.end += by;
        self
    }
}

/// One item of [`Extract::with_dropped`](super::Extract::with_dropped): a
/// match, or a candidate dropped because it spans more than
/// [`ExtractOptions::max_len`](super::ExtractOptions::max_len) bytes.
///
/// ```
/// use urikit::text::{ExtractOptions, Found};
/// let text = format!("http://a/{}", "b".repeat(100));
/// let mut found = ExtractOptions::new().max_len(64).extract(&text).with_dropped();
/// match found.next() {
///     Some(Found::TooLong(range)) => assert_eq!(range, 0..text.len()),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Found<'t> {
    /// A URI found in the text.
    Match(Match<'t>),
    /// A candidate dropped for its length: its byte range in the text, from
    /// its first byte to where the extractor stopped looking (see
    /// [`Extract::with_dropped`](super::Extract::with_dropped)).
    TooLong(core::ops::Range<usize>),
}

impl<'t> Found<'t> {
    /// The match, if this is one.
    ///
    /// ```
    /// let f = urikit::text::extract("x http://a/").with_dropped().next().unwrap();
    /// assert_eq!(f.as_match().map(|m| m.as_str()), Some("http://a/"));
    /// ```
    pub fn as_match(&self) -> Option<&Match<'t>> {
        match self {
            Found::Match(m) => Some(m),
            Found::TooLong(_) => None,
        }
    }

    /// The byte range in the text: the match's span, or the dropped
    /// candidate's range.
    ///
    /// ```
    /// let f = urikit::text::extract("x http://a/").with_dropped().next().unwrap();
    /// assert_eq!(f.range(), 2..11);
    /// ```
    pub fn range(&self) -> core::ops::Range<usize> {
        match self {
            Found::Match(m) => m.span(),
            Found::TooLong(r) => r.clone(),
        }
    }
}
