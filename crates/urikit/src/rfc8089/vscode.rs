//! The profile of vscode-uri (the `URI` class of VS Code and of most
//! language-server clients): file URIs written and read byte for byte as
//! `URI.file(path).toString()` writes them and `URI.parse(uri).fsPath`
//! reads them, for Windows paths (vscode-uri on Windows) and Unix paths
//! (on every other platform).
//!
//! RFC 8089 stays the default of [`super`]; this profile is for talking to
//! editors, which compare URIs as strings. What vscode-uri writes differs
//! from the RFC profile:
//!
//! | path | RFC 8089 profile | vscode profile |
//! | --- | --- | --- |
//! | `C:\a b\c` | `file:///C:/a%20b/c` | `file:///c%3A/a%20b/c` |
//! | `\\Server\share` | `file://Server/share` | `file://server/share` |
//! | `a\b` (relative) | error | `file:///a/b` (Windows), `file:///a%5Cb` (Unix) |
//!
//! Where vscode-uri is wrong by RFC 8089 the profile follows it anyway
//! (that is its purpose), and `DEVIATIONS.md` lists each case: a relative
//! path is written as if it were absolute, a server name is lower-cased,
//! `file://server/` reads as the path `\` (the host is lost), the drive
//! letter is lower-cased when read, `%2F` decodes to a separator.
//!
//! Two things it does not follow: where vscode-uri writes text that is not
//! a URI (`\\a b:c d\x` gives `file://a%20b:c d/x`, the part after the last
//! `:` of a server left raw) or throws (`////x`), the profile returns an
//! error; and a URI with a query, a fragment or a scheme other than `file`
//! is an error when read, where `fsPath` silently drops the query and the
//! fragment and reads the path of any scheme.
//!
//! ```
//! use urikit::rfc8089::vscode;
//! use urikit::Uri;
//! assert_eq!(vscode::from_windows_path(r"C:\a b\c#")?, "file:///c%3A/a%20b/c%23");
//! assert_eq!(vscode::from_unix_path("/tmp/x [1].rs")?, "file:///tmp/x%20%5B1%5D.rs");
//! assert_eq!(vscode::to_windows_path(&Uri::parse("file:///C:/a%20b")?)?, r"c:\a b");
//! assert_eq!(vscode::to_unix_path(&Uri::parse("file:///tmp/%E2%82%AC")?)?, "/tmp/€");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use super::{FilePathError, FilePathErrorKind, NAME};
use crate::chars::{CharClass, hex_value};
use crate::percent::encode;
use crate::{Uri, UriBuf};

/// What vscode-uri leaves as it is in a path: the unreserved characters
/// and `/`.
const PATH: CharClass = NAME.with_bytes(b"/");
/// In a host, and in a password: also `[`, `]` and `:`.
const AUTHORITY: CharClass = NAME.with_bytes(b"[]:");

/// The `file` URI vscode-uri on Windows writes for `path`
/// (`URI.file(path).toString()`): `\` becomes `/`, a leading `//` names a
/// server (lower-cased), a path not starting with `/` gets one, an
/// upper-case drive letter is lower-cased, and every character but the
/// unreserved ones and `/` is percent-encoded (as UTF-8), `:` included.
///
/// Errors: a path that starts with four separators (vscode-uri throws:
/// [`EmptyServer`](FilePathErrorKind::EmptyServer) at index 2), and a
/// server for which vscode-uri writes text that is not a URI
/// ([`InvalidUri`](FilePathErrorKind::InvalidUri), at index 2).
///
/// ```
/// use urikit::rfc8089::vscode::from_windows_path;
/// assert_eq!(from_windows_path(r"C:\Users\me\a.rs")?, "file:///c%3A/Users/me/a.rs");
/// assert_eq!(from_windows_path(r"\\Server\Share\x")?, "file://server/Share/x");
/// assert_eq!(from_windows_path("d:/")?, "file:///d%3A/");
/// # Ok::<(), urikit::rfc8089::FilePathError>(())
/// ```
pub fn from_windows_path(path: &str) -> Result<UriBuf, FilePathError> {
    write(&path.replace('\\', "/"))
}

/// The `file` URI vscode-uri on Unix (and macOS) writes for `path`
/// (`URI.file(path).toString()`): as [`from_windows_path`], but `\` is a
/// character of a name (`%5C`), not a separator. A path starting with `//`
/// still names a server, and `/C:/x` still has its drive letter
/// lower-cased, as vscode-uri does on every platform.
///
/// ```
/// use urikit::rfc8089::vscode::from_unix_path;
/// assert_eq!(from_unix_path("/home/a b/50%")?, "file:///home/a%20b/50%25");
/// assert_eq!(from_unix_path(r"/a\b")?, "file:///a%5Cb");
/// # Ok::<(), urikit::rfc8089::FilePathError>(())
/// ```
pub fn from_unix_path(path: &str) -> Result<UriBuf, FilePathError> {
    write(path)
}

/// `URI.file(path).toString()` once the platform's separators are `/`.
fn write(path: &str) -> Result<UriBuf, FilePathError> {
    let (authority, path) = match path.strip_prefix("//") {
        Some(rest) => match rest.find('/') {
            Some(k) => (&rest[..k], &rest[k..]),
            None => (rest, "/"),
        },
        None => ("", path),
    };
    if authority.is_empty() && path.starts_with("//") {
        return Err(FilePathError::at(2, FilePathErrorKind::EmptyServer));
    }
    let mut text = String::with_capacity(path.len() + authority.len() + 16);
    text.push_str("file://");
    if !authority.is_empty() {
        push_authority(&mut text, authority);
    }
    if !path.starts_with('/') {
        text.push('/');
    }
    let (drive, rest) = match path.as_bytes() {
        [b'/', letter, b':', ..] if letter.is_ascii_uppercase() => {
            (Some(letter.to_ascii_lowercase()), &path[2..])
        }
        [letter, b':', ..] if letter.is_ascii_uppercase() => {
            (Some(letter.to_ascii_lowercase()), &path[1..])
        }
        _ => (None, path),
    };
    if let Some(letter) = drive {
        if path.starts_with('/') {
            text.push('/');
        }
        text.push(char::from(letter));
    }
    text.extend(encode(rest, &PATH));
    UriBuf::parse(text).map_err(|e| FilePathError::at(2, FilePathErrorKind::InvalidUri(e.kind())))
}

/// vscode-uri's authority: a userinfo before the first `@` (the part after
/// its last `:` keeps `[`, `]` and `:`), the rest lower-cased, and the part
/// after its last `:` written as it is.
fn push_authority(text: &mut String, authority: &str) {
    let host = match authority.find('@') {
        Some(at) => {
            let userinfo = &authority[..at];
            match userinfo.rfind(':') {
                Some(c) => {
                    text.extend(encode(&userinfo[..c], &NAME));
                    text.push(':');
                    text.extend(encode(&userinfo[c + 1..], &AUTHORITY));
                }
                None => text.extend(encode(userinfo, &NAME)),
            }
            text.push('@');
            &authority[at + 1..]
        }
        None => authority,
    };
    let host = host.to_lowercase();
    match host.rfind(':') {
        Some(c) => {
            text.extend(encode(&host[..c], &AUTHORITY));
            text.push_str(&host[c..]);
        }
        None => text.extend(encode(&host, &AUTHORITY)),
    }
}

/// The path vscode-uri on Windows reads from a `file` URI
/// (`URI.parse(uri).fsPath`): the host and the path percent-decoded (every
/// triplet, `%2F` and `%5C` included; a run of triplets that is not UTF-8
/// keeps its first triplet as it is), `\\host\path` when there is a host
/// and a path longer than `/`, a drive letter lower-cased, `/` turned into
/// `\`.
///
/// Errors: a scheme other than `file` (in any case), a query, a fragment
/// (`fsPath` ignores them; strip them first if that is meant), and no host
/// with a path that decodes to one starting with `//` (`file:////x`, where
/// vscode-uri throws: [`EmptyServer`](FilePathErrorKind::EmptyServer)).
///
/// ```
/// use urikit::rfc8089::vscode::to_windows_path;
/// use urikit::Uri;
/// assert_eq!(to_windows_path(&Uri::parse("file:///c%3A/a%20b/c")?)?, r"c:\a b\c");
/// assert_eq!(to_windows_path(&Uri::parse("file:///C:/x")?)?, r"c:\x");
/// assert_eq!(to_windows_path(&Uri::parse("file://server/share/x")?)?, r"\\server\share\x");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_windows_path(uri: &Uri<'_>) -> Result<String, FilePathError> {
    read(uri).map(|p| p.replace('/', "\\"))
}

/// The path vscode-uri on Unix reads from a `file` URI
/// (`URI.parse(uri).fsPath`): as [`to_windows_path`], but `/` stays `/`
/// (and a host gives `//host/path`).
///
/// ```
/// use urikit::rfc8089::vscode::to_unix_path;
/// use urikit::Uri;
/// assert_eq!(to_unix_path(&Uri::parse("file:///home/a%20b")?)?, "/home/a b");
/// assert_eq!(to_unix_path(&Uri::parse("file:///C:/x")?)?, "c:/x");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_unix_path(uri: &Uri<'_>) -> Result<String, FilePathError> {
    read(uri)
}

/// `URI.parse(uri).fsPath` with `/` separators.
fn read(uri: &Uri<'_>) -> Result<String, FilePathError> {
    let text = uri.as_str();
    if !uri.scheme().eq_ignore_ascii_case("file") {
        return Err(FilePathError::at(0, FilePathErrorKind::NotFileScheme));
    }
    if let Some(q) = uri.query() {
        let at = super::offset(text, q) - 1;
        return Err(FilePathError::at(at, FilePathErrorKind::Query));
    }
    if let Some(f) = uri.fragment() {
        let at = super::offset(text, f) - 1;
        return Err(FilePathError::at(at, FilePathErrorKind::Fragment));
    }
    let authority = decode(uri.authority().unwrap_or(""));
    let mut path = decode(uri.path());
    if !path.starts_with('/') {
        path.insert(0, '/');
    }
    if authority.is_empty() && path.starts_with("//") {
        // vscode-uri throws: no authority, and a path that would read as one.
        let at = super::offset(text, uri.path());
        return Err(FilePathError::at(at, FilePathErrorKind::EmptyServer));
    }
    if !authority.is_empty() && path.len() > 1 {
        return Ok(alloc::format!("//{authority}{path}"));
    }
    match path.as_bytes() {
        [b'/', letter, b':', ..] if letter.is_ascii_alphabetic() => {
            let mut out = String::with_capacity(path.len());
            out.push(char::from(letter.to_ascii_lowercase()));
            out.push_str(&path[2..]);
            Ok(out)
        }
        _ => Ok(path),
    }
}

/// vscode-uri's `percentDecode`: each run of triplets decoded as UTF-8;
/// where the run from a triplet on is not UTF-8, that triplet stays as it
/// is and decoding starts again at the next one. Linear: whether each
/// suffix of a run is UTF-8 is worked out once, from the end.
fn decode(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            let next = b[i..]
                .iter()
                .position(|&c| c == b'%')
                .map_or(b.len(), |k| i + k);
            out.push_str(&text[i..next]);
            i = next;
            continue;
        }
        // A run of triplets (a valid URI has two hex digits after each %).
        let start = i;
        let mut bytes = Vec::new();
        while b.get(i) == Some(&b'%') {
            let (Some(h), Some(l)) = (
                b.get(i + 1).copied().and_then(hex_value),
                b.get(i + 2).copied().and_then(hex_value),
            ) else {
                break;
            };
            bytes.push(h << 4 | l);
            i += 3;
        }
        if bytes.is_empty() {
            out.push('%');
            i += 1;
            continue;
        }
        push_graceful(&mut out, &text[start..i], &bytes);
    }
    out
}

/// The run `run` (its triplets decode to `bytes`) as vscode-uri's
/// `decodeURIComponentGraceful` gives it.
fn push_graceful(out: &mut String, run: &str, bytes: &[u8]) {
    let n = bytes.len();
    // whole[k]: bytes[k..] is UTF-8.
    let mut whole = alloc::vec![false; n + 1];
    whole[n] = true;
    for k in (0..n).rev() {
        whole[k] = (1..=4).any(|len| {
            k + len <= n && whole[k + len] && core::str::from_utf8(&bytes[k..k + len]).is_ok()
        });
    }
    for k in 0..n {
        if whole[k] {
            out.push_str(core::str::from_utf8(&bytes[k..]).unwrap_or_default());
            return;
        }
        out.push_str(&run[3 * k..3 * k + 3]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graceful_runs() {
        assert_eq!(decode("a%C3%A9b"), "aéb");
        assert_eq!(decode("%C3%28"), "%C3(");
        assert_eq!(decode("%FF%FF%41"), "%FF%FFA");
        assert_eq!(decode("%E2%82"), "%E2%82");
        assert_eq!(decode("%2F%5c"), "/\\");
    }

    #[test]
    fn authority_forms() {
        assert_eq!(from_unix_path("//A@B/x").unwrap(), "file://A@b/x");
        assert_eq!(from_unix_path("//h:80/x").unwrap(), "file://h:80/x");
        assert!(from_unix_path("//a b:c d/x").is_err());
        assert!(from_unix_path("////x").is_err());
    }
}
