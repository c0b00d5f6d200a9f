//! File paths and `file` URIs (RFC 8089).
//!
//! Conversions both ways, for Unix paths and for Windows paths on every
//! platform (a server on Linux is handed Windows paths), and for the host
//! platform's [`std::path::Path`] with the `std` feature.
//!
//! | path | URI |
//! | --- | --- |
//! | `/home/a b/c` | `file:///home/a%20b/c` |
//! | `C:\a b\c` | `file:///C:/a%20b/c` |
//! | `\\server\share\x` | `file://server/share/x` |
//!
//! **Writing a URI** ([`from_unix_path`], [`from_windows_path`],
//! [`from_file_path`]): the path must be absolute. Every byte of a file name
//! other than the unreserved characters (letters, digits, `-`, `.`, `_`,
//! `~`) is percent-encoded, as UTF-8 for Windows and as the raw bytes for
//! Unix, so `%`, `#`, `?`, `;`, spaces and non-ASCII names all survive, and
//! a Unix name that is not UTF-8 comes back byte for byte. Separators become
//! `/`; trailing and doubled separators are kept. A UNC path's server is
//! the URI's host (RFC 8089 E.3.1).
//!
//! **Reading a URI** ([`to_unix_path`], [`to_windows_path`],
//! [`to_file_path`]): the scheme must be `file` in any case; the host must be
//! empty or `localhost` for a local path; segments are percent-decoded. Read
//! as Windows paths, the nonstandard forms of RFC 8089 Appendix E are
//! understood: `file:c:/x` and `file:/c:/x` (E.2), a drive letter with `|`
//! or percent-encoded (`file:///c%7C/x`, `file:///c%3A/x`), and UNC paths as
//! `file:////server/share` or `file://///server/share` (E.3.2). A `|` or a
//! backslash is not valid in an RFC 3986 URI: [`parse_lenient`] repairs
//! such text (E.2.2, E.4) before it is read.
//!
//! **Editors** write file URIs their own way (`file:///c%3A/a%20b`):
//! [`vscode`] reads and writes them byte for byte as vscode-uri does.
//!
//! Nothing is dropped silently: a query, a fragment, a userinfo or a port
//! is an error, and so is a host other than `localhost` on Unix, a
//! percent-encoded separator or NUL in a segment, and a URI whose scheme is
//! not `file`. Dot segments are kept as they are: `file:///a/../b` gives
//! `/a/../b` (normalize the URI first to remove them, RFC 3986 5.2.4).
//!
//! ```
//! use urikit::rfc8089 as file;
//! use urikit::Uri;
//!
//! let uri = file::from_windows_path(r"C:\a b\c")?;
//! assert_eq!(uri, "file:///C:/a%20b/c");
//! assert_eq!(uri.to_windows_path()?, r"C:\a b\c");
//!
//! let uri = file::from_unix_path(b"/tmp/50% #1?")?;
//! assert_eq!(uri, "file:///tmp/50%25%20%231%3F");
//! assert_eq!(file::to_unix_path(&uri.as_uri())?, b"/tmp/50% #1?");
//!
//! let unc = Uri::parse("file://server/share/x")?;
//! assert_eq!(unc.to_windows_path()?, r"\\server\share\x");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod unix;
pub mod vscode;
mod windows;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

pub use error::{FilePathError, FilePathErrorKind};
pub use unix::{from_unix_path, to_unix_path};
pub use windows::{from_windows_path, to_windows_path};

/// Whose spelling of a `file` URI: RFC 8089's, or vscode-uri's
/// ([`vscode`]).
///
/// ```
/// use urikit::{names::Named, rfc8089::FileProfile};
/// assert_eq!(FileProfile::parse_name("vscode"), Ok(FileProfile::Vscode));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FileProfile {
    /// RFC 8089 (this module's functions).
    #[default]
    Rfc8089,
    /// vscode-uri's `URI.file` and `fsPath` ([`vscode`]).
    Vscode,
}

impl FileProfile {
    /// `rfc8089` or `vscode`.
    pub const fn name(self) -> &'static str {
        match self {
            FileProfile::Rfc8089 => "rfc8089",
            FileProfile::Vscode => "vscode",
        }
    }
}

crate::names::impl_named!(
    FileProfile,
    "file profile",
    "unknown-profile",
    [FileProfile::Rfc8089, FileProfile::Vscode]
);

/// Which platform's paths: Unix or Windows (every platform reads both).
///
/// ```
/// use urikit::{names::Named, rfc8089::PathStyle};
/// assert_eq!(PathStyle::parse_name("windows"), Ok(PathStyle::Windows));
/// assert_eq!(PathStyle::parse_name("dos").unwrap_err().name(), "unknown-style");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PathStyle {
    /// `/` separated byte strings.
    Unix,
    /// Drive letters, backslash separators and UNC paths.
    Windows,
}

impl PathStyle {
    /// `unix` or `windows`.
    pub const fn name(self) -> &'static str {
        match self {
            PathStyle::Unix => "unix",
            PathStyle::Windows => "windows",
        }
    }

    /// This platform's style.
    pub const fn native() -> PathStyle {
        if cfg!(windows) {
            PathStyle::Windows
        } else {
            PathStyle::Unix
        }
    }
}

crate::names::impl_named!(
    PathStyle,
    "path style",
    "unknown-style",
    [PathStyle::Unix, PathStyle::Windows]
);

use crate::chars::{CharClass, UNRESERVED, hex_value};
use crate::{Uri, UriBuf};

/// The bytes a file name keeps as they are in a URI: the unreserved
/// characters. Everything else is percent-encoded, sub-delimiters included,
/// so that no reader takes `;`, `+` or `@` in a name for syntax.
const NAME: CharClass = UNRESERVED;

/// The byte index of `part` in `whole`, where `part` is a slice of it.
fn offset(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize)
}

/// What a path needs from a `file` URI, with the place of each part in its
/// text. Built by [`Parts::of`], which has checked the scheme and the
/// userinfo; the callers check the rest in text order, so that the error
/// reported is the first one.
struct Parts<'u> {
    /// The host when it names another machine (not empty, not `localhost`).
    remote: Option<(&'u str, usize)>,
    /// The host when it is `localhost` (in any case).
    localhost: Option<(&'u str, usize)>,
    port: Option<usize>,
    path: &'u str,
    path_index: usize,
    query: Option<usize>,
    fragment: Option<usize>,
}

impl<'u> Parts<'u> {
    fn of(uri: &'u Uri<'_>) -> Result<Parts<'u>, FilePathError> {
        let text = uri.as_str();
        if !uri.scheme().eq_ignore_ascii_case("file") {
            return Err(FilePathError::at(0, FilePathErrorKind::NotFileScheme));
        }
        if let Some(u) = uri.userinfo() {
            return Err(FilePathError::at(
                offset(text, u),
                FilePathErrorKind::Userinfo,
            ));
        }
        let host = uri
            .host_str()
            .filter(|h| !h.is_empty())
            .map(|h| (h, offset(text, h)));
        let is_localhost = host.is_some_and(|(h, _)| h.eq_ignore_ascii_case("localhost"));
        let (remote, localhost) = if is_localhost {
            (None, host)
        } else {
            (host, None)
        };
        let port = uri.port().map(|p| offset(text, p) - 1);
        let path = uri.path();
        Ok(Parts {
            remote,
            localhost,
            port,
            path,
            path_index: offset(text, path),
            query: uri.query().map(|q| offset(text, q) - 1),
            fragment: uri.fragment().map(|f| offset(text, f) - 1),
        })
    }

    fn check_port(&self) -> Result<(), FilePathError> {
        match self.port {
            Some(i) => Err(FilePathError::at(i, FilePathErrorKind::Port)),
            None => Ok(()),
        }
    }

    /// The query and the fragment, which come after the path.
    fn check_tail(&self) -> Result<(), FilePathError> {
        if let Some(i) = self.query {
            return Err(FilePathError::at(i, FilePathErrorKind::Query));
        }
        if let Some(i) = self.fragment {
            return Err(FilePathError::at(i, FilePathErrorKind::Fragment));
        }
        Ok(())
    }
}

/// Percent-decode `text` (a part of a valid URI, at `index` in its text),
/// refusing a triplet that decodes to a byte of `separators` (it would
/// split a segment) or to NUL.
fn decode_checked<'t>(
    text: &'t str,
    index: usize,
    separators: &[u8],
) -> Result<Cow<'t, [u8]>, FilePathError> {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(k) = b[i..].iter().position(|&c| c == b'%') {
        let at = i + k;
        let (Some(&hi), Some(&lo)) = (b.get(at + 1), b.get(at + 2)) else {
            break;
        };
        let (Some(hi), Some(lo)) = (hex_value(hi), hex_value(lo)) else {
            // Not a triplet (the caller's text is valid, so this does not
            // happen); decoding keeps it as data.
            i = at + 1;
            continue;
        };
        let v = hi << 4 | lo;
        if v == 0 {
            return Err(FilePathError::at(index + at, FilePathErrorKind::NulByte));
        }
        if separators.contains(&v) {
            return Err(FilePathError::at(
                index + at,
                FilePathErrorKind::EncodedSeparator,
            ));
        }
        i = at + 3;
    }
    Ok(crate::percent::decode(text).to_bytes())
}

/// Decoded bytes of `text` (at `index`) as UTF-8, or an error at the first
/// triplet of the first bad sequence.
fn utf8_checked(text: &str, index: usize, bytes: Vec<u8>) -> Result<String, FilePathError> {
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        FilePathError::at(
            index + encoded_index(text, bad),
            FilePathErrorKind::InvalidUtf8,
        )
    })
}

/// The index in the encoded `text` of the `n`-th decoded byte.
fn encoded_index(text: &str, n: usize) -> usize {
    let b = text.as_bytes();
    let (mut i, mut seen) = (0, 0);
    while i < b.len() && seen < n {
        let triplet = b[i] == b'%'
            && b.get(i + 1).copied().and_then(hex_value).is_some()
            && b.get(i + 2).copied().and_then(hex_value).is_some();
        i += if triplet { 3 } else { 1 };
        seen += 1;
    }
    i
}

/// The URI for text built by this module: `file://` and a host and path of
/// unreserved characters, triplets and `/`, always valid, so the only
/// possible failure is the length.
fn finish(text: String) -> Result<UriBuf, FilePathError> {
    UriBuf::parse(text).map_err(|_| FilePathError::whole(FilePathErrorKind::TooLong))
}

/// Read a `file` URI written in the forms of RFC 8089 Appendix E that
/// RFC 3986 does not allow: a drive letter followed by `|` (E.2.2,
/// `file:///c|/x` is read as `file:///c:/x`) and backslashes as separators
/// in the path (E.4). Anything else must already be a valid URI, and the
/// scheme must be `file`.
///
/// The repairs replace one byte with one byte, so an error's index is also
/// the index in `text`.
///
/// ```
/// use urikit::rfc8089 as file;
/// let uri = file::parse_lenient("file:///c|/dir/x.txt")?;
/// assert_eq!(uri, "file:///c:/dir/x.txt");
/// assert_eq!(uri.to_windows_path()?, r"c:\dir\x.txt");
/// assert_eq!(file::parse_lenient(r"file:///c:\dir\x.txt")?, "file:///c:/dir/x.txt");
/// // Valid text is taken as it is.
/// assert_eq!(file::parse_lenient("file:///tmp/x")?, "file:///tmp/x");
/// assert!(file::parse_lenient("http://a/").is_err());
/// # Ok::<(), urikit::rfc8089::FilePathError>(())
/// ```
pub fn parse_lenient(text: &str) -> Result<UriBuf, FilePathError> {
    let c = crate::split(text);
    if !c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("file")) {
        return Err(FilePathError::at(0, FilePathErrorKind::NotFileScheme));
    }
    let start = offset(text, c.path);
    let mut bytes = Vec::from(text.as_bytes());
    let path = &mut bytes[start..start + c.path.len()];
    for b in path.iter_mut() {
        if *b == b'\\' {
            *b = b'/';
        }
    }
    let first = usize::from(path.first() == Some(&b'/'));
    if let [letter, bar, rest @ ..] = &mut path[first..]
        && letter.is_ascii_alphabetic()
        && *bar == b'|'
        && rest.first().is_none_or(|&b| b == b'/')
    {
        *bar = b':';
    }
    // Only ASCII bytes were replaced by ASCII bytes: still UTF-8.
    let text = String::from_utf8(bytes).unwrap_or_default();
    UriBuf::parse(text)
        .map_err(|e| FilePathError::at(e.index(), FilePathErrorKind::InvalidUri(e.kind())))
}

/// The `file` URI of a path of the host platform: [`from_unix_path`] on
/// Unix, [`from_windows_path`] on Windows. The path must be absolute
/// (`std::path::absolute` makes it so).
///
/// ```
/// use std::path::Path;
/// # #[cfg(unix)] {
/// let uri = urikit::rfc8089::from_file_path(Path::new("/srv/a b"))?;
/// assert_eq!(uri, "file:///srv/a%20b");
/// # }
/// assert!(urikit::rfc8089::from_file_path(Path::new("relative")).is_err());
/// # Ok::<(), urikit::rfc8089::FilePathError>(())
/// ```
#[cfg(feature = "std")]
pub fn from_file_path(path: &std::path::Path) -> Result<UriBuf, FilePathError> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        from_unix_path(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        let text = path
            .to_str()
            .ok_or(FilePathError::whole(FilePathErrorKind::NotUnicode))?;
        #[cfg(windows)]
        {
            from_windows_path(text)
        }
        #[cfg(not(windows))]
        {
            from_unix_path(text.as_bytes())
        }
    }
}

/// The path of the host platform for a `file` URI: [`to_unix_path`] on
/// Unix, [`to_windows_path`] on Windows.
///
/// ```
/// use urikit::Uri;
/// # #[cfg(unix)] {
/// let path = urikit::rfc8089::to_file_path(&Uri::parse("file:///srv/a%20b")?)?;
/// assert_eq!(path, std::path::Path::new("/srv/a b"));
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "std")]
pub fn to_file_path(uri: &Uri<'_>) -> Result<std::path::PathBuf, FilePathError> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        to_unix_path(uri).map(|b| std::ffi::OsString::from_vec(b).into())
    }
    #[cfg(windows)]
    {
        to_windows_path(uri).map(Into::into)
    }
    #[cfg(not(any(unix, windows)))]
    {
        let bytes = to_unix_path(uri)?;
        String::from_utf8(bytes)
            .map(Into::into)
            .map_err(|_| FilePathError::whole(FilePathErrorKind::InvalidUtf8))
    }
}

impl Uri<'_> {
    /// The Unix path this `file` URI names; see [`to_unix_path`].
    ///
    /// ```
    /// let uri = urikit::Uri::parse("file:///tmp/%E2%82%AC%FF")?;
    /// assert_eq!(uri.to_unix_path()?, b"/tmp/\xE2\x82\xAC\xFF");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_unix_path(&self) -> Result<Vec<u8>, FilePathError> {
        to_unix_path(self)
    }

    /// The Windows path this `file` URI names; see [`to_windows_path`].
    ///
    /// ```
    /// let uri = urikit::Uri::parse("file:///C:/Program%20Files/")?;
    /// assert_eq!(uri.to_windows_path()?, r"C:\Program Files\");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_windows_path(&self) -> Result<String, FilePathError> {
        to_windows_path(self)
    }

    /// The host platform's path this `file` URI names; see
    /// [`to_file_path`].
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let uri = urikit::Uri::parse("file://localhost/etc/hosts")?;
    /// assert_eq!(uri.to_file_path()?, std::path::Path::new("/etc/hosts"));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, FilePathError> {
        to_file_path(self)
    }
}

impl UriBuf {
    /// The `file` URI of an absolute Unix path; see [`from_unix_path`].
    ///
    /// ```
    /// let uri = urikit::UriBuf::from_unix_path(b"/srv/r\xE9sum\xE9")?;
    /// assert_eq!(uri, "file:///srv/r%E9sum%E9");
    /// # Ok::<(), urikit::rfc8089::FilePathError>(())
    /// ```
    pub fn from_unix_path(path: &[u8]) -> Result<UriBuf, FilePathError> {
        from_unix_path(path)
    }

    /// The `file` URI of an absolute Windows path; see
    /// [`from_windows_path`].
    ///
    /// ```
    /// let uri = urikit::UriBuf::from_windows_path(r"\\server\share\a;b")?;
    /// assert_eq!(uri, "file://server/share/a%3Bb");
    /// # Ok::<(), urikit::rfc8089::FilePathError>(())
    /// ```
    pub fn from_windows_path(path: &str) -> Result<UriBuf, FilePathError> {
        from_windows_path(path)
    }

    /// The `file` URI of an absolute path of the host platform; see
    /// [`from_file_path`].
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let uri = urikit::UriBuf::from_file_path(std::path::Path::new("/a/b/"))?;
    /// assert_eq!(uri, "file:///a/b/");
    /// # }
    /// # Ok::<(), urikit::rfc8089::FilePathError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn from_file_path(path: &std::path::Path) -> Result<UriBuf, FilePathError> {
        from_file_path(path)
    }

    /// The Unix path this `file` URI names; see [`to_unix_path`].
    ///
    /// ```
    /// let uri = urikit::UriBuf::parse("file:/a%3Fb")?;
    /// assert_eq!(uri.to_unix_path()?, b"/a?b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_unix_path(&self) -> Result<Vec<u8>, FilePathError> {
        to_unix_path(&self.as_uri())
    }

    /// The Windows path this `file` URI names; see [`to_windows_path`].
    ///
    /// ```
    /// let uri = urikit::UriBuf::parse("file:////server/share/x")?;
    /// assert_eq!(uri.to_windows_path()?, r"\\server\share\x");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_windows_path(&self) -> Result<String, FilePathError> {
        to_windows_path(&self.as_uri())
    }

    /// The host platform's path this `file` URI names; see
    /// [`to_file_path`].
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let uri = urikit::UriBuf::parse("file:///a/b/")?;
    /// assert_eq!(uri.to_file_path()?, std::path::Path::new("/a/b/"));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, FilePathError> {
        to_file_path(&self.as_uri())
    }
}
