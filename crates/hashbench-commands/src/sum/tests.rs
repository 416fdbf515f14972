use super::*;

#[test]
fn an_algorithm_name_picks_a_verified_implementation_of_it_and_says_so() {
    let choice = choose("md5").expect("md5 runs here");
    assert_eq!(choice.implementation.algorithm.id, "md5");
    assert!(matches!(choice.why, Why::Only | Why::Fastest { .. }));
    let line = choice
        .explanation()
        .expect("a chosen implementation is explained");
    assert!(line.starts_with("md5 via md5/"), "{line}");
}

#[test]
fn an_alias_is_an_algorithm_name() {
    let choice = choose("sha256").expect("sha2-256 runs here");
    assert_eq!(choice.implementation.algorithm.id, "sha2-256");
    assert_ne!(choice.why, Why::Named);
}

#[test]
fn an_implementation_id_is_used_as_named_and_not_explained() {
    let choice = choose("md5/md-5").expect("md5/md-5 runs everywhere");
    assert_eq!(choice.implementation.id, "md5/md-5");
    assert_eq!(choice.why, Why::Named);
    assert_eq!(choice.explanation(), None);
}

#[test]
fn an_unknown_name_is_a_usage_error() {
    let err = choose("md55").expect_err("no such name");
    assert!(err.is_usage(), "{err}");
    assert!(matches!(err, SumError::Plan(_)), "{err:?}");
}

#[test]
fn the_fastest_is_the_best_try_of_each_and_every_candidate_is_tried_alike() {
    let imps: Vec<&'static Implementation> = hashbench_catalog::implementations_of("md5")
        .take(3)
        .collect();
    assert_eq!(imps.len(), 3, "md5 has at least three implementations");
    // Fake rates, no clock: the second is fastest on its best try, the first has one
    // wild try that is still below it.
    let mut tries = vec![0usize; 3];
    let pick = fastest(&imps, |imp, _| {
        let i = imps.iter().position(|x| x.id == imp.id).unwrap();
        tries[i] += 1;
        match (i, tries[i]) {
            (0, 2) => 90.0,
            (0, _) => 40.0,
            (1, _) => 100.0,
            _ => 50.0,
        }
    });
    assert_eq!(pick, 1);
    assert_eq!(tries, vec![TRIES; 3]);
}

#[test]
fn a_candidate_far_behind_after_the_first_pass_is_tried_no_more() {
    let imps: Vec<&'static Implementation> = hashbench_catalog::implementations_of("md5")
        .take(2)
        .collect();
    let mut tries = vec![0usize; 2];
    let pick = fastest(&imps, |imp, _| {
        let i = imps.iter().position(|x| x.id == imp.id).unwrap();
        tries[i] += 1;
        if i == 0 {
            10.0
        } else {
            100.0
        }
    });
    assert_eq!(pick, 1);
    assert_eq!(tries, vec![1, TRIES]);
}

#[test]
fn equal_rates_keep_the_catalogue_order() {
    let imps: Vec<&'static Implementation> = hashbench_catalog::implementations_of("md5")
        .take(2)
        .collect();
    assert_eq!(fastest(&imps, |_, _| 1.0), 0);
}

#[test]
fn the_explanation_names_the_count_and_the_calibration_size() {
    let imp = hashbench_catalog::find_implementation("md5/md-5").unwrap();
    let choice = Choice {
        implementation: imp,
        why: Why::Fastest { verified: 3 },
        refused: Vec::new(),
    };
    assert_eq!(
        choice.explanation().as_deref(),
        Some("md5 via md5/md-5 (fastest of 3 verified here, calibrated on 1 MiB)")
    );
}
