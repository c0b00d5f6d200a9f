//! `uri template`: expand URI Templates, match URIs against one, check
//! templates (RFC 6570).

use std::ffi::OsString;
use std::io::Write;

use anyhow::Context;
use serde_json::{Map, Value as Json};
use urikit::rfc6570::{Ambiguity, Captures, MatchMode, Template, TemplateError, VarValue};

use crate::common::{
    InputArgs, Inputs, Output, OutputArgs, Status, UsageError, json_str, printable,
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
/// One line per URI: `{"uri":…,"match":true,"vars":{…}}` with strings,
/// lists and objects, then `"rest":[[name,value],…]` when the URI has
/// query parameters the template does not name, and
/// `"hazards":[{"var":…,"kind":…}]` when a decoded path value holds a `/`
/// or `\` or is `.`/`..` (kinds `separator-in-segment`, `dot-segment`);
/// or `{"uri":…,"match":false}` (with `"error":"uri-too-long"` past the
/// limit). With no URI, reads one per line from standard input.
///
/// The default is the lenient mode, for URIs as clients and logs have
/// them: query parameters in any order and optional, unnamed ones left in
/// "rest", raw `:`, `/`, `@`, `+` accepted in values (`+` stays `+`;
/// `--form` makes it a space), the first of duplicates wins, URIs up to
/// 64 KiB. `--exact` matches only what expanding the template can write.
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
    /// Lenient matching (the default): see above.
    #[arg(long, conflicts_with = "exact")]
    lenient: bool,
    /// Exact matching: the inverse of expansion.
    #[arg(long)]
    exact: bool,
    /// In lenient mode, `+` in a query value is a space (form encoding).
    #[arg(long, conflicts_with = "exact")]
    form: bool,
    #[command(flatten)]
    input: InputArgs,
}

/// Check templates: valid, and matchable or why not
///
/// With no template, reads one per line from standard input. Exit 1 when
/// some template is invalid (one that is valid but not matchable is fine).
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
    let (text, col) = printable(input.as_bytes(), index);
    format!("{text}\n{:col$}^ {message}", "")
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

fn template_for_matching(text: &str) -> anyhow::Result<Template<'_>> {
    let t = Template::parse(text).map_err(|e: TemplateError| {
        UsageError(format!(
            "invalid template\n{}",
            caret(text, e.index(), &e.to_string())
        ))
    })?;
    t.matcher().map_err(|e: Ambiguity| {
        UsageError(format!(
            "template not matchable\n{}",
            caret(text, e.index(), e.kind().message())
        ))
    })?;
    Ok(t)
}

fn write_vars(out: &mut Output, caps: &Captures<'_>) -> std::io::Result<()> {
    out.write_all(b"{")?;
    for (k, (name, value)) in caps.iter().enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        json_str(out, name)?;
        out.write_all(b":")?;
        match value {
            VarValue::String(s) => json_str(out, s)?,
            VarValue::List(items) => {
                out.write_all(b"[")?;
                for (i, s) in items.iter().enumerate() {
                    if i > 0 {
                        out.write_all(b",")?;
                    }
                    json_str(out, s)?;
                }
                out.write_all(b"]")?;
            }
            VarValue::Assoc(pairs) => {
                out.write_all(b"{")?;
                for (i, (k, v)) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.write_all(b",")?;
                    }
                    json_str(out, k)?;
                    out.write_all(b":")?;
                    json_str(out, v)?;
                }
                out.write_all(b"}")?;
            }
            // VarValue may grow: show anything new by its debug form.
            #[allow(unreachable_patterns)]
            other => json_str(out, &format!("{other:?}"))?,
        }
    }
    out.write_all(b"}")
}

fn run_match(args: MatchArgs, out: &mut Output) -> anyhow::Result<Status> {
    let t = template_for_matching(&args.template)?;
    let mode = match (args.exact, args.form) {
        (true, _) => MatchMode::Exact,
        (false, true) => MatchMode::LenientForm,
        (false, false) => MatchMode::Lenient,
    };
    let m = t
        .matcher()
        .map_err(|e| UsageError(e.to_string()))?
        .mode(mode);
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.uris, &args.input).each_text(|input, text, loc| {
        let found = match text {
            Some(s) => m.try_matches(s),
            None => Ok(None),
        };
        out.write_all(b"{\"uri\":")?;
        crate::common::json_bytes(out, input)?;
        match found {
            Ok(Some(c)) => {
                out.write_all(b",\"match\":true,\"vars\":")?;
                write_vars(out, &c)?;
                write_rest_and_hazards(out, &c)?;
            }
            Ok(None) => {
                status = Status::Flagged;
                out.write_all(b",\"match\":false")?;
            }
            Err(e) => {
                status = Status::Flagged;
                out.report(loc, &e.to_string());
                write!(out, ",\"match\":false,\"error\":\"{}\"", e.kind().name())?;
            }
        }
        out.write_all(b"}")?;
        out.newline()?;
        out.end_line().context("writing the output")?;
        Ok(())
    })?;
    Ok(status)
}

/// `,"rest":[…]` and `,"hazards":[…]`, each when not empty.
fn write_rest_and_hazards(out: &mut Output, caps: &Captures<'_>) -> std::io::Result<()> {
    if !caps.rest().is_empty() {
        out.write_all(b",\"rest\":[")?;
        for (i, (name, value)) in caps.rest().iter().enumerate() {
            out.write_all(if i > 0 { b",[" } else { b"[" })?;
            json_str(out, name)?;
            out.write_all(b",")?;
            json_str(out, value)?;
            out.write_all(b"]")?;
        }
        out.write_all(b"]")?;
    }
    if !caps.hazards().is_empty() {
        out.write_all(b",\"hazards\":[")?;
        for (i, h) in caps.hazards().iter().enumerate() {
            out.write_all(if i > 0 { b",{\"var\":" } else { b"{\"var\":" })?;
            json_str(out, h.name())?;
            write!(out, ",\"kind\":\"{}\"}}", h.kind().name())?;
        }
        out.write_all(b"]")?;
    }
    Ok(())
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
                    out.write_all(b"{\"template\":")?;
                    crate::common::json_bytes(out, input)?;
                    write!(out, ",\"valid\":false,\"index\":{index},\"error\":")?;
                    json_str(out, &message)?;
                    out.write_all(b"}")?;
                    out.newline()?;
                } else {
                    out.report_caret(loc, input, index, &message);
                }
            }
            Ok(t) => {
                let matchable = t.matcher();
                let vars: Vec<&str> = t.variables().collect();
                if args.output.json {
                    out.write_all(b"{\"template\":")?;
                    json_str(out, t.as_str())?;
                    out.write_all(b",\"valid\":true,\"variables\":[")?;
                    for (i, v) in vars.iter().enumerate() {
                        if i > 0 {
                            out.write_all(b",")?;
                        }
                        json_str(out, v)?;
                    }
                    write!(out, "],\"matchable\":{}", matchable.is_ok())?;
                    if let Err(e) = &matchable {
                        write!(out, ",\"index\":{},\"reason\":", e.index())?;
                        json_str(out, e.kind().message())?;
                    }
                    out.write_all(b"}")?;
                    out.newline()?;
                } else {
                    match &matchable {
                        Ok(_) => writeln!(out, "{}  valid, matchable", t.as_str())?,
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
