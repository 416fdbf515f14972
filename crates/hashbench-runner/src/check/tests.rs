use super::*;

/// The memory bound that `--sizes` parsing had before the runner took it over: a size
/// is refused, naming memory, when it is more than a quarter of the memory available.
#[test]
fn sizes_beyond_the_machines_memory_are_refused() {
    let mut host = Host::detect();
    host.memory_available_bytes = Some(4 << 30);
    let plan = |sizes: Vec<u64>| {
        let mut plan = RunPlan::default();
        plan.options.sizes = SizeSpec::List(sizes.into_iter().map(Size::Bytes).collect());
        plan
    };
    let err = sizes_on(&plan(vec![64, 2 << 30]), &host).unwrap_err();
    assert!(err.to_string().contains("memory"), "{err}");
    assert_eq!(
        sizes_on(&plan(vec![64, 1 << 30]), &host).unwrap(),
        [64, 1 << 30]
    );
}
