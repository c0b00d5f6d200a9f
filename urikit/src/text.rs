//! Finding URIs in plain text (Appendix C, "Delimiting a URI in Context").
//!
//! Appendix C names three ways people set a URI apart from prose, and this
//! module recognises all three:
//!
//! - **angle brackets** `<http://example.com/>`: the recommended form. The
//!   whitespace inside (a long URI broken across lines) is removed;
//! - **double quotes** `"http://example.com/"`;
//! - **bare**, delimited by whitespace: `see http://example.com/.` Sentence
//!   punctuation at the end (`. , ; : ! ?`) and an unbalanced closing
//!   bracket or quote are not part of the URI.
//!
//! The prefix `URL:` (with or without a space after it, inside or outside
//! the brackets) is dropped. A line break right after a hyphen is joined
//! ("ignore all whitespace around the line break"), and since "the hyphen may
//! or may not actually be part of the URI", every match reports such
//! hyphens in [`Match::hyphen_breaks`] and offers the other reading,
//! [`Match::without_break_hyphens`].
//!
//! By default only URIs with a scheme are found: bare relative references are
//! too ambiguous in prose. [`ExtractOptions::relative`] finds relative
//! references too, but only inside angle brackets.
//!
//! ## Heuristics beyond the appendix
//!
//! Prose is full of `word:word`, so a bare or quoted candidate needs either
//! `//` after its scheme (`http://…`) or a scheme from a short list of
//! well-known schemes that do not use `//`: `about`, `data`, `geo`, `im`,
//! `javascript`, `magnet`, `mailto`, `news`, `sip`, `sips`, `sms`, `tag`,
//! `tel`, `urn`, `xmpp`. [`ExtractOptions::any_scheme`] lifts this. Angle
//! brackets are explicit, so any scheme is accepted there.
//!
//! A bare candidate that is not valid all the way to the next whitespace is
//! cut at its first invalid byte (`http://a/b|c` gives `http://a/b`).
//! Quoted and bracketed text must be a valid URI entirely.
//!
//! Inside angle brackets, whitespace is never taken from within or right
//! after the scheme (`<Note: http://x>` is not `Note:http://x`); a relative
//! reference may be broken only at line breaks; a bracket does not span a
//! blank line. Inside double quotes, only a hyphen line break is joined.
//!
//! No candidate spans more than [`ExtractOptions::max_len`] bytes of text
//! (64 KiB by default): a longer one is skipped whole. That bound is what lets
//! [`ExtractOptions::extract_reader`] stream any input in bounded memory,
//! with the same matches as [`ExtractOptions::extract`] on the whole text.
//!
//! ```
//! let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
//!             but you can probably pick it up from <ftp://foo.example.\n\
//!             com/rfc/>.";
//! let uris: Vec<_> = urikit::text::extract(text).map(|m| m.as_str().to_owned()).collect();
//! assert_eq!(uris, ["http://www.w3.org/Addressing/", "ftp://foo.example.com/rfc/"]);
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::chars::{CharClass, ALPHA, PCHAR, SCHEME};
use crate::{Uri, UriRef};

/// The longest scheme a bare or quoted candidate may have. Registered
/// schemes are far shorter; the bound keeps the look-behind of the streaming
/// extractor small.
const MAX_SCHEME: usize = 32;

/// Bytes that may appear in a URI reference: `pchar`, the gen-delims, `%`.
const URI_BYTE: CharClass = PCHAR.with_bytes(b"/?#[]%");

/// Bytes at which the scan for the next candidate stops.
const TRIGGER: CharClass = CharClass::EMPTY.with_bytes(b"<\":");

/// Sentence punctuation that ends a bare URI (Appendix C).
const TRAILING: CharClass = CharClass::EMPTY.with_bytes(b".,;:!?");

/// Schemes accepted bare or quoted without `//` after them.
const OPAQUE_SCHEMES: &[&str] = &[
    "about",
    "data",
    "geo",
    "im",
    "javascript",
    "magnet",
    "mailto",
    "news",
    "sip",
    "sips",
    "sms",
    "tag",
    "tel",
    "urn",
    "xmpp",
];

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

#[inline]
fn is_hspace(b: u8) -> bool {
    matches!(b, b' ' | b'\t')
}

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
/// [`Uri`] unless [`ExtractOptions::relative`] let a relative one through.
///
/// ```
/// let text = "see <http://a.example/\n  b/c>.";
/// let m = urikit::text::extract(text).next().unwrap();
/// assert_eq!(m.as_str(), "http://a.example/b/c");
/// assert_eq!(m.span(), 5..text.len() - 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Match<'t> {
    start: usize,
    end: usize,
    uri: Cow<'t, str>,
    delimiter: Delimiter,
    hyphens: Vec<usize>,
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
    fn shift(mut self, by: usize) -> Match<'t> {
        self.start += by;
        self.end += by;
        self
    }
}

/// Options for extraction: a by-value builder. The default finds URIs with
/// a scheme, in all three delimiting styles, up to 64 KiB each.
///
/// ```
/// use urikit::text::ExtractOptions;
/// let opts = ExtractOptions::new().relative(true);
/// let found: Vec<_> = opts.extract("see <../a/b> and ../c").map(|m| m.as_str().to_owned()).collect();
/// assert_eq!(found, ["../a/b"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct ExtractOptions {
    relative: bool,
    any_scheme: bool,
    max_len: usize,
}

impl Default for ExtractOptions {
    fn default() -> Self {
        ExtractOptions::new()
    }
}

impl ExtractOptions {
    /// The defaults: absolute only, known schemes for bare text, 64 KiB.
    ///
    /// ```
    /// let opts = urikit::text::ExtractOptions::new();
    /// assert_eq!(opts.extract("a <b/c>").count(), 0);
    /// ```
    pub const fn new() -> ExtractOptions {
        ExtractOptions {
            relative: false,
            any_scheme: false,
            max_len: 64 * 1024,
        }
    }

    /// Also find relative references, but only inside angle brackets, and
    /// only broken across lines at line breaks (bare or quoted, a relative
    /// reference cannot be told from a word).
    ///
    /// ```
    /// let opts = urikit::text::ExtractOptions::new().relative(true);
    /// assert_eq!(opts.extract("<#top>").next().unwrap().as_str(), "#top");
    /// assert_eq!(opts.extract("<two words>").count(), 0);
    /// ```
    pub const fn relative(mut self, yes: bool) -> ExtractOptions {
        self.relative = yes;
        self
    }

    /// Accept any scheme bare or quoted, not only those followed by `//` or
    /// on the short list of the module documentation.
    ///
    /// ```
    /// use urikit::text::ExtractOptions;
    /// assert_eq!(ExtractOptions::new().extract("x-foo:bar").count(), 0);
    /// assert_eq!(ExtractOptions::new().any_scheme(true).extract("x-foo:bar").count(), 1);
    /// ```
    pub const fn any_scheme(mut self, yes: bool) -> ExtractOptions {
        self.any_scheme = yes;
        self
    }

    /// The most bytes of text one candidate may span, wrappers and removed
    /// whitespace included (at least 16). Longer candidates are skipped.
    /// The streaming extractor holds about this much plus its read buffer.
    ///
    /// ```
    /// let opts = urikit::text::ExtractOptions::new().max_len(16);
    /// assert_eq!(opts.extract("http://a/1234567").count(), 1);
    /// assert_eq!(opts.extract("http://a/12345678").count(), 0);
    /// ```
    pub const fn max_len(mut self, bytes: usize) -> ExtractOptions {
        self.max_len = if bytes < 16 { 16 } else { bytes };
        self
    }

    /// The matches in `text`, in order, in one pass.
    ///
    /// ```
    /// let n = urikit::text::ExtractOptions::new().extract("http://a/ http://b/").count();
    /// assert_eq!(n, 2);
    /// ```
    pub fn extract(self, text: &str) -> Extract<'_> {
        self.extract_bytes(text.as_bytes())
    }

    /// The matches in `bytes`, which need not be UTF-8 (a log file may hold
    /// anything): URIs are ASCII, and other bytes simply delimit them.
    ///
    /// ```
    /// let m = urikit::text::ExtractOptions::new().extract_bytes(b"\xff http://x/ \xfe").next().unwrap();
    /// assert_eq!((m.as_str(), m.start()), ("http://x/", 2));
    /// ```
    pub fn extract_bytes(self, bytes: &[u8]) -> Extract<'_> {
        Extract {
            text: bytes,
            opts: self,
            pos: 0,
            state: State::default(),
        }
    }

    /// Stream the matches out of a reader, in one pass and bounded memory
    /// (about [`ExtractOptions::max_len`] plus 64 KiB), with the same results
    /// as [`ExtractOptions::extract_bytes`] on the whole input. Offsets count
    /// from the reader's first byte. The reader is read in large chunks;
    /// wrap it in nothing.
    ///
    /// ```
    /// let input = std::io::Cursor::new("one http://a/, two <http://b/\n c>");
    /// let found: Vec<String> = urikit::text::ExtractOptions::new()
    ///     .extract_reader(input)
    ///     .map(|m| m.map(|m| m.as_str().to_owned()))
    ///     .collect::<std::io::Result<_>>()?;
    /// assert_eq!(found, ["http://a/", "http://b/c"]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn extract_reader<R: std::io::Read>(self, reader: R) -> ReadExtract<R> {
        ReadExtract {
            reader,
            opts: self,
            buf: Vec::new(),
            base: 0,
            pos: 0,
            state: State::default(),
            eof: false,
            failed: false,
        }
    }
}

/// The matches in `text` with the default options.
///
/// ```
/// let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
///    but you can probably pick it up from <ftp://foo.example.\n\
///    com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n\
///    ietf/uri/historical.html#WARNING>.";
/// let uris: Vec<_> = urikit::text::extract(text).map(|m| m.as_str().to_owned()).collect();
/// assert_eq!(uris, [
///     "http://www.w3.org/Addressing/",
///     "ftp://foo.example.com/rfc/",
///     "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
/// ]);
/// ```
pub fn extract(text: &str) -> Extract<'_> {
    ExtractOptions::new().extract(text)
}

/// The iterator of [`extract`] and [`ExtractOptions::extract`]: one forward
/// pass over the text, no allocation except for a URI that had whitespace
/// removed from inside it.
///
/// ```
/// let mut it = urikit::text::extract("a http://b/ c");
/// assert_eq!(it.next().unwrap().as_str(), "http://b/");
/// assert!(it.next().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Extract<'t> {
    text: &'t [u8],
    opts: ExtractOptions,
    pos: usize,
    state: State,
}

impl<'t> Iterator for Extract<'t> {
    type Item = Match<'t>;

    fn next(&mut self) -> Option<Match<'t>> {
        match scan(self.text, self.pos, &mut self.state, true, &self.opts) {
            Step::Found(m, resume) => {
                self.pos = resume;
                Some(m)
            }
            // With `eof` set the scanner never asks for more.
            Step::NeedMore(_) | Step::Done => {
                self.pos = self.text.len();
                None
            }
        }
    }
}

impl core::iter::FusedIterator for Extract<'_> {}

/// The streaming iterator of [`ExtractOptions::extract_reader`]. It yields
/// owned matches; after an I/O error it yields nothing more.
///
/// ```
/// let data: &[u8] = b"mailto:a@example.com";
/// let m = urikit::text::ExtractOptions::new().extract_reader(data).next().unwrap()?;
/// assert_eq!(m.as_str(), "mailto:a@example.com");
/// # Ok::<(), std::io::Error>(())
/// ```
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct ReadExtract<R> {
    reader: R,
    opts: ExtractOptions,
    buf: Vec<u8>,
    /// The offset in the input of `buf[0]`.
    base: usize,
    /// Where scanning resumes, within `buf`.
    pos: usize,
    state: State,
    eof: bool,
    failed: bool,
}

#[cfg(feature = "std")]
const CHUNK: usize = 64 * 1024;

#[cfg(feature = "std")]
impl<R: std::io::Read> ReadExtract<R> {
    /// The buffer's current capacity in bytes: stays near
    /// [`ExtractOptions::max_len`] plus 64 KiB whatever the input size.
    ///
    /// ```
    /// let data = "http://x/ ".repeat(100_000);
    /// let mut it = urikit::text::ExtractOptions::new().extract_reader(data.as_bytes());
    /// assert_eq!(it.by_ref().count(), 100_000);
    /// assert!(it.buffer_capacity() < 256 * 1024);
    /// ```
    pub fn buffer_capacity(&self) -> usize {
        self.buf.capacity()
    }

    /// Drop what scanning no longer needs and read one more chunk.
    fn refill(&mut self, resume: usize) -> std::io::Result<()> {
        // Keep a scheme's worth of look-behind before the resume point.
        let keep = resume
            .saturating_sub(MAX_SCHEME + 1)
            .max(self.state.floor.min(resume));
        self.buf.drain(..keep);
        self.base += keep;
        self.pos = resume - keep;
        self.state.floor = self.state.floor.saturating_sub(keep);
        self.state.run = None;
        let old = self.buf.len();
        self.buf.resize(old + CHUNK, 0);
        loop {
            match self.reader.read(&mut self.buf[old..]) {
                Ok(n) => {
                    self.buf.truncate(old + n);
                    if n == 0 {
                        self.eof = true;
                    }
                    return Ok(());
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.buf.truncate(old);
                    return Err(e);
                }
            }
        }
    }
}

#[cfg(feature = "std")]
impl<R: std::io::Read> Iterator for ReadExtract<R> {
    type Item = std::io::Result<Match<'static>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            let step = scan(&self.buf, self.pos, &mut self.state, self.eof, &self.opts);
            match step {
                Step::Found(m, resume) => {
                    let m = m.into_owned().shift(self.base);
                    self.pos = resume;
                    return Some(Ok(m));
                }
                Step::Done => {
                    self.pos = self.buf.len();
                    return None;
                }
                Step::NeedMore(resume) => {
                    if let Err(e) = self.refill(resume) {
                        self.failed = true;
                        return Some(Err(e));
                    }
                }
            }
        }
    }
}

/// Scanner state carried between calls (and across buffer refills).
#[derive(Clone, Copy, Debug, Default)]
struct State {
    /// A bare scheme may not start before this index (the end of the last
    /// match or skipped run).
    floor: usize,
    /// Inside a run of URI bytes too long to be a candidate: skip to its end.
    skip_run: bool,
    /// `(from, end)`: the bytes from `from` to `end` are all URI bytes and
    /// the run ends at `end`. Every colon in a run starts a candidate that
    /// runs to the same end; remembering it keeps a long run with many
    /// colons linear.
    run: Option<(usize, usize)>,
}

enum Step<'a> {
    /// A match, and the index to resume scanning at.
    Found(Match<'a>, usize),
    /// The buffer ended before a decision: resume at this index once more
    /// input has been appended.
    NeedMore(#[cfg_attr(not(feature = "std"), allow(dead_code))] usize),
    /// The end of the input.
    Done,
}

/// The outcome of trying one candidate.
enum Try<'a> {
    Found(Match<'a>, usize),
    /// Not a URI here; go on scanning at this index.
    No(usize),
    /// Too long: skip the rest of the run of URI bytes from this index.
    Skip(usize),
    NeedMore,
}

fn scan<'a>(
    buf: &'a [u8],
    mut i: usize,
    st: &mut State,
    eof: bool,
    opts: &ExtractOptions,
) -> Step<'a> {
    loop {
        if st.skip_run {
            while i < buf.len() && URI_BYTE.contains(buf[i]) {
                i += 1;
            }
            if i == buf.len() && !eof {
                return Step::NeedMore(i);
            }
            st.skip_run = false;
            st.floor = i;
        }
        while i < buf.len() && !TRIGGER.contains(buf[i]) {
            i += 1;
        }
        if i >= buf.len() {
            return if eof { Step::Done } else { Step::NeedMore(i) };
        }
        let t = i;
        let outcome = match buf[t] {
            b'<' => angle(buf, t, eof, opts),
            b'"' => quote(buf, t, eof, opts),
            _ => bare(buf, t, st, eof, opts),
        };
        match outcome {
            Try::Found(m, resume) => {
                st.floor = resume;
                return Step::Found(m, resume);
            }
            Try::No(next) => i = next,
            Try::Skip(from) => {
                st.skip_run = true;
                i = from;
            }
            Try::NeedMore => return Step::NeedMore(t),
        }
    }
}

/// A candidate's text: the pieces of the input it is made of (more than one
/// when whitespace was removed), and the hyphens at line ends.
struct Pieces {
    /// `(start, end)` in the input; the common case of one piece does not
    /// allocate.
    first: (usize, usize),
    more: Vec<(usize, usize)>,
    /// Offsets in the joined text of hyphens that ended a line.
    hyphens: Vec<usize>,
}

impl Pieces {
    fn new(start: usize, end: usize) -> Pieces {
        Pieces {
            first: (start, end),
            more: Vec::new(),
            hyphens: Vec::new(),
        }
    }

    fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        core::iter::once(self.first).chain(self.more.iter().copied())
    }

    fn len(&self) -> usize {
        self.iter().map(|(s, e)| e - s).sum()
    }

    fn push(&mut self, start: usize, end: usize) {
        self.more.push((start, end));
    }

    /// The joined text, borrowed when there is one piece.
    fn text<'a>(&self, buf: &'a [u8]) -> Cow<'a, [u8]> {
        if self.more.is_empty() {
            Cow::Borrowed(&buf[self.first.0..self.first.1])
        } else {
            let mut v = Vec::with_capacity(self.len());
            for (s, e) in self.iter() {
                v.extend_from_slice(&buf[s..e]);
            }
            Cow::Owned(v)
        }
    }

    /// The input offset just after joined byte `len - 1`.
    fn end_of(&self, len: usize) -> usize {
        let mut left = len;
        for (s, e) in self.iter() {
            if left <= e - s {
                return s + left;
            }
            left -= e - s;
        }
        self.iter().last().map_or(0, |(_, e)| e)
    }

    /// Build the match for the first `len` joined bytes.
    fn into_match(self, buf: &[u8], len: usize, delimiter: Delimiter) -> Option<Match<'_>> {
        let start = self.first.0;
        let end = self.end_of(len);
        let uri: Cow<'_, str> = if self.first.1 - self.first.0 >= len {
            Cow::Borrowed(core::str::from_utf8(&buf[start..start + len]).ok()?)
        } else {
            let mut v = self.text(buf).into_owned();
            v.truncate(len);
            Cow::Owned(String::from_utf8(v).ok()?)
        };
        let mut hyphens = self.hyphens;
        hyphens.retain(|&h| h < len);
        Some(Match {
            start,
            end,
            uri,
            delimiter,
            hyphens,
        })
    }
}

/// Skip `URL:` (any case) and the whitespace after it.
fn skip_url_prefix(buf: &[u8], mut k: usize) -> usize {
    if buf.len() >= k + 4 && buf[k..k + 4].eq_ignore_ascii_case(b"url:") {
        k += 4;
        while k < buf.len() && is_space(buf[k]) {
            k += 1;
        }
    }
    k
}

/// Whether the scheme of `uri` may stand bare or quoted.
fn plausible(uri: &[u8], opts: &ExtractOptions) -> bool {
    let Some(colon) = uri.iter().position(|&b| b == b':') else {
        return false;
    };
    if opts.any_scheme {
        return true;
    }
    let scheme = &uri[..colon];
    if uri[colon + 1..].starts_with(b"//") {
        // Something must follow the "//".
        return uri.len() > colon + 3;
    }
    OPAQUE_SCHEMES
        .iter()
        .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme))
}

/// `<…>` at `t`.
fn angle<'a>(buf: &'a [u8], t: usize, eof: bool, opts: &ExtractOptions) -> Try<'a> {
    let limit = t.saturating_add(opts.max_len);
    let no = Try::No(t + 1);
    // A prefix cut short by the end of the buffer reads as content, and
    // content that reaches the end of the buffer asks for more input: no
    // decision is ever taken on a partial view.
    let mut k = t + 1;
    while k < buf.len() && is_space(buf[k]) {
        k += 1;
    }
    k = skip_url_prefix(buf, k);
    let mut pieces: Option<Pieces> = None;
    let mut piece_start = k;
    // Whether every whitespace run so far held a line break; where the first
    // run started, in joined bytes.
    let mut all_breaks = true;
    let mut first_gap: Option<usize> = None;
    let mut joined = 0usize;
    loop {
        if k >= limit {
            return no;
        }
        if k >= buf.len() {
            return if eof { no } else { Try::NeedMore };
        }
        let b = buf[k];
        if b == b'>' || is_space(b) {
            if k > piece_start {
                match pieces.as_mut() {
                    None => pieces = Some(Pieces::new(piece_start, k)),
                    Some(p) => p.push(piece_start, k),
                }
                joined += k - piece_start;
            }
            if b == b'>' {
                break;
            }
            // A run of whitespace.
            let hyphen = k > piece_start && buf[k - 1] == b'-';
            let mut breaks = 0;
            while k < buf.len() && k < limit && is_space(buf[k]) {
                if buf[k] == b'\n' || (buf[k] == b'\r' && buf.get(k + 1) != Some(&b'\n')) {
                    breaks += 1;
                }
                k += 1;
            }
            if k >= buf.len() && !eof && k < limit {
                return Try::NeedMore;
            }
            if breaks > 1 {
                return no;
            }
            if breaks == 0 {
                all_breaks = false;
            } else if hyphen {
                if let Some(p) = pieces.as_mut() {
                    p.hyphens.push(joined - 1);
                }
            }
            if first_gap.is_none() && joined > 0 {
                first_gap = Some(joined);
            }
            piece_start = k;
            continue;
        }
        if !URI_BYTE.contains(b) {
            return no;
        }
        k += 1;
    }
    let Some(pieces) = pieces else { return no };
    let text = pieces.text(buf);
    let len = text.len();
    let ok = if let Ok(uri) = Uri::parse_bytes(&text) {
        // No whitespace within the scheme or right after its colon.
        let after_colon = uri.scheme().len() + 1;
        !matches!(first_gap, Some(g) if g <= after_colon)
    } else if opts.relative {
        UriRef::parse_bytes(&text).is_ok() && all_breaks
    } else {
        false
    };
    if !ok {
        return no;
    }
    match pieces.into_match(buf, len, Delimiter::Angle) {
        Some(m) => Try::Found(m, k + 1),
        None => no,
    }
}

/// `"…"` at `t`.
fn quote<'a>(buf: &'a [u8], t: usize, eof: bool, opts: &ExtractOptions) -> Try<'a> {
    let limit = t.saturating_add(opts.max_len);
    let no = Try::No(t + 1);
    let mut k = skip_url_prefix(buf, t + 1);
    let mut pieces: Option<Pieces> = None;
    let mut piece_start = k;
    let mut joined = 0usize;
    loop {
        if k >= limit {
            return no;
        }
        if k >= buf.len() {
            return if eof { no } else { Try::NeedMore };
        }
        let b = buf[k];
        if b == b'"' {
            if k > piece_start {
                match pieces.as_mut() {
                    None => pieces = Some(Pieces::new(piece_start, k)),
                    Some(p) => p.push(piece_start, k),
                }
            }
            break;
        }
        if is_space(b) {
            // Only a hyphen line break may stand inside quotes.
            if k == piece_start || buf[k - 1] != b'-' {
                return no;
            }
            match hyphen_break(buf, k, limit, eof) {
                Gap::Join(next) => {
                    match pieces.as_mut() {
                        None => pieces = Some(Pieces::new(piece_start, k)),
                        Some(p) => p.push(piece_start, k),
                    }
                    joined += k - piece_start;
                    if let Some(p) = pieces.as_mut() {
                        p.hyphens.push(joined - 1);
                    }
                    k = next;
                    piece_start = k;
                    continue;
                }
                Gap::End => return no,
                Gap::NeedMore => return Try::NeedMore,
            }
        }
        if !URI_BYTE.contains(b) {
            return no;
        }
        k += 1;
    }
    let Some(pieces) = pieces else { return no };
    let text = pieces.text(buf);
    let len = text.len();
    if Uri::parse_bytes(&text).is_err() || !plausible(&text, opts) {
        return no;
    }
    match pieces.into_match(buf, len, Delimiter::Quote) {
        Some(m) => Try::Found(m, k + 1),
        None => no,
    }
}

enum Gap {
    /// A hyphen line break: the text goes on at this index.
    Join(usize),
    /// Whitespace that ends the URI.
    End,
    NeedMore,
}

/// At whitespace `k` right after a `-`: whether it is one line break (with
/// blanks around it) followed by more text, before `limit`.
fn hyphen_break(buf: &[u8], mut k: usize, limit: usize, eof: bool) -> Gap {
    let end = limit.min(buf.len());
    while k < end && is_hspace(buf[k]) {
        k += 1;
    }
    if k < end && buf[k] == b'\r' {
        k += 1;
        if k < end && buf[k] == b'\n' {
            k += 1;
        } else if k == buf.len() && k < limit && !eof {
            // "\r" then maybe "\n": wait to see.
            return Gap::NeedMore;
        }
    } else if k < end && buf[k] == b'\n' {
        k += 1;
    } else if k == buf.len() && k < limit && !eof {
        return Gap::NeedMore;
    } else {
        return Gap::End;
    }
    while k < end && is_hspace(buf[k]) {
        k += 1;
    }
    if k >= limit {
        return Gap::End;
    }
    if k >= buf.len() {
        return if eof { Gap::End } else { Gap::NeedMore };
    }
    if URI_BYTE.contains(buf[k]) {
        Gap::Join(k)
    } else {
        Gap::End
    }
}

/// A bare URI whose scheme ends at the colon `t`.
fn bare<'a>(buf: &'a [u8], t: usize, st: &mut State, eof: bool, opts: &ExtractOptions) -> Try<'a> {
    let no = Try::No(t + 1);
    let floor = st.floor;
    // Back up over the scheme.
    let mut j = t;
    while j > floor && SCHEME.contains(buf[j - 1]) {
        j -= 1;
        if t - j > MAX_SCHEME {
            return no;
        }
    }
    while j < t && !ALPHA.contains(buf[j]) {
        j += 1;
    }
    if j == t {
        return no;
    }
    if buf[j..t].eq_ignore_ascii_case(b"url") {
        return no;
    }
    let limit = j.saturating_add(opts.max_len);
    // Enough to see "//" after the colon.
    if buf.len() < t + 3 && !eof {
        return Try::NeedMore;
    }
    let slashes = buf[t + 1..].starts_with(b"//");
    if !slashes
        && !opts.any_scheme
        && !OPAQUE_SCHEMES
            .iter()
            .any(|s| s.as_bytes().eq_ignore_ascii_case(&buf[j..t]))
    {
        return no;
    }
    // The run of URI bytes, with hyphen line breaks joined.
    let mut pieces = Pieces::new(j, t);
    let mut piece_start = j;
    let mut joined = 0usize;
    let mut k = t;
    let mut first_piece = true;
    loop {
        match st.run {
            Some((from, end)) if first_piece && from <= k && k < end => {
                if end > limit {
                    return Try::Skip(limit);
                }
                k = end;
            }
            _ => {
                let from = k;
                while k < buf.len() && URI_BYTE.contains(buf[k]) {
                    if k >= limit {
                        return Try::Skip(k);
                    }
                    k += 1;
                }
                if first_piece && (k < buf.len() || eof) {
                    st.run = Some((from, k));
                }
            }
        }
        first_piece = false;
        if k >= buf.len() && !eof {
            return Try::NeedMore;
        }
        let at_space = k < buf.len() && is_space(buf[k]);
        if at_space && buf[k - 1] == b'-' {
            match hyphen_break(buf, k, limit, eof) {
                Gap::Join(next) => {
                    if piece_start == j {
                        pieces.first = (j, k);
                    } else {
                        pieces.push(piece_start, k);
                    }
                    joined += k - piece_start;
                    pieces.hyphens.push(joined - 1);
                    k = next;
                    piece_start = k;
                    continue;
                }
                Gap::End => {}
                Gap::NeedMore => return Try::NeedMore,
            }
        }
        if piece_start == j {
            pieces.first = (j, k);
        } else {
            pieces.push(piece_start, k);
        }
        break;
    }
    let text = pieces.text(buf);
    let scheme_len = t - j;
    let Some(len) = longest_uri(&text, scheme_len) else {
        return no;
    };
    if !plausible(&text[..len], opts) {
        return no;
    }
    match pieces.into_match(buf, len, Delimiter::Bare) {
        Some(m) => {
            let end = m.end;
            Try::Found(m, end)
        }
        None => no,
    }
}

/// The length of the longest prefix of `text` that, with trailing
/// punctuation trimmed, is a URI; `None` when there is none beyond the
/// scheme and colon.
fn longest_uri(text: &[u8], scheme_len: usize) -> Option<usize> {
    // Cut at the parser's first error before trimming: the parser stops
    // there, so the work is bounded by the prefix kept, not by the run.
    let mut len = match Uri::parse_bytes(text) {
        Ok(_) => text.len(),
        Err(e) => e.index().min(text.len()),
    };
    // Each round trims, then cuts at the next error; a few rounds suffice
    // for real text, and the bound keeps hostile input linear.
    for _ in 0..8 {
        len = trim_trailing(&text[..len]);
        if len <= scheme_len + 1 {
            return None;
        }
        match Uri::parse_bytes(&text[..len]) {
            Ok(_) => return Some(len),
            Err(e) if e.index() < len => len = e.index(),
            Err(_) => return None,
        }
    }
    None
}

/// Drop sentence punctuation and unbalanced closers from the end.
fn trim_trailing(s: &[u8]) -> usize {
    let count = |c: u8| s.iter().filter(|&&b| b == c).count();
    // Balance of each closer against its opener, kept up to date as bytes
    // are dropped: one counting pass, however long the tail.
    let mut paren = count(b'(') as isize - count(b')') as isize;
    let mut square = count(b'[') as isize - count(b']') as isize;
    let mut apos = count(b'\'');
    let mut len = s.len();
    while len > 0 {
        let b = s[len - 1];
        let drop = match b {
            _ if TRAILING.contains(b) => true,
            b')' if paren < 0 => {
                paren += 1;
                true
            }
            b']' if square < 0 => {
                square += 1;
                true
            }
            b'\'' if apos % 2 == 1 => {
                apos -= 1;
                true
            }
            _ => false,
        };
        if !drop {
            break;
        }
        len -= 1;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<String> {
        extract(text).map(|m| m.as_str().into()).collect()
    }

    #[test]
    fn trimming() {
        assert_eq!(trim_trailing(b"http://a/b)."), 10);
        assert_eq!(trim_trailing(b"http://a/(b)."), 12);
        assert_eq!(trim_trailing(b"http://a/b'"), 10);
        assert_eq!(trim_trailing(b"http://a/it's"), 13);
    }

    #[test]
    fn bare_basics() {
        assert_eq!(
            found("(see http://a.example/x_(y)), ok"),
            ["http://a.example/x_(y)"]
        );
        assert_eq!(
            found("URL:http://a/ and URL: http://b/"),
            ["http://a/", "http://b/"]
        );
        assert_eq!(found("Note: this is not a uri"), Vec::<String>::new());
        assert_eq!(found("http:// alone"), Vec::<String>::new());
    }
}
