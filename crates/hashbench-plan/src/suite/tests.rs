use super::*;

#[test]
fn every_built_in_suite_parses_and_names_real_implementations() {
    let suites = built_in().expect("built-in suites are valid");
    assert_eq!(suites.len(), BUILT_IN.len());
    for p in &suites {
        let s = &p.suite;
        for key in s.labels.keys() {
            let id = key.split('@').next().unwrap_or(key);
            assert!(
                hashbench_catalog::find_implementation(id).is_some()
                    || (crate::select::names_a_runtime(id)
                        && p.request.options.filter.iter().any(|i| i == id)),
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

#[test]
fn a_label_or_seed_that_names_nothing_is_refused_naming_the_key() {
    let base = "name = \"x\"\ndescription = \"d\"\nsizes = \"4k\"\nimplementations = [\"crc32\"]\n";
    let refused = |extra: &str| {
        parse("x.toml", &format!("{base}{extra}"))
            .expect_err("a suite that names nothing was accepted")
            .to_string()
    };
    let e = refused("[labels]\n\"crc32/crc32fst\" = \"crc32\"\n");
    assert!(
        e.starts_with("suite x.toml: key `labels`: \"crc32/crc32fst\" names no implementation the suite selects; did you mean"),
        "{e}"
    );
    assert!(e.contains("crc32/crc32fast"), "{e}");
    let e = refused("[labels]\n\"crc32/crc32fast@fast\" = \"crc32\"\n");
    assert!(e.contains("key `labels`: \"crc32/crc32fast@fast\""), "{e}");
    // An implementation of the catalogue the suite does not select names nothing either.
    let e = refused("[labels]\n\"md5/openssl\" = \"md5\"\n");
    assert!(
        e.contains("names no implementation the suite selects (it selects: crc32/"),
        "{e}"
    );
    let e =
        refused("[labels]\n\"crc32/crc32fast\" = \"c\"\n[stand_ins]\n\"crc32/crc32c\" = \"why\"\n");
    assert!(
        e.contains("key `stand_ins`: \"crc32/crc32c\" is not a key of `labels`"),
        "{e}"
    );
    let e = refused("published_seeds = [99]\n");
    assert_eq!(
        e,
        "suite x.toml: key `published_seeds`: there is no seed 99 (the seeds are 0, 1, 2, 3, \
         4: `hashbench published`)"
    );
    assert!(parse(
        "x.toml",
        &format!("{base}published_seeds = [4]\n[labels]\n\"crc32/crc32fast@oneshot\" = \"c\"\n")
    )
    .is_ok());
}

#[test]
fn a_parse_error_quoting_a_huge_line_is_bounded() {
    let deep = format!("x = {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let e = parse("deep.toml", &deep)
        .expect_err("not a suite")
        .to_string();
    assert!(e.len() < 1000, "{} bytes: {}", e.len(), &e[..200]);
    assert!(e.starts_with("suite deep.toml: "), "{e}");
}
