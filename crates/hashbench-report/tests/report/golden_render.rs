//! The golden renderings (`fixtures/golden/expected/`),
//! reproduced through this crate's own entry point, [`hashbench_report::render`]: every
//! saved run in every format, metric and layout that `hashbench report FILE` renders
//! without `--relative-to` prints byte for byte what is checked in there. This pins the
//! renderer picked for each (format, metric, layout) and what it prints, independently of
//! the binary's flags.

use std::path::PathBuf;

use hashbench_model::Metric;
use hashbench_model::{load_run, Layout, Run};
use hashbench_report::{render_with, Format, TextOptions};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The saved runs, by the stem of their expected renderings.
fn runs() -> Vec<(&'static str, PathBuf)> {
    let golden = crate_dir().join("../../fixtures/golden");
    vec![
        ("time", golden.join("time.json")),
        ("btrfs", golden.join("btrfs.json")),
        ("crystal", golden.join("crystal.json")),
        ("run-v2", crate_dir().join("../../fixtures/run-v2.json")),
    ]
}

fn load(path: &PathBuf) -> Run {
    let text = std::fs::read_to_string(path).expect("the saved run is readable");
    load_run(&path.display().to_string(), &text).expect("the saved run loads")
}

fn expected(name: &str) -> Option<String> {
    let path = crate_dir()
        .join("../../fixtures/golden/expected")
        .join(name);
    std::fs::read_to_string(path).ok()
}

/// The table formats, with the suffix of their expected files.
const TABLES: [(Format, &str, &str); 2] = [
    (Format::Table, "table", "txt"),
    (Format::Markdown, "markdown", "md"),
];

#[test]
fn every_saved_run_renders_as_its_golden_files() {
    let mut checked = 0;
    let mut check = |name: String, got: String| {
        let want = expected(&name).unwrap_or_else(|| panic!("no expected file {name}"));
        assert!(got == want, "{name} differs:\n{got}");
        checked += 1;
    };
    for (stem, path) in runs() {
        let run = load(&path);
        // `report FILE` without --layout: the run's suite's layout.
        let own = run.suite.as_ref().map(|s| s.layout).unwrap_or_default();
        // As the binary's golden test runs it: COLUMNS=80, colour off, compact unless
        // `--detail` (the `{stem}.table.txt` files).
        let compact = TextOptions {
            width: Some(80),
            ..TextOptions::default()
        };
        let detail = TextOptions {
            detail: true,
            ..compact
        };
        let with = |format, metric, layout, options: &TextOptions| {
            render_with(&run, format, metric, layout, options).expect("renders")
        };
        let r = |format, metric, layout| with(format, metric, layout, &compact);
        check(
            format!("{stem}.compact.table.txt"),
            r(Format::Table, Metric::Time, own),
        );
        for (format, word, ext) in TABLES {
            check(
                format!("{stem}.{word}.{ext}"),
                with(format, Metric::Time, own, &detail),
            );
            check(
                format!("{stem}.cycles.{word}.{ext}"),
                r(format, Metric::Cycles, Layout::Default),
            );
            for name in Layout::NAMES {
                let layout = Layout::parse(name).expect("a layout's name parses");
                check(
                    format!("{stem}.layout-{name}.{word}.{ext}"),
                    r(format, Metric::Time, layout),
                );
            }
        }
        check(format!("{stem}.csv"), r(Format::Csv, Metric::Time, own));
        check(
            format!("{stem}.json.json"),
            r(Format::Json, Metric::Time, own),
        );
    }
    // 4 runs x (compact + 2 table formats x (1 + 1 + 5 layouts) + CSV + JSON).
    assert_eq!(checked, 4 * (1 + 2 * 7 + 2));
}
