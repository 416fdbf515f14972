//! Collisions: distinct keys whose hashes are equal, counted as keys minus distinct
//! hashes, at the full width and, for 64-bit hashes, in the low and the high 32 bits
//! (what a table of up to 2^32 slots sees of the hash). A random function's count is
//! close to Poisson with the birthday expectation as its mean (n²/2^(bits+1) for few
//! keys; about 0 at 64 bits); the threshold is the most it would show at the check's cut
//! divided by the widths, and the statistic is the width whose count is least likely.

use super::check::{high, mask, Figures, Test};
use crate::stats::{allowed_collisions, expected_collisions, poisson_upper};

/// A part of the hash a table may see.
#[derive(Clone, Copy)]
enum View {
    All,
    Low32,
    High32,
}

impl View {
    fn of(self, v: u64, bits: u32) -> u64 {
        match self {
            View::All => v & mask(bits),
            View::Low32 => v & mask(32),
            View::High32 => high(v, bits, 32),
        }
    }

    fn name(self, bits: u32) -> String {
        match self {
            View::All => format!("all {bits} bits"),
            View::Low32 => "low 32 bits".to_string(),
            View::High32 => "high 32 bits".to_string(),
        }
    }
}

pub(super) fn check(values: &[u64], bits: u32, cut: f64) -> Figures {
    let views: &[View] = if bits > 32 {
        &[View::All, View::Low32, View::High32]
    } else {
        &[View::All]
    };
    let part = cut / views.len() as f64;
    let n = values.len() as u64;
    // (how likely, its figures) of the least likely view so far.
    let mut worst: Option<(f64, Figures)> = None;
    let mut pass = true;
    for &view in views {
        let mut seen: Vec<u64> = values.iter().map(|&v| view.of(v, bits)).collect();
        seen.sort_unstable();
        seen.dedup();
        let observed = n - seen.len() as u64;
        let width = if matches!(view, View::All) { bits } else { 32 };
        let lambda = expected_collisions(n, width);
        let allowed = allowed_collisions(lambda, part);
        let p = poisson_upper(observed, lambda);
        pass &= observed <= allowed;
        if worst.as_ref().is_none_or(|(q, _)| p < *q) {
            let figures = Figures {
                test: Test::Collisions,
                statistic: observed as f64,
                threshold: allowed as f64,
                at: view.name(bits),
                expected: Some(lambda),
                pass,
            };
            worst = Some((p, figures));
        }
    }
    let (_, mut figures) = worst.expect("at least one view");
    figures.pass = pass;
    figures
}
