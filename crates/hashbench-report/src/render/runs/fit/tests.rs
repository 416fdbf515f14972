//! Fitting tables to a width: the generic table, then the `--detail` tables and
//! `compare`'s table at a narrow and a wide terminal. Every line of a fitted table is
//! within the width; the columns left out are named under it; wide, nothing is left out.

use super::table;
use crate::render::compare::render_within;
use crate::render::options::TextOptions;
use crate::render::text::terminal_with;
use hashbench_analysis::compare::compare;
use hashbench_model::testutil::analysis::quiet;
use hashbench_model::testutil::run_with;
use hashbench_model::Run;

fn rows() -> Vec<Vec<String>> {
    vec![
        vec![
            "a-long-implementation/name".into(),
            "1.0".into(),
            "x".into(),
        ],
        vec!["b/b".into(), "22.0".into(), "y".into()],
    ]
}

#[test]
fn columns_are_dropped_lowest_first_then_names_cut_and_the_note_says_which() {
    let header = ["implementation", "figure", "extra"];
    let right = [false, true, false];
    let drop = [None, None, Some(1)];
    let wide = table(&header, &rows(), &right, &drop, 0, Some(200));
    assert!(!wide.contains("left out"), "{wide}");
    assert!(wide.contains("a-long-implementation/name  "), "{wide}");
    // 26 + 2 + 6 + 2 + 5 = 41: without `extra`, 26 + 2 + 6 = 34; at 30 the name is cut
    // to 30 - 8 = 22 characters.
    let narrow = table(&header, &rows(), &right, &drop, 0, Some(30));
    let lines: Vec<&str> = narrow.lines().collect();
    assert_eq!(lines[0], "implementation          figure");
    assert_eq!(lines[1], "a-long-implementation…     1.0");
    // The note is wrapped to the width, never cut.
    assert!(
        lines[3].starts_with("(left out to fit 30 columns:"),
        "{narrow}"
    );
    assert!(lines[4].starts_with("extra;"), "{narrow}");
    assert!(lines.iter().all(|l| l.chars().count() <= 30), "{narrow}");
    // No width: nothing fitted, nothing said.
    assert_eq!(table(&header, &rows(), &right, &drop, 0, None), wide);
}

fn run() -> Run {
    run_with(vec![
        quiet("crc32/crc32fast", 64, 10.0),
        quiet("xxh3-64/xxhash-rust", 64, 5.0),
        quiet("sha2-256/openssl", 4096, 1500.0),
    ])
}

fn detail(width: Option<usize>) -> String {
    terminal_with(
        &run(),
        &TextOptions {
            width,
            detail: true,
            color: false,
        },
    )
}

/// The lines of the table under `heading`, up to the blank line after it.
fn section<'a>(text: &'a str, heading: &str) -> Vec<&'a str> {
    text.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

#[test]
fn the_detail_table_fits_a_narrow_terminal_and_keeps_every_column_on_a_wide_one() {
    let wide = detail(Some(250));
    let table = section(&wide, "Detail");
    assert!(table[0].contains("B alloc/call"), "{wide}");
    assert!(table[0].contains("algorithm"), "{wide}");
    assert!(!wide.contains("left out"), "{wide}");
    let narrow = detail(Some(80));
    let table = section(&narrow, "Detail");
    assert!(
        table.iter().all(|l| l.chars().count() <= 80),
        "{}",
        table.join("\n")
    );
    // The allocation counts go first; the implementation, size, throughput and flags
    // stay.
    assert!(!table[0].contains("B alloc/call"), "{narrow}");
    for kept in ["implementation", "size", "throughput", "flags"] {
        assert!(table[0].contains(kept), "{kept}: {narrow}");
    }
    let note = table
        .iter()
        .skip_while(|l| !l.starts_with("(left out"))
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        note.starts_with("(left out to fit 80 columns: algorithm, TSC cycles/B, samples, "),
        "{narrow}"
    );
    assert!(note.contains("backend;"), "{narrow}");
    // Every cell is still a row, each on one line.
    assert!(table.iter().any(|l| l.contains("sha2-256/openssl")));
    assert_eq!(
        table.iter().filter(|l| l.contains(" oneshot ")).count(),
        3,
        "{narrow}"
    );
}

fn compared(width: Option<usize>) -> String {
    let base = run();
    let candidate = run_with(vec![
        quiet("crc32/crc32fast", 64, 13.0),
        quiet("xxh3-64/xxhash-rust", 64, 5.0),
        quiet("sha2-256/openssl", 4096, 750.0),
    ]);
    let c = compare(&base, &candidate, 0.03);
    render_within("a.json", &base, "b.json", &candidate, &c, false, width)
}

#[test]
fn the_compare_table_fits_a_narrow_terminal_and_keeps_every_column_on_a_wide_one() {
    let wide = compared(Some(200));
    assert!(
        wide.lines()
            .any(|l| l.starts_with("implementation") && l.contains("threads")),
        "{wide}"
    );
    assert!(!wide.contains("left out"), "{wide}");
    let narrow = compared(Some(60));
    let table: Vec<&str> = narrow
        .lines()
        .skip_while(|l| !l.starts_with("implementation"))
        .take_while(|l| !l.contains("cells joined"))
        .filter(|l| !l.is_empty())
        .collect();
    // Header, 3 rows and the note, every line within the width.
    assert!(table.iter().all(|l| l.chars().count() <= 60), "{narrow}");
    assert!(!table[0].contains("threads"), "{narrow}");
    for kept in ["implementation", "size", "ratio", "verdict"] {
        assert!(table[0].contains(kept), "{kept}: {narrow}");
    }
    assert!(
        table[4].starts_with("(left out to fit 60 columns: "),
        "{narrow}"
    );
    assert!(narrow.contains("SLOWER by 30.0 %"), "{narrow}");
    // Markdown is never cut.
    let base = run();
    let c = compare(&base, &base, 0.03);
    let md = render_within("a", &base, "b", &base, &c, true, Some(40));
    assert!(md.contains("| threads |"), "{md}");
}
