//! `hashbench recommend --size 4k --need checksum`: which checksum or hash, from which
//! library, at this size, on this machine. The candidates and the race that measures
//! them (through the same runner as `run`, verification first) are `hashbench-plan`'s
//! rules (`recommend`); the answer is `hashbench-analysis`' pure recommendation, from
//! the run measured or a saved one.

use std::path::PathBuf;

use anyhow::Result;
use hashbench_analysis::recommend::Need;
use hashbench_model::{Mode, Size};
use hashbench_plan::recommend::{Ask, DEFAULT_RECOMMEND_TIME_S};
use hashbench_plan::{values, Outcome};
use hashbench_report::render::recommend::{json, table, Provenance};
use hashbench_report::render::sanitize::{escaped, sanitized};
use hashbench_runner::DEFAULT_EQUIVALENCE;

use crate::{cli::emit, cli::Format, cli::UsageError};

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
    #[arg(long, default_value = "throughput", value_parser = crate::choices::one_mode())]
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

impl From<NeedArg> for Need {
    fn from(arg: NeedArg) -> Need {
        match arg {
            NeedArg::Checksum => Need::Checksum,
            NeedArg::Hash => Need::Hash,
            NeedArg::Crypto => Need::Crypto,
        }
    }
}

pub fn run(args: RecommendArgs, command_line: Vec<String>) -> Result<Outcome> {
    let ask = Ask {
        sizes: args.size.0.clone(),
        need: args.need.into(),
        min_bits: args.min_bits,
        threads: args.threads,
        mode: args.mode,
        pinned: args.pinned,
        time_s: args.time,
        equivalence: args.equivalence,
    };
    ask.check()?;
    let (run, from, failed) = match &args.from {
        Some(path) => (
            crate::store::read_run(path)?,
            Some(path.display().to_string()),
            false,
        ),
        None => {
            let plan =
                hashbench_plan::resolve(ask.request()?, None, command_line, &mut crate::cli::note)?;
            let outcome = crate::progress::measure(&plan, args.quiet)?;
            if outcome.interrupted {
                return Ok(Outcome::Interrupted);
            }
            (outcome.run, None, outcome.failed)
        }
    };
    match args.format {
        // The table shows the run's strings and the file's name: escaped, as a run file
        // can come from anywhere; JSON keeps them exactly.
        Format::Table => {
            let clean = sanitized(&run);
            let recs = ask.answer(&clean)?;
            let from = from.map(|f| escaped(&f).into_owned());
            emit(&table(&Provenance::of(&clean, from), &recs));
        }
        Format::Json => {
            let recs = ask.answer(&run)?;
            emit(&json(Provenance::of(&run, from), &recs)?);
        }
    }
    Ok(Outcome::failed_if(failed))
}
