//! `hashbench compare`'s verdicts and outputs beyond a slowdown (tests/e2e/compare.rs): a
//! speed-up, the `--noise` threshold, Markdown, the warnings that the machine rather
//! than the code changed, and several candidates at once. One real tiny run per test;
//! every change is an edit of a copy of it, so no verdict depends on the machine.

use crate::common;

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::edit::{quiet, scaled, scaled_baseline, with_spread, write};
use crate::common::{
    assert_exit, assert_success, hashbench, output, quick_run, read_json, run_ok, run_ok_json,
    stdout,
};

/// QUICK's cells: two implementations at two sizes, and three baselines at each size.
const IMPLEMENTATION_CELLS: usize = 4;
const ALL_CELLS: usize = 10;

/// A real QUICK run with quiet intervals (see `edit::quiet`), and the directory its
/// edited copies go to.
fn quiet_run() -> (tempfile::TempDir, Value) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let run = quiet(read_json(&quick_run(dir.path(), "real.json")));
    (dir, run)
}

fn save(dir: &Path, name: &str, run: &Value) -> PathBuf {
    let path = dir.join(name);
    write(&path, run);
    path
}

/// The one comparison of `compare BASE NEW --format json ARGS`.
fn changes(base: &Path, new: &Path, args: &[&str]) -> Vec<Value> {
    let v = run_ok_json(
        hashbench()
            .arg("compare")
            .args([base, new])
            .args(["--format", "json"])
            .args(args),
    );
    v["comparisons"][0]["comparison"]["changes"]
        .as_array()
        .expect("changes is a list")
        .clone()
}

/// How many changes have each verdict: (slower, faster, within-noise).
fn verdicts(changes: &[Value]) -> (usize, usize, usize) {
    let n = |v: &str| changes.iter().filter(|c| c["verdict"] == v).count();
    (n("slower"), n("faster"), n("within-noise"))
}

fn is_implementation(c: &Value) -> bool {
    !c["key"]["implementation"]
        .as_str()
        .expect("an implementation id")
        .starts_with("baseline/")
}

#[test]
fn a_speed_up_is_faster_and_never_a_regression() {
    let (dir, run) = quiet_run();
    let base = save(dir.path(), "base.json", &run);
    // 20 % less time per call is 25 % more speed.
    let new = save(dir.path(), "new.json", &scaled(run, 0.8));

    let out = output(
        hashbench()
            .arg("compare")
            .args([&base, &new])
            .args(["--fail-on-regression", "1"]),
    );
    assert_success(&out);
    let text = stdout(&out);
    assert!(
        text.contains("10 cells joined: 0 slower, 4 faster, 6 within noise, 0 unreliable"),
        "{text}"
    );
    assert_eq!(text.matches("faster by 25.0 %").count(), 4, "{text}");
    assert!(
        text.contains("geometric mean ratio (implementations): 0.800"),
        "{text}"
    );

    let changes = changes(&base, &new, &[]);
    assert_eq!(changes.len(), ALL_CELLS);
    for c in &changes {
        let (verdict, ratio) = if is_implementation(c) {
            ("faster", 0.8)
        } else {
            ("within-noise", 1.0)
        };
        assert_eq!(c["verdict"], verdict, "{c}");
        assert!((c["ratio"].as_f64().unwrap() - ratio).abs() < 1e-9, "{c}");
        assert!(c["ratio_high"].as_f64().unwrap() >= c["ratio"].as_f64().unwrap());
    }
}

#[test]
fn the_noise_threshold_decides_whether_a_small_change_counts() {
    let (dir, run) = quiet_run();
    let base = save(dir.path(), "base.json", &run);
    // 3 % slower, with intervals far narrower than 3 %: only the threshold can make it
    // "no change".
    let three = save(dir.path(), "three.json", &scaled(run.clone(), 1.03));

    // Above the 3 % change: no change (the default threshold is 5 %).
    for args in [&[][..], &["--noise", "5"][..], &["--noise", "5%"][..]] {
        let c = changes(&base, &three, args);
        assert_eq!(verdicts(&c), (0, 0, ALL_CELLS), "{args:?}");
    }
    // Below it: the four implementation cells are slower; the baselines did not change.
    let c = changes(&base, &three, &["--noise", "2"]);
    assert_eq!(verdicts(&c), (IMPLEMENTATION_CELLS, 0, 6));
    let text = stdout(&run_ok(
        hashbench()
            .arg("compare")
            .args([&base, &three])
            .args(["--noise", "2%"]),
    ));
    assert!(
        text.contains("4 slower") && text.contains("noise threshold 2.0 %"),
        "{text}"
    );
    assert_eq!(text.matches("SLOWER by 3.0 %").count(), 4, "{text}");
    // And --fail-on-regression acts on what the threshold let through.
    let fail = |noise: &str| {
        output(hashbench().arg("compare").args([&base, &three]).args([
            "--noise",
            noise,
            "--fail-on-regression",
            "1",
        ]))
    };
    assert_success(&fail("5"));
    assert_exit(&fail("2"), 1);

    // The same holds the other way: 3 % faster.
    let quicker = save(dir.path(), "quicker.json", &scaled(run.clone(), 1.0 / 1.03));
    assert_eq!(verdicts(&changes(&base, &quicker, &[])), (0, 0, ALL_CELLS));
    assert_eq!(
        verdicts(&changes(&base, &quicker, &["--noise", "2"])),
        (0, IMPLEMENTATION_CELLS, 6)
    );

    // A change beyond the threshold whose interval includes 1 is not significant either:
    // a candidate whose medians moved 8 % but whose samples spread +-10 %.
    let noisy = save(
        dir.path(),
        "noisy.json",
        &scaled(with_spread(run, 0.10), 1.08),
    );
    let c = changes(&base, &noisy, &[]);
    assert_eq!(verdicts(&c), (0, 0, ALL_CELLS));
    for c in c.iter().filter(|c| is_implementation(c)) {
        assert!(c["ratio_low"].as_f64().unwrap() < 1.0, "{c}");
    }

    // A threshold that is not a percentage is a usage error.
    let bad = output(
        hashbench()
            .arg("compare")
            .args([&base, &three])
            .args(["--noise", "lots"]),
    );
    assert_exit(&bad, 2);
    assert!(
        common::stderr(&bad).contains("--noise"),
        "{}",
        common::show(&bad)
    );
}

#[test]
fn markdown_is_a_table_with_one_row_per_joined_cell() {
    let (dir, run) = quiet_run();
    let base = save(dir.path(), "base.json", &run);
    let new = save(dir.path(), "new.json", &scaled(run, 1.10));
    let text = stdout(&run_ok(
        hashbench()
            .arg("compare")
            .args([&base, &new])
            .args(["--format", "markdown"]),
    ));
    let table: Vec<&str> = text.lines().filter(|l| l.starts_with('|')).collect();
    assert_eq!(table.len(), 2 + ALL_CELLS, "{text}");
    assert_eq!(
        table[0],
        "| implementation | pattern | size | threads | base | candidate | ratio | interval | verdict |"
    );
    assert_eq!(
        table[1],
        "| :--- | :--- | ---: | ---: | ---: | ---: | ---: | ---: | :--- |"
    );
    for row in &table[2..] {
        let fields: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        assert_eq!(fields.len(), 9, "{row}");
        if fields[0].starts_with("baseline/") {
            assert_eq!(fields[6], "1.000", "{row}");
            assert_eq!(fields[8], "within noise", "{row}");
        } else {
            assert_eq!(fields[6], "1.100", "{row}");
            assert_eq!(fields[8], "SLOWER by 10.0 %", "{row}");
        }
    }
    // The same comparison as a terminal table has no Markdown rows.
    let plain = stdout(&run_ok(hashbench().arg("compare").args([&base, &new])));
    assert!(!plain.lines().any(|l| l.starts_with('|')), "{plain}");
    assert!(plain.contains("4 slower"), "{plain}");
}

#[test]
fn a_machine_that_changed_is_named_in_a_warning() {
    let (dir, run) = quiet_run();
    let base = save(dir.path(), "base.json", &run);
    let compare = |new: &Path| stdout(&run_ok(hashbench().arg("compare").args([&base, new])));

    // Same machine, same speed: no warning.
    let same = save(dir.path(), "same.json", &scaled(run.clone(), 1.10));
    let text = compare(&same);
    assert!(
        !text.contains("warning") && !text.contains("different CPUs"),
        "{text}"
    );

    // The nop loop, which no code change touches, took 1.5x as long: the machine ran
    // slower, and the comparison says so.
    let slow_machine = save(
        dir.path(),
        "slow-machine.json",
        &scaled_baseline(scaled(run.clone(), 1.5), "baseline/nop", 1.5),
    );
    let text = compare(&slow_machine);
    assert!(
        text.contains(
            "warning: the nop baseline ran 1.50x as long in the candidate: the machine's own \
             speed differed between the runs"
        ),
        "{text}"
    );
    let v = run_ok_json(
        hashbench()
            .arg("compare")
            .args([&base, &slow_machine])
            .args(["--format", "json"]),
    );
    let ratio = v["comparisons"][0]["comparison"]["machine_speed_ratio"]
        .as_f64()
        .expect("a machine speed ratio");
    assert!((ratio - 1.5).abs() < 1e-9, "{ratio}");
    // Within the noise threshold the nop's change is not worth a warning.
    let nudged = save(
        dir.path(),
        "nudged.json",
        &scaled_baseline(run.clone(), "baseline/nop", 1.03),
    );
    assert!(!compare(&nudged).contains("warning"));

    // Another CPU: by default the machines view (e2e/compare_machines.rs); asked for
    // the changes anyway, the header names both and says the ratios compare machines.
    let mut elsewhere = run.clone();
    elsewhere["host"]["cpu_model"] = "Imaginary CPU 9000".into();
    let elsewhere = save(dir.path(), "elsewhere.json", &elsewhere);
    assert!(compare(&elsewhere).starts_with("machines view"));
    let text = stdout(&run_ok(
        hashbench()
            .arg("compare")
            .args([&base, &elsewhere])
            .args(["--view", "changes"]),
    ));
    assert!(
        text.contains("(different CPUs: ratios compare the machines, not only the code)"),
        "{text}"
    );
    let candidate_line = text
        .lines()
        .find(|l| l.starts_with("candidate:"))
        .expect("a candidate line");
    assert!(candidate_line.contains("Imaginary CPU 9000"), "{text}");
    let base_line = text
        .lines()
        .find(|l| l.starts_with("base:"))
        .expect("a base line");
    assert!(!base_line.contains("Imaginary CPU 9000"), "{text}");
}

#[test]
fn several_candidates_are_each_compared_with_the_base() {
    let (dir, run) = quiet_run();
    let base = save(dir.path(), "base.json", &run);
    let slower = save(dir.path(), "slower.json", &scaled(run.clone(), 1.2));
    let faster = save(dir.path(), "faster.json", &scaled(run, 0.8));

    let v = run_ok_json(
        hashbench()
            .arg("compare")
            .args([&base, &slower, &faster])
            .args(["--format", "json"]),
    );
    assert_eq!(v["base"], base.display().to_string());
    let comparisons = v["comparisons"].as_array().expect("comparisons is a list");
    assert_eq!(comparisons.len(), 2, "{v}");
    let expected = [
        (&slower, (IMPLEMENTATION_CELLS, 0, 6)),
        (&faster, (0, IMPLEMENTATION_CELLS, 6)),
    ];
    for (c, (path, counts)) in comparisons.iter().zip(expected) {
        assert_eq!(c["candidate"], path.display().to_string());
        let changes = c["comparison"]["changes"].as_array().unwrap();
        assert_eq!(verdicts(changes), counts, "{}", c["candidate"]);
    }

    // The text has one report per candidate, in the order given.
    let text = stdout(&run_ok(
        hashbench().arg("compare").args([&base, &slower, &faster]),
    ));
    let candidates: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("candidate:"))
        .collect();
    assert_eq!(candidates.len(), 2, "{text}");
    assert!(candidates[0].contains("slower.json") && candidates[1].contains("faster.json"));
    let summaries: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("cells joined"))
        .collect();
    assert_eq!(summaries.len(), 2, "{text}");
    assert!(summaries[0].starts_with("10 cells joined: 4 slower, 0 faster"));
    assert!(summaries[1].starts_with("10 cells joined: 0 slower, 4 faster"));

    // One regressing candidate among several fails the check, whichever place it has.
    for order in [[&slower, &faster], [&faster, &slower]] {
        let out = output(
            hashbench()
                .arg("compare")
                .arg(&base)
                .args(order)
                .args(["--fail-on-regression", "10"]),
        );
        assert_exit(&out, 1);
        assert!(common::stderr(&out).contains("regression: crc32/crc32fast"));
    }
    let out = output(
        hashbench()
            .arg("compare")
            .args([&base, &faster, &faster])
            .args(["--fail-on-regression", "10"]),
    );
    assert_success(&out);
}

/// A `within-noise` verdict rules out only what the two intervals let through: with
/// figures ±8 % wide (intervals over the rounds, added whole), a 7 % slowdown reads
/// within noise, and `--fail-on-regression 5` passes but names each cell it is not sure
/// to fail; a 10 % slowdown between quiet runs fails it, with no such warning.
#[test]
fn a_check_not_sure_to_fail_a_cell_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let real = read_json(&quick_run(dir.path(), "real.json"));
    let pair = |spread: f64, slower: f64, name: &str| -> (PathBuf, PathBuf) {
        let (base, candidate) = (
            dir.path().join(format!("{name}-a.json")),
            dir.path().join(format!("{name}-b.json")),
        );
        write(&base, &with_spread(real.clone(), spread));
        write(
            &candidate,
            &scaled(with_spread(real.clone(), spread), slower),
        );
        (base, candidate)
    };
    let check = |(base, candidate): &(PathBuf, PathBuf)| {
        output(
            hashbench()
                .arg("compare")
                .args([base, candidate])
                .args(["--fail-on-regression", "5"]),
        )
    };

    let wide = pair(0.08, 1.07, "wide");
    let out = check(&wide);
    assert_success(&out);
    let err = common::stderr(&out);
    let warned = err
        .lines()
        .filter(|l| l.contains("warning: a slowdown of 5 % is not sure to fail this check"))
        .count();
    assert_eq!(warned, IMPLEMENTATION_CELLS, "{err}");
    assert!(err.contains(": only one beyond "), "{err}");
    let text = stdout(&out);
    assert!(
        text.contains("smallest slowdown sure to read slower: "),
        "{text}"
    );
    // In JSON, each implementation cell's bound: the ratio read must pass 1.08 / 0.92 (the
    // two intervals added whole) times the machine estimate's high end over its ratio
    // (the real run's reference, whatever it read: both files have the same one), and a
    // slowdown reads that from the low end of the base's interval at worst (0.92).
    let v = run_ok_json(
        hashbench()
            .arg("compare")
            .args([&wide.0, &wide.1])
            .args(["--format", "json"]),
    );
    let changes = v["comparisons"][0]["comparison"]["changes"]
        .as_array()
        .unwrap();
    let bounds: Vec<f64> = changes
        .iter()
        .filter(|c| {
            !c["key"]["implementation"]
                .as_str()
                .unwrap()
                .starts_with("baseline/")
        })
        .map(|c| c["visible_slowdown"].as_f64().expect("a bound"))
        .collect();
    assert_eq!(bounds.len(), IMPLEMENTATION_CELLS, "{v}");
    let machine = &v["comparisons"][0]["comparison"]["machine"];
    let widen = machine["high"].as_f64().unwrap() / machine["ratio"].as_f64().unwrap();
    let expected = widen * 1.08 / 0.92 / 0.92;
    assert!(
        bounds.iter().all(|b| (b / expected - 1.0).abs() < 1e-9),
        "{bounds:?}, expected {expected}: {machine}"
    );

    // The HTML page says it under its table too.
    let html = stdout(&run_ok(
        hashbench()
            .arg("compare")
            .args([&wide.0, &wide.1])
            .args(["--format", "html"]),
    ));
    assert!(
        html.contains("smallest slowdown sure to read slower: "),
        "{html}"
    );

    // Between quiet runs a 10 % slowdown fails the check (as in compare.rs: the machine
    // estimate is the real run's reference, and a 7 % one could sit inside it on a busy
    // machine), and a cell that fails is no blind spot.
    let quiet_pair = pair(0.005, 1.10, "quiet");
    let out = check(&quiet_pair);
    assert_exit(&out, 1);
    let err = common::stderr(&out);
    assert!(err.contains("regression: "), "{err}");
    assert!(!err.contains("not sure to fail"), "{err}");
}
