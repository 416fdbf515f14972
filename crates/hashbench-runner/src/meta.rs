//! What a result records about the tool and how it was built: the version, the git
//! commit, rustc, profile, target and the flags it was compiled with (from `build.rs`),
//! and when the run started, as RFC 3339 UTC.

use std::time::SystemTime;

use hashbench_host::Build;
use hashbench_model::Tool;

/// This tool: name, version and the commit it was built from (when built in a checkout).
pub fn tool() -> Tool {
    Tool {
        name: "hashbench".to_string(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        git_commit: Some(env!("HASHBENCH_GIT_COMMIT").to_string()).filter(|c| !c.is_empty()),
    }
}

/// RFC 3339 UTC, to the second, from the system clock (a clock before 1970 reads as the
/// epoch).
pub fn timestamp(now: SystemTime) -> String {
    let secs = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    i64::try_from(secs)
        .ok()
        .and_then(|s| jiff::Timestamp::from_second(s).ok())
        .unwrap_or(jiff::Timestamp::UNIX_EPOCH)
        .to_string()
}

/// The `-C target-cpu=` in `rustflags`, in any of the spellings cargo passes on.
fn target_cpu(rustflags: &str) -> Option<String> {
    let words: Vec<&str> = rustflags.split_whitespace().collect();
    words.iter().enumerate().find_map(|(i, w)| {
        w.strip_prefix("-Ctarget-cpu=")
            .or_else(|| w.strip_prefix("target-cpu="))
            .map(str::to_string)
            .or_else(|| {
                (*w == "-C")
                    .then(|| words.get(i + 1).and_then(|n| n.strip_prefix("target-cpu=")))
                    .flatten()
                    .map(str::to_string)
            })
    })
}

/// How this binary was built.
pub fn build_info() -> Build {
    let rustflags = env!("HASHBENCH_RUSTFLAGS").to_string();
    Build {
        rustc: env!("HASHBENCH_RUSTC").to_string(),
        profile: env!("HASHBENCH_PROFILE").to_string(),
        target: env!("HASHBENCH_TARGET").to_string(),
        target_cpu: target_cpu(&rustflags),
        target_features: Build::target_features_enabled(),
        rustflags,
        opt_level: env!("HASHBENCH_OPT_LEVEL").to_string(),
    }
}

#[cfg(test)]
mod tests;
