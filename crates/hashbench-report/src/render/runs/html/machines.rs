//! The HTML page of the machines view: the machines, a chart per size of each machine's
//! time over the first's (bars with their intervals), the rankings on each machine and
//! where they change, then the cells' table.

use std::collections::BTreeSet;

use plotters::style::RGBColor;

use super::charts::{self, Bar, Bars, Rule};
use super::page::{document, figure, heading, note, table};
use crate::format::size;
use crate::render::machines::{
    answer_line, cell_rows, letter, machine_lines, place_rows, EXPLAINED,
};
use crate::render::renderer::RenderError;
use hashbench_analysis::machines::{MachinesView, SHOWN_PLACES};
use hashbench_model::Size;

const SLOWER: RGBColor = RGBColor(214, 39, 40);
const FASTER: RGBColor = RGBColor(44, 160, 44);
const OVERLAP: RGBColor = RGBColor(160, 160, 160);

fn times_label(x: f64) -> String {
    format!("{x:.2}x")
}

/// Machine `m`'s time over the first machine's at `at`, one bar per cell both measured:
/// red where `m` is slower over the whole interval, green faster, grey where it holds 1.
fn ratio_chart(v: &MachinesView, m: usize, at: Size) -> Result<String, RenderError> {
    let bars: Vec<Bar> = v
        .rows
        .iter()
        .filter(|r| r.key.size == at)
        .filter_map(|r| {
            let x = r.ratios[m - 1]?;
            Some(Bar {
                label: format!(
                    "{}{}",
                    r.key.series.implementation,
                    if r.key.series.threads == 1 {
                        String::new()
                    } else {
                        format!(" ({} threads)", r.key.series.threads)
                    }
                ),
                value: x.ratio,
                interval: Some((x.low, x.high)),
                colour: if x.low > 1.0 {
                    SLOWER
                } else if x.high < 1.0 {
                    FASTER
                } else {
                    OVERLAP
                },
            })
        })
        .collect();
    let title = format!(
        "Time per call on {} over {} at {}",
        letter(m),
        letter(0),
        size(at)
    );
    let chart = Bars {
        title: &title,
        x_desc: "time ratio (above 1: slower on the second machine)",
        x_format: times_label,
        bars,
        rules: vec![Rule {
            x: 1.0,
            label: "same time".to_string(),
            colour: OVERLAP,
        }],
    };
    Ok(charts::bars(&chart)?.map_or(String::new(), |svg| figure(&svg, &title)))
}

/// The machines view as one HTML page.
///
/// # Errors
///
/// Drawing a chart failed.
pub fn machines_page(v: &MachinesView, same_machine: bool) -> Result<String, RenderError> {
    let mut body = String::new();
    if same_machine {
        body.push_str(&note(
            "Asked for with --view machines: the runs are from one machine.",
        ));
    }
    body.push_str("<ul>\n");
    for line in machine_lines(v) {
        body.push_str(&format!("<li>{}</li>\n", super::page::esc(&line)));
    }
    body.push_str("</ul>\n");
    body.push_str(&note(EXPLAINED));
    body.push_str(&heading(2, "Rankings on each machine"));
    body.push_str(&note(&format!(
        "What every machine measured, the first {SHOWN_PLACES} of each; =N tied with #N, \
         ~N equivalent to it; moved: ahead of another in a separate tie group on one \
         machine, behind it on another."
    )));
    for r in &v.rankings {
        body.push_str(&heading(3, &answer_line(r)));
        let (header, rows, right) = place_rows(r, v.machines.len());
        body.push_str(&table(&strs(&header), &rows, &right));
        if !r.not_everywhere.is_empty() {
            body.push_str(&note(&format!(
                "Not ranked (measured on some machines only): {}",
                r.not_everywhere.join(", ")
            )));
        }
    }
    body.push_str(&heading(2, "Each machine against the first"));
    body.push_str(&note(
        "Bars: the time ratio; whiskers: its interval. Red: slower on that machine over \
         the whole interval; green: faster; grey: the interval holds 1.",
    ));
    let sizes: BTreeSet<Size> = v.rows.iter().map(|r| r.key.size).collect();
    for m in 1..v.machines.len() {
        for &at in &sizes {
            body.push_str(&ratio_chart(v, m, at)?);
        }
    }
    body.push_str(&heading(2, "Every cell"));
    let (header, rows, right) = cell_rows(v);
    body.push_str(&table(&strs(&header), &rows, &right));
    let names: Vec<&str> = v.machines.iter().map(|m| m.name.as_str()).collect();
    Ok(document(
        &format!("hashbench compare: {}", names.join(" | ")),
        &body,
    ))
}

/// A header of owned strings as the tables take it.
fn strs(h: &[String]) -> Vec<&str> {
    h.iter().map(String::as_str).collect()
}
