use super::*;
use hashbench_catalog::Availability;

#[test]
fn default_suite_names_one_available_implementation_per_algorithm() {
    let suite = default_suite();
    assert_eq!(suite.len(), hashbench_catalog::ALGORITHMS.len());
    assert_eq!(
        suite.len(),
        hashbench_catalog::registry::DEFAULT_SUITE.len()
    );
    for (imp, alg) in suite.iter().zip(hashbench_catalog::ALGORITHMS) {
        assert_eq!(imp.algorithm.id, alg.id);
        assert_eq!(imp.availability(), Availability::Available, "{}", imp.id);
    }
}
