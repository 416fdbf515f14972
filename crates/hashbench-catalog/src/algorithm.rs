//! The algorithms hashbench knows: fixed definitions with fixed outputs.
//!
//! # Output byte order
//!
//! Every implementation writes its digest in one conventional order, defined here once:
//!
//! - [`Class::Checksum`] and the integer-valued [`Class::NonCryptographicHash`]es
//!   (adler32, the 16-, 32- and 64-bit CRCs, xxh32, xxh64, xxh3-64) write the integer
//!   **big-endian**, so the hex string reads like the number: crc32 of `"123456789"` is
//!   `cbf43926`, as zlib, `cksum -a crc32b` and the CRC catalogue print it.
//! - xxh3-128 writes its canonical form: the high 64 bits, then the low 64 bits, each
//!   big-endian (what `xxhsum -H2` and python-xxhash's `hexdigest()` print).
//! - The hash-table hashers with a 64-bit or 32-bit result (SipHash, MurmurHash3's
//!   x86_32, CityHash64, FarmHash's Fingerprint64, HighwayHash-64, komihash, foldhash,
//!   rapidhash (V3 and the crate's fast map hasher), FxHash, aHash, wyhash, gxhash) write that integer big-endian too: SipHash-2-4 of the SipHash paper's example is `a129ca6149be45e5`,
//!   as the paper prints it (its reference code stores the same value little-endian).
//! - murmur3-x64-128 writes the 16 bytes `MurmurHash3_x64_128` stores into its output
//!   buffer: h1 then h2, each little-endian (what mmh3's `hash_bytes` returns).
//! - Keyed and seeded hashes are catalogued with one fixed key or seed, given with each
//!   algorithm below and in vectors/README.md.
//! - Cryptographic hashes write their digest bytes in the order the standard defines; the
//!   extendable-output functions (SHAKE, KangarooTwelve) their first `output_bits / 8`
//!   output bytes.

use serde::Serialize;

mod quality;
use quality::hp;
pub use quality::{HashProperties, Key, Smhasher3, Verdict, SMHASHER3_COMMIT, SMHASHER3_DATE};

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
    /// Every non-cryptographic hash's SMHasher3 verdict, key and stability; `None` for
    /// checksums and cryptographic hashes.
    /// (Listings write it in the run model's form, with its source and date.)
    #[serde(skip)]
    pub hash: Option<HashProperties>,
}

impl Algorithm {
    /// Defined by `standard` (a document number: `FIPS 180-4`, `RFC 7693`).
    const fn std(self, standard: &'static str) -> Self {
        Algorithm {
            standard: Some(standard),
            ..self
        }
    }

    /// A non-cryptographic hash's quality, key and stability.
    const fn props(self, hash: HashProperties) -> Self {
        Algorithm {
            hash: Some(hash),
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
        hash: None,
    }
}

use Class::{Checksum, CryptographicHash, NonCryptographicHash};

const CRC16_NOTE: &str =
    "detects all burst errors up to 16 bits; for short frames only (its Hamming distance falls with length); no protection against deliberate changes";
const CRC32_NOTE: &str =
    "detects all burst errors up to 32 bits; no protection against deliberate changes";
const CRC64_NOTE: &str =
    "detects all burst errors up to 64 bits; no protection against deliberate changes";
const XXH_NOTE: &str =
    "fast hash for tables and deduplication; not collision-resistant against an adversary";
const XXH_STABLE: &str =
    "the specification is frozen (xxhash_spec.md); the output is the same on every platform";
const XXH3_STABLE: &str =
    "frozen since xxHash 0.8.0 (2020), as its specification says; the same on every platform";
const SIP_STABLE: &str = "defined by the SipHash paper; the same on every platform";
const MURMUR_NOTE: &str =
    "fast hash (Appleby, 2011); seed-independent multicollisions are published, so its seed does not resist flooding";
const MURMUR_STABLE: &str = "frozen since 2011 (SMHasher's MurmurHash3.cpp); the x86 and x64 variants differ from each other, each is the same on every platform";
const FOLDHASH_UNSTABLE: &str = "documented as not stable: may change in any release (vectors pinned to 0.2.0) and reads bytes in the platform's order";
const SHA2_NOTE: &str = "secure; no practical attack known";
const SHA3_NOTE: &str = "secure; no practical attack known (Keccak sponge, unlike SHA-2's design)";
const BLAKE2_NOTE: &str = "secure; no practical attack known";

// Standards: ITU-T V.41 defines the polynomial of CRC-16/IBM-3740 (the CRC catalogue's
// name for "CRC-16/CCITT-FALSE", also CRC-16/AUTOSAR); CRC-16/ARC ("CRC-16/IBM", the
// ARC and LHA archivers') has no standard of its own (Greg Cook's CRC catalogue,
// reveng.sourceforge.io, defines both by their parameters); ISO/IEC 13239 and IEEE
// 802.3 define CRC-32; RFC 3720 section 12.1 (and RFC 9260 appendix A) CRC-32C; ECMA-182 the CRC-64 polynomial the .xz format uses;
// the NVM Express NVM Command Set 1.0 (section 5.2.1.3) the 64-bit guard CRC-64/NVME;
// RFC 1950 Adler-32; RFC 1321 MD5; FIPS 180-4 SHA-1 and SHA-2 (SHA-512/256 included);
// FIPS 202 SHA-3 and the SHAKE XOFs (here read to a fixed 256 or 512 bits; a collision
// costs min(d/2, the 128- or 256-bit capacity level) = half the output either way);
// RFC 9861 KangarooTwelve (KT128: 12-round Keccak in a tree of 8 KiB chunks, 128-bit
// security; Bertoni, Daemen, Peeters, Van Assche, Van Keer and Viguier, ACNS 2018),
// here with the empty customization string read to 256 bits; GB/T 32905-2016 and
// ISO/IEC 10118-3:2018 SM3 (a SHA-256-like Merkle-Damgard hash; the best attacks reach
// reduced steps only); NIST SP 800-232 (August 2025) Ascon-Hash256 (Dobraunig, Eichlseder,
// Mendel and Schläffer's Ascon, the lightweight-cryptography winner; the SP's version, not
// the older Ascon-Hash of the competition, whose digests differ); RFC 7693 BLAKE2b and BLAKE2s. xxHash (Collet's xxhash_spec.md) and
// BLAKE3 (the 2020 BLAKE3 paper) have no standards body, nor BLAKE2bp and BLAKE2sp
// (the BLAKE2 paper's parallel modes, Aumasson, Neves, Wilcox-O'Hearn and Winnerlein,
// ACNS 2013, section 2.10; not in RFC 7693). ISO/IEC 10118-3 RIPEMD-160
// (Dobbertin, Bosselaers and Preneel, FSE 1996); no collision of the full 80 steps is
// published (the best reach reduced steps: Liu, Wang et al., "New records in collision
// attacks on RIPEMD-160 and SHA-256", EUROCRYPT 2023), so it counts as sound at 2^80.
// Attacks: MD5 collisions in about 2^18 compressions (Xie, Liu and Feng, "Fast
// collision attack on MD5", IACR ePrint 2013/170); SHA-1 identical-prefix collisions in
// about 2^61 (Leurent and Peyrin, "SHA-1 is a Shambles", USENIX Security 2020; their
// chosen-prefix attack costs 2^63.4).
// Hash-table hashers: SipHash (Aumasson and Bernstein, "SipHash: a fast short-input
// PRF", INDOCRYPT 2012); MurmurHash3's seed-independent multicollisions (Aumasson,
// Bernstein and Boßlet, "Hash-flooding DoS reloaded", 29C3, 2012); HighwayHash (Alakuijala,
// Cox and Wassenberg, "Fast keyed hash/pseudo-random function using SIMD multiply and
// permute", 2016); foldhash, rapidhash's fast map hasher, FxHash 2 and aHash are defined
// by their crates alone, rapidhash by Nicoshev/rapidhash's rapidhash.h, wyhash by
// wangyi-fudan/wyhash's
// wyhash.h (vectors/README.md names the commits). Quality: SMHasher3's results (algorithm/quality.rs names the commit);
// each entry's verdict is its raw results file's "Overall result" line.
// One constant per algorithm, so implementations name theirs and the compiler checks it.
#[rustfmt::skip]
mod defs {
    use super::*;
    pub const ADLER32: Algorithm = alg("adler32", "adler", Checksum, 32, 1,
        "no protection against deliberate changes").std("RFC 1950");
    // CRC-16/IBM-3740: poly 0x1021, init 0xffff, not reflected, no final xor.
    pub const CRC16_IBM_3740: Algorithm = alg("crc16-ibm-3740", "crc", Checksum, 16, 1, CRC16_NOTE).std("ITU-T V.41 (polynomial)");
    // CRC-16/ARC: poly 0x8005, init 0, reflected in and out, no final xor.
    pub const CRC16_ARC: Algorithm = alg("crc16-arc", "crc", Checksum, 16, 1, CRC16_NOTE);
    pub const CRC32: Algorithm = alg("crc32", "crc", Checksum, 32, 1, CRC32_NOTE).std("ISO/IEC 13239 (HDLC), IEEE 802.3");
    pub const CRC32C: Algorithm = alg("crc32c", "crc", Checksum, 32, 1, CRC32_NOTE).std("RFC 3720 (iSCSI), RFC 9260 (SCTP)");
    pub const CRC64_NVME: Algorithm = alg("crc64-nvme", "crc", Checksum, 64, 1, CRC64_NOTE).std("NVM Express NVM Command Set 1.0");
    pub const CRC64_XZ: Algorithm = alg("crc64-xz", "crc", Checksum, 64, 1, CRC64_NOTE).std("ECMA-182 (polynomial)");
    pub const XXH32: Algorithm = alg("xxh32", "xxhash", NonCryptographicHash, 32, 16, XXH_NOTE)
        .props(hp(Smhasher3::fails("XXH-32", 83, 250), Key::Seed { bits: 32 }, true, XXH_STABLE));
    pub const XXH64: Algorithm = alg("xxh64", "xxhash", NonCryptographicHash, 64, 32, XXH_NOTE)
        .props(hp(Smhasher3::fails("XXH-64", 9, 250), Key::Seed { bits: 64 }, true, XXH_STABLE));
    pub const XXH3_64: Algorithm = alg("xxh3-64", "xxhash", NonCryptographicHash, 64, 64, XXH_NOTE)
        .props(hp(Smhasher3::fails("XXH3-64", 27, 250), Key::Seed { bits: 64 }, true, XXH3_STABLE));
    pub const XXH3_128: Algorithm = alg("xxh3-128", "xxhash", NonCryptographicHash, 128, 64, XXH_NOTE)
        .props(hp(Smhasher3::fails("XXH3-128", 36, 250), Key::Seed { bits: 64 }, true, XXH3_STABLE));
    // ---- hash-table hashers (fixed keys and seeds: vectors/README.md) ----
    // SipHash-1-3 with the all-zero key (Rust's DefaultHasher::new()).
    pub const SIPHASH_1_3: Algorithm = alg("siphash-1-3", "siphash", NonCryptographicHash, 64, 8,
        "keyed PRF (128-bit key, 1 compression and 3 finalization rounds): resists hash flooding while the key is secret; not collision-resistant once it is known; Rust's HashMap default")
        .props(hp(Smhasher3::passes("SipHash-1-3", 238), Key::Keyed { bits: 128 }, true, SIP_STABLE));
    // SipHash-2-4 with the key 00 01 .. 0f (the SipHash paper's).
    pub const SIPHASH_2_4: Algorithm = alg("siphash-2-4", "siphash", NonCryptographicHash, 64, 8,
        "keyed PRF (128-bit key), the SipHash paper's recommended rounds: resists hash flooding while the key is secret; not collision-resistant once it is known")
        .props(hp(Smhasher3::passes("SipHash-2-4", 235), Key::Keyed { bits: 128 }, true, SIP_STABLE));
    // MurmurHash3 with seed 0.
    pub const MURMUR3_X86_32: Algorithm = alg("murmur3-x86-32", "murmurhash3", NonCryptographicHash, 32, 4, MURMUR_NOTE)
        .props(hp(Smhasher3::fails("MurmurHash3-32", 82, 250), Key::Seed { bits: 32 }, true, MURMUR_STABLE));
    pub const MURMUR3_X64_128: Algorithm = alg("murmur3-x64-128", "murmurhash3", NonCryptographicHash, 128, 16, MURMUR_NOTE)
        .props(hp(Smhasher3::fails("MurmurHash3-128", 87, 250), Key::Seed { bits: 32 }, true, MURMUR_STABLE));
    // CityHash64 (CityHash 1.1), unseeded.
    pub const CITYHASH_64: Algorithm = alg("cityhash-64", "cityhash", NonCryptographicHash, 64, 64,
        "fast string hash (Google, 2011); seed-independent collisions are known; not for untrusted keys")
        .props(hp(Smhasher3::fails("CityHash-64", 45, 250), Key::Unkeyed, true,
            "frozen since CityHash 1.1 (1.0 hashed differently); Google points persistent uses to FarmHash's fingerprints"));
    // FarmHash's Fingerprint64 (farmhashna::Hash64), unseeded.
    pub const FARMHASH_64: Algorithm = alg("farmhash-64", "farmhash", NonCryptographicHash, 64, 64,
        "FarmHash's portable fingerprint (Google, 2014); not for untrusted keys")
        .props(hp(Smhasher3::fails("FarmHash-64.NA", 45, 250), Key::Unkeyed, true,
            "Fingerprint64 is documented as fixed across platforms and versions (FarmHash's other Hash64 entry points are not)"));
    // HighwayHash-64 with the key of Google's tests, bytes 00 .. 1f.
    pub const HIGHWAYHASH_64: Algorithm = alg("highwayhash-64", "highwayhash", NonCryptographicHash, 64, 32,
        "keyed hash (256-bit key, Google, 2016) claimed to resist hash flooding as a PRF; no proof, no practical attack published")
        .props(hp(Smhasher3::passes("HighwayHash-64", 238), Key::Keyed { bits: 256 }, true,
            "frozen since 2018 (the authors' README); the same output on every platform and SIMD level"));
    // komihash 5 with seed 0.
    pub const KOMIHASH: Algorithm = alg("komihash", "komihash", NonCryptographicHash, 64, 64,
        "fast hash for tables (Vaneev, 2021-); a secret seed lowers the chance of flooding, not proven to prevent it")
        .props(hp(Smhasher3::passes("komihash", 250), Key::Seed { bits: 64 }, true,
            "platform-independent; the author's published test vectors fix version 5's output (version 4 hashed differently)"));
    // foldhash 0.2 (hashbrown's default) with fast/quality::FixedState::with_seed(0).
    // Not in SMHasher3's results. The author claims only "minimal" DoS resistance.
    pub const FOLDHASH_FAST: Algorithm = alg("foldhash-fast", "foldhash", NonCryptographicHash, 64, 64,
        "fast hash for tables (Peters, 2024; hashbrown's default); its random seeds defeat only trivial flooding, its author claims no HashDoS resistance")
        .props(hp(Smhasher3::NOT_TESTED, Key::Seed { bits: 64 }, false, FOLDHASH_UNSTABLE));
    pub const FOLDHASH_QUALITY: Algorithm = alg("foldhash-quality", "foldhash", NonCryptographicHash, 64, 64,
        "foldhash-fast plus one more multiply on finish, for tables that use every output bit; no HashDoS resistance claimed")
        .props(hp(Smhasher3::NOT_TESTED, Key::Seed { bits: 64 }, false, FOLDHASH_UNSTABLE));
    // rapidhash V3 with seed 0 (rapidhash.h's rapidhash()).
    pub const RAPIDHASH: Algorithm = alg("rapidhash", "rapidhash", NonCryptographicHash, 64, 112,
        "fast hash for tables (Nicoshev, wyhash's successor); a secret seed lowers the chance of flooding, not proven to prevent it")
        .props(hp(Smhasher3::passes("rapidhash", 250), Key::Seed { bits: 64 }, true,
            "the V3 function of rapidhash.h: the same on every platform; V1, V2 and V3 differ, and the Rust crate's fast/quality map hashers are other, unstable functions"));
    // The rapidhash crate's fast map hasher (what RapidHashMap's fast::RandomState
    // builds), fixed: BuildHasherDefault<fast::RapidHasher>, i.e. RapidHasher::default(),
    // seed 0 premixed and the default secrets. SMHasher3's "rust-rapidhash.fast"
    // (fast::RapidHasher::new(seed), one write) is this function: vectors/test_refs.py
    // holds the Python reference to its verification code.
    pub const RAPIDHASH_FAST: Algorithm = alg("rapidhash-fast", "rapidhash", NonCryptographicHash, 64, 112,
        "the rapidhash crate's map hasher (RapidHashMap's default): rapidhash's core without the final avalanche multiply, integers gathered in a 128-bit sponge; its random seed and secrets defeat only trivial flooding, not proven to prevent it")
        .props(hp(Smhasher3::fails("rust-rapidhash.fast", 132, 250), Key::Seed { bits: 64 }, false,
            "documented as not stable: the crate's fast and quality hashers may change between versions (vectors pinned to 4.5.1), unlike its v1/v2/v3 functions; reads bytes in the platform's order and folds the multiply differently on 32-bit targets"));
    // FxHash as rustc-hash 2.1.1+ computes it (FxHasher::default(), state 0).
    pub const FXHASH: Algorithm = alg("fxhash", "fxhash", NonCryptographicHash, 64, 16,
        "rustc's hasher (rustc-hash 2.x, Peters' string hash): minimal mixing for speed; trivially floodable, for trusted keys only")
        .props(hp(Smhasher3::fails("rust-fxhash64", 165, 250), Key::Seed { bits: 64 }, false,
            "no stability promise: rustc-hash 2.0 replaced 1.x's Firefox hash and 2.1.1 changed it again (vectors pinned to 2.1.3); 32-bit targets compute another function"));
    // aHash's fallback (no aes target feature), RandomState::with_seeds(0, 0, 0, 0).
    // SMHasher3's port hashes a byte string as `Hash for [u8]` does (length first), the
    // form maps use; the byte API here writes the bytes alone.
    pub const AHASH_FALLBACK: Algorithm = alg("ahash-fallback", "ahash", NonCryptographicHash, 64, 16,
        "keyed hash for tables (Kaitchuck; 256-bit key) designed to resist hash flooding; no proof; this is the non-AES variant")
        .props(hp(Smhasher3::passes("rust-ahash-fb", 250), Key::Keyed { bits: 256 }, false,
            "documented as not stable across versions or platforms; the AES and fallback variants differ and the build's target features choose one (vectors: 0.8.12's fallback)"));
    // wyhash final version 4 with seed 0 and the default secret _wyp. SMHasher3's "wyhash"
    // is v4.2, another secret and function, so it is not this one's verdict.
    pub const WYHASH_FINAL4: Algorithm = alg("wyhash-final4", "wyhash", NonCryptographicHash, 64, 48,
        "fast hash for tables (Wang Yi, 2022); a secret seed lowers the chance of flooding, not proven to prevent it")
        .props(hp(Smhasher3::NOT_TESTED, Key::Seed { bits: 64 }, true,
            "frozen by the wyhash_final4 tag; the same on every platform; later versions (4.2) hash differently"));
    // gxhash 3's 64-bit hash: listed, not built (impls/table.rs, gxhash_probe).
    pub const GXHASH_64: Algorithm = alg("gxhash-64", "gxhash", NonCryptographicHash, 64, 128,
        "fast AES-based hash (ogxd, 2023); its seed is a basic safeguard, not claimed to resist hash flooding; needs AES instructions")
        .props(hp(Smhasher3::fails("gxhash-64", 24, 250), Key::Seed { bits: 64 }, false,
            "stable within a major version on the platforms it supports (README); changes between major versions (2.x, 3.x)"));
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
    // SHAKE128 read to 32 bytes, SHAKE256 to 64 (FIPS 202, section 6.2).
    pub const SHAKE128_256: Algorithm = alg("shake128-256", "shake", CryptographicHash, 256, 168,
        "secure; no practical attack known (FIPS 202 XOF at 128-bit security, read to 256 bits)").std("FIPS 202").sound();
    pub const SHAKE256_512: Algorithm = alg("shake256-512", "shake", CryptographicHash, 512, 136,
        "secure; no practical attack known (FIPS 202 XOF at 256-bit security, read to 512 bits)").std("FIPS 202").sound();
    // KangarooTwelve (KT128), empty customization string, read to 32 bytes.
    pub const K12_256: Algorithm = alg("k12-256", "k12", CryptographicHash, 256, 168,
        "secure; no practical attack known (12-round Keccak, the Keccak team's 128-bit-security tree hash)").std("RFC 9861").sound();
    // BLAKE2bp: unkeyed BLAKE2b over 4 leaves (128-byte blocks dealt round-robin) and a
    // root; BLAKE2sp: BLAKE2s over 8 leaves of 64-byte blocks. Each its own function.
    pub const BLAKE2BP_512: Algorithm = alg("blake2bp-512", "blake2", CryptographicHash, 512, 128,
        "secure; no practical attack known (BLAKE2b in the BLAKE2 paper's 4-leaf tree mode: another function than blake2b-512)").sound();
    pub const BLAKE2SP_256: Algorithm = alg("blake2sp-256", "blake2", CryptographicHash, 256, 64,
        "secure; no practical attack known (BLAKE2s in the BLAKE2 paper's 8-leaf tree mode: another function than blake2s-256)").sound();
    pub const SM3: Algorithm = alg("sm3", "sm3", CryptographicHash, 256, 64,
        "secure; no practical attack known (China's commercial-cryptography standard hash)")
        .std("GB/T 32905-2016, ISO/IEC 10118-3:2018").sound();
    // Ascon-Hash256: the 320-bit Ascon permutation as a sponge with a 64-bit rate.
    pub const ASCON_HASH256: Algorithm = alg("ascon-hash256", "ascon", CryptographicHash, 256, 8,
        "secure; no practical attack known (NIST's lightweight-cryptography standard, 128-bit security)")
        .std("NIST SP 800-232").sound();
    pub const RIPEMD_160: Algorithm = alg("ripemd-160", "ripemd", CryptographicHash, 160, 64,
        "no practical attack on the full function, but its 160 bits give only 80-bit collision resistance; legacy and Bitcoin's HASH160")
        .std("ISO/IEC 10118-3").sound();
    pub const BLAKE3: Algorithm = alg("blake3", "blake3", CryptographicHash, 256, 64,
        "secure; no practical attack known (reduced-round BLAKE2s core in a Merkle tree of 1 KiB chunks)").sound();
}
pub use defs::*;

/// Every algorithm, in the order listings show them: checksums, then
/// non-cryptographic hashes, then cryptographic hashes.
pub static ALGORITHMS: &[Algorithm] = &[
    ADLER32,
    CRC16_IBM_3740,
    CRC16_ARC,
    CRC32,
    CRC32C,
    CRC64_NVME,
    CRC64_XZ,
    XXH32,
    XXH64,
    XXH3_64,
    XXH3_128,
    SIPHASH_1_3,
    SIPHASH_2_4,
    MURMUR3_X86_32,
    MURMUR3_X64_128,
    CITYHASH_64,
    FARMHASH_64,
    HIGHWAYHASH_64,
    KOMIHASH,
    FOLDHASH_FAST,
    FOLDHASH_QUALITY,
    RAPIDHASH,
    RAPIDHASH_FAST,
    FXHASH,
    AHASH_FALLBACK,
    WYHASH_FINAL4,
    GXHASH_64,
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
    RIPEMD_160,
    SHAKE128_256,
    SHAKE256_512,
    K12_256,
    SM3,
    BLAKE2BP_512,
    BLAKE2SP_256,
    ASCON_HASH256,
];

/// The algorithm with this id, if there is one.
pub fn algorithm(id: &str) -> Option<&'static Algorithm> {
    ALGORITHMS.iter().find(|a| a.id == id)
}

#[cfg(test)]
mod tests;
