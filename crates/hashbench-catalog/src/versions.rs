//! Versions of the crates compiled into this build, recorded by `build.rs`.

include!(concat!(env!("OUT_DIR"), "/versions.rs"));

/// The version of `name` in this build. Where the lock file holds several versions of a
/// crate, they are all named ("0.10.7, 0.11.3").
pub fn crate_version(name: &str) -> Option<String> {
    let found: Vec<&str> = CRATE_VERSIONS
        .iter()
        .filter(|(n, _)| *n == name)
        .map(|(_, v)| *v)
        .collect();
    (!found.is_empty()).then(|| found.join(", "))
}

/// The compiler that built this binary (`rustc 1.95.0 (59807616e 2026-04-14)`): the
/// version of the standard library's code.
pub fn rustc_version() -> String {
    RUSTC.to_string()
}

#[cfg(test)]
mod tests;
