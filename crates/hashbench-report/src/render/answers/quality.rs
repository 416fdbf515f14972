//! `hashbench quality`: each implementation's screen as a table of its checks (statistic,
//! threshold, verdict, where the worst was) under a line with the screen's verdict and
//! SMHasher3's beside it, then a summary of every implementation and what each test
//! means; or the JSON document (`hashbench_quality::Document`).

use hashbench_quality::map::{MapView, GROUP};
use hashbench_quality::screen::{SeedSpread, Spread};
use hashbench_quality::{Check, Document, Screened, Test};

use crate::format::aligned;
use crate::render::sanitize::escaped;

/// The JSON document, pretty-printed, with a final newline.
///
/// # Errors
///
/// Serialization failed (it does not for these types).
pub fn json(doc: &Document) -> Result<String, serde_json::Error> {
    Ok(format!("{}\n", serde_json::to_string_pretty(doc)?))
}

/// One implementation's screen as text.
#[must_use]
pub fn screened(s: &Screened) -> String {
    let verdict = if s.screen.passed() {
        "pass".to_string()
    } else {
        format!(
            "FAIL ({} of {} checks)",
            s.screen.failed(),
            s.screen.checks.len()
        )
    };
    let mut out = format!(
        "{}: {verdict}; {}-bit output{}\n",
        s.implementation,
        s.output_bits,
        if s.screen.typed {
            ", typed keys through its BuildHasher (keys:*)"
        } else {
            ""
        }
    );
    if let Some(h) = &s.smhasher3 {
        out.push_str(&format!(
            "  SMHasher3 (beside the screen, not replaced by it): {} ({}, {})\n",
            h.verdict.describe(),
            h.source,
            h.date
        ));
    }
    let mut rows = vec![[
        "  test",
        "keys",
        "path",
        "statistic",
        "threshold",
        "verdict",
        "worst at",
    ]
    .map(String::from)
    .to_vec()];
    rows.extend(s.screen.checks.iter().map(row));
    out.push_str(&aligned(&rows, &[false, false, false, true, true]));
    out.push_str(&map_views(&s.screen.map, s.screen.bits));
    if let Some(spreads) = &s.screen.map_seeds {
        out.push_str(&seed_spreads(spreads));
    }
    out.push('\n');
    out
}

/// What a hashbrown map's lookups probe: a line for all the tables, then a row for each
/// one whose figures are worse than a random function's; `bits`, the bytes path's, says
/// whether hashbrown's tag (the top 7 of 64 bits) is left zero there.
fn map_views(views: &[MapView], bits: u32) -> String {
    if views.is_empty() {
        return String::new();
    }
    let crowded: Vec<&MapView> = views.iter().filter(|v| !v.crowded.is_empty()).collect();
    let mut out = format!(
        "  in a hashbrown map ({GROUP}-slot groups): {} of {} tables probe as a random \
         function's{}\n",
        views.len() - crowded.len(),
        views.len(),
        if crowded.is_empty() {
            ""
        } else {
            "; worse in:"
        }
    );
    if crowded.is_empty() {
        return out;
    }
    if bits < 64 && crowded.iter().any(|v| v.path == "bytes") {
        out.push_str(&format!(
            "    (a {bits}-bit hash returned as a map's u64 leaves the tag, its top 7 bits, 0 \
             for every key: each full slot a lookup reads is compared)\n"
        ));
    }
    let mut rows = vec![[
        "    keys",
        "path",
        "table",
        "load",
        "worse than a random function's",
    ]
    .map(String::from)
    .to_vec()];
    for v in crowded {
        let mut row = which_table(&v.keys, v.path, v.len);
        row.extend([format!("{:.2}", v.load()), v.crowded.join("; ")]);
        rows.push(row);
    }
    out.push_str(&aligned(&rows, &[false, false, true, true]));
    out
}

fn row(c: &Check) -> Vec<String> {
    let (statistic, threshold) = match c.test {
        Test::Avalanche => (
            format!("{:.4}", c.statistic),
            format!("<= {:.4}", c.threshold),
        ),
        Test::Buckets => (
            format!("p {}", p(c.statistic)),
            format!(">= {}", p(c.threshold)),
        ),
        Test::Collisions => (
            format!("{}", c.statistic),
            format!(
                "<= {} (random: {})",
                c.threshold,
                c.expected.map_or("-".to_string(), expected)
            ),
        ),
    };
    vec![
        format!("  {}", c.test.as_str()),
        format!("{} ({})", escaped(&c.keys), c.keys_count),
        c.path.to_string(),
        statistic,
        threshold,
        if c.pass { "pass" } else { "FAIL" }.to_string(),
        c.at.clone(),
    ]
}

/// A random function's mean count: two decimals, or e-notation under 0.01.
fn expected(e: f64) -> String {
    if e >= 0.01 || e == 0.0 {
        format!("{e:.2}")
    } else {
        format!("{e:.0e}")
    }
}

/// A p-value: three decimals down to 0.001, then in e-notation.
fn p(v: f64) -> String {
    if v >= 1e-3 {
        format!("{v:.3}")
    } else if v == 0.0 {
        "< 1e-300".to_string()
    } else {
        format!("{v:.1e}")
    }
}

/// A map table's first cells, in both tables of them: its key set, the path hashed and
/// its keys.
fn which_table(keys: &str, path: &str, len: usize) -> Vec<String> {
    vec![
        format!("    {}", escaped(keys)),
        path.to_string(),
        format!("{len} keys"),
    ]
}

/// The typed tables over many seeds: a line, then a row per table with each figure's
/// least, median and greatest, and the seeds that crowd it.
fn seed_spreads(spreads: &[SeedSpread]) -> String {
    let Some(first) = spreads.first() else {
        return "  over seeds: its map hasher takes no seed here (a map does not seed it, or \
                hashbench cannot seed it): only the view above, with its one fixed key or seed\n"
            .to_string();
    };
    let crowded: usize = spreads.iter().map(|s| s.crowded).sum();
    let mut out = format!(
        "  over {} seeds of its map hasher: {crowded} of {} (seed, table) pairs worse than a \
         random function's; least / median / greatest per table:\n",
        first.seeds,
        first.seeds * spreads.len()
    );
    let three = |s: &Spread, digits: usize| {
        format!(
            "{:.d$} / {:.d$} / {:.d$}",
            s.min,
            s.median,
            s.max,
            d = digits
        )
    };
    let mut rows = vec![[
        "    keys",
        "path",
        "table",
        "groups per hit",
        "longest",
        "false tags per hit",
        "per miss",
        "seeds worse",
    ]
    .map(String::from)
    .to_vec()];
    for s in spreads {
        let mut row = which_table(&s.keys, s.path, s.len);
        row.extend([
            three(&s.groups_per_hit, 3),
            three(&s.longest, 0),
            three(&s.false_tags_per_hit, 3),
            three(&s.false_tags_per_miss, 3),
            s.crowded.to_string(),
        ]);
        rows.push(row);
    }
    out.push_str(&aligned(
        &rows,
        &[false, false, true, true, true, true, true, true],
    ));
    out
}

/// `2 of 24 (high-bits)`: how many of the map tables probe worse than a random
/// function's, and on which key sets.
fn crowded(views: &[MapView]) -> String {
    let mut sets: Vec<&str> = Vec::new();
    for v in views.iter().filter(|v| !v.crowded.is_empty()) {
        if !sets.contains(&v.keys.as_str()) {
            sets.push(&v.keys);
        }
    }
    if sets.is_empty() {
        return format!("0 of {}", views.len());
    }
    let n = views.iter().filter(|v| !v.crowded.is_empty()).count();
    format!("{n} of {} ({})", views.len(), escaped(&sets.join(", ")))
}

/// The summary after the screens: one line per implementation, then what the tests
/// mean and how the thresholds were set.
#[must_use]
pub fn summary(doc: &Document) -> String {
    let mut rows = vec![[
        "implementation",
        "screen",
        "failed checks",
        "map tables worse than random",
        "SMHasher3",
    ]
    .map(String::from)
    .to_vec()];
    for s in &doc.screens {
        let failed: Vec<String> = s
            .screen
            .checks
            .iter()
            .filter(|c| !c.pass)
            .map(|c| format!("{} {}", c.test.as_str(), escaped(&c.keys)))
            .collect();
        rows.push(vec![
            s.implementation.clone(),
            if s.screen.passed() { "pass" } else { "FAIL" }.to_string(),
            if failed.is_empty() {
                "-".to_string()
            } else {
                failed.join(", ")
            },
            crowded(&s.screen.map),
            s.smhasher3
                .as_ref()
                .map_or("-".to_string(), |h| h.verdict.describe()),
        ]);
    }
    let mut out = aligned(&rows, &[]);
    out.push_str(&format!(
        "\nEach threshold is what a random function exceeds with probability {:e} divided \
         among the checks (seed {:#x}: the same verdict every run); docs/quality.md.\n",
        doc.config.alpha, doc.config.seed
    ));
    for t in [Test::Avalanche, Test::Buckets, Test::Collisions] {
        out.push_str(&format!(
            "  {}: {}.\n    A failure: {}.\n",
            t.as_str(),
            t.statistic(),
            t.meaning()
        ));
    }
    out
}

#[cfg(test)]
mod tests;
