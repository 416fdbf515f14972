//! `hashbench`: which checksum or hash, from which library, at my block size, on my
//! machine? This binary only turns flags into calls to the library crates and outcomes
//! into exit codes.

mod compare;
mod crossover;
mod list;
mod output;
mod progress;
mod published;
mod render;
mod report;
mod run;
mod signals;
mod store;
mod suite;
mod sum;
mod values;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Counts heap allocations per call for `run` (`allocations_per_call`); counting is off
/// outside the untimed counting calls, so this costs the rest of the program one load
/// per allocation (docs/method.md).
#[global_allocator]
static ALLOCATOR: hashbench_engine::CountingAllocator = hashbench_engine::CountingAllocator;

/// Exit codes: 0 success, 1 a check or a file failed, 2 bad usage or input.
const EXIT_FAILED: u8 = 1;
const EXIT_USAGE: u8 = 2;

#[derive(Parser, Debug)]
#[command(name = "hashbench", version, about, long_about = None)]
struct Cli {
    /// Without a command, runs the default suite (`hashbench run` with no filter).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, Debug, Default, ValueEnum)]
enum Format {
    #[default]
    Table,
    Json,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Verify, then measure implementations and baselines at each size.
    Run(run::RunArgs),
    /// The input size from which implementation A is faster than B, over a size sweep.
    Crossover(crossover::CrossoverArgs),
    /// List algorithms and implementations: class, bits, provider and version, backend,
    /// availability here.
    List {
        /// Algorithm ids, implementation ids, families, providers or classes.
        filter: Vec<String>,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Check implementations against known answers in every mode and against each other;
    /// or, with --fuzz, against each other on random inputs.
    Verify(verify::VerifyArgs),
    /// Render a saved run again (`run --format json` output): another format, metric,
    /// layout or relative columns, without measuring.
    Report(report::ReportArgs),
    /// Compare run results: ratio of medians per (implementation, pattern, size, threads),
    /// with an interval, and which changes are significant.
    Compare(compare::CompareArgs),
    /// Run a suite: a seed benchmark reproduced (see `suite --list`), or a TOML file.
    Suite(suite::SuiteArgs),
    /// Show other people's published results (the seeds) as data: machines, figures,
    /// common units and plausibility flags.
    Published(published::PublishedArgs),
    /// Print digests of files or standard input, like sha256sum.
    Sum {
        /// An implementation id (`sha2-256/openssl`) or an algorithm id (`crc32`), which
        /// picks the algorithm's first available implementation.
        #[arg(short = 'i', long = "impl", value_name = "IMPL")]
        implementation: String,
        /// Files to read; `-` or none reads standard input.
        files: Vec<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Recorded in the result as text; an argument that is not UTF-8 (a file name) is
    // kept lossily here and works as it is everywhere else.
    let command_line: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let result = match cli.command.unwrap_or(Command::Run(run::RunArgs::default())) {
        Command::Run(args) => run::run(args, command_line),
        Command::Compare(args) => compare::run(args),
        Command::Report(args) => report::run(args),
        Command::Suite(args) => suite::run(args, command_line),
        Command::Crossover(args) => crossover::run(args, command_line),
        Command::List { filter, format } => list::run(&filter, format),
        Command::Verify(args) => verify::run(args),
        Command::Sum {
            implementation,
            files,
        } => sum::run(&implementation, &files),
        Command::Published(args) => published::run(args),
    };
    // A signal caught while a command wrote its output (or measured) still ends the
    // process with the signal's exit code, once the write is whole.
    let result = result.map(|code| crate::signals::exit_code_if_stopped().unwrap_or(code));
    match result {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("hashbench: error: {err:#}");
            let usage = err.chain().any(|e| {
                e.is::<hashbench_catalog::FilterError>()
                    || e.is::<UsageError>()
                    || e.is::<hashbench_verify::VectorError>()
                    || e.is::<hashbench_verify::FuzzError>()
                    || e.downcast_ref::<hashbench_runner::RunError>()
                        .is_some_and(hashbench_runner::RunError::is_usage)
            });
            ExitCode::from(if usage { EXIT_USAGE } else { EXIT_FAILED })
        }
    }
}

/// Writes to standard output. A closed pipe (`hashbench list | head`) ends the program
/// quietly with success, as other Unix filters do; any other write error ends it with 1.
pub fn emit(text: &str) {
    use std::io::Write;
    if let Err(e) = stdout_open() {
        eprintln!("hashbench: error: {e}");
        std::process::exit(i32::from(EXIT_FAILED));
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("hashbench: error: writing to standard output: {e}");
        std::process::exit(i32::from(EXIT_FAILED));
    }
}

/// Whether standard output is open. A program started with standard output closed
/// (`hashbench sum FILE >&-`) would lose what it prints: Rust's runtime puts /dev/null,
/// opened read-write, on a closed standard descriptor before `main` runs, and writes
/// there succeed. So a standard output that is /dev/null opened read-write is taken as
/// closed (a shell's `>/dev/null` opens it write-only), as is a descriptor that is
/// not open at all. Checked before anything is written.
pub fn stdout_open() -> anyhow::Result<()> {
    // SAFETY: F_GETFL on a descriptor number only reads its flags (EBADF if not open).
    let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
    let closed = flags == -1
        || (flags & libc::O_ACCMODE == libc::O_RDWR && {
            // SAFETY: zeroed stat buffers are valid for fstat/stat to fill.
            let (mut fd, mut null): (libc::stat, libc::stat) =
                unsafe { (std::mem::zeroed(), std::mem::zeroed()) };
            // SAFETY: valid descriptor number, path and buffers.
            unsafe {
                libc::fstat(1, &mut fd) == 0
                    && libc::stat(c"/dev/null".as_ptr(), &mut null) == 0
                    && fd.st_mode & libc::S_IFMT == libc::S_IFCHR
                    && fd.st_rdev == null.st_rdev
            }
        });
    if closed {
        anyhow::bail!("standard output is closed: nothing can be written to it");
    }
    Ok(())
}

/// Bad input from the user (beyond what clap rejects): exit 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// The selected implementations, or a usage error for an unknown name.
fn select(filter: &[String]) -> anyhow::Result<Vec<&'static hashbench_catalog::Implementation>> {
    Ok(hashbench_catalog::Filter::parse(filter)?.implementations())
}
