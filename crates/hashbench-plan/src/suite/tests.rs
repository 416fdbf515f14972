use super::*;

#[test]
fn every_built_in_suite_parses_and_names_real_implementations() {
    let suites = built_in().expect("built-in suites are valid");
    assert_eq!(suites.len(), BUILT_IN.len());
    for s in suites.iter().map(|p| &p.suite) {
        for key in s.labels.keys() {
            let id = key.split('@').next().unwrap_or(key);
            assert!(
                hashbench_catalog::find_implementation(id).is_some()
                    || (crate::select::names_a_runtime(id)
                        && s.implementations.iter().any(|i| i == id)),
                "{}: label for unknown implementation {id}",
                s.name
            );
        }
    }
}

#[test]
fn bad_suites_say_what_is_wrong() {
    let base = "name = \"x\"\ndescription = \"d\"\nsizes = \"4k\"\n";
    let cases = [
        (
            format!("{base}implementations = [\"crc32/nope\"]"),
            "crc32/nope",
        ),
        (format!("{base}implementations = []"), "empty"),
        (
            format!("{base}implementations = [\"crc32\"]\nlayout = \"fancy\""),
            "fancy",
        ),
        (
            format!("{base}implementations = [\"crc32\"]\nsize = \"4k\""),
            "unknown field",
        ),
        ("name = ".to_string(), "x.toml"),
        (
            format!("{base}implementations = [\"crc32\"]\npatterns = \"reuse,fast\""),
            "unknown pattern 'fast'",
        ),
        (
            format!("{base}implementations = [\"crc32\"]\nmax_rounds = 0"),
            "key `max_rounds`: 0 is not in 1..=300",
        ),
        (
            format!("{base}implementations = [\"crc32\"]\nmax_rounds = \"many\""),
            "max_rounds",
        ),
    ];
    for (text, why) in cases {
        let e = parse("x.toml", &text).expect_err(&text);
        assert!(e.0.contains(why) && e.0.contains("x.toml"), "{text}: {e}");
    }
}

#[test]
fn the_btrfs_tables_avx2_row_is_named_by_the_avx2_implementation_only() {
    let published = hashbench_analysis::published::load().expect("compiled-in data");
    let btrfs = published.seed(2).expect("seed 2");
    let row = btrfs
        .figures
        .iter()
        .find(|f| f.label == "BLAKE3  (AVX2)")
        .expect("the published table's row");
    let all = counterparts(None).expect("built-in suites parse");
    let naming: Vec<&str> = all
        .iter()
        .filter(|c| c.names(btrfs, &row.raw))
        .map(|c| c.key.as_str())
        .collect();
    assert_eq!(naming, ["blake3/blake3+avx2"]);
    let crc = btrfs.figures.iter().find(|f| f.label == "CRC32C").unwrap();
    let stand_ins: Vec<bool> = all
        .iter()
        .filter(|c| c.names(btrfs, &crc.raw))
        .map(|c| c.stand_in.is_some())
        .collect();
    assert_eq!(stand_ins, [true]);
}

#[test]
fn a_suite_is_one_name_or_a_file() {
    let file = Path::new("my.toml");
    let names = |n: &[&str]| n.iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(choice(Some(file), &[]).unwrap(), Choice::File(file));
    assert_eq!(
        choice(None, &names(&["openssl-speed"])).unwrap(),
        Choice::Named("openssl-speed")
    );
    let err = |file, n: &[&str]| choice(file, &names(n)).unwrap_err().0;
    assert_eq!(
        err(Some(file), &["x"]),
        "give either a suite name or --file, not both"
    );
    assert_eq!(
        err(None, &[]),
        "name a suite (see `hashbench suite --list`) or give --file"
    );
    assert_eq!(err(None, &["a", "b"]), "one suite at a time, got a b");
}
