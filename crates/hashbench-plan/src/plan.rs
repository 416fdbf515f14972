//! The typed plan of a run: what the runner reads, resolved from the options. It is
//! built once (from the flags over a suite's settings, or by `recommend` and
//! `crossover`); nothing below re-reads text. The checks that only the machine can answer
//! are the runner's (`hashbench-runner`'s `check.rs`).

use std::time::Duration;

use hashbench_catalog::Implementation;
use hashbench_model::{Layout, Mode, RelativeTo, Size, SuiteInfo};

use hashbench_verify::VectorSource;

use crate::options::RunOptions;
use crate::values::SizeSpec;

/// A cell whose figure has not reached its precision after its rounds gets more, up to
/// this many times as many (within its time budget).
pub const MAX_ROUNDS_FACTOR: u32 = 3;
/// At most this many threads or streams per logical CPU without `--allow-oversubscribe`.
pub const OVERSUBSCRIBE_FACTOR: usize = 4;
/// Plans of more cells than this need `--yes`.
pub const MAX_CELLS_WITHOUT_YES: usize = 5000;

/// How the plan's errors name what the user gave, for the options checked against the
/// machine here: a command's own flag (`recommend --size`, not `--sizes`) or a suite
/// file's key, never a flag the user did not type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelling {
    /// The sizes: `--sizes`, `--size`, or `suite FILE: key `sizes``.
    pub sizes: String,
    /// The thread counts: `--threads`.
    pub threads: String,
    /// The flag that measures beyond [`OVERSUBSCRIBE_FACTOR`] threads per CPU anyway,
    /// where the command has one (`recommend` has none).
    pub oversubscribe: Option<&'static str>,
}

impl Default for Spelling {
    /// `run`'s flags.
    fn default() -> Self {
        Spelling {
            sizes: "--sizes".to_string(),
            threads: "--threads".to_string(),
            oversubscribe: Some("--allow-oversubscribe"),
        }
    }
}

/// Everything a run needs to know, typed. Built once; the runner only reads it.
#[derive(Clone, Debug)]
pub struct RunPlan {
    /// Every option (the flags over a suite's settings, or a command's rules), with its
    /// default where none was given; the patterns deduplicated, never empty.
    pub options: RunOptions,
    /// The implementations the filters select, in catalogue order.
    pub implementations: Vec<&'static Implementation>,
    /// Implementations in other runtimes (`hashbench-adapters`), their adapters started.
    pub external: Vec<hashbench_adapters::External>,
    /// What the selection of other runtimes set aside (a runtime not set up, an
    /// implementation its adapter offers that hashbench cannot take): reported in the
    /// run's `skipped`.
    pub external_skipped: Vec<hashbench_model::Skipped>,
    /// Measure the baselines (nop, memcpy, read) at every size too.
    pub baselines: bool,
    /// Race (`recommend`): after `rounds` screening rounds, more rounds only for the
    /// cells that cannot yet be told apart from their size's leader.
    pub race: bool,
    /// In a race, the algorithms an answer can be at each size: each size's leader is
    /// the fastest of them, and only they race past the screening (the others are
    /// measured to say why they are left out when faster). Empty: every cell.
    pub answerable: Vec<(Size, &'static str)>,
    /// The layout: the options' (a flag's or a suite's), checked against the metric.
    pub layout: Layout,
    /// The relative columns asked for, checked against the selection.
    pub relative_to: Vec<RelativeTo>,
    pub suite: Option<SuiteInfo>,
    /// The command line, recorded in the result.
    pub command_line: Vec<String>,
    /// What earlier runs on this machine remember of the drift reference's undisturbed
    /// time (the binary's machine memory, docs/method.md): not an option, a fact the run
    /// is given, so that a run spent wholly in a slow spell knows it.
    pub remembered: hashbench_model::RememberedSpeeds,
    /// How far earlier runs of this build on this machine saw figures move from one run to
    /// the next (the binary's machine memory, [`crate::moves`]): every interval reaches at
    /// least that far. A fact the run is given, as `remembered` is.
    pub run_to_run: hashbench_model::RunToRun,
    /// What earlier runs of the same code proved (the binary's proof memory,
    /// `hashbench_verify::proofs`): `None` verifies everything and learns nothing.
    pub proofs: Option<hashbench_verify::ProofMemory>,
    /// How errors name the sizes and threads given.
    pub spelling: Spelling,
}

impl Default for RunPlan {
    /// `hashbench run` with no flags, and nothing selected yet.
    fn default() -> Self {
        RunPlan {
            options: RunOptions::default(),
            implementations: Vec::new(),
            external: Vec::new(),
            external_skipped: Vec::new(),
            baselines: true,
            race: false,
            answerable: Vec::new(),
            layout: Layout::Default,
            relative_to: Vec::new(),
            suite: None,
            command_line: Vec::new(),
            remembered: hashbench_model::RememberedSpeeds::default(),
            run_to_run: hashbench_model::RunToRun::default(),
            proofs: None,
            spelling: Spelling::default(),
        }
    }
}

impl RunPlan {
    /// The budget per cell.
    #[must_use]
    pub fn time_budget(&self) -> Duration {
        Duration::from_secs_f64(self.options.time_s)
    }

    /// Where the known answers come from: `--vectors DIR`, else the built-in set.
    #[must_use]
    pub fn vectors(&self) -> VectorSource {
        self.options
            .vectors
            .clone()
            .map_or(VectorSource::Embedded, VectorSource::Directory)
    }

    /// The modes each cell is measured in, never empty.
    #[must_use]
    pub fn modes(&self) -> Vec<Mode> {
        self.options.mode.modes()
    }

    /// `--threads`, ascending, if given.
    #[must_use]
    pub fn threads(&self) -> Option<&[usize]> {
        self.options.threads.as_ref().map(|t| t.0.as_slice())
    }

    /// The most rounds a cell is measured in ([`MAX_ROUNDS_FACTOR`] x `rounds`).
    #[must_use]
    pub fn max_rounds(&self) -> u32 {
        let rounds = self.options.rounds;
        self.options
            .max_rounds
            .unwrap_or_else(|| rounds.saturating_mul(MAX_ROUNDS_FACTOR))
            .max(rounds)
            .max(1)
    }

    /// The most cells this plan can have (every implementation at every pattern and
    /// thread count, plus the baselines and the reads on several threads), before anything is known to be unavailable.
    #[must_use]
    pub fn at_most_cells(&self) -> usize {
        let thread_counts = self.threads().map_or(1, <[usize]>::len);
        self.sizes_len().saturating_mul(
            ((self.implementations.len() + self.external.len())
                * self.options.patterns.len().max(1)
                * thread_counts
                * self.modes().len().max(1))
            .saturating_add(if self.baselines {
                3 + self.wide_reads()
            } else {
                0
            }),
        )
    }

    /// The reads on several threads per size at most: one per thread count above 1 (one
    /// for the default, a thread per CPU) when an implementation splits one message.
    fn wide_reads(&self) -> usize {
        if !self.implementations.iter().any(|i| i.parallel) {
            return 0;
        }
        self.threads()
            .map_or(1, |t| t.iter().filter(|&&n| n > 1).count())
    }

    fn sizes_len(&self) -> usize {
        match &self.options.sizes {
            SizeSpec::List(b) => b.len(),
            // At most a handful of cache levels, two sizes each.
            SizeSpec::AroundCaches => 0,
        }
    }
}
