//! `uri parse`: validate and take apart URI references.

use std::ffi::OsString;
use std::io::Write;

use urikit::{validate, HostData, ParseError, Rule, UriRef};

use crate::common::{
    for_each_input_text, json_bytes, json_error, json_raw, json_raw_opt, json_str, write_caret,
    Output, Status, UsageError,
};

/// Validate URI references and show their components (RFC 3986, Appendix A).
///
/// With no REF, reads one reference per line from standard input.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print JSON Lines: one object per input.
    #[arg(long)]
    json: bool,
    /// Print only the inputs that are invalid (a validity check; the exit
    /// status says whether any was).
    #[arg(long)]
    check: bool,
    /// The ABNF rule to match: URI-reference (default), URI, absolute-URI,
    /// relative-ref, or any other rule of Appendix A (for those, only
    /// validity is reported).
    #[arg(long, value_name = "RULE", default_value = "URI-reference")]
    rule: String,
    /// The references to parse.
    #[arg(value_name = "REF")]
    refs: Vec<OsString>,
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let rule = Rule::from_name(&args.rule).ok_or_else(|| {
        let names: Vec<&str> = Rule::ALL.iter().map(|r| r.name()).collect();
        UsageError(format!(
            "unknown rule '{}' (one of: {})",
            args.rule,
            names.join(", ")
        ))
    })?;
    let mut status = Status::Ok;
    if args.check && !args.json && rule == Rule::UriReference {
        // The validity check over a large input: nothing but the parse and
        // a report for each failure.
        for_each_input_text(&args.refs, |input, text| {
            let failed = match text {
                Some(t) => UriRef::parse(t).err(),
                None => UriRef::parse_bytes(input).err(),
            };
            if let Some(e) = failed {
                status = Status::Flagged;
                write_caret(out, input, e.index(), &e.to_string())?;
            }
            Ok(())
        })?;
        return Ok(status);
    }
    let mut first = true;
    for_each_input_text(&args.refs, |input, text| {
        let result = check(rule, input, text);
        status = status.flag_if(result.is_err());
        if args.check && result.is_ok() {
            return Ok(());
        }
        if args.json {
            write_json(out.buffer(), rule, input, result)?;
            out.end_line()?;
        } else {
            if !first {
                writeln!(out)?;
            }
            first = false;
            write_human(out, rule, input, result)?;
        }
        Ok(())
    })?;
    Ok(status)
}

/// Parse `input` against `rule`: the parsed reference for the four rules
/// that produce one, `None` for the others.
fn check<'a>(
    rule: Rule,
    input: &'a [u8],
    text: Option<&'a str>,
) -> Result<Option<UriRef<'a>>, ParseError> {
    if let (Rule::UriReference, Some(text)) = (rule, text) {
        return UriRef::parse(text).map(Some);
    }
    let parsed = UriRef::parse_bytes(input);
    match rule {
        Rule::UriReference => parsed.map(Some),
        Rule::Uri | Rule::AbsoluteUri | Rule::RelativeRef => {
            // The byte-level entry point reports invalid UTF-8; the rule
            // check then runs on the text.
            let text = match std::str::from_utf8(input) {
                Ok(t) => t,
                Err(_) => return parsed.map(Some),
            };
            validate(rule, text)?;
            UriRef::parse(text).map(Some)
        }
        _ => match std::str::from_utf8(input) {
            Ok(text) => validate(rule, text).map(|()| None),
            Err(_) => parsed.map(|_| None),
        },
    }
}

fn write_json(
    out: &mut Vec<u8>,
    rule: Rule,
    input: &[u8],
    result: Result<Option<UriRef<'_>>, ParseError>,
) -> anyhow::Result<()> {
    out.extend_from_slice(b"{\"input\":");
    match &result {
        Ok(Some(r)) => json_raw(out, r.as_str()),
        _ => json_bytes(out, input)?,
    }
    match result {
        Ok(None) => {
            out.write_all(b",\"valid\":true,\"rule\":")?;
            json_str(out, rule.name())?;
        }
        Ok(Some(r)) => {
            // A valid reference is printable ASCII without '"' or '\\':
            // its parts go out as they are.
            out.extend_from_slice(b",\"valid\":true,\"kind\":");
            out.extend_from_slice(if r.is_relative() {
                b"\"relative\""
            } else {
                b"\"uri\""
            });
            for (key, value) in [
                (&b",\"scheme\":"[..], r.scheme()),
                (b",\"authority\":", r.authority()),
                (b",\"userinfo\":", r.userinfo()),
                (b",\"host\":", r.host_str()),
                (b",\"host_kind\":", r.host_kind().map(|k| k.name())),
                (b",\"port\":", r.port()),
                (b",\"path\":", Some(r.path())),
                (b",\"query\":", r.query()),
                (b",\"fragment\":", r.fragment()),
            ] {
                out.extend_from_slice(key);
                json_raw_opt(out, value);
            }
        }
        Err(e) => {
            out.write_all(b",\"valid\":false,\"error\":")?;
            json_error(out, &e)?;
        }
    }
    out.write_all(b"}\n")?;
    Ok(())
}

fn write_human(
    out: &mut Output,
    rule: Rule,
    input: &[u8],
    result: Result<Option<UriRef<'_>>, ParseError>,
) -> anyhow::Result<()> {
    let r = match result {
        Err(e) => {
            write_caret(out, input, e.index(), &e.to_string())?;
            return Ok(());
        }
        Ok(None) => {
            writeln!(out, "{}", String::from_utf8_lossy(input))?;
            writeln!(out, "  valid      {}", rule.name())?;
            return Ok(());
        }
        Ok(Some(r)) => r,
    };
    // The input again, with the userinfo set apart: it comes before the
    // real host and is where misleading text hides (RFC 3986, 7.6).
    match r.userinfo() {
        Some(ui) => {
            // The authority starts after "scheme://" or "//".
            let start = r.scheme().map_or(0, |s| s.len() + 1) + 2;
            let s = r.as_str();
            out.write_all(&s.as_bytes()[..start])?;
            out.styled("1;33", ui)?;
            out.write_all(b"@")?;
            writeln!(out, "{}", &s[start + ui.len() + 1..])?;
        }
        None => writeln!(out, "{}", r.as_str())?,
    }
    let q = |v: Option<&str>| v.map_or_else(|| "none".to_string(), |v| format!("\"{v}\""));
    writeln!(
        out,
        "  kind       {}",
        if r.is_relative() {
            "relative reference"
        } else {
            "URI"
        }
    )?;
    writeln!(out, "  scheme     {}", q(r.scheme()))?;
    writeln!(out, "  authority  {}", q(r.authority()))?;
    if let Some(ui) = r.userinfo() {
        write!(out, "  userinfo   ")?;
        out.styled("1;33", &format!("\"{ui}\""))?;
        writeln!(out, "  (before the '@': not the host)")?;
    } else {
        writeln!(out, "  userinfo   none")?;
    }
    match r.host() {
        Some(h) => {
            let detail = match h.data() {
                HostData::RegName(_) => "reg-name".to_string(),
                HostData::Ipv4(a) => format!("IPv4 {a}"),
                HostData::Ipv6(a) => format!("IPv6 {a}"),
                HostData::IpvFuture { version, .. } => format!("IPvFuture, version {version}"),
                _ => h.kind().name().to_string(),
            };
            writeln!(out, "  host       \"{}\"  ({detail})", h.as_str())?;
        }
        None => writeln!(out, "  host       none")?,
    }
    match (r.port(), r.port_u16()) {
        (Some(p), Err(e)) => writeln!(out, "  port       \"{p}\"  ({e})")?,
        (p, _) => writeln!(out, "  port       {}", q(p))?,
    }
    writeln!(out, "  path       \"{}\"", r.path())?;
    writeln!(out, "  query      {}", q(r.query()))?;
    writeln!(out, "  fragment   {}", q(r.fragment()))?;
    Ok(())
}
