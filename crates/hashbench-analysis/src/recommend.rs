//! `hashbench recommend`: from a run's cells and the algorithms' properties, the answer
//! to "which checksum or hash, from which library, at this size, on this machine?".
//!
//! The rules, in order (docs/usage.md repeats them for users):
//!
//! 1. **Need.** A stronger class also satisfies a weaker need: `checksum` (error
//!    detection) admits every class, `hash` (a fast, evenly spread hash) admits
//!    non-cryptographic and cryptographic hashes, `crypto` (collision resistance) admits
//!    cryptographic hashes that are not broken; `hash-table` (the hasher of a hash map)
//!    admits non-cryptographic hashes, and with `--keyed` only those whose authors claim
//!    flood resistance for a secret key, with `--stable` only those whose output is the
//!    same across versions and platforms. `--min-bits` then drops narrower outputs;
//!    with `checksum`, `--min-hd N` drops algorithms whose Hamming distance at the size
//!    is below N or not known (a hash has none); with `crypto`, `--fips` keeps only
//!    FIPS-approved hashes.
//! 2. **Ranking.** The admitted cells are ranked by their figures (time per call) alone,
//!    never by strength: when a cryptographic hash is the fastest way to detect errors,
//!    it is the answer, and nothing is lost by it.
//! 3. **Ties and equivalents.** The cells the run cannot show slower than the winner on
//!    their paired ratios ([`super::ties`]) are reported with it: *equivalent* when the
//!    ratio's interval lies within the equivalence margin, *tied* when it reaches across
//!    the margin's edge.
//! 4. **The rest.** Each other admitted algorithm's fastest implementation, with how much
//!    slower it is; and every excluded algorithm whose fastest cell beat the answer,
//!    with why it was excluded (for `crypto`: MD5 and SHA-1 are broken).

use serde::Serialize;

use hashbench_model::{
    AlgorithmProperties, Cell, Flag, HdAt, Mode, Pattern, Run, Size, SkipReason,
};

use super::ties::{groups, margin_of, ratio as paired_ratio};

mod error;
mod missing;
mod need;
pub use error::RecommendError;
use hashbench_stats::rounds::Relation;
pub use need::{data_bits, gives_up, hd_at, Need, Request};

/// A tie group of this many implementations or more gets a line saying the ranking at
/// the top is not settled.
pub const LARGE_TIE_GROUP: usize = 3;

/// The Hamming distance a checksum answer without it is shown the fastest way to: HD 4
/// detects every error of up to 3 bits, what CRC-32 gives Ethernet frames.
pub const HD_ALTERNATIVE: u32 = 4;

/// One measured implementation, with what its algorithm promises.
#[derive(Clone, Debug, Serialize)]
pub struct Pick {
    pub implementation: String,
    pub algorithm: String,
    pub backend: String,
    pub threads: usize,
    /// Median time per call and its 95 % CI, ns.
    pub median_ns: f64,
    pub ci_low_ns: f64,
    pub ci_high_ns: f64,
    /// Throughput at the median and at the CI's ends (decimal GB/s); `gb_per_sec_high`
    /// is `None` when the CI reaches 0 ns.
    pub gb_per_sec: f64,
    pub gb_per_sec_low: f64,
    pub gb_per_sec_high: Option<f64>,
    pub properties: AlgorithmProperties,
    /// The guards' flags on this cell.
    pub flags: Vec<Flag>,
}

impl Pick {
    fn of(cell: &Cell, properties: &AlgorithmProperties) -> Pick {
        let t = &cell.throughput;
        Pick {
            implementation: cell.implementation.to_string(),
            algorithm: properties.id.clone(),
            backend: cell.backend.clone(),
            threads: cell.threads,
            median_ns: cell.time_ns(),
            ci_low_ns: cell.time_ci().0,
            ci_high_ns: cell.time_ci().1,
            gb_per_sec: t.estimate.gb_per_sec,
            gb_per_sec_low: t.lower.gb_per_sec,
            gb_per_sec_high: t.upper.map(|r| r.gb_per_sec),
            properties: properties.clone(),
            flags: cell.flags.clone(),
        }
    }

    /// This pick's median time over `winner`'s (above 1: slower), with the interval
    /// both CIs allow: [own low / winner's high, own high / winner's low].
    fn ratio_to(&self, winner: &Pick) -> (f64, f64, f64) {
        let high = if winner.ci_low_ns > 0.0 {
            self.ci_high_ns / winner.ci_low_ns
        } else {
            f64::INFINITY
        };
        (
            self.median_ns / winner.median_ns,
            self.ci_low_ns / winner.ci_high_ns,
            high,
        )
    }
}

/// Another algorithm's best implementation beside the answer.
#[derive(Clone, Debug, Serialize)]
pub struct Compared {
    #[serde(flatten)]
    pub pick: Pick,
    /// Its time over the answer's: 1.5 is "1.5x slower", 0.8 is faster; paired over
    /// the rounds both were measured in side by side where there are enough, else from
    /// the two figures' intervals.
    pub ratio: f64,
    pub ratio_low: f64,
    pub ratio_high: f64,
    /// Rounds the ratio was paired over (0: from the intervals).
    #[serde(skip_serializing_if = "is_zero")]
    pub paired_rounds: usize,
    /// For `--need checksum`, the Hamming distance its algorithm guarantees at the size
    /// (absent where none is guaranteed or known).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hamming_distance: Option<HdAt>,
    /// Why it is not a candidate (only for the excluded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub excluded_because: Option<String>,
}

/// An implementation the run could not measure in the recommendation's pattern.
#[derive(Clone, Debug, Serialize)]
pub struct NotMeasured {
    pub implementation: String,
    /// Why the library cannot be called that way.
    pub why: String,
}

/// The recommendation at one size.
#[derive(Clone, Debug, Serialize)]
pub struct Recommendation {
    pub size: Size,
    pub need: Need,
    pub min_bits: Option<u32>,
    pub mode: Mode,
    pub threads: usize,
    /// Implementations measured at this size that satisfy the need.
    pub candidates: usize,
    /// The fastest of them.
    pub answer: Pick,
    /// What the answer gives up ([`gives_up`]); empty when nothing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gives_up: Vec<String>,
    /// `--keyed` and `--stable`, as asked.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub keyed: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stable: bool,
    /// `--min-hd` and `--fips`, as asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_hd: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fips: bool,
    /// For `--need checksum`, the answer's Hamming distance at the size (where a source
    /// gives its profile).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hamming_distance: Option<HdAt>,
    /// For `--need checksum`, when the answer guarantees no HD of [`HD_ALTERNATIVE`] at
    /// the size: the fastest candidate that does (what `--min-hd 4` answers), with its
    /// ratio to the answer. Absent otherwise, or when no candidate does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hd_alternative: Option<Compared>,
    /// The margin within which an implementation counts as equivalent (a fraction).
    pub equivalence: f64,
    /// Others within the equivalence margin of the answer, fastest first.
    pub equivalent: Vec<Compared>,
    /// Others the run cannot order against the answer (their ratio's interval reaches
    /// across the margin's edge), fastest first.
    pub ties: Vec<Compared>,
    /// The fastest implementation of every other admitted algorithm, fastest first.
    pub others: Vec<Compared>,
    /// Excluded algorithms whose fastest cell beat the answer, and why they are out.
    pub excluded_faster: Vec<Compared>,
    /// Every candidate from outside the catalogue (the user's `--plugin` and `--adapter`
    /// implementations, another runtime's in a saved run) not named above, fastest first:
    /// what a user brought is always shown beside the answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outside_catalogue: Vec<Compared>,
    /// The calling pattern answered for; written when not `oneshot` (a hash table's key).
    #[serde(skip_serializing_if = "is_oneshot")]
    pub pattern: Pattern,
    /// Implementations of admitted algorithms the run could not measure in that pattern
    /// (a library with no `BuildHasher` for a typed key), and why: a candidate left out
    /// is said, never silently dropped.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_measured: Vec<NotMeasured>,
    /// What makes this answer less reliable: the run's flags, the shown cells' flags,
    /// a large tie group. Empty when nothing does.
    pub warnings: Vec<String>,
}

/// The recommendation for `request` from `run`'s cells; `properties` gives each
/// algorithm's (cells of algorithms not in it are left out).
///
/// # Errors
///
/// When the run has no cell at the size and mode, or none that satisfies the need.
pub fn recommend(
    run: &Run,
    properties: &[AlgorithmProperties],
    request: &Request,
) -> Result<Recommendation, RecommendError> {
    let props = |c: &Cell| {
        let alg = c.algorithm.as_deref()?;
        properties.iter().find(|p| p.id == alg)
    };
    // One calling pattern for all: `oneshot`, or the typed key of a hash table.
    let mut measured: Vec<(&Cell, &AlgorithmProperties)> = run
        .cells
        .iter()
        .filter(|c| c.size == request.size && c.mode == request.mode)
        .filter(|c| c.pattern == request.pattern)
        .filter(|c| c.threads == 1 || c.threads == request.threads)
        .filter_map(|c| Some((c, props(c)?)))
        .collect();
    if measured.is_empty() {
        return Err(missing::why(run, properties, request));
    }
    measured.sort_by(|a, b| a.0.time_ns().total_cmp(&b.0.time_ns()));
    let (admitted, rejected): (Vec<_>, Vec<_>) = measured
        .iter()
        .copied()
        .partition(|(_, p)| request.rejects(p).is_none());
    let Some(&(winner_cell, winner_props)) = admitted.first() else {
        return Err(missing::no_candidate(request, &measured));
    };
    let answer = Pick::of(winner_cell, winner_props);
    let hd_of = |p: &AlgorithmProperties| checksum_hd(request, p);
    let compared = |c: &Cell, p: &AlgorithmProperties, why: Option<String>| {
        let pick = Pick::of(c, p);
        let (ratio, ratio_low, ratio_high, paired_rounds) = match paired_ratio(winner_cell, c) {
            Some(r) => (r.ratio, r.low, r.high, r.paired_rounds),
            None => {
                let (r, lo, hi) = pick.ratio_to(&answer);
                (r, lo, hi, 0)
            }
        };
        Compared {
            pick,
            ratio,
            ratio_low,
            ratio_high,
            paired_rounds,
            hamming_distance: hd_of(p),
            excluded_because: why,
        }
    };
    let ranked: Vec<&Cell> = admitted.iter().map(|&(c, _)| c).collect();
    let margin = margin_of(run);
    let places = groups(&ranked, margin);
    let with_answer: Vec<(Relation, Compared)> = admitted
        .iter()
        .zip(&places)
        .skip(1)
        .take_while(|(_, place)| place.leader == 0)
        .map(|((c, p), place)| {
            (
                place.relation.unwrap_or(Relation::Undecided),
                compared(c, p, None),
            )
        })
        .collect();
    let (equivalent, ties) = split_equivalent(with_answer);
    let others: Vec<Compared> = first_per_algorithm(&admitted)
        .into_iter()
        .filter(|(_, p)| p.id != winner_props.id)
        .map(|(c, p)| compared(c, p, None))
        .collect();
    let excluded_faster: Vec<Compared> = first_per_algorithm(&rejected)
        .into_iter()
        .filter(|(c, _)| c.time_ns() < answer.median_ns)
        .map(|(c, p)| compared(c, p, request.rejects(p)))
        .collect();
    let shown: Vec<&Pick> = std::iter::once(&answer)
        .chain(
            equivalent
                .iter()
                .chain(&ties)
                .chain(&others)
                .map(|x| &x.pick),
        )
        .collect();
    let outside_catalogue: Vec<Compared> = outside(&admitted, &shown)
        .map(|(c, p)| compared(c, p, None))
        .collect();
    let hamming_distance = hd_of(winner_props);
    let hd_alternative =
        hd_holder(request, &admitted, hamming_distance.as_ref()).map(|(c, p)| compared(c, p, None));
    let warnings = warnings(run, &answer, (&equivalent, &ties), &others);
    let not_measured = not_measured(run, properties, request);
    Ok(Recommendation {
        size: request.size,
        need: request.need,
        min_bits: request.min_bits,
        mode: request.mode,
        threads: request.threads,
        candidates: admitted.len(),
        gives_up: gives_up(request.need, winner_props),
        keyed: request.keyed,
        stable: request.stable,
        min_hd: request.min_hd,
        fips: request.fips,
        hamming_distance,
        hd_alternative,
        answer,
        equivalence: margin,
        equivalent,
        ties,
        others,
        excluded_faster,
        outside_catalogue,
        pattern: request.pattern,
        not_measured,
        warnings,
    })
}

/// The answer's group split: the equivalent ones, and the tied.
fn split_equivalent(with_answer: Vec<(Relation, Compared)>) -> (Vec<Compared>, Vec<Compared>) {
    let (equivalent, ties): (Vec<_>, Vec<_>) = with_answer
        .into_iter()
        .partition(|(rel, _)| *rel == Relation::Equivalent);
    let only = |v: Vec<(Relation, Compared)>| v.into_iter().map(|(_, c)| c).collect();
    (only(equivalent), only(ties))
}

/// For `--need checksum`, the HD `p` guarantees at the size; `None` for the other needs.
fn checksum_hd(request: &Request, p: &AlgorithmProperties) -> Option<HdAt> {
    (request.need == Need::Checksum)
        .then(|| hd_at(p, request.size))
        .flatten()
}

/// For `--need checksum` when the answer (`answer_hd`) guarantees no HD of
/// [`HD_ALTERNATIVE`]: the fastest of `admitted` (in ranking order) that does.
fn hd_holder<'a>(
    request: &Request,
    admitted: &[(&'a Cell, &'a AlgorithmProperties)],
    answer_hd: Option<&HdAt>,
) -> Option<(&'a Cell, &'a AlgorithmProperties)> {
    if request.need != Need::Checksum || answer_hd.is_some_and(|h| h.hd >= HD_ALTERNATIVE) {
        return None;
    }
    admitted
        .iter()
        .copied()
        .find(|(_, p)| checksum_hd(request, p).is_some_and(|h| h.hd >= HD_ALTERNATIVE))
}

/// The admitted cells from outside the catalogue (an external id: the user's plugin or
/// adapter, another runtime's) that `shown` does not name already.
fn outside<'a>(
    admitted: &'a [(&'a Cell, &'a AlgorithmProperties)],
    shown: &'a [&Pick],
) -> impl Iterator<Item = (&'a Cell, &'a AlgorithmProperties)> + 'a {
    admitted.iter().copied().filter(|(c, _)| {
        c.implementation.external().is_some()
            && !shown
                .iter()
                .any(|p| p.implementation == c.implementation.id())
    })
}

/// The implementations of admitted algorithms that the run skipped because their library
/// cannot be called in `request.pattern`.
fn not_measured(
    run: &Run,
    properties: &[AlgorithmProperties],
    request: &Request,
) -> Vec<NotMeasured> {
    let admitted = |implementation: &str| {
        let alg = implementation
            .split_once('/')
            .map_or(implementation, |(a, _)| a);
        properties
            .iter()
            .any(|p| p.id == alg && request.rejects(p).is_none())
    };
    run.skipped
        .iter()
        .filter(|s| s.reason == SkipReason::PatternNotApplicable)
        .filter(|s| s.pattern == Some(request.pattern))
        .filter(|s| admitted(&s.implementation))
        .map(|s| NotMeasured {
            implementation: s.implementation.clone(),
            why: s.details.join("; "),
        })
        .collect()
}

fn is_oneshot(p: &Pattern) -> bool {
    p.is_oneshot()
}

/// The first (fastest) cell of each algorithm in `ranked`, in ranking order.
fn first_per_algorithm<'a>(
    ranked: &[(&'a Cell, &'a AlgorithmProperties)],
) -> Vec<(&'a Cell, &'a AlgorithmProperties)> {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for &(c, p) in ranked {
        if !seen.contains(&p.id.as_str()) {
            seen.push(&p.id);
            out.push((c, p));
        }
    }
    out
}

/// How far behind the answer a flagged rival may be and still be in doubt for it: a slow
/// phase of the development VM makes a figure 1.6-2x its speed, so a rival whose
/// interval reaches within 2x of the answer could be the answer's equal in a calm run.
/// One further behind is in doubt only for its own figure: it is counted, not listed, so
/// that the answer's own flags are not buried under them (issue 37: 12 lines of rivals
/// 30-700x behind, the answer's one line among them).
pub const FLAGGED_RIVAL_REACH: f64 = 2.0;

/// The run's flags, the flags of the cells the answer rests on (its own and its ties'),
/// of the other algorithms' best within [`FLAGGED_RIVAL_REACH`] of it (those further
/// behind counted in one line), and a large tie group, each as one line.
fn warnings(
    run: &Run,
    answer: &Pick,
    (equivalent, ties): (&[Compared], &[Compared]),
    others: &[Compared],
) -> Vec<String> {
    let mut out: Vec<String> = run
        .flags
        .iter()
        .map(|f| format!("run: {}: {}", f.code, f.reason))
        .collect();
    let (near, far): (Vec<&Compared>, Vec<&Compared>) = others
        .iter()
        .partition(|o| o.ratio_low <= FLAGGED_RIVAL_REACH);
    let shown = std::iter::once(answer)
        .chain(equivalent.iter().map(|t| &t.pick))
        .chain(ties.iter().map(|t| &t.pick))
        .chain(near.iter().map(|o| &o.pick));
    let mut seen: Vec<&str> = Vec::new();
    for pick in shown {
        if seen.contains(&pick.implementation.as_str()) {
            continue;
        }
        seen.push(&pick.implementation);
        out.extend(
            pick.flags
                .iter()
                .map(|f| format!("{}: {}: {}", pick.implementation, f.code, f.reason)),
        );
    }
    let far_flagged = far.iter().filter(|o| !o.pick.flags.is_empty()).count();
    if far_flagged > 0 {
        out.push(format!(
            "{far_flagged} other candidate{} more than {FLAGGED_RIVAL_REACH}x behind the \
             answer {} flagged: {} own figure{} in doubt, not the answer (--format json \
             gives each flag)",
            if far_flagged == 1 { "" } else { "s" },
            if far_flagged == 1 { "is" } else { "are" },
            if far_flagged == 1 { "its" } else { "their" },
            if far_flagged == 1 { " is" } else { "s are" },
        ));
    }
    if !run.complete {
        out.push("the run was interrupted: some planned cells are missing".to_string());
    }
    if ties.len() + 1 >= LARGE_TIE_GROUP {
        out.push(format!(
            "{} implementations tie for the answer: this run cannot rank them; measure \
             longer (--time) or choose among them on other grounds",
            ties.len() + 1
        ));
    }
    out
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests;
