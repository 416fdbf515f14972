//! Records the versions of the crates in this build (from the workspace's Cargo.lock) so
//! results can say exactly which library code ran.

use std::path::{Path, PathBuf};

fn find_lock(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join("Cargo.lock"))
        .find(|p| p.is_file())
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("versions.rs");
    let mut pairs: Vec<(String, String)> = Vec::new();
    if let Some(lock) = find_lock(&manifest) {
        println!("cargo:rerun-if-changed={}", lock.display());
        let text = std::fs::read_to_string(&lock).unwrap_or_default();
        // Cargo.lock is TOML with one `[[package]]` table per crate; `name` and `version`
        // are always its first two keys, so a line scan is enough and needs no parser.
        let mut name: Option<String> = None;
        for line in text.lines() {
            let value = |key: &str| {
                line.strip_prefix(key)
                    .and_then(|rest| rest.trim().strip_prefix('='))
                    .map(|v| v.trim().trim_matches('"').to_string())
            };
            if line.starts_with("[[package]]") {
                name = None;
            } else if let Some(n) = value("name") {
                name = Some(n);
            } else if let (Some(v), Some(n)) = (value("version"), name.take()) {
                pairs.push((n, v));
            }
        }
    }
    pairs.sort();
    let mut src = String::from("pub(crate) static CRATE_VERSIONS: &[(&str, &str)] = &[\n");
    for (n, v) in &pairs {
        src.push_str(&format!("    ({n:?}, {v:?}),\n"));
    }
    src.push_str("];\n");
    // The standard library's version is the compiler's (std's hashers are a provider).
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(
            || "rustc (version unknown)".to_string(),
            |v| v.trim().to_string(),
        );
    src.push_str(&format!("pub(crate) static RUSTC: &str = {version:?};\n"));
    std::fs::write(out, src).expect("write versions.rs");
    println!("cargo:rerun-if-changed=build.rs");
}
