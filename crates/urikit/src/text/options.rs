//! The options of extraction.

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
}
