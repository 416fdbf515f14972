//! What the flag parser needs beyond `hashbench-plan`'s value parsers (which every flag
//! and suite file uses): `--mode`'s choices, `--metric`'s and `--need`'s, with their
//! possible values in help and errors.

use clap::builder::TypedValueParser;
use clap::ValueEnum;
use hashbench_analysis::recommend::Need;
use hashbench_model::{KeyKind, Mode};
use hashbench_plan::values;
use hashbench_runner::Metric;

/// `--mode`: the modes each cell is measured in (`run`; one of them with
/// [`one_mode`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    Throughput,
    Latency,
    Both,
}

impl ModeArg {
    /// The modes each cell is measured in.
    pub fn modes(self) -> Vec<Mode> {
        match self {
            ModeArg::Throughput => vec![Mode::Throughput],
            ModeArg::Latency => vec![Mode::Latency],
            ModeArg::Both => vec![Mode::Throughput, Mode::Latency],
        }
    }
}

/// `recommend --mode throughput|latency`: a [`ModeArg`] that names one mode (an answer is
/// for one mode), with only those possible values in help and errors.
pub fn one_mode() -> impl TypedValueParser<Value = Mode> {
    let one = ModeArg::value_variants()
        .iter()
        .filter(|m| m.modes().len() == 1)
        .filter_map(ValueEnum::to_possible_value);
    // Only the names listed get through, and each names one mode.
    clap::builder::PossibleValuesParser::new(one).map(|name: String| {
        ModeArg::from_str(&name, false).map_or(Mode::Throughput, |m| m.modes()[0])
    })
}

/// `--metric time|cycles`, with the possible values in help and errors.
pub fn metric() -> impl clap::builder::TypedValueParser<Value = Metric> {
    // Only the names listed get through, so every one parses.
    clap::builder::PossibleValuesParser::new(Metric::NAMES)
        .map(|name: String| Metric::parse(&name).unwrap_or_default())
}

/// `recommend --need checksum|hash|hash-table|crypto`, with the possible values in help and errors.
pub fn need() -> impl TypedValueParser<Value = Need> {
    // Only the names listed get through, so every one parses.
    clap::builder::PossibleValuesParser::new(values::NEEDS.map(Need::as_str))
        .map(|name: String| values::need(&name).unwrap_or(Need::Checksum))
}

/// `recommend --key u64|id16|str`: the typed key of a hash table's hasher.
pub fn key() -> impl TypedValueParser<Value = KeyKind> {
    // Only the names listed get through, so every one is found.
    clap::builder::PossibleValuesParser::new(values::KEYS.map(|(n, _)| n))
        .map(|name: String| values::key(&name).unwrap_or(KeyKind::Str))
}
