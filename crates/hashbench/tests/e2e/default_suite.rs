//! `hashbench` with no arguments runs the default suite (docs/usage.md): every
//! algorithm's default implementation (`DEFAULT_SUITE`) at the seed sizes 64 B to 4 MiB,
//! with the baselines. It takes the default budget, 0.3 s per cell over 189 cells (about
//! a minute), and has no option to make it cheaper: it is the one slow test here.

use std::collections::BTreeSet;

use hashbench_catalog::registry::DEFAULT_SUITE;

use crate::common::{hashbench, run_ok, stdout};

const SIZES: [&str; 7] = [
    "64 B", "384 B", "4 KiB", "16 KiB", "64 KiB", "1 MiB", "4 MiB",
];

/// The implementation ids ranked under `Ranking at SIZE (...)`.
fn ranked_at<'a>(text: &'a str, size: &str) -> BTreeSet<&'a str> {
    let heading = format!("Ranking at {size} (");
    let mut lines = text.lines().skip_while(|l| !l.starts_with(&heading));
    assert!(lines.next().is_some(), "no ranking at {size}:\n{text}");
    lines
        .skip(1) // the column headings
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            l.split_whitespace()
                .nth(1)
                .expect("a ranking row names its implementation")
        })
        .collect()
}

#[test]
fn no_command_runs_every_default_implementation_at_every_seed_size() {
    // The compact view at a terminal's 80 columns: every line fits (characters, not
    // bytes: `…`, `µ` and `±` are one each), and still every implementation is ranked.
    let text = stdout(&run_ok(hashbench().env("COLUMNS", "80")));
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "wider than 80: {line:?}\n{text}"
        );
        assert!(!line.contains('\u{1b}'), "no colour into a pipe: {line:?}");
    }

    // An implementation this machine cannot run (a CPU feature it lacks) is listed as
    // skipped, never dropped; every other one is ranked at every size.
    let unavailable: BTreeSet<&str> = DEFAULT_SUITE
        .iter()
        .copied()
        .filter(|id| {
            text.lines()
                .any(|l| l.starts_with(&format!("- {id}: unavailable")))
        })
        .collect();
    let expected: BTreeSet<&str> = DEFAULT_SUITE
        .iter()
        .copied()
        .filter(|id| !unavailable.contains(id))
        .collect();
    assert!(
        expected.len() >= DEFAULT_SUITE.len() - 2,
        "most of the default suite runs on any x86_64 machine; unavailable: {unavailable:?}"
    );
    for size in SIZES {
        // A name the 80 columns cut ends with `…` (a busy machine's flags widen their
        // column): it stands for the one expected id it begins.
        let ranked = ranked_at(&text, size);
        let named: BTreeSet<&str> = ranked
            .iter()
            .map(|r| match r.strip_suffix('…') {
                Some(stem) => {
                    let ids: Vec<&str> = expected
                        .iter()
                        .copied()
                        .filter(|id| id.starts_with(stem))
                        .collect();
                    assert_eq!(ids.len(), 1, "{r} at {size} stands for {ids:?}:\n{text}");
                    ids[0]
                }
                None => r,
            })
            .collect();
        assert_eq!(ranked.len(), expected.len(), "at {size}:\n{text}");
        assert_eq!(named, expected, "at {size}");
    }
    // One implementation per algorithm of the block-hashing question, 24 different ones:
    // the hash-table hashers (SipHash, MurmurHash3, CityHash, FarmHash, HighwayHash,
    // komihash, foldhash, rapidhash, FxHash, aHash, wyhash, gxhash) are not in the default suite, which measures 64 B to 4 MiB blocks and
    // names a measured rule for each entry (registry.rs); they are asked for by name.
    let algorithms: BTreeSet<&str> = DEFAULT_SUITE
        .iter()
        .map(|id| id.split('/').next().expect("an algorithm"))
        .collect();
    assert_eq!(algorithms.len(), DEFAULT_SUITE.len());
    let table_families = [
        "siphash",
        "murmurhash3",
        "cityhash",
        "farmhash",
        "highwayhash",
        "komihash",
        "foldhash",
        "rapidhash",
        "fxhash",
        "ahash",
        "wyhash",
        "gxhash",
    ];
    // Issue 24's algorithms are asked for by name (registry's `BY_NAME_ONLY`).
    let by_name_only = hashbench_catalog::registry::BY_NAME_ONLY;
    let block_algorithms: BTreeSet<&str> = hashbench_catalog::ALGORITHMS
        .iter()
        .filter(|a| !table_families.contains(&a.family) && !by_name_only.contains(&a.id))
        .map(|a| a.id)
        .collect();
    assert_eq!(algorithms, block_algorithms);

    // The three baselines at every size, and no other size: in the detail view.
    let detail =
        stdout(&run_ok(hashbench().args([
            "run", "--detail", "--time", "0.01", "--rounds", "1", "-q",
        ])));
    assert!(detail.contains("\nDetail\n"), "{detail}");
    let text = detail;
    let baselines: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Baselines"))
        .skip(2)
        .take_while(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(baselines.len(), 3 * SIZES.len(), "{text}");
    for size in SIZES {
        for name in ["nop", "memcpy", "read"] {
            assert!(
                baselines
                    .iter()
                    .any(|l| l.starts_with(&format!("{name} ")) && l.contains(&format!(" {size} "))),
                "no {name} at {size}:\n{text}"
            );
        }
    }
}
