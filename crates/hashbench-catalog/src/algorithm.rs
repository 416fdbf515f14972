//! The algorithms hashbench knows: fixed definitions with fixed outputs.
//!
//! # Output byte order
//!
//! Every implementation writes its digest in one conventional order, defined here once:
//!
//! - [`Class::Checksum`] and the integer-valued [`Class::NonCryptographicHash`]es
//!   (adler32, the CRCs, xxh32, xxh64, xxh3-64) write the integer **big-endian**, so the
//!   hex string reads like the number: crc32 of `"123456789"` is `cbf43926`, as zlib,
//!   `cksum -a crc32b` and the CRC catalogue print it.
//! - xxh3-128 writes its canonical form: the high 64 bits, then the low 64 bits, each
//!   big-endian (what `xxhsum -H2` and python-xxhash's `hexdigest()` print).
//! - Cryptographic hashes write their digest bytes in the order the standard defines.

use serde::Serialize;

/// What an algorithm is for, which decides what its output may be trusted with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// Detects accidental corruption; trivially forgeable.
    Checksum,
    /// Spreads inputs evenly for tables and deduplication; forgeable.
    NonCryptographicHash,
    /// Built to resist deliberate collisions and preimages (some are now broken).
    CryptographicHash,
}

impl Class {
    /// The class as the run model records it.
    #[must_use]
    pub fn model(self) -> hashbench_model::AlgorithmClass {
        match self {
            Class::Checksum => hashbench_model::AlgorithmClass::Checksum,
            Class::NonCryptographicHash => hashbench_model::AlgorithmClass::NonCryptographicHash,
            Class::CryptographicHash => hashbench_model::AlgorithmClass::CryptographicHash,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Class::Checksum => "checksum",
            Class::NonCryptographicHash => "non-cryptographic hash",
            Class::CryptographicHash => "cryptographic hash",
        }
    }
}

/// A function with a fixed definition and output, independent of any library.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Algorithm {
    /// Stable kebab-case id, used in filters, file names and results.
    pub id: &'static str,
    /// The family it belongs to (`sha2`, `crc`, `blake2`...), usable as a filter.
    pub family: &'static str,
    pub class: Class,
    pub output_bits: u32,
    /// The internal block the algorithm consumes at a time, in bytes (1 for bytewise CRCs
    /// and adler32, which have no block structure).
    pub block_bytes: u32,
    /// What it is and is not safe for, in one line.
    pub security_note: &'static str,
    /// Work to find a collision, log2: half the output for a sound cryptographic hash,
    /// the best published attack's cost for a broken one; `None` where an adversary
    /// needs none (checksums and non-cryptographic hashes are forgeable by design).
    pub collision_bits: Option<u32>,
    /// Practical collisions are published (MD5, SHA-1): never recommended where
    /// collision resistance is needed.
    pub broken: bool,
    /// The standard that defines it; `None` when only its authors' specification does
    /// (xxHash, BLAKE3).
    pub standard: Option<&'static str>,
}

impl Algorithm {
    /// Defined by `standard` (a document number: `FIPS 180-4`, `RFC 7693`).
    const fn std(self, standard: &'static str) -> Self {
        Algorithm {
            standard: Some(standard),
            ..self
        }
    }

    /// A sound cryptographic hash: a collision costs the birthday bound, 2^(bits/2).
    const fn sound(self) -> Self {
        Algorithm {
            collision_bits: Some(self.output_bits / 2),
            ..self
        }
    }

    /// Broken: the best published collision attack costs about 2^`attack_bits`.
    const fn broken(self, attack_bits: u32) -> Self {
        Algorithm {
            collision_bits: Some(attack_bits),
            broken: true,
            ..self
        }
    }

    pub fn output_bytes(&self) -> usize {
        (self.output_bits / 8) as usize
    }
}

const fn alg(
    id: &'static str,
    family: &'static str,
    class: Class,
    output_bits: u32,
    block_bytes: u32,
    security_note: &'static str,
) -> Algorithm {
    Algorithm {
        id,
        family,
        class,
        output_bits,
        block_bytes,
        security_note,
        collision_bits: None,
        broken: false,
        standard: None,
    }
}

use Class::{Checksum, CryptographicHash, NonCryptographicHash};

const CRC32_NOTE: &str =
    "detects all burst errors up to 32 bits; no protection against deliberate changes";
const CRC64_NOTE: &str =
    "detects all burst errors up to 64 bits; no protection against deliberate changes";
const XXH_NOTE: &str =
    "fast hash for tables and deduplication; not collision-resistant against an adversary";
const SHA2_NOTE: &str = "secure; no practical attack known";
const SHA3_NOTE: &str = "secure; no practical attack known (Keccak sponge, unlike SHA-2's design)";
const BLAKE2_NOTE: &str = "secure; no practical attack known";

// Standards: ISO/IEC 13239 and IEEE 802.3 define CRC-32; RFC 3720 section 12.1 (and
// RFC 9260 appendix A) CRC-32C; ECMA-182 the CRC-64 polynomial the .xz format uses;
// the NVM Express NVM Command Set 1.0 (section 5.2.1.3) the 64-bit guard CRC-64/NVME;
// RFC 1950 Adler-32; RFC 1321 MD5; FIPS 180-4 SHA-1 and SHA-2 (SHA-512/256 included);
// FIPS 202 SHA-3; RFC 7693 BLAKE2b and BLAKE2s. xxHash (Collet's xxhash_spec.md) and
// BLAKE3 (the 2020 BLAKE3 paper) have no standards body.
// Attacks: MD5 collisions in about 2^18 compressions (Xie, Liu and Feng, "Fast
// collision attack on MD5", IACR ePrint 2013/170); SHA-1 identical-prefix collisions in
// about 2^61 (Leurent and Peyrin, "SHA-1 is a Shambles", USENIX Security 2020; their
// chosen-prefix attack costs 2^63.4).
// One constant per algorithm, so implementations name theirs and the compiler checks it.
#[rustfmt::skip]
mod defs {
    use super::*;
    pub const ADLER32: Algorithm = alg("adler32", "adler", Checksum, 32, 1,
        "weak on short inputs (under a few hundred bytes its sums cover few values); no protection against deliberate changes").std("RFC 1950");
    pub const CRC32: Algorithm = alg("crc32", "crc", Checksum, 32, 1, CRC32_NOTE).std("ISO/IEC 13239 (HDLC), IEEE 802.3");
    pub const CRC32C: Algorithm = alg("crc32c", "crc", Checksum, 32, 1, CRC32_NOTE).std("RFC 3720 (iSCSI), RFC 9260 (SCTP)");
    pub const CRC64_NVME: Algorithm = alg("crc64-nvme", "crc", Checksum, 64, 1, CRC64_NOTE).std("NVM Express NVM Command Set 1.0");
    pub const CRC64_XZ: Algorithm = alg("crc64-xz", "crc", Checksum, 64, 1, CRC64_NOTE).std("ECMA-182 (polynomial)");
    pub const XXH32: Algorithm = alg("xxh32", "xxhash", NonCryptographicHash, 32, 16, XXH_NOTE);
    pub const XXH64: Algorithm = alg("xxh64", "xxhash", NonCryptographicHash, 64, 32, XXH_NOTE);
    pub const XXH3_64: Algorithm = alg("xxh3-64", "xxhash", NonCryptographicHash, 64, 64, XXH_NOTE);
    pub const XXH3_128: Algorithm = alg("xxh3-128", "xxhash", NonCryptographicHash, 128, 64, XXH_NOTE);
    pub const MD5: Algorithm = alg("md5", "md5", CryptographicHash, 128, 64,
        "broken: collisions take seconds; use only where no adversary can choose inputs").std("RFC 1321").broken(18);
    pub const SHA1: Algorithm = alg("sha1", "sha1", CryptographicHash, 160, 64,
        "broken: chosen-prefix collisions are practical (SHAttered, 2017); legacy use only").std("FIPS 180-4").broken(61);
    pub const SHA2_224: Algorithm = alg("sha2-224", "sha2", CryptographicHash, 224, 64, SHA2_NOTE).std("FIPS 180-4").sound();
    pub const SHA2_256: Algorithm = alg("sha2-256", "sha2", CryptographicHash, 256, 64, SHA2_NOTE).std("FIPS 180-4").sound();
    pub const SHA2_384: Algorithm = alg("sha2-384", "sha2", CryptographicHash, 384, 128, SHA2_NOTE).std("FIPS 180-4").sound();
    pub const SHA2_512: Algorithm = alg("sha2-512", "sha2", CryptographicHash, 512, 128, SHA2_NOTE).std("FIPS 180-4").sound();
    pub const SHA2_512_256: Algorithm = alg("sha2-512-256", "sha2", CryptographicHash, 256, 128,
        "secure; truncated SHA-512, immune to length extension").std("FIPS 180-4").sound();
    pub const SHA3_224: Algorithm = alg("sha3-224", "sha3", CryptographicHash, 224, 144, SHA3_NOTE).std("FIPS 202").sound();
    pub const SHA3_256: Algorithm = alg("sha3-256", "sha3", CryptographicHash, 256, 136, SHA3_NOTE).std("FIPS 202").sound();
    pub const SHA3_384: Algorithm = alg("sha3-384", "sha3", CryptographicHash, 384, 104, SHA3_NOTE).std("FIPS 202").sound();
    pub const SHA3_512: Algorithm = alg("sha3-512", "sha3", CryptographicHash, 512, 72, SHA3_NOTE).std("FIPS 202").sound();
    pub const BLAKE2S_256: Algorithm = alg("blake2s-256", "blake2", CryptographicHash, 256, 64, BLAKE2_NOTE).std("RFC 7693").sound();
    pub const BLAKE2B_256: Algorithm = alg("blake2b-256", "blake2", CryptographicHash, 256, 128, BLAKE2_NOTE).std("RFC 7693").sound();
    pub const BLAKE2B_512: Algorithm = alg("blake2b-512", "blake2", CryptographicHash, 512, 128, BLAKE2_NOTE).std("RFC 7693").sound();
    pub const BLAKE3: Algorithm = alg("blake3", "blake3", CryptographicHash, 256, 64,
        "secure; no practical attack known (reduced-round BLAKE2s core in a Merkle tree of 1 KiB chunks)").sound();
}
pub use defs::*;

/// Every algorithm, in the order listings show them: checksums, then
/// non-cryptographic hashes, then cryptographic hashes.
pub static ALGORITHMS: &[Algorithm] = &[
    ADLER32,
    CRC32,
    CRC32C,
    CRC64_NVME,
    CRC64_XZ,
    XXH32,
    XXH64,
    XXH3_64,
    XXH3_128,
    MD5,
    SHA1,
    SHA2_224,
    SHA2_256,
    SHA2_384,
    SHA2_512,
    SHA2_512_256,
    SHA3_224,
    SHA3_256,
    SHA3_384,
    SHA3_512,
    BLAKE2S_256,
    BLAKE2B_256,
    BLAKE2B_512,
    BLAKE3,
];

/// The algorithm with this id, if there is one.
pub fn algorithm(id: &str) -> Option<&'static Algorithm> {
    ALGORITHMS.iter().find(|a| a.id == id)
}

#[cfg(test)]
mod tests;
