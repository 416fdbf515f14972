use super::*;

#[test]
fn the_base_is_the_baseline_or_the_first_file() {
    let files: Vec<PathBuf> = ["a.json", "b.json", "c.json"].map(PathBuf::from).to_vec();
    let (base, rest) = inputs(&files, None).unwrap();
    assert_eq!(base, Base::File(Path::new("a.json")));
    assert_eq!(rest, &files[1..]);
    let (base, rest) = inputs(&files, Some("main")).unwrap();
    assert_eq!(base, Base::Baseline("main"));
    assert_eq!(rest, &files[..]);
    assert_eq!(
        inputs(&files[..1], None).unwrap_err().0,
        "give a base file and at least one file to compare with it (or --baseline NAME)"
    );
    assert_eq!(
        inputs(&[], Some("main")).unwrap_err().0,
        "give at least one result file to compare with the baseline"
    );
}

#[test]
fn the_view_is_machines_when_a_run_comes_from_another_machine() {
    use hashbench_model::testutil::run_with;
    let a = run_with(Vec::new());
    let mut b = a.clone();
    assert_eq!(
        view_of(View::Auto, &[&a, &b], true).unwrap(),
        Shown::Changes
    );
    assert_eq!(
        view_of(View::Machines, &[&a, &b], false).unwrap(),
        Shown::Machines { one_machine: true }
    );
    b.host.logical_cores = 16;
    assert_eq!(
        view_of(View::Auto, &[&a, &a, &b], false).unwrap(),
        Shown::Machines { one_machine: false }
    );
    assert_eq!(
        view_of(View::Changes, &[&a, &b], true).unwrap(),
        Shown::Changes
    );
    let refused = view_of(View::Auto, &[&a, &b], true).unwrap_err().0;
    assert!(refused.contains("(they differ in core count)"), "{refused}");
    assert!(refused.contains("--view changes"), "{refused}");
    let refused = view_of(View::Machines, &[&a, &a], true).unwrap_err().0;
    assert!(
        refused.contains("which --view machines does not give"),
        "{refused}"
    );
}
