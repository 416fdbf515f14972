use super::*;
use hashbench_catalog::find_implementation;

fn imps(ids: &[&str]) -> Vec<&'static Implementation> {
    ids.iter()
        .map(|id| find_implementation(id).unwrap())
        .collect()
}

fn run(
    ids: &[&str],
    source: &VectorSource,
    depth: Depth,
    proven: &BTreeMap<String, Proof>,
) -> Verification {
    verify_remembering(&imps(ids), source, depth, proven, &mut |_| {}).unwrap()
}

#[test]
fn what_the_same_code_proved_is_not_verified_again() {
    let ids = ["adler32/adler2", "adler32/zlib"];
    let first = run(
        &ids,
        &VectorSource::Embedded,
        Depth::Timed,
        &BTreeMap::new(),
    );
    assert!(first
        .outcomes
        .iter()
        .all(|o| o.status == Status::Passed && o.checks > 0));
    assert!(first.outcomes.iter().all(|o| !o.remembered));
    assert_eq!(first.learned.len(), 2);
    let again = run(&ids, &VectorSource::Embedded, Depth::Timed, &first.learned);
    for (o, before) in again.outcomes.iter().zip(&first.outcomes) {
        assert!(
            o.remembered && o.checks == 0 && o.status == Status::Passed,
            "{o:?}"
        );
        assert_eq!(o.reference_id(), before.reference_id());
    }
    assert!(again.learned.is_empty());
}

#[test]
fn a_proof_stands_only_at_its_depth_and_against_the_reference_of_now() {
    let ids = ["adler32/zlib"];
    let timed = run(
        &ids,
        &VectorSource::Embedded,
        Depth::Timed,
        &BTreeMap::new(),
    );
    let reference = timed.outcomes[0].reference_id().to_string();
    assert_ne!(reference, "adler32/zlib");
    // Proven in the timed path only: verified in full now, and learned so.
    let full = run(&ids, &VectorSource::Embedded, Depth::Full, &timed.learned);
    assert!(!full.outcomes[0].remembered && full.outcomes[0].checks > 0);
    assert_eq!(full.learned["adler32/zlib"].depth, Depth::Full);
    // Proven against another reference than the catalogue's first that passes now.
    let mut elsewhere = full.learned.clone();
    elsewhere.insert(
        "adler32/zlib".into(),
        Proof {
            depth: Depth::Full,
            reference: "adler32/zlib".into(),
        },
    );
    elsewhere.remove(&reference);
    let again = run(&ids, &VectorSource::Embedded, Depth::Full, &elsewhere);
    assert!(!again.outcomes[0].remembered && again.outcomes[0].checks > 0);
    assert_eq!(again.outcomes[0].reference_id(), reference);
}

#[test]
fn an_implementation_not_proven_is_checked_against_a_remembered_reference() {
    let reference = run(
        &["adler32/adler2"],
        &VectorSource::Embedded,
        Depth::Timed,
        &BTreeMap::new(),
    );
    assert_eq!(reference.outcomes[0].reference_id(), "adler32/adler2");
    let other = run(
        &["adler32/zlib"],
        &VectorSource::Embedded,
        Depth::Timed,
        &reference.learned,
    );
    let o = &other.outcomes[0];
    assert!(!o.remembered && o.checks > 0 && o.status == Status::Passed);
    assert_eq!(o.reference.as_deref(), Some("adler32/adler2"));
}

#[test]
fn known_answers_from_a_directory_are_never_taken_as_proven() {
    let ids = ["adler32/adler2"];
    let first = run(&ids, &VectorSource::Embedded, Depth::Full, &BTreeMap::new());
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors");
    let again = run(
        &ids,
        &VectorSource::Directory(dir),
        Depth::Full,
        &first.learned,
    );
    assert!(!again.outcomes[0].remembered && again.outcomes[0].checks > 0);
    assert!(again.learned.is_empty());
}
