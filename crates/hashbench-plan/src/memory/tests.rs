use super::*;
use hashbench_model::testutil::{analysis::reference, run_with};

const DAY: u64 = 86_400;

fn memory(figures: &[(u64, f64)]) -> MachineMemory {
    MachineMemory {
        version: VERSION,
        machines: [(
            "m".to_string(),
            figures
                .iter()
                .map(|&(at, median_ns)| Remembered { at, median_ns })
                .collect(),
        )]
        .into(),
    }
}

fn run_at(reference_ns: &[f64]) -> Run {
    let mut run = run_with(Vec::new());
    run.reference = Some(reference(reference_ns));
    run
}

#[test]
fn three_runs_that_agree_are_the_machines_speed() {
    let now = 10 * DAY;
    let m = memory(&[
        (now, 18.1),
        (now, 12.2),
        (now, 12.25),
        (now, 17.9),
        (now, 12.18),
    ]);
    let r = m.recall("m", now).expect("three fast runs agree");
    assert_eq!(r.median_ns, 12.2);
    assert_eq!(r.runs, 3);
    assert_eq!(m.recall("other machine", now), None);
}

#[test]
fn fewer_than_three_agreeing_runs_are_not_a_speed() {
    let now = 10 * DAY;
    assert_eq!(memory(&[(now, 12.2), (now, 12.2)]).recall("m", now), None);
    // One run far faster than the others (a clock glitch) has no support: the figure of
    // the three slow ones would leave it unconfirmed, and nothing is recalled.
    assert_eq!(
        memory(&[(now, 6.0), (now, 12.2), (now, 12.2), (now, 12.3)]).recall("m", now),
        None
    );
}

#[test]
fn old_runs_do_not_count_and_are_forgotten() {
    let now = 30 * DAY;
    let old = now - KEPT_DAYS * DAY - 1;
    let mut m = memory(&[(old, 12.2), (old, 12.2), (old, 12.2)]);
    assert_eq!(m.recall("m", now), None);
    assert!(m.record("m", &run_at(&[18.0, 18.1, 18.0]), now));
    assert_eq!(m.machines["m"].len(), 1, "the old runs are dropped");
}

#[test]
fn a_run_adds_its_references_figure_and_the_list_stays_bounded() {
    let now = 5 * DAY;
    let mut m = MachineMemory::default();
    for _ in 0..KEPT_RUNS + 5 {
        assert!(m.record("m", &run_at(&[12.2, 12.3, 12.2, 12.25]), now));
    }
    assert_eq!(m.machines["m"].len(), KEPT_RUNS);
    assert_eq!(m.version, VERSION);
    assert_eq!(m.recall("m", now).map(|r| r.median_ns), Some(12.225));
}

#[test]
fn a_run_whose_reference_never_settled_or_was_cut_short_adds_nothing() {
    let mut m = MachineMemory::default();
    assert!(!m.record("m", &run_at(&[10.0, 14.0, 19.0, 26.0]), DAY));
    let mut cut = run_at(&[12.2, 12.2, 12.2]);
    cut.complete = false;
    assert!(!m.record("m", &cut, DAY));
    assert!(!m.record("m", &run_with(Vec::new()), DAY));
    assert!(m.machines.is_empty());
}

#[test]
fn the_machines_measured_longest_ago_are_forgotten_first() {
    let mut m = MachineMemory::default();
    for i in 0..KEPT_MACHINES as u64 + 2 {
        m.record(&format!("m{i}"), &run_at(&[12.2, 12.2, 12.2]), DAY + i);
    }
    assert_eq!(m.machines.len(), KEPT_MACHINES);
    assert!(!m.machines.contains_key("m0") && !m.machines.contains_key("m1"));
}

#[test]
fn the_key_names_the_machine_and_the_version() {
    let host = hashbench_host::Host::detect();
    let k = key(&host, "0.1.0");
    assert!(
        k.contains(&host.cpu_model) && k.ends_with("hashbench 0.1.0"),
        "{k}"
    );
}

#[test]
fn the_short_reference_is_remembered_apart_and_recalled_with_the_first() {
    let now = 10 * DAY;
    let mut run = run_at(&[20.0, 20.1, 20.0]);
    if let Some(r) = run.reference.as_mut() {
        let mut short = reference(&[2.8, 2.78, 2.79]);
        short.size = 64;
        r.short = Some(Box::new(short));
    }
    let mut m = MachineMemory::default();
    for _ in 0..3 {
        assert!(m.record("m", &run, now));
    }
    let both = m.recall_both("m", now);
    assert_eq!(both.first.map(|r| r.median_ns), Some(20.0));
    assert_eq!(both.short.map(|r| r.median_ns), Some(2.79));
    assert_eq!(m.machines[&short_key("m")].len(), 3);
    // A short reference that never settled adds nothing of its own; the first still counts.
    if let Some(r) = run.reference.as_mut() {
        r.short = Some(Box::new(reference(&[2.8, 4.3, 3.5, 5.0])));
    }
    assert!(m.record("m", &run, now));
    assert_eq!(m.machines[&short_key("m")].len(), 3);
    assert_eq!(m.machines["m"].len(), 4);
}

#[test]
fn each_build_is_remembered_apart() {
    let tool = |commit: Option<&str>| hashbench_model::Tool {
        name: "hashbench".into(),
        version: "0.1.0".into(),
        git_commit: commit.map(str::to_string),
    };
    let a = build_id(
        &tool(Some("d590d0d15672a2b9659c709bac1f1ef340c056e7")),
        true,
    );
    assert_eq!(a, "0.1.0 d590d0d15672");
    assert_ne!(a, build_id(&tool(Some("4117a80aaaaaaaaaaaaa")), true));
    assert_eq!(build_id(&tool(None), true), "0.1.0");
    assert_eq!(build_id(&tool(Some("abc")), false), "0.1.0 abc unoptimised");
}

#[test]
fn a_build_with_too_few_runs_borrows_the_slowest_other_builds_speed_with_a_margin() {
    let now = 10 * DAY;
    let runs = |ns: f64| -> Vec<Remembered> {
        (0..3)
            .map(|i| Remembered {
                at: now - 60 * (i + 1),
                median_ns: ns,
            })
            .collect()
    };
    let machine = "AMD EPYC | avx2 | 1 bytes | 6.1 | x86_64";
    let key = |build: &str| format!("{machine} | hashbench {build}");
    let mut memory = MachineMemory {
        version: VERSION,
        machines: [
            (key("0.1.0 aaa"), runs(19.0)),
            (short_key(&key("0.1.0 aaa")), runs(2.30)),
            (short_key(&key("0.1.0 bbb")), runs(2.57)),
            // Not this kind: unoptimised, or another machine.
            (short_key(&key("0.1.0 ccc unoptimised")), runs(4.05)),
            (
                short_key("Intel | avx2 | 1 bytes | 6.1 | x86_64 | hashbench 0.1.0 ddd"),
                runs(9.0),
            ),
        ]
        .into(),
    };
    let new = key("0.1.0 new");
    let got = memory.recall_both(&new, now);
    let first = got.first.expect("the first reference borrowed");
    assert!(first.borrowed && (first.median_ns - 19.0 * BORROW_MARGIN).abs() < 1e-9);
    let short = got.short.expect("the short reference borrowed");
    assert!(short.borrowed && (short.median_ns - 2.57 * BORROW_MARGIN).abs() < 1e-9);
    // A build with three runs of its own is judged by them, where they are no slower
    // than what it would borrow.
    memory.machines.insert(short_key(&new), runs(2.40));
    let own = memory.recall_both(&new, now).short.expect("its own speed");
    assert!(!own.borrowed && (own.median_ns - 2.40).abs() < 1e-9);
    // Its first three runs all in a slow spell (2x): the others' speed with the margin
    // judges it, not the spell it remembers.
    memory.machines.insert(short_key(&new), runs(4.80));
    let spell = memory.recall_both(&new, now).short.expect("a speed");
    assert!(spell.borrowed && (spell.median_ns - 2.57 * BORROW_MARGIN).abs() < 1e-9);
    // Nothing to borrow on a machine no build has measured.
    let alone = memory.recall_both(
        "Other | x | 1 bytes | 6.1 | x86_64 | hashbench 0.1.0 a",
        now,
    );
    assert_eq!(alone, RememberedSpeeds::default());
}
