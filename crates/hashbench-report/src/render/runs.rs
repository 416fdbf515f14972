//! A run's renderings: the terminal and Markdown tables (`text`, with the compact
//! `ranking`), `csv`, `json`, the HTML page (`html`), the cycle view (`cycles`), the seed
//! layouts (`layouts`), and the sections they share (flags, fits, ranges, staircases,
//! modes, runtimes).

pub mod csv;
pub mod cycles;
pub(crate) mod fit;
pub mod flags;
pub mod html;
pub mod json;
pub mod layouts;
pub(crate) mod modes;
pub(crate) mod ranges;
pub(crate) mod ranking;
pub mod runtimes;
pub(crate) mod staircase;
pub mod text;

#[cfg(test)]
mod tests_compact;
#[cfg(test)]
mod tests_csv;
#[cfg(test)]
mod tests_cycles;
#[cfg(test)]
mod tests_layouts;
#[cfg(test)]
mod tests_text;
