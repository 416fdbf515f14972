//! The published data files must be exactly what `published/extract.py` transcribes
//! from the seed documents (shared/seeds beside the repository, as in CI), so no figure
//! can be edited by hand without the script, or the seeds, saying so.

use std::path::PathBuf;
use std::process::Command;

// The seed documents are other people's text and not part of the repository, so a clone
// alone cannot run this check: it is ignored by default, and `scripts/test` runs it
// whenever the seeds are beside the checkout (as in CI). Run by hand, it fails without
// them rather than pass having checked nothing.
#[test]
#[ignore = "needs the seed documents (../shared/seeds or HASHBENCH_SEEDS); scripts/test runs it when they are there"]
fn published_files_match_their_transcription_from_the_seeds() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let seeds = std::env::var_os("HASHBENCH_SEEDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/seeds"));
    assert!(
        seeds.is_dir(),
        "{} not found: the seed documents live in shared/seeds beside the repository \
         (set HASHBENCH_SEEDS to another copy)",
        seeds.display()
    );
    let output = Command::new("python3")
        .arg(root.join("published/extract.py"))
        .arg("--seeds")
        .arg(&seeds)
        .arg("--check")
        .output()
        .expect("run python3 published/extract.py");
    assert!(
        output.status.success(),
        "published/extract.py --check failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
