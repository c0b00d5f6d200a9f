//! `uri normalize`: the normal form of URI references (RFC 3986, 6.2).

use std::borrow::Cow;
use std::ffi::OsString;

use serde::Serialize;
use urikit::normalize::{Level, Normalizer};
use urikit::{IriRef, Parsed, Profile};

use crate::common::profile::{self, InputError};
use crate::common::{InputArgs, Inputs, Output, OutputArgs, Status, lossy, named, write_record};

/// `{"input","valid":true,"normalized","changed"}`.
#[derive(Serialize)]
struct Normalized<'a> {
    input: Cow<'a, str>,
    valid: bool,
    normalized: &'a str,
    changed: bool,
}

/// Print the normal form of URI references, one per line (RFC 3986, 6.2)
///
/// Syntax-based normalization (6.2.2): lowercase scheme and host, uppercase
/// percent-encoding hex, decoded unreserved characters, no dot segments, no
/// empty port; everything else as written. Relative references get only
/// case and percent-encoding changes. With no URI, reads one reference per
/// line from standard input (or the files of -i). An invalid reference is
/// reported on standard error with its line number, and left out of the
/// output unless --keep-invalid.
///
/// With --java: java.net.URI's `normalize()` (dot segments removed, but a
/// leading ".." kept; runs of "/" collapsed; nothing else changed).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// How far to go, as `uri eq --level`: string (6.2.1: nothing
    /// changes), syntax (6.2.2) or scheme (6.2.3: also drop default ports,
    /// "/" for an empty http(s) path, "file:///" for "file://localhost/",
    /// ...).
    #[arg(long, value_name = "LEVEL", default_value = "syntax", value_parser = named::<Level>())]
    level: Level,
    /// The old spelling of `--level scheme`, kept for one release.
    #[arg(long, hide = true, conflicts_with = "level")]
    scheme: bool,
    /// Write IPv6 hosts in the RFC 5952 text form.
    #[arg(long)]
    ipv6: bool,
    /// Normalize IRI references (RFC 3987 5.3): characters outside
    /// US-ASCII are kept as they are.
    #[arg(long)]
    iri: bool,
    /// With --iri, first put the text in Unicode Normalization Form C
    /// (RFC 3987 5.3.2.2).
    #[arg(long, requires = "iri")]
    nfc: bool,
    /// Normalize as java.net.URI's `normalize()` does, reading each input
    /// as `new java.net.URI(s)` does.
    #[arg(long, conflicts_with_all = ["iri", "scheme", "level", "ipv6"])]
    java: bool,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The references to normalize.
    #[arg(value_name = "URI", conflicts_with = "input")]
    refs: Vec<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let level = if args.scheme {
        Level::Scheme
    } else {
        args.level
    };
    let n = Normalizer::new(level).ipv6_canonical(args.ipv6);
    // One loop for every profile: the profile is a value, and the core's
    // `Parsed::normalize_with` applies its rules.
    let profile = profile::from_flags(args.iri, false, args.java);
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.refs, &args.input).each(|input, loc| {
        match normal_form(profile, args.nfc, &n, input) {
            Ok(normal) => {
                if args.output.json {
                    let record = Normalized {
                        input: lossy(input),
                        valid: true,
                        normalized: &normal,
                        changed: match &normal {
                            Cow::Borrowed(_) => false,
                            Cow::Owned(s) => s.as_bytes() != input,
                        },
                    };
                    write_record(out, &record)?;
                } else {
                    out.line(normal.as_bytes())?;
                }
            }
            Err(e) => {
                status = Status::Flagged;
                profile::write_input_error(out, args.output.json, profile, input, &e, loc)?;
                if args.output.keep_invalid && !args.output.json {
                    out.line(input)?;
                }
            }
        }
        Ok(())
    })?;
    Ok(status)
}

/// The normal form of `input` by `profile`, after NFC first when `nfc`
/// (only with --iri: clap's `requires`).
fn normal_form<'a>(
    profile: Profile,
    nfc: bool,
    n: &Normalizer<'_>,
    input: &'a [u8],
) -> Result<Cow<'a, str>, InputError> {
    let parsed = profile::parse(profile, input)?;
    let normal = match parsed {
        Parsed::Iri(r) if nfc => {
            let text = r.to_nfc().map_err(InputError::Syntax)?;
            // Parsed again only when NFC changed it (and then it is valid).
            let r = IriRef::parse(&text).map_err(InputError::Syntax)?;
            Parsed::Iri(r)
                .normalize_with(n)
                .map(|c| Cow::Owned(c.into_owned()))
        }
        _ => parsed.normalize_with(n),
    };
    // Every profile the flags choose normalizes (not RFC 2396: no flag).
    Ok(normal.unwrap_or(Cow::Borrowed(parsed.as_str())))
}
