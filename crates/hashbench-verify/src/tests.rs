use super::broken::{Broken, Fault};
use super::*;
use crate::subject::subject_of;
use hashbench_catalog::find_implementation;
use hashbench_catalog::Hasher;

fn sha256_answers() -> Vec<KnownAnswer> {
    let alg = hashbench_catalog::algorithm::SHA2_256;
    VectorSource::Embedded
        .load(alg.id, alg.output_bytes())
        .unwrap()
}

/// Verifies sha2-256/sha2 with `fault` injected, mode by mode, against known answers
/// and against the agreement reference; returns the modes that caught it.
fn caught_by(fault: Fault) -> Vec<String> {
    let real = find_implementation("sha2-256/sha2").unwrap();
    let reference = find_implementation("sha2-256/openssl").unwrap();
    let new = move || -> Box<dyn Hasher> { Box::new(Broken::new((real.new)(), fault)) };
    let subject = Candidate {
        id: "sha2-256/broken",
        algorithm: real.algorithm,
        new: &new,
    };
    let answers = sha256_answers();
    let reference = reference_of(&subject_of(reference)).unwrap();
    let mut caught = Vec::new();
    for mode in all_modes() {
        let mut tally = Tally::default();
        check_known_answers(&subject, &answers, &[mode], &mut tally);
        if tally.failed > 0 {
            caught.push(mode.to_string());
        }
    }
    for mode in AGREEMENT_MODES {
        let mut tally = Tally::default();
        check_agreement(&subject, &reference, &[mode], &mut tally);
        if tally.failed > 0 {
            caught.push(format!("agreement {mode}"));
        }
    }
    let outcome = verify_subject(&subject, &answers, &[], Some(&reference));
    assert_eq!(outcome.status == Status::Passed, caught.is_empty());
    caught
}

#[test]
fn a_flipped_bit_is_caught_in_every_mode() {
    let caught = caught_by(Fault::FlipOutput);
    for mode in all_modes() {
        assert!(
            caught.contains(&mode.to_string()),
            "{mode} missed it: {caught:?}"
        );
    }
    assert!(caught.iter().any(|c| c.starts_with("agreement")));
}

#[test]
fn each_targeted_fault_is_caught_by_the_mode_meant_for_it() {
    assert_eq!(
        caught_by(Fault::OneshotOnly),
        ["oneshot", "agreement oneshot"]
    );
    assert_eq!(caught_by(Fault::ResetIgnored), ["after reset"]);
    // The agreement check streams every input through one state, so it sees a
    // state kept across finalize too.
    assert_eq!(
        caught_by(Fault::FinalizeKeepsState),
        ["state reuse", "agreement random splits (seed 7)"]
    );
    for n in 1..=17 {
        let caught = caught_by(Fault::DropsUpdateOfLen(n));
        assert!(
            caught.contains(&format!("chunks of {n}")),
            "chunks of {n}: {caught:?}"
        );
        assert!(!caught.contains(&"oneshot".to_string()));
    }
    // No fixed chunking feeds 100-byte updates; only random splits reach this bug.
    let split_bug = caught_by(Fault::DropsUpdateOfLen(100));
    assert!(
        !split_bug.is_empty()
            && split_bug
                .iter()
                .all(|c| c.starts_with("random splits") || c.starts_with("agreement random")),
        "{split_bug:?}"
    );
    let big = caught_by(Fault::WrongAboveOneMib);
    assert!(
        big.iter().all(|c| c.starts_with("agreement")) && !big.is_empty(),
        "{big:?}"
    );
}

#[test]
fn failures_name_vector_mode_expected_and_got() {
    let real = find_implementation("md5/md-5").unwrap();
    let new =
        move || -> Box<dyn Hasher> { Box::new(Broken::new((real.new)(), Fault::OneshotOnly)) };
    let subject = Candidate {
        id: "md5/broken",
        algorithm: real.algorithm,
        new: &new,
    };
    let alg = real.algorithm;
    let answers = VectorSource::Embedded
        .load(alg.id, alg.output_bytes())
        .unwrap();
    let outcome = verify_subject(&subject, &answers, &[], None);
    assert_eq!(outcome.status, Status::Failed);
    let first = &outcome.failures[0];
    assert_eq!(first.mode, "oneshot");
    assert!(
        first.vector.starts_with("md5.json #0 (rfc1321"),
        "{}",
        first.vector
    );
    assert_eq!(first.expected, "d41d8cd98f00b204e9800998ecf8427e");
    assert_eq!(first.got, "d51d8cd98f00b204e9800998ecf8427e");
    assert_eq!(outcome.failed_checks, answers.len() as u64);
}

#[test]
fn a_panicking_implementation_is_a_failure_not_a_crash() {
    struct Panics;
    impl Hasher for Panics {
        fn update(&mut self, _: &[u8]) {
            panic!("simulated library error");
        }
        fn finalize_reset(&mut self, _: &mut [u8]) {}
        fn reset(&mut self) {}
    }
    let new = || -> Box<dyn Hasher> { Box::new(Panics) };
    let alg = hashbench_catalog::algorithm::CRC32;
    let subject = Candidate {
        id: "crc32/panics",
        algorithm: &alg,
        new: &new,
    };
    let answers = VectorSource::Embedded
        .load(alg.id, alg.output_bytes())
        .unwrap();
    let outcome = verify_subject(&subject, &answers, &[], None);
    assert_eq!(outcome.status, Status::Failed);
    assert!(outcome
        .failures
        .iter()
        .any(|f| f.check == Check::Panic && f.got.contains("simulated")));
}

#[test]
fn the_spot_check_passes_a_good_implementation_and_names_a_wrong_answer() {
    let imp = find_implementation("sha2-256/sha2").unwrap();
    let mut answers = sha256_answers();
    spot_check(imp, &answers).unwrap();
    answers[1].digest[0] ^= 1;
    let wrong = spot_check(imp, &answers).unwrap_err();
    assert_eq!(wrong.label, answers[1].label);
    assert!(wrong
        .to_string()
        .starts_with("sha2-256/sha2 fails its known answer"));
    assert!(wrong.to_string().ends_with("refusing to use it"));
}

/// Verifies `real` wrapped in `fault`, its known answers from the embedded vectors.
fn verify_broken(id: &str, fault: Fault) -> Outcome {
    let a = find_implementation(id).unwrap().algorithm;
    let typed = VectorSource::Embedded
        .load_typed(a.id, a.output_bytes())
        .unwrap();
    verify_broken_with(id, fault, &typed)
}

/// [`verify_broken`] with `typed` as the typed-key vectors.
fn verify_broken_with(id: &str, fault: Fault, typed: &[TypedAnswer]) -> Outcome {
    let real = find_implementation(id).unwrap();
    let new = move || -> Box<dyn Hasher> { Box::new(Broken::new((real.new)(), fault)) };
    let subject = Candidate {
        id: "broken",
        algorithm: real.algorithm,
        new: &new,
    };
    let answers = VectorSource::Embedded
        .load(real.algorithm.id, real.algorithm.output_bytes())
        .unwrap();
    verify_subject(&subject, &answers, typed, None)
}

#[test]
fn a_wrong_key_path_fails_verification_and_so_is_never_timed() {
    let outcome = verify_broken("siphash-1-3/std", Fault::StrKeyUnterminated);
    assert_eq!(outcome.status, Status::Failed);
    assert!(!outcome.failures.is_empty());
    assert!(
        outcome.failures.iter().all(|f| f.mode == "keys:str"),
        "{:?}",
        outcome.failures
    );
    assert!(outcome.failures[0].vector.contains("keys:str key"));
}

#[test]
fn the_key_paths_are_checked_for_every_hasher_with_a_build_hasher() {
    let keyed = verify_broken("siphash-1-3/std", Fault::ResetIgnored);
    let plain = verify_broken("crc32/crc32fast", Fault::ResetIgnored);
    // 16 u64 keys, 16 ids and 28 strings on top of the byte API's checks.
    let answers = |id: &str| {
        let a = find_implementation(id).unwrap().algorithm;
        VectorSource::Embedded
            .load(a.id, a.output_bytes())
            .unwrap()
            .len() as u64
    };
    let modes = all_modes().len() as u64;
    assert_eq!(
        keyed.checks,
        answers("siphash-1-3/std") * modes + 16 + 16 + 28
    );
    assert_eq!(plain.checks, answers("crc32/crc32fast") * modes);
}

#[test]
fn a_map_hasher_is_held_to_its_typed_key_vectors() {
    let good = verify_real("fxhash/rustc-hash", true);
    let typed = |id: &str| {
        let a = find_implementation(id).unwrap().algorithm;
        VectorSource::Embedded
            .load_typed(a.id, a.output_bytes())
            .unwrap()
    };
    // vectors/fxhash.json holds 8 u64 keys, 8 ids and 28 strings, checked instead of the
    // byte API's streaming equality.
    let answers = VectorSource::Embedded.load("fxhash", 8).unwrap().len() as u64;
    assert_eq!(typed("fxhash/rustc-hash").len(), 8 + 8 + 28);
    assert_eq!(good.status, Status::Passed, "{:?}", good.failures);
    assert_eq!(good.checks, answers * all_modes().len() as u64 + 44);

    let bad = verify_broken("fxhash/rustc-hash", Fault::U64KeyFlipped);
    assert_eq!(bad.status, Status::Failed);
    assert_eq!(bad.failed_checks, 8, "{:?}", bad.failures);
    assert!(bad.failures.iter().all(|f| f.mode == "keys:u64"));
    assert!(bad.failures[0].vector.starts_with("fxhash.json #"));
    assert!(bad.failures[0]
        .vector
        .contains("keys:u64 of xorshift len 8"));
}

/// Safety by construction: a map hasher whose typed-key vectors are missing is held to
/// the streaming equality, which its specialised writes break, so it fails and is never
/// timed on keys it cannot prove.
#[test]
fn a_map_hasher_without_its_typed_key_vectors_fails_verification() {
    for id in ["foldhash-fast/foldhash", "wyhash-final4/wyhash-final4"] {
        let outcome = verify_real(id, false);
        assert_eq!(outcome.status, Status::Failed, "{id}");
        assert!(
            outcome.failures.iter().all(|f| f.mode.starts_with("keys:")),
            "{id}: {:?}",
            outcome.failures
        );
    }
}

/// Verifies the catalogue's `id` as it is, with or without its typed-key vectors.
fn verify_real(id: &str, with_typed: bool) -> Outcome {
    let real = find_implementation(id).unwrap();
    let a = real.algorithm;
    let subject = subject_of(real);
    let answers = VectorSource::Embedded.load(a.id, a.output_bytes()).unwrap();
    let typed = match with_typed {
        true => VectorSource::Embedded
            .load_typed(a.id, a.output_bytes())
            .unwrap(),
        false => Vec::new(),
    };
    verify_subject(&subject, &answers, &typed, None)
}

#[test]
fn the_timed_depth_checks_the_one_call_path_and_passes_what_full_passes() {
    let selected = hashbench_catalog::Filter::parse(&["crc32/crc32fast"])
        .unwrap()
        .implementations();
    let source = VectorSource::Embedded;
    let full = verify_at(&selected, &source, Depth::Full, &mut |_| {}).unwrap();
    let timed = verify_at(&selected, &source, Depth::Timed, &mut |_| {}).unwrap();
    assert_eq!(full[0].status, Status::Passed);
    assert_eq!(timed[0].status, Status::Passed);
    // Every known answer and agreement input once, instead of once per calling mode.
    assert!(timed[0].checks > 0 && timed[0].checks * 5 < full[0].checks);
}
