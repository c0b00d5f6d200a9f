//! The iterators: over a text in memory, and over a reader in bounded
//! memory.

#[cfg(feature = "std")]
use alloc::vec::Vec;

#[cfg(feature = "std")]
use super::bytes::MAX_SCHEME;
use super::found::{Found, Match};
use super::options::ExtractOptions;
use super::scan::{Step, scan};
use super::state::State;

/// The iterator of [`extract`](super::extract) and [`ExtractOptions::extract`]: one forward
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
    pub(super) text: &'t [u8],
    pub(super) opts: ExtractOptions,
    pub(super) pos: usize,
    pub(super) state: State,
}

impl<'t> Extract<'t> {
    /// Also report the candidates dropped for their length
    /// ([`ExtractOptions::max_len`]), in order with the matches: each as
    /// [`Found::TooLong`] with its range in the text, from the candidate's
    /// first byte (the `<` or `"` of a bracketed or quoted one, the scheme
    /// of a bare one). A bare candidate's range runs to the end of its run
    /// of URI bytes, which is skipped whole; a bracketed or quoted one's to
    /// its limit, where the extractor stopped looking (scanning goes on
    /// after its first byte, as for any text that is not a URI).
    ///
    /// ```
    /// use urikit::text::{ExtractOptions, Found};
    /// let text = format!("see http://a/ and http://b/{} too", "x".repeat(40));
    /// let found: Vec<Found> = ExtractOptions::new().max_len(32).extract(&text).with_dropped().collect();
    /// assert!(matches!(&found[0], Found::Match(m) if m.as_str() == "http://a/"));
    /// assert_eq!(found[1], Found::TooLong(18..text.len() - 4));
    /// assert_eq!(found.len(), 2);
    /// ```
    pub fn with_dropped(self) -> WithDropped<'t> {
        WithDropped(self)
    }

    /// The next match, or (when `dropped`) the next dropped candidate.
    fn next_found(&mut self, dropped: bool) -> Option<Found<'t>> {
        loop {
            match scan(self.text, self.pos, &mut self.state, true, &self.opts) {
                Step::Found(m, resume) => {
                    self.pos = resume;
                    return Some(Found::Match(m));
                }
                Step::Dropped {
                    start,
                    lost: _,
                    end,
                    resume,
                } => {
                    // The whole text is in memory: nothing is ever lost.
                    self.pos = resume;
                    if dropped {
                        return Some(Found::TooLong(start..end));
                    }
                }
                // With `eof` set the scanner never asks for more.
                Step::NeedMore(_) | Step::Done => {
                    self.pos = self.text.len();
                    return None;
                }
            }
        }
    }
}

impl<'t> Iterator for Extract<'t> {
    type Item = Match<'t>;

    fn next(&mut self) -> Option<Match<'t>> {
        match self.next_found(false)? {
            Found::Match(m) => Some(m),
            // Not asked for.
            Found::TooLong(_) => None,
        }
    }
}

impl core::iter::FusedIterator for Extract<'_> {}

/// The iterator of [`Extract::with_dropped`]: the matches and, in order
/// with them, the candidates dropped for their length.
///
/// ```
/// use urikit::text::{ExtractOptions, Found};
/// let text = "<http://a/0123456789abcdef0123456789>";
/// let mut it = ExtractOptions::new().max_len(16).extract(text).with_dropped();
/// // The bracketed candidate, then the bare one inside it.
/// assert_eq!(it.next(), Some(Found::TooLong(0..16)));
/// assert_eq!(it.next(), Some(Found::TooLong(1..36)));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct WithDropped<'t>(Extract<'t>);

impl<'t> Iterator for WithDropped<'t> {
    type Item = Found<'t>;

    fn next(&mut self) -> Option<Found<'t>> {
        self.0.next_found(true)
    }
}

impl core::iter::FusedIterator for WithDropped<'_> {}

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
    pub(super) reader: R,
    pub(super) opts: ExtractOptions,
    pub(super) buf: Vec<u8>,
    /// The offset in the input of `buf[0]`.
    pub(super) base: usize,
    /// Where scanning resumes, within `buf`.
    pub(super) pos: usize,
    pub(super) state: State,
    pub(super) eof: bool,
    pub(super) failed: bool,
}

#[cfg(feature = "std")]
pub(super) const CHUNK: usize = 64 * 1024;

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

    /// Also report the candidates dropped for their length, as
    /// [`Extract::with_dropped`] does; their ranges are byte offsets in the
    /// stream.
    ///
    /// ```
    /// use urikit::text::{ExtractOptions, Found};
    /// let input = format!("http://a/ http://b/{} http://c/", "x".repeat(100));
    /// let found: Vec<Found> = ExtractOptions::new()
    ///     .max_len(64)
    ///     .extract_reader(input.as_bytes())
    ///     .with_dropped()
    ///     .collect::<std::io::Result<_>>()?;
    /// assert_eq!(found.len(), 3);
    /// assert_eq!(found[1], Found::TooLong(10..119));
    /// assert!(matches!(&found[2], Found::Match(m) if m.start() == 120));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn with_dropped(self) -> ReadWithDropped<R> {
        ReadWithDropped(self)
    }

    /// The next match, or (when `dropped`) the next dropped candidate.
    fn next_found(&mut self, dropped: bool) -> Option<std::io::Result<Found<'static>>> {
        if self.failed {
            return None;
        }
        loop {
            let step = scan(&self.buf, self.pos, &mut self.state, self.eof, &self.opts);
            match step {
                Step::Found(m, resume) => {
                    let m = m.into_owned().shift(self.base);
                    self.pos = resume;
                    return Some(Ok(Found::Match(m)));
                }
                Step::Dropped {
                    start,
                    lost,
                    end,
                    resume,
                } => {
                    self.pos = resume;
                    if dropped {
                        let start = (self.base + start) - lost;
                        return Some(Ok(Found::TooLong(start..self.base + end)));
                    }
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

    /// Drop what scanning no longer needs and read more.
    ///
    /// The scanner starts over at `resume` after a refill, so a candidate
    /// longer than the buffer is read again each time. Reading as much as
    /// is pending (at least a chunk) doubles what it can see each time, so
    /// the rereading adds up to a constant factor, not a quadratic; the
    /// read stops where the candidate must be decided, `max_len` past it.
    pub(super) fn refill(&mut self, resume: usize) -> std::io::Result<()> {
        // Keep a scheme's worth of look-behind before the resume point.
        let keep = resume
            .saturating_sub(MAX_SCHEME + 1)
            .max(self.state.floor.min(resume));
        self.buf.drain(..keep);
        self.base += keep;
        self.pos = resume - keep;
        self.state.floor = self.state.floor.saturating_sub(keep);
        self.state.run = None;
        self.state.chain = None;
        if self.state.skip_run {
            let kept = keep.min(self.state.skip_start);
            self.state.skip_start -= kept;
            self.state.skip_lost += keep - kept;
        }
        let old = self.buf.len();
        let pending = old - self.pos;
        let room = self
            .opts
            .max_len
            .saturating_add(CHUNK)
            .saturating_sub(pending);
        let want = pending.min(room).max(CHUNK);
        self.buf.resize(old + want, 0);
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
        match self.next_found(false)? {
            Ok(Found::Match(m)) => Some(Ok(m)),
            // Not asked for.
            Ok(Found::TooLong(_)) => None,
            Err(e) => Some(Err(e)),
        }
    }
}

/// The iterator of [`ReadExtract::with_dropped`]: owned matches and the
/// candidates dropped for their length, with offsets in the stream. After
/// an I/O error it yields nothing more.
///
/// ```
/// use urikit::text::{ExtractOptions, Found};
/// let data: &[u8] = b"<http://a/0123456789abcdef0123456789>";
/// let mut it = ExtractOptions::new().max_len(16).extract_reader(data).with_dropped();
/// assert_eq!(it.next().transpose()?, Some(Found::TooLong(0..16)));
/// assert_eq!(it.next().transpose()?, Some(Found::TooLong(1..36)));
/// assert!(it.next().is_none());
/// # Ok::<(), std::io::Error>(())
/// ```
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct ReadWithDropped<R>(ReadExtract<R>);

#[cfg(feature = "std")]
impl<R: std::io::Read> Iterator for ReadWithDropped<R> {
    type Item = std::io::Result<Found<'static>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next_found(true)
    }
}

/// The entry points: an iterator over a text, bytes or a reader.
impl ExtractOptions {
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
