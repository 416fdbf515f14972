//! `hashbench adapter check COMMAND`: what an adapter (yours, in any language, or one of
//! `adapters/`) gets wrong, checked the way hashbench drives it (docs/adapters.md): its
//! `hello`, every implementation and pattern it offers against the known answers, the
//! `time` path that produces its figures, bad requests, and its exit when standard input
//! closes. The checks are [`check`]'s; this module is the command's flags and its words.

mod check;

pub use check::{check, CheckAsk, Report, Section};

/// `hashbench adapter`'s subcommands.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Subcommand))]
pub enum Command {
    /// Check an adapter against the protocol (docs/adapters.md): every reply, every known
    /// answer through every pattern, the timed path, bad requests and the exit. Exit 1
    /// when anything is wrong, each fault named.
    #[cfg_attr(
        feature = "clap",
        command(
            after_help = "Examples:\n  hashbench adapter check 'perl examples/adapters/perl/adapter.pl'\n  hashbench adapter check adapters/node/run --quick"
        )
    )]
    Check(CheckAsk),
}

impl Command {
    /// Runs the subcommand; `emit` hears each part of the output as it is known.
    ///
    /// # Errors
    ///
    /// The built-in known answers could not be read.
    pub fn run(
        &self,
        emit: &mut dyn FnMut(&str),
    ) -> Result<crate::Outcome, hashbench_runner::RunError> {
        match self {
            Command::Check(ask) => {
                let report = check(ask, &mut |s| emit(&s.describe()))?;
                emit(&report.summary());
                Ok(crate::Outcome::failed_if(!report.passed()))
            }
        }
    }
}

impl Section {
    /// `PASS  subject  (N checks)`, or `FAIL` with each fault on a line of its own.
    #[must_use]
    pub fn describe(&self) -> String {
        let verdict = if self.failed == 0 { "PASS" } else { "FAIL" };
        let plural = if self.checks == 1 { "" } else { "s" };
        let mut s = format!(
            "{verdict}  {}  ({} check{plural}",
            self.subject, self.checks
        );
        if self.failed > 0 {
            s.push_str(&format!(", {} failed", self.failed));
        }
        s.push_str(")\n");
        for fault in self.faults.iter().take(SHOWN_FAULTS) {
            s.push_str(&format!("      {fault}\n"));
        }
        if self.faults.len() > SHOWN_FAULTS {
            s.push_str(&format!(
                "      ... and {} more\n",
                self.faults.len() - SHOWN_FAULTS
            ));
        }
        s
    }
}

/// Faults shown per section: the first few say what is wrong; a wrong digest is
/// usually wrong for every vector.
const SHOWN_FAULTS: usize = 12;

impl Report {
    /// Whether every check passed.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.sections.iter().all(|s| s.failed == 0)
    }

    /// The closing lines: the adapter's standard error when something failed, and the
    /// verdict.
    #[must_use]
    pub fn summary(&self) -> String {
        let failed: u64 = self.sections.iter().map(|s| s.failed).sum();
        let checks: u64 = self.sections.iter().map(|s| s.checks).sum();
        let mut s = String::new();
        if failed > 0 && !self.stderr_tail.is_empty() {
            s.push_str(&format!(
                "\nits standard error (last lines): {}\n",
                self.stderr_tail
            ));
        }
        let offered = self.sections.iter().filter(|s| s.implementation).count();
        let good = self
            .sections
            .iter()
            .filter(|s| s.implementation && s.failed == 0)
            .count();
        s.push_str(&format!(
            "\n{}: {good} of {offered} implementations passed, {failed} of {checks} checks failed\n",
            if failed == 0 { "PASS" } else { "FAIL" }
        ));
        s
    }
}

#[cfg(test)]
mod tests;
