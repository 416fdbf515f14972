//! What a run's tables show (`--metric`): the runner's plan, the relative columns'
//! default and the renderers all read it, so it lives with the run model.

/// What the tables show (`--metric`): time and throughput, or TSC cycles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Metric {
    /// Time per call and throughput, with rankings.
    #[default]
    Time,
    /// TSC cycles per call and per byte, in btrfs hash-speedtest's layout.
    Cycles,
}

impl Metric {
    /// Every metric's name, as `--metric` and suite files take them.
    pub const NAMES: [&'static str; 2] = ["time", "cycles"];

    /// The metric's name, as `--metric` takes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Metric::Time => "time",
            Metric::Cycles => "cycles",
        }
    }

    /// The metric named `name`, if any.
    #[must_use]
    pub fn parse(name: &str) -> Option<Metric> {
        match name {
            "time" => Some(Metric::Time),
            "cycles" => Some(Metric::Cycles),
            _ => None,
        }
    }
}
