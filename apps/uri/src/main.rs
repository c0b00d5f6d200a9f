//! `uri`: parse, resolve, normalize and inspect URIs, to the letter of
//! RFC 3986.
//!
//! Exit status: 0 when every input is fine, 1 when some input is invalid (or
//! different, or flagged), 2 on a usage or I/O error. A closed standard
//! output (`| head`) ends the program quietly with status 0.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Subcommand};

mod cmd_docs;
mod cmd_encode;
mod cmd_eq;
mod cmd_extract;
mod cmd_guard;
mod cmd_guess;
mod cmd_iri;
mod cmd_lint;
mod cmd_normalize;
mod cmd_parse;
mod cmd_path;
mod cmd_relative;
mod cmd_repair;
mod cmd_resolve;
mod cmd_template;
mod cmd_views;
mod common;

use common::{Color, Output, Status, is_broken_pipe};

#[derive(clap::Parser, Debug)]
#[command(
    name = "uri",
    version,
    about = "Parse, resolve, normalize and inspect URIs (RFC 3986)",
    after_help = "Exit status: 0 all inputs fine, 1 some input invalid/different/flagged, 2 usage or I/O error."
)]
struct Cli {
    /// When to colour the output and the diagnostics: auto (on a terminal,
    /// unless NO_COLOR is set and not empty), always or never.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = Color::Auto, global = true)]
    color: Color,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    Parse(cmd_parse::Args),
    Resolve(cmd_resolve::Args),
    // `make_relative` in the library and every other face; `relative`, its
    // old name here, stays as a hidden alias for one release.
    #[command(name = "make-relative", alias = "relative")]
    MakeRelative(cmd_relative::Args),
    Normalize(cmd_normalize::Args),
    Eq(cmd_eq::Args),
    Encode(cmd_encode::Args),
    Decode(cmd_encode::DecodeArgs),
    Extract(cmd_extract::Args),
    Guess(cmd_guess::Args),
    Lint(cmd_lint::Args),
    Repair(cmd_repair::Args),
    FromPath(cmd_path::FromArgs),
    ToPath(cmd_path::ToArgs),
    Completions(cmd_docs::CompletionsArgs),
    Man(cmd_docs::ManArgs),
    Template(cmd_template::Args),
    ToUri(cmd_iri::ToUriArgs),
    ToIri(cmd_iri::ToIriArgs),
    Views(cmd_views::Args),
    Guard(cmd_guard::Args),
}

/// The longest summary `-h` shows for a command or an option.
const SUMMARY: usize = 72;

/// `text`'s summary for `-h`: its first sentence, cut before a colon, a
/// parenthesis or a semicolon (or a last comma) to at most [`SUMMARY`]
/// characters; `None` when that is the whole text.
fn summary(text: &str) -> Option<String> {
    let text = text.trim();
    let mut first = text.split_once(". ").map_or(text, |(s, _)| s);
    if first.chars().count() > SUMMARY {
        let fits = |i: &usize| *i >= 20 && first[..*i].chars().count() <= SUMMARY;
        let strong = [": ", " (", "; "]
            .iter()
            .filter_map(|d| first.find(d))
            .filter(fits)
            .min();
        let weak = first.match_indices(", ").map(|(i, _)| i).filter(fits).max();
        let words = first.match_indices(' ').map(|(i, _)| i).filter(fits).max();
        first = match strong.or(weak) {
            Some(i) => &first[..i],
            None => return Some(format!("{}…", &first[..words.unwrap_or(first.len())])),
        };
    }
    let first = first.trim_end_matches('.');
    (first != text.trim_end_matches('.')).then(|| first.to_string())
}

/// The command tree with one-line entries for `-h`: each command's
/// `about` and each option's `help` cut to its [`summary`], the whole text
/// kept for `--help` (and the manual page). Clap's derive takes the first
/// paragraph of a doc comment for `-h`, and ours are long paragraphs:
/// `uri -h` was 4 KB (issue 34).
fn with_short_help(mut cmd: clap::Command) -> clap::Command {
    if let Some(about) = cmd.get_about().map(|a| a.to_string())
        && let Some(short) = summary(&about)
    {
        if cmd.get_long_about().is_none() {
            cmd = cmd.long_about(about);
        }
        cmd = cmd.about(short);
    }
    cmd = cmd.mut_args(|arg| {
        let Some(help) = arg.get_help().map(|h| h.to_string()) else {
            return arg;
        };
        match summary(&help) {
            Some(short) if arg.get_long_help().is_none() => arg.long_help(help).help(short),
            Some(short) => arg.help(short),
            None => arg,
        }
    });
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(name, with_short_help);
    }
    cmd
}

/// The command tree (see [`with_short_help`]).
fn command() -> clap::Command {
    with_short_help(Cli::command()).mut_subcommand("guard", cmd_guard::with_kinds)
}

fn main() -> ExitCode {
    let cli = match command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // --help and --version are not errors.
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let mut out = Output::stdout();
    out.set_color(cli.color);
    let result = match cli.cmd {
        Cmd::Parse(args) => cmd_parse::run(args, &mut out),
        Cmd::Resolve(args) => cmd_resolve::run(args, &mut out),
        Cmd::MakeRelative(args) => cmd_relative::run(args, &mut out),
        Cmd::Normalize(args) => cmd_normalize::run(args, &mut out),
        Cmd::Eq(args) => cmd_eq::run(args, &mut out),
        Cmd::Encode(args) => cmd_encode::run(args, &mut out),
        Cmd::Decode(args) => cmd_encode::run_decode(args, &mut out),
        Cmd::Extract(args) => cmd_extract::run(args, &mut out),
        Cmd::Guess(args) => cmd_guess::run(args, &mut out),
        Cmd::Lint(args) => cmd_lint::run(args, &mut out),
        Cmd::Repair(args) => cmd_repair::run(args, &mut out),
        Cmd::FromPath(args) => cmd_path::run_from(args, &mut out),
        Cmd::ToPath(args) => cmd_path::run_to(args, &mut out),
        Cmd::Completions(args) => cmd_docs::completions(args, &mut command(), &mut out),
        Cmd::Man(args) => cmd_docs::man(args, command(), &mut out),
        Cmd::Template(args) => cmd_template::run(args, &mut out),
        Cmd::ToUri(args) => cmd_iri::run_to_uri(args, &mut out),
        Cmd::ToIri(args) => cmd_iri::run_to_iri(args, &mut out),
        Cmd::Views(args) => cmd_views::run(args, &mut out),
        Cmd::Guard(args) => cmd_guard::run(args, &mut out),
    }
    .and_then(|status| {
        std::io::Write::flush(&mut out)?;
        Ok(status)
    });
    match result {
        Ok(Status::Ok) => ExitCode::SUCCESS,
        Ok(Status::Flagged) => ExitCode::from(1),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // The message may quote an argument: its control characters
            // escaped (a usage error's caret excerpt spans lines).
            let text = format!("{e:#}");
            eprintln!("uri: {}", urikit_cli::format::escape_lines(&text));
            ExitCode::from(2)
        }
    }
}
