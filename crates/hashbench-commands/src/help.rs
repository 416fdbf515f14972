//! What the binary's clap command says beyond its definitions: the tip on a `run` option
//! given without `run`, and the man pages of the subcommands.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use hashbench_plan::UsageError;

/// `hashbench -q` or `hashbench --time 0.02`: bare `hashbench` runs the default suite, but
/// clap takes `run`'s options only after `run`, and its "unexpected argument" does not
/// say so. Adds the tip when the argument clap refused is an option of `run` and no
/// command came before it in `args` (the command line, program name first); any other
/// error comes back as it was.
#[must_use]
pub fn with_run_tip(
    mut error: clap::Error,
    cli: &clap::Command,
    args: impl IntoIterator<Item = OsString>,
) -> clap::Error {
    if error.kind() != ErrorKind::UnknownArgument {
        return error;
    }
    let Some(ContextValue::String(refused)) = error.get(ContextKind::InvalidArg) else {
        return error;
    };
    let refused = refused.clone();
    let Some(run) = cli.find_subcommand("run") else {
        return error;
    };
    let name = refused.split('=').next().unwrap_or_default();
    let is_run_option = run.get_arguments().any(|a| {
        name.strip_prefix("--")
            .is_some_and(|l| a.get_long() == Some(l))
            || (name.len() == 2
                && name.strip_prefix('-').and_then(|s| s.chars().next()) == a.get_short())
    });
    let args: Vec<String> = args
        .into_iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let before_command = args
        .iter()
        .take_while(|a| a.split('=').next() != Some(name))
        .all(|a| cli.find_subcommand(a).is_none());
    if is_run_option && before_command {
        let tip = format!(
            "{name} is an option of `hashbench run`: hashbench run {}",
            args.join(" ")
        );
        let mut tips = match error.get(ContextKind::Suggested) {
            Some(ContextValue::StyledStrs(tips)) => tips.clone(),
            _ => Vec::new(),
        };
        tips.push(tip.into());
        error.insert(ContextKind::Suggested, ContextValue::StyledStrs(tips));
    }
    error
}

/// The man page of `cli` (`page` `None`), or of its command `page` (`hashbench-run(1)`,
/// which the first page's COMMANDS section names), in roff.
///
/// # Errors
///
/// `page` is not one of the commands.
pub fn man_page(cli: clap::Command, page: Option<&str>) -> Result<Vec<u8>, UsageError> {
    // Built as clap_mangen::generate_to builds it, so a command's page is titled
    // hashbench-run and its synopsis reads `hashbench run`; no `help` command, which has
    // no page.
    let mut cli = cli.disable_help_subcommand(true);
    cli.build();
    let cli_version = cli.get_version().map(str::to_string);
    let command = match page {
        None => cli,
        Some(name) => {
            let found = cli
                .get_subcommands()
                .find(|c| !c.is_hide_set() && c.get_name() == name);
            found.cloned().ok_or_else(|| {
                let names: Vec<&str> = cli
                    .get_subcommands()
                    .filter(|c| !c.is_hide_set())
                    .map(clap::Command::get_name)
                    .collect();
                UsageError(format!(
                    "man {name}: no such command; the commands are {}",
                    names.join(", ")
                ))
            })?
        }
    };
    // A command's page has no version of its own: the program's, as on the first page.
    let source = format!("hashbench {}", cli_version.unwrap_or_default());
    let mut out = Vec::new();
    clap_mangen::Man::new(command)
        .source(source)
        .render(&mut out)
        .expect("writing into memory cannot fail");
    Ok(out)
}
