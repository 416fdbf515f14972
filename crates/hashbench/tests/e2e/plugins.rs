//! `--plugin PATH`, end to end (docs/plugins.md): the example plugins built with the
//! system C compiler, verified and measured beside the catalogue, their origin recorded;
//! and each plugin of `fixtures/plugins/` that is wrong on purpose ending with its
//! reason while the rest of the run is measured and saved. Skipped, with a message, where
//! no C compiler runs.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{hashbench, read_json, run_exit, run_ok, show};

/// Whether a C compiler runs here (`$CC` or `cc`), said when not.
pub(crate) fn compiler_here() -> bool {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    // Words as a shell splits a plain `$CC` (`ccache gcc`); quotes are not needed here.
    let words: Vec<&str> = cc.split_whitespace().collect();
    let ok = words.split_first().is_some_and(|(program, args)| {
        std::process::Command::new(program)
            .args(args)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if !ok {
        eprintln!("skipped: no C compiler ({cc}) runs here, and --plugin builds with one");
    }
    ok
}

pub(crate) fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/plugins")
        .join(name)
}

fn bad(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/plugins")
        .join(name)
}

/// `hashbench` with its plugin builds cached in `dir`, not in the user's cache.
pub(crate) fn hashbench_in(dir: &Path) -> assert_cmd::Command {
    let mut cmd = hashbench();
    cmd.env("HASHBENCH_CACHE_DIR", dir.join("cache"));
    cmd
}

/// `hashbench run crc32/crc32fast --plugin PATH... ARGS -o run.json`, its builds cached
/// in `dir`, exiting `code`; the saved run.
pub(crate) fn run_with(dir: &Path, plugins: &[PathBuf], args: &[&str], code: i32) -> Value {
    let saved = dir.join("run.json");
    let mut cmd = hashbench_in(dir);
    cmd.args(["run", "crc32/crc32fast"])
        .args(args)
        .args(["--sizes", "64", "--time", "0.01", "--rounds", "1", "-q"])
        .args(["--format", "json", "-o"])
        .arg(&saved);
    for p in plugins {
        cmd.arg("--plugin").arg(p);
    }
    if code == 0 {
        run_ok(&mut cmd);
    } else {
        run_exit(&mut cmd, code);
    }
    read_json(&saved)
}

fn cells(run: &Value) -> Vec<(String, String)> {
    run["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|c| {
            (
                c["implementation"].as_str().unwrap_or_default().to_string(),
                c["pattern"].as_str().unwrap_or("oneshot").to_string(),
            )
        })
        .collect()
}

#[test]
fn an_ebash_plugin_is_verified_and_measured_beside_the_catalogue_with_its_origin() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run = run_with(dir.path(), &[example("crc32-ebash")], &[], 0);
    let ids: Vec<String> = cells(&run).into_iter().map(|c| c.0).collect();
    assert!(ids.contains(&"crc32/crc32fast".to_string()), "{ids:?}");
    assert!(
        ids.contains(&"crc32/plugin:crc32-ebash".to_string()),
        "{ids:?}"
    );
    // Where it came from: the library's sha256, the compiler and every flag.
    let providers = run["providers"].to_string();
    for part in [
        "plugin:crc32-ebash",
        "sha256 ",
        "-O3 -fPIC -shared",
        "built from",
    ] {
        assert!(providers.contains(part), "{part}: {providers}");
    }
    // And as data, for a program to read.
    let plugin = run["providers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| {
            p["provider"]
                .as_str()
                .unwrap()
                .starts_with("plugin:crc32-ebash")
        })
        .unwrap();
    let origin = &plugin["origin"];
    assert!(
        origin["given"]
            .as_str()
            .unwrap()
            .ends_with("examples/plugins/crc32-ebash"),
        "{origin}"
    );
    assert_eq!(origin["sha256"].as_str().unwrap().len(), 64, "{origin}");
    assert_eq!(
        origin["flags"],
        serde_json::json!(["-O3", "-fPIC", "-shared"]),
        "{origin}"
    );
    assert!(origin["compiler_version"].is_string(), "{origin}");
    assert!(
        run["skipped"].as_array().unwrap().is_empty(),
        "{}",
        run["skipped"]
    );
    // A second run loads the cached build: the same library.
    let again = run_with(dir.path(), &[example("crc32-ebash")], &[], 0);
    assert_eq!(again["providers"], run["providers"]);
}

#[test]
fn a_plugin_through_the_header_is_measured_in_each_pattern_it_expresses() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run = run_with(
        dir.path(),
        &[example("adler32-stream")],
        &["adler32/adler2", "--pattern", "oneshot,new,reuse"],
        0,
    );
    let got = cells(&run);
    for pattern in ["oneshot", "new", "reuse"] {
        assert!(
            got.contains(&(
                "adler32/plugin:adler32-stream".to_string(),
                pattern.to_string()
            )),
            "{pattern}: {got:?}"
        );
    }
}

#[test]
fn each_bad_plugin_ends_with_its_reason_and_the_rest_of_the_run_is_saved() {
    if !compiler_here() {
        return;
    }
    // (plugin, exit code, the skipped entry's implementation, what its reason says)
    let cases: &[(&str, i32, &str, &str)] = &[
        (
            "wrong-answers",
            1,
            "crc32/plugin:wrong-answers",
            "expected cbf43926 got cbf43927",
        ),
        (
            "segfault",
            1,
            "crc32/plugin:segfault",
            "killed by signal 11, SIGSEGV",
        ),
        (
            "overflow",
            1,
            "crc32/plugin:overflow",
            "wrote past its 4-byte output",
        ),
        ("nonzero", 1, "crc32/plugin:nonzero", "oneshot returned 3"),
        (
            "no-symbol",
            0,
            "runtime/plugin",
            "no symbol hashbench_plugin_v1",
        ),
        (
            "not-a-library.so",
            0,
            "runtime/plugin",
            "not a shared library hashbench can load",
        ),
        ("compile-error", 0, "runtime/plugin", "this_is_not_declared"),
        (
            "unlinked",
            0,
            "runtime/plugin",
            "undefined symbol: hashbench_fixture_nowhere: a function it calls is in no \
             library linked to it",
        ),
    ];
    for &(name, code, id, says) in cases {
        let dir = tempfile::tempdir().unwrap();
        let run = run_with(dir.path(), &[bad(name)], &[], code);
        let ids: Vec<String> = cells(&run).into_iter().map(|c| c.0).collect();
        assert_eq!(ids, ["crc32/crc32fast"], "{name}");
        let skipped = run["skipped"].as_array().unwrap();
        assert!(
            skipped.iter().any(|s| {
                s["implementation"]
                    .as_str()
                    .unwrap_or_default()
                    .starts_with(id)
                    && s["details"].to_string().contains(says)
            }),
            "{name}: {skipped:#?}"
        );
    }
}

#[test]
fn a_plugin_that_crashes_while_it_is_timed_ends_alone_and_the_run_is_saved() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("run.json");
    let out = hashbench_in(dir.path())
        .args(["run", "crc32/crc32fast", "--plugin"])
        .arg(bad("crash-in-timing"))
        .args([
            "--sizes", "64,7777", "--time", "0.01", "--rounds", "1", "-q",
        ])
        .args(["--format", "json", "-o"])
        .arg(&saved)
        .output()
        .unwrap();
    let run = read_json(&saved);
    let ids: Vec<String> = cells(&run).into_iter().map(|c| c.0).collect();
    assert_eq!(
        ids.iter().filter(|i| *i == "crc32/crc32fast").count(),
        2,
        "{ids:?} {}",
        show(&out)
    );
    let skipped = run["skipped"].to_string();
    assert!(
        skipped.contains("adapter-failed") && skipped.contains("killed by signal 11, SIGSEGV"),
        "{skipped}"
    );
}

#[test]
fn verify_checks_a_plugin_and_refuses_one_with_wrong_answers_naming_the_vector() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let verify = |plugin: PathBuf, code: i32| {
        let mut cmd = hashbench_in(dir.path());
        cmd.args(["verify", "crc32/crc32fast", "--plugin"])
            .arg(plugin);
        let out = run_exit(&mut cmd, code);
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let good = verify(example("crc32-ebash"), 0);
    assert!(
        good.contains("PASS  crc32/plugin:crc32-ebash") && good.contains("0 failed"),
        "{good}"
    );
    let wrong = verify(bad("wrong-answers"), 1);
    assert!(
        wrong.contains("FAIL  crc32/plugin:wrong-answers") && wrong.contains("vector crc32.json"),
        "{wrong}"
    );
}

#[test]
fn recommend_shows_a_plugin_beside_the_catalogues_answer() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = hashbench_in(dir.path());
    cmd.args([
        "recommend",
        "--size",
        "4k",
        "--need",
        "checksum",
        "--min-bits",
        "32",
    ])
    .args(["--time", "0.01", "-q", "--format", "json", "--plugin"])
    .arg(example("crc32-ebash"));
    let out = run_ok(&mut cmd);
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rec = &answer["recommendations"][0];
    // The example is a plain table-driven CRC: far behind the catalogue's best crc32, so
    // only its own list shows it, with its ratio to the answer.
    let yours = rec["outside_catalogue"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    assert!(
        yours
            .iter()
            .any(|c| c["implementation"] == "crc32/plugin:crc32-ebash"
                && c["ratio"].as_f64() > Some(1.0)),
        "{}",
        show(&out)
    );
}

/// `verify --fuzz` takes plugins too: each is fuzzed against its algorithm's catalogue
/// reference, a wrong one disagrees (exit 1) and the replay line names the plugin.
#[test]
fn a_plugin_is_fuzzed_against_the_catalogue() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fuzz = |plugin: &Path, code| {
        let mut cmd = hashbench_in(dir.path());
        cmd.args(["verify", "--fuzz", "40", "--seed", "5", "--plugin"])
            .arg(plugin);
        run_exit(&mut cmd, code)
    };
    let good = fuzz(&example("crc32-ebash"), 0);
    let text = String::from_utf8_lossy(&good.stdout).into_owned();
    assert!(
        text.contains("40 cases, seed 5, 1 algorithm, 2 implementations")
            && text.contains(": 0 disagreements"),
        "{text}"
    );
    let wrong = fuzz(&bad("wrong-answers"), 1);
    let text = String::from_utf8_lossy(&wrong.stdout).into_owned();
    assert!(
        text.contains("crc32/plugin:wrong-answers [oneshot] oneshot"),
        "{text}"
    );
    assert!(text.contains("<- differs"), "{text}");
    assert!(
        text.contains("replay: hashbench verify --fuzz 40 --seed 5 --plugin="),
        "{text}"
    );
}

#[test]
fn list_shows_what_a_plugin_offers_or_why_it_cannot_run() {
    if !compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let list = |plugin: PathBuf, format: &str| {
        let mut cmd = hashbench_in(dir.path());
        cmd.args(["list", "--format", format, "--plugin"])
            .arg(plugin);
        let out = run_ok(&mut cmd);
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let text = list(example("crc32-ebash"), "table");
    assert!(
        text.contains("plugin (runtime ABI 1), through hashbench's plugin worker:")
            && text.contains("crc32/plugin:crc32-ebash")
            && text.contains("eBASH crypto_hash"),
        "{text}"
    );
    let json: Value = serde_json::from_str(&list(example("crc32-ebash"), "json")).unwrap();
    let runtime = &json["runtimes"][0];
    assert_eq!(runtime["through"], "hashbench's plugin worker", "{json}");
    assert_eq!(
        runtime["implementations"][0]["id"], "crc32/plugin:crc32-ebash",
        "{json}"
    );
    // A plugin that cannot be built is listed as unavailable, with the compiler's reason.
    let broken = list(bad("compile-error"), "table");
    assert!(broken.contains("UNAVAILABLE"), "{broken}");
}
