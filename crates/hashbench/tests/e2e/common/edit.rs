//! Edits of a saved run's JSON, for the tests of `compare` and saved baselines: a change
//! a comparison must find is made by editing a file, never by hoping that one real run
//! is slower than another, so no verdict depends on the machine's speed or load.

use serde_json::{json, Value};

/// Every cell and baseline as a machine with a relative spread of `spread` would have
/// measured it (0.005: the median's CI within +-0.5 %), and no guard flags: a real run
/// on a shared machine has whatever intervals and flags its moment gave it, which would
/// decide a verdict before the edit does.
pub fn with_spread(mut run: Value, spread: f64) -> Value {
    run["flags"] = json!([]);
    for list in ["cells", "baselines"] {
        for c in run[list].as_array_mut().expect("cells are a list") {
            // The cell's figure (its rates follow from it), or the median of a file from
            // before figures.
            let m = c["figure"]["median_ns"]
                .as_f64()
                .or_else(|| c["summary"]["median"].as_f64())
                .expect("a figure or a median");
            c["summary"]["median"] = m.into();
            c["summary"]["median_ci"]["low"] = (m * (1.0 - spread)).into();
            c["summary"]["median_ci"]["high"] = (m * (1.0 + spread)).into();
            c["summary"]["min"] = (m * (1.0 - 2.0 * spread)).into();
            c["summary"]["max"] = (m * (1.0 + 2.0 * spread)).into();
            c["round_medians_ns"] = json!([m * (1.0 - 0.8 * spread), m, m * (1.0 + 0.8 * spread)]);
            c["round_samples"] = json!([10, 10, 10]);
            c["round_ids"] = json!([0, 1, 2]);
            // Three made-up rounds: the real ones' waits no longer belong to them.
            if let Some(o) = c.as_object_mut() {
                o.remove("round_wait_percent");
            }
            if c.get("figure").is_some() {
                c["figure"] = json!({
                    "median_ns": m,
                    "ci_low_ns": m * (1.0 - spread),
                    "ci_high_ns": m * (1.0 + spread),
                    "coverage": 0.75,
                    "rounds": [0, 1, 2],
                    "settled": true
                });
            }
            c["flags"] = json!([]);
        }
    }
    run
}

/// A quiet machine's run: intervals of +-0.5 %, no flags.
pub fn quiet(run: Value) -> Value {
    with_spread(run, 0.005)
}

/// Every time statistic of one cell multiplied by `factor`, its figure's too.
pub fn scale_cell(c: &mut Value, factor: f64) {
    let s = &mut c["summary"];
    for k in ["min", "max", "mean", "median", "q1", "q3", "std_dev"] {
        if let Some(v) = s[k].as_f64() {
            s[k] = (v * factor).into();
        }
    }
    for k in ["low", "high"] {
        s["median_ci"][k] = (s["median_ci"][k].as_f64().expect("a number") * factor).into();
    }
    let rounds: Vec<f64> = c["round_medians_ns"]
        .as_array()
        .expect("round medians are a list")
        .iter()
        .map(|r| r.as_f64().expect("a number") * factor)
        .collect();
    c["round_medians_ns"] = rounds.into();
    if let Some(f) = c.get_mut("figure").filter(|f| f.is_object()) {
        for k in ["median_ns", "ci_low_ns", "ci_high_ns"] {
            f[k] = (f[k].as_f64().expect("a number") * factor).into();
        }
    }
    // The throughput is derived from the times, and a loaded file must agree with them.
    for end in ["estimate", "lower", "upper"] {
        let t = &mut c["throughput"][end];
        for (k, times) in [
            ("ns_per_op", true),
            ("cycles_per_op", true),
            ("cycles_per_byte", true),
            ("ops_per_sec", false),
            ("gb_per_sec", false),
            ("mib_per_sec", false),
        ] {
            if let Some(v) = t[k].as_f64() {
                t[k] = (if times { v * factor } else { v / factor }).into();
            }
        }
    }
}

/// Every implementation cell's times multiplied by `factor` (above 1: slower); the
/// baselines are left as they were, as a change of code would leave them.
pub fn scaled(mut run: Value, factor: f64) -> Value {
    for c in run["cells"].as_array_mut().expect("cells are a list") {
        scale_cell(c, factor);
    }
    run
}

/// The baseline `name` (`baseline/nop`) multiplied by `factor` at every size: the
/// machine itself running at another speed.
pub fn scaled_baseline(mut run: Value, name: &str, factor: f64) -> Value {
    let mut found = 0;
    for c in run["baselines"]
        .as_array_mut()
        .expect("baselines are a list")
    {
        if c["implementation"] == name {
            scale_cell(c, factor);
            found += 1;
        }
    }
    assert!(found > 0, "no {name} in the run");
    run
}

/// Writes `v` as the JSON file `path`.
pub fn write(path: &std::path::Path, v: &Value) {
    std::fs::write(path, v.to_string()).expect("temporary file writable");
}

/// The machine itself `factor` times as slow: every baseline and every drift reference
/// timing multiplied by it (the cells are left to the caller: a machine that slowed
/// slows them too).
pub fn scaled_machine(mut run: Value, factor: f64) -> Value {
    for c in run["baselines"]
        .as_array_mut()
        .expect("baselines are a list")
    {
        scale_cell(c, factor);
    }
    for p in run["reference"]["points"]
        .as_array_mut()
        .expect("reference points are a list")
    {
        p["median_ns"] = (p["median_ns"].as_f64().expect("a number") * factor).into();
    }
    run
}
