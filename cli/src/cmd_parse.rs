//! `uri parse`: validate and take apart URI references.

use std::ffi::OsString;
use std::io::Write;

use urikit::{validate, HostData, HostKind, ParseError, Rule, UriRef};

use crate::common::{
    for_each_input_text, for_each_input_text_within, json_bytes, json_error, json_str, write_caret,
    Output, Status, UsageError, WINDOW,
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
    if args.json && rule == Rule::UriReference {
        // JSON Lines over a large input: the parse and one line per input.
        for_each_input_text_within(&args.refs, |input, text, within| {
            let result = match text {
                Some(t) => UriRef::parse(t),
                None => UriRef::parse_bytes(input),
            };
            // By reference: moving the parsed value out costs a stalled
            // copy of the whole struct.
            match &result {
                Ok(r) if !args.check => write_json_valid(out, r, within)?,
                Ok(_) => {}
                Err(e) => {
                    status = Status::Flagged;
                    write_json(out, rule, input, Err(*e))?;
                }
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
            write_json(out, rule, input, result)?;
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
    out: &mut Output,
    rule: Rule,
    input: &[u8],
    result: Result<Option<UriRef<'_>>, ParseError>,
) -> anyhow::Result<()> {
    if let Ok(Some(r)) = &result {
        return write_json_valid(out, r, r.as_str().as_bytes());
    }
    out.write_all(b"{\"input\":")?;
    json_bytes(out, input)?;
    match result {
        Ok(_) => {
            out.write_all(b",\"valid\":true,\"rule\":")?;
            json_str(out, rule.name())?;
        }
        Err(e) => {
            out.write_all(b",\"valid\":false,\"error\":")?;
            json_error(out, &e)?;
        }
    }
    out.write_all(b"}\n")?;
    out.end_line()?;
    Ok(())
}

/// The JSON line of a parsed reference. Its text is printable ASCII without
/// `"` or `\\` (RFC 3986 allows nothing else), so every part goes out as it
/// is; the keys and the JSON between the parts go out as constant strings.
/// `within` is the text, perhaps with more bytes after it that the parts
/// may be copied with (see [`crate::common::Cursor::put_within`]).
fn write_json_valid(out: &mut Output, r: &UriRef<'_>, within: &[u8]) -> anyhow::Result<()> {
    let s = r.as_str();
    debug_assert!(s
        .bytes()
        .all(|b| (0x21..0x7f).contains(&b) && b != b'"' && b != b'\\'));
    // The parts add up to at most twice the text (the authority repeats its
    // userinfo, host and port), the JSON around them to under 256 bytes,
    // and a part may be copied with up to a window of bytes after it.
    out.write_line(3 * s.len() + 256 + WINDOW, |out| {
        out.put(b"{\"input\":\"");
        out.put_within(within, s.as_bytes());
        match r.scheme() {
            Some(scheme) => {
                out.put(b"\",\"valid\":true,\"kind\":\"uri\",\"scheme\":\"");
                out.put_within(within, scheme.as_bytes());
                out.put(b"\",\"authority\":");
            }
            None => out.put(
                b"\",\"valid\":true,\"kind\":\"relative\",\"scheme\":null,\"authority\":",
            ),
        }
        match (r.authority(), r.host()) {
            (Some(authority), Some(host)) => {
                out.put(b"\"");
                out.put_within(within, authority.as_bytes());
                match r.userinfo() {
                    Some(userinfo) => {
                        out.put(b"\",\"userinfo\":\"");
                        out.put_within(within, userinfo.as_bytes());
                        out.put(b"\",\"host\":\"");
                    }
                    None => out.put(b"\",\"userinfo\":null,\"host\":\""),
                }
                out.put_within(within, host.as_str().as_bytes());
                match host.kind() {
                    HostKind::RegName => {
                        out.put(b"\",\"host_kind\":\"reg-name\",\"port\":");
                    }
                    HostKind::Ipv4 => out.put(b"\",\"host_kind\":\"ipv4\",\"port\":"),
                    HostKind::Ipv6 => out.put(b"\",\"host_kind\":\"ipv6\",\"port\":"),
                    kind => {
                        out.put(b"\",\"host_kind\":\"");
                        out.put(kind.name().as_bytes());
                        out.put(b"\",\"port\":");
                    }
                }
                match r.port() {
                    Some(port) => {
                        out.put(b"\"");
                        out.put_within(within, port.as_bytes());
                        out.put(b"\",\"path\":\"");
                    }
                    None => out.put(b"null,\"path\":\""),
                }
            }
            // A reference without an authority has no host either.
            _ => out.put(
                b"null,\"userinfo\":null,\"host\":null,\"host_kind\":null,\"port\":null,\"path\":\"",
            ),
        }
        out.put_within(within, r.path().as_bytes());
        match r.query() {
            Some(query) => {
                out.put(b"\",\"query\":\"");
                out.put_within(within, query.as_bytes());
                out.put(b"\",\"fragment\":");
            }
            None => out.put(b"\",\"query\":null,\"fragment\":"),
        }
        match r.fragment() {
            Some(fragment) => {
                out.put(b"\"");
                out.put_within(within, fragment.as_bytes());
                out.put(b"\"}\n");
            }
            None => out.put(b"null}\n"),
        }
    })?;
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
