//! What the terminal renderer is told by the binary (the width, compact or detailed,
//! colour), and the pieces that honour it: fitting a line to the width and painting text.
//! The renderer stays a pure function of the run and these options: nothing here asks the
//! terminal or the environment.

use anstyle::{AnsiColor, Style};

/// How the terminal table is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextOptions {
    /// The widest a line may be, in characters; `None` for no limit (a file or a pipe).
    pub width: Option<usize>,
    /// Every figure (`--detail`): the detail table, the cost model, the baselines and
    /// every flag's reason, besides the compact rankings.
    pub detail: bool,
    /// ANSI colour for winners and flags (the binary decides: `--color`, `NO_COLOR`,
    /// `TERM=dumb`, a terminal or not).
    pub color: bool,
}

/// `--color`: whether the terminal table is coloured (the binary decides what `auto` finds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ColorChoice {
    /// Colour only when standard output is a terminal, and neither `NO_COLOR` nor
    /// `TERM=dumb` is set.
    #[default]
    Auto,
    Always,
    Never,
}

/// What a painted piece of text means; the colour follows from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Paint {
    /// The fastest group of a ranking.
    Winner,
    /// A flag or warning: the numbers it marks are not to be trusted as they are.
    Warning,
    /// A run-wide problem (interrupted, a run flag).
    Alarm,
    /// Headings and table headers.
    Heading,
    /// Secondary text (the legend, skipped implementations, hints).
    Dim,
}

impl Paint {
    fn style(self) -> Style {
        match self {
            Paint::Winner => Style::new().bold().fg_color(Some(AnsiColor::Green.into())),
            Paint::Warning => Style::new().fg_color(Some(AnsiColor::Yellow.into())),
            Paint::Alarm => Style::new().bold().fg_color(Some(AnsiColor::Red.into())),
            Paint::Heading => Style::new().bold(),
            Paint::Dim => Style::new().dimmed(),
        }
    }
}

impl TextOptions {
    /// `text` painted as `paint` when colour is on, else unchanged. Painting happens
    /// after every width decision, so escapes never count as width.
    pub(crate) fn paint(&self, paint: Paint, text: &str) -> String {
        if !self.color || text.is_empty() {
            return text.to_string();
        }
        let style = paint.style();
        format!("{style}{text}{style:#}")
    }

    /// `line` cut to the width (see [`ellipsized`]).
    pub(crate) fn fit(&self, line: &str) -> String {
        match self.width {
            Some(w) => ellipsized(line, w),
            None => line.to_string(),
        }
    }
}

/// `text` in at most `max` characters: unchanged when it fits, else its first `max - 1`
/// characters and `…`. The rule keeps the start of an implementation id (the algorithm,
/// then the provider), which is what tells rows apart.
#[must_use]
pub fn ellipsized(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    if max == 0 {
        return String::new();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests;
