//! Why a path or a `file` URI cannot be converted.

use crate::names::kind_names;
use core::fmt;

use crate::error::ErrorKind;

/// Why a conversion between a file path and a `file` URI failed.
///
/// ```
/// use urikit::rfc8089::{self as file, FilePathErrorKind};
/// let err = file::from_unix_path(b"docs/a.txt").unwrap_err();
/// assert_eq!(err.kind(), FilePathErrorKind::RelativePath);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilePathErrorKind {
    /// The path is empty.
    Empty,
    /// A relative path, or a URI whose path is not absolute (`file:a/b`,
    /// `file://host`). A file URI names a file by its absolute path
    /// (RFC 8089 section 2); make the path absolute first (with
    /// `std::path::absolute`, for one).
    RelativePath,
    /// A NUL byte in the path, or `%00` in the URI: no operating system
    /// takes it in a path, and a C string would end there.
    NulByte,
    /// A Windows path prefix that has no `file` URI form: the device
    /// namespace (`\\.\`) and `\\?\` forms other than `\\?\C:\` and
    /// `\\?\UNC\server\` (`\\?\UNC\.\` and `\\?\UNC\?\` stand for the
    /// prefixes `\\.\` and `\\?\`).
    UnsupportedPrefix,
    /// A UNC path with an empty server name (`\\\share`), or a URI of the
    /// form `file:////` with none (RFC 8089 E.3.2).
    EmptyServer,
    /// The URI's scheme is not `file` (compared case-insensitively).
    NotFileScheme,
    /// A userinfo (`file://user@host/`, RFC 8089 E.1): no path holds one.
    Userinfo,
    /// A port (`file://host:8080/`): no path holds one.
    Port,
    /// A query: a file path has none. A `?` in a file name is written `%3F`.
    Query,
    /// A fragment: it names a part of the file, not the file. Strip it first
    /// if the file is what you mean. A `#` in a file name is written `%23`.
    Fragment,
    /// A host other than `localhost` where the path cannot name another
    /// machine: a Unix path (Linux reads `//host/path` as `/host/path`, so a
    /// conversion would silently name a local file).
    NonLocalHost,
    /// A host that a UNC path cannot hold: an IP literal (`[::1]`), or a
    /// host that decodes to a separator, to `?` or to `.`.
    UnsupportedHost,
    /// A URI with neither a drive letter nor a host, read as a Windows path
    /// (`file:///home/a`): Windows would take it as relative to the current
    /// drive.
    MissingDrive,
    /// A percent-encoded separator (`%2F`, or `%5C` for a Windows path) in a
    /// path segment: decoded, it would split the segment in two.
    EncodedSeparator,
    /// Percent-encoded bytes that are not UTF-8 where the path must be text
    /// (a Windows path).
    InvalidUtf8,
    /// A host path that is not Unicode, where the conversion needs text
    /// (a Windows path with an unpaired surrogate).
    NotUnicode,
    /// Text that is not a URI even after the repairs of
    /// [`parse_lenient`](super::parse_lenient); the parser's reason.
    InvalidUri(ErrorKind),
    /// The URI would be 4 GiB or longer ([`crate::MAX_LEN`]).
    TooLong,
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// use urikit::rfc8089::FilePathErrorKind;
    /// assert_eq!(FilePathErrorKind::NonLocalHost.name(), "non-local-host");
    /// ```
    FilePathErrorKind {
        FilePathErrorKind::Empty => "empty",
        FilePathErrorKind::RelativePath => "relative-path",
        FilePathErrorKind::NulByte => "nul-byte",
        FilePathErrorKind::UnsupportedPrefix => "unsupported-prefix",
        FilePathErrorKind::EmptyServer => "empty-server",
        FilePathErrorKind::NotFileScheme => "not-file-scheme",
        FilePathErrorKind::Userinfo => "userinfo",
        FilePathErrorKind::Port => "port",
        FilePathErrorKind::Query => "query",
        FilePathErrorKind::Fragment => "fragment",
        FilePathErrorKind::NonLocalHost => "non-local-host",
        FilePathErrorKind::UnsupportedHost => "unsupported-host",
        FilePathErrorKind::MissingDrive => "missing-drive",
        FilePathErrorKind::EncodedSeparator => "encoded-separator",
        FilePathErrorKind::InvalidUtf8 => "invalid-utf8",
        FilePathErrorKind::NotUnicode => "not-unicode",
        FilePathErrorKind::InvalidUri(_) => "invalid-uri",
        FilePathErrorKind::TooLong => "too-long",
    }
}

impl fmt::Display for FilePathErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FilePathErrorKind::Empty => f.write_str("empty path"),
            FilePathErrorKind::RelativePath => {
                f.write_str("relative path (a file URI needs an absolute path)")
            }
            FilePathErrorKind::NulByte => f.write_str("NUL byte in path"),
            FilePathErrorKind::UnsupportedPrefix => f.write_str(
                "unsupported Windows path prefix (only \\\\?\\C:\\ and \\\\?\\UNC\\server\\ have a file URI form; a server named . or ? stands for a prefix)",
            ),
            FilePathErrorKind::EmptyServer => f.write_str("empty server name in UNC path"),
            FilePathErrorKind::NotFileScheme => f.write_str("scheme is not \"file\""),
            FilePathErrorKind::Userinfo => {
                f.write_str("userinfo in a file URI (no path can hold it)")
            }
            FilePathErrorKind::Port => f.write_str("port in a file URI (no path can hold it)"),
            FilePathErrorKind::Query => f.write_str(
                "query in a file URI (a path has none; a '?' in a name is written %3F)",
            ),
            FilePathErrorKind::Fragment => f.write_str(
                "fragment in a file URI (strip it to name the file; a '#' in a name is written %23)",
            ),
            FilePathErrorKind::NonLocalHost => f.write_str(
                "host other than \"localhost\" (a Unix path cannot name another machine)",
            ),
            FilePathErrorKind::UnsupportedHost => {
                f.write_str("host that a UNC path cannot hold")
            }
            FilePathErrorKind::MissingDrive => f.write_str(
                "path with neither a drive letter nor a host (a Windows path needs one)",
            ),
            FilePathErrorKind::EncodedSeparator => {
                f.write_str("percent-encoded separator in a path segment")
            }
            FilePathErrorKind::InvalidUtf8 => {
                f.write_str("percent-encoded bytes in path that are not UTF-8")
            }
            FilePathErrorKind::NotUnicode => f.write_str("path that is not valid Unicode"),
            FilePathErrorKind::InvalidUri(kind) => write!(f, "not a URI: {kind}"),
            FilePathErrorKind::TooLong => f.write_str("URI too long (4 GiB or more)"),
        }
    }
}

/// A failed conversion between a file path and a `file` URI: the kind, and
/// the byte index in the input where it applies.
///
/// The index is into the input of the call: the path for the `from_*`
/// functions, the URI's text for the `to_*` functions. It is `None` when
/// the error concerns the input as a whole (a URI that would be too long, a
/// host path that is not Unicode).
///
/// ```
/// use urikit::rfc8089::FilePathErrorKind;
/// use urikit::Uri;
/// let err = Uri::parse("file:///a%2Fb")?.to_unix_path().unwrap_err();
/// assert_eq!(err.kind(), FilePathErrorKind::EncodedSeparator);
/// assert_eq!(err.index(), Some(9));
/// assert_eq!(err.to_string(), "percent-encoded separator in a path segment at index 9");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FilePathError {
    kind: FilePathErrorKind,
    index: Option<usize>,
}

impl FilePathError {
    #[cold]
    pub(crate) const fn at(index: usize, kind: FilePathErrorKind) -> FilePathError {
        FilePathError {
            kind,
            index: Some(index),
        }
    }

    #[cold]
    pub(crate) const fn whole(kind: FilePathErrorKind) -> FilePathError {
        FilePathError { kind, index: None }
    }

    /// Why the conversion failed.
    ///
    /// ```
    /// use urikit::rfc8089::{self as file, FilePathErrorKind};
    /// let err = file::from_windows_path(r"C:relative").unwrap_err();
    /// assert_eq!(err.kind(), FilePathErrorKind::RelativePath);
    /// ```
    pub const fn kind(&self) -> FilePathErrorKind {
        self.kind
    }

    /// The byte index in the input of the first offending byte, when the
    /// error has a place.
    ///
    /// ```
    /// let err = urikit::rfc8089::from_unix_path(b"/a\0b").unwrap_err();
    /// assert_eq!(err.index(), Some(2));
    /// ```
    pub const fn index(&self) -> Option<usize> {
        self.index
    }
}

impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(i) => write!(f, "{} at index {i}", self.kind),
            None => fmt::Display::fmt(&self.kind, f),
        }
    }
}

impl core::error::Error for FilePathError {}
