//! The generated key sets by name, as `--set` takes them, and the key type each holds
//! (`generated` in the parent makes them; its test checks the two agree).

use hashbench_model::KeyKind;

/// The key sets timed when none is named.
pub const DEFAULT_SETS: [&str; 5] = ["serial", "high-bits", "random-u64", "id16-random", "words"];

/// Every generated set's name, as `--set` takes it.
pub const SET_NAMES: [&str; 8] = [
    "serial",
    "high-bits",
    "high-random",
    "random-u64",
    "id16-random",
    "id16-time",
    "words",
    "urls",
];

/// The key type of the generated set `name` (as `maps::generated` makes it); `None` for a
/// name that is no set.
#[must_use]
pub fn set_kind(name: &str) -> Option<KeyKind> {
    match name {
        "serial" | "high-bits" | "high-random" | "random-u64" => Some(KeyKind::U64),
        "id16-random" | "id16-time" => Some(KeyKind::Id16),
        "words" | "urls" => Some(KeyKind::Str),
        _ => None,
    }
}

/// The generated sets of a key type, in the order `--set` lists them.
#[must_use]
pub fn sets_of(kind: KeyKind) -> Vec<&'static str> {
    SET_NAMES
        .into_iter()
        .filter(|n| set_kind(n) == Some(kind))
        .collect()
}
