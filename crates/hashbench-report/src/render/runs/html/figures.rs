//! A run's data as charts: series grouped by algorithm class, throughput against size,
//! the rankings at each size, the cost model's lines and their crossovers.

use std::collections::BTreeMap;

use hashbench_model::{Baseline, Cell, CostFit, Mode, Run, Size};
use plotters::style::RGBColor;

use super::charts::{self, Bar, Bars, Line, LogLog, Mark, Point, Stroke};
use super::page::{esc, figure, heading, note, table};
use crate::format::{rate, size, time_ns};
use crate::render::renderer::RenderError;
use hashbench_analysis::costmodel::{series, with_fits};
use hashbench_model::findings::FitCrossing;

/// The series of one class (or one algorithm, when its class is not known).
pub(super) struct Group<'a> {
    pub name: String,
    pub series: Vec<Vec<&'a Cell>>,
}

/// The run's series grouped for the charts, and one colour per series label, the same
/// in every chart.
pub(super) struct Groups<'a> {
    pub groups: Vec<Group<'a>>,
    labels: Vec<String>,
    /// Algorithms whose class was not given: grouped by algorithm instead.
    unclassed: Vec<String>,
}

impl Groups<'_> {
    fn colour(&self, label: &str) -> RGBColor {
        charts::colour(self.labels.iter().position(|l| l == label).unwrap_or(0))
    }
}

/// The fixed-size series of `run` by class (`classes`: algorithm id → class), classes
/// in order of first appearance.
pub(super) fn groups<'a>(run: &'a Run, classes: &BTreeMap<String, String>) -> Groups<'a> {
    let mut groups: Vec<Group> = Vec::new();
    let mut labels = Vec::new();
    let mut unclassed = Vec::new();
    for s in series(run) {
        let algorithm = s[0].algorithm.clone().unwrap_or_default();
        let name = match classes.get(&algorithm) {
            Some(class) => class.clone(),
            None => {
                if !unclassed.contains(&algorithm) {
                    unclassed.push(algorithm.clone());
                }
                algorithm
            }
        };
        labels.push(s[0].label());
        match groups.iter_mut().find(|g| g.name == name) {
            Some(g) => g.series.push(s),
            None => groups.push(Group {
                name,
                series: vec![s],
            }),
        }
    }
    Groups {
        groups,
        labels,
        unclassed,
    }
}

/// The legend under a chart: a colour swatch and a label per line. In HTML rather than
/// in the SVG, so that a long list of series never covers the data.
fn legend(entries: &[(String, RGBColor, bool)]) -> String {
    let mut out = String::from("<ul class=\"legend\">");
    for (label, colour, dashed) in entries {
        let class = if *dashed { " class=\"dashed\"" } else { "" };
        out.push_str(&format!(
            "<li><span{class} style=\"border-color:{c}\"></span>{}</li>",
            esc(label),
            c = charts::css(*colour)
        ));
    }
    out.push_str("</ul>\n");
    out
}

const READ: RGBColor = RGBColor(0, 0, 0);
const MEMCPY: RGBColor = RGBColor(150, 150, 150);

/// A baseline's throughput at every size it was measured, as a dashed reference line.
fn ceiling(run: &Run, b: Baseline, colour: RGBColor) -> Option<Line> {
    let mut points: Vec<Point> = run
        .baselines
        .iter()
        .filter(|c| {
            c.implementation.baseline() == Some(b) && c.size.fixed().is_some() && c.threads == 1
        })
        .map(|c| Point {
            x: c.size.mean_bytes(),
            y: c.gb_per_sec(),
            band: None,
        })
        .collect();
    points.sort_by(|a, b| a.x.total_cmp(&b.x));
    (!points.is_empty()).then_some(Line {
        colour,
        stroke: Stroke::Reference,
        points,
    })
}

/// A cell's throughput and the rates at the ends of its median's CI (the upper end is
/// unbounded when the CI reaches 0 ns).
fn throughput_point(c: &Cell) -> Point {
    let t = &c.throughput;
    Point {
        x: c.size.mean_bytes(),
        y: t.estimate.gb_per_sec,
        band: Some((
            t.lower.gb_per_sec,
            t.upper.map_or(f64::INFINITY, |u| u.gb_per_sec),
        )),
    }
}

/// Throughput against size, log-log, one chart per group.
pub(super) fn throughput(run: &Run, groups: &Groups) -> Result<String, RenderError> {
    let mut out = heading(2, "Throughput against input size");
    out.push_str(&note(
        "Median throughput per call at each size, both axes logarithmic; the shaded band \
         is the 95 % confidence interval of the median. Dashed: the read baseline (merely \
         reading the input: the ceiling no hash can beat) and the memcpy baseline.",
    ));
    if !groups.unclassed.is_empty() {
        out.push_str(&note(&format!(
            "The run file does not record algorithm classes (checksum, non-cryptographic \
             hash, cryptographic hash) and this build's catalogue does not know {}: those \
             are charted per algorithm.",
            groups.unclassed.join(", ")
        )));
    }
    let ceilings: Vec<Line> = [(Baseline::Read, READ), (Baseline::Memcpy, MEMCPY)]
        .into_iter()
        .filter_map(|(b, colour)| ceiling(run, b, colour))
        .collect();
    for g in &groups.groups {
        let mut lines = Vec::new();
        let mut entries = Vec::new();
        for s in &g.series {
            let label = s[0].label();
            let colour = groups.colour(&label);
            lines.push(Line {
                colour,
                stroke: Stroke::Measured,
                points: s.iter().map(|c| throughput_point(c)).collect(),
            });
            entries.push((label, colour, false));
        }
        lines.extend(ceilings.iter().cloned());
        for (name, colour) in [("read (ceiling)", READ), ("memcpy", MEMCPY)] {
            if ceilings.iter().any(|l| l.colour == colour) {
                entries.push((name.to_string(), colour, true));
            }
        }
        let title = format!("Throughput: {}", g.name);
        let chart = LogLog {
            title: &title,
            y_desc: "throughput (GB/s, log scale)",
            y_format: rate,
            lines,
            marks: vec![],
        };
        if let Some(svg) = charts::log_log(&chart)? {
            out.push_str(&figure(&svg, &title));
            out.push_str(&legend(&entries));
        }
    }
    Ok(out)
}

/// More sizes than this, and the rankings are left to the detail table (as the
/// terminal table leaves them to the staircase).
const MAX_RANKINGS: usize = 24;

/// One bar chart per size and mode: the cells by throughput, with CI whiskers.
pub(super) fn rankings(run: &Run) -> Result<String, RenderError> {
    let sizes = run.sizes();
    let mut out = heading(2, "Rankings");
    if sizes.len() > MAX_RANKINGS {
        out.push_str(&note(&format!(
            "{} sizes: the rankings per size are left out; the detail table has every cell.",
            sizes.len()
        )));
        return Ok(out);
    }
    out.push_str(&note(
        "At each size, the implementations by median throughput, fastest first; the \
         whiskers are the 95 % confidence interval of the median.",
    ));
    let labels: Vec<String> = series(run).iter().map(|s| s[0].label()).collect();
    out.push_str("<div class=\"charts\">\n");
    for s in sizes {
        for mode in [Mode::Throughput, Mode::Latency] {
            out.push_str(&ranking(run, s, mode, &labels)?);
        }
    }
    out.push_str("</div>\n");
    Ok(out)
}

fn ranking(run: &Run, s: Size, mode: Mode, labels: &[String]) -> Result<String, RenderError> {
    let mut cells: Vec<&Cell> = run
        .cells
        .iter()
        .filter(|c| c.size == s && c.mode == mode)
        .collect();
    // At 0 bytes every throughput is 0: the detail table has the times.
    if cells.is_empty() || s.mean_bytes() == 0.0 {
        return Ok(String::new());
    }
    cells.sort_by(|a, b| a.time_ns().total_cmp(&b.time_ns()));
    // Each bar is labelled with its rank as the terminal marks it (`=1`: tied with #1),
    // so the chart claims no order the run cannot support.
    let places = hashbench_analysis::ties::stored_places(run, &cells);
    let ranks = crate::render::ranking::ranks(&places);
    let bars = cells
        .iter()
        .zip(ranks)
        .map(|(c, rank)| {
            let label = c.label();
            let p = throughput_point(c);
            Bar {
                colour: charts::colour(labels.iter().position(|l| *l == label).unwrap_or(0)),
                label: format!("{rank} {label}"),
                value: p.y,
                interval: p.band,
            }
        })
        .collect();
    let how = match mode {
        Mode::Throughput => String::new(),
        Mode::Latency => " (latency mode)".to_string(),
    };
    let title = format!("Ranking at {}{how}", size(s));
    let chart = Bars {
        title: &title,
        x_desc: "throughput (GB/s)",
        x_format: rate,
        bars,
        rules: vec![],
    };
    Ok(match charts::bars(&chart)? {
        Some(svg) => figure(&svg, &title),
        None => String::new(),
    })
}

/// `count` sizes from `lo` to `hi`, evenly spaced on a log scale.
fn log_space(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    let (a, b) = (lo.ln(), hi.ln());
    (0..count)
        .map(|i| (a + (b - a) * i as f64 / (count - 1) as f64).exp())
        .collect()
}

/// The run's fit crossings ([`FitCrossing`]) between this group's lines `fits`: the mark
/// (numbered, from `first`) on the winner's line and its row (number, winner, loser,
/// size).
fn crossings(
    fits: &[(&[&Cell], &CostFit)],
    found: &[FitCrossing],
    first: usize,
) -> (Vec<Mark>, Vec<Vec<String>>) {
    let (mut marks, mut rows) = (Vec::new(), Vec::new());
    let fit_of = |label: &str| {
        fits.iter()
            .find(|(cells, _)| cells[0].label() == label)
            .map(|(_, f)| *f)
    };
    for c in found {
        let (Some(fit), Some(_)) = (fit_of(&c.winner), fit_of(&c.loser)) else {
            continue;
        };
        let number = (first + rows.len()).to_string();
        marks.push(Mark {
            x: c.size_bytes,
            y: fit.predict_ns(c.size_bytes),
            label: number.clone(),
        });
        rows.push(vec![
            number,
            c.winner.clone(),
            c.loser.clone(),
            size(c.size_bytes.round() as u64),
        ]);
    }
    (marks, rows)
}

/// The cost model's lines per group, over the measured medians, with crossovers.
pub(super) fn cost_model(run: &Run, groups: &Groups) -> Result<String, RenderError> {
    if run.cost_model.is_empty() {
        return Ok(String::new());
    }
    let mut out = heading(2, "Cost model");
    out.push_str(&note(
        "time(n) = fixed + n / steady rate per series, fitted by Theil-Sen over the sizes \
         (lines), over the measured median times (circles). A numbered black ring marks \
         where the fitted lines of two implementations of one algorithm cross inside the \
         sizes both were fitted over (the table after the charts names them).",
    ));
    let mut crossing_rows: Vec<Vec<String>> = Vec::new();
    for g in &groups.groups {
        let fits = with_fits(run, &g.series);
        if fits.is_empty() {
            continue;
        }
        let mut lines = Vec::new();
        let mut entries = Vec::new();
        for (cells, fit) in &fits {
            let label = cells[0].label();
            let colour = groups.colour(&label);
            let (lo, hi) = match (fit.sizes.first(), fit.sizes.last()) {
                (Some(&lo), Some(&hi)) => (lo.max(1) as f64, hi as f64),
                _ => continue,
            };
            let fitted = log_space(lo, hi, 48).into_iter().map(|n| Point {
                x: n,
                y: fit.predict_ns(n),
                band: None,
            });
            lines.push(Line {
                colour,
                stroke: Stroke::Fitted,
                points: fitted.collect(),
            });
            let measured = cells.iter().map(|c| Point {
                x: c.size.mean_bytes(),
                y: c.time_ns(),
                band: None,
            });
            lines.push(Line {
                colour,
                stroke: Stroke::Points,
                points: measured.collect(),
            });
            entries.push((label, colour, false));
        }
        let title = format!("Cost model: {}", g.name);
        let (marks, rows) = crossings(
            &fits,
            &run.findings().fit_crossings,
            crossing_rows.len() + 1,
        );
        crossing_rows.extend(rows);
        let chart = LogLog {
            title: &title,
            y_desc: "time per call (log scale)",
            y_format: time_ns,
            lines,
            marks,
        };
        if let Some(svg) = charts::log_log(&chart)? {
            out.push_str(&figure(&svg, &title));
            out.push_str(&legend(&entries));
        }
    }
    if !crossing_rows.is_empty() {
        out.push_str(&heading(3, "Crossovers of the fitted lines"));
        out.push_str(&table(
            &["#", "cheaper beyond", "than", "from about"],
            &crossing_rows,
            &[true, false, false, true],
        ));
    }
    Ok(out)
}
