//! The x86_64 time-stamp counter as a cheap clock.
//!
//! **TSC ticks are not core clock cycles.** On every CPU of the last fifteen
//! years the TSC counts *reference* cycles at a fixed frequency (roughly the
//! nominal/base clock), whatever the core is actually running at. Under turbo
//! boost a core does more than one cycle per tick; when throttled or
//! frequency-scaled, fewer. Convert ticks to time with [`Tsc::hz`]; do not
//! report them as "cycles per byte" of the core without saying so.
//!
//! `rdtsc` is not a serializing instruction: the CPU may execute it before
//! earlier instructions finish or after later ones start. That error is a few
//! tens of ticks, irrelevant for timing a batch of iterations but not for a
//! single short call.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// How long each of the three calibration rounds of [`Tsc::calibrate_default`] spins.
pub const DEFAULT_CALIBRATION: Duration = Duration::from_millis(30);

/// A calibrated time-stamp counter: its tick rate and whether it is reliable
/// across frequency changes and idle states.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Tsc {
    hz: f64,
    invariant: bool,
}

impl Tsc {
    /// Measures the TSC frequency against [`Instant`](std::time::Instant): three rounds each
    /// spinning for `duration`, ticks ÷ seconds, median of the three.
    ///
    /// Blocks for about 3 × `duration` (20–50 ms per round is plenty).
    /// `None` on targets other than x86_64, for a zero `duration`, or when
    /// the counter did not advance (e.g. migrated between CPUs whose TSCs are
    /// not synchronised).
    pub fn calibrate(duration: Duration) -> Option<Tsc> {
        #[cfg(target_arch = "x86_64")]
        {
            if duration.is_zero() {
                return None;
            }
            let mut rates = [
                calibration_round(duration)?,
                calibration_round(duration)?,
                calibration_round(duration)?,
            ];
            rates.sort_by(f64::total_cmp);
            let flags = std::fs::read_to_string("/proc/cpuinfo")
                .map(|text| crate::parse::parse_cpuinfo(&text).flags)
                .unwrap_or_default();
            Some(Tsc {
                hz: rates[1],
                invariant: crate::parse::tsc_is_invariant(&flags),
            })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = duration;
            None
        }
    }

    /// [`Tsc::calibrate`] with [`DEFAULT_CALIBRATION`] (about 90 ms in all).
    pub fn calibrate_default() -> Option<Tsc> {
        Tsc::calibrate(DEFAULT_CALIBRATION)
    }

    /// Ticks per second.
    pub fn hz(&self) -> f64 {
        self.hz
    }

    /// Whether `/proc/cpuinfo` lists both `constant_tsc` (rate independent of
    /// P-states) and `nonstop_tsc` (keeps ticking in deep C-states). If not,
    /// tick counts may not convert to time at a constant [`Tsc::hz`]. `false`
    /// where cpuinfo is unavailable.
    pub fn invariant(&self) -> bool {
        self.invariant
    }

    /// Seconds spanned by `ticks` (a difference of two [`read`]s).
    pub fn ticks_to_secs(&self, ticks: u64) -> f64 {
        ticks as f64 / self.hz
    }
}

/// One round: ticks per second while spinning for at least `duration`.
#[cfg(target_arch = "x86_64")]
fn calibration_round(duration: Duration) -> Option<f64> {
    use std::time::Instant;

    let start = Instant::now();
    let start_ticks = read();
    let (end, end_ticks) = loop {
        let now = Instant::now();
        let ticks = read();
        if now.duration_since(start) >= duration {
            break (now, ticks);
        }
        std::hint::spin_loop();
    };
    let secs = end.duration_since(start).as_secs_f64();
    let ticks = end_ticks.checked_sub(start_ticks)?;
    (ticks > 0 && secs > 0.0).then(|| ticks as f64 / secs)
}

/// The current time-stamp counter (`rdtsc`).
///
/// Always `0` on targets other than x86_64, where [`Tsc::calibrate`] returns
/// `None`; code that reads only after obtaining a [`Tsc`] never sees it.
#[inline]
pub fn read() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc has no memory-safety preconditions and is available on
        // every x86_64 CPU; it only reads a counter into registers.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        0
    }
}

#[cfg(test)]
mod tests;
