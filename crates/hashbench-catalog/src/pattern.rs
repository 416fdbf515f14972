//! API usage patterns (`hashbench_model::Pattern`, defined in the model because every cell records
//! one) and why a library cannot express one.

pub(crate) use hashbench_model::Pattern;

/// Why a library cannot express a pattern, as reported under `skipped`.
pub mod reason {
    pub const NO_RESET: &str =
        "the library has no reset: its state is finished by consuming or re-creating it";
    pub const BY_VALUE: &str =
        "the library returns the digest by value: it has no call that writes into a caller's buffer";
    pub const OPENSSL_ONLY: &str =
        "only OpenSSL looks algorithms up by name (by-name) or fetches them ahead (prefetched)";
    pub const ONE_CALL: &str =
        "the library hashes one byte string per call: it has no state to construct or stream into";
    pub const NO_BUILD_HASHER: &str =
        "the library has no std BuildHasher for a hash map: keys:* patterns time BuildHasher::hash_one";
    pub const RAPIDHASH_MAP: &str =
        "the crate's map hashers (rapidhash::fast, ::quality) compute other, unstable functions than rapidhash V3 (rapidhash-fast/rapidhash times the fast one), and its V3 stream hasher is no std Hasher";
    pub const NO_CONSTRUCTOR: &str = "this hasher cannot construct a fresh library state";
}
