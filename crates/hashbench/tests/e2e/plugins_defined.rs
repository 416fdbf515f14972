//! A new algorithm from a plugin's manifest, end to end (docs/plugins.md, "A new
//! algorithm"): `examples/plugins/fnv1a-64` defines FNV-1a 64, which the catalogue does
//! not have, with known answers from Go's standard library. It is verified against them,
//! measured beside a catalogue implementation while no filter names it, recorded with the
//! manifest's claims said to be claims; a copy with one wrong answer is refused naming
//! it, known answers that cannot be read end the plugin alone, and a manifest that would
//! redefine a catalogue id is refused with the reason.
//! Skipped, with a message, where no C compiler runs.

use std::path::Path;

use crate::common::{run_exit, run_ok};
use crate::plugins::{compiler_here, example, hashbench_in, run_with};

/// A copy of the example in `dir`, its manifest and vectors changed by `edit`.
fn edited(dir: &Path, edit: impl Fn(&str, String) -> String) -> std::path::PathBuf {
    let to = dir.join("fnv-copy");
    std::fs::create_dir_all(&to).expect("a folder for the copy");
    let example = example("fnv1a-64");
    for entry in std::fs::read_dir(&example).expect("the example's folder") {
        let from = entry.expect("a file of the example").path();
        if let (true, Some(name)) = (from.is_file(), from.file_name()) {
            let name = name.to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&from).expect("the example's text");
            std::fs::write(to.join(&name), edit(&name, text)).expect("the copy written");
        }
    }
    to
}

#[test]
fn a_new_algorithm_is_checked_by_its_own_answers_and_measured_beside_the_catalogue() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Beside crc32/crc32fast: no filter names the plugin's algorithm.
    let run = run_with(dir.path(), &[example("fnv1a-64")], &[], 0);
    let measured: Vec<&str> = run["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["implementation"].as_str())
        .collect();
    assert!(
        measured.contains(&"fnv1a-64/plugin:fnv1a-64") && measured.contains(&"crc32/crc32fast"),
        "{measured:?}"
    );
    assert_eq!(run["classes"]["fnv1a-64"], "non-cryptographic-hash");
    let props = run["properties"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "fnv1a-64")
        .expect("the defined algorithm's properties are recorded");
    assert_eq!(props["output_bits"], 64);
    let note = props["note"].as_str().unwrap();
    assert!(note.contains("defined by a plugin's manifest"), "{note}");
    let smhasher3 = props["hash"]["smhasher3"]["source"].as_str().unwrap();
    assert!(smhasher3.starts_with("not looked up"), "{smhasher3}");
    assert!(props["collision_bits"].is_null());

    // verify holds it to the manifest's answers; one wrong answer is named.
    let mut good = hashbench_in(dir.path());
    good.args(["verify", "--plugin"]).arg(example("fnv1a-64"));
    let out = String::from_utf8_lossy(&run_ok(&mut good).stdout).into_owned();
    assert!(
        out.contains("PASS  fnv1a-64/plugin:fnv1a-64")
            && out.contains("(its manifest's known answers; nothing else to agree with)"),
        "{out}"
    );
    let wrong = edited(dir.path(), |name, text| {
        if name == "vectors.json" {
            text.replace("85944171f73967e8", "85944171f73967e9")
        } else {
            text
        }
    });
    let mut bad = hashbench_in(dir.path());
    bad.args(["verify", "--plugin"]).arg(&wrong);
    let out = String::from_utf8_lossy(&run_exit(&mut bad, 1).stdout).into_owned();
    assert!(
        out.contains("FAIL  fnv1a-64/plugin:fnv-copy")
            && out.contains("vectors.json #2")
            && out.contains("expected 85944171f73967e9"),
        "{out}"
    );
}

#[test]
fn unreadable_known_answers_end_the_plugin_alone_and_the_run_is_saved() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let broken = edited(dir.path(), |name, text| {
        if name == "vectors.json" {
            text[..text.len() / 2].to_string()
        } else {
            text
        }
    });
    let run = run_with(dir.path(), &[broken], &[], 0);
    assert_eq!(run["cells"].as_array().unwrap().len(), 1, "{run}");
    let skipped = run["skipped"].to_string();
    assert!(
        skipped.contains("the known answers") && skipped.contains("not a valid vector file"),
        "{skipped}"
    );
}

#[test]
fn a_manifest_that_redefines_a_catalogue_algorithm_is_refused_with_the_reason() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let taken = edited(dir.path(), |name, text| {
        if name == "hashbench-plugin.toml" {
            text.replace("id = \"fnv1a-64\"", "id = \"xxh64\"")
        } else {
            text
        }
    });
    let mut cmd = hashbench_in(dir.path());
    cmd.args(["verify", "--plugin"]).arg(&taken);
    // As any plugin that cannot be built or loaded: unavailable here, with the reason.
    let out = run_ok(&mut cmd);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("unavailable here")
            && said.contains("[define]: the id \"xxh64\" is the catalogue's"),
        "{said}"
    );
}
