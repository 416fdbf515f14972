//! Implementations in other runtimes, end to end: a test-only adapter with a deliberately
//! wrong implementation (caught before timing), a runtime that cannot start or that
//! speaks another protocol version (listed as unavailable with its reason, never a
//! failure), and the real adapters of `adapters/` (set up by `scripts/bootstrap`), every
//! implementation verified. (`adapter_check` runs `hashbench adapter check` on each of
//! them.)

// Helpers here set up fixtures; a failure to is a broken test machine, said by the panic.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use crate::common::{hashbench, output, run_exit, run_ok, stdout};

/// A folder of adapters holding only the test adapter, as the `python` runtime.
fn fake_adapters() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let python = dir.path().join("python");
    std::fs::create_dir(&python).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/fake-adapter/run");
    std::fs::copy(&src, python.join("run")).unwrap();
    dir
}

#[test]
fn a_wrong_adapter_implementation_fails_verification_and_is_never_timed() {
    let dir = fake_adapters();
    let out = run_exit(
        hashbench()
            .env("HASHBENCH_ADAPTERS", dir.path())
            .args(["verify", "python"]),
        1,
    );
    let text = stdout(&out);
    assert!(text.contains("PASS  crc32/python:good [oneshot]"), "{text}");
    assert!(
        text.contains("FAIL  crc32/python:wrong [oneshot]"),
        "{text}"
    );

    let out = run_exit(
        hashbench().env("HASHBENCH_ADAPTERS", dir.path()).args([
            "run", "python", "--sizes", "64", "--time", "0.02", "-q", "--format", "json",
        ]),
        1,
    );
    let run: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<&str> = run["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["implementation"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["crc32/python:good"]);
    let skipped = run["skipped"].as_array().unwrap();
    assert!(
        skipped
            .iter()
            .any(|s| s["implementation"] == "crc32/python:wrong"
                && s["reason"] == "failed-verification"),
        "{skipped:?}"
    );
    // The adapter's package and the runtime's version are recorded with the others.
    let providers = run["providers"].to_string();
    assert!(
        providers.contains("fake 0") && providers.contains("python test"),
        "{providers}"
    );
}

#[test]
fn a_runtime_that_cannot_start_is_unavailable_with_its_reason_not_a_failure() {
    let dir = fake_adapters();
    // No node/ folder in this adapters folder.
    let out = run_ok(
        hashbench()
            .env("HASHBENCH_ADAPTERS", dir.path())
            .args(["list", "node"]),
    );
    let text = stdout(&out);
    assert!(text.contains("node (runtime): UNAVAILABLE"), "{text}");
    assert!(text.contains("set it up with:"), "{text}");
    // `run` of the in-process implementations with --runtime node still measures them.
    let run = run_beside(dir.path(), "node", None);
    assert!(run["skipped"].to_string().contains("runtime/node"));
}

/// `hashbench run crc32/crc32fast --runtime RUNTIME` with `adapters` as the adapters
/// folder (and the test adapter's protocol version, if given): the run, whose one cell
/// is the in-process one whatever becomes of the runtime.
fn run_beside(adapters: &Path, runtime: &str, protocol: Option<&str>) -> serde_json::Value {
    let mut cmd = hashbench();
    cmd.env("HASHBENCH_ADAPTERS", adapters);
    if let Some(version) = protocol {
        cmd.env("FAKE_ADAPTER_PROTOCOL", version);
    }
    let out = run_ok(
        cmd.args(["run", "crc32/crc32fast", "--runtime", runtime])
            .args(["--sizes", "64", "--time", "0.02", "-q", "--format", "json"]),
    );
    let run: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(run["cells"].as_array().unwrap().len(), 1, "{run}");
    run
}

#[test]
fn an_adapter_of_another_protocol_version_is_unavailable_with_the_reason_and_its_setup() {
    let dir = fake_adapters();
    let setup = format!("{}", dir.path().join("python").join("setup").display());
    for (version, reason) in [
        ("2", "python adapter: it speaks protocol version 2, this hashbench speaks version 1"),
        ("0", "python adapter: it speaks protocol version 0, this hashbench speaks version 1"),
        ("none", "python adapter: its hello reports no protocol version, this hashbench speaks version 1"),
    ] {
        let out = run_ok(
            hashbench()
                .env("HASHBENCH_ADAPTERS", dir.path())
                .env("FAKE_ADAPTER_PROTOCOL", version)
                .args(["list", "python"]),
        );
        let text = stdout(&out);
        assert!(
            text.contains(&format!("python (runtime): UNAVAILABLE: {reason}")),
            "{text}"
        );
        assert!(text.contains(&format!("set it up with: {setup}")), "{text}");
        assert!(!text.contains("crc32/python:good"), "{text}");
    }
    // A run goes on without it, and says why in its skipped list, as for a runtime that
    // cannot start.
    let run = run_beside(dir.path(), "python", Some("2"));
    let skipped = run["skipped"].to_string();
    assert!(
        skipped.contains("runtime/python") && skipped.contains("protocol version 2"),
        "{skipped}"
    );
}

#[test]
fn bad_runtime_names_are_usage_errors() {
    run_exit(hashbench().args(["run", "--runtime", "cobol"]), 2);
    let out = output(hashbench().args(["list", "--runtime", "nodejs"]));
    assert_eq!(out.status.code(), Some(2));
}

/// The repository's own adapters folder.
fn adapters() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../adapters")
}

#[test]
fn every_real_adapter_implementation_passes_the_known_answers_and_agrees_with_in_process() {
    let out = output(hashbench().env("HASHBENCH_ADAPTERS", adapters()).args([
        "verify", "node", "python", "go", "java", "crystal", "--format", "json",
    ]));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let unavailable: Vec<String> = report["outcomes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|o| o["status"]["status"] != "passed")
        .map(|o| format!("{} {}", o["implementation"], o["status"]))
        .collect();
    assert!(
        out.status.success() && unavailable.is_empty(),
        "the runtime adapters must be set up (scripts/bootstrap does it) and pass:\n{}\n{}",
        unavailable.join("\n"),
        String::from_utf8_lossy(&out.stderr)
    );
    // Every runtime took part.
    let text = report["outcomes"].to_string();
    for runtime in ["node", "python", "go", "java", "crystal"] {
        assert!(text.contains(&format!("/{runtime}:")), "{runtime}");
    }
    assert!(report["passed"].as_u64().unwrap() > 100);
}

/// `--adapter 'COMMAND ...'`: any program that speaks the protocol, given by its
/// command line (here the test adapter through `python3`, quoted as a shell would, run
/// without one), is started beside the catalogue; its right implementation is measured,
/// its wrong one refused before timing; a suite file's `adapters` key does the same; and
/// a command that cannot start is a skipped entry with its reason, never a failure.
#[test]
fn your_own_adapter_is_measured_beside_the_catalogue() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/fake-adapter/run");
    let command = format!("python3 '{}'", script.display());
    let args = ["--sizes", "64", "--time", "0.02", "-q", "--format", "json"];
    let ids = |run: &serde_json::Value| -> Vec<String> {
        run["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["implementation"].as_str().unwrap().to_string())
            .collect()
    };
    let out = run_exit(
        hashbench()
            .args(["run", "crc32/crc32fast", "--adapter", &command])
            .args(args),
        1,
    );
    let run: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(ids(&run), ["crc32/crc32fast", "crc32/python:good"]);
    assert!(
        run["skipped"].to_string().contains("crc32/python:wrong"),
        "{}",
        run["skipped"]
    );

    // The same adapter from a suite file's key.
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("mine.toml");
    std::fs::write(
        &suite,
        format!(
            "name = \"mine\"\ndescription = \"d\"\nimplementations = [\"crc32/crc32fast\"]\n\
             sizes = \"64\"\nadapters = [{:?}]\n",
            command
        ),
    )
    .unwrap();
    let out = run_exit(
        hashbench()
            .args(["suite", "--file"])
            .arg(&suite)
            .args(&args[2..]),
        1,
    );
    let run: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(ids(&run), ["crc32/crc32fast", "crc32/python:good"]);

    // A command that cannot start: skipped, with why; the rest is measured.
    let out = run_ok(
        hashbench()
            .args([
                "run",
                "crc32/crc32fast",
                "--adapter",
                "./no-such-adapter --flag",
            ])
            .args(args),
    );
    let run: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(ids(&run), ["crc32/crc32fast"]);
    let skipped = run["skipped"].to_string();
    assert!(
        skipped.contains("adapter `./no-such-adapter --flag`")
            && skipped.contains("cannot start ./no-such-adapter"),
        "{skipped}"
    );

    // `list` shows what the adapter offers, and `verify` checks it: the wrong one fails.
    let out = run_ok(hashbench().args(["list", "--adapter", &command]));
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(
        listed.contains("crc32/python:good") && listed.contains("crc32/python:wrong"),
        "{listed}"
    );
    // Said to come through the user's adapter, although it calls its runtime `python`,
    // the name of one hashbench ships: what speaks for it was recorded when it started.
    assert!(listed.contains("through your adapter"), "{listed}");
    assert!(!listed.contains("adapters/python"), "{listed}");
    let out = run_exit(
        hashbench().args(["verify", "crc32/crc32fast", "--adapter", &command]),
        1,
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("crc32/python:wrong") && said.contains("1 failed"),
        "{said}"
    );
}

/// An installed binary, run outside any checkout, finds the adapters it carries: unpacked
/// once into the data directory, each named with the setup to run there.
#[test]
fn an_installed_binary_carries_the_adapters_outside_a_checkout() {
    let place = tempfile::tempdir().unwrap();
    let binary = place.path().join("hashbench");
    std::fs::copy(assert_cmd::cargo::cargo_bin("hashbench"), &binary).unwrap();
    let data = place.path().join("data");
    let list = |dir: &Path| {
        std::process::Command::new(&binary)
            .current_dir(dir)
            .env_remove("HASHBENCH_ADAPTERS")
            .env("HASHBENCH_DATA_DIR", &data)
            .env("HASHBENCH_MACHINE_MEMORY", "off")
            .args(["list", "--runtime", "python"])
            .output()
            .unwrap()
    };
    let out = list(place.path());
    let text = stdout(&out);
    assert!(text.contains("python (runtime): UNAVAILABLE"), "{text}");
    assert!(text.contains("set it up with: data/adapters/"), "{text}");
    let unpacked: Vec<PathBuf> = std::fs::read_dir(data.join("adapters"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(unpacked.len(), 1, "{unpacked:?}");
    for runtime in ["node", "python", "go", "java", "crystal"] {
        assert!(
            unpacked[0].join(runtime).join("setup").is_file(),
            "{runtime}: {unpacked:?}"
        );
    }
    // A second run from elsewhere uses the same folder.
    let elsewhere = tempfile::tempdir().unwrap();
    let again = stdout(&list(elsewhere.path()));
    assert!(
        again.contains(&unpacked[0].display().to_string()),
        "{again}"
    );
}
