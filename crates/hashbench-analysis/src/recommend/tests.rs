//! The recommendation on hand-built runs: medians and CIs set exactly, so each verdict
//! follows from the module's rules by hand.

use super::*;
use hashbench_model::testutil::analysis::{cell_ci, flagged, quiet};
use hashbench_model::testutil::run_with;
use hashbench_model::{
    AlgorithmClass, FlagCode, HashProperties, Key, Smhasher3, Stability, Verdict,
};

fn props(id: &str, class: AlgorithmClass, bits: u32, broken: bool) -> AlgorithmProperties {
    AlgorithmProperties {
        id: id.to_string(),
        class,
        output_bits: bits,
        collision_bits: (class == AlgorithmClass::CryptographicHash).then_some(if broken {
            18
        } else {
            bits / 2
        }),
        broken,
        standard: None,
        note: format!("{id} note"),
        hash: None,
        detection: None,
        fips: None,
    }
}

/// `p` with a hash's properties: SMHasher3's `verdict`, `key`, stable or not.
fn with_hash(
    mut p: AlgorithmProperties,
    verdict: Verdict,
    key: Key,
    stable: bool,
) -> AlgorithmProperties {
    p.hash = Some(HashProperties {
        smhasher3: Smhasher3 {
            verdict,
            entry: p.id.clone(),
            source: format!("results/{}.txt", p.id),
            date: "2025-10-16".to_string(),
        },
        key,
        stability: Stability {
            stable,
            reason: format!("{} stability", p.id),
        },
    });
    p
}

fn catalogue() -> Vec<AlgorithmProperties> {
    use AlgorithmClass::*;
    vec![
        props("crc32c", Checksum, 32, false),
        props("xxh3-64", NonCryptographicHash, 64, false),
        props("xxh3-128", NonCryptographicHash, 128, false),
        props("md5", CryptographicHash, 128, true),
        props("blake3", CryptographicHash, 256, false),
        props("sha2-256", CryptographicHash, 256, false),
    ]
}

const SIZE: u64 = 4096;

fn request(need: Need, min_bits: Option<u32>) -> Request {
    Request {
        need,
        min_bits,
        keyed: false,
        stable: false,
        min_hd: None,
        fips: false,
        size: Size::Bytes(SIZE),
        mode: Mode::Throughput,
        threads: 1,
        pattern: Pattern::Oneshot,
    }
}

/// Every algorithm once, clearly apart: crc32c 100 ns, xxh3-64 120, xxh3-128 130,
/// md5 400, blake3 500, sha2-256 1000 (sha2-256/b 1010: a tie).
fn run() -> Run {
    run_with(vec![
        quiet("sha2-256/a", SIZE, 1000.0),
        quiet("sha2-256/b", SIZE, 1010.0),
        quiet("blake3/x", SIZE, 500.0),
        quiet("md5/x", SIZE, 400.0),
        quiet("xxh3-128/x", SIZE, 130.0),
        quiet("xxh3-64/x", SIZE, 120.0),
        quiet("crc32c/x", SIZE, 100.0),
    ])
}

fn ids(v: &[Compared]) -> Vec<&str> {
    v.iter().map(|c| c.pick.implementation.as_str()).collect()
}

#[test]
fn checksum_admits_every_class_ranked_by_speed_alone() {
    let r = recommend(&run(), &catalogue(), &request(Need::Checksum, None)).unwrap();
    assert_eq!(r.answer.implementation, "crc32c/x");
    assert_eq!(r.candidates, 7);
    assert_eq!(
        ids(&r.others),
        ["xxh3-64/x", "xxh3-128/x", "md5/x", "blake3/x", "sha2-256/a"]
    );
    assert!(r.excluded_faster.is_empty());
}

#[test]
fn hash_excludes_checksums_and_says_when_one_was_faster() {
    let r = recommend(&run(), &catalogue(), &request(Need::Hash, None)).unwrap();
    assert_eq!(r.answer.implementation, "xxh3-64/x");
    assert_eq!(ids(&r.excluded_faster), ["crc32c/x"]);
    let why = r.excluded_faster[0].excluded_because.as_deref().unwrap();
    assert!(why.contains("checksum"), "{why}");
}

#[test]
fn min_bits_drops_narrow_outputs() {
    let r = recommend(&run(), &catalogue(), &request(Need::Hash, Some(128))).unwrap();
    assert_eq!(r.answer.implementation, "xxh3-128/x");
    assert_eq!(ids(&r.excluded_faster), ["crc32c/x", "xxh3-64/x"]);
    assert!(r.excluded_faster[1]
        .excluded_because
        .as_deref()
        .unwrap()
        .contains("--min-bits 128"));
}

#[test]
fn crypto_never_answers_a_broken_algorithm_and_says_it_was_faster() {
    let r = recommend(&run(), &catalogue(), &request(Need::Crypto, None)).unwrap();
    assert_eq!(r.answer.implementation, "blake3/x");
    assert!(r.others.iter().all(|o| !o.pick.properties.broken));
    let md5 = r
        .excluded_faster
        .iter()
        .find(|c| c.pick.algorithm == "md5")
        .expect("md5 was faster and is reported");
    assert!(md5
        .excluded_because
        .as_deref()
        .unwrap()
        .starts_with("broken"));
    assert!(md5.ratio < 1.0);
}

#[test]
fn slower_by_is_the_ratio_of_medians_with_both_intervals() {
    let r = recommend(&run(), &catalogue(), &request(Need::Crypto, None)).unwrap();
    let sha = &r.others[0];
    assert_eq!(sha.pick.implementation, "sha2-256/a");
    assert!((sha.ratio - 2.0).abs() < 1e-12);
    // quiet(): CIs of ±0.5 %: [995 / 502.5, 1005 / 497.5].
    assert!((sha.ratio_low - 995.0 / 502.5).abs() < 1e-9);
    assert!((sha.ratio_high - 1005.0 / 497.5).abs() < 1e-9);
}

#[test]
fn tie_group_holds_the_overlapping_cells_and_a_large_one_is_said() {
    let mut run = run();
    // Two more blake3 implementations whose intervals overlap blake3/x's [497.5, 502.5].
    run.cells
        .push(cell_ci("blake3/y", SIZE, 501.0, 499.0, 503.0));
    run.cells
        .push(cell_ci("blake3/z", SIZE, 502.0, 500.0, 504.0));
    let r = recommend(&run, &catalogue(), &request(Need::Crypto, None)).unwrap();
    assert_eq!(ids(&r.ties), ["blake3/y", "blake3/z"]);
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("3 implementations tie")),
        "{:?}",
        r.warnings
    );
    // Without them, sha2-256/a and /b tie with each other but not with the answer.
    let r = recommend(&self::run(), &catalogue(), &request(Need::Crypto, None)).unwrap();
    assert!(r.ties.is_empty());
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn flags_of_the_answer_and_the_run_are_warnings() {
    let mut run = run();
    run.cells[6] = flagged(quiet("crc32c/x", SIZE, 100.0), FlagCode::BusyMachine);
    run.flags.push(Flag::new(FlagCode::Drift, "moved".into()));
    let r = recommend(&run, &catalogue(), &request(Need::Checksum, None)).unwrap();
    assert!(r.warnings.iter().any(|w| w.starts_with("run: drift")));
    assert!(r
        .warnings
        .iter()
        .any(|w| w.starts_with("crc32c/x: busy-machine")));
}

#[test]
fn a_size_not_measured_and_no_candidate_are_errors() {
    let mut req = request(Need::Checksum, None);
    req.size = Size::Bytes(64);
    let e = recommend(&run(), &catalogue(), &req).unwrap_err();
    assert!(matches!(e, RecommendError::SizeNotMeasured { .. }));
    assert_eq!(
        e.to_string(),
        "the run has no throughput cells at 64 B (it has throughput cells at: 4 KiB)"
    );
    let e = recommend(&run(), &catalogue(), &request(Need::Crypto, Some(1024))).unwrap_err();
    assert!(matches!(e, RecommendError::NoCandidate { .. }), "{e}");
}

#[test]
fn parallel_cells_count_only_at_the_threads_asked() {
    let mut run = run();
    let mut fast = quiet("blake3/x+rayon", SIZE, 50.0);
    fast.threads = 2;
    run.cells.push(fast);
    let r = recommend(&run, &catalogue(), &request(Need::Crypto, None)).unwrap();
    assert_eq!(r.answer.implementation, "blake3/x");
    let mut req = request(Need::Crypto, None);
    req.threads = 2;
    let r = recommend(&run, &catalogue(), &req).unwrap();
    assert_eq!(r.answer.implementation, "blake3/x+rayon");
    assert_eq!(r.answer.threads, 2);
}

/// The catalogue with table hashers: xxh3-64 seeded and failing SMHasher3 tests,
/// xxh3-128 seeded and unstable, and a keyed SipHash (200 ns).
fn table_catalogue() -> Vec<AlgorithmProperties> {
    use AlgorithmClass::*;
    let mut c = catalogue();
    c[1] = with_hash(
        c[1].clone(),
        Verdict::Fails {
            failed: 27,
            of: 250,
        },
        Key::Seed { bits: 64 },
        true,
    );
    c[2] = with_hash(
        c[2].clone(),
        Verdict::Passes { tests: 250 },
        Key::Seed { bits: 64 },
        false,
    );
    c.push(with_hash(
        props("siphash-1-3", NonCryptographicHash, 64, false),
        Verdict::Passes { tests: 238 },
        Key::Keyed { bits: 128 },
        true,
    ));
    c
}

fn table_run() -> Run {
    let mut run = run();
    run.cells.push(quiet("siphash-1-3/x", SIZE, 200.0));
    run
}

#[test]
fn hash_table_admits_non_cryptographic_hashes_only_and_says_what_the_answer_gives_up() {
    let r = recommend(
        &table_run(),
        &table_catalogue(),
        &request(Need::HashTable, None),
    )
    .unwrap();
    assert_eq!(r.answer.implementation, "xxh3-64/x");
    assert_eq!(
        r.gives_up,
        [
            "flood resistance (a 64-bit seed, no secret key: a table keyed by untrusted input can be flooded)",
            "quality (fails 27 of 250 SMHasher3 tests)",
        ]
    );
    // The checksum was faster and is out, with why; the cryptographic hashes are slower.
    assert_eq!(ids(&r.excluded_faster), ["crc32c/x"]);
    assert!(r.excluded_faster[0]
        .excluded_because
        .as_deref()
        .unwrap()
        .contains("no hash-quality spread"));
    assert_eq!(ids(&r.others), ["xxh3-128/x", "siphash-1-3/x"]);
    // The answer's properties travel with it, for the renderers.
    assert_eq!(
        r.answer.properties.hash.as_ref().unwrap().key,
        Key::Seed { bits: 64 }
    );
}

#[test]
fn keyed_and_stable_leave_out_the_faster_hashes_and_say_why() {
    let mut req = request(Need::HashTable, None);
    req.keyed = true;
    let r = recommend(&table_run(), &table_catalogue(), &req).unwrap();
    assert_eq!(r.answer.implementation, "siphash-1-3/x");
    assert!(r.gives_up.is_empty(), "{:?}", r.gives_up);
    assert_eq!(
        ids(&r.excluded_faster),
        ["crc32c/x", "xxh3-64/x", "xxh3-128/x"]
    );
    assert_eq!(
        r.excluded_faster[1].excluded_because.as_deref(),
        Some("not flood-resistant: a 64-bit seed, no secret key")
    );

    let mut req = request(Need::HashTable, None);
    req.stable = true;
    let r = recommend(&table_run(), &table_catalogue(), &req).unwrap();
    assert_eq!(r.answer.implementation, "xxh3-64/x");
    let mut req = request(Need::Hash, None);
    req.stable = true;
    req.min_bits = Some(128);
    // xxh3-128 (unstable) is out; sha2-256 and blake3 have no stability record.
    let e = recommend(&table_run(), &table_catalogue(), &req).unwrap_err();
    assert!(e.to_string().contains("--min-bits 128 --stable"), "{e}");
    let out = req.rejects(&table_catalogue()[2]).unwrap();
    assert_eq!(out, "output not stable: xxh3-128 stability");
}

/// A hash table's answer comes from the typed-key cells alone, and the admitted
/// implementations the run could not call that way are named with the reason.
#[test]
fn a_hash_table_is_answered_from_its_typed_key_and_says_who_could_not_be_called_so() {
    use hashbench_model::{KeyKind, SkipReason, Skipped};
    let key = Pattern::Keys(KeyKind::U64);
    let typed = |id: &str, ns: f64| {
        let mut c = quiet(id, 8, ns);
        c.pattern = key;
        c
    };
    // xxh3-64/x is fastest one-shot, but at keys:u64 crc32c/x is not a hash and
    // xxh3-128/x could not be called so: xxh3-64/y answers.
    let mut run = run_with(vec![
        quiet("xxh3-64/x", 8, 1.0),
        typed("xxh3-64/y", 4.0),
        typed("crc32c/x", 2.0),
    ]);
    let skipped = |id: &str, why: &str| Skipped {
        implementation: id.to_string(),
        pattern: Some(key),
        reason: SkipReason::PatternNotApplicable,
        details: vec![why.to_string()],
    };
    run.skipped = vec![
        skipped("xxh3-128/x", "no BuildHasher"),
        skipped("crc32c/x", "a checksum: not admitted, so not listed"),
    ];
    let mut request = request(Need::HashTable, None);
    request.size = Size::Bytes(8);
    request.pattern = key;
    let r = recommend(&run, &catalogue(), &request).unwrap();
    assert_eq!(r.answer.implementation, "xxh3-64/y");
    assert_eq!(r.candidates, 1);
    assert_eq!(ids(&r.excluded_faster), ["crc32c/x"]);
    assert_eq!(r.pattern, key);
    let not: Vec<(&str, &str)> = r
        .not_measured
        .iter()
        .map(|n| (n.implementation.as_str(), n.why.as_str()))
        .collect();
    assert_eq!(not, [("xxh3-128/x", "no BuildHasher")]);
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["pattern"], "keys:u64");
    // A one-shot answer writes neither field, as files from before typed keys.
    request.pattern = Pattern::Oneshot;
    let r = recommend(&run, &catalogue(), &request).unwrap();
    assert_eq!(r.answer.implementation, "xxh3-64/x");
    let json = serde_json::to_value(&r).unwrap();
    assert!(json.get("pattern").is_none() && json.get("not_measured").is_none());
}

/// A checksum catalogue with what each detects: crc32 with a hand-written profile (HD=3
/// to 1,000,000 data bits, 4 to 40,000, 5 to 3,000, 6 to 300), crc32c with its HD
/// unknown, adler32 weak, xxh3-64 a hash (HD not applicable).
fn detection_catalogue() -> Vec<AlgorithmProperties> {
    use hashbench_model::Detection;
    use AlgorithmClass::*;
    let with = |mut p: AlgorithmProperties, d: Detection| {
        p.detection = Some(d);
        p
    };
    vec![
        with(
            props("adler32", Checksum, 32, false),
            Detection::Weak {
                weakness: "weak on short inputs".into(),
                source: "RFC 3309".into(),
            },
        ),
        with(
            props("crc32c", Checksum, 32, false),
            Detection::Unknown {
                polynomial: "0x1EDC6F41".into(),
                koopman: "0x8f6e37a0".into(),
                reason: "not found".into(),
            },
        ),
        with(
            props("crc32", Checksum, 32, false),
            Detection::Profile {
                polynomial: "0x04C11DB7".into(),
                koopman: "0x82608edb".into(),
                max_bits: vec![1_000_000, 40_000, 3_000, 300],
                source: "hand-written".into(),
                lower_bounds: Vec::new(),
            },
        ),
        with(
            props("xxh3-64", NonCryptographicHash, 64, false),
            Detection::NotApplicable {
                reason: "not a CRC".into(),
            },
        ),
    ]
}

/// adler32 90 ns, crc32c 100, crc32 110, xxh3-64 120.
fn detection_run() -> Run {
    run_with(vec![
        quiet("adler32/x", SIZE, 90.0),
        quiet("crc32c/x", SIZE, 100.0),
        quiet("crc32/x", SIZE, 110.0),
        quiet("xxh3-64/x", SIZE, 120.0),
    ])
}

#[test]
fn min_hd_changes_the_answer_and_says_why_the_faster_ones_are_out() {
    let (run, cat) = (detection_run(), detection_catalogue());
    let r = recommend(&run, &cat, &request(Need::Checksum, None)).unwrap();
    assert_eq!(r.answer.implementation, "adler32/x");
    assert!(r.hamming_distance.is_none());
    // Its weakness is said once, by its detection record (the "Error detection" line),
    // not again among what it gives up.
    assert!(r.answer.properties.detection.is_some());
    assert!(r.gives_up.is_empty(), "{:?}", r.gives_up);

    let mut req = request(Need::Checksum, None);
    req.min_hd = Some(4);
    let r = recommend(&run, &cat, &req).unwrap();
    assert_eq!(r.answer.implementation, "crc32/x");
    assert_eq!(r.min_hd, Some(4));
    assert_eq!(ids(&r.excluded_faster), ["adler32/x", "crc32c/x"]);
    let why: Vec<&str> = r
        .excluded_faster
        .iter()
        .map(|c| c.excluded_because.as_deref().unwrap())
        .collect();
    assert!(why[0].contains("no guaranteed HD"), "{}", why[0]);
    assert!(
        why[1].contains("HD unknown") && why[1].contains("0x1EDC6F41"),
        "{}",
        why[1]
    );
    // xxh3-64 is slower, so not listed, but not a candidate either.
    assert_eq!(r.candidates, 1);

    req.min_hd = Some(5);
    let e = recommend(&run, &cat, &req).unwrap_err();
    assert!(e.to_string().contains("--min-hd 5"), "{e}");
}

#[test]
fn the_hd_at_the_size_is_in_the_answer_and_what_it_gives_up() {
    let (run, cat) = (detection_run(), detection_catalogue());
    let mut req = request(Need::Checksum, None);
    req.min_hd = Some(3);
    let r = recommend(&run, &cat, &req).unwrap();
    assert_eq!(r.answer.implementation, "crc32/x");
    // 4 KiB is 32,768 data bits: within HD=4's 40,000, beyond HD=5's 3,000.
    let hd = r.hamming_distance.as_ref().unwrap();
    assert_eq!((hd.hd, hd.data_bits), (4, 32_768));
    assert_eq!(
        hd.meaning(),
        "every 3-bit error detected, not every 4-bit one"
    );
    // Said once: by `hamming_distance`, not again among what it gives up.
    assert!(r.gives_up.is_empty(), "{:?}", r.gives_up);
    let crc32 = cat.iter().find(|p| p.id == "crc32").unwrap();
    // 64 B is 512 bits: HD=5 (3,000 >= 512 > 300); beyond 1,000,000 bits, HD=2.
    assert_eq!(hd_at(crc32, Size::Bytes(64)).unwrap().hd, 5);
    assert_eq!(hd_at(crc32, Size::Bytes(16)).unwrap().hd, 6);
    assert_eq!(hd_at(crc32, Size::Bytes(1 << 20)).unwrap().hd, 2);
    // A range is judged at its longest call.
    assert_eq!(
        hd_at(crc32, Size::Range { min: 1, max: 4096 }).unwrap().hd,
        4
    );
    let xxh = cat.iter().find(|p| p.id == "xxh3-64").unwrap();
    assert!(hd_at(xxh, Size::Bytes(64)).is_none());
}

#[test]
fn fips_admits_only_approved_hashes() {
    use hashbench_model::Fips;
    let fips = |approved: bool| Fips {
        approved,
        status: if approved {
            "approved"
        } else {
            "not approved: in no FIPS"
        }
        .into(),
        source: "FIPS 180-4".into(),
    };
    let mut cat = catalogue();
    for p in &mut cat {
        if p.class == AlgorithmClass::CryptographicHash {
            p.fips = Some(fips(p.id.starts_with("sha2")));
        }
    }
    let r = recommend(&run(), &cat, &request(Need::Crypto, None)).unwrap();
    assert_eq!(r.answer.implementation, "blake3/x");
    let mut req = request(Need::Crypto, None);
    req.fips = true;
    let r = recommend(&run(), &cat, &req).unwrap();
    assert_eq!(r.answer.implementation, "sha2-256/a");
    assert!(r.fips);
    let blake3 = r
        .excluded_faster
        .iter()
        .find(|c| c.pick.implementation == "blake3/x")
        .unwrap();
    assert!(
        blake3
            .excluded_because
            .as_deref()
            .unwrap()
            .contains("not FIPS-approved"),
        "{:?}",
        blake3.excluded_because
    );
}

/// A computed profile whose next level is only a lower bound: crc32c here proves HD 3
/// to 1,000,000 data bits but HD 4 only to 20,000 (searched no further). At 4 KiB
/// (32,768 bits) its HD is "at least 3": it meets --min-hd 3, and --min-hd 4 refuses it
/// as not known to reach 4 (rather than as below it).
#[test]
fn a_lower_bound_meets_a_min_hd_it_reaches_and_is_refused_as_unknown_below() {
    use hashbench_model::Detection;
    let run = detection_run();
    let mut cat = detection_catalogue();
    let c = cat.iter_mut().find(|p| p.id == "crc32c").unwrap();
    c.detection = Some(Detection::Profile {
        polynomial: "0x1EDC6F41".into(),
        koopman: "0x8f6e37a0".into(),
        max_bits: vec![1_000_000, 20_000, 20_000],
        source: "computed".into(),
        lower_bounds: vec![4, 5],
    });
    let mut req = request(Need::Checksum, None);
    req.min_hd = Some(3);
    let r = recommend(&run, &cat, &req).unwrap();
    assert_eq!(r.answer.implementation, "crc32c/x");
    let hd = r.hamming_distance.as_ref().unwrap();
    assert_eq!((hd.hd, hd.at_least), (3, true));
    assert_eq!(hd.label(), "HD>=3");

    req.min_hd = Some(4);
    let r = recommend(&run, &cat, &req).unwrap();
    assert_eq!(r.answer.implementation, "crc32/x");
    let why = r
        .excluded_faster
        .iter()
        .find(|c| c.pick.implementation == "crc32c/x")
        .and_then(|c| c.excluded_because.clone())
        .unwrap();
    assert!(
        why.contains("HD>=3 at 4 KiB, not known to reach --min-hd 4"),
        "{why}"
    );
}

#[test]
fn cells_at_the_size_ruled_out_otherwise_are_named_for_what_rules_them_out() {
    // A key the run did not time: the cells at the size are there, in another pattern.
    let mut req = request(Need::Checksum, None);
    req.pattern = Pattern::Keys(hashbench_model::KeyKind::Str);
    let e = recommend(&run(), &catalogue(), &req).unwrap_err();
    assert!(
        e.to_string().starts_with(
            "the run's throughput cells at 4 KiB are called oneshot, not keys:str (--key"
        ),
        "{e}"
    );
    // Cells on a thread count the request does not take.
    let mut wide = run();
    for c in &mut wide.cells {
        c.threads = 1 << 16;
    }
    let e = recommend(&wide, &catalogue(), &request(Need::Checksum, None)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the run's throughput cells at 4 KiB are on 65536 threads, not 1"
    );
    // Cells of algorithms the catalogue does not know.
    let mut unknown = run();
    for c in &mut unknown.cells {
        c.algorithm = Some("made-up".into());
    }
    let e = recommend(&unknown, &catalogue(), &request(Need::Checksum, None)).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("the catalogue does not know: made-up"),
        "{e}"
    );
}

#[test]
fn a_checksum_answer_without_hd_4_names_the_fastest_candidate_with_it() {
    let (run, cat) = (detection_run(), detection_catalogue());
    let r = recommend(&run, &cat, &request(Need::Checksum, None)).unwrap();
    // Adler-32 guarantees none; crc32c's HD is unknown; crc32 has HD=4 at 4 KiB.
    assert_eq!(r.answer.implementation, "adler32/x");
    let alt = r.hd_alternative.as_ref().expect("crc32 guarantees HD 4");
    assert_eq!(alt.pick.implementation, "crc32/x");
    assert_eq!(alt.hamming_distance.as_ref().unwrap().hd, 4);
    assert!((alt.ratio - 110.0 / 90.0).abs() < 0.02, "{}", alt.ratio);
    // Every row carries its HD for the table: crc32's, none for crc32c and xxh3-64.
    let hd: Vec<Option<u32>> = r
        .others
        .iter()
        .map(|c| c.hamming_distance.as_ref().map(|h| h.hd))
        .collect();
    assert_eq!(hd, [None, Some(4), None]);

    // An answer with HD 4 needs no pointer, nor does another need.
    let mut req = request(Need::Checksum, None);
    req.min_hd = Some(4);
    assert!(recommend(&run, &cat, &req)
        .unwrap()
        .hd_alternative
        .is_none());
    let r = recommend(&run, &cat, &request(Need::Hash, None)).unwrap();
    assert!(r.hd_alternative.is_none());
    assert!(r.others.iter().all(|c| c.hamming_distance.is_none()));
}

#[test]
fn flags_of_rivals_far_behind_are_counted_not_listed() {
    // issue 37: the answer's own flag sat among 12 lines about rivals 30-700x behind it.
    let mut run = run();
    run.cells[5] = flagged(quiet("xxh3-64/x", SIZE, 120.0), FlagCode::HighSpread);
    run.cells[3] = flagged(quiet("md5/x", SIZE, 400.0), FlagCode::HighSpread);
    run.cells[2] = flagged(quiet("blake3/x", SIZE, 500.0), FlagCode::WideInterval);
    let r = recommend(&run, &catalogue(), &request(Need::Checksum, None)).unwrap();
    assert_eq!(r.answer.implementation, "crc32c/x");
    // xxh3-64 at 1.2x could be the answer's equal in a calm run: listed.
    assert!(
        r.warnings
            .iter()
            .any(|w| w.starts_with("xxh3-64/x: high-spread")),
        "{:?}",
        r.warnings
    );
    // md5 at 4x and blake3 at 5x are in doubt for their own figures only: counted.
    assert!(!r
        .warnings
        .iter()
        .any(|w| w.starts_with("md5/x") || w.starts_with("blake3/x")));
    assert!(
        r.warnings.iter().any(|w| w.starts_with(
            "2 other candidates more than 2x behind the answer are flagged: their own figures \
             are in doubt"
        )),
        "{:?}",
        r.warnings
    );
}
