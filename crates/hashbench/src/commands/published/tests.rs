use hashbench_analysis::published;

#[test]
fn every_mapped_algorithm_is_in_the_catalogue() {
    let all = published::load().expect("compiled-in data loads");
    let mut mapped = 0;
    for (seed, f) in all.figures() {
        if let Some(id) = f.algorithm.as_deref() {
            assert!(
                hashbench_catalog::ALGORITHMS.iter().any(|a| a.id == id),
                "seed {} figure {:?} maps to {id:?}, not a catalogue algorithm",
                seed.seed,
                f.text
            );
            mapped += 1;
        }
    }
    // Only the btrfs baselines (NULL-NOP, NULL-MEMCPY) have no algorithm.
    let unmapped: Vec<&str> = all
        .figures()
        .filter(|(_, f)| f.algorithm.is_none())
        .map(|(_, f)| f.label.as_str())
        .collect();
    assert!(
        unmapped.iter().all(|l| l.starts_with("NULL-")),
        "{unmapped:?}"
    );
    assert!(mapped > 1500, "{mapped}");
}
