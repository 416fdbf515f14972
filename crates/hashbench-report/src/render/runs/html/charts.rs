//! The charts, drawn by plotters into SVG strings: log-log lines with interval bands,
//! reference lines and marked points, and horizontal bars with interval whiskers and
//! reference rules. They know nothing of runs: `mod.rs` turns a run into [`LogLog`] and
//! [`Bars`], so the drawing and the data can change apart.
//!
//! Labels from a run go through [`clean`] before plotters sees them: plotters' SVG
//! backend escapes `<`, `>`, `&` and quotes in text and attributes itself, but not
//! control characters.

use plotters::backend::SVGBackend;
use plotters::prelude::*;

use super::page::clean;
use crate::render::renderer::RenderError;

/// Chart width and height in pixels: wide enough for size labels from bytes to MiB.
pub(crate) const WIDTH: u32 = 800;
const HEIGHT: u32 = 450;
const FONT: &str = "sans-serif";

/// Ten well-separated colours (Tableau's), then plotters' palette for more series.
const COLOURS: [(u8, u8, u8); 10] = [
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (127, 127, 127),
    (188, 189, 34),
    (23, 190, 207),
];

/// The colour of series number `i`: the ten above, then hues spread by the golden
/// angle at a middle lightness (never near black, which the `read` ceiling uses, nor
/// near white).
pub(crate) fn colour(i: usize) -> RGBColor {
    match COLOURS.get(i) {
        Some(&(r, g, b)) => RGBColor(r, g, b),
        None => {
            let hue = (i as f64 * 0.618_033_988_75).fract();
            let c = HSLColor(hue, 0.7, 0.45).to_rgba();
            RGBColor(c.0, c.1, c.2)
        }
    }
}

/// A colour as CSS `#rrggbb`, for the HTML legend beside a chart.
pub(crate) fn css(c: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

fn chart_error(e: impl std::fmt::Display) -> RenderError {
    RenderError::Chart(e.to_string())
}

/// One point of a line, with its interval when it has one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Point {
    pub x: f64,
    pub y: f64,
    /// The interval's ends (a band around the line), when known.
    pub band: Option<(f64, f64)>,
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stroke {
    /// A measured series: a line through circles, with its band.
    Measured,
    /// A fitted curve: a thin line, no markers.
    Fitted,
    /// Measured points alone (the points a fitted curve was fitted to).
    Points,
    /// A reference (a baseline ceiling): dashed.
    Reference,
}

/// One line of a [`LogLog`] chart.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub colour: RGBColor,
    pub stroke: Stroke,
    pub points: Vec<Point>,
}

/// A point marked and labelled on a chart (a crossover).
#[derive(Clone, Debug)]
pub(crate) struct Mark {
    pub x: f64,
    pub y: f64,
    pub label: String,
}

/// A chart with both axes logarithmic: x a size in bytes.
pub(crate) struct LogLog<'a> {
    pub title: &'a str,
    pub y_desc: &'a str,
    /// How a y value reads on the axis (`1.5 GB/s`, `20 ns`).
    pub y_format: fn(f64) -> String,
    pub lines: Vec<Line>,
    pub marks: Vec<Mark>,
}

/// Powers of 2 from `lo` to `hi`, every 2^k-th of them so that at most 9 remain: sizes
/// read as 64 B, 256 B, 1 KiB... rather than plotters' powers of ten (1000 B).
fn size_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let (first, last) = (lo.log2().ceil() as i32, hi.log2().floor() as i32);
    let mut step = 1;
    while (last - first) / step + 1 > 9 {
        step += 1;
    }
    (first..=last)
        .step_by(step as usize)
        .map(|e| 2f64.powi(e))
        .collect()
}

/// 1, 2 and 5 times the powers of ten from `lo` to `hi`; the powers alone when that
/// would be more than 10 ticks.
fn decade_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let (first, last) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    let with = |mults: &[f64]| -> Vec<f64> {
        (first..=last)
            .flat_map(|e| mults.iter().map(move |m| m * 10f64.powi(e)))
            .filter(|v| *v >= lo && *v <= hi)
            .collect()
    };
    let fine = with(&[1.0, 2.0, 5.0]);
    if fine.len() <= 10 {
        fine
    } else {
        with(&[1.0])
    }
}

/// The smallest and largest of `values` that are positive and finite.
fn positive_span(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold(None, |span, v| match span {
            None => Some((v, v)),
            Some((lo, hi)) => Some((f64::min(lo, v), f64::max(hi, v))),
        })
}

/// `chart` as an SVG string; `None` when it has no positive point to draw.
pub(crate) fn log_log(chart: &LogLog) -> Result<Option<String>, RenderError> {
    let points = || chart.lines.iter().flat_map(|l| &l.points);
    let Some((x0, x1)) = positive_span(points().map(|p| p.x)) else {
        return Ok(None);
    };
    let ys = points()
        .flat_map(|p| [Some(p.y), p.band.map(|b| b.0), p.band.map(|b| b.1)])
        .flatten();
    let Some((y0, y1)) = positive_span(ys.chain(chart.marks.iter().map(|m| m.y))) else {
        return Ok(None);
    };
    // Room around the data; a little more above for the marks' labels.
    let (x0, x1, y0, y1) = (x0 / 1.6, x1 * 1.6, y0 / 1.6, y1 * 2.0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut plot = ChartBuilder::on(&root)
            .caption(clean(chart.title), (FONT, 18))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(84)
            .build_cartesian_2d(
                (x0..x1).log_scale().with_key_points(size_ticks(x0, x1)),
                (y0..y1).log_scale().with_key_points(decade_ticks(y0, y1)),
            )
            .map_err(chart_error)?;
        let y_format = chart.y_format;
        plot.configure_mesh()
            .x_desc("input size per call (log scale)")
            .y_desc(clean(chart.y_desc))
            .x_label_formatter(&|x| crate::format::size(x.round() as u64))
            .y_label_formatter(&|y| y_format(*y))
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 14))
            .light_line_style(RGBColor(240, 240, 240))
            .bold_line_style(RGBColor(215, 215, 215))
            .draw()
            .map_err(chart_error)?;
        for line in &chart.lines {
            draw_line(&mut plot, line)?;
        }
        for m in &chart.marks {
            let (x, y) = (m.x, m.y);
            let marker = EmptyElement::at((x, y))
                + Circle::new((0, 0), 6, BLACK.stroke_width(2))
                + Text::new(clean(&m.label), (7, -18), (FONT, 13).into_font());
            plot.draw_series(std::iter::once(marker))
                .map_err(chart_error)?;
        }
        root.present().map_err(chart_error)?;
    }
    Ok(Some(svg))
}

type LogChart<'a, 'b> = ChartContext<
    'a,
    SVGBackend<'b>,
    Cartesian2d<WithKeyPoints<LogCoord<f64>>, WithKeyPoints<LogCoord<f64>>>,
>;

use plotters::coord::combinators::WithKeyPoints;

/// One line, its band and its markers as its [`Stroke`] says. Points that a log axis
/// cannot show (zero, negative) are left out.
fn draw_line(plot: &mut LogChart, line: &Line) -> Result<(), RenderError> {
    let c = line.colour;
    let shown: Vec<Point> = line
        .points
        .iter()
        .copied()
        .filter(|p| p.x > 0.0 && p.y > 0.0 && p.y.is_finite())
        .collect();
    let xy = || shown.iter().map(|p| (p.x, p.y));
    let band: Vec<(f64, f64, f64)> = shown
        .iter()
        .filter_map(|p| p.band.map(|(lo, hi)| (p.x, lo, hi)))
        .filter(|(_, lo, hi)| *lo > 0.0 && hi.is_finite())
        .collect();
    if line.stroke == Stroke::Measured && band.len() >= 2 {
        let outline: Vec<(f64, f64)> = band
            .iter()
            .map(|(x, _, hi)| (*x, *hi))
            .chain(band.iter().rev().map(|(x, lo, _)| (*x, *lo)))
            .collect();
        plot.draw_series(std::iter::once(Polygon::new(outline, c.mix(0.18).filled())))
            .map_err(chart_error)?;
    }
    match line.stroke {
        Stroke::Measured => {
            plot.draw_series(LineSeries::new(xy(), c.stroke_width(2)))
                .map_err(chart_error)?;
            plot.draw_series(xy().map(|p| Circle::new(p, 3, c.filled())))
                .map_err(chart_error)?;
            // A single size has no band to draw: its interval as a whisker instead.
            if band.len() == 1 {
                let (x, lo, hi) = band[0];
                plot.draw_series(std::iter::once(PathElement::new(
                    vec![(x, lo), (x, hi)],
                    c.stroke_width(2),
                )))
                .map_err(chart_error)?;
            }
        }
        Stroke::Fitted => {
            plot.draw_series(LineSeries::new(xy(), c.stroke_width(2)))
                .map_err(chart_error)?;
        }
        Stroke::Points => {
            plot.draw_series(xy().map(|p| Circle::new(p, 4, c.stroke_width(2))))
                .map_err(chart_error)?;
        }
        Stroke::Reference => {
            plot.draw_series(DashedLineSeries::new(xy(), 8, 5, c.stroke_width(2)))
                .map_err(chart_error)?;
        }
    }
    Ok(())
}

/// One horizontal bar.
#[derive(Clone, Debug)]
pub(crate) struct Bar {
    pub label: String,
    pub value: f64,
    /// The interval's ends: a whisker.
    pub interval: Option<(f64, f64)>,
    pub colour: RGBColor,
}

/// A vertical rule across the bars (a threshold, zero), with its label.
#[derive(Clone, Debug)]
pub(crate) struct Rule {
    pub x: f64,
    pub label: String,
    pub colour: RGBColor,
}

/// Horizontal bars, first at the top, with whiskers and rules.
pub(crate) struct Bars<'a> {
    pub title: &'a str,
    pub x_desc: &'a str,
    pub x_format: fn(f64) -> String,
    pub bars: Vec<Bar>,
    pub rules: Vec<Rule>,
}

/// `chart` as an SVG string; `None` without bars.
pub(crate) fn bars(chart: &Bars) -> Result<Option<String>, RenderError> {
    let n = chart.bars.len();
    if n == 0 {
        return Ok(None);
    }
    let labels: Vec<String> = chart.bars.iter().map(|b| clean(&b.label)).collect();
    // Ends of the axis: every bar, whisker (an infinite end is cut at the axis) and rule.
    let values = chart
        .bars
        .iter()
        .flat_map(|b| {
            let (lo, hi) = b.interval.unwrap_or((b.value, b.value));
            [b.value, lo, hi]
        })
        .chain(chart.rules.iter().map(|r| r.x))
        .chain([0.0])
        .filter(|v| v.is_finite());
    let (lo, hi) = values.fold((0f64, 0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = (hi - lo).max(1e-9) * 0.06;
    let (x0, x1) = (if lo < 0.0 { lo - pad } else { 0.0 }, hi + pad);
    // About 7 px per character of the longest label, within reason.
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let label_width = (longest as u32 * 7 + 16).clamp(80, 420);
    let height = 110 + 24 * n as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut plot = ChartBuilder::on(&root)
            .caption(clean(chart.title), (FONT, 16))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(label_width)
            .build_cartesian_2d(x0..x1, (0..n).into_segmented())
            .map_err(chart_error)?;
        // Segment i from the bottom holds bar n-1-i: the first bar is drawn at the top.
        let label_of = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(i) if *i < n => labels[n - 1 - i].clone(),
            _ => String::new(),
        };
        let x_format = chart.x_format;
        plot.configure_mesh()
            .disable_y_mesh()
            .y_labels(n)
            .y_label_formatter(&label_of)
            .x_label_formatter(&|x| x_format(*x))
            .x_desc(clean(chart.x_desc))
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 14))
            .light_line_style(RGBColor(240, 240, 240))
            .bold_line_style(RGBColor(215, 215, 215))
            .draw()
            .map_err(chart_error)?;
        for (k, b) in chart.bars.iter().enumerate() {
            draw_bar(&mut plot, n - 1 - k, b, (x0, x1))?;
        }
        for r in &chart.rules {
            let rule = DashedLineSeries::new(
                [(r.x, SegmentValue::Exact(0)), (r.x, SegmentValue::Exact(n))],
                6,
                4,
                r.colour.stroke_width(2),
            );
            plot.draw_series(rule).map_err(chart_error)?;
            let label = EmptyElement::at((r.x, SegmentValue::Exact(n)))
                + Text::new(clean(&r.label), (4, 2), (FONT, 12).into_font());
            plot.draw_series(std::iter::once(label))
                .map_err(chart_error)?;
        }
        root.present().map_err(chart_error)?;
    }
    Ok(Some(svg))
}

type BarChart<'a, 'b> = ChartContext<
    'a,
    SVGBackend<'b>,
    Cartesian2d<
        plotters::coord::types::RangedCoordf64,
        plotters::coord::ranged1d::SegmentedCoord<plotters::coord::types::RangedCoordusize>,
    >,
>;

/// Bar `b` in segment `i`, its whisker with end caps cut to the axis `(x0, x1)`.
fn draw_bar(
    plot: &mut BarChart,
    i: usize,
    b: &Bar,
    (x0, x1): (f64, f64),
) -> Result<(), RenderError> {
    let mut rect = Rectangle::new(
        [
            (0.0, SegmentValue::Exact(i)),
            (b.value, SegmentValue::Exact(i + 1)),
        ],
        b.colour.mix(0.85).filled(),
    );
    rect.set_margin(4, 4, 0, 0);
    plot.draw_series(std::iter::once(rect))
        .map_err(chart_error)?;
    if let Some((lo, hi)) = b.interval {
        let (lo, hi) = (lo.max(x0), hi.min(x1));
        let at = |x: f64| (x, SegmentValue::CenterOf(i));
        let whisker = PathElement::new(vec![at(lo), at(hi)], BLACK.stroke_width(1));
        plot.draw_series(std::iter::once(whisker))
            .map_err(chart_error)?;
        let caps = [lo, hi].map(|x| {
            EmptyElement::at(at(x)) + PathElement::new(vec![(0, -5), (0, 5)], BLACK.stroke_width(1))
        });
        plot.draw_series(caps).map_err(chart_error)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
