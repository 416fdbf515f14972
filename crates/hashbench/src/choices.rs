//! What `recommend`'s flags need beyond `hashbench-plan`'s value parsers (which every
//! run option uses): one mode, `--need` and `--key`, with their possible values in help
//! and errors.

use clap::builder::TypedValueParser;
use clap::ValueEnum;
use hashbench_analysis::recommend::Need;
use hashbench_model::{KeyKind, Mode};
use hashbench_plan::values::{self, ModeChoice};

/// `recommend --mode throughput|latency`: a `--mode` choice that names one mode (an answer is
/// for one mode), with only those possible values in help and errors.
pub fn one_mode() -> impl TypedValueParser<Value = Mode> {
    let one = ModeChoice::value_variants()
        .iter()
        .filter(|m| m.modes().len() == 1)
        .filter_map(ValueEnum::to_possible_value);
    // Only the names listed get through, and each names one mode.
    clap::builder::PossibleValuesParser::new(one).map(|name: String| {
        ModeChoice::from_str(&name, false).map_or(Mode::Throughput, |m| m.modes()[0])
    })
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
