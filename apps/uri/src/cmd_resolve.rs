//! `uri resolve`: resolve references against a base (RFC 3986 section 5).

use std::borrow::Cow;
use std::ffi::OsString;

use serde::Serialize;
use urikit::java::JavaUri;
use urikit::{Iri, IriRef, ParseError, Profile, Resolver, Uri, UriRef};

use crate::common::profile;
use crate::common::{
    InputArgs, Inputs, JavaInputError, Loc, Output, OutputArgs, Status, UsageError, caret_text,
    lossy, parse_java, write_record,
};

/// Resolve references against a base URI (RFC 3986, section 5.2).
///
/// Prints one target URI per line, in input order. With no REF, reads one
/// reference per line from standard input (or the files of -i). A
/// reference that does not parse is reported on standard error with its
/// line number (and left out of the output unless --keep-invalid), and the
/// exit status is 1. With --json: {"base","reference","target"} or
/// {"base","reference","error"}.
///
/// With --java, as java.net.URI's `resolve` computes it (base and
/// reference parsed as `new java.net.URI(s)`; a relative base is allowed,
/// as in Java).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Ignore a reference's scheme when it equals the base's, as the
    /// non-strict parsers of RFC 3986 5.2.2 do (`http:g`).
    #[arg(long)]
    non_strict: bool,
    /// Resolve as RFC 2396 does: keep `..` above the root, drop the base's
    /// last segment for `?query`, leave absolute paths as written.
    #[arg(long)]
    rfc2396: bool,
    /// Resolve IRI references against an IRI base (RFC 3987 6.5).
    #[arg(long)]
    iri: bool,
    /// Resolve as java.net.URI's `resolve` does (its own rules: an empty
    /// reference gives the base's directory, runs of "/" collapse, ".."
    /// above the root stays); base and references are read as
    /// `new java.net.URI(s)` reads them.
    #[arg(long, conflicts_with_all = ["iri", "rfc2396", "non_strict"])]
    java: bool,
    #[command(flatten)]
    output: OutputArgs,
    /// Read lines of BASE, a tab and REF from standard input or the files of
    /// -i (a page and a link found on it) instead of taking BASE from the
    /// command line.
    #[arg(long, conflicts_with_all = ["base", "refs"])]
    pairs: bool,
    #[command(flatten)]
    input: InputArgs,
    /// The base URI (it needs a scheme).
    #[arg(value_name = "BASE", required_unless_present = "pairs")]
    base: Option<OsString>,
    /// The references to resolve.
    #[arg(value_name = "REF", conflicts_with = "input")]
    refs: Vec<OsString>,
}

/// Why one input line gives no answer: which part, and the error.
#[derive(Clone, Serialize)]
pub(crate) struct LineError {
    /// "base", "reference", "target" or "line".
    pub part: &'static str,
    pub index: Option<usize>,
    /// With --java: Java's `getIndex()` (UTF-16 units, -1 for none), null
    /// for bytes that are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub java_index: Option<Option<i64>>,
    pub kind: &'static str,
    pub component: Option<&'static str>,
    pub message: String,
}

impl LineError {
    pub fn parse(part: &'static str, e: ParseError) -> LineError {
        LineError {
            part,
            index: Some(e.index()),
            java_index: None,
            kind: e.kind().name(),
            component: e.kind().component().map(|c| c.name()),
            message: format!("invalid {part}: {e}"),
        }
    }

    /// An input that java.net.URI does not take (`--java`).
    pub fn java(part: &'static str, e: JavaInputError) -> LineError {
        let record = e.record();
        LineError {
            part,
            index: Some(e.index()),
            java_index: Some(record.java_index),
            kind: record.kind,
            component: None,
            message: format!("invalid {part}: {}", e.message()),
        }
    }

    pub fn resolve(part: &'static str, e: urikit::ResolveError) -> LineError {
        LineError {
            part,
            index: e.index(),
            java_index: None,
            kind: e.kind().name(),
            component: None,
            message: e.to_string(),
        }
    }

    pub fn no_tab(first: &'static str, second: &'static str) -> LineError {
        LineError {
            part: "line",
            index: None,
            java_index: None,
            kind: "missing-tab",
            component: None,
            message: format!("expected {first}<TAB>{second}"),
        }
    }
}

/// Parse a base: a URI. A valid relative reference gets its own error
/// (RFC 3986 5.1: a base URI has a scheme), not the parser's.
pub(crate) fn base_uri(bytes: &[u8]) -> Result<Uri<'_>, LineError> {
    Uri::parse_bytes(bytes).map_err(|e| match UriRef::parse_bytes(bytes) {
        Ok(_) => LineError {
            part: "base",
            index: Some(0),
            java_index: None,
            kind: "base-not-uri",
            component: Some("scheme"),
            message: "base is not a URI (it has no scheme)".into(),
        },
        Err(_) => LineError::parse("base", e),
    })
}

/// The usage error for a BASE argument that is not a URI: the message with
/// the input and a caret under the offending byte.
pub(crate) fn parse_base(base: &OsString, profile: Profile) -> anyhow::Result<Base<'_>> {
    let bytes = base.as_encoded_bytes();
    Base::read(profile, bytes).map_err(|e| {
        let message = e
            .message
            .strip_prefix("invalid base: ")
            .unwrap_or(&e.message);
        let shown = caret_text(bytes, e.index.unwrap_or(0), message);
        UsageError(format!("invalid base URI\n{shown}")).into()
    })
}

/// Parse a base for `--iri`: an IRI, with the errors of [`base_uri`].
pub(crate) fn base_iri(bytes: &[u8]) -> Result<Iri<'_>, LineError> {
    Iri::parse_bytes(bytes).map_err(|e| match IriRef::parse_bytes(bytes) {
        Ok(_) => LineError {
            part: "base",
            index: Some(0),
            java_index: None,
            kind: "base-not-uri",
            component: Some("scheme"),
            message: "base is not an IRI (it has no scheme)".into(),
        },
        Err(_) => LineError::parse("base", e),
    })
}

/// A base as the run's profile reads it: a URI (it needs a scheme), an IRI
/// with `--iri`, or whatever `new java.net.URI(s)` takes with `--java`
/// (relative too, as Java's `resolve` allows).
#[derive(Clone, Copy)]
pub(crate) enum Base<'i> {
    Uri(Uri<'i>),
    Iri(Iri<'i>),
    Java(JavaUri<'i>),
}

impl<'i> Base<'i> {
    /// Read a base by `profile` (RFC 2396 reads as RFC 3986: `resolve
    /// --rfc2396` is a way of resolving, not of parsing).
    pub(crate) fn read(profile: Profile, bytes: &'i [u8]) -> Result<Base<'i>, LineError> {
        match profile {
            Profile::Iri => base_iri(bytes).map(Base::Iri),
            Profile::Java => parse_java(bytes)
                .map(Base::Java)
                .map_err(|e| LineError::java("base", e)),
            _ => base_uri(bytes).map(Base::Uri),
        }
    }

    /// Resolve `reference`, read by the base's profile, into `target`:
    /// by `resolver` (RFC 3986 5.2, RFC 3987 6.5), or java.net.URI's
    /// `resolve` (its own rules, no options).
    fn resolve_into(
        &self,
        resolver: &Resolver,
        reference: &[u8],
        target: &mut String,
    ) -> Result<(), LineError> {
        let resolved = match self {
            Base::Uri(b) => {
                let r =
                    UriRef::parse_bytes(reference).map_err(|e| LineError::parse("reference", e))?;
                return resolver
                    .resolve_into(*b, r, target)
                    .map_err(|e| LineError::resolve("reference", e));
            }
            Base::Iri(b) => {
                let r =
                    IriRef::parse_bytes(reference).map_err(|e| LineError::parse("reference", e))?;
                b.resolve_with(resolver, r)
                    .map_err(|e| LineError::resolve("reference", e))?
                    .into_string()
            }
            Base::Java(b) => {
                let r = parse_java(reference).map_err(|e| LineError::java("reference", e))?;
                b.resolve(&r)
            }
        };
        target.push_str(&resolved);
        Ok(())
    }
}

/// Split a `--pairs` line at its first tab.
pub(crate) fn split_pair(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let tab = line.iter().position(|&b| b == b'\t')?;
    Some((&line[..tab], &line[tab + 1..]))
}

/// One input of `resolve` or `relative`: the whole input (a line, or an
/// argument), the base's text and the base, the second part, and where the
/// input is.
pub(crate) struct PairInput<'i, 'l> {
    pub line: &'i [u8],
    pub base_text: &'i [u8],
    pub base: Result<Base<'i>, LineError>,
    pub second: Option<&'i [u8]>,
    pub loc: Loc<'l>,
}

/// Call `one` with each (base, second) input: `BASE<TAB>SECOND` lines of
/// standard input or the files of -i with `--pairs`, else the BASE argument
/// with each SECOND argument (or line). A bad pair line reaches `one` as an
/// error; a bad BASE argument is a usage error. `profile` reads the bases.
pub(crate) fn for_each_pair(
    pairs: bool,
    profile: Profile,
    base_arg: Option<&OsString>,
    seconds: &[OsString],
    input: &InputArgs,
    second_name: &'static str,
    mut one: impl for<'i, 'l> FnMut(PairInput<'i, 'l>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if pairs {
        return Inputs::lines_only(input).each(|line, loc| {
            one(match split_pair(line) {
                Some((base_text, second)) => PairInput {
                    line,
                    base_text,
                    base: Base::read(profile, base_text),
                    second: Some(second),
                    loc,
                },
                None => PairInput {
                    line,
                    base_text: line,
                    base: Err(LineError::no_tab("BASE", second_name)),
                    second: None,
                    loc,
                },
            })
        });
    }
    // Required by clap unless --pairs.
    let Some(base_arg) = base_arg else {
        return Err(UsageError("missing BASE".into()).into());
    };
    let base = parse_base(base_arg, profile)?;
    let base_text = base_arg.as_encoded_bytes();
    Inputs::new(seconds, input).each(|second, loc| {
        one(PairInput {
            line: second,
            base_text,
            base: Ok(base),
            second: Some(second),
            loc,
        })
    })
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    // One loop for every profile: the profile is a value that reads the
    // bases, and each base reads and resolves its references. `--rfc2396`
    // is a way of resolving (the resolver's), read as RFC 3986.
    let profile = profile::from_flags(args.iri, false, args.java);
    let resolver = Resolver::new()
        .non_strict(args.non_strict)
        .rfc2396(args.rfc2396);
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    let mut target = String::new();
    let json = args.output.json;
    let keep_invalid = args.output.keep_invalid;

    let mut one = |out: &mut Output, p: PairInput<'_, '_>| -> anyhow::Result<()> {
        let (base_text, reference) = (p.base_text, p.second);
        target.clear();
        let result = p.base.and_then(|b| {
            // A line without a tab has its error in `base` already.
            let r = reference.ok_or_else(|| LineError::no_tab("BASE", "REF"))?;
            b.resolve_into(&resolver, r, &mut target)
        });
        status = status.flag_if(result.is_err());
        let result = result.map(|()| target.as_str());
        write_result(
            out,
            json,
            keep_invalid,
            (p.line, p.loc),
            base_text,
            reference,
            result,
        )
    };

    for_each_pair(
        args.pairs,
        profile,
        args.base.as_ref(),
        &args.refs,
        &args.input,
        "REF",
        |p| one(out, p),
    )?;
    Ok(status)
}

/// `{"base","reference","target"}` or `{"base","reference","error"}` (the
/// reference null for a `--pairs` line without a tab).
#[derive(Serialize)]
struct ResolveRecord<'a> {
    base: Cow<'a, str>,
    reference: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a LineError>,
}

/// One answer of `uri resolve`: the target, or the error (on standard
/// error, or in the JSON object).
fn write_result(
    out: &mut Output,
    json: bool,
    keep_invalid: bool,
    (line, loc): (&[u8], Loc<'_>),
    base_text: &[u8],
    reference: Option<&[u8]>,
    result: Result<&str, LineError>,
) -> anyhow::Result<()> {
    if json {
        let (target, error) = match &result {
            Ok(target) => (Some(*target), None),
            Err(e) => (None, Some(e)),
        };
        let record = ResolveRecord {
            base: lossy(base_text),
            reference: reference.map(lossy),
            target,
            error,
        };
        write_record(out, &record)?;
    } else {
        match &result {
            Ok(target) => out.line(target.as_bytes())?,
            Err(e) => {
                out.report(loc, &e.message);
                if keep_invalid {
                    out.line(line)?;
                }
            }
        }
    }
    Ok(())
}
