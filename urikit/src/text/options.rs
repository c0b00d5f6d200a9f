//! The options of extraction, and the entry points.

#[cfg(feature = "std")]
use alloc::vec::Vec;

use super::Extract;
#[cfg(feature = "std")]
use super::ReadExtract;
use super::scan::State;

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
    pub(super) relative: bool,
    pub(super) any_scheme: bool,
    pub(super) max_len: usize,
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
