//! Tests over the real data files, and over broken copies of them.

use super::*;

fn published() -> Published {
    load().expect("the compiled-in data files load")
}

fn count(seed: &Seed, pred: impl Fn(&Figure) -> bool) -> usize {
    seed.figures.iter().filter(|f| pred(f)).count()
}

#[test]
fn every_file_parses_and_has_its_seed_number() {
    let p = published();
    let numbers: Vec<u32> = p.seeds.iter().map(|s| s.seed).collect();
    assert_eq!(numbers, vec![0, 1, 2, 3, 4]);
    for s in &p.seeds {
        // A public origin (or the words saying none was confirmed), never the local
        // copy of the seed, which a reader of the data does not have.
        assert!(
            s.source.starts_with("github.com/") || s.source.starts_with("origin not confirmed: "),
            "{}",
            s.source
        );
        assert!(!s.source.contains("shared/"), "{}", s.source);
        assert!(!s.source.contains(".txt"), "{}", s.source);
    }
}

/// The counts below are derived from the seed texts by reading their structure, not
/// from the data files:
///
/// - 000, 001 (divan): per bench and size, a time row of 4 figures (fastest, slowest,
///   median, mean); where the table prints a rate row under it (the same samples as
///   bytes per second), each rate rides on its time figure rather than counting as a
///   figure; plus one summary line per bench. M2 Max, 5700G, 2700X: 14 benches x 4
///   sizes x 4 + 14 = 238. The 3900X table prints no rate rows and has 6 benches:
///   6 x 4 x 4 + 6 = 102. 000 has all four machines (816), 001 only the M2 Max and the
///   3900X (340).
/// - 002 (btrfs): the published table has 4 rows x 4 numeric columns = 16; Round 1 has
///   6 runs (O1, O2, O3, each at 100000 and 1000000 iterations) x 8 rows x 2 numbers
///   (cycles, c/i) = 96. Total 112.
/// - 003 (Crystal): 30 Benchmark.ips rows (2 algorithms x 3 variants x 5 sizes) of 4
///   numbers (rate, time, bytes/op, ratio), less the ratio of the row marked "fastest"
///   = 119; openssl speed: 2 algorithms x 6 sizes = 12. Total 131.
/// - 004 (Node): 4 sizes x 25 rows with a result = 100, and a "difference with
///   slowest" on every row but the slowest = 4 x 24 = 96. Total 196.
#[test]
fn figure_counts_match_the_seed_texts() {
    let p = published();
    let totals: Vec<usize> = p.seeds.iter().map(|s| s.figures.len()).collect();
    assert_eq!(totals, vec![816, 340, 112, 131, 196]);

    for seed in [0, 1] {
        let s = p.seed(seed).unwrap();
        for m in &s.machines {
            let on = |f: &Figure| f.machine == m.id;
            let (benches, has_rates) = if m.id == "amd-ryzen-9-3900x" {
                (6, false)
            } else {
                (14, true)
            };
            let time = count(s, |f| on(f) && f.parsed_unit.dimension() == Dimension::Time);
            let rates = count(s, |f| {
                on(f)
                    && f.statistic != "summary"
                    && f.parsed_unit.dimension() == Dimension::Throughput
            });
            assert_eq!(rates, 0, "a divan rate is not a figure of its own");
            let rates = count(s, |f| on(f) && f.rate.is_some());
            let summary = count(s, |f| on(f) && f.statistic == "summary");
            assert_eq!(time, benches * 4 * 4, "{} {}", seed, m.id);
            assert_eq!(
                rates,
                if has_rates { benches * 4 * 4 } else { 0 },
                "{} {}",
                seed,
                m.id
            );
            assert_eq!(summary, benches, "{} {}", seed, m.id);
        }
    }
    let machines = |n: u32| -> Vec<String> {
        p.seed(n)
            .unwrap()
            .machines
            .iter()
            .map(|m| m.id.clone())
            .collect()
    };
    assert_eq!(machines(0).len(), 4);
    assert_eq!(machines(1), vec!["apple-m2-max", "amd-ryzen-9-3900x"]);

    let btrfs = p.seed(2).unwrap();
    assert_eq!(count(btrfs, |f| f.section.starts_with("Round 1")), 96);
    let crystal = p.seed(3).unwrap();
    assert_eq!(count(crystal, |f| f.statistic == "count"), 12);
    assert_eq!(count(crystal, |f| f.statistic == "relative-to-fastest"), 29);
    let node = p.seed(4).unwrap();
    assert_eq!(count(node, |f| f.statistic == "result"), 100);
}

#[test]
fn a_transcribed_figure_reads_as_in_the_seed() {
    // 000, M2 Max, crc at 4096: "442.3 ns │ 3.874 µs │ 457.9 ns │ 473.8 ns │ 10000 │ 80000".
    let p = published();
    let f = p
        .seed(0)
        .unwrap()
        .figures
        .iter()
        .find(|f| {
            f.machine == "apple-m2-max"
                && f.label == "non_crypto/crc"
                && f.size_bytes == Some(4096)
                && f.statistic == "median"
                && f.unit == "ns"
        })
        .expect("the row is there");
    assert_eq!((f.value, f.text.as_str()), (457.9, "457.9 ns"));
    assert_eq!((f.samples, f.iterations), (Some(10000), Some(80000)));
    assert_eq!(f.algorithm.as_deref(), Some("crc32"));
}

#[test]
fn every_time_or_rate_with_a_size_is_normalised() {
    for (seed, f) in published().figures() {
        let convertible = matches!(
            f.parsed_unit.dimension(),
            Dimension::Time | Dimension::CallRate | Dimension::CallCount
        ) || (f.parsed_unit.dimension() == Dimension::Throughput
            && f.size_bytes.is_some());
        assert_eq!(
            f.normalised.ns_per_call.is_some(),
            convertible,
            "seed {} {} {}",
            seed.seed,
            f.label,
            f.text
        );
    }
}

#[test]
fn the_node_4_mb_rows_are_flagged_and_the_rust_rows_are_not() {
    let p = published();
    let node = p.seed(4).unwrap();
    let four_mb: Vec<&Figure> = node
        .figures
        .iter()
        .filter(|f| f.size_bytes == Some(1 << 22) && f.statistic == "result")
        .collect();
    assert_eq!(four_mb.len(), 25);
    for f in &four_mb {
        assert_eq!(
            f.flags.iter().map(Flag::name).collect::<Vec<_>>(),
            vec!["flat-scaling"],
            "{} at 4 MB is not flagged",
            f.label
        );
    }
    // Nothing at 64 B can be contradicted by a smaller size.
    assert_eq!(
        count(node, |f| f.size_bytes == Some(64) && !f.flags.is_empty()),
        0
    );

    for seed in [0, 1, 2, 3] {
        let s = p.seed(seed).unwrap();
        let flagged: Vec<String> = s
            .figures
            .iter()
            .filter(|f| !f.flags.is_empty())
            .map(|f| format!("{} {} {}", f.machine, f.label, f.text))
            .collect();
        assert!(flagged.is_empty(), "seed {seed}: {flagged:?}");
    }
}

const MINIMAL: &str = r#"{
  "schema_version": 1, "seed": 9, "source": "github.com/o/nine, README.md", "title": "t",
  "harness": "h", "command": null, "notes": [],
  "machines": [{"id": "m", "heading": null, "cpu": null, "os": null, "target": null,
                "timer_precision": null, "notes": []}],
  "figures": [
    {"section": "s", "machine": "m", "label": "l", "algorithm": null, "implementation": "i",
     "variant": null, "size_bytes": 64, "statistic": "median", "value": 10.0, "unit": "ns",
     "text": "10 ns"}
  ]
}"#;

#[test]
fn a_minimal_document_loads() {
    let s = parse("x.json", MINIMAL).unwrap();
    assert_eq!(s.figures[0].normalised.ops_per_sec, Some(1e8));
}

#[test]
fn broken_documents_give_typed_errors_naming_the_file() {
    let unit = MINIMAL.replace(r#""unit": "ns""#, r#""unit": "nanos""#);
    let err = parse("x.json", &unit).unwrap_err();
    assert!(
        matches!(err, PublishedError::UnknownUnit { ref unit, .. } if unit == "nanos"),
        "{err}"
    );
    assert!(err.to_string().starts_with("x.json: figure #0"), "{err}");

    let machine = MINIMAL.replace(r#""machine": "m""#, r#""machine": "z""#);
    assert!(matches!(
        parse("x.json", &machine),
        Err(PublishedError::UnknownMachine { .. })
    ));

    let version = MINIMAL.replace(r#""schema_version": 1"#, r#""schema_version": 2"#);
    assert!(matches!(
        parse("x.json", &version),
        Err(PublishedError::SchemaVersion { found: 2, .. })
    ));

    let extra = MINIMAL.replace(r#""text": "10 ns""#, r#""text": "10 ns", "speed": 3"#);
    assert!(matches!(
        parse("x.json", &extra),
        Err(PublishedError::Parse { .. })
    ));

    let zero = MINIMAL.replace(r#""value": 10.0"#, r#""value": 0"#);
    assert!(matches!(
        parse("x.json", &zero),
        Err(PublishedError::BadFigure { .. })
    ));

    let calls = MINIMAL.replace(r#""unit": "ns""#, r#""unit": "calls""#);
    assert!(matches!(
        parse("x.json", &calls),
        Err(PublishedError::BadFigure { .. })
    ));

    assert!(matches!(
        published().seed(7),
        Err(PublishedError::UnknownSeed { seed: 7, .. })
    ));
}

#[test]
fn a_divan_rate_rides_on_its_time_figure() {
    // 000, M2 Max, crc at 4096, median: "457.9 ns" and, on the rate row under it, the
    // same samples as "8.944 GB/s"; one figure, not two.
    let p = published();
    let crc: Vec<&Figure> = p
        .seed(0)
        .unwrap()
        .figures
        .iter()
        .filter(|f| {
            f.machine == "apple-m2-max"
                && f.label == "non_crypto/crc"
                && f.size_bytes == Some(4096)
                && f.statistic == "median"
        })
        .collect();
    assert_eq!(crc.len(), 1);
    let rate = crc[0]
        .rate
        .as_ref()
        .expect("the rate row is on the time figure");
    assert_eq!((rate.value, rate.text.as_str()), (8.944, "8.944 GB/s"));
}

#[test]
fn a_rate_must_be_bytes_per_second_on_a_time_figure() {
    let with = |unit: &str| {
        MINIMAL.replace(
            r#""text": "10 ns""#,
            &format!(
                r#""text": "10 ns", "rate": {{"value": 6.4, "unit": "{unit}", "text": "6.4"}}"#
            ),
        )
    };
    assert!(parse("x.json", &with("GB/s")).unwrap().figures[0]
        .rate
        .is_some());
    assert!(matches!(
        parse("x.json", &with("ns")),
        Err(PublishedError::BadFigure { .. })
    ));
}

#[test]
fn one_seed_or_every_seed() {
    let p = published();
    assert_eq!(p.seeds_or_all(None).unwrap().len(), p.seeds.len());
    let one = p.seeds_or_all(Some(4)).unwrap();
    assert_eq!(one.iter().map(|s| s.seed).collect::<Vec<_>>(), [4]);
    assert!(matches!(
        p.seeds_or_all(Some(9)),
        Err(PublishedError::UnknownSeed { seed: 9, .. })
    ));
}
