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
