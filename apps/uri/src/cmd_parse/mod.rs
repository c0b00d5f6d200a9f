//! `uri parse`: validate and take apart URI references.
//!
//! The options and the components live in [`args`]. Two paths, chosen once
//! per run by the profile value: the tuned URI path ([`uri`]: RFC 3986 and
//! its rules, the parser's offsets straight into the output), and one loop
//! ([`run_profile`]) for every other reading, each profile's parse and
//! record in [`iri`] (IRIs and zone IDs) and [`rfc2396`] (RFC 2396 and
//! java.net.URI's reading of it).

mod args;
mod iri;
mod rfc2396;
mod uri;

pub use args::Args;

use std::borrow::Cow;
use std::io::Write;

use urikit::{ParseError, ParseOptions, Profile};

use self::args::{Field, FieldsRecord};
use crate::common::{
    ErrorRecord, Inputs, InvalidRecord, JavaInputError, Loc, Output, Status, UsageError,
    parse_java, profile, write_json, write_record,
};

/// Run `uri parse`: the profile the flags choose picks the path. The URI
/// profile without zone IDs takes the tuned path (its loop reads the
/// parser's offsets straight into the output, with no record in between);
/// every other reading goes through [`run_profile`].
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    match profile::from_flags(args.iri, args.rfc2396, args.java) {
        Profile::Uri if !args.zone_id => uri::run(args, out),
        p => run_profile(p, &args, out),
    }
}

/// One input as a profile other than the tuned path's read it.
enum Reading<'a> {
    /// RFC 3986 with zone IDs, or RFC 3987.
    Parts(iri::Parts<'a>),
    Rfc2396(rfc2396::Rfc2396Record<'a>),
    Java(rfc2396::JavaRecord<'a>),
}

/// Why an input is not a reference of its profile.
enum Refusal {
    Syntax(ParseError),
    Rfc2396(rfc2396::Rfc2396Error),
    Java(JavaInputError),
}

/// Read `input` by `profile` (`options` for the RFC 3986 and 3987 ones).
fn read(profile: Profile, options: ParseOptions, input: &[u8]) -> Result<Reading<'_>, Refusal> {
    match profile {
        Profile::Java => parse_java(input)
            .map(|u| Reading::Java(rfc2396::java_record(&u)))
            .map_err(Refusal::Java),
        Profile::Rfc2396 => rfc2396::parse_rfc2396(input)
            .map(|r| Reading::Rfc2396(rfc2396::rfc2396_record(&r)))
            .map_err(Refusal::Rfc2396),
        p => iri::parse(p == Profile::Iri, options, input)
            .map(Reading::Parts)
            .map_err(Refusal::Syntax),
    }
}

impl<'a> Reading<'a> {
    /// A component that --field prints.
    fn field(&self, field: Field) -> Option<Cow<'a, str>> {
        match self {
            Reading::Parts(p) => p.field(field).map(Cow::Borrowed),
            Reading::Rfc2396(r) => rfc2396::rfc2396_field(r, field),
            Reading::Java(r) => rfc2396::java_field(r, field),
        }
    }

    /// The `--json` object (with "zone" when zone IDs are on).
    fn write_json(&self, out: &mut Output, zone: bool) -> anyhow::Result<()> {
        match self {
            Reading::Parts(p) => write_record(out, &p.record(zone))?,
            Reading::Rfc2396(r) => write_record(out, r)?,
            Reading::Java(r) => write_record(out, r)?,
        }
        Ok(())
    }

    /// The lines for people.
    fn write_human(&self, out: &mut Output, zone: bool) -> anyhow::Result<()> {
        match self {
            Reading::Parts(p) => iri::write_human(out, p, zone),
            Reading::Rfc2396(r) => rfc2396::write_human_rfc2396(out, r),
            Reading::Java(r) => rfc2396::write_human_java(out, r),
        }
    }
}

impl Refusal {
    /// The `{"input","valid":false,"error"}` object with `json`, else the
    /// caret under the byte on standard error.
    fn write(
        &self,
        out: &mut Output,
        json: bool,
        input: &[u8],
        loc: Loc<'_>,
    ) -> std::io::Result<()> {
        let (index, message) = match self {
            Refusal::Syntax(e) if json => {
                return write_record(out, &InvalidRecord::new(input, ErrorRecord::from(e)));
            }
            Refusal::Rfc2396(e) if json => {
                return write_record(out, &InvalidRecord::new(input, e.record()));
            }
            Refusal::Java(e) if json => {
                return write_record(out, &InvalidRecord::new(input, e.record()));
            }
            Refusal::Syntax(e) => (e.index(), e.to_string()),
            Refusal::Rfc2396(e) => (e.index(), e.message()),
            Refusal::Java(e) => (e.index(), e.message()),
        };
        out.report_caret(loc, input, index, &message);
        Ok(())
    }
}

/// The flags that a profile other than the tuned path's refuses.
fn refuse_args(profile: Profile, args: &Args) -> Result<(), UsageError> {
    let refusal = match profile {
        Profile::Rfc2396 | Profile::Java if args.rule != "URI-reference" => {
            "--rfc2396 and --java parse the URI-reference rule only"
        }
        Profile::Rfc2396 | Profile::Java if args.fields.contains(&Field::Zone) => {
            "--field zone needs --zone-id (RFC 3986 only)"
        }
        Profile::Java if args.fields.contains(&Field::HostKind) => {
            "--field host-kind: java.net.URI has no host kind"
        }
        Profile::Rfc2396 | Profile::Java => return Ok(()),
        _ if args.rule != "URI-reference" => {
            "--iri and --zone-id parse the URI-reference rule (IRI-reference) only"
        }
        _ => return Ok(()),
    };
    Err(UsageError(refusal.into()))
}

/// `uri parse` by `profile`, for every reading but the tuned path's: one
/// loop, each input read by the profile into its record.
fn run_profile(profile: Profile, args: &Args, out: &mut Output) -> anyhow::Result<Status> {
    refuse_args(profile, args)?;
    let options = ParseOptions::new().zone_id(args.zone_id);
    let (json, zone) = (args.output.json, args.zone_id);
    let mut status = Status::Ok;
    let mut first = true;
    out.set_null(args.input.null);
    Inputs::new(&args.refs, &args.input).each(|input, loc| {
        let r = match read(profile, options, input) {
            Ok(r) => r,
            Err(e) => {
                status = Status::Flagged;
                e.write(out, json, input, loc)?;
                if args.output.keep_invalid && !json {
                    out.line(input)?;
                }
                return Ok(());
            }
        };
        if args.check {
            return Ok(());
        }
        if !args.fields.is_empty() {
            return write_fields(out, &args.fields, json, |f| r.field(f));
        }
        if json {
            return r.write_json(out, zone);
        }
        if !std::mem::replace(&mut first, false) {
            writeln!(out)?;
        }
        r.write_human(out, zone)
    })?;
    Ok(status)
}

/// The chosen components: tab-separated, or as a JSON object. Valid text
/// of every profile holds no tab, so no field needs quoting.
fn write_fields<'a>(
    out: &mut Output,
    fields: &[Field],
    json: bool,
    value: impl Fn(Field) -> Option<Cow<'a, str>>,
) -> anyhow::Result<()> {
    if json {
        let record = FieldsRecord(fields.iter().map(|f| (f.key(), value(*f))).collect());
        write_json(out, &record)?;
    } else {
        for (i, field) in fields.iter().enumerate() {
            if i > 0 {
                out.write_all(b"\t")?;
            }
            out.write_all(value(*field).as_deref().unwrap_or("").as_bytes())?;
        }
    }
    out.newline()?;
    Ok(())
}
