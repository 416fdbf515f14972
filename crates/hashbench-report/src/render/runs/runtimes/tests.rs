use super::*;
use hashbench_model::testutil::{cell_with, run_with};

#[test]
fn external_ids_are_told_apart() {
    let external = |id: &str| is_external(&Subject::parse(id));
    assert!(external("sha2-256/node:crypto"));
    assert!(external("crc32c/go:hash/crc32"));
    assert!(!external("sha2-256/openssl"));
    assert!(!external("baseline/nop"));
}

#[test]
fn each_external_row_is_set_beside_the_fastest_in_process() {
    let mut run = run_with(vec![
        cell_with("sha2-256/openssl", 1, 4096, 2000.0),
        cell_with("sha2-256/sha2", 1, 4096, 1000.0),
        cell_with("sha2-256/node:crypto", 1, 4096, 3000.0),
        cell_with("crc32/crc32fast", 1, 4096, 100.0),
    ]);
    let mut floor = cell_with("nop/node", 1, 4096, 20.0);
    floor.algorithm = None;
    run.runtime_floors.push(floor);
    let text = section(&run, Style::Terminal);
    assert!(text.contains("sha2-256 across runtimes"), "{text}");
    assert!(!text.contains("crc32 across"), "{text}");
    assert!(text.contains("(3.0x)"), "{text}");
    assert!(text.contains("(1.0x)"), "{text}");
    assert!(
        text.contains("nop/node") && text.contains("20.00 ns"),
        "{text}"
    );
    assert_eq!(
        section(
            &run_with(vec![cell_with("a/b", 1, 64, 1.0)]),
            Style::Terminal
        ),
        ""
    );
}
