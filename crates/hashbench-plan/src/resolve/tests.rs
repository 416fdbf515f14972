use super::*;
use hashbench_catalog::Availability;

#[test]
fn default_suite_names_one_available_implementation_per_algorithm() {
    let suite = default_suite();
    assert_eq!(
        suite.len(),
        hashbench_catalog::registry::DEFAULT_SUITE.len()
    );
    // One per block-hashing algorithm, in catalogue order; the hash-table hashers
    // (non-cryptographic, asked for by name) are the only algorithms left out.
    let in_suite: Vec<&str> = suite.iter().map(|i| i.algorithm.id).collect();
    let expected: Vec<&str> = hashbench_catalog::ALGORITHMS
        .iter()
        .filter(|a| in_suite.contains(&a.id))
        .map(|a| a.id)
        .collect();
    assert_eq!(in_suite, expected);
    for a in hashbench_catalog::ALGORITHMS {
        assert!(
            in_suite.contains(&a.id)
                || a.hash.is_some()
                || hashbench_catalog::registry::BY_NAME_ONLY.contains(&a.id),
            "{} is neither in the default suite nor a hash-table hasher nor asked for by name",
            a.id
        );
    }
    for imp in &suite {
        assert_eq!(imp.availability(), Availability::Available, "{}", imp.id);
    }
}

#[test]
fn max_rounds_is_at_least_rounds_and_an_error_names_where_it_was_given() {
    let suite = crate::suite::parse(
        "mine.toml",
        "name = \"m\"\ndescription = \"d\"\nimplementations = [\"crc32\"]\n\
         sizes = \"4k\"\nmax_rounds = 5\n",
    )
    .expect("a valid suite");
    // Flags as the command line gives them: each option's id and its text.
    let flags = |given: &[(&str, &str)]| {
        let mut asked = crate::Asked::default();
        for &(id, text) in given {
            asked.set(id, Source::Flag(crate::options::flag_of(id)), &[text]);
        }
        RunRequest::asked(asked).expect("valid flags")
    };
    let plan = |request: RunRequest| {
        let mut plan = RunPlan::default();
        request
            .over(suite.request.clone())
            .and_then(|r| r.fill(&mut plan))
            .map(|()| plan)
    };
    // The suite's key stands when no flag is given, and the plan records it.
    let taken = plan(flags(&[("rounds", "4")])).expect("5 >= 4");
    assert_eq!(
        (
            taken.options.rounds,
            taken.options.max_rounds,
            taken.max_rounds()
        ),
        (4, Some(5), 5)
    );
    // Under the rounds every cell gets: the suite's key is named, not a flag.
    let e = plan(flags(&[("rounds", "6")])).expect_err("5 < 6");
    assert_eq!(
        e.0,
        "suite mine.toml: key `max_rounds`: 5 is fewer rounds than every cell gets \
         (6, --rounds)"
    );
    // A flag wins over the key, and is named when it is the one too small.
    let e = plan(flags(&[("max_rounds", "2")])).expect_err("2 < the default 8");
    assert!(e.0.starts_with("--max-rounds: 2 is fewer"), "{e}");
    // Not given anywhere: three times the rounds.
    let mut plan = RunPlan::default();
    RunRequest::default().fill(&mut plan).expect("defaults");
    assert_eq!(plan.options.max_rounds, None);
    assert_eq!(plan.max_rounds(), 3 * plan.options.rounds);
}
