//! The HTML page of `compare`: for each candidate, the two machines, the change of every
//! joined cell as a bar with its interval and the significance thresholds, then the
//! comparison's table.

use hashbench_model::Run;
use plotters::style::RGBColor;

use super::charts::{self, Bar, Bars, Rule};
use super::page::{document, facts, figure, heading, note, table};
use crate::format::size;
use crate::render::compare::table_rows;
use crate::render::renderer::RenderError;
use hashbench_analysis::compare::{Comparison, Verdict};

/// One run compared with the base.
pub struct Candidate<'a> {
    /// How the page names it (its file name).
    pub name: &'a str,
    pub run: &'a Run,
    pub comparison: &'a Comparison,
}

fn percent_label(x: f64) -> String {
    format!("{x:+.0} %")
}

const SLOWER: RGBColor = RGBColor(214, 39, 40);
const FASTER: RGBColor = RGBColor(44, 160, 44);
const NOISE: RGBColor = RGBColor(160, 160, 160);
const UNRELIABLE: RGBColor = RGBColor(255, 127, 14);

/// The change bars of one comparison: (adjusted ratio − 1) in per cent, its interval,
/// the noise threshold each way and `--fail-on-regression`'s when given.
fn change_chart(c: &Comparison, fail_on: Option<f64>) -> Result<String, RenderError> {
    let bars = c
        .changes
        .iter()
        .map(|ch| Bar {
            label: format!(
                "{} [{}] @ {}{}",
                ch.key.series.implementation,
                ch.key.series.pattern,
                size(ch.key.size),
                if ch.key.series.threads == 1 {
                    String::new()
                } else {
                    format!(" ({} threads)", ch.key.series.threads)
                }
            ),
            value: (ch.adjusted_ratio - 1.0) * 100.0,
            interval: Some(((ch.ratio_low - 1.0) * 100.0, (ch.ratio_high - 1.0) * 100.0)),
            colour: match ch.verdict {
                Verdict::Slower => SLOWER,
                Verdict::Faster => FASTER,
                Verdict::WithinNoise => NOISE,
                Verdict::Unreliable => UNRELIABLE,
            },
        })
        .collect();
    let t = c.noise_threshold;
    let mut rules = vec![
        Rule {
            x: t * 100.0,
            label: format!("noise +{:.0} %", t * 100.0),
            colour: NOISE,
        },
        Rule {
            x: (1.0 / (1.0 + t) - 1.0) * 100.0,
            label: "noise".to_string(),
            colour: NOISE,
        },
    ];
    if let Some(pct) = fail_on {
        rules.push(Rule {
            x: pct,
            label: format!("regression threshold {pct:.0} %"),
            colour: SLOWER,
        });
    }
    let title = "Change in time per call (candidate against base, machine-adjusted)";
    let chart = Bars {
        title,
        x_desc: "change in time per call (%; above 0 is slower)",
        x_format: percent_label,
        bars,
        rules,
    };
    Ok(charts::bars(&chart)?.map_or(String::new(), |svg| figure(&svg, title)))
}

/// The comparison of each candidate with the base as one HTML page; `fail_on` is
/// `--fail-on-regression`'s per cent, drawn as a line when given.
pub fn compare_page(
    base_name: &str,
    base: &Run,
    candidates: &[Candidate],
    fail_on: Option<f64>,
) -> Result<String, RenderError> {
    let mut body = String::new();
    for cand in candidates {
        let c = cand.comparison;
        body.push_str(&heading(2, &format!("{} against {base_name}", cand.name)));
        body.push_str(&facts(&[
            (
                "base",
                format!(
                    "{base_name}: {}",
                    crate::render::compare::machine_line(base)
                ),
            ),
            (
                "candidate",
                format!(
                    "{}: {}",
                    cand.name,
                    crate::render::compare::machine_line(cand.run)
                ),
            ),
        ]));
        if base.host.cpu_model != cand.run.host.cpu_model {
            body.push_str(&note(
                "Different CPUs: the ratios compare the machines, not only the code.",
            ));
        }
        body.push_str(&note(&format!(
            "Bars: the change of the median time per call, adjusted for the machine's own \
             speed when both runs measured it; whiskers: its interval. Red: significantly \
             slower; green: faster; grey: within noise (the interval includes 0 or the \
             change is below the {:.1} % threshold); orange: unreliable (a guard flagged a \
             cell or its run, or the machine moved as much).",
            c.noise_threshold * 100.0
        )));
        body.push_str(&change_chart(c, fail_on)?);
        let (header, rows, right) = table_rows(c);
        body.push_str(&table(&header, &rows, &right));
        // What the `within noise` verdicts rule out, as the text report says it.
        if let Some(line) = crate::render::compare::visible_line(c) {
            body.push_str(&note(&line));
        }
        if let Some(g) = c.geometric_mean_ratio {
            body.push_str(&note(&format!(
                "Geometric mean ratio (implementations): {g:.3}"
            )));
        }
        for (what, keys) in [
            ("Only in base", &c.only_in_base),
            ("Only in candidate", &c.only_in_candidate),
        ] {
            if !keys.is_empty() {
                let names: Vec<String> = keys
                    .iter()
                    .map(|k| format!("{} @ {}", k.series.implementation, size(k.size)))
                    .collect();
                body.push_str(&note(&format!("{what}: {}", names.join(", "))));
            }
        }
    }
    Ok(document(&format!("hashbench compare: {base_name}"), &body))
}
