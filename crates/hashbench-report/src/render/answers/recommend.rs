//! `hashbench recommend`'s output: the answer per size, its tie group, every other
//! algorithm's best with how much slower it is, what each gives up, and the warnings;
//! as text for a terminal or as one JSON document (docs/json-schema.md).

use serde::Serialize;

use hashbench_model::{AlgorithmProperties, Key, Run};

use crate::format::{aligned, rate, size, time_ns};
use hashbench_analysis::agreement::Agreement;
use hashbench_analysis::recommend::{Compared, Need, Pick, Recommendation};

mod machines;
pub use machines::agreement_text;

/// Version of the `recommend --format json` document.
pub const SCHEMA_VERSION: u32 = 1;

/// The whole answer, as `--format json` writes it.
#[derive(Debug, Serialize)]
pub struct RecommendReport<'a> {
    pub schema_version: u32,
    /// Where the figures come from: the run's timestamp, CPU and command line.
    pub measured: Provenance,
    /// One per size asked, in the order asked.
    pub recommendations: &'a [Recommendation],
}

/// What the recommendation rests on: the run its figures come from (measured by this
/// command, or read `--from` a file). Serialized as the JSON document's `measured`.
#[derive(Debug, Serialize)]
pub struct Provenance {
    /// `--from FILE`, or `None` when this command measured.
    pub from: Option<String>,
    pub timestamp: String,
    pub cpu: String,
    /// Per-cell time budget of the run, seconds.
    pub time_budget_s: f64,
    pub command_line: Vec<String>,
    /// What was verified in the run, and what an earlier run of the same code had.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verification: Option<hashbench_model::VerificationFacts>,
}

impl Provenance {
    #[must_use]
    pub fn of(run: &Run, from: Option<String>) -> Provenance {
        Provenance {
            from,
            timestamp: run.timestamp.clone(),
            cpu: run.host.cpu_model.clone(),
            time_budget_s: run.config.time_budget_s,
            command_line: run.command_line.clone(),
            verification: run.config.verification.clone(),
        }
    }
}

/// The JSON document.
///
/// # Errors
///
/// Only if serde_json fails, which it does not on these types.
pub fn json(provenance: Provenance, recs: &[Recommendation]) -> serde_json::Result<String> {
    let mut text = serde_json::to_string_pretty(&RecommendReport {
        schema_version: SCHEMA_VERSION,
        measured: provenance,
        recommendations: recs,
    })?;
    text.push('\n');
    Ok(text)
}

/// What `recommend` writes for `recs` from `run`: the JSON document (`as_json`), or the
/// text, where `from` (a file's name, which can hold anything) is shown escaped.
///
/// # Errors
///
/// Only if serde_json fails, which it does not on these types.
pub fn document(
    run: &Run,
    from: Option<String>,
    recs: &[Recommendation],
    as_json: bool,
) -> serde_json::Result<String> {
    if as_json {
        return json(Provenance::of(run, from), recs);
    }
    let from = from.map(|f| crate::render::sanitize::escaped(&f).into_owned());
    Ok(table(&Provenance::of(run, from), recs))
}

/// `recommend --from A --from B ...`: each machine's answer (its run from `runs`, and
/// from `answers` its file's name and its recommendations), then one line per size
/// saying whether the machines agree; as JSON, `{"machines": [...], "agree": [...]}`.
///
/// # Errors
///
/// JSON serialization.
pub fn machines_document(
    runs: &[Run],
    answers: &[(String, Vec<Recommendation>)],
    agree: &[Agreement],
    as_json: bool,
) -> serde_json::Result<String> {
    let mut out = String::new();
    let mut docs = Vec::new();
    for (i, (run, (name, recs))) in runs.iter().zip(answers).enumerate() {
        let doc = document(run, Some(name.clone()), recs, as_json)?;
        if as_json {
            docs.push(serde_json::from_str::<serde_json::Value>(&doc)?);
        } else {
            let name = crate::render::sanitize::escaped(name);
            out.push_str(&format!(
                "== {}: {name} ==\n{doc}\n",
                crate::render::machines::letter(i)
            ));
        }
    }
    if as_json {
        let mut s =
            serde_json::to_string_pretty(&serde_json::json!({ "machines": docs, "agree": agree }))?;
        s.push('\n');
        return Ok(s);
    }
    out.push_str(&agreement_text(agree));
    Ok(out)
}

/// Collision resistance in a few words: `128-bit`, `broken (2^18)`, `none`.
fn collisions(p: &AlgorithmProperties) -> String {
    match (p.collision_bits, p.broken) {
        (Some(bits), true) => format!("broken (~2^{bits})"),
        (Some(bits), false) => format!("{bits}-bit"),
        (None, _) => "none (forgeable)".to_string(),
    }
}

/// A rate with its interval: `64.43 GB/s [63.74, 65.13]`.
fn rate_ci(p: &Pick) -> String {
    let high = p.gb_per_sec_high.map_or("∞".to_string(), rate);
    format!(
        "{} [{} .. {}]",
        rate(p.gb_per_sec),
        rate(p.gb_per_sec_low),
        high
    )
}

/// `2.00x [1.98, 2.02]` slower, or `0.80x` (faster) for an excluded one; three decimals
/// below 1.1x, where a ratio is judged against a margin of a few per cent.
fn ratio(c: &Compared) -> String {
    let digits = if c.ratio_high < 1.1 && c.ratio_low > 0.9 {
        3
    } else {
        2
    };
    let high = if c.ratio_high.is_finite() {
        format!("{:.digits$}", c.ratio_high)
    } else {
        "∞".to_string()
    };
    format!("{:.digits$}x [{:.digits$}, {high}]", c.ratio, c.ratio_low)
}

/// SMHasher3's verdict in a word or two, `-` for a checksum or cryptographic hash.
fn quality(p: &AlgorithmProperties) -> String {
    p.hash
        .as_ref()
        .map_or("-".to_string(), |h| h.smhasher3.verdict.describe())
}

/// The key and stability in a few words: `keyed 128, stable`, `seed 64, unstable`.
fn key(p: &AlgorithmProperties) -> String {
    let Some(h) = &p.hash else {
        return "-".to_string();
    };
    let key = match h.key {
        Key::Unkeyed => "unkeyed".to_string(),
        Key::Seed { bits } => format!("seed {bits}"),
        Key::Keyed { bits } => format!("keyed {bits}"),
    };
    let stable = if h.stability.stable {
        "stable"
    } else {
        "unstable"
    };
    format!("{key}, {stable}")
}

/// The speed column: time per call for a hash table's hasher (small keys, where a rate
/// says little), else throughput.
fn speed(need: Need, p: &Pick) -> String {
    match need {
        Need::HashTable => time_ns(p.median_ns),
        _ => rate(p.gb_per_sec),
    }
}

fn row(need: Need, c: &Compared, extra: &str) -> Vec<String> {
    let p = &c.pick.properties;
    let mut row = vec![
        c.pick.implementation.clone(),
        speed(need, &c.pick),
        ratio(c),
        p.output_bits.to_string(),
    ];
    // A checksum's table says what each alternative guarantees (analysis' `hd_at`).
    if need == Need::Checksum {
        row.push(
            c.hamming_distance
                .as_ref()
                .map_or("-".to_string(), |h| h.label()),
        );
    }
    row.extend([
        collisions(p),
        quality(p),
        key(p),
        p.standard.clone().unwrap_or_else(|| "none".to_string()),
        extra.to_string(),
    ]);
    row
}

fn heading(need: Need) -> Vec<String> {
    [
        if need == Need::HashTable {
            "time/call"
        } else {
            "throughput"
        },
        "time vs answer [95 % interval]",
        "bits",
        if need == Need::Checksum { "HD" } else { "" },
        "collisions",
        "SMHasher3",
        "key, output",
        "standard",
        "",
    ]
    .iter()
    .enumerate()
    // The HD column only for a checksum (its heading is empty otherwise).
    .filter(|&(i, _)| i != 3 || need == Need::Checksum)
    .fold(vec!["implementation".to_string()], |mut v, (_, s)| {
        v.push(s.to_string());
        v
    })
}

fn table_of(need: Need, rows: &[Vec<String>]) -> String {
    let mut all = vec![heading(need)];
    all.extend_from_slice(rows);
    aligned(&all, &[false, true, true, true])
        .lines()
        .map(|l| format!("  {l}\n"))
        .collect()
}

/// The candidates past the tie group: the best of each other algorithm, the user's own
/// implementations, and the faster ones the need leaves out.
fn the_rest(r: &Recommendation) -> String {
    let mut out = String::new();
    if !r.others.is_empty() {
        out.push_str("\nBest of each other candidate algorithm (time over the answer's: 2.00x is half as fast):\n");
        let rows: Vec<Vec<String>> = r.others.iter().map(|c| row(r.need, c, "")).collect();
        out.push_str(&table_of(r.need, &rows));
    }
    if !r.outside_catalogue.is_empty() {
        out.push_str(
            "\nFrom outside the catalogue (your --plugin and --adapter implementations, time over the answer's):\n",
        );
        let rows: Vec<Vec<String>> = r
            .outside_catalogue
            .iter()
            .map(|c| row(r.need, c, ""))
            .collect();
        out.push_str(&table_of(r.need, &rows));
    }
    if !r.excluded_faster.is_empty() {
        out.push_str("\nFaster, but not recommended:\n");
        let rows: Vec<Vec<String>> = r
            .excluded_faster
            .iter()
            .map(|c| row(r.need, c, c.excluded_because.as_deref().unwrap_or("")))
            .collect();
        out.push_str(&table_of(r.need, &rows));
    }
    out
}

/// One size's recommendation as text.
fn one(r: &Recommendation) -> String {
    let a = &r.answer;
    let p = &a.properties;
    let mut out = format!(
        "At {} ({}{}{}{}{}{}{}, {}{}): {} candidate implementations\n\n",
        size(r.size),
        r.need.describe(),
        match r.pattern {
            hashbench_model::Pattern::Keys(_) => format!(", {} (BuildHasher::hash_one)", r.pattern),
            _ => String::new(),
        },
        r.min_bits
            .map_or(String::new(), |b| format!(", at least {b} bits")),
        if r.keyed { ", keyed" } else { "" },
        if r.stable { ", stable output" } else { "" },
        r.min_hd
            .map_or(String::new(), |n| format!(", HD at least {n}")),
        if r.fips { ", FIPS-approved" } else { "" },
        r.mode,
        if r.threads > 1 {
            format!(", up to {} threads", r.threads)
        } else {
            String::new()
        },
        r.candidates
    );
    out.push_str(&format!(
        "Answer: {} with {} ({})\n  {}  (95 % CI of the median)\n  {}: {} bits, collisions {}, standard {}\n  {}\n",
        p.id,
        a.implementation.split_once('/').map_or("", |(_, lib)| lib),
        a.backend,
        match r.need {
            Need::HashTable => format!(
                "{} [{} .. {}] per call",
                time_ns(a.median_ns),
                time_ns(a.ci_low_ns),
                time_ns(a.ci_high_ns)
            ),
            _ => rate_ci(a),
        },
        p.class.as_str(),
        p.output_bits,
        collisions(p),
        p.standard.as_deref().unwrap_or("none"),
        p.note,
    ));
    if let Some(h) = &p.hash {
        out.push_str(&format!(
            "  SMHasher3: {} ({}, {}); key: {}; output: {} ({})\n",
            h.smhasher3.verdict.describe(),
            h.smhasher3.source,
            h.smhasher3.date,
            h.key.describe(),
            if h.stability.stable {
                "stable"
            } else {
                "NOT stable"
            },
            h.stability.reason
        ));
    }
    out.push_str(&detection_line(r));
    if let Some(alt) = &r.hd_alternative {
        if let Some(hd) = &alt.hamming_distance {
            out.push_str(&format!(
                "  Guaranteed detection: {} guarantees {} at {}, {:.2}x the time: --min-hd {} picks it\n",
                alt.pick.implementation,
                hd.label(),
                size(r.size),
                alt.ratio,
                hashbench_analysis::recommend::HD_ALTERNATIVE
            ));
        }
    }
    if !r.gives_up.is_empty() {
        out.push_str(&format!("  Gives up: {}\n", r.gives_up.join("; ")));
    }
    let margin = r.equivalence * 100.0;
    if !r.equivalent.is_empty() {
        out.push_str(&format!(
            "\nEquivalent (measured side by side, within ±{margin:.0} % of the answer: as good a choice):\n"
        ));
        let rows: Vec<Vec<String>> = r.equivalent.iter().map(|c| row(r.need, c, "")).collect();
        out.push_str(&table_of(r.need, &rows));
    }
    out.push_str("\nTie group (this run cannot tell them apart from the answer):\n");
    if r.ties.is_empty() && r.equivalent.is_empty() {
        out.push_str(&format!(
            "  none: every other candidate is slower beyond ±{margin:.0} % of the answer\n"
        ));
    } else if r.ties.is_empty() {
        out.push_str("  none besides the equivalent ones\n");
    } else {
        let rows: Vec<Vec<String>> = r.ties.iter().map(|c| row(r.need, c, "")).collect();
        out.push_str(&table_of(r.need, &rows));
    }
    out.push_str(&the_rest(r));
    out.push_str(&not_measured(r));
    out.push_str("\nReliability: ");
    if r.warnings.is_empty() {
        out.push_str("no guard flagged the cells this answer rests on\n");
    } else {
        out.push('\n');
        for w in &r.warnings {
            out.push_str(&format!("  ! {w}\n"));
        }
    }
    out
}

/// The answer's error detection (`--need checksum`) or FIPS approval (`--need crypto`),
/// with its source; empty for the other needs and where nothing is recorded.
fn detection_line(r: &Recommendation) -> String {
    let p = &r.answer.properties;
    match r.need {
        Need::Checksum => match (&r.hamming_distance, &p.detection) {
            (Some(at), _) => format!(
                "  Error detection: {} at {} ({} data bits): {} ({})\n",
                at.label(),
                size(r.size),
                at.data_bits,
                at.meaning(),
                at.source
            ),
            (None, Some(d)) => {
                format!("  Error detection: {}\n", d.why_no_hd().unwrap_or_default())
            }
            (None, None) => String::new(),
        },
        Need::Crypto => p.fips.as_ref().map_or(String::new(), |f| {
            format!("  FIPS: algorithm {} ({})\n", f.status, f.source)
        }),
        _ => String::new(),
    }
}

/// The candidates the run could not call in the answer's pattern, one line per reason;
/// empty when none.
fn not_measured(r: &Recommendation) -> String {
    let mut out = String::new();
    if !r.not_measured.is_empty() {
        out.push_str(&format!(
            "\nNot measured as a hash map calls them ({}), so not candidates:\n",
            r.pattern
        ));
        // One line per reason, the implementations it holds for in the run's order.
        let mut reasons: Vec<(&str, Vec<&str>)> = Vec::new();
        for n in &r.not_measured {
            match reasons.iter_mut().find(|(why, _)| *why == n.why) {
                Some((_, ids)) => ids.push(&n.implementation),
                None => reasons.push((&n.why, vec![&n.implementation])),
            }
        }
        for (why, ids) in reasons {
            out.push_str(&format!("  {}: {why}\n", ids.join(", ")));
        }
    }
    out
}

/// Every size's recommendation as text, after a line saying what it rests on.
#[must_use]
pub fn table(provenance: &Provenance, recs: &[Recommendation]) -> String {
    let mut out = format!(
        "hashbench recommend: {} on {}, {} s per cell{}\n",
        provenance.timestamp,
        provenance.cpu,
        provenance.time_budget_s,
        provenance
            .from
            .as_ref()
            .map_or(String::new(), |f| format!(", from {f}"))
    );
    // Only a run measured here says what it verified: a file's was another process's.
    if let (None, Some(v)) = (&provenance.from, &provenance.verification) {
        out.push_str(&format!("{v}\n"));
    }
    for r in recs {
        out.push('\n');
        out.push_str(&one(r));
    }
    out
}
