use super::*;

fn proof(depth: Depth, reference: &str) -> Proof {
    Proof {
        depth,
        reference: reference.to_string(),
    }
}

fn learned(code: &str, proofs: &[(&str, Proof)]) -> Learned {
    Learned {
        code: code.to_string(),
        proofs: proofs
            .iter()
            .map(|(id, p)| (id.to_string(), p.clone()))
            .collect(),
        files: BTreeMap::new(),
    }
}

#[test]
fn a_deeper_proof_replaces_a_shallower_one_and_never_the_reverse() {
    let mut memory = ProofMemory::default();
    memory.learn(&learned("k", &[("a/x", proof(Depth::Timed, "a/x"))]), 1);
    memory.learn(&learned("k", &[("a/x", proof(Depth::Full, "a/x"))]), 2);
    memory.learn(&learned("k", &[("a/x", proof(Depth::Timed, "a/x"))]), 3);
    let kept = memory.recall("k");
    assert_eq!(kept.implementations["a/x"], proof(Depth::Full, "a/x"));
    assert_eq!(kept.at, 3);
    assert_eq!(memory.version, VERSION);
    // Another code knows nothing of it.
    assert!(memory.recall("other").implementations.is_empty());
    // A full proof against another reference than today's stands for nothing today: a
    // shallower one against today's replaces it (`Proof::record`, the run's rule too).
    memory.learn(&learned("k", &[("a/x", proof(Depth::Timed, "b/x"))]), 4);
    assert_eq!(
        memory.recall("k").implementations["a/x"],
        proof(Depth::Timed, "b/x")
    );
}

#[test]
fn a_proof_covers_its_depth_or_less_against_its_own_reference() {
    let full = proof(Depth::Full, "a/x");
    assert!(full.covers(Depth::Full, "a/x") && full.covers(Depth::Timed, "a/x"));
    assert!(!full.covers(Depth::Full, "a/y"));
    let timed = proof(Depth::Timed, "a/x");
    assert!(timed.covers(Depth::Timed, "a/x") && !timed.covers(Depth::Full, "a/x"));
}

#[test]
fn the_least_recently_used_builds_are_forgotten() {
    let mut memory = ProofMemory::default();
    for i in 0..KEPT_BUILDS + 2 {
        let at = u64::try_from(i).unwrap_or(0);
        memory.learn(&learned(&format!("k{i}"), &[]), at);
    }
    assert_eq!(memory.builds.len(), KEPT_BUILDS);
    assert!(!memory.builds.contains_key("k0") && !memory.builds.contains_key("k1"));
    assert!(memory.builds.contains_key(&format!("k{}", KEPT_BUILDS + 1)));
}

#[test]
fn a_memory_that_cannot_be_read_is_an_empty_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("verified.json");
    assert_eq!(ProofMemory::read(&path), ProofMemory::default());
    std::fs::write(&path, b"{ not json").unwrap();
    assert_eq!(ProofMemory::read(&path), ProofMemory::default());
    let mut other = ProofMemory::default();
    other.learn(&learned("k", &[("a/x", proof(Depth::Full, "a/x"))]), 1);
    other.version = VERSION + 1;
    std::fs::write(&path, serde_json::to_vec(&other).unwrap()).unwrap();
    assert_eq!(ProofMemory::read(&path), ProofMemory::default());
    // Too large to be one: not read at all.
    std::fs::write(&path, vec![b' '; usize::try_from(MAX_BYTES).unwrap() + 1]).unwrap();
    assert_eq!(ProofMemory::read(&path), ProofMemory::default());
    // And a good one reads back as written.
    other.version = VERSION;
    std::fs::write(&path, serde_json::to_vec(&other).unwrap()).unwrap();
    assert_eq!(ProofMemory::read(&path), other);
}

#[test]
fn a_changed_file_is_read_again_and_changes_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.so"), dir.path().join("b.so"));
    std::fs::write(&a, b"library a").unwrap();
    std::fs::write(&b, b"library b").unwrap();
    let files = vec![a.clone(), b.clone()];
    let (first, mut known) = key_of("cpu", &files, &BTreeMap::new()).unwrap();
    assert_eq!(known.len(), 2);
    assert_eq!(
        key_of("cpu", &files, &known).unwrap(),
        (first.clone(), known.clone())
    );
    assert_ne!(key_of("another cpu", &files, &known).unwrap().0, first);
    // A file whose identity is unchanged is not read again: its remembered hash stands.
    let name = a.to_string_lossy().into_owned();
    known.get_mut(&name).unwrap().blake3 = "remembered".into();
    let (unread, used) = key_of("cpu", &files, &known).unwrap();
    assert_ne!(unread, first);
    assert_eq!(used[&name].blake3, "remembered");
    // Rewritten (a rebuilt binary, an upgraded library): another identity, read again.
    std::fs::write(&a, b"library a, rebuilt").unwrap();
    let (rebuilt, used) = key_of("cpu", &files, &known).unwrap();
    assert_ne!(rebuilt, first);
    assert_ne!(rebuilt, unread);
    assert_ne!(used[&name].blake3, "remembered");
    // A file gone: no key, nothing remembered.
    std::fs::remove_file(&b).unwrap();
    assert_eq!(key_of("cpu", &files, &known), None);
}

#[cfg(target_os = "linux")]
#[test]
fn the_code_mapped_into_this_process_includes_its_own_executable() {
    let files = mapped_code().unwrap();
    let me = std::env::current_exe().unwrap();
    assert!(files.contains(&me), "{me:?} not in {files:?}");
    assert!(code_key("cpu", &BTreeMap::new()).is_some());
}
