use super::*;

#[test]
fn a_section_with_faults_fails_and_shows_the_first_few() {
    let s = Section {
        subject: "crc32/perl:x (oneshot)".into(),
        implementation: true,
        checks: 20,
        failed: 14,
        faults: (0..14).map(|i| format!("fault {i}")).collect(),
    };
    let text = s.describe();
    assert!(
        text.starts_with("FAIL  crc32/perl:x (oneshot)  (20 checks, 14 failed)\n"),
        "{text}"
    );
    assert!(
        text.contains("      fault 11\n") && !text.contains("fault 12"),
        "{text}"
    );
    assert!(text.ends_with("      ... and 2 more\n"), "{text}");
}

#[test]
fn the_verdict_counts_implementations_apart_from_the_protocol_and_the_nop() {
    let ok = |subject: &str, implementation| Section {
        subject: subject.into(),
        implementation,
        checks: 3,
        failed: 0,
        faults: Vec::new(),
    };
    let mut report = Report {
        sections: vec![
            ok("the protocol", false),
            ok("a/x:y", true),
            ok("nop/x", false),
        ],
        stderr_tail: "noise".into(),
    };
    assert!(report.passed());
    assert!(report
        .summary()
        .ends_with("PASS: 1 of 1 implementations passed, 0 of 9 checks failed\n"));
    assert!(
        !report.summary().contains("noise"),
        "stderr is shown only on a failure"
    );
    report.sections[0].failed = 1;
    report.sections[0].faults.push("hello: wrong".into());
    assert!(!report.passed());
    let summary = report.summary();
    assert!(
        summary.contains("its standard error (last lines): noise"),
        "{summary}"
    );
    assert!(
        summary.ends_with("FAIL: 1 of 1 implementations passed, 1 of 9 checks failed\n"),
        "{summary}"
    );
}
