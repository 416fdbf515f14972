//! The CLI's view of a run's progress: the `hashbench: plan: ...` line and the progress
//! line on standard error, drawn from the runner's events. The hidden testing aid
//! `--cancel-after-cells N` lives here too: it counts cells done, as the line does.

use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use hashbench_runner::{PlanReady, RunObserver, Step};

/// Draws progress on standard error: the plan line unless `--quiet`, the progress line
/// only when standard error is a terminal (or `--force-progress`).
pub struct ProgressLine {
    quiet: bool,
    enabled: bool,
    total: usize,
    done: usize,
    /// The step being shown is an extra round, past the planned ones.
    extra: bool,
    started: Instant,
    /// `--cancel-after-cells N` (and `--cancel-with-sigterm`): interrupt once N cells of
    /// the rounds are done.
    cancel_after: Option<(usize, bool)>,
    cancel: Arc<AtomicBool>,
}

impl ProgressLine {
    pub fn new(
        quiet: bool,
        force: bool,
        cancel_after: Option<(usize, bool)>,
        cancel: Arc<AtomicBool>,
    ) -> Self {
        ProgressLine {
            quiet,
            // A dumb terminal cannot erase a line; the progress line would pile up.
            enabled: force
                || (!quiet
                    && std::io::stderr().is_terminal()
                    && std::env::var_os("TERM").is_none_or(|t| t != "dumb")),
            total: 0,
            done: 0,
            extra: false,
            started: Instant::now(),
            cancel_after,
            cancel,
        }
    }

    fn show(&self, what: &str) {
        if !self.enabled {
            return;
        }
        // Beyond the planned rounds (extra rounds of unsettled cells): how many more
        // there will be is not known.
        if self.done >= self.total && self.extra {
            eprint!("\r\x1b[K[{}/{}+] {what}  ETA ?", self.done + 1, self.total);
            return;
        }
        let eta = if self.done == 0 {
            "?".to_string()
        } else {
            let per = self.started.elapsed().as_secs_f64() / self.done as f64;
            format!("{:.0} s", per * self.total.saturating_sub(self.done) as f64)
        };
        // The drift reference after the last round is not a cell: it must not count
        // past the total.
        eprint!(
            "\r\x1b[K[{}/{}] {what}  ETA {eta}",
            (self.done + 1).min(self.total.max(1)),
            self.total
        );
    }
}

impl RunObserver for ProgressLine {
    fn plan_ready(&mut self, plan: &PlanReady) {
        if !self.quiet {
            // What is about to happen, and for how long at most.
            eprintln!("hashbench: plan: {plan}");
        }
        self.total = plan.cells * plan.rounds + plan.streams_cells;
        self.started = Instant::now();
    }

    fn step_started(&mut self, step: &Step<'_>) {
        self.extra = matches!(*step, Step::Round { round, rounds, .. } if round > rounds);
        self.show(&step.to_string());
    }

    fn step_done(&mut self, step: &Step<'_>) {
        self.done += 1;
        if let (Step::Round { .. }, Some((n, sigterm))) = (step, self.cancel_after) {
            if n == self.done {
                interrupt_self(&self.cancel, sigterm);
            }
        }
    }

    fn drift_reference(&mut self, _after_round: usize) {
        self.show("drift reference");
    }

    fn finished(&mut self) {
        if self.enabled {
            eprint!("\r\x1b[K");
        }
    }
}

/// Sends SIGINT (or SIGTERM) to this process (the hidden `--cancel-after-cells`): the
/// run goes on exactly as after a real Ctrl-C at this point. The handlers installed
/// before the run set the cancel flag inside `raise`, before it returns, so the cell
/// after this one is never started.
fn interrupt_self(cancel: &AtomicBool, sigterm: bool) {
    #[cfg(unix)]
    {
        let _ = cancel;
        let signal = if sigterm { libc::SIGTERM } else { libc::SIGINT };
        // SAFETY: raise has no memory-safety preconditions.
        unsafe { libc::raise(signal) };
    }
    // Without signals, the flag itself.
    #[cfg(not(unix))]
    cancel.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Runs `plan` with the progress line (unless `quiet`; off a terminal too with `force`,
/// and the testing aid `--cancel-after-cells` as `cancel_after`), SIGINT and SIGTERM
/// stopping it at the next cell: how every command measures.
pub(crate) fn measure(
    plan: &hashbench_runner::RunPlan,
    quiet: bool,
    force: bool,
    cancel_after: Option<(usize, bool)>,
) -> anyhow::Result<hashbench_runner::Measured> {
    // SIGINT and SIGTERM set this flag; the runner stops at the next cell.
    let cancel = crate::signals::install();
    let mut progress = ProgressLine::new(quiet, force, cancel_after, cancel.clone());
    Ok(hashbench_runner::run(plan, &mut progress, &cancel)?)
}
