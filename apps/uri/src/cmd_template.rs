//! `uri template`: expand URI Templates, match URIs against one, check
//! templates (RFC 6570).

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::Write;

use anyhow::Context;
use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::{Map, Value as Json};
use urikit::rfc6570::{Ambiguity, Captures, MatchMode, Matcher, Template, TemplateError, VarValue};

use crate::common::{
    InputArgs, Inputs, Output, OutputArgs, Status, UsageError, caret_text, lossy, named,
    write_record,
};

/// Expand URI Templates, match URIs against one, check templates (RFC 6570)
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(clap::Subcommand, Debug)]
enum Cmd {
    Expand(ExpandArgs),
    Match(MatchArgs),
    Check(CheckArgs),
}

/// Expand a template with variables and print the result
///
/// Variables come from `--vars` (a JSON object: strings, numbers, arrays
/// for lists, objects for associative arrays, null for undefined) and
/// `--var NAME=VALUE`, which win over `--vars`. In `--var`, commas make a
/// list (`--var tags=a,b`); for a string with commas use `--vars`. Exit 1
/// when the template is invalid or cannot be expanded with these values.
#[derive(clap::Args, Debug)]
pub struct ExpandArgs {
    /// The variables as a JSON object.
    #[arg(long, value_name = "JSON")]
    vars: Option<String>,
    /// One variable (repeatable); commas in VALUE make a list.
    #[arg(long = "var", value_name = "NAME=VALUE")]
    var: Vec<String>,
    /// Check that the result is a URI reference (RFC 3986); exit 1 if not.
    #[arg(long)]
    uri: bool,
    /// The template.
    #[arg(value_name = "TEMPLATE")]
    template: String,
}

/// Match URIs against a template and print their variables as JSON Lines
///
/// One line per URI: `{"input":…,"match":true,"vars":{…}}` with strings,
/// lists and objects, then `"rest":[[name,value],…]` when the URI has
/// query parameters the template does not name, and
/// `"hazards":[{"variable":…,"kind":…}]` when a decoded path value holds a `/`
/// or `\` or is `.`/`..` (kinds `separator-in-segment`, `dot-segment`);
/// or `{"input":…,"match":false}` (with `"error":"uri-too-long"` past the
/// limit, `"error":"invalid-utf8"` for a line that is not UTF-8). With no URI, reads one per line from standard input.
///
/// The default is the exact mode, as in the library, Python and
/// JavaScript: only what expanding the template can write matches.
/// `--mode lenient` (`--lenient`) reads URIs as clients and logs have
/// them: query parameters in any order and optional, unnamed ones left in
/// "rest", raw `:`, `/`, `@`, `+` accepted in values (`+` stays `+`;
/// `--mode lenient-form` (`--form`) makes it a space), the first of
/// duplicates wins, URIs up to 64 KiB.
/// Exit 1 when some URI does not match, 2 when the template is invalid or
/// cannot be matched unambiguously.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The template.
    #[arg(value_name = "TEMPLATE")]
    template: String,
    /// The URIs to match.
    #[arg(value_name = "URI")]
    uris: Vec<OsString>,
    /// exact (the default: the inverse of expansion), lenient or
    /// lenient-form: see above.
    #[arg(long, value_name = "MODE", value_parser = named::<MatchMode>(),
          conflicts_with_all = ["lenient", "exact", "form"])]
    mode: Option<MatchMode>,
    /// `--mode lenient`.
    #[arg(long, conflicts_with = "exact")]
    lenient: bool,
    /// `--mode exact`, the default.
    #[arg(long)]
    exact: bool,
    /// `--mode lenient-form`: lenient, and `+` in a query value is a space
    /// (form encoding).
    #[arg(long, conflicts_with = "exact")]
    form: bool,
    #[command(flatten)]
    input: InputArgs,
}

/// Check templates: valid, and matchable or why not
///
/// With no template, reads one per line from standard input. Exit 1 when
/// some template is invalid (one that is valid but not matchable is fine).
/// "Matchable" is as `match --lenient` reads (the wider mode); a template only
/// the lenient mode can read (`{+path}{?q}`: the `+` value ends at the
/// first `?`) says so, with the exact mode's reason. JSON:
/// `{"template","valid","variables","matchable","matchable_exact"}`, with
/// `"index"` and `"reason"` when some mode refuses it.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    output: OutputArgs,
    /// The templates.
    #[arg(value_name = "TEMPLATE")]
    templates: Vec<OsString>,
    #[command(flatten)]
    input: InputArgs,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    match args.cmd {
        Cmd::Expand(a) => expand(a, out),
        Cmd::Match(a) => run_match(a, out),
        Cmd::Check(a) => check(a, out),
    }
}

/// The variables of `--vars` and `--var`.
fn variables(args: &ExpandArgs) -> anyhow::Result<Map<String, Json>> {
    let mut vars = match &args.vars {
        None => Map::new(),
        Some(text) => match serde_json::from_str(text) {
            Ok(Json::Object(m)) => m,
            Ok(_) => return Err(UsageError("--vars: not a JSON object".into()).into()),
            Err(e) => return Err(UsageError(format!("--vars: invalid JSON: {e}")).into()),
        },
    };
    for v in &args.var {
        let Some((name, value)) = v.split_once('=') else {
            return Err(UsageError(format!("--var {v:?}: expected NAME=VALUE")).into());
        };
        let value = if value.contains(',') {
            Json::Array(value.split(',').map(|s| Json::String(s.into())).collect())
        } else {
            Json::String(value.into())
        };
        vars.insert(name.into(), value);
    }
    Ok(vars)
}

/// The input and a caret under the error, for standard error.
fn caret(input: &str, index: usize, message: &str) -> String {
    caret_text(input.as_bytes(), index, message)
}

/// A caret under the error, on standard error.
fn diagnose(input: &str, index: usize, message: &str) {
    eprintln!("{}", caret(input, index, message));
}

fn expand(args: ExpandArgs, out: &mut Output) -> anyhow::Result<Status> {
    let vars = variables(&args)?;
    let t = match Template::parse(&args.template) {
        Ok(t) => t,
        Err(e) => {
            diagnose(&args.template, e.index(), &e.to_string());
            return Ok(Status::Flagged);
        }
    };
    let result = if args.uri {
        t.expand_uri(&vars).map(|u| u.into_string())
    } else {
        t.expand(&vars)
    };
    match result {
        Ok(s) => {
            writeln!(out, "{s}")?;
            Ok(Status::Ok)
        }
        Err(e) => {
            match e.kind() {
                urikit::rfc6570::ExpandErrorKind::InvalidUri(_) => {
                    let text = t.expand(&vars).unwrap_or_default();
                    diagnose(&text, e.index(), &e.to_string());
                }
                _ => diagnose(&args.template, e.index(), &e.to_string()),
            }
            Ok(Status::Flagged)
        }
    }
}

fn matcher_for(text: &str, mode: MatchMode) -> anyhow::Result<Matcher<'_>> {
    let t = Template::parse(text).map_err(|e: TemplateError| {
        UsageError(format!(
            "invalid template\n{}",
            caret(text, e.index(), &e.to_string())
        ))
    })?;
    let m = Matcher::with_mode(t, mode).map_err(|e: Ambiguity| {
        let only = match Matcher::with_mode(t, MatchMode::Lenient) {
            Ok(_) => " in the exact mode (it is in the lenient one)",
            Err(_) => "",
        };
        UsageError(format!(
            "template not matchable{only}\n{}",
            caret(text, e.index(), e.kind().message())
        ))
    })?;
    Ok(m)
}

/// The variables of a match as a JSON object, in the template's order:
/// a string, a list as an array, an associative array as an object.
struct Vars<'a, 't>(&'a Captures<'t>);

impl Serialize for Vars<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for (name, value) in self.0.iter() {
            map.serialize_entry(name, &Var(value))?;
        }
        map.end()
    }
}

struct Var<'a>(&'a VarValue);

impl Serialize for Var<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            VarValue::String(v) => s.serialize_str(v),
            VarValue::List(items) => s.collect_seq(items),
            VarValue::Assoc(pairs) => s.collect_map(pairs.iter().map(|(k, v)| (k, v))),
            // VarValue may grow: show anything new by its debug form.
            #[allow(unreachable_patterns)]
            other => s.serialize_str(&format!("{other:?}")),
        }
    }
}

/// `{"input","match":true,"vars"}` with `"rest":[[name,value],...]` and
/// `"hazards":[{"variable","kind","message","var"}]` when not empty; `{"input","match":false}`,
/// with `"error"` when the URI could not be tried.
#[derive(Serialize)]
struct MatchRecord<'a, 't> {
    input: Cow<'a, str>,
    #[serde(rename = "match")]
    matched: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    vars: Option<Vars<'a, 't>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rest: Option<Vec<[&'a str; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hazards: Option<Vec<HazardRecord<'a, 'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'static str>,
}

/// The one hazard record (`{"variable","kind","message"}`, as Python and JavaScript
/// have it), and `"var"`, this command's old key for the variable, kept
/// for one release.
#[derive(Serialize)]
struct HazardRecord<'h, 't> {
    #[serde(flatten)]
    record: urikit_views::record::HazardRecord<'h, 't>,
    var: &'t str,
}

/// `{"template","valid":true,"variables","matchable"}`, with the "index"
/// and "reason" of what makes it not matchable.
#[derive(Serialize)]
struct CheckRecord<'a> {
    template: &'a str,
    valid: bool,
    variables: Vec<&'a str>,
    matchable: bool,
    /// Matchable in the exact mode (`--exact`) as well.
    matchable_exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

/// `{"template","valid":false,"index","error"}`.
#[derive(Serialize)]
struct InvalidTemplate<'a> {
    template: Cow<'a, str>,
    valid: bool,
    index: usize,
    error: String,
}

fn run_match(args: MatchArgs, out: &mut Output) -> anyhow::Result<Status> {
    let mode = match (args.mode, args.form, args.lenient) {
        (Some(mode), _, _) => mode,
        (None, true, _) => MatchMode::LenientForm,
        (None, false, true) => MatchMode::Lenient,
        (None, false, false) => MatchMode::Exact,
    };
    let m = matcher_for(&args.template, mode)?;
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.uris, &args.input).each_text(|input, text, loc| {
        let found = match text {
            Some(s) => m.try_matches(s),
            None => Ok(None),
        };
        let mut record = MatchRecord {
            input: lossy(input),
            matched: false,
            vars: None,
            rest: None,
            hazards: None,
            error: None,
        };
        match &found {
            Ok(Some(c)) => {
                record.matched = true;
                record.vars = Some(Vars(c));
                record.rest = (!c.rest().is_empty())
                    .then(|| c.rest().iter().map(|(n, v)| [&**n, &**v]).collect());
                record.hazards = (!c.hazards().is_empty()).then(|| {
                    c.hazards()
                        .iter()
                        .map(|h| HazardRecord {
                            record: urikit_views::record::HazardRecord(h),
                            var: h.name(),
                        })
                        .collect()
                });
            }
            // Not UTF-8: not tried, and its record says why.
            Ok(None) if text.is_none() => {
                status = Status::Flagged;
                out.report(loc, "not UTF-8: not matched");
                record.error = Some(urikit::ErrorKind::InvalidUtf8.name());
            }
            Ok(None) => status = Status::Flagged,
            Err(e) => {
                status = Status::Flagged;
                out.report(loc, &e.to_string());
                record.error = Some(e.kind().name());
            }
        }
        write_record(out, &record)?;
        out.end_line().context("writing the output")?;
        Ok(())
    })?;
    Ok(status)
}

fn check(args: CheckArgs, out: &mut Output) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.templates, &args.input).each_text(|input, text, loc| {
        let parsed = match text {
            Some(s) => Template::parse(s).map_err(|e| (e.index(), e.to_string())),
            None => Err((
                std::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), |_| 0),
                "invalid utf-8".to_string(),
            )),
        };
        match parsed {
            Err((index, message)) => {
                status = Status::Flagged;
                if args.output.json {
                    let record = InvalidTemplate {
                        template: lossy(input),
                        valid: false,
                        index,
                        error: message,
                    };
                    write_record(out, &record)?;
                } else {
                    out.report_caret(loc, input, index, &message);
                }
            }
            Ok(t) => {
                // As `match --lenient` reads (the wider mode); the exact mode's
                // reason when only that one refuses.
                let lenient = Matcher::with_mode(t, MatchMode::Lenient);
                let exact = lenient.as_ref().map(|m| m.exact_ambiguity());
                let matchable = match exact {
                    Ok(Some(e)) | Err(&e) => Err(e),
                    Ok(None) => Ok(()),
                };
                let vars: Vec<&str> = t.variables().collect();
                if args.output.json {
                    let record = CheckRecord {
                        template: t.as_str(),
                        valid: true,
                        variables: vars,
                        matchable: lenient.is_ok(),
                        matchable_exact: matchable.is_ok(),
                        index: matchable.as_ref().err().map(|e| e.index()),
                        reason: matchable.as_ref().err().map(|e| e.kind().message()),
                    };
                    write_record(out, &record)?;
                } else {
                    match &matchable {
                        Ok(_) => writeln!(out, "{}  valid, matchable", t.as_str())?,
                        Err(e) if lenient.is_ok() => writeln!(
                            out,
                            "{}  valid, matchable in the lenient mode only (exact: {} at index {})",
                            t.as_str(),
                            e.kind().message(),
                            e.index()
                        )?,
                        Err(e) => writeln!(
                            out,
                            "{}  valid, not matchable: {} at index {}",
                            t.as_str(),
                            e.kind().message(),
                            e.index()
                        )?,
                    }
                }
            }
        }
        out.end_line().context("writing the output")?;
        Ok(())
    })?;
    Ok(status)
}
