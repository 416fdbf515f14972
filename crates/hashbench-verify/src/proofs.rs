//! Verification remembered per build of the code: a run verifies only what this binary
//! and the libraries it loaded have not proven before (issue 37).
//!
//! Verifying is most of the fixed cost of a short run (`recommend`'s ~120 candidates:
//! 0.25-0.45 s of a 2 s answer on the development VM), and it gives the same verdict
//! every time the same code runs on the same CPU. So a run keeps, for its code, which
//! implementations passed, how deeply ([`Depth`]) and against which reference; the next
//! run of the same code skips them, verifies the rest, and says which it did.
//!
//! "The same code" is a content hash ([`code_key`]) of every file mapped executable into
//! the process once the implementations' libraries are loaded (the binary, libcrypto,
//! libisal, libc, the loader; each file read once per identity, [`Sealed`]), with the CPU and what else chooses a library's code path
//! (the caller's `salt`: the CPU model and features, the kernel) and the
//! `OPENSSL_ia32cap` override. A rebuilt binary, an upgraded or replaced library,
//! another CPU: another key, and everything is verified again. Only passes are kept: an
//! implementation that failed is verified, and reported, every time. Known answers read
//! from a directory (`--vectors`) are never remembered: the files can change under the
//! same code.
//!
//! A memory is a cache, never an input: a missing, unreadable or damaged file is an
//! empty one. Whoever can write it can as well replace the binary it vouches for, so it
//! is trusted as the binary is; every timed sample's digest is still checked against the
//! reference, remembered or not.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hashbench_model::bounded::{keep_newest, read_file_at_most};
use serde::{Deserialize, Serialize};

use crate::checks::Depth;

/// The format version this hashbench writes; a file of another version is an empty memory.
pub const VERSION: u32 = 1;
/// Builds kept in one file, the least recently used forgotten first.
pub const KEPT_BUILDS: usize = 8;
/// File hashes kept: more, and the memory forgets them all (the next run hashes again
/// the files it maps).
pub const KEPT_FILES: usize = 256;
/// The largest memory file read: a full one is a few tens of KiB.
const MAX_BYTES: u64 = 1 << 20;

/// The file's whole content.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProofMemory {
    /// The format's version.
    pub version: u32,
    /// Per code key ([`code_key`]), what that code proved.
    pub builds: BTreeMap<String, Proven>,
    /// The content hashes of the files [`code_key`] read, by path.
    #[serde(default)]
    pub files: BTreeMap<String, Sealed>,
}

/// A file's content hash, and what identified the file when it was read (device, inode,
/// size, modification and change times): a file with the same identity is not read
/// again, and one rebuilt, replaced or touched has another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealed {
    pub identity: String,
    pub blake3: String,
}

/// What one build of the code proved.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Proven {
    /// When a run last used or added to it, seconds since the Unix epoch.
    pub at: u64,
    /// Per implementation id, its proof.
    pub implementations: BTreeMap<String, Proof>,
}

/// An implementation that passed: how deeply, and whose digests it agreed with (itself
/// when it was its algorithm's reference).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proof {
    pub depth: Depth,
    pub reference: String,
}

/// What a run adds to the memory: under its code's key ([`code_key`]), what passed in it
/// and the file hashes the key was made of.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Learned {
    pub code: String,
    pub proofs: BTreeMap<String, Proof>,
    pub files: BTreeMap<String, Sealed>,
}

impl Proof {
    /// Whether this proof stands for a verification at `need` against `reference`.
    #[must_use]
    pub fn covers(&self, need: Depth, reference: &str) -> bool {
        (self.depth == Depth::Full || self.depth == need) && self.reference == reference
    }

    /// Records `proof` for `id` in `proofs`, unless a full proof against the same
    /// reference is there already: a deeper proof replaces a shallower one, never the
    /// other way. The one rule for a run's proofs and the memory's.
    pub fn record(proofs: &mut BTreeMap<String, Proof>, id: &str, proof: &Proof) {
        match proofs.get(id) {
            Some(old) if old.covers(Depth::Full, &proof.reference) => {}
            _ => {
                proofs.insert(id.to_string(), proof.clone());
            }
        }
    }
}

impl ProofMemory {
    /// The memory at `path`; one that cannot be read, or of another version, is empty.
    #[must_use]
    pub fn read(path: &Path) -> ProofMemory {
        read_file_at_most(path, MAX_BYTES, "the proof memory")
            .ok()
            .and_then(|bytes| serde_json::from_slice::<ProofMemory>(&bytes).ok())
            .filter(|m| m.version == VERSION)
            .unwrap_or_default()
    }

    /// What the code named `key` proved before.
    #[must_use]
    pub fn recall(&self, key: &str) -> Proven {
        self.builds.get(key).cloned().unwrap_or_default()
    }

    /// Adds what a run `learned` to what its code proved (a deeper proof replaces a
    /// shallower one, never the other way) and the file hashes it used, marks the code
    /// used at `now` and forgets the least recently used builds beyond [`KEPT_BUILDS`].
    pub fn learn(&mut self, learned: &Learned, now: u64) {
        self.version = VERSION;
        if self.files.len() > KEPT_FILES {
            self.files.clear();
        }
        self.files
            .extend(learned.files.iter().map(|(k, v)| (k.clone(), v.clone())));
        let build = self.builds.entry(learned.code.clone()).or_default();
        build.at = now;
        for (id, proof) in &learned.proofs {
            Proof::record(&mut build.implementations, id, proof);
        }
        keep_newest(&mut self.builds, KEPT_BUILDS, |b| b.at);
    }
}

/// The content hash naming the code this process runs: every file mapped executable
/// into it ([`mapped_code`]), in path order, with `salt` and `OPENSSL_ia32cap`; and the
/// file hashes it was made of (those of `known` whose file kept its identity, the
/// others read now). `None` where the mappings cannot be listed (not Linux) or a file
/// cannot be read (replaced or deleted since it was mapped): then nothing is remembered.
#[must_use]
pub fn code_key(
    salt: &str,
    known: &BTreeMap<String, Sealed>,
) -> Option<(String, BTreeMap<String, Sealed>)> {
    key_of(salt, &mapped_code()?, known)
}

/// [`code_key`] of `files`.
fn key_of(
    salt: &str,
    files: &[PathBuf],
    known: &BTreeMap<String, Sealed>,
) -> Option<(String, BTreeMap<String, Sealed>)> {
    let mut used = BTreeMap::new();
    let mut hasher = blake3::Hasher::new();
    hasher.update(salt.as_bytes());
    hasher.update(b"\0");
    let ia32cap = std::env::var("OPENSSL_ia32cap").unwrap_or_default();
    hasher.update(ia32cap.as_bytes());
    for path in files {
        let name = path.to_string_lossy().into_owned();
        let before = identity(path)?;
        let sealed = match known.get(&name) {
            Some(s) if s.identity == before => s.clone(),
            _ => {
                let blake3 = blake3::hash(&std::fs::read(path).ok()?)
                    .to_hex()
                    .to_string();
                // The file changed while read: its hash is of neither version.
                if identity(path)? != before {
                    return None;
                }
                Sealed {
                    identity: before,
                    blake3,
                }
            }
        };
        hasher.update(b"\0");
        hasher.update(name.as_bytes());
        hasher.update(sealed.blake3.as_bytes());
        used.insert(name, sealed);
    }
    Some((hasher.finalize().to_hex()[..32].to_string(), used))
}

/// What identifies a file's content without reading it: device, inode, size,
/// modification and change times (the change time moves on every write and rename, and
/// no tool sets it back).
#[cfg(unix)]
fn identity(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path).ok()?;
    Some(format!(
        "{}:{}:{}:{}.{}:{}.{}",
        m.dev(),
        m.ino(),
        m.size(),
        m.mtime(),
        m.mtime_nsec(),
        m.ctime(),
        m.ctime_nsec()
    ))
}

#[cfg(not(unix))]
fn identity(_: &Path) -> Option<String> {
    None
}

/// The files mapped executable into this process, from `/proc/self/maps`, sorted and
/// without repeats. `None` where it cannot be read, or a mapped file was deleted.
#[must_use]
pub fn mapped_code() -> Option<Vec<PathBuf>> {
    let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
    let mut files = Vec::new();
    for line in maps.lines() {
        // address perms offset dev inode path
        let mut fields = line.split_whitespace();
        let perms = fields.nth(1)?;
        let path: Vec<&str> = fields.skip(3).collect();
        if !perms.contains('x') || path.first().is_none_or(|p| !p.starts_with('/')) {
            continue;
        }
        if path.last() == Some(&"(deleted)") {
            return None;
        }
        files.push(PathBuf::from(path.join(" ")));
    }
    files.sort();
    files.dedup();
    (!files.is_empty()).then_some(files)
}

#[cfg(test)]
mod tests;
