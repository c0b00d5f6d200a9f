//! `uri extract`: find the URIs in plain text (RFC 3986, Appendix C).

use std::io::Write;
use std::path::PathBuf;

use urikit::text::ExtractOptions;

use crate::common::{json_str, Output, Status};

/// Find the URIs in text: in angle brackets (whitespace inside removed), in
/// double quotes, or bare between whitespace, without trailing punctuation
/// and without a "URL:" prefix (RFC 3986, Appendix C).
///
/// Reads FILE, or standard input, in one pass in bounded memory. Prints one
/// URI per line, or JSON Lines with "uri", "start" and "end" (byte offsets
/// of the URI in the input, wrappers excluded). A hyphen at a line end is
/// joined, and the reading without it is reported: on standard error, or as
/// "without_hyphen" in JSON.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print JSON Lines: one object per URI found.
    #[arg(long)]
    json: bool,
    /// Also find relative references (only inside angle brackets).
    #[arg(long)]
    relative: bool,
    /// Accept any scheme bare or quoted, not only "scheme://" and a short
    /// list of well-known schemes (mailto, urn, tel, ...).
    #[arg(long)]
    any_scheme: bool,
    /// Skip candidates spanning more than this many bytes of text.
    #[arg(long, value_name = "BYTES", default_value_t = 65536)]
    max_len: usize,
    /// The text to read; standard input when absent.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let opts = ExtractOptions::new()
        .relative(args.relative)
        .any_scheme(args.any_scheme)
        .max_len(args.max_len);
    match &args.file {
        Some(path) => {
            let file = std::fs::File::open(path).map_err(|e| {
                anyhow::Error::new(e).context(format!("reading {}", path.display()))
            })?;
            print(opts.extract_reader(file), &args, out)
        }
        None => print(opts.extract_reader(std::io::stdin().lock()), &args, out),
    }
}

fn print(
    matches: impl Iterator<Item = std::io::Result<urikit::text::Match<'static>>>,
    args: &Args,
    out: &mut Output,
) -> anyhow::Result<Status> {
    let source = args
        .file
        .as_ref()
        .map_or_else(|| "standard input".to_string(), |p| p.display().to_string());
    for m in matches {
        let m = m.map_err(|e| anyhow::Error::new(e).context(format!("reading {source}")))?;
        let alternative = m.without_break_hyphens();
        if args.json {
            out.write_all(b"{\"uri\":")?;
            json_str(out, m.as_str())?;
            write!(
                out,
                ",\"start\":{},\"end\":{},\"delimiter\":",
                m.start(),
                m.end()
            )?;
            json_str(out, m.delimiter().name())?;
            if let Some(alt) = &alternative {
                out.write_all(b",\"without_hyphen\":")?;
                json_str(out, alt)?;
            }
            out.write_all(b"}\n")?;
        } else {
            writeln!(out, "{}", m.as_str())?;
            if let Some(alt) = alternative {
                eprintln!(
                    "uri: note: {} (at byte {}) had a hyphen at a line end; it may also be {alt}",
                    m.as_str(),
                    m.start()
                );
            }
        }
    }
    Ok(Status::Ok)
}
