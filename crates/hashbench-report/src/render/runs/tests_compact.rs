//! The compact terminal view: tie groups, fitting a width, and strings from a run file
//! that must not reach the terminal or a Markdown page raw.

use crate::render::options::TextOptions;
use hashbench_analysis::completion::completed;
use hashbench_model::Run;

/// The renderers get a run completed ([`completed`]); these hand-built ones are too.
fn terminal_with(run: &Run, options: &TextOptions) -> String {
    crate::render::text::terminal_with(&completed(run, &[]), options)
}

fn terminal(run: &Run) -> String {
    crate::render::text::terminal(&completed(run, &[]))
}

fn markdown(run: &Run) -> String {
    crate::render::text::markdown(&completed(run, &[]))
}
use hashbench_model::testutil::analysis::cell_ci;
use hashbench_model::testutil::run_with;
use hashbench_model::{Flag, FlagCode, Skipped};

fn compact(width: Option<usize>) -> TextOptions {
    TextOptions {
        width,
        ..TextOptions::default()
    }
}

#[test]
fn cells_whose_intervals_overlap_the_leaders_share_its_rank() {
    // a and b overlap (90..110 and 100..120); c is apart (200..210).
    let run = run_with(vec![
        cell_ci("c/z", 4096, 205.0, 200.0, 210.0),
        cell_ci("a/x", 4096, 100.0, 90.0, 110.0),
        cell_ci("b/y", 4096, 110.0, 100.0, 120.0),
    ]);
    let text = terminal_with(&run, &compact(None));
    let rows: Vec<(&str, &str)> = text
        .lines()
        .skip_while(|l| !l.starts_with("Ranking at 4 KiB"))
        .skip(2)
        .take(3)
        .map(|l| {
            let mut w = l.split_whitespace();
            (w.next().unwrap(), w.next().unwrap())
        })
        .collect();
    assert_eq!(
        rows,
        vec![("1", "a/x"), ("=1", "b/y"), ("3", "c/z")],
        "{text}"
    );
    assert!(text.contains("=N: tied with #N"), "{text}");
    // Without a tie, no legend.
    let apart = run_with(vec![
        cell_ci("a/x", 4096, 100.0, 99.0, 101.0),
        cell_ci("b/y", 4096, 200.0, 199.0, 201.0),
    ]);
    assert!(!terminal_with(&apart, &compact(None)).contains("tied with"));
}

#[test]
fn a_narrow_width_drops_columns_then_cuts_names() {
    let long = "blake2b-512/a-very-long-provider-name-that-goes-on-and-on";
    let run = run_with(vec![
        cell_ci(long, 4096, 100.0, 90.0, 110.0),
        cell_ci("b/y", 4096, 300.0, 290.0, 310.0),
    ]);
    let wide = terminal_with(&run, &compact(None));
    assert!(wide.contains("backend") && wide.contains(long), "{wide}");
    for width in [80, 60, 50] {
        let text = terminal_with(&run, &compact(Some(width)));
        let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= width, "{width}:\n{text}");
        assert!(
            text.contains("blake2b-512/"),
            "the name's start is kept:\n{text}"
        );
    }
    let narrow = terminal_with(&run, &compact(Some(50)));
    assert!(
        !narrow.contains("backend") && narrow.contains('…'),
        "{narrow}"
    );
}

#[test]
fn control_characters_and_html_from_a_run_file_are_neutralised() {
    let evil = "\u{1b}[31m<script>alert(\"x\")</script>";
    let mut cell = cell_ci(&format!("crc32/{evil}"), 4096, 100.0, 99.0, 101.0);
    cell.backend = format!("avx2 {evil}");
    cell.flags.push(Flag {
        code: FlagCode::HighSpread,
        reason: format!("spread {evil}"),
    });
    let mut run = run_with(vec![cell]);
    run.host.cpu_model = format!("cpu {evil}");
    run.skipped.push(Skipped {
        implementation: format!("sha1/{evil}"),
        pattern: None,
        reason: hashbench_model::SkipReason::FailedVerification,
        details: vec![format!("detail {evil}\u{9b}2J")],
    });
    for text in [
        terminal(&run),
        terminal_with(&run, &compact(Some(80))),
        terminal_with(&run, &compact(None)),
    ] {
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{9b}'),
            "{text:?}"
        );
        assert!(text.contains("\\u{1b}[31m"), "shown escaped: {text}");
    }
    let md = markdown(&run);
    assert!(!md.contains('\u{1b}') && !md.contains('\u{9b}'), "{md:?}");
    assert!(!md.contains("<script>"), "{md}");
    assert!(md.contains("&lt;script&gt;"), "{md}");
}
