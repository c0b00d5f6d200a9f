//! `uri guard`: the SSRF guard (urikit-guard) over URLs.

use std::ffi::OsString;

use anyhow::Context;
use urikit_guard::{Client, Guard, Policy, RefusalKind};

use crate::common::{InputArgs, Inputs, Output, Status, UsageError, lossy, write_record};

/// Check URLs against an SSRF policy, as the client that fetches them reads
/// them. Prints `allowed<TAB>URL` or `refused<TAB>KIND<TAB>URL<TAB>why` per
/// input (the kinds are listed below the options). The default
/// policy allows the public internet only (every IANA special-purpose
/// range, embedded IPv4 forms, localhost and the cloud metadata names
/// refused); the default client is WHATWG (reqwest, Node fetch,
/// browsers). Offline by default: a name is checked by its name; with
/// --resolve it is looked up and every address checked. Exits 1 when any
/// input is refused. With --json: {"input", "allowed", "reason", "message",
/// "detail", "host", "port", "address",
/// "addresses"} per input (reason: the kind, or null).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print JSON Lines, one object per input.
    #[arg(long)]
    json: bool,
    /// The policy file (TOML, or JSON when it starts with `{`); see
    /// docs/guard.md for the keys.
    #[arg(long, value_name = "FILE")]
    policy: Option<OsString>,
    /// The client whose reading counts: whatwg (reqwest, fetch), curl,
    /// urllib3 (requests), httpx, yarl (aiohttp), rfc3986.
    #[arg(long, value_name = "NAME", default_value = "whatwg")]
    client: String,
    /// Look names up with the system resolver and check every address.
    #[arg(long)]
    resolve: bool,
    #[command(flatten)]
    input: InputArgs,
    /// The URLs to check.
    #[arg(value_name = "URL", conflicts_with = "input")]
    urls: Vec<OsString>,
}

/// The `guard` command with its refusal kinds after the options, from
/// the guard's own list (`RefusalKind::ALL`), so that help and code never
/// drift apart.
pub fn with_kinds(cmd: clap::Command) -> clap::Command {
    let names: Vec<&str> = RefusalKind::ALL.iter().map(|k| k.name()).collect();
    cmd.after_help(format!("Refusal kinds (KIND): {}.", names.join(", ")))
}

pub fn run(args: Args, out: &mut Output) -> anyhow::Result<Status> {
    let client = match Client::from_name(&args.client) {
        Some(c) if c.is_available() => c,
        Some(c) => {
            return Err(UsageError(format!(
                "the client '{}' is not in this build (the cargo feature `curl` brings it)",
                c.name()
            ))
            .into());
        }
        // The core's one refusal of a name outside a set.
        None => {
            let e = <Client as urikit::names::Named>::parse_name(&args.client).err();
            return Err(UsageError(e.map(|e| e.to_string()).unwrap_or_default()).into());
        }
    };
    let policy = match &args.policy {
        None => Policy::default(),
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| {
                format!("cannot read the policy file {}", path.to_string_lossy())
            })?;
            Policy::from_text(&text)
                .map_err(|e| UsageError(format!("{}: {e}", path.to_string_lossy())))?
        }
    };
    let guard = Guard::new(policy, client);
    let mut status = Status::Ok;
    out.set_null(args.input.null);
    Inputs::new(&args.urls, &args.input).each(|input, _| {
        let text = lossy(input);
        let v = guard.verdict(&text, args.resolve);
        status = status.flag_if(!v.allowed);
        if args.json {
            // The crate's one verdict record (urikit_guard::Verdict::FIELDS).
            write_record(out, &v)?;
        } else {
            // The input and the detail escaped (a URL may hold a tab or
            // terminal controls), the separators not.
            let url = urikit_cli::format::escape(&text);
            let line = match &v.reason {
                None => format!("allowed\t{url}"),
                Some(r) => format!(
                    "refused\t{}\t{url}\t{}",
                    r.kind.name(),
                    urikit_cli::format::escape(&r.to_string())
                ),
            };
            out.line(line.as_bytes())?;
        }
        Ok(())
    })?;
    Ok(status)
}
