//! `uri completions` and `uri man`: shell completions and the manual page,
//! both generated from the command-line definitions.

use std::io::Write;

use clap_complete::Shell;

use crate::common::{Output, Status, UsageError};

/// Print a completion script for SHELL (bash, zsh, fish, powershell,
/// elvish) on standard output.
///
/// For example, bash: `uri completions bash > ~/.local/share/bash-completion/completions/uri`;
/// zsh: `uri completions zsh > ~/.zfunc/_uri` (with ~/.zfunc in fpath);
/// fish: `uri completions fish > ~/.config/fish/completions/uri.fish`;
/// PowerShell: `uri completions powershell | Out-String | Invoke-Expression`.
#[derive(clap::Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_name = "SHELL", value_enum)]
    shell: Shell,
}

/// Print the manual page (roff) on standard output.
///
/// With no COMMAND, the page of `uri`; with one, the page of `uri COMMAND`.
/// Read it with `uri man | man -l -`, or install it with
/// `uri man > /usr/local/share/man/man1/uri.1`.
#[derive(clap::Args, Debug)]
pub struct ManArgs {
    /// A subcommand, for its own page (uri-parse.1, ...).
    #[arg(value_name = "COMMAND")]
    command: Option<String>,
}

pub fn completions(
    args: CompletionsArgs,
    cmd: &mut clap::Command,
    out: &mut Output,
) -> anyhow::Result<Status> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, cmd, "uri", &mut script);
    out.write_all(&script)?;
    Ok(Status::Ok)
}

pub fn man(args: ManArgs, mut cmd: clap::Command, out: &mut Output) -> anyhow::Result<Status> {
    // Built, so that the global options reach the subcommands' pages.
    cmd.build();
    let cmd = match &args.command {
        None => cmd,
        Some(name) => {
            let sub = cmd
                .find_subcommand(name)
                .cloned()
                .ok_or_else(|| UsageError(format!("no command '{name}' (see uri --help)")))?;
            // The page's title names the full command: uri-parse(1).
            let full = format!("uri-{}", sub.get_name());
            // (A static name: clap takes one without its "string" feature.)
            sub.name(&*full.leak())
        }
    };
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut page)?;
    out.write_all(&page)?;
    Ok(Status::Ok)
}
