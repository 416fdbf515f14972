//! What the binary's clap command says beyond its definitions: each subcommand's
//! examples (the end of its `--help`), the tip on a `run` option given without `run`, and
//! the man pages of the subcommands.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use hashbench_plan::UsageError;

/// The examples at the end of each subcommand's `--help`.
pub const EXAMPLES_RUN: &str = "Examples:
  hashbench run crc32c xxh3-64 --sizes 4k          which is faster for 4 KiB pages
  hashbench run sha256 --runtime all --sizes 64,1m  SHA-256 from every language
  hashbench run xxh3-64 --sizes 1..=128 --mode both random short keys, latency and throughput
  hashbench run blake3 --threads 1,2 -o run.json --format json   save the run";

pub const EXAMPLES_VERIFY: &str = "Examples:
  hashbench verify                     every implementation in this process
  hashbench verify libsodium           one provider
  hashbench verify node python         through the runtime adapters
  hashbench verify --fuzz 1000 crc32c  random inputs, every implementation compared";

pub const EXAMPLES_COMPARE: &str = "Examples:
  hashbench compare base.json new.json --fail-on-regression 5
  hashbench compare --published run.json --seed 4";

pub const EXAMPLES_SUITE: &str = "Examples:
  hashbench suite --list
  hashbench suite btrfs-hash-speedtest
  hashbench suite sodium-node --sizes 64 --time 0.1";

pub const EXAMPLES_RECOMMEND: &str = "Examples:
  hashbench recommend --size 4k --need checksum    the fastest error check for 4 KiB pages
  hashbench recommend --size 64,1m --need crypto   collision-resistant, two sizes
  hashbench recommend --size 8 --need hash-table          a map's hasher for u64 keys, lookups that hit
  hashbench recommend --size 16 --need hash-table --keyed   ... for 16-byte ids, flood-resistant
  hashbench recommend --need hash-table --keys names.txt --workload miss   on your keys (no --size)
  hashbench recommend --size 1..=32 --need hash-table --workload hash   one hash_one call per string
  hashbench recommend --size 4k --need hash --from run.json   from a saved run";

pub const EXAMPLES_CROSSOVER: &str = "Examples:
  hashbench crossover crc32c/crc-fast xxh3-64/twox-hash
  hashbench crossover blake3/blake3+rayon blake3/blake3 --threads 2";
pub const EXAMPLES_LIST: &str = "Examples:
  hashbench list crc32c
  hashbench list node --format json
  hashbench list --runtime all";
pub const EXAMPLES_REPORT: &str = "Examples:
  hashbench report run.json --format markdown
  hashbench report run.json --metric cycles";
pub const EXAMPLES_SUM: &str = "Examples:
  hashbench sum -i blake3 big.iso
  hashbench sum -i crc32/crc-fast *.img
  cat file | hashbench sum -i sha256";
pub const EXAMPLES_QUALITY: &str = "Examples:
  hashbench quality                          the hash-table hashers
  hashbench quality fxhash siphash-2-4/std   two implementations
  hashbench quality xxh3-64 --keys ids.txt   your keys (one a line) beside the generated ones
  hashbench quality --format json --strict   exit 1 if one fails";

pub const EXAMPLES_MAPS: &str = "Examples:
  hashbench maps                                    the hash-table hashers, lookups that hit
  hashbench maps fxhash foldhash-fast --set high-bits --workload build,hit,miss,churn
  hashbench maps --entries 1k,1m --keys ids.txt     your keys (one a line), two map sizes
  hashbench maps --format json > maps.json          every figure, interval and probe";

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
