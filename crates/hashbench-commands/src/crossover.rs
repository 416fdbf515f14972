//! `crossover`'s own rules: two implementation ids (not an algorithm, not the same one
//! twice), the size sweep that brackets their crossover, and which measured series of
//! each a run's cells are compared as.

use hashbench_analysis::costmodel::answer::CrossoverAnswer;
use hashbench_model::{Cell, Run, Size, Subject};
use hashbench_plan::SizeSpec;

use hashbench_plan::values::ThreadCounts;
use hashbench_plan::{PlanError, RunRequest, UsageError};

/// Powers of two from 64 B to 4 MiB: fine enough to bracket a crossover within 2x.
#[must_use]
pub fn default_sizes() -> Vec<Size> {
    (6..=22).map(|bits| Size::Bytes(1u64 << bits)).collect()
}

/// What `crossover A B` is asked, typed: each field is also `crossover`'s flag (with the
/// `clap` feature, the binary's), defined here once.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Ask {
    /// The implementation expected to win from some size on (an implementation id).
    pub a: String,
    /// The implementation it is compared with.
    pub b: String,
    /// Sizes of the sweep [default: powers of two, 64 B to 4 MiB].
    #[cfg_attr(feature = "clap", arg(long, value_parser = hashbench_plan::values::size_spec))]
    pub sizes: Option<SizeSpec>,
    /// Threads for an implementation that splits one message (blake3+rayon)
    /// [default: one per logical CPU].
    #[cfg_attr(feature = "clap", arg(long, value_name = "N",
        value_parser = hashbench_plan::values::thread_counts))]
    pub threads: Option<ThreadCounts>,
    /// Time budget per cell, like 0.3, 300ms or 2s.
    #[cfg_attr(feature = "clap", arg(long = "time", id = "time", value_name = "TIME",
        default_value_t = hashbench_plan::RunOptions::default().time_s,
        value_parser = hashbench_plan::values::parse_seconds))]
    pub time_s: f64,
    /// Target precision of each cell's median (0.01 or 1%).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = hashbench_plan::RunOptions::default().precision,
        value_parser = hashbench_plan::values::parse_precision))]
    pub precision: f64,
    /// Seed of the random input bytes [default: from the clock].
    #[cfg_attr(feature = "clap", arg(long))]
    pub seed: Option<u64>,
}

/// The two implementations, checked.
#[derive(Clone, Copy, Debug)]
pub struct Pair {
    pub a: &'static str,
    pub b: &'static str,
    /// The one thread count asked for, if any.
    pub threads: Option<usize>,
}

impl Pair {
    /// `crossover`'s answer for A over B in `run`, over the series [`pick`] chooses of
    /// each: the duels and verdict, both fitted lines and what the table warns of,
    /// computed once for the renderers to read.
    ///
    /// # Errors
    ///
    /// The run has no measured cell of A or of B.
    pub fn crossover(&self, run: &Run) -> Result<CrossoverAnswer, UsageError> {
        let (a, b) = (
            pick(run, self.a, self.threads)?,
            pick(run, self.b, self.threads)?,
        );
        let x = hashbench_analysis::costmodel::crossover(&a[0].label(), &a, &b[0].label(), &b);
        Ok(CrossoverAnswer::new(x, (&a, &b), run.tsc_hz, run.complete))
    }
}

impl Ask {
    /// The two ids, each naming one implementation, different, and one thread count.
    ///
    /// # Errors
    ///
    /// An unknown name (with suggestions), one that names several implementations, the
    /// same one twice, more than one thread count.
    pub fn pair(&self) -> Result<Pair, PlanError> {
        let a = implementation_id(&self.a)?;
        let b = implementation_id(&self.b)?;
        if a == b {
            return Err(UsageError(format!(
                "crossover needs two different implementations, got {a} twice"
            ))
            .into());
        }
        if self.threads.as_ref().is_some_and(|t| t.0.len() != 1) {
            return Err(UsageError("crossover takes one --threads count".to_string()).into());
        }
        Ok(Pair {
            a,
            b,
            threads: self.threads.as_ref().map(|t| t.0[0]),
        })
    }

    /// The sweep that measures the pair: no baselines, the sizes asked for or
    /// [`default_sizes`].
    #[must_use]
    pub fn request(&self, pair: Pair) -> RunRequest {
        let mut request = RunRequest {
            without_baselines: true,
            ..RunRequest::default()
        };
        let o = &mut request.options;
        o.filter = vec![pair.a.to_string(), pair.b.to_string()];
        o.sizes = self
            .sizes
            .clone()
            .unwrap_or_else(|| SizeSpec::List(default_sizes()));
        o.threads.clone_from(&self.threads);
        o.time_s = self.time_s;
        o.precision = self.precision;
        o.seed = self.seed;
        request
    }
}

/// Checks that `id` names one implementation (not an algorithm or a provider).
///
/// # Errors
///
/// An unknown name ([`PlanError::Filter`], with suggestions), or one that names several.
pub fn implementation_id(id: &str) -> Result<&'static str, PlanError> {
    if let Some(imp) = hashbench_catalog::find_implementation(id) {
        return Ok(imp.id);
    }
    // An unknown name gets the filter's "did you mean" error.
    let matched = hashbench_catalog::Filter::parse(&[id.to_string()])?.implementations();
    let examples: Vec<&str> = matched.iter().take(4).map(|i| i.id).collect();
    Err(UsageError(format!(
        "crossover compares two implementations, and '{id}' names {} of them; give one id, such as {}",
        matched.len(),
        examples.join(", ")
    ))
    .into())
}

/// The measured series of `id` in `run` that the crossover compares: its one-shot cells
/// at the thread count asked for (or one thread); of several thread counts in a saved
/// run, the most threads.
///
/// # Errors
///
/// The run has no measured cell of `id` (see its skipped list).
pub fn pick<'r>(
    run: &'r Run,
    id: &str,
    threads: Option<usize>,
) -> Result<Vec<&'r Cell>, UsageError> {
    let subject = Subject::parse(id);
    hashbench_analysis::costmodel::series(run)
        .into_iter()
        .filter(|g| g[0].implementation == subject && g[0].pattern.is_oneshot())
        .filter(|g| threads.is_none_or(|n| g[0].threads == n || g[0].threads == 1))
        .max_by_key(|g| g[0].threads)
        .ok_or_else(|| {
            UsageError(format!(
                "no measured cells of {id} (see the run's skipped list)"
            ))
        })
}

#[cfg(test)]
mod tests;
