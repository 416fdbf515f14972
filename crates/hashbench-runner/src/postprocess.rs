//! What is derived from the measured cells, in one named order: the guards first (they
//! flag cells), then the cost model (it leaves flagged cells out), then the relative
//! columns (a flagged cell is never the fastest or slowest others are measured against).
//! Every call into `hashbench-analysis` is here.

use hashbench_analysis::Thresholds;
use hashbench_model::{RelativeTo, Run};

use hashbench_model::Metric;

/// Applies the guards, the cost model and the relative columns to `run`, in that order.
pub(crate) fn apply(run: &mut Run, relative_to: &[RelativeTo], metric: Metric) {
    hashbench_analysis::guards::apply(run, &Thresholds::default());
    run.cost_model = hashbench_analysis::cost_model(run);
    // No relative column asked for: with the cycles metric, "perf vs" the first blake3
    // implementation, as hash-speedtest prints it.
    let relative_to = match (relative_to.is_empty(), metric) {
        (true, Metric::Cycles) => hashbench_analysis::relative::default_relative_to(run),
        _ => relative_to.to_vec(),
    };
    hashbench_analysis::relative::apply(run, &relative_to);
    run.rankings = hashbench_analysis::ties::rankings(run);
}
