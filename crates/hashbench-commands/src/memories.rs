//! The machine memory's file (`machine-speed.json` in the data directory): read before a
//! run, the run's reference figure added after it (`hashbench_plan::memory` says what it
//! holds and why). A cache, never an input the user gave: a missing, unreadable or
//! damaged file is as good as an empty one, and a failure to write it loses nothing but
//! the memory. `HASHBENCH_MACHINE_MEMORY=off` neither reads nor writes it.
//!
//! With it, in `figure-moves.json`, each cell's last figure and how far figures moved
//! from one run to the next (`hashbench_plan::moves`), under the same switch.
//!
//! Beside them, the proof memory (`verified.json`, `hashbench_verify::proofs`): what the
//! same code proved, so that a run verifies only the rest. `HASHBENCH_PROOF_MEMORY=off`
//! neither reads nor writes it: every run verifies everything.

use std::path::{Path, PathBuf};

use hashbench_model::bounded::read_file_at_most;
use hashbench_model::{RememberedSpeeds, Run, RunToRun, CALL_CLASSES, MAP_CLASSES};
use hashbench_plan::memory::{build_id, here, now, MachineMemory};
use hashbench_plan::moves::{MoveMemory, Observed};
use hashbench_verify::{Learned, ProofMemory};

/// The largest memory file read: a full one is a few tens of KiB.
const MAX_BYTES: u64 = 1 << 20;

/// The largest figure memory read: a full one (eight builds of 2,048 cells, each with 19
/// moves, and three size classes' moves of 24 runs) is about 5 MiB.
const MAX_MOVES_BYTES: u64 = 8 << 20;

/// Where the memory lives; `None` when it is switched off or there is no data directory.
fn path() -> Option<PathBuf> {
    file("HASHBENCH_MACHINE_MEMORY", "machine-speed.json")
}

/// `name` in the data directory, unless `switch` is `off` or there is none.
fn file(switch: &str, name: &str) -> Option<PathBuf> {
    if std::env::var_os(switch).is_some_and(|v| v == "off") {
        return None;
    }
    hashbench_model::data_dir().map(|d| d.join(name))
}

/// What earlier runs of the same code proved; `None` when the memory is switched off.
pub fn proofs() -> Option<ProofMemory> {
    file("HASHBENCH_PROOF_MEMORY", "verified.json").map(|p| ProofMemory::read(&p))
}

/// Adds what a run proved (`learned`, under its code's key) to the proof memory.
pub fn prove(learned: Option<&Learned>) {
    let (Some(learned), Some(path)) = (learned, file("HASHBENCH_PROOF_MEMORY", "verified.json"))
    else {
        return;
    };
    let mut memory = ProofMemory::read(&path);
    memory.learn(learned, now());
    save(&path, serde_json::to_string_pretty(&memory));
}

/// Writes a memory's `text` to `path`; one that cannot be written is only a memory lost.
fn save(path: &Path, text: serde_json::Result<String>) {
    let Ok(text) = text else {
        return;
    };
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Ok(mut file) = atomic_write_file::AtomicWriteFile::open(path) {
        let _ = std::io::Write::write_all(&mut file, text.as_bytes()).and_then(|()| file.commit());
    }
}

/// The memory at `path`, and this machine's key for this binary's build with the time now
/// ([`here`]); a memory that cannot be read is an empty one.
fn load(path: &Path) -> (MachineMemory, (String, u64)) {
    let memory = read_file_at_most(path, MAX_BYTES, "the machine memory")
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default();
    let build = build_id(&hashbench_runner::tool(), !cfg!(debug_assertions));
    (memory, here(&build))
}

/// What earlier runs on this machine remember of its undisturbed speed, by both drift
/// references.
pub fn recall() -> RememberedSpeeds {
    path().map_or_else(RememberedSpeeds::default, |p| {
        let (memory, (machine, now)) = load(&p);
        memory.recall_both(&machine, now)
    })
}

/// Adds `run`'s reference figure to the memory (where it has a settled one), and its
/// figures to the figure memory unless `figures` is false (a run slowed on purpose,
/// `--slow-down`, whose figures are no move of the machine's).
pub fn record(run: &Run, figures: bool) {
    let Some(path) = path() else {
        return;
    };
    let (mut memory, (machine, now)) = load(&path);
    if memory.record(&machine, run, now) {
        save(&path, serde_json::to_string_pretty(&memory));
    }
    if let Some(path) = moves_path().filter(|_| figures) {
        let mut moves = load_moves(&path);
        if moves.record(&moves_key(&machine, &run.build), run, now) {
            save(&path, serde_json::to_string(&moves));
        }
    }
}

/// Adds a maps run's settled figures to the figure memory, each cell's moves its own and
/// its map's class's ([`crate::maps::map_class`]): a map's operation is no hash call, and
/// its moves join no hash call's class.
pub fn record_maps(cells: &[hashbench_quality::MapCell]) {
    let Some(path) = moves_path() else {
        return;
    };
    let host = hashbench_host::Host::detect();
    let figures = cells
        .iter()
        .filter(|c| c.settled)
        .map(|c| Observed {
            class: Some(crate::maps::map_class(&host, c.entries)),
            cell: c.key(),
            median_ns: c.ns,
            machine: false,
        })
        .collect();
    let (key, now) = moves_here();
    let mut moves = load_moves(&path);
    if moves.add(&key, figures, now) {
        save(&path, serde_json::to_string(&moves));
    }
}

/// This binary's figure-memory key on this machine ([`moves_key`] of [`here`]), and the
/// time now.
fn moves_here() -> (String, u64) {
    let build = build_id(&hashbench_runner::tool(), !cfg!(debug_assertions));
    let (machine, now) = here(&build);
    (moves_key(&machine, &hashbench_runner::build_info()), now)
}

/// The figure memory's key: the machine memory's (machine and build of hashbench), and
/// what else moves every figure of a build on purpose: the flags it was compiled with
/// (one commit built with `-C target-cpu=native` is other code) and OpenSSL's
/// capability mask (`OPENSSL_ia32cap`, which turns its SIMD paths off). Two such
/// settings sharing a memory would teach each other their difference as a move.
pub fn moves_key(machine: &str, build: &hashbench_host::Build) -> String {
    format!(
        "{machine} | target-cpu {} | rustflags [{}] | OPENSSL_ia32cap {}",
        build.target_cpu.as_deref().unwrap_or("default"),
        build.rustflags,
        std::env::var("OPENSSL_ia32cap").unwrap_or_default()
    )
}

/// Where the figure memory lives; `None` when the machine memory is switched off or
/// there is no data directory.
fn moves_path() -> Option<PathBuf> {
    file("HASHBENCH_MACHINE_MEMORY", "figure-moves.json")
}

/// The figure memory at `path`; one that cannot be read is an empty one.
fn load_moves(path: &Path) -> MoveMemory {
    read_file_at_most(path, MAX_MOVES_BYTES, "the figure memory")
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// How far earlier runs of this build's lineage on this machine saw figures move from one
/// run to the next, per size class and cell (`hashbench_plan::moves`), and for a class
/// not yet learned (or with the memory off) the reach a machine is assumed to have
/// (`hashbench_model::assumed_reach`).
pub fn run_to_run() -> RunToRun {
    learned().of_classes(&CALL_CLASSES).or_assumed()
}

/// The same for `hashbench maps`: the map cells' classes ([`MAP_CLASSES`]), learned from
/// map cells only, or assumed ([`hashbench_model::ASSUMED_MAP_REACH`]).
pub fn maps_run_to_run() -> RunToRun {
    learned()
        .of_classes(&MAP_CLASSES)
        .or_assumed_of(&MAP_CLASSES)
}

/// What the figure memory learned, every class and cell.
fn learned() -> RunToRun {
    moves_path().map_or_else(RunToRun::default, |p| {
        load_moves(&p).recall(&moves_here().0)
    })
}
