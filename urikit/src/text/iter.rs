//! The iterators: over a text in memory, and over a reader in bounded
//! memory.

#[cfg(feature = "std")]
use alloc::vec::Vec;

use super::scan::{scan, State, Step};
#[cfg(feature = "std")]
use super::MAX_SCHEME;
use super::{ExtractOptions, Match};

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
    pub(super) text: &'t [u8],
    pub(super) opts: ExtractOptions,
    pub(super) pos: usize,
    pub(super) state: State,
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

    /// Drop what scanning no longer needs and read one more chunk.
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
