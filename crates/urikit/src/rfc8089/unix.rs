//! Unix paths: bytes, `/` as the only separator, no hosts.

use alloc::string::String;
use alloc::vec::Vec;

use super::{FilePathError, FilePathErrorKind, NAME, Parts, decode_checked, finish};
use crate::percent::encode;
use crate::{Uri, UriBuf};

/// The `file` URI of an absolute Unix path (RFC 8089 section 2).
///
/// The path is bytes, as Unix has it: every byte of a name other than the
/// unreserved characters is percent-encoded, so a name that is not UTF-8
/// comes back byte for byte from [`to_unix_path`]. `/` separates segments;
/// doubled and trailing slashes are kept. The result has an empty host:
/// `file:///…`.
///
/// Errors: an empty path ([`FilePathErrorKind::Empty`]), one that does not
/// start with `/` ([`RelativePath`](FilePathErrorKind::RelativePath), index
/// 0), a NUL byte ([`NulByte`](FilePathErrorKind::NulByte), at its index).
///
/// ```
/// use urikit::rfc8089::{from_unix_path, FilePathErrorKind};
/// assert_eq!(from_unix_path(b"/home/a b/c")?, "file:///home/a%20b/c");
/// assert_eq!(from_unix_path("/tmp/ünï;#?".as_bytes())?, "file:///tmp/%C3%BCn%C3%AF%3B%23%3F");
/// assert_eq!(from_unix_path(b"/raw/\xFF\xFE/")?, "file:///raw/%FF%FE/");
/// assert_eq!(from_unix_path(b"a/b").unwrap_err().kind(), FilePathErrorKind::RelativePath);
/// # Ok::<(), urikit::rfc8089::FilePathError>(())
/// ```
pub fn from_unix_path(path: &[u8]) -> Result<UriBuf, FilePathError> {
    match path.first() {
        None => return Err(FilePathError::at(0, FilePathErrorKind::Empty)),
        Some(b'/') => {}
        Some(_) => return Err(FilePathError::at(0, FilePathErrorKind::RelativePath)),
    }
    if let Some(i) = path.iter().position(|&b| b == 0) {
        return Err(FilePathError::at(i, FilePathErrorKind::NulByte));
    }
    let mut text = String::with_capacity(path.len() + 16);
    text.push_str("file://");
    for (k, name) in path.split(|&b| b == b'/').enumerate() {
        if k > 0 {
            text.push('/');
        }
        text.extend(encode(name, &NAME));
    }
    finish(text)
}

/// The Unix path a `file` URI names (RFC 8089 section 2).
///
/// The host must be empty or `localhost` (in any case), or absent
/// (`file:/a`); the path must start with `/`. Segments are percent-decoded
/// to bytes, which need not be UTF-8. The path is taken as it is: no drive
/// letters (`file:///C:/x` is `/C:/x`), dot segments kept, and
/// `file:////server/share` (RFC 8089 E.3.2) is the path `//server/share`,
/// which POSIX leaves to the system to read.
///
/// Errors, each at its index in the URI's text: a scheme other than `file`,
/// a userinfo, a host other than `localhost`
/// ([`NonLocalHost`](FilePathErrorKind::NonLocalHost): Linux reads
/// `//host/path` as `/host/path`, so a conversion would silently name a
/// local file), a port, a path that is not absolute, `%2F` or `%00` in a
/// segment, a query, a fragment.
///
/// ```
/// use urikit::rfc8089::{to_unix_path, FilePathErrorKind};
/// use urikit::Uri;
/// assert_eq!(to_unix_path(&Uri::parse("file:///home/a%20b/c")?)?, b"/home/a b/c");
/// assert_eq!(to_unix_path(&Uri::parse("file://localhost/")?)?, b"/");
/// assert_eq!(to_unix_path(&Uri::parse("file:/etc/hosts")?)?, b"/etc/hosts");
/// let err = to_unix_path(&Uri::parse("file://server/x")?).unwrap_err();
/// assert_eq!((err.kind(), err.index()), (FilePathErrorKind::NonLocalHost, Some(7)));
/// let err = to_unix_path(&Uri::parse("http://a/x")?).unwrap_err();
/// assert_eq!(err.to_string(), "scheme is not \"file\" at index 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_unix_path(uri: &Uri<'_>) -> Result<Vec<u8>, FilePathError> {
    let parts = Parts::of(uri)?;
    if let Some((_, i)) = parts.remote {
        return Err(FilePathError::at(i, FilePathErrorKind::NonLocalHost));
    }
    parts.check_port()?;
    if !parts.path.starts_with('/') {
        return Err(FilePathError::at(
            parts.path_index,
            FilePathErrorKind::RelativePath,
        ));
    }
    let bytes = decode_checked(parts.path, parts.path_index, b"/")?;
    parts.check_tail()?;
    Ok(bytes.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_error_in_text_order() {
        // A host, then a query: the host is reported.
        let u = Uri::parse("file://h/a?q").unwrap();
        assert_eq!(
            to_unix_path(&u).unwrap_err().kind(),
            FilePathErrorKind::NonLocalHost
        );
        // A bad segment, then a fragment: the segment.
        let u = Uri::parse("file:///a%2F#f").unwrap();
        assert_eq!(to_unix_path(&u).unwrap_err().index(), Some(9));
    }

    #[test]
    fn scheme_case_and_localhost_case() {
        let u = Uri::parse("FILE://LocalHost/x").unwrap();
        assert_eq!(to_unix_path(&u).unwrap(), b"/x");
    }
}
