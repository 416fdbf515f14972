//! `hashbench compare` separates the machine from the code (docs/method.md, "Comparing
//! runs"): a 10 % slowdown of the code is found whether or not the machine's own speed
//! moved between the runs, and a move of the machine alone is not called a change of
//! the code. Every change is an edit of a saved run, so no verdict depends on timing.

use crate::common;

use std::path::Path;

use serde_json::Value;

use crate::common::edit::{quiet, scaled, scaled_machine, write};
use crate::common::{quick_run, read_json, run_ok_json};

/// The joined changes and the machine estimate of `compare BASE NEW --format json`.
fn compare(base: &Path, new: &Path) -> (Vec<Value>, Value) {
    let v = run_ok_json(
        common::hashbench()
            .arg("compare")
            .args([base, new])
            .args(["--format", "json"]),
    );
    let c = &v["comparisons"][0]["comparison"];
    (
        c["changes"].as_array().expect("a list").clone(),
        c["machine"].clone(),
    )
}

fn implementations(changes: &[Value]) -> Vec<&Value> {
    changes
        .iter()
        .filter(|c| {
            !c["key"]["implementation"]
                .as_str()
                .expect("an implementation id")
                .starts_with("baseline/")
        })
        .collect()
}

#[test]
fn a_ten_percent_slowdown_is_slower_whether_or_not_the_machine_moved() {
    let dir = tempfile::tempdir().unwrap();
    let real = quiet(read_json(&quick_run(dir.path(), "real.json")));
    let base = dir.path().join("base.json");
    write(&base, &real);

    // The same machine speed: the estimate is exactly 1, the slowdown 10 %.
    let slower = dir.path().join("slower.json");
    write(&slower, &scaled(real.clone(), 1.10));
    let (changes, machine) = compare(&base, &slower);
    assert_eq!(machine["ratio"], 1.0, "{machine}");
    for c in implementations(&changes) {
        assert_eq!(c["verdict"], "slower", "{c}");
        assert!(
            (c["adjusted_ratio"].as_f64().unwrap() - 1.10).abs() < 1e-9,
            "{c}"
        );
    }

    // The machine 6 % slower too (its baselines and reference): the cells took 1.166x
    // as long, of which the code's share is 1.10.
    let both = dir.path().join("both.json");
    write(
        &both,
        &scaled(scaled_machine(real.clone(), 1.06), 1.10 * 1.06),
    );
    let (changes, machine) = compare(&base, &both);
    assert!(
        (machine["ratio"].as_f64().unwrap() - 1.06).abs() < 1e-9,
        "{machine}"
    );
    for c in implementations(&changes) {
        assert!((c["ratio"].as_f64().unwrap() - 1.166).abs() < 1e-9, "{c}");
        assert!(
            (c["adjusted_ratio"].as_f64().unwrap() - 1.10).abs() < 1e-9,
            "{c}"
        );
        assert_eq!(c["verdict"], "slower", "{c}");
    }

    // The machine alone 8 % slower, the code unchanged: 8 % in every cell, beyond the
    // 5 % threshold, is no change of the code.
    let machine_only = dir.path().join("machine.json");
    write(&machine_only, &scaled(scaled_machine(real, 1.08), 1.08));
    let (changes, _) = compare(&base, &machine_only);
    for c in &changes {
        assert_eq!(c["verdict"], "within-noise", "{c}");
    }
}
