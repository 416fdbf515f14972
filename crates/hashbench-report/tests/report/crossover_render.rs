//! The crossover report, moved here from the binary: `hashbench crossover A B --from
//! time.json` as the binary's own renderer printed it before the move (main's debug
//! build, files in `fixtures/crossover/`), reproduced through
//! [`hashbench_report::render::crossover`].

use std::path::PathBuf;

use hashbench_analysis::costmodel::answer::CrossoverAnswer;
use hashbench_analysis::costmodel::{crossover, series};
use hashbench_model::{load_run, Cell, Run};
use hashbench_report::render::crossover::{json, table};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn time_run() -> Run {
    let path = crate_dir().join("../../fixtures/golden/time.json");
    let text = std::fs::read_to_string(&path).expect("the saved run is readable");
    load_run("time.json", &text).expect("the saved run loads")
}

/// The series the binary picks for `id`: one-shot, the most threads unless `threads`
/// says (then that count, or one thread).
fn pick<'a>(run: &'a Run, id: &str, threads: Option<usize>) -> Vec<&'a Cell> {
    series(run)
        .into_iter()
        .filter(|g| g[0].implementation.id() == id && g[0].pattern.is_oneshot())
        .filter(|g| threads.is_none_or(|n| g[0].threads == n || g[0].threads == 1))
        .max_by_key(|g| g[0].threads)
        .expect("the run has the series")
}

fn expected(name: &str) -> String {
    std::fs::read_to_string(crate_dir().join("../../fixtures/crossover").join(name))
        .expect("the expected file is readable")
}

#[test]
fn the_crossover_report_prints_as_the_binary_printed_it() {
    let run = time_run();
    for (a, b, threads, stem) in [
        ("crc32/crc32fast", "sha2-256/sha2", None, "crc32fast-sha2"),
        ("sha2-256/sha2", "crc32/crc32fast", None, "sha2-crc32fast"),
        (
            "blake3/blake3+rayon",
            "sha2-256/openssl",
            None,
            "blake3-openssl",
        ),
        (
            "blake3/blake3+rayon",
            "sha2-256/openssl",
            Some(1),
            "blake3-1-openssl",
        ),
    ] {
        let (ca, cb) = (pick(&run, a, threads), pick(&run, b, threads));
        let x = crossover(&ca[0].label(), &ca, &cb[0].label(), &cb);
        let answer = CrossoverAnswer::new(x, (&ca, &cb), run.tsc_hz, run.complete);
        let text = table(&answer);
        assert_eq!(text, expected(&format!("{stem}.txt")), "{stem}");
        if threads.is_none() && stem != "sha2-crc32fast" {
            let data = json(&answer).expect("serialises");
            assert_eq!(data, expected(&format!("{stem}.json")), "{stem}");
        }
    }
}
