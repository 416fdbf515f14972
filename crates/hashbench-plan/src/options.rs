//! Every option of a run, defined once: [`RunOptions`]' fields are `run`'s flags (clap
//! reads them from the attributes: name, help, value parser with its bound, default) and
//! a suite file's keys alike (the field's name, `implementations` for the filters). A
//! suite's keys are parsed by the same clap parsers, so a value means the same, is
//! bounded the same and defaults the same wherever it is given; [`Asked::over`] lays the
//! flags over a suite's settings field by field, and records where each value came from
//! ([`Origins`]) for the messages that name it.
//!
//! A new run option is a field here and its use in the runner (CONTRIBUTING.md).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::OnceLock;

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, Command, FromArgMatches};
use hashbench_model::Pattern;
use hashbench_model::{Layout, Metric};

pub use crate::plugins::PluginOptions;
use crate::texts::{lossy, texts_of};
use crate::values::{self, ModeChoice, RuntimeList, ThreadCounts};
use crate::{SizeSpec, Source, UsageError};

/// The options of a run, each with its flag's help, parser, bound and default; the
/// same fields are a suite file's keys. Built by clap from flags, by [`Asked::from_suite`]
/// from a suite file, by [`RunOptions::default`] (every default), or by a command's own
/// rules (`recommend`, `crossover`) from the defaults.
#[derive(Args, Clone, Debug)]
pub struct RunOptions {
    /// Algorithm ids, implementation ids, families, providers or classes; none runs the
    /// default suite: 24 block-hashing algorithms, one implementation each, the fastest
    /// measured on the development machines (x86_64, AVX-512; docs/method.md), not chosen
    /// on this one. The hash-table hashers and the newest algorithms run when named.
    #[arg(value_name = "FILTER")]
    pub filter: Vec<String>,
    /// Input sizes: comma-separated, with k/KiB, m/MiB, g/GiB units; A..=B for calls of
    /// random lengths from A to B (each length once per period, in a seeded order;
    /// reported as their mean), every:A..=B for each length as its own size; or `cache`
    /// for half and twice each detected cache size.
    #[arg(long, default_value = "64,384,4k,16k,64k,1m,4m", value_parser = values::size_spec)]
    pub sizes: SizeSpec,
    /// throughput: independent calls on one input, which the CPU may overlap; latency:
    /// each call's first 8 input bytes XORed with the last digest, so calls run one after
    /// another (hash tables, chained records); both: each cell in both, with their ratio.
    #[arg(long, value_enum, default_value_t = ModeChoice::Throughput)]
    pub mode: ModeChoice,
    /// Thread counts (comma-separated) for implementations that split one message
    /// across threads (blake3+rayon) [default: one per logical CPU]; the others run with
    /// 1 and are reported as not applicable for more.
    #[arg(long, value_name = "N[,N...]", value_parser = values::thread_counts)]
    pub threads: Option<ThreadCounts>,
    /// Also measure N independent streams at once per (implementation, size): aggregate
    /// throughput and scaling efficiency, like `openssl speed -multi N`.
    #[arg(long, value_name = "N")]
    pub streams: Option<usize>,
    /// Time budget per cell, like 0.3, 300ms or 2s.
    #[arg(long = "time", id = "time", value_name = "TIME", default_value = "0.3",
          value_parser = values::parse_seconds)]
    pub time_s: f64,
    /// Stop sampling a cell once the 95 % CI of its median is within +-this (0.01 or 1%).
    #[arg(long, default_value = "0.01", value_parser = values::parse_precision)]
    pub precision: f64,
    /// Measure every cell in at least this many short rounds, spread over the run (cells
    /// in a shuffled order each round, a fresh input placement per round); a cell whose
    /// rounds have not agreed on a figure within --precision gets up to three times as
    /// many, within --time. The figure is the median of its fastest rounds that agree
    /// (docs/method.md, "Numbers that reproduce").
    #[arg(long, default_value = "8", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
    /// The most rounds a cell gets while its rounds have not agreed on a figure within
    /// --precision, or have not yet run at the machine's speed (at least --rounds)
    /// [default: three times --rounds].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(MOST_ROUNDS)))]
    pub max_rounds: Option<u32>,
    /// Practical-equivalence margin of rankings: implementations whose time ratio,
    /// measured side by side, lies within +-this are reported as equivalent (~N), not
    /// ranked (0.03 or 3%; 0 ranks every difference the run can show).
    #[arg(long, default_value = "0.03", value_parser = values::parse_margin)]
    pub equivalence: f64,
    /// API usage patterns to measure, comma-separated or repeated: oneshot, new, reuse,
    /// prealloc, alloc, hex, streaming:CHUNK (k/m/g suffixes), keys:u64, keys:id16,
    /// keys:str, and for OpenSSL by-name and prefetched. A pattern a library cannot express
    /// is listed as skipped.
    #[arg(long = "pattern", id = "patterns", value_name = "P[,P...]", value_delimiter = ',',
          default_value = "oneshot", value_parser = values::pattern)]
    pub patterns: Vec<Pattern>,
    /// Include every (iterations, elapsed) sample in JSON output.
    #[arg(long)]
    pub raw: bool,
    /// Offset the input this many bytes from a 64-byte boundary (0 to 63).
    // Bounded: the input buffer is allocated with the offset added, so an unbounded
    // value aborted the process (allocation failure) or overflowed instead of being
    // refused, and an offset of 64 or more is the alignment of offset % 64 again.
    #[arg(long, default_value_t = 0,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..64))]
    pub misalign: usize,
    /// Verify against the <algorithm>.json known answers in this directory instead of
    /// the set built into hashbench (as `verify --vectors`).
    #[arg(long, value_name = "DIR")]
    pub vectors: Option<PathBuf>,
    /// Seed of the random input bytes [default: drawn from the clock, and recorded].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Render tables in a seed benchmark's layout: default, divan, crystal, node,
    /// openssl-speed.
    #[arg(long, value_name = "NAME", value_parser = values::layout)]
    pub layout: Option<Layout>,
    /// Pin the measuring thread to this CPU (Linux, sched_setaffinity), and the
    /// processes of adapters and plugin workers with it.
    #[arg(long, value_name = "CPU")]
    pub pin: Option<usize>,
    /// What table and Markdown show: time (rankings, throughput) or cycles (TSC cycles
    /// per call and per byte, hash-speedtest's layout). CSV and JSON carry both.
    #[arg(long, default_value = "time", value_parser = values::metric())]
    pub metric: Metric,
    /// Add a relative column, in every format (repeatable): `fastest` ("x slower than
    /// fastest"), `slowest` ("+% vs slowest"), or an implementation or baseline id, with
    /// @PATTERN if several were measured ("perf vs ID"); each compares a cell with the
    /// cells of its size [default: none; with --metric cycles, the first blake3
    /// implementation, else fastest].
    #[arg(long, value_name = "fastest|slowest|ID")]
    pub relative_to: Vec<String>,
    /// Allow --threads and --streams above 4 per logical CPU (up to 1024), where the
    /// figures measure the scheduler more than the hash.
    #[arg(long)]
    pub allow_oversubscribe: bool,
    /// Run a plan of more than 5,000 cells (sizes x implementations x patterns x thread
    /// counts) without refusing it.
    #[arg(long)]
    pub yes: bool,
    /// Also measure implementations in other runtimes, through their adapters
    /// (adapters/, docs/adapters.md): node, python, go, java, crystal (comma-separated)
    /// or all; those of the algorithms the filters select (every one without filters).
    /// A filter can also name a runtime (`node`) or one of its implementations
    /// (`sha2-256/node:crypto`).
    #[arg(long, value_name = "RUNTIME[,RUNTIME...]", value_parser = values::runtimes)]
    pub runtime: Option<RuntimeList>,
    /// Also measure the implementations of your own adapter: a program and its arguments
    /// (quoted as a shell would, run without one) that speaks docs/adapters.md, in any
    /// language; those of the algorithms the filters select (every one without filters).
    /// Repeatable.
    #[arg(long = "adapter", id = "adapters", value_name = "COMMAND")]
    pub adapters: Vec<String>,
    /// `--plugin`, `--cflags`, `--algorithm`: the user's own C implementations.
    #[command(flatten)]
    pub plugin: PluginOptions,
    /// Testing aid: make implementation ID's timed calls PERCENT % slower (each batch
    /// makes that many more calls than it counts), a slowdown of known size that
    /// `compare` must find (scripts/aa); its cells' backend says so.
    #[arg(long, hide = true, value_name = "ID=PERCENT", value_parser = values::slow_down)]
    pub slow_down: Option<(String, f64)>,
}

/// The most rounds `--max-rounds` may ask for a cell.
pub const MOST_ROUNDS: u32 = 300;

/// Options a suite file may not set: what depends on the machine or the person running
/// it (a directory of their own, a CPU of this machine, consent to a large plan), and
/// `--seed`, whose key a suite file gives its seed benchmark (the published one it
/// reproduces); and the testing aid `--slow-down`.
pub const FLAG_ONLY: &[&str] = &["vectors", "pin", "yes", "seed", "slow_down"];

/// The suite key that sets the filters (`implementations`, the field `filter`).
const FILTER_KEY: &str = "implementations";

impl Default for RunOptions {
    /// Every option at its default, as `hashbench run` with no flags.
    fn default() -> Self {
        let matches = command()
            .clone()
            .try_get_matches_from(["run"])
            .expect("the defaults parse");
        RunOptions::from_arg_matches(&matches).expect("the defaults parse")
    }
}

/// The options as a clap command of their own: what the suite keys are parsed with, and
/// where the flags' names are looked up.
fn command() -> &'static Command {
    static COMMAND: OnceLock<Command> = OnceLock::new();
    COMMAND.get_or_init(|| {
        let mut command = RunOptions::augment_args(Command::new("run"));
        command.build();
        command
    })
}

/// The command's arguments that are options (clap adds `--help` when it builds it).
fn options() -> impl Iterator<Item = &'static clap::Arg> {
    command().get_arguments().filter(|a| {
        !matches!(
            a.get_action(),
            clap::ArgAction::Help | clap::ArgAction::Version
        )
    })
}

/// The flag of option `id` as the user types it (`--max-rounds`); the id itself for the
/// filters, which are positional.
#[must_use]
pub fn flag_of(id: &str) -> &'static str {
    command()
        .get_arguments()
        .find(|a| a.get_id() == id)
        .map_or("the filters", |a| {
            a.get_long().map_or("the filters", flag_name)
        })
}

/// `--long` for a long name; the strings live as long as the static command.
fn flag_name(long: &'static str) -> &'static str {
    static NAMES: OnceLock<BTreeMap<&'static str, &'static str>> = OnceLock::new();
    NAMES
        .get_or_init(|| {
            command()
                .get_arguments()
                .filter_map(|a| a.get_long())
                .map(|l| (l, &*Box::leak(format!("--{l}").into_boxed_str())))
                .collect()
        })
        .get(long)
        .copied()
        .unwrap_or(long)
}

/// Where the options given came from, by option id: those not here are defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origins(BTreeMap<String, Source>);

impl Origins {
    /// Where option `id`'s value came from: its flag unless a suite file or a command's
    /// rule set it (a default is named by its flag too).
    #[must_use]
    pub fn of(&self, id: &str) -> Source {
        self.0
            .get(id)
            .cloned()
            .unwrap_or_else(|| Source::Flag(flag_of(id)))
    }

    /// Whether option `id` was given (by a flag, a suite's key or a command's rule).
    #[must_use]
    pub fn given(&self, id: &str) -> bool {
        self.0.contains_key(id)
    }

    /// Records that option `id` was set from `from`.
    pub fn set(&mut self, id: &str, from: Source) {
        self.0.insert(id.to_string(), from);
    }
}

/// Options as they were given, before they are parsed together: for each option given,
/// its texts (as a flag takes them) and where they came from. The flags over a suite's
/// settings are these, option by option ([`Asked::over`]), parsed once ([`Asked::parse`]).
#[derive(Clone, Debug, Default)]
pub struct Asked {
    texts: BTreeMap<String, (Source, Vec<OsString>)>,
}

impl Asked {
    /// The options the command line gave: clap's matches of `run`'s flags (or of a
    /// command that flattens them).
    #[must_use]
    pub fn from_flags(matches: &ArgMatches) -> Asked {
        let mut texts = BTreeMap::new();
        for arg in options() {
            let id = arg.get_id().as_str();
            if !matches!(matches.value_source(id), Some(ValueSource::CommandLine)) {
                continue;
            }
            let raw: Vec<OsString> = matches
                .get_raw(id)
                .map(|r| r.map(ToOwned::to_owned).collect())
                .unwrap_or_default();
            texts.insert(id.to_string(), (Source::Flag(flag_of(id)), raw));
        }
        Asked { texts }
    }

    /// A suite file's run settings (its keys other than the suite's own, `own_keys`),
    /// checked by the flags' parsers; `origin` names the file in errors, with the key.
    ///
    /// # Errors
    ///
    /// An unknown key, a key only a flag may set, or a value the option's parser refuses.
    pub fn from_suite(
        table: &toml::Table,
        origin: &str,
        own_keys: &[&str],
    ) -> Result<Asked, UsageError> {
        let mut texts = BTreeMap::new();
        for (key, value) in table {
            let id = if key == FILTER_KEY {
                "filter"
            } else {
                key.as_str()
            };
            let known =
                key != "filter" && !FLAG_ONLY.contains(&id) && options().any(|a| a.get_id() == id);
            if !known {
                let keys: Vec<String> = own_keys
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .chain(suite_keys().map(|k| format!("`{k}`")))
                    .collect();
                return Err(UsageError(format!(
                    "suite {origin}: unknown field `{}`, expected one of {}",
                    hashbench_model::inert::clipped(key, 60),
                    keys.join(", ")
                )));
            }
            let raw = texts_of(value)
                .map_err(|why| UsageError(format!("suite {origin}: key `{key}`: {why}")))?;
            let from = Source::Suite {
                origin: origin.to_string(),
                key: suite_key(id),
            };
            texts.insert(
                id.to_string(),
                (from, raw.into_iter().map(Into::into).collect()),
            );
        }
        let given = Asked { texts };
        given.parse()?;
        Ok(given)
    }

    /// Sets option `id` from `texts`, as its flag takes them, from `from`.
    pub fn set(&mut self, id: &str, from: Source, texts: &[&str]) {
        let raw = texts.iter().map(Into::into).collect();
        self.texts.insert(id.to_string(), (from, raw));
    }

    /// Forgets option `id` (a command that took its values for itself: `suite NAME`).
    pub fn forget(&mut self, id: &str) {
        self.texts.remove(id);
    }

    /// Whether option `id` was given.
    #[must_use]
    pub fn has(&self, id: &str) -> bool {
        self.texts.contains_key(id)
    }

    /// These options (the flags) over `suite`'s: each option given here wins, a suite's
    /// setting stands in for one not given here.
    #[must_use]
    pub fn over(mut self, suite: Asked) -> Asked {
        for (id, given) in suite.texts {
            self.texts.entry(id).or_insert(given);
        }
        self
    }

    /// The options, each given one parsed by its flag's parser and the rest at their
    /// defaults, and where each came from.
    ///
    /// # Errors
    ///
    /// A value its option's parser refuses, named by where it came from.
    pub fn parse(&self) -> Result<(RunOptions, Origins), UsageError> {
        let mut argv: Vec<OsString> = vec!["run".into()];
        let mut positional: Vec<OsString> = Vec::new();
        let mut origins = Origins::default();
        for (id, (from, raw)) in &self.texts {
            origins.set(id, from.clone());
            let Some(arg) = options().find(|a| a.get_id() == id) else {
                continue;
            };
            match arg.get_long() {
                None => positional.extend(raw.iter().cloned()),
                Some(long) if !arg.get_action().takes_values() => {
                    let on = raw.is_empty() || raw.iter().any(|t| t == "true");
                    if raw.iter().any(|t| t != "true" && t != "false") {
                        return Err(from.bad(&lossy(raw), "give true or false"));
                    }
                    if on {
                        argv.push(format!("--{long}").into());
                    }
                }
                Some(long) => {
                    for t in raw {
                        let mut a = OsString::from(format!("--{long}="));
                        a.push(t);
                        argv.push(a);
                    }
                }
            }
        }
        if !positional.is_empty() {
            argv.push("--".into());
            argv.extend(positional);
        }
        let matches = command()
            .clone()
            .try_get_matches_from(argv)
            .map_err(|e| self.error(&e))?;
        let options = RunOptions::from_arg_matches(&matches).map_err(|e| self.error(&e))?;
        Ok((options, origins))
    }

    /// clap's message about a value, named by where it came from (a suite file and its
    /// key; a flag as clap names it), with the parser's reason.
    fn error(&self, e: &clap::Error) -> UsageError {
        use clap::error::{ContextKind, ContextValue};
        let arg = match e.get(ContextKind::InvalidArg) {
            Some(ContextValue::String(s)) => s.clone(),
            _ => String::new(),
        };
        let id = command()
            .get_arguments()
            .find(|a| match a.get_long() {
                Some(l) => arg == format!("--{l}") || arg.starts_with(&format!("--{l} ")),
                None => !arg.starts_with("--"),
            })
            .map(|a| a.get_id().as_str());
        let from = id.map_or(Source::Flag("?"), |id| {
            self.texts
                .get(id)
                .map_or_else(|| Source::Flag(flag_of(id)), |(f, _)| f.clone())
        });
        let why = match (
            e.get(ContextKind::InvalidValue),
            std::error::Error::source(e),
        ) {
            (Some(ContextValue::String(v)), Some(reason)) => {
                let reason = reason.to_string();
                if reason.contains(v.as_str()) {
                    reason
                } else {
                    format!("'{v}': {reason}")
                }
            }
            (Some(ContextValue::String(v)), None) => match e.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(valid)) => {
                    format!("'{v}': give one of {}", valid.join(", "))
                }
                _ => format!("'{v}' is refused"),
            },
            _ => e
                .render()
                .to_string()
                .lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("error: ")
                .to_string(),
        };
        UsageError(format!("{from}: {why}"))
    }
}

/// The suite keys the options take, in the order of the flags.
pub fn suite_keys() -> impl Iterator<Item = &'static str> {
    options()
        .map(|a| suite_key(a.get_id().as_str()))
        .filter(|k| !FLAG_ONLY.contains(k))
}

/// The suite key of option `id`: its id (static, the command's own), or
/// `implementations` for the filters.
fn suite_key(id: &str) -> &'static str {
    if id == "filter" {
        return FILTER_KEY;
    }
    command()
        .get_arguments()
        .map(|a| a.get_id().as_str())
        .find(|&k| k == id)
        .unwrap_or("?")
}

#[cfg(test)]
mod tests;
