//! The terminal view's width, detail and colour, as the binary decides them: `COLUMNS`,
//! `--detail`, `--color`, `NO_COLOR`.

use crate::common::{hashbench, run_ok, stdout};

/// A saved run with several implementations, patterns and thread counts.
const RUN: &str = "../../fixtures/golden/time.json";

fn report(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = hashbench();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("report")
        .arg(RUN)
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    stdout(&run_ok(&mut cmd))
}

fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

#[test]
fn columns_sets_the_width_and_a_pipe_without_it_gets_full_width() {
    let narrow = report(&[], &[("COLUMNS", "80")]);
    assert!(widest(&narrow) <= 80, "{narrow}");
    let wide = report(&[], &[("COLUMNS", "200")]);
    assert!(widest(&wide) > 80 && widest(&wide) <= 200, "{wide}");
    // The wider view has room for the columns the narrow one dropped.
    assert!(
        wide.contains("backend") && !narrow.contains("backend"),
        "{wide}"
    );
    // Not a number: ignored; a pipe then has no limit.
    let piped = report(&[], &[("COLUMNS", "wide")]);
    assert_eq!(piped, report(&[], &[]));
    assert!(widest(&piped) >= widest(&wide), "{piped}");
}

#[test]
fn the_compact_view_hides_the_detail_that_detail_shows() {
    let compact = report(&[], &[]);
    assert!(compact.contains("Ranking at 4 KiB"), "{compact}");
    for section in ["\nDetail\n", "\nCost model", "\nBaselines\n"] {
        assert!(
            !compact.contains(section),
            "{section} in the compact view:\n{compact}"
        );
    }
    assert!(compact.contains("More: --detail"), "{compact}");
    let detail = report(&["--detail"], &[]);
    for section in ["\nDetail\n", "\nBaselines\n"] {
        assert!(
            detail.contains(section),
            "no {section} with --detail:\n{detail}"
        );
    }
    assert_eq!(report(&["--format", "table-full"], &[]), detail);
    // Skipped implementations stay visible in the compact view.
    assert!(compact.contains("\nSkipped\n"), "{compact}");
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    assert!(
        !report(&[], &[]).contains('\u{1b}'),
        "a pipe is not coloured"
    );
    assert!(!report(&["--color", "never"], &[]).contains('\u{1b}'));
    assert!(!report(&[], &[("NO_COLOR", "1")]).contains('\u{1b}'));
    assert!(!report(&[], &[("CLICOLOR_FORCE", "1")]).contains('\u{1b}'));
    let always = report(&["--color", "always"], &[("COLUMNS", "80")]);
    assert!(always.contains("\u{1b}["), "{always}");
    // Colour does not count as width.
    let plain: String = strip(&always);
    assert_eq!(plain, report(&[], &[("COLUMNS", "80")]));
    // Markdown is for files: never coloured.
    assert!(!report(&["--color", "always", "--format", "markdown"], &[]).contains('\u{1b}'));
}

/// `text` without ANSI SGR sequences (`ESC [ ... m`).
fn strip(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `compare` of the saved run with itself, as the binary fits it to `COLUMNS`.
fn compare(columns: &str) -> String {
    let mut cmd = hashbench();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["compare", RUN, RUN])
        .env_remove("NO_COLOR")
        .env("COLUMNS", columns);
    stdout(&run_ok(&mut cmd))
}

/// The table's lines of a `compare` report: from its header to the counts under it.
fn compare_table(text: &str) -> Vec<&str> {
    text.lines()
        .skip_while(|l| !l.starts_with("implementation"))
        .take_while(|l| !l.contains("cells joined"))
        .collect()
}

#[test]
fn compare_and_detail_tables_fit_columns_and_say_what_they_left_out() {
    let narrow = compare("80");
    let table = compare_table(&narrow);
    assert!(table.iter().all(|l| l.chars().count() <= 80), "{narrow}");
    assert!(!table[0].contains("threads"), "{narrow}");
    assert!(
        table
            .iter()
            .any(|l| l.starts_with("(left out to fit 80 columns: ")),
        "{narrow}"
    );
    let wide = compare("250");
    assert!(compare_table(&wide)[0].contains("threads"), "{wide}");
    assert!(!wide.contains("left out"), "{wide}");
    // --detail, at 80 columns and at 250.
    let detail = report(&["--detail"], &[("COLUMNS", "80")]);
    assert!(detail.contains("(left out to fit 80 columns: "), "{detail}");
    let detail_wide = report(&["--detail"], &[("COLUMNS", "250")]);
    assert!(!detail_wide.contains("left out"), "{detail_wide}");
    assert!(detail_wide.contains("B alloc/call"), "{detail_wide}");
}
