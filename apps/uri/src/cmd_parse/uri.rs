//! `uri parse` on URI references: the tuned path (the parse and one line
//! per input).

use std::io::Write;

use urikit::{HostData, HostKind, ParseError, Rule, UriRef, validate};

use super::args::{Args, ParseRecord, RuleRecord, port_number};
use crate::common::{
    ErrorRecord, Inputs, InvalidRecord, Output, Status, UsageError, WINDOW, lossy, write_record,
};

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let rule = <Rule as urikit::names::Named>::parse_name(&args.rule)
        .map_err(|e| UsageError(e.to_string()))?;
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    let inputs = Inputs::new(&args.refs, &args.input);
    if args.check && !args.output.json && rule == Rule::UriReference {
        // The validity check over a large input: nothing but the parse and
        // a report for each failure.
        inputs.each_text_within(|input, text, _, loc| {
            let failed = match text {
                Some(t) => UriRef::parse(t).err(),
                None => UriRef::parse_bytes(input).err(),
            };
            if let Some(e) = failed {
                status = Status::Flagged;
                out.report_uri_error(loc, input, &e);
            }
            Ok(())
        })?;
        return Ok(status);
    }
    if !args.fields.is_empty() {
        if !matches!(
            rule,
            Rule::UriReference | Rule::Uri | Rule::AbsoluteUri | Rule::RelativeRef
        ) {
            return Err(UsageError(format!(
                "--field needs a rule that gives components (URI-reference, URI, absolute-URI, relative-ref), not {}",
                rule.name()
            ))
            .into());
        }
        inputs.each_text(|input, text, loc| {
            match check(rule, input, text) {
                Ok(Some(r)) => super::write_fields(out, &args.fields, args.output.json, |f| {
                    f.of(&r).map(Into::into)
                })?,
                // The rules allowed here always give a reference.
                Ok(None) => {}
                Err(e) => {
                    status = Status::Flagged;
                    if args.output.json {
                        write_result(out, rule, input, Err(e))?;
                    } else {
                        out.report_uri_error(loc, input, &e);
                        if args.output.keep_invalid {
                            out.line(input)?;
                        }
                    }
                }
            }
            Ok(())
        })?;
        return Ok(status);
    }
    if args.output.json && rule == Rule::UriReference {
        // JSON Lines over a large input: the parse and one line per input.
        return match out.eol() {
            b'\n' => json_lines::<b'\n'>(&inputs, out, args.check),
            _ => json_lines::<0>(&inputs, out, args.check),
        };
    }
    let mut first = true;
    inputs.each_text(|input, text, loc| {
        let result = check(rule, input, text);
        status = status.flag_if(result.is_err());
        if args.check && result.is_ok() {
            return Ok(());
        }
        if args.output.json {
            write_result(out, rule, input, result)?;
            return Ok(());
        }
        match result {
            Err(e) => out.report_uri_error(loc, input, &e),
            Ok(parsed) => {
                if !first {
                    writeln!(out)?;
                }
                first = false;
                write_human(out, rule, input, parsed)?;
            }
        }
        Ok(())
    })?;
    Ok(status)
}

/// `uri parse --json` over a large input: the parse and one line per input
/// (only the invalid ones with `check`). `EOL` ends each line.
///
/// The one JSON line of the CLI still written by hand ([`write_json_valid`],
/// the same bytes as [`ParseRecord`] through serde_json): over
/// gsd-urls.txt (564,678 lines) it takes about 31 ms of CPU, the record
/// through serde_json about 280 ms (hyperfine 1.15, user time, `uri parse --json -i gsd-urls.txt`, 20 runs).
fn json_lines<const EOL: u8>(
    inputs: &Inputs<'_>,
    out: &mut Output,
    check: bool,
) -> anyhow::Result<Status> {
    let mut status = Status::Ok;
    inputs.each_text_within(|input, text, within, _| {
        let result = match text {
            Some(t) => UriRef::parse(t),
            None => UriRef::parse_bytes(input),
        };
        // By reference: moving the parsed value out costs a stalled
        // copy of the whole struct.
        match &result {
            Ok(r) if !check => write_json_valid::<EOL>(out, r, within)?,
            Ok(_) => {}
            Err(e) => {
                status = Status::Flagged;
                write_result(out, Rule::UriReference, input, Err(*e))?;
            }
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

fn write_result(
    out: &mut Output,
    rule: Rule,
    input: &[u8],
    result: Result<Option<UriRef<'_>>, ParseError>,
) -> anyhow::Result<()> {
    match result {
        Ok(Some(r)) => write_record(out, &ParseRecord::of_uri(&r))?,
        Ok(None) => write_record(
            out,
            &RuleRecord {
                input: lossy(input),
                valid: true,
                rule: rule.name(),
            },
        )?,
        Err(e) => write_record(out, &InvalidRecord::new(input, ErrorRecord::from(&e)))?,
    }
    Ok(())
}

/// The JSON line of a parsed reference. Its text is printable ASCII without
/// `"` or `\\` (RFC 3986 allows nothing else), so every part goes out as it
/// is; the keys and the JSON between the parts go out as constant strings.
/// `within` is the text, perhaps with more bytes after it that the parts
/// may be copied with (see [`crate::common::Cursor::put_within`]).
/// `EOL` ends the line (see [`Output::write_line`]).
fn write_json_valid<const EOL: u8>(
    out: &mut Output,
    r: &UriRef<'_>,
    within: &[u8],
) -> anyhow::Result<()> {
    let s = r.as_str();
    debug_assert!(
        s.bytes()
            .all(|b| (0x21..0x7f).contains(&b) && b != b'"' && b != b'\\')
    );
    // The parts add up to at most twice the text (the authority repeats its
    // userinfo, host and port), the JSON around them to under 256 bytes,
    // and a part may be copied with up to a window of bytes after it.
    out.write_line::<EOL>(3 * s.len() + 256 + WINDOW, |out| {
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
                        // The number (`port_number`), then the digits.
                        match port_number(Some(port)) {
                            Some(n) => out.put(itoa(n, &mut [0; 5])),
                            None => out.put(b"null"),
                        }
                        out.put(b",\"port_text\":\"");
                        out.put_within(within, port.as_bytes());
                        out.put(b"\",\"path\":\"");
                    }
                    None => out.put(b"null,\"port_text\":null,\"path\":\""),
                }
            }
            // A reference without an authority has no host either.
            _ => out.put(
                b"null,\"userinfo\":null,\"host\":null,\"host_kind\":null,\"port\":null,\"port_text\":null,\"path\":\"",
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
    parsed: Option<UriRef<'_>>,
) -> anyhow::Result<()> {
    let Some(r) = parsed else {
        writeln!(out, "{}", crate::common::escape_bytes(input))?;
        writeln!(out, "  valid      {}", rule.name())?;
        return Ok(());
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

/// The decimal digits of `n`, written into `buf`.
fn itoa(mut n: u16, buf: &mut [u8; 5]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
}
