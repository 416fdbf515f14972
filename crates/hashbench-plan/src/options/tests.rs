use super::*;

/// A suite's run settings from TOML text.
fn suite(text: &str) -> Result<Asked, UsageError> {
    let table: toml::Table = text.parse().expect("valid TOML");
    Asked::from_suite(&table, "x.toml", &["name"])
}

/// Flags as the command line gives them: each option's id and its texts.
fn flags(given: &[(&str, &[&str])]) -> Asked {
    let mut asked = Asked::default();
    for &(id, texts) in given {
        asked.set(id, Source::Flag(flag_of(id)), texts);
    }
    asked
}

#[test]
fn every_default_parses_and_the_defaults_are_those_of_run() {
    let o = RunOptions::default();
    assert_eq!(o.time_s, 0.3);
    assert_eq!(o.precision, 0.01);
    assert_eq!(o.rounds, 8);
    assert_eq!(o.equivalence, 0.03);
    assert_eq!(o.patterns, [Pattern::Oneshot]);
    assert_eq!(o.metric, Metric::Time);
    assert_eq!(o.mode, ModeChoice::Throughput);
    assert_eq!(
        o.sizes,
        values::size_spec("64,384,4k,16k,64k,1m,4m").unwrap()
    );
    assert!(o.filter.is_empty() && !o.raw && o.seed.is_none() && o.max_rounds.is_none());
    // Nothing given: the defaults, from nowhere.
    let (parsed, origins) = Asked::default().parse().unwrap();
    assert_eq!(format!("{parsed:?}"), format!("{o:?}"));
    assert_eq!(origins, Origins::default());
}

#[test]
fn a_suite_key_is_parsed_by_its_flags_parser_and_named_by_file_and_key() {
    let asked = suite(
        "implementations = [\"crc32\", \"xxh3-64\"]\nsizes = \"64,4k\"\ntime = \"50ms\"\n\
         rounds = 4\nprecision = 0.02\nraw = true\nmisalign = 7\npatterns = \"new,reuse\"\n\
         mode = \"both\"\nthreads = 2\n",
    )
    .unwrap();
    let (o, origins) = asked.parse().unwrap();
    assert_eq!(o.filter, ["crc32", "xxh3-64"]);
    assert_eq!(o.time_s, 0.05);
    assert_eq!(
        (o.rounds, o.precision, o.raw, o.misalign),
        (4, 0.02, true, 7)
    );
    assert_eq!(o.patterns, [Pattern::New, Pattern::Reuse]);
    assert_eq!(o.mode.modes().len(), 2);
    assert_eq!(o.threads.map(|t| t.0), Some(vec![2]));
    assert_eq!(origins.of("time").to_string(), "suite x.toml: key `time`");
    assert_eq!(
        origins.of("filter").to_string(),
        "suite x.toml: key `implementations`"
    );
    // Not given: named by its flag.
    assert_eq!(origins.of("equivalence").to_string(), "--equivalence");
    // A bad value: the file, the key and the parser's reason.
    let e = suite("time = \"forever\"").unwrap_err();
    assert!(
        e.0.starts_with("suite x.toml: key `time`: 'forever': give a positive duration"),
        "{e}"
    );
    let e = suite("rounds = 0").unwrap_err();
    assert_eq!(e.0, "suite x.toml: key `rounds`: 0 is not in 1..=100");
    let e = suite("mode = \"sideways\"").unwrap_err();
    assert!(
        e.0.contains("key `mode`") && e.0.contains("throughput"),
        "{e}"
    );
    let e = suite("raw = \"yes\"").unwrap_err();
    assert!(
        e.0.contains("key `raw`") && e.0.contains("true or false"),
        "{e}"
    );
    let e = suite("time = { a = 1 }").unwrap_err();
    assert!(e.0.contains("key `time`") && e.0.contains("table"), "{e}");
}

#[test]
fn unknown_keys_and_keys_only_a_flag_sets_are_refused_with_the_keys_there_are() {
    for key in ["size", "pin", "vectors", "yes", "filter"] {
        let e = suite(&format!("{key} = \"1\"")).unwrap_err();
        assert!(
            e.0.starts_with(&format!("suite x.toml: unknown field `{key}`")),
            "{e}"
        );
        let expected = e.0.split("expected one of").nth(1).unwrap_or_default();
        assert!(
            expected.contains("`name`") && expected.contains("`max_rounds`"),
            "{e}"
        );
        assert!(
            !expected.contains("`pin`") && !expected.contains("`help`"),
            "{e}"
        );
    }
}

#[test]
fn a_flag_given_wins_over_the_suite_and_the_suite_over_the_default() {
    let from_suite =
        suite("implementations = [\"crc32\"]\nmetric = \"cycles\"\nrounds = 4\nraw = true")
            .unwrap();
    // `--metric time` typed is a flag given, not the default: it wins.
    let given = flags(&[("metric", &["time"]), ("patterns", &["new", "reuse"])]);
    let (o, origins) = given.over(from_suite.clone()).parse().unwrap();
    assert_eq!(o.metric, Metric::Time);
    assert_eq!(origins.of("metric").to_string(), "--metric");
    assert_eq!(o.patterns, [Pattern::New, Pattern::Reuse]);
    assert_eq!((o.rounds, o.raw), (4, true));
    assert_eq!(
        origins.of("rounds").to_string(),
        "suite x.toml: key `rounds`"
    );
    assert_eq!(o.filter, ["crc32"]);
    // No flag: the suite's metric.
    let (o, _) = Asked::default().over(from_suite).parse().unwrap();
    assert_eq!(o.metric, Metric::Cycles);
}

#[test]
fn every_option_is_a_flag_and_every_flag_but_four_a_suite_key() {
    let keys: Vec<&str> = suite_keys().collect();
    assert!(keys.contains(&"implementations") && keys.contains(&"max_rounds"));
    for only in FLAG_ONLY {
        assert!(!keys.contains(only), "{only}");
        assert!(flag_of(only).starts_with("--"), "{only}");
    }
    assert_eq!(keys.len() + FLAG_ONLY.len(), options().count());
    assert!(!keys.contains(&"help"));
    assert!(suite("help = true").is_err());
    assert_eq!(flag_of("patterns"), "--pattern");
    assert_eq!(flag_of("time"), "--time");
}

#[test]
fn a_suites_seed_is_its_seed_benchmark_not_the_inputs() {
    // `seed` is a suite file's own key (the published benchmark it reproduces): the
    // input's seed is a flag only.
    assert!(FLAG_ONLY.contains(&"seed"));
    assert!(!suite_keys().any(|k| k == "seed"));
    let e = suite("seed = 7").unwrap_err();
    assert!(e.0.starts_with("suite x.toml: unknown field `seed`"), "{e}");
}
