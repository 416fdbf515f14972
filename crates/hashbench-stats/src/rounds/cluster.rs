//! What makes rounds a cluster: how close, and how many (the figure's estimator and its
//! replays share them).

/// How far above its fastest member a cluster reaches, as a fraction: rounds within 4 %
/// of each other count as one speed. Chosen from runs on the development machine
/// (docs/method.md, "Numbers that reproduce"): the undisturbed rounds of a cell agree
/// within about 1 % at 4 KiB and above and within 2-3 % at 64 B, while a sibling
/// hyperthread's load moves them by 10-80 %.
pub const CLUSTER_WIDTH: f64 = 0.04;

/// The fewest rounds a cluster must hold before its figure is trusted.
pub const MIN_CLUSTER_ROUNDS: usize = 3;
