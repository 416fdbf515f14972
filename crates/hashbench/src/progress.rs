//! The CLI's view of a run's progress: the `hashbench: plan: ...` line and the progress
//! line on standard error, drawn from the runner's events by an `indicatif` progress bar
//! (its template, its elapsed time and ETA; its draw target is ours, [`Stderr`], or any
//! other, such as indicatif's `InMemoryTerm` in the tests). The hidden testing aid
//! `--cancel-after-cells N` lives here too: it counts cells done, as the line does.

use std::io::{IsTerminal, Write as _};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use std::fmt::Write;

use hashbench_runner::{PlanReady, Progress, RunObserver, Step};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike};

/// The progress line: `[3/24] crc32/crc32fast [oneshot] @ 4 KiB, round 1/3  2 s elapsed,
/// ETA 14 s`. `{cell}` is the cell being measured (cells done + 1), `+` past the plan.
const TEMPLATE: &str = "[{cell}] {msg}  {elapsed_s} elapsed, ETA {eta_s}";

/// Draws progress on standard error: the plan line unless `--quiet`, the progress line
/// only when standard error is a terminal (or `--force-progress`).
pub struct ProgressLine {
    quiet: bool,
    /// Where the line goes until the plan says how long the run is (then the bar owns
    /// it); `None` when no line is drawn.
    target: Option<ProgressDrawTarget>,
    bar: Option<ProgressBar>,
    done: usize,
    shown: Arc<Shown>,
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
        let terminal = std::io::stderr().is_terminal();
        // A dumb terminal cannot erase a line; the progress line would pile up.
        let enabled =
            force || (!quiet && terminal && std::env::var_os("TERM").is_none_or(|t| t != "dumb"));
        let target = enabled.then(|| ProgressDrawTarget::term_like(Box::new(Stderr { terminal })));
        Self::with_target(quiet, target, cancel_after, cancel)
    }

    /// The observer drawing to `target` (`None`: no progress line, the plan line still
    /// unless `quiet`).
    pub fn with_target(
        quiet: bool,
        target: Option<ProgressDrawTarget>,
        cancel_after: Option<(usize, bool)>,
        cancel: Arc<AtomicBool>,
    ) -> Self {
        ProgressLine {
            quiet,
            target,
            bar: None,
            done: 0,
            shown: Arc::default(),
            cancel_after,
            cancel,
        }
    }

    /// The bar's look: [`TEMPLATE`] and its keys, which read `shown`: the bar's own
    /// position is not used, so that a step is one draw (its message), never a second
    /// one with the new count and the last step's name.
    fn style(shown: Arc<Shown>) -> ProgressStyle {
        let cell = shown.clone();
        // The template is a constant: a mistake in it is a bug caught by the tests, and a
        // line without a template is still a line.
        ProgressStyle::with_template(TEMPLATE)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .with_key("cell", move |s: &ProgressState, w: &mut dyn Write| {
                let _ = write!(w, "{}", cell.progress(s).position());
            })
            .with_key("elapsed_s", |s: &ProgressState, w: &mut dyn Write| {
                let _ = write!(w, "{:.0} s", s.elapsed().as_secs_f64());
            })
            .with_key("eta_s", move |s: &ProgressState, w: &mut dyn Write| {
                let _ = match shown.progress(s).eta_s(s.elapsed().as_secs_f64()) {
                    Some(left) => write!(w, "{left:.0} s"),
                    None => write!(w, "?"),
                };
            })
    }

    fn show(&self, what: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(what.to_string());
        }
    }
}

/// What the line counts, shared with the template's keys.
#[derive(Debug, Default)]
struct Shown {
    /// Cells done.
    done: AtomicU64,
    /// The step being shown is an extra round, past the planned ones.
    extra: AtomicBool,
}

impl Shown {
    /// Where the measuring stands; the bar's length is the plan's steps.
    fn progress(&self, s: &ProgressState) -> Progress {
        Progress {
            done: self.done.load(Ordering::Relaxed) as usize,
            planned: s.len().unwrap_or(0) as usize,
            extra: self.extra.load(Ordering::Relaxed),
        }
    }
}

impl RunObserver for ProgressLine {
    fn plan_ready(&mut self, plan: &PlanReady) {
        if !self.quiet {
            // What is about to happen, and for how long at most.
            crate::cli::say(&format!("plan: {plan}"));
        }
        let total = plan.cells * plan.rounds + plan.streams_cells;
        // The bar starts here, so its elapsed time and ETA count the measuring only.
        self.bar = self.target.take().map(|target| {
            ProgressBar::with_draw_target(Some(total as u64), target)
                .with_style(Self::style(self.shown.clone()))
        });
    }

    fn step_started(&mut self, step: &Step<'_>) {
        let extra = matches!(*step, Step::Round { round, rounds, .. } if round > rounds);
        self.shown.extra.store(extra, Ordering::Relaxed);
        self.show(&step.to_string());
    }

    fn step_done(&mut self, step: &Step<'_>) {
        self.done += 1;
        self.shown.done.store(self.done as u64, Ordering::Relaxed);
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
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Standard error as indicatif's terminal. Its own rather than indicatif's
/// `ProgressDrawTarget::stderr()`, which hides the bar when standard error is not a
/// terminal: `--force-progress` draws into a pipe (the tests read it there), where a line
/// is erased with `\r` and `ESC [K` as on a terminal and the padding indicatif writes
/// to fill a terminal's row is left out (a pipe has no row to fill).
#[derive(Debug)]
struct Stderr {
    terminal: bool,
}

impl Stderr {
    fn put(&self, text: &str) -> std::io::Result<()> {
        std::io::stderr().write_all(text.as_bytes())
    }

    fn cursor(&self, n: usize, code: char) -> std::io::Result<()> {
        if n == 0 {
            return Ok(());
        }
        self.put(&format!("\x1b[{n}{code}"))
    }
}

impl TermLike for Stderr {
    fn width(&self) -> u16 {
        if !self.terminal {
            // No width: a line is never wrapped, so nothing above it is ever erased.
            return u16::MAX;
        }
        terminal_size::terminal_size_of(std::io::stderr()).map_or(80, |(w, _)| w.0)
    }

    fn height(&self) -> u16 {
        if !self.terminal {
            return u16::MAX;
        }
        terminal_size::terminal_size_of(std::io::stderr()).map_or(24, |(_, h)| h.0)
    }

    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.cursor(n, 'A')
    }

    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.cursor(n, 'B')
    }

    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.cursor(n, 'C')
    }

    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.cursor(n, 'D')
    }

    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.put(&format!("{s}\n"))
    }

    fn write_str(&self, s: &str) -> std::io::Result<()> {
        if !self.terminal && !s.is_empty() && s.bytes().all(|b| b == b' ') {
            return Ok(());
        }
        self.put(s)
    }

    fn clear_line(&self) -> std::io::Result<()> {
        self.put("\r\x1b[K")
    }

    fn flush(&self) -> std::io::Result<()> {
        std::io::stderr().flush()
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
    plan: &hashbench_plan::RunPlan,
    quiet: bool,
    force: bool,
    cancel_after: Option<(usize, bool)>,
) -> anyhow::Result<hashbench_runner::Measured> {
    // SIGINT and SIGTERM set this flag; the runner stops at the next cell.
    let cancel = crate::signals::install();
    let mut progress = ProgressLine::new(quiet, force, cancel_after, cancel.clone());
    // What earlier runs here remember of the machine's speed tells a run spent wholly in
    // a slow spell that it was; this run's reference joins the memory.
    // How far they saw figures move from one run to the next widens this run's
    // intervals as far. And what earlier runs of the same code proved is not verified
    // again.
    let plan = hashbench_plan::RunPlan {
        remembered: hashbench_commands::memories::recall(),
        run_to_run: hashbench_commands::memories::run_to_run(),
        proofs: hashbench_commands::memories::proofs(),
        ..plan.clone()
    };
    let measured = hashbench_runner::run(&plan, &mut progress, &cancel)?;
    hashbench_commands::memories::record(&measured.run, plan.options.slow_down.is_none());
    hashbench_commands::memories::prove(measured.learned.as_ref());
    Ok(measured)
}

#[cfg(test)]
mod tests;
