//! `hashbench recommend --size 4k --need checksum`: which checksum or hash, from which
//! library, at this size, on this machine. Selects the candidates from the catalogue,
//! measures only them (through the same runner as `run`, verification first), or reads a
//! saved run, and lets `hashbench-analysis`' pure recommendation answer.

use std::path::PathBuf;

use anyhow::Result;
use hashbench_analysis::recommend::{recommend, Need, Recommendation, Request};
use hashbench_catalog::Implementation;
use hashbench_model::{AlgorithmProperties, Mode, Run, Size};
use hashbench_report::render::recommend::{json, table, Provenance};
use hashbench_report::render::sanitize::{escaped, sanitized};
use hashbench_runner::{RunPlan, SizeSpec, DEFAULT_EQUIVALENCE, DEFAULT_PRECISION};

use crate::values;
use crate::{cli::emit, cli::Format, cli::UsageError};

/// Seconds per cell unless `--time` says: small enough that the ~80 candidates of
/// `--need checksum` (verification and baselines included) finish within 20 s on a
/// 2-core machine (docs/usage.md has the timing), large enough for CIs near ±1 %.
pub const DEFAULT_RECOMMEND_TIME_S: f64 = 0.05;

/// Rounds every candidate gets before the race: enough for a first figure of each, the
/// contenders then race on.
pub const SCREENING_ROUNDS: u32 = 3;

/// The most rounds a contender gets in the race (within `--time`).
pub const MAX_RACE_ROUNDS: u32 = 30;

#[derive(clap::Args, Debug)]
pub struct RecommendArgs {
    /// Input sizes to answer for: comma-separated, with k/m/g units, or A..=B for calls
    /// of random lengths (as `run --sizes`); 0 is refused.
    #[arg(long, value_name = "SIZE[,SIZE...]", value_parser = size_list)]
    pub size: SizeList,
    /// What the output must be good for: checksum (error detection), hash (fast,
    /// evenly spread; no adversary) or crypto (collision resistance). Required: each
    /// need has another answer. A stronger class also satisfies a weaker need.
    #[arg(long, value_enum)]
    pub need: NeedArg,
    /// Leave out algorithms with fewer output bits than this.
    #[arg(long, value_name = "N")]
    pub min_bits: Option<u32>,
    /// Threads an implementation that splits one message (blake3+rayon) may use; with 1
    /// (the default) only one-thread implementations are candidates.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=64))]
    pub threads: usize,
    /// throughput (independent calls on one input) or latency (each call waits for the
    /// last digest), as `run --mode`.
    #[arg(long, default_value = "throughput", value_parser = values::one_mode())]
    pub mode: Mode,
    /// Time budget per cell, like 0.05, 50ms or 1s.
    #[arg(long, default_value_t = DEFAULT_RECOMMEND_TIME_S, value_parser = values::parse_seconds)]
    pub time: f64,
    /// Practical-equivalence margin: candidates whose time ratio to the answer, measured
    /// side by side, lies within +-this are reported as equivalent to it (0.03 or 3%).
    #[arg(long, default_value_t = DEFAULT_EQUIVALENCE, value_parser = values::parse_margin)]
    pub equivalence: f64,
    /// Also measure pinned backends (forced SIMD levels, table variants), which a
    /// program rarely chooses; by default each library picks its own backend.
    #[arg(long)]
    pub pinned: bool,
    /// Answer from this `hashbench run --format json` file instead of measuring.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["time", "pinned", "equivalence"])]
    pub from: Option<PathBuf>,
    /// `table`, or `json` (docs/json-schema.md).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// No progress display.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `--size`: the sizes, parsed as `run --sizes` parses them.
#[derive(Clone, Debug)]
pub struct SizeList(pub Vec<Size>);

fn size_list(text: &str) -> Result<SizeList, UsageError> {
    values::parse_sizes(text).map(SizeList)
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum NeedArg {
    Checksum,
    Hash,
    Crypto,
}

fn need(arg: NeedArg) -> Need {
    match arg {
        NeedArg::Checksum => Need::Checksum,
        NeedArg::Hash => Need::Hash,
        NeedArg::Crypto => Need::Crypto,
    }
}

/// Every algorithm's properties, from the catalogue's data.
pub fn properties() -> Vec<AlgorithmProperties> {
    hashbench_catalog::ALGORITHMS
        .iter()
        .map(|a| AlgorithmProperties {
            id: a.id.to_string(),
            class: a.class.model(),
            output_bits: a.output_bits,
            collision_bits: a.collision_bits,
            broken: a.broken,
            standard: a.standard.map(str::to_string),
            note: a.security_note.to_string(),
        })
        .collect()
}

/// The implementations to measure: those of the algorithms the need admits, and for
/// `crypto` the broken ones too (to say so when they would have been fastest); library-
/// chosen backends unless `pinned`; parallel ones only with more than one thread.
fn candidates(
    need: Need,
    min_bits: Option<u32>,
    threads: usize,
    pinned: bool,
) -> Vec<&'static Implementation> {
    let props = properties();
    hashbench_catalog::registry::IMPLEMENTATIONS
        .iter()
        .filter(|imp| {
            let p = props
                .iter()
                .find(|p| p.id == imp.algorithm.id)
                .expect("every implementation's algorithm is in the catalogue");
            let wanted = need.rejects(p, min_bits).is_none()
                || (need == Need::Crypto && p.broken && Need::Hash.rejects(p, min_bits).is_none());
            let variant_ok = if imp.parallel {
                threads > 1
            } else {
                pinned || imp.variant.is_none()
            };
            wanted && variant_ok
        })
        .collect()
}

pub fn run(args: RecommendArgs, command_line: Vec<String>) -> Result<u8> {
    if args.size.0.contains(&Size::Bytes(0)) {
        return Err(UsageError(
            "--size 0: a call on no input has no throughput to compare; give 1 byte or more".into(),
        )
        .into());
    }
    let need = need(args.need);
    let mode = args.mode;
    let (run, from, failed) = match &args.from {
        Some(path) => (
            crate::store::read_run(path)?,
            Some(path.display().to_string()),
            false,
        ),
        None => {
            let implementations = candidates(need, args.min_bits, args.threads, args.pinned);
            if implementations.is_empty() {
                return Err(UsageError(format!(
                    "no algorithm in the catalogue satisfies --need {}{}",
                    need.as_str(),
                    args.min_bits
                        .map_or(String::new(), |b| format!(" --min-bits {b}"))
                ))
                .into());
            }
            let plan = RunPlan {
                filters: implementations.iter().map(|i| i.id.to_string()).collect(),
                implementations,
                sizes: SizeSpec::List(args.size.0.clone()),
                modes: vec![mode],
                threads: Some(vec![args.threads]),
                time_s: args.time,
                precision: DEFAULT_PRECISION,
                rounds: SCREENING_ROUNDS,
                max_rounds: Some(MAX_RACE_ROUNDS),
                race: true,
                equivalence: args.equivalence,
                command_line,
                ..RunPlan::default()
            };
            let outcome = crate::progress::measure(&plan, args.quiet)?;
            if outcome.interrupted {
                return Ok(crate::signals::interrupted_exit_code());
            }
            (outcome.run, None, outcome.failed)
        }
    };
    match args.format {
        // The table shows the run's strings and the file's name: escaped, as a run file
        // can come from anywhere; JSON keeps them exactly.
        Format::Table => {
            let clean = sanitized(&run);
            let recs = answer(&clean, &args, need, mode)?;
            let from = from.map(|f| escaped(&f).into_owned());
            emit(&table(&Provenance::of(&clean, from), &recs));
        }
        Format::Json => {
            let recs = answer(&run, &args, need, mode)?;
            emit(&json(Provenance::of(&run, from), &recs)?);
        }
    }
    Ok(if failed { crate::cli::EXIT_FAILED } else { 0 })
}

/// One recommendation per size asked; a size the run lacks, or one without a
/// candidate, is a usage error.
fn answer(run: &Run, args: &RecommendArgs, need: Need, mode: Mode) -> Result<Vec<Recommendation>> {
    let props = properties();
    args.size
        .0
        .iter()
        .map(|&size| {
            let request = Request {
                need,
                min_bits: args.min_bits,
                size,
                mode,
                threads: args.threads,
            };
            recommend(run, &props, &request).map_err(|e| UsageError(e.to_string()).into())
        })
        .collect()
}

#[cfg(test)]
mod tests;
