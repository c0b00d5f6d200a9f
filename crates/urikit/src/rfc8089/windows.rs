//! Windows paths: text, `\` or `/` as separators, drive letters and UNC
//! paths (RFC 8089 Appendix E.2, E.3).

use alloc::string::String;

use super::{FilePathError, FilePathErrorKind, NAME, Parts, decode_checked, finish, utf8_checked};
use crate::percent::encode;
use crate::{Uri, UriBuf};

fn is_sep(b: u8) -> bool {
    b == b'\\' || b == b'/'
}

/// `X:` at `at` in `b`.
fn has_drive(b: &[u8], at: usize) -> bool {
    b.get(at).is_some_and(u8::is_ascii_alphabetic) && b.get(at + 1) == Some(&b':')
}

/// The `file` URI of an absolute Windows path (RFC 8089 Appendix E.2,
/// E.3.1), on any platform.
///
/// Two forms are absolute:
/// - a drive letter, `:` and a separator: `C:\a b\c` gives
///   `file:///C:/a%20b/c` (the letter keeps its case);
/// - a UNC path, `\\server\share\…`: the server becomes the host,
///   `file://server/share/…`.
///
/// `\` and `/` both separate names, as Windows reads them; doubled and
/// trailing separators are kept. The verbatim forms `\\?\C:\…` and
/// `\\?\UNC\server\…` are read as the plain forms they stand for. Every
/// byte of a name (as UTF-8) other than the unreserved characters is
/// percent-encoded, the server's included.
///
/// Errors, each at its byte index in `path`: an empty path, a relative one
/// (`a\b`, `\a` on the current drive, `C:a` in the current directory of
/// `C:`: [`RelativePath`](FilePathErrorKind::RelativePath)), a NUL, an empty
/// server name (`\\\x`), and the device namespace `\\.\` or another `\\?\`
/// form, `\\?\UNC\.\` and `\\?\UNC\?\` included (they stand for those
/// prefixes; [`UnsupportedPrefix`](FilePathErrorKind::UnsupportedPrefix), at
/// the server).
///
/// ```
/// use urikit::rfc8089::{from_windows_path, FilePathErrorKind};
/// assert_eq!(from_windows_path(r"C:\a b\c")?, "file:///C:/a%20b/c");
/// assert_eq!(from_windows_path(r"\\server\share\x")?, "file://server/share/x");
/// assert_eq!(from_windows_path(r"d:/Über%/")?, "file:///d:/%C3%9Cber%25/");
/// assert_eq!(from_windows_path(r"\\?\C:\x")?, "file:///C:/x");
/// let err = from_windows_path(r"C:x").unwrap_err();
/// assert_eq!((err.kind(), err.index()), (FilePathErrorKind::RelativePath, Some(2)));
/// # Ok::<(), urikit::rfc8089::FilePathError>(())
/// ```
pub fn from_windows_path(path: &str) -> Result<UriBuf, FilePathError> {
    let b = path.as_bytes();
    if b.is_empty() {
        return Err(FilePathError::at(0, FilePathErrorKind::Empty));
    }
    let nul = b.iter().position(|&c| c == 0);
    // Where the drive letter or the server starts, and which.
    let (start, unc) = if b.len() >= 2 && is_sep(b[0]) && is_sep(b[1]) {
        match b.get(2) {
            Some(b'?' | b'.') if b.get(3).is_none_or(|&c| is_sep(c)) => {
                if b[2] == b'.' {
                    return Err(FilePathError::at(0, FilePathErrorKind::UnsupportedPrefix));
                }
                if has_drive(b, 4) {
                    (4, false)
                } else if b.len() >= 8 && b[4..7].eq_ignore_ascii_case(b"UNC") && is_sep(b[7]) {
                    (8, true)
                } else {
                    return Err(FilePathError::at(
                        4.min(b.len()),
                        FilePathErrorKind::UnsupportedPrefix,
                    ));
                }
            }
            _ => (2, true),
        }
    } else if has_drive(b, 0) {
        (0, false)
    } else {
        return Err(FilePathError::at(0, FilePathErrorKind::RelativePath));
    };
    if let Some(i) = nul.filter(|&i| i < start) {
        return Err(FilePathError::at(i, FilePathErrorKind::NulByte));
    }
    let mut text = String::with_capacity(path.len() + 16);
    text.push_str("file://");
    let rest = if unc {
        let end = b[start..]
            .iter()
            .position(|&c| is_sep(c))
            .map_or(b.len(), |k| start + k);
        let server = &b[start..end];
        if server.is_empty() {
            return Err(FilePathError::at(start, FilePathErrorKind::EmptyServer));
        }
        if server == b"." || server == b"?" {
            // `\\?\UNC\.\x` stands for `\\.\x` (the device namespace) and
            // `\\?\UNC\?\x` for `\\?\x`: prefixes, not servers, which
            // `to_windows_path` refuses as hosts. Refused here too, so the
            // two directions agree.
            return Err(FilePathError::at(
                start,
                FilePathErrorKind::UnsupportedPrefix,
            ));
        }
        // `\\localhost\X:\` is a share named `X:` on this machine, but
        // `file://localhost/X%3A/` reads as the drive `X:` (a `localhost`
        // host names this machine): the UNC path goes in the URI's path
        // instead (E.3.2, `file:////localhost/X%3A/`), which reads back as
        // the share.
        let share = b[end..].get(1..).map_or(&[][..], |t| {
            &t[..t.iter().position(|&c| is_sep(c)).unwrap_or(t.len())]
        });
        if server.eq_ignore_ascii_case(b"localhost")
            && matches!(share, [l, b':' | b'|'] if l.is_ascii_alphabetic())
        {
            text.push_str("//");
        }
        text.extend(encode(server, &NAME));
        end
    } else {
        // `X:` and then a separator: anything else is relative to the
        // drive's current directory.
        if !b.get(start + 2).is_some_and(|&c| is_sep(c)) {
            return Err(FilePathError::at(
                start + 2,
                FilePathErrorKind::RelativePath,
            ));
        }
        text.push('/');
        text.push_str(&path[start..start + 2]);
        start + 2
    };
    if let Some(i) = nul {
        return Err(FilePathError::at(i, FilePathErrorKind::NulByte));
    }
    // `rest` is empty or starts with a separator.
    for (k, name) in b[rest..].split(|&c| is_sep(c)).enumerate() {
        if k > 0 {
            text.push('/');
        }
        text.extend(encode(name, &NAME));
    }
    finish(text)
}

/// The Windows path a `file` URI names (RFC 8089 section 2 and Appendix
/// E.2, E.3), on any platform.
///
/// - An empty host, `localhost` or none, and a drive letter as the first
///   segment gives a drive path: `file:///C:/a%20b/c` is `C:\a b\c`. The
///   drive letter may be followed by `:` or, percent-encoded, by `|`
///   (`file:///c%7C/x`); `file:c:/x` and `file:/c:/x` (E.2) are read too.
/// - Another host gives a UNC path: `file://server/share/x` is
///   `\\server\share\x`, as are `file:////server/share/x` and
///   `file://///server/share/x` (E.3.2). So does `localhost` when the path
///   has no drive letter: `file://localhost/C%24/x` is `\\localhost\C$\x`.
///
/// Segments are percent-decoded and must be UTF-8; `/` becomes `\`.
/// Trailing slashes are kept; `file:///C:` is `C:\`.
///
/// Errors, each at its index in the URI's text: a scheme other than `file`,
/// a userinfo, an IP-literal host or one that decodes to `.`, `?` or a
/// separator ([`UnsupportedHost`](FilePathErrorKind::UnsupportedHost)), a
/// port, a local path with no drive letter
/// ([`MissingDrive`](FilePathErrorKind::MissingDrive)), a path that is not
/// absolute, `%2F`, `%5C` or `%00` in a segment, bytes that are not UTF-8,
/// a query, a fragment.
///
/// ```
/// use urikit::rfc8089::{to_windows_path, FilePathErrorKind};
/// use urikit::Uri;
/// assert_eq!(to_windows_path(&Uri::parse("file:///C:/a%20b/c")?)?, r"C:\a b\c");
/// assert_eq!(to_windows_path(&Uri::parse("file:/c:/x")?)?, r"c:\x");
/// assert_eq!(to_windows_path(&Uri::parse("file:///c%7C/x")?)?, r"c:\x");
/// assert_eq!(to_windows_path(&Uri::parse("file://localhost/C:/")?)?, r"C:\");
/// assert_eq!(to_windows_path(&Uri::parse("file://server/share/x")?)?, r"\\server\share\x");
/// assert_eq!(to_windows_path(&Uri::parse("file:////server/share")?)?, r"\\server\share");
/// let err = to_windows_path(&Uri::parse("file:///home/a")?).unwrap_err();
/// assert_eq!((err.kind(), err.index()), (FilePathErrorKind::MissingDrive, Some(7)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_windows_path(uri: &Uri<'_>) -> Result<String, FilePathError> {
    let parts = Parts::of(uri)?;
    let (path, pi) = (parts.path, parts.path_index);
    let mut out = String::with_capacity(path.len() + 8);
    if let Some((host, hi)) = parts.remote {
        push_server(&mut out, host, hi)?;
        parts.check_port()?;
        push_segments(&mut out, path, pi)?;
        parts.check_tail()?;
        return Ok(out);
    }
    parts.check_port()?;
    let lead = usize::from(path.starts_with('/'));
    let body = &path[lead..];
    let first_end = body.find('/').unwrap_or(body.len());
    if let Some(letter) = drive_letter(&body[..first_end]) {
        out.push(letter);
        out.push(':');
        let rest = &body[first_end..];
        if rest.is_empty() {
            out.push('\\');
        } else {
            push_segments(&mut out, rest, pi + lead + first_end)?;
        }
    } else if let (Some(after), None) = (path.strip_prefix("//"), parts.localhost) {
        // E.3.2: the UNC path in the URI's path, after two or three slashes
        // (under an empty host: `localhost` names this machine).
        let skip = if after.starts_with('/') { 3 } else { 2 };
        let unc = &path[skip..];
        let end = unc.find('/').unwrap_or(unc.len());
        if end == 0 {
            return Err(FilePathError::at(pi + skip, FilePathErrorKind::EmptyServer));
        }
        push_server(&mut out, &unc[..end], pi + skip)?;
        push_segments(&mut out, &unc[end..], pi + skip + end)?;
    } else if let Some((host, hi)) = parts.localhost {
        // No drive on this machine: the path is a share of it, reached as
        // `\\localhost\share` (`C$` and the like). With an authority the
        // path is empty or absolute, so this is never a relative path.
        push_server(&mut out, host, hi)?;
        push_segments(&mut out, path, pi)?;
    } else if lead == 0 {
        return Err(FilePathError::at(pi, FilePathErrorKind::RelativePath));
    } else {
        return Err(FilePathError::at(pi, FilePathErrorKind::MissingDrive));
    }
    parts.check_tail()?;
    Ok(out)
}

/// The drive letter of a first segment `X:`, `X%3A` or `X%7C` (the `|` of
/// E.2.2, which RFC 3986 allows only encoded).
fn drive_letter(segment: &str) -> Option<char> {
    let b = segment.as_bytes();
    let letter = *b.first().filter(|l| l.is_ascii_alphabetic())?;
    let marked = match &b[1..] {
        [b':'] => true,
        [b'%', h, l] => {
            (*h == b'3' && l.eq_ignore_ascii_case(&b'a'))
                || (*h == b'7' && l.eq_ignore_ascii_case(&b'c'))
        }
        _ => false,
    };
    marked.then_some(char::from(letter))
}

/// `\\` and the decoded server name of `host` (at `index` in the text).
fn push_server(out: &mut String, host: &str, index: usize) -> Result<(), FilePathError> {
    if host.starts_with('[') {
        return Err(FilePathError::at(index, FilePathErrorKind::UnsupportedHost));
    }
    let bytes = decode_checked(host, index, b"/\\").map_err(|e| {
        if e.kind() == FilePathErrorKind::EncodedSeparator {
            FilePathError::at(
                e.index().unwrap_or(index),
                FilePathErrorKind::UnsupportedHost,
            )
        } else {
            e
        }
    })?;
    let server = utf8_checked(host, index, bytes.into_owned())?;
    if server == "." || server == "?" {
        // `\\.\` and `\\?\` are prefixes, not servers.
        return Err(FilePathError::at(index, FilePathErrorKind::UnsupportedHost));
    }
    out.push_str(r"\\");
    out.push_str(&server);
    Ok(())
}

/// The decoded segments of `text` (empty or starting with `/`, at `index`
/// in the URI's text), each after a `\`.
fn push_segments(out: &mut String, text: &str, index: usize) -> Result<(), FilePathError> {
    let bytes = decode_checked(text, index, b"/\\")?;
    let decoded = utf8_checked(text, index, bytes.into_owned())?;
    // No `/` came from a triplet (checked above): each one is a separator.
    out.extend(decoded.split('/').enumerate().flat_map(|(k, name)| {
        let sep = if k > 0 { "\\" } else { "" };
        [sep, name]
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A share of this machine named like a drive keeps its name both ways
    /// (found by the `file_paths` fuzz target: `\\localhost\s:\` came back
    /// as the drive `s:\`).
    #[test]
    fn localhost_share_named_like_a_drive() {
        for (path, uri) in [
            (r"\\localhost\s:\", "file:////localhost/s%3A/"),
            (r"\\LocalHost\c|\x", "file:////LocalHost/c%7C/x"),
            (r"\\localhost\C$\x", "file://localhost/C%24/x"),
            (r"\\server\s:\", "file://server/s%3A/"),
        ] {
            let u = from_windows_path(path).unwrap();
            assert_eq!(u.as_str(), uri, "{path}");
            assert_eq!(to_windows_path(&u.as_uri()).unwrap(), path, "{uri}");
        }
    }

    #[test]
    fn drive_letter_forms() {
        assert_eq!(drive_letter("C:"), Some('C'));
        assert_eq!(drive_letter("c%3a"), Some('c'));
        assert_eq!(drive_letter("c%7C"), Some('c'));
        assert_eq!(drive_letter("cc:"), None);
        assert_eq!(drive_letter("1:"), None);
        assert_eq!(drive_letter("c%3"), None);
        assert_eq!(drive_letter(""), None);
    }

    #[test]
    fn nul_before_and_after_the_root() {
        let err = from_windows_path("\\\\a\0\\b").unwrap_err();
        assert_eq!(err.kind(), FilePathErrorKind::NulByte);
        assert_eq!(err.index(), Some(3));
        let err = from_windows_path("\\\\?\0").unwrap_err();
        assert_eq!(err.kind(), FilePathErrorKind::NulByte);
        assert_eq!(err.index(), Some(3));
    }
}
