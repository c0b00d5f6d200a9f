//! `uri from-path` and `uri to-path`: file paths and `file` URIs
//! (RFC 8089).

use std::borrow::Cow;
use std::ffi::OsString;

use serde::Serialize;
use urikit::rfc8089::{self as file, FilePathError};
use urikit::{Uri, UriBuf};

use crate::common::{InputArgs, Inputs, Loc, Output, OutputArgs, Status, lossy, write_record};

/// Which paths: the host platform's, Windows or Unix.
#[derive(clap::Args, Debug, Clone, Copy)]
#[group(multiple = false)]
pub struct Flavor {
    /// Windows paths (`C:\a b\c`, `\\server\share\x`), on any platform.
    #[arg(long)]
    windows: bool,
    /// Unix paths (`/home/a b/c`), on any platform; a file name that is
    /// not UTF-8 is percent-encoded byte for byte.
    #[arg(long)]
    unix: bool,
}

impl Flavor {
    fn windows(self) -> bool {
        self.windows || (!self.unix && cfg!(windows))
    }
}

/// Write `file` URIs for absolute file paths, one per line (RFC 8089)
///
/// Every byte of a file name other than the unreserved characters is
/// percent-encoded (as UTF-8 for Windows, as the raw bytes for Unix), so
/// `%`, `#`, `?`, `;`, spaces and non-ASCII names survive:
/// `C:\a b\c` gives `file:///C:/a%20b/c`, `\\server\share\x` gives
/// `file://server/share/x`. Paths are the host platform's unless --windows
/// or --unix. With no PATH, reads one per line from standard input (or the
/// files of -i; use -0 for names with line ends). A path that has no URI (a
/// relative one) is reported on standard error with its line number, and
/// the exit status is 1. With --json: {"path","uri"} or {"path","error"}.
#[derive(clap::Args, Debug)]
pub struct FromArgs {
    #[command(flatten)]
    flavor: Flavor,
    /// Write the URI byte for byte as vscode-uri (VS Code, most language
    /// server clients) does: `C:\a b` gives `file:///c%3A/a%20b`, a server
    /// name is lower-cased, a relative path is written as if absolute
    /// (see docs/file-uris.md). RFC 8089 otherwise.
    #[arg(long)]
    vscode: bool,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The paths.
    #[arg(value_name = "PATH", conflicts_with = "input")]
    paths: Vec<OsString>,
}

/// Write the file paths of `file` URIs, one per line (RFC 8089)
///
/// Segments are percent-decoded; a host other than empty or "localhost" is
/// a UNC server on Windows and an error on Unix. Read as Windows paths, the
/// nonstandard forms of RFC 8089 Appendix E are understood (`file:c:/x`,
/// `file:///c|/x`, `file:////server/share`, backslashes). A query, a
/// fragment, a userinfo, a port or another scheme is an error, never
/// dropped. Paths are the host platform's unless --windows or --unix. With
/// no URI, reads one per line from standard input (or the files of -i). A
/// URI that has no path is reported on standard error with its line number,
/// and the exit status is 1. With --json: {"uri","path"} or {"uri","error"}
/// ("path" with U+FFFD for bytes that are not UTF-8, and "utf8": false
/// then).
#[derive(clap::Args, Debug)]
pub struct ToArgs {
    #[command(flatten)]
    flavor: Flavor,
    /// Read the path byte for byte as vscode-uri's `fsPath` does: every
    /// triplet decoded (`%2F` too), the drive letter lower-cased, a host
    /// kept only with a path longer than `/` (see docs/file-uris.md).
    /// RFC 8089 otherwise.
    #[arg(long)]
    vscode: bool,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The `file` URIs.
    #[arg(value_name = "URI", conflicts_with = "input")]
    uris: Vec<OsString>,
}

pub fn run_from(args: FromArgs, out: &mut Output) -> anyhow::Result<Status> {
    out.set_null(args.input.null);
    let windows = args.flavor.windows();
    let mut status = Status::Ok;
    Inputs::new(&args.paths, &args.input).each(|input, loc| {
        let result = if args.vscode {
            match std::str::from_utf8(input) {
                Ok(text) if windows => file::vscode::from_windows_path(text).map_err(Failure::Path),
                Ok(text) => file::vscode::from_unix_path(text).map_err(Failure::Path),
                Err(e) => Err(Failure::NotUtf8(e.valid_up_to())),
            }
        } else if windows {
            match std::str::from_utf8(input) {
                Ok(text) => file::from_windows_path(text).map_err(Failure::Path),
                Err(e) => Err(Failure::NotUtf8(e.valid_up_to())),
            }
        } else {
            file::from_unix_path(input).map_err(Failure::Path)
        };
        status = status.flag_if(result.is_err());
        if args.output.json {
            let (uri, error) = match &result {
                Ok(uri) => (Some(uri.as_str()), None),
                Err(e) => (None, Some(e.record())),
            };
            let record = FromPathRecord {
                path: lossy(input),
                uri,
                error,
            };
            return Ok(write_record(out, &record)?);
        }
        match result {
            Ok(uri) => out.line(uri.as_str().as_bytes())?,
            Err(e) => {
                e.report(out, loc, input);
                if args.output.keep_invalid {
                    out.line(input)?;
                }
            }
        }
        Ok(())
    })?;
    Ok(status)
}

pub fn run_to(args: ToArgs, out: &mut Output) -> anyhow::Result<Status> {
    out.set_null(args.input.null);
    let windows = args.flavor.windows();
    let mut status = Status::Ok;
    Inputs::new(&args.uris, &args.input).each(|input, loc| {
        let result = if args.vscode {
            to_path_vscode(input, windows)
        } else {
            to_path(input, windows)
        };
        status = status.flag_if(result.is_err());
        if args.output.json {
            let (path, utf8, error) = match &result {
                Ok(path) => (
                    Some(lossy(path)),
                    std::str::from_utf8(path).is_err().then_some(false),
                    None,
                ),
                Err(e) => (None, None, Some(e.record())),
            };
            let record = ToPathRecord {
                uri: lossy(input),
                path,
                utf8,
                error,
            };
            return Ok(write_record(out, &record)?);
        }
        match result {
            Ok(path) => out.line(&path)?,
            Err(e) => {
                e.report(out, loc, input);
                if args.output.keep_invalid {
                    out.line(input)?;
                }
            }
        }
        Ok(())
    })?;
    Ok(status)
}

/// The path of the URI `input`, as bytes. For Windows, text that is not a
/// URI as written gets the repairs of RFC 8089 E.2.2 and E.4 (`c|`,
/// backslashes) first.
fn to_path(input: &[u8], windows: bool) -> Result<Vec<u8>, Failure> {
    let parsed = Uri::parse_bytes(input);
    if !windows {
        let uri = parsed.map_err(Failure::Parse)?;
        return file::to_unix_path(&uri).map_err(Failure::Path);
    }
    let repaired: UriBuf;
    let uri = match parsed {
        Ok(uri) => uri,
        Err(e) => {
            let text = std::str::from_utf8(input).map_err(|_| Failure::Parse(e))?;
            repaired = file::parse_lenient(text).map_err(Failure::Path)?;
            repaired.as_uri()
        }
    };
    file::to_windows_path(&uri)
        .map(String::into_bytes)
        .map_err(Failure::Path)
}

/// The path vscode-uri's `fsPath` reads from the URI `input`.
fn to_path_vscode(input: &[u8], windows: bool) -> Result<Vec<u8>, Failure> {
    let uri = Uri::parse_bytes(input).map_err(Failure::Parse)?;
    let path = if windows {
        file::vscode::to_windows_path(&uri)
    } else {
        file::vscode::to_unix_path(&uri)
    };
    path.map(String::into_bytes).map_err(Failure::Path)
}

/// Why an input has no answer.
enum Failure {
    Path(FilePathError),
    /// Not a URI at all.
    Parse(urikit::ParseError),
    /// A Windows path must be text: the index of the first byte that is
    /// not UTF-8.
    NotUtf8(usize),
}

impl Failure {
    fn index(&self) -> Option<usize> {
        match self {
            Failure::Path(e) => e.index(),
            Failure::Parse(e) => Some(e.index()),
            Failure::NotUtf8(i) => Some(*i),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Failure::Path(e) => e.kind().name(),
            Failure::Parse(e) => e.kind().name(),
            Failure::NotUtf8(_) => "not-unicode",
        }
    }

    fn message(&self) -> String {
        match self {
            Failure::Path(e) => e.kind().to_string(),
            Failure::Parse(e) => format!("not a URI: {}", e.kind()),
            Failure::NotUtf8(_) => "path that is not valid Unicode".to_string(),
        }
    }

    /// The diagnostic on standard error: a caret under the byte when the
    /// error has a place.
    fn report(&self, out: &mut Output, loc: Loc<'_>, input: &[u8]) {
        let message = match self {
            Failure::Path(e) => e.to_string(),
            Failure::Parse(e) => format!("not a URI: {e}"),
            Failure::NotUtf8(i) => format!("{} at index {i}", self.message()),
        };
        match self.index() {
            Some(i) => out.report_caret(loc, input, i, &message),
            None => out.report(loc, &message),
        }
    }

    /// The `"error"` object: `{"index","kind","message"}`.
    fn record(&self) -> FailureRecord {
        FailureRecord {
            index: self.index(),
            kind: self.kind(),
            message: self.message(),
        }
    }
}

/// `{"index","kind","message"}` (the index null where the error has no
/// place).
#[derive(Serialize)]
struct FailureRecord {
    index: Option<usize>,
    kind: &'static str,
    message: String,
}

/// `{"path","uri"}` or `{"path","error"}`.
#[derive(Serialize)]
struct FromPathRecord<'a> {
    path: Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<FailureRecord>,
}

/// `{"uri","path"}` (with `"utf8": false` for a path that is not UTF-8,
/// shown with U+FFFD) or `{"uri","error"}`.
#[derive(Serialize)]
struct ToPathRecord<'a> {
    uri: Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    utf8: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<FailureRecord>,
}
