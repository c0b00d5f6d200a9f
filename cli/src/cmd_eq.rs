//! `uri eq`: are two URI references equivalent (RFC 3986, 6.1, 6.2)?

use std::ffi::OsString;
use std::io::Write;

use urikit::compare::{Comparison, Level};
use urikit::UriRef;

use crate::common::{json_str, write_invalid, Output, Status};

/// Compare two URI references: "equivalent" (exit 0) or "different" (exit 1)
///
/// The comparison is made on a rung of the ladder of RFC 3986, 6.2: simple
/// string comparison, or the strings after syntax-based (and scheme-based)
/// normalization. An invalid reference is shown with its error (exit 1).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rung: string (6.2.1), syntax (6.2.2) or scheme (6.2.3).
    #[arg(long, value_name = "LEVEL", default_value = "syntax",
          value_parser = ["string", "syntax", "scheme"])]
    level: String,
    /// Leave fragments out of the comparison (6.1: for network actions).
    #[arg(long)]
    ignore_fragment: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// The first reference.
    #[arg(value_name = "A")]
    a: OsString,
    /// The second reference.
    #[arg(value_name = "B")]
    b: OsString,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let level = Level::from_name(&args.level).unwrap_or_default();
    let cmp = Comparison::new(level).ignore_fragment(args.ignore_fragment);
    let (a, b) = (args.a.as_encoded_bytes(), args.b.as_encoded_bytes());
    let (ra, rb) = match (UriRef::parse_bytes(a), UriRef::parse_bytes(b)) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        (pa, pb) => {
            // An invalid reference is equivalent to nothing: say why, exit 1.
            for (input, parsed) in [(a, pa), (b, pb)] {
                if let Err(e) = parsed {
                    write_invalid(out, args.json, input, &e)?;
                }
            }
            return Ok(Status::Flagged);
        }
    };
    let (ka, kb) = (cmp.key(ra), cmp.key(rb));
    let equivalent = ka == kb;
    let verdict = if equivalent {
        "equivalent"
    } else {
        "different"
    };
    if args.json {
        out.write_all(b"{\"a\":")?;
        json_str(out, ra.as_str())?;
        out.write_all(b",\"b\":")?;
        json_str(out, rb.as_str())?;
        out.write_all(b",\"level\":")?;
        json_str(out, level.name())?;
        write!(out, ",\"ignore_fragment\":{}", args.ignore_fragment)?;
        out.write_all(b",\"a_key\":")?;
        json_str(out, ka.as_str())?;
        out.write_all(b",\"b_key\":")?;
        json_str(out, kb.as_str())?;
        write!(out, ",\"equivalent\":{equivalent}}}")?;
        out.write_all(b"\n")?;
    } else {
        writeln!(out, "{verdict}")?;
    }
    Ok(Status::Ok.flag_if(!equivalent))
}
