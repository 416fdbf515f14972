//! The fuzzer must find a broken implementation, report the case so it can be replayed,
//! and count what it compared.

use std::sync::{Arc, Mutex};

use hashbench_catalog::{find_implementation, Filter, Hasher};

use super::cases::{boundaries, draw_case};
use super::*;
use crate::broken::{Broken, Fault};

fn config(cases: u64, seed: u64) -> FuzzConfig {
    FuzzConfig {
        cases,
        seed,
        stop_after: None,
    }
}

/// Fuzzes sha2-256 through (sha2-256/openssl, sha2-256/sha2 with `fault`).
fn fuzz_with_fault(fault: Fault, config: &FuzzConfig) -> FuzzReport {
    let good = find_implementation("sha2-256/openssl").unwrap();
    let real = find_implementation("sha2-256/sha2").unwrap();
    let new = move || -> Box<dyn Hasher> { Box::new(Broken::new((real.new)(), fault)) };
    let groups = [Group {
        algorithm: real.algorithm,
        subjects: vec![
            subject_of(good),
            Candidate {
                id: "sha2-256/broken",
                algorithm: real.algorithm,
                new: &new,
            },
        ],
    }];
    fuzz_groups(&groups, config).unwrap()
}

/// The input of case `index` of a single-algorithm sha2-256 run.
fn sha256_input(seed: u64, index: u64) -> (Case, Vec<u8>) {
    let alg = find_implementation("sha2-256/sha2").unwrap().algorithm;
    let case = draw_case(seed, index, &boundaries(alg), 64);
    let mut input = vec![0; case.length];
    case.fill(&mut input);
    (case, input)
}

fn openssl_sha256(input: &[u8]) -> String {
    let mut h = (find_implementation("sha2-256/openssl").unwrap().new)();
    let mut out = [0; 32];
    h.oneshot(input, &mut out);
    encode_hex(&out)
}

#[test]
fn a_broken_implementation_is_reported_with_everything_needed_to_replay_it() {
    let report = fuzz_with_fault(Fault::FlipOutput, &config(40, 11));
    assert_eq!((report.cases, report.disagreements), (40, 40));
    assert_eq!(report.mismatches.len(), MISMATCHES_KEPT);
    assert_eq!(report.seed, 11);
    for (k, m) in report.mismatches.iter().enumerate() {
        let (case, input) = sha256_input(11, k as u64);
        assert_eq!(m.case, k as u64);
        assert_eq!(m.algorithm, "sha2-256");
        assert_eq!(
            (m.length, m.misalignment, m.content, &m.split_points),
            (
                case.length,
                case.misalignment,
                case.content,
                &case.split_points
            )
        );
        let right = openssl_sha256(&input);
        let mut wrong = decode(&right);
        wrong[0] ^= 1;
        let shown: Vec<(&str, Path, Option<&str>, bool)> = m
            .digests
            .iter()
            .map(|d| {
                (
                    d.implementation.as_str(),
                    d.path,
                    d.digest.as_deref(),
                    d.agrees,
                )
            })
            .collect();
        let wrong = encode_hex(&wrong);
        assert_eq!(
            shown,
            [
                (
                    "sha2-256/openssl",
                    Path::Oneshot,
                    Some(right.as_str()),
                    true
                ),
                (
                    "sha2-256/openssl",
                    Path::Streaming,
                    Some(right.as_str()),
                    true
                ),
                (
                    "sha2-256/broken",
                    Path::Oneshot,
                    Some(wrong.as_str()),
                    false
                ),
                (
                    "sha2-256/broken",
                    Path::Streaming,
                    Some(wrong.as_str()),
                    false
                ),
            ]
        );
    }
    assert_eq!(report.digests_compared, 40 * 3);
}

fn decode(hex: &str) -> Vec<u8> {
    crate::vectors::decode_hex(hex).unwrap()
}

#[test]
fn a_wrong_one_call_path_is_told_apart_from_a_right_stream() {
    let report = fuzz_with_fault(Fault::OneshotOnly, &config(10, 5));
    assert_eq!(report.disagreements, 10);
    let wrong: Vec<(&str, Path)> = report.mismatches[0]
        .digests
        .iter()
        .filter(|d| !d.agrees)
        .map(|d| (d.implementation.as_str(), d.path))
        .collect();
    assert_eq!(wrong, [("sha2-256/broken", Path::Oneshot)]);
}

#[test]
fn a_buffering_bug_only_some_splits_reach_is_found_in_some_cases() {
    // An update of exactly 1 byte, not the first, is dropped: only streamed cases whose
    // split points leave such a piece disagree, and each reported case has one.
    let report = fuzz_with_fault(Fault::DropsUpdateOfLen(1), &config(2000, 3));
    assert!(report.disagreements > 0 && report.disagreements < 2000);
    for m in &report.mismatches {
        let mut bounds = vec![0];
        bounds.extend(&m.split_points);
        bounds.push(m.length);
        let has_dropped_piece = bounds[1..].windows(2).any(|w| w[1] - w[0] == 1);
        assert!(has_dropped_piece, "{m:?}");
        let wrong: Vec<Path> = m
            .digests
            .iter()
            .filter(|d| !d.agrees)
            .map(|d| d.path)
            .collect();
        assert_eq!(wrong, [Path::Streaming]);
    }
}

#[test]
fn stop_after_ends_the_run_at_the_nth_disagreement() {
    let mut c = config(100, 2);
    c.stop_after = Some(3);
    let report = fuzz_with_fault(Fault::FlipOutput, &c);
    assert_eq!((report.cases_requested, report.cases), (100, 3));
    assert_eq!(report.disagreements, 3);
}

#[test]
fn a_panic_is_a_disagreement_and_the_run_goes_on() {
    struct PanicsOnLong(Box<dyn Hasher>);
    impl Hasher for PanicsOnLong {
        fn update(&mut self, data: &[u8]) {
            assert!(data.len() < 1000, "simulated library error");
            self.0.update(data);
        }
        fn finalize_reset(&mut self, out: &mut [u8]) {
            self.0.finalize_reset(out);
        }
        fn reset(&mut self) {
            self.0.reset();
        }
    }
    let real = find_implementation("crc32/crc32fast").unwrap();
    let new = move || -> Box<dyn Hasher> { Box::new(PanicsOnLong((real.new)())) };
    let groups = [Group {
        algorithm: real.algorithm,
        subjects: vec![
            subject_of(real),
            Candidate {
                id: "crc32/panics",
                algorithm: real.algorithm,
                new: &new,
            },
        ],
    }];
    let report = fuzz_groups(&groups, &config(300, 9)).unwrap();
    assert_eq!(report.cases, 300);
    assert!(report.disagreements > 0 && report.disagreements < 300);
    let m = &report.mismatches[0];
    assert!(m.length >= 1000);
    let panicked = m.digests.iter().find(|d| d.panic.is_some()).unwrap();
    assert_eq!(panicked.implementation, "crc32/panics");
    assert!(panicked.panic.as_ref().unwrap().contains("simulated"));
    assert_eq!(panicked.digest, None);
}

/// A call a [`Spy`] saw: which, the data's offset past a 64-byte boundary, its length.
type Call = (&'static str, usize, usize);

/// Wraps a hasher and records where each call's data lay and how long it was.
struct Spy {
    inner: Box<dyn Hasher>,
    seen: Arc<Mutex<Vec<Call>>>,
}

impl Spy {
    fn note(&self, call: &'static str, data: &[u8]) {
        let align = data.as_ptr() as usize % cases::ALIGN;
        self.seen.lock().unwrap().push((call, align, data.len()));
    }
}

impl Hasher for Spy {
    fn update(&mut self, data: &[u8]) {
        self.note("update", data);
        self.inner.update(data);
    }
    fn finalize_reset(&mut self, out: &mut [u8]) {
        self.inner.finalize_reset(out);
    }
    fn reset(&mut self) {
        self.inner.reset();
    }
    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        self.note("oneshot", data);
        self.inner.oneshot(data, out);
    }
}

#[test]
fn inputs_are_misaligned_and_streamed_in_the_drawn_pieces() {
    let real = find_implementation("xxh64/xxhash-rust").unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let new = move || -> Box<dyn Hasher> {
        Box::new(Spy {
            inner: (real.new)(),
            seen: log.clone(),
        })
    };
    let groups = [Group {
        algorithm: real.algorithm,
        subjects: vec![Candidate {
            id: "xxh64/spy",
            algorithm: real.algorithm,
            new: &new,
        }],
    }];
    let report = fuzz_groups(&groups, &config(50, 4)).unwrap();
    assert_eq!(report.disagreements, 0);
    let seen = seen.lock().unwrap();
    let mut calls = seen.iter();
    for index in 0..50 {
        let case = draw_case(4, index, &boundaries(real.algorithm), 32);
        assert_eq!(
            calls.next(),
            Some(&("oneshot", case.misalignment, case.length))
        );
        let mut bounds = vec![0];
        bounds.extend(&case.split_points);
        bounds.push(case.length);
        for w in bounds.windows(2) {
            let (call, align, len) = *calls.next().unwrap();
            assert_eq!((call, len), ("update", w[1] - w[0]), "case {index}");
            if len > 0 {
                assert_eq!(align, (case.misalignment + w[0]) % cases::ALIGN);
            }
        }
    }
    assert_eq!(calls.next(), None);
}

#[test]
fn real_implementations_agree_and_the_counts_add_up() {
    let selected = Filter::parse(&["crc32c", "blake2s-256"])
        .unwrap()
        .implementations();
    let report = fuzz(&selected, &config(101, 1)).unwrap();
    assert_eq!(report.disagreements, 0, "{:?}", report.mismatches);
    assert_eq!(report.cases, 101);
    let ids: Vec<&str> = report
        .algorithms
        .iter()
        .map(|a| a.algorithm.as_str())
        .collect();
    assert_eq!(ids, ["crc32c", "blake2s-256"]);
    // Round-robin: the first algorithm gets the odd case.
    assert_eq!(report.algorithms[0].cases, 51);
    assert_eq!(report.algorithms[1].cases, 50);
    let mut compared = 0;
    for a in &report.algorithms {
        let available = hashbench_catalog::implementations_of(&a.algorithm)
            .filter(|i| i.availability().is_available())
            .count();
        assert_eq!(a.implementations.len(), available);
        assert!(available >= 2, "{}", a.algorithm);
        compared += a.cases * (2 * available as u64 - 1);
    }
    assert_eq!(report.digests_compared, compared);
    let listed = report
        .algorithms
        .iter()
        .map(|a| a.implementations.len())
        .sum::<usize>();
    assert_eq!(report.implementations(), listed);
}

#[test]
fn one_selected_implementation_is_compared_with_its_algorithm_reference() {
    let selected = Filter::parse(&["sha1/openssl"]).unwrap().implementations();
    let report = fuzz(&selected, &config(5, 1)).unwrap();
    let reference = hashbench_catalog::implementations_of("sha1")
        .find(|i| i.availability().is_available())
        .unwrap();
    assert_eq!(
        report.algorithms[0].implementations,
        [reference.id, "sha1/openssl"]
    );
}

#[test]
fn bad_configurations_are_typed_errors() {
    let selected = Filter::parse(&["crc32"]).unwrap().implementations();
    assert!(matches!(
        fuzz(&selected, &config(0, 1)),
        Err(FuzzError::NoCases)
    ));
    let mut c = config(5, 1);
    c.stop_after = Some(0);
    assert!(matches!(fuzz(&selected, &c), Err(FuzzError::StopAfterZero)));
    assert!(matches!(
        fuzz(&[], &config(5, 1)),
        Err(FuzzError::NothingAvailable(_))
    ));
}

#[test]
fn the_replay_line_names_every_option_that_shapes_the_cases() {
    let c = FuzzConfig::new(100, Some(7), Some(3));
    assert_eq!(
        c.replay(&["crc32".to_string(), "md5".to_string()]),
        "hashbench verify --fuzz 100 --seed 7 --stop-after 3 crc32 md5"
    );
    assert_eq!(
        FuzzConfig::new(5, Some(1), None).replay(&[]),
        "hashbench verify --fuzz 5 --seed 1"
    );
}
