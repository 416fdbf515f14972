//! How far figures moved from one run to the next, remembered and used end to end
//! (docs/method.md, "What a run cannot see of itself"): a run told that its cell moved up
//! to 20 % between earlier runs reaches its interval at least that far and says so in
//! its file; a run leaves its figures in the memory; with the memory off, neither, and a
//! class with nothing learned reaches as far as assumed. No
//! wall-clock speed is asserted: the move given is one no quiet machine makes.

use std::path::Path;

use hashbench_model::{cell_key, load_run, SizeClass, MIN_CELL_MOVES};
use hashbench_plan::memory::{build_id, key};
use hashbench_plan::moves::{LastFigure, MoveMemory, Moves, VERSION};

use crate::common::{hashbench, read_json, MEMORY_CELL};

fn run_in(data: &Path, result: &Path, memory: &str, extra: &[&str]) {
    let o = hashbench()
        .env("HASHBENCH_MACHINE_MEMORY", memory)
        .env("HASHBENCH_DATA_DIR", data)
        .args(MEMORY_CELL)
        .args(extra)
        .arg("-o")
        .arg(result)
        .output()
        .expect("run hashbench");
    assert!(matches!(o.status.code(), Some(0 | 1)), "{o:?}");
}

#[test]
fn a_cell_that_moved_between_runs_has_an_interval_that_reaches_as_far() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A first run with the memory off names the cell as the memory does.
    let first = dir.path().join("first.json");
    run_in(dir.path(), &first, "off", &[]);
    assert!(!dir.path().join("figure-moves.json").exists(), "off wrote");
    let text = std::fs::read_to_string(&first).expect("readable");
    let run = load_run("first.json", &text).expect("loads");
    // Nothing learned: every class reaches as far as assumed, and the file says so; the
    // rates every table shows come from that interval.
    let json = read_json(&first);
    let assumed: Vec<(String, f64)> = json["config"]["run_to_run"]["classes"]
        .as_array()
        .expect("classes")
        .iter()
        .filter(|c| c["moves"] == 0)
        .map(|c| {
            (
                c["class"].to_string(),
                c["reach"].as_f64().expect("a reach"),
            )
        })
        .collect();
    assert_eq!(assumed.len(), 3, "{}", json["config"]);
    let figure = &json["cells"][0]["figure"];
    let reach = hashbench_model::assumed_reach(SizeClass::Small);
    let (m, high) = (
        figure["median_ns"].as_f64().expect("a figure"),
        figure["ci_high_ns"].as_f64().expect("high"),
    );
    assert!(high >= m * (1.0 + reach) - 1e-9, "{figure}");
    let slowest = json["cells"][0]["throughput"]["lower"]["ns_per_op"].as_f64();
    assert_eq!(slowest, Some(high), "{}", json["cells"][0]["throughput"]);
    let cell = cell_key(&run.cells[0]);
    let build = build_id(&hashbench_runner::tool(), !cfg!(debug_assertions));
    let machine = hashbench_commands::memories::moves_key(
        &key(&hashbench_host::Host::detect(), &build),
        &hashbench_runner::build_info(),
    );
    let now = hashbench_plan::memory::now();
    // Enough moves of its own, the largest 20 %.
    let mut own = vec![0.01; MIN_CELL_MOVES];
    own[1] = 0.2;
    let moves = Moves {
        at: now,
        last: [(
            cell.clone(),
            LastFigure {
                at: now,
                median_ns: run.cells[0].time_ns(),
                moves: own,
                own_moves: Vec::new(),
                peaks: Vec::new(),
                own_peaks: Vec::new(),
            },
        )]
        .into(),
        moves: [(SizeClass::Small, vec![0.001; 4])].into(),
        runs: Default::default(),
        own_runs: Default::default(),
    };
    let memory = MoveMemory {
        version: VERSION,
        builds: [(machine.clone(), moves)].into(),
    };
    let file = dir.path().join("figure-moves.json");
    std::fs::write(&file, serde_json::to_string(&memory).expect("json")).expect("written");

    let second = dir.path().join("second.json");
    // A run slowed on purpose reads the memory but adds nothing to it.
    let slowed = dir.path().join("slowed.json");
    let before = std::fs::read_to_string(&file).expect("readable");
    run_in(
        dir.path(),
        &slowed,
        "on",
        &["--slow-down", "crc32/crc32fast=10"],
    );
    assert_eq!(std::fs::read_to_string(&file).expect("readable"), before);
    assert_eq!(
        read_json(&slowed)["config"]["run_to_run"]["cells"][&cell]["reach"],
        0.2
    );

    run_in(dir.path(), &second, "on", &[]);
    let json = read_json(&second);
    let told = &json["config"]["run_to_run"]["cells"][&cell];
    assert_eq!(told["reach"], 0.2, "{}", json["config"]);
    // Too few class moves to learn the class's reach: assumed.
    let classes = json["config"]["run_to_run"]["classes"].as_array().cloned();
    assert!(
        classes.is_some_and(|c| c.iter().all(|c| c["moves"] == 0)),
        "{}",
        json["config"]
    );
    let figure = &json["cells"][0]["figure"];
    let (m, low, high) = (
        figure["median_ns"].as_f64().expect("a figure"),
        figure["ci_low_ns"].as_f64().expect("low"),
        figure["ci_high_ns"].as_f64().expect("high"),
    );
    assert!(low <= m * 0.8 + 1e-9 && high >= m * 1.2 - 1e-9, "{figure}");

    // The run's own figure joined the memory: a move from the one remembered, where the
    // run stood behind its figure (settled, no flag on the cell but `wide-interval`, none
    // on the run: a run whose machine guard fired, `drift` on a busy machine, teaches
    // nothing).
    let after: MoveMemory =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("readable")).expect("json");
    let kept = &after.builds[&machine].last[&cell];
    // As `MoveMemory::record` reads them: a cell's `wide-interval` is no doubt.
    let doubts = |flags: &serde_json::Value| {
        flags
            .as_array()
            .is_some_and(|f| f.iter().any(|f| f["code"] != "wide-interval"))
    };
    let doubted = doubts(&json["cells"][0]["flags"])
        || json["flags"].as_array().is_some_and(|f| !f.is_empty())
        || json["complete"] == false
        || figure["settled"] != true;
    if doubted {
        assert_eq!(kept.moves.len(), MIN_CELL_MOVES, "{kept:?}");
    } else {
        assert_eq!(kept.median_ns, m);
        assert_eq!(kept.moves.len(), MIN_CELL_MOVES + 1, "{kept:?}");
    }
}
