//! `hashbench`: which checksum or hash, from which library, at my block size, on my
//! machine? This binary only turns flags into calls to the library crates (the plan
//! below it, `hashbench-plan`, resolves what a command asks into what is measured), keeps
//! the terminal and the files, and turns outcomes into exit codes, here.

mod args;
mod cli;
mod commands;
mod obtain;
mod output;
mod progress;
mod render;
mod signals;
mod store;

use std::process::ExitCode;

use clap::{FromArgMatches, Parser, Subcommand};

use commands::{
    compare, compare_published, crossover, list, maps, published, quality, recommend, report, run,
    suite, sum, verify,
};

use cli::{EXIT_FAILED, EXIT_USAGE};
use hashbench_commands::{help, Outcome};

/// Counts heap allocations per call for `run` (`allocations_per_call`); counting is off
/// outside the untimed counting calls, so this costs the rest of the program one load
/// per allocation (docs/method.md).
#[global_allocator]
static ALLOCATOR: hashbench_engine::CountingAllocator = hashbench_engine::CountingAllocator;

#[derive(Parser, Debug)]
#[command(name = "hashbench", version = hashbench_runner::VERSION, about, long_about = None)]
struct Cli {
    /// Without a command, runs the default suite (`hashbench run` with no filter).
    #[command(subcommand)]
    command: Option<Command>,
    /// Colour in tables: auto (only on a terminal, and not with NO_COLOR or TERM=dumb),
    /// always or never.
    #[arg(long, global = true, value_enum, default_value_t)]
    color: hashbench_report::ColorChoice,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Verify, then measure implementations and baselines at each size.
    #[command(after_help = help::EXAMPLES_RUN)]
    Run(args::RunArgs),
    /// Which checksum or hash, from which library, at this size on this machine: measures
    /// the candidates for a need (or reads a saved run) and names the fastest, its ties
    /// and what every alternative gives up.
    #[command(after_help = help::EXAMPLES_RECOMMEND)]
    Recommend(recommend::RecommendArgs),
    /// The input size from which implementation A is faster than B, over a size sweep.
    #[command(after_help = help::EXAMPLES_CROSSOVER)]
    Crossover(crossover::CrossoverArgs),
    /// List algorithms and implementations: class, bits, provider and version, backend,
    /// availability here.
    #[command(after_help = help::EXAMPLES_LIST)]
    List(list::ListArgs),
    /// Check implementations against known answers in every mode and against each other;
    /// or, with --fuzz, against each other on random inputs.
    #[command(after_help = help::EXAMPLES_VERIFY)]
    Verify(verify::VerifyArgs),
    /// Render a saved run again (`run --format json` output): another format, metric,
    /// layout or relative columns, without measuring.
    #[command(after_help = help::EXAMPLES_REPORT)]
    Report(report::ReportArgs),
    /// Compare run results: ratio of medians per (implementation, pattern, size, threads),
    /// with an interval, and which changes are significant.
    #[command(after_help = help::EXAMPLES_COMPARE)]
    Compare(compare::CompareArgs),
    /// Run a suite: a seed benchmark reproduced (see `suite --list`), or a TOML file.
    #[command(after_help = help::EXAMPLES_SUITE)]
    Suite(suite::SuiteArgs),
    /// Show other people's published results (the seeds) as data: machines, figures,
    /// common units and plausibility flags.
    #[command(after_help = "Examples:\n  hashbench published --seed 4 --flagged")]
    Published(published::PublishedArgs),
    /// Screen hashes' output in seconds (avalanche, buckets, collisions, and what a hashbrown
    /// map's lookups probe; docs/quality.md).
    #[command(after_help = help::EXAMPLES_QUALITY)]
    Quality(quality::QualityArgs),
    /// Time hash-table hashers inside std's HashMap: build, hit, miss and churn on key
    /// sets at map sizes from the caches, beside what the map's lookups probe
    /// (docs/hash-tables.md).
    #[command(after_help = help::EXAMPLES_MAPS)]
    Maps(maps::MapsArgs),
    /// Print digests of files or standard input, like sha256sum.
    #[command(after_help = help::EXAMPLES_SUM)]
    Sum(sum::SumArgs),
    /// Print a shell completion script: `hashbench completions bash > /etc/bash_completion.d/hashbench`.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff): `hashbench man > hashbench.1; man ./hashbench.1`.
    Man {
        /// A command's page instead (`hashbench man run` is hashbench-run(1)).
        command: Option<String>,
    },
    /// Your own adapter: `adapter check COMMAND` says what it gets wrong (docs/adapters.md).
    #[command(subcommand)]
    Adapter(hashbench_commands::adapter::Command),
    /// Serves `--plugin` libraries over the adapter protocol: hashbench starts it itself.
    #[command(name = "plugin-worker", hide = true)]
    PluginWorker {
        /// A folder whose manifest defines a new algorithm a library implements.
        #[arg(long = hashbench_plugin::worker::DEFINE_FLAG, value_name = "FOLDER")]
        defines: Vec<std::path::PathBuf>,
        libraries: Vec<std::path::PathBuf>,
    },
}

/// Which run options the command line gave (clap's matches know; the parsed flags do
/// not tell a default from a value typed), so that a suite's settings stand in for the
/// others.
fn record_asked(cli: &mut Cli, matches: &clap::ArgMatches) {
    let run_args = match &mut cli.command {
        Some(Command::Run(args)) => args,
        Some(Command::Suite(args)) => &mut args.run,
        _ => return,
    };
    if let Some((_, sub)) = matches.subcommand() {
        run_args.asked = hashbench_plan::Asked::from_flags(sub);
    }
}

fn main() -> ExitCode {
    signals::guard();
    let cli_command = <Cli as clap::CommandFactory>::command();
    let matches = cli_command.clone().try_get_matches().unwrap_or_else(|e| {
        hashbench_commands::help::with_run_tip(e, &cli_command, std::env::args_os()).exit()
    });
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    record_asked(&mut cli, &matches);
    render::set_color(cli.color);
    // Recorded in the result as text; an argument that is not UTF-8 (a file name) is
    // kept lossily here and works as it is everywhere else.
    let command_line: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let result = match cli
        .command
        .unwrap_or(Command::Run(args::RunArgs::default()))
    {
        Command::Run(args) => run::run(args, command_line),
        Command::Completions { shell } => generated(Some(shell), None),
        Command::Man { command } => generated(None, command.as_deref()),
        Command::Compare(args) if args.ask.published => compare_published::run(&args),
        Command::Recommend(args) => recommend::run(args, command_line),
        Command::Compare(args) => compare::run(args),
        Command::Report(args) => report::run(args),
        Command::Suite(args) => suite::run(args, command_line),
        Command::Crossover(args) => crossover::run(args, command_line),
        Command::List(args) => list::run(&args),
        Command::Verify(args) => verify::run(args),
        Command::Sum(args) => sum::run(&args),
        Command::Quality(args) => quality::run(&args),
        Command::Maps(args) => maps::run(&args),
        Command::Published(args) => published::run(args),
        Command::Adapter(sub) => sub.run(&mut cli::emit).map_err(Into::into),
        Command::PluginWorker { defines, libraries } => {
            hashbench_plugin::worker::serve_stdio(&libraries, &defines)
                .map(|()| Outcome::Done)
                .map_err(Into::into)
        }
    };
    match result {
        Ok(outcome) => ExitCode::from(exit_code(outcome)),
        Err(err) => {
            cli::say(&format!("error: {err:#}"));
            let usage = err.chain().any(hashbench_commands::is_usage);
            ExitCode::from(if usage { EXIT_USAGE } else { EXIT_FAILED })
        }
    }
}

/// `completions SHELL` (with `shell`) and `man [COMMAND]`: what clap generates from the
/// commands' own definitions.
fn generated(shell: Option<clap_complete::Shell>, page: Option<&str>) -> anyhow::Result<Outcome> {
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut out = Vec::new();
    match shell {
        Some(shell) => clap_complete::generate(shell, &mut command, "hashbench", &mut out),
        None => out = hashbench_commands::help::man_page(command, page)?,
    }
    cli::emit(&String::from_utf8_lossy(&out));
    Ok(Outcome::Done)
}

/// The exit code of a command that ran (docs/usage.md, Exit codes): 0 done, 1 a check
/// failed or nothing was measured, 130 or 143 after SIGINT or SIGTERM. A signal caught
/// while a command wrote its output (or measured) still ends the process with the
/// signal's code, once the write is whole.
fn exit_code(outcome: Outcome) -> u8 {
    let code = match outcome {
        Outcome::Done => 0,
        Outcome::Failed | Outcome::NothingMeasured => EXIT_FAILED,
        Outcome::Interrupted => signals::interrupted_exit_code(),
    };
    signals::exit_code_if_stopped().unwrap_or(code)
}
