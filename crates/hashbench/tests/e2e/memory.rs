//! The machine memory end to end (docs/method.md, "A run spent wholly in a slow spell"):
//! a run records its drift reference's figure in the data directory, and a run told that
//! this machine's reference ran far faster than it can now judges every pass slow, and
//! flags what never met that speed. No wall-clock speed is asserted: the remembered
//! speed given is one no machine reaches (a 4 KiB read in a hundredth of a nanosecond).

use std::path::Path;

use hashbench_plan::memory::{build_id, key, short_key, MachineMemory, Remembered, VERSION};

use crate::common::{hashbench, read_json, run_exit, run_ok, MEMORY_CELL};

/// The build of the binary under test, as its memory keys it: the same commit and profile
/// as this test's.
fn this_build() -> String {
    build_id(&hashbench_runner::tool(), !cfg!(debug_assertions))
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock after 1970")
        .as_secs()
}

fn run_with_memory(data: &Path, result: &Path, extra: &[&str]) -> std::process::Output {
    let mut cmd = hashbench();
    cmd.env("HASHBENCH_MACHINE_MEMORY", "on")
        .env("HASHBENCH_DATA_DIR", data)
        .args(MEMORY_CELL)
        .args(extra)
        .arg("-o")
        .arg(result);
    cmd.output().expect("run hashbench")
}

#[test]
fn a_run_is_remembered_in_the_data_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let result = dir.path().join("run.json");
    let o = run_with_memory(dir.path(), &result, &[]);
    assert!(
        o.status.code() == Some(0) || o.status.code() == Some(1),
        "{o:?}"
    );
    let run = read_json(&result);
    let file = dir.path().join("machine-speed.json");
    // A reference that settled (here: every timing within 4 % of the fastest) is
    // remembered; one that never settled adds nothing (the memory's unit tests).
    let points: Vec<f64> = run["reference"]["points"]
        .as_array()
        .expect("reference timings")
        .iter()
        .filter_map(|p| p["median_ns"].as_f64())
        .collect();
    let fastest = points.iter().copied().fold(f64::INFINITY, f64::min);
    let steady = points.len() >= 3 && points.iter().all(|&p| p <= fastest * 1.04);
    assert!(
        file.exists() || !steady,
        "a steady reference was not remembered"
    );
    if file.exists() {
        let memory: MachineMemory =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("readable")).expect("json");
        assert_eq!(memory.version, VERSION);
        // The run's own reference figures, as the model computes them from the file:
        // the first under the machine's key, the short one (read at 64 B) under its own.
        let text = std::fs::read_to_string(&result).expect("readable");
        let loaded = hashbench_model::load_run("run.json", &text).expect("loads");
        let reference = loaded.reference.as_ref().expect("a reference");
        let machine = key(&hashbench_host::Host::detect(), &this_build());
        let references = [
            (machine.clone(), Some(reference)),
            (short_key(&machine), reference.short.as_deref()),
        ];
        for (key, reference) in references {
            let figure = reference
                .and_then(hashbench_model::DriftReference::figure)
                .filter(hashbench_stats::RoundFigure::confirmed);
            let runs: Vec<&Remembered> = memory.machines.get(&key).into_iter().flatten().collect();
            match figure {
                Some(figure) => {
                    assert_eq!(runs.len(), 1, "{key}: {memory:?}");
                    assert_eq!(runs[0].median_ns, figure.median_ns);
                }
                None => assert!(runs.is_empty(), "{key}: {memory:?}"),
            }
        }
        assert!(memory.machines.len() <= 2, "{memory:?}");
        if let Some(first) = memory.machines.get(&machine) {
            assert!(first[0].median_ns >= fastest);
        }
        assert_eq!(
            reference.short.as_ref().map(|s| s.size),
            Some(64),
            "the short reference reads 64 B"
        );
    }
    // Off means off: nothing read, nothing written.
    let off = tempfile::tempdir().expect("temp dir");
    run_ok(
        hashbench()
            .env("HASHBENCH_DATA_DIR", off.path())
            .args(MEMORY_CELL)
            .arg("-o")
            .arg(off.path().join("run.json")),
    );
    assert!(!off.path().join("machine-speed.json").exists());
}

#[test]
fn a_machine_remembered_faster_than_it_runs_now_flags_every_figure() {
    let machine = key(&hashbench_host::Host::detect(), &this_build());
    remembered_faster_flags_every_figure(machine, false);
}

/// The same with the short reference (`read` at 64 B) remembered faster and the first
/// not remembered at all: a state that slows short calls alone is judged by it.
#[test]
fn a_short_reference_remembered_faster_than_it_runs_now_flags_every_figure() {
    let machine = key(&hashbench_host::Host::detect(), &this_build());
    remembered_faster_flags_every_figure(short_key(&machine), true);
}

/// A run told that the reference under `key` ran at 0.01 ns on this machine.
fn remembered_faster_flags_every_figure(key: String, short: bool) {
    let dir = tempfile::tempdir().expect("temp dir");
    let remembered = Remembered {
        at: now(),
        median_ns: 0.01,
    };
    let memory = MachineMemory {
        version: VERSION,
        machines: [(key, vec![remembered; 3])].into(),
    };
    std::fs::write(
        dir.path().join("machine-speed.json"),
        serde_json::to_string(&memory).expect("serialises"),
    )
    .expect("write memory");
    let result = dir.path().join("run.json");
    let o = run_with_memory(dir.path(), &result, &["--strict"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let run = read_json(&result);
    let (told, other) = if short {
        (&run["reference"]["short"], &run["reference"])
    } else {
        (&run["reference"], &run["reference"]["short"])
    };
    assert_eq!(told["remembered"]["median_ns"], 0.01);
    assert_eq!(told["remembered"]["runs"], 3);
    assert!(other.get("remembered").is_none(), "{run}");
    let cell = &run["cells"][0];
    // More rounds than --rounds (3), up to --max-rounds (5), as many as its --time
    // allows: a loaded machine may leave time for one extra round only.
    let rounds = cell["round_medians_ns"].as_array().map_or(0, Vec::len);
    assert!(
        (4..=5).contains(&rounds),
        "a cell with no round at the machine's speed gets rounds past --rounds: {rounds}"
    );
    assert!(
        cell["flags"].as_array().is_some_and(|f| f
            .iter()
            .any(|f| f["code"] == "slow-phase" || f["code"] == "high-spread")),
        "{cell}"
    );
    // Every pass was judged slow against the remembered speed, and the slow-phase guard
    // says so (the cell carries one spread flag: whichever reason its own figure gave
    // first, or this one).
    let text = std::fs::read_to_string(&result).expect("readable");
    let loaded = hashbench_model::load_run("run.json", &text).expect("loads");
    let phases = loaded
        .reference
        .as_ref()
        .and_then(hashbench_model::DriftReference::pass_phases)
        .expect("judged by the memory");
    assert!(phases.remembered && phases.fast_passes() == 0, "{phases:?}");
    assert_eq!(phases.second, short, "{phases:?}");
    let reference = loaded.reference.as_ref().expect("timed");
    assert!(!reference.judged_by_borrowed(&phases), "its own memory");
    let flag =
        hashbench_analysis::guards::slow_phase(&loaded.cells[0].round_id_list(), &phases, false)
            .expect("flagged");
    assert_eq!(flag.code, hashbench_model::FlagCode::SlowPhase);
    let which = if short {
        " for the short reference, read at 64 B"
    } else {
        ""
    };
    assert!(
        flag.reason.starts_with(&format!(
            "0 of its 5 rounds ran in the 0 passes the drift references show at this \
             machine's speed as earlier runs remember it (0.010 ns{which})"
        )),
        "{}",
        flag.reason
    );
    // Without the memory the same machine is judged by the run alone.
    let plain = dir.path().join("plain.json");
    run_exit(hashbench().args(MEMORY_CELL).arg("-o").arg(&plain), 0);
    assert!(read_json(&plain)["reference"].get("remembered").is_none());
}
