//! Records how this binary was built, for the `build` block of every result: rustc
//! version, profile, target, flags, and the git commit when built in a checkout.

use std::process::Command;

fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = output(Command::new(rustc).arg("-V")).unwrap_or_else(|| "unknown".into());
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS")
        .unwrap_or_default()
        .replace('\u{1f}', " ");
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let commit = output(Command::new("git").args(["-C", &manifest, "rev-parse", "HEAD"]));
    let dirty = output(Command::new("git").args(["-C", &manifest, "status", "--porcelain"]))
        .is_some_and(|s| !s.is_empty());
    println!("cargo:rustc-env=HASHBENCH_RUSTC={version}");
    println!("cargo:rustc-env=HASHBENCH_RUSTFLAGS={flags}");
    for var in ["PROFILE", "TARGET", "OPT_LEVEL"] {
        println!(
            "cargo:rustc-env=HASHBENCH_{var}={}",
            std::env::var(var).unwrap_or_default()
        );
    }
    let commit = commit.map_or(
        String::new(),
        |c| if dirty { format!("{c}-dirty") } else { c },
    );
    println!("cargo:rustc-env=HASHBENCH_GIT_COMMIT={commit}");
    // For `hashbench -V`: the commit, or that there was none.
    let shown = if commit.is_empty() {
        "not built from a git checkout".to_string()
    } else {
        format!("commit {commit}")
    };
    println!("cargo:rustc-env=HASHBENCH_VERSION_COMMIT={shown}");
    // A new commit changes HEAD or the ref it points to.
    for path in [
        "../../.git/HEAD",
        "../../.git/refs/heads",
        "../../.git/index",
    ] {
        if std::path::Path::new(&manifest).join(path).exists() {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    println!("cargo:rerun-if-changed=build.rs");
}
