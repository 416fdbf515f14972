//! The catalogue: every provider and implementation hashbench knows, as plain data.
//!
//! To add an implementation: write its adapter in `impls/`, then add one entry below.
//! Ids are `algorithm/provider` or `algorithm/provider+variant` for a pinned backend.

use crate::algorithm::*;
use crate::hasher::Hasher;
use crate::implementation::{Implementation, Provider, ProviderKind};
use crate::impls::awslc::*;
use crate::impls::blake::*;
use crate::impls::blake3_levels::{
    level_backend, level_probe, Avx2, Avx512, Blake3Level, Level, Portable, Sse2, Sse41,
};
use crate::impls::checksums::*;
use crate::impls::deflate_libs::*;
use crate::impls::isal::{IsalAdler32, IsalCrc32, IsalCrc32c, IsalCrc64Nvme, IsalCrc64Xz};
use crate::impls::kernel::*;
use crate::impls::keyed::keyed;
use crate::impls::openssl::*;
use crate::impls::ring::*;
use crate::impls::rustcrypto::*;
use crate::impls::sodium::*;
use crate::impls::table::*;
use crate::impls::xxhash::*;
use crate::impls::xxhash_c::*;
use crate::impls::{boxed, portable};
use hashbench_host::CpuFeature;

mod c_libs;
use c_libs::{isal, kernel};
pub use c_libs::{ISAL, KERNEL, LIBDEFLATE, XXHASH_C, ZLIB, ZLIB_NG};
mod crypto_crates;
use crypto_crates::rust_crate;
pub use crypto_crates::*;

// ---- providers ----

pub static ADLER2: Provider = rust_crate("adler2", "pure Rust adler32 (used by miniz_oxide)");
pub static SIMD_ADLER32: Provider =
    rust_crate("simd-adler32", "adler32 with runtime-selected SIMD");
pub static ADLER32_CRATE: Provider = rust_crate("adler32", "rolling adler32 (older, scalar)");
pub static CRC32FAST: Provider =
    rust_crate("crc32fast", "crc32 with PCLMULQDQ folding (flate2, zip)");
pub static CRC_FAST: Provider =
    rust_crate("crc-fast", "SIMD CRC-32/64 with AVX-512/VPCLMULQDQ kernels");
pub static CRC_CRATE: Provider =
    rust_crate("crc", "table-driven reference CRC of any catalogue width");
pub static CRC32C_CRATE: Provider =
    rust_crate("crc32c", "crc32c with the SSE4.2 crc32 instruction");
pub static CRC64FAST: Provider =
    rust_crate("crc64fast", "CRC-64/XZ (ECMA-182) with PCLMULQDQ (TiKV)");
pub static CRC64FAST_NVME: Provider = rust_crate("crc64fast-nvme", "CRC-64/NVME with PCLMULQDQ");
pub static XXHASH_RUST: Provider = rust_crate(
    "xxhash-rust",
    "pure Rust xxHash; xxh3 SIMD chosen at compile time",
);
pub static TWOX_HASH: Provider = rust_crate(
    "twox-hash",
    "pure Rust xxHash; xxh3 SIMD chosen at run time",
);
pub static SIPHASHER: Provider = rust_crate(
    "siphasher",
    "SipHash-1-3 and SipHash-2-4 (std's SipHasher, moved to a crate)",
);
pub static STD: Provider = Provider {
    name: "std",
    kind: ProviderKind::RustCrate,
    crate_name: "std",
    runtime_version: Some(crate::versions::rustc_version),
    about: "Rust's standard library: DefaultHasher (SipHash-1-3, keys 0) and the deprecated SipHasher (SipHash-2-4)",
};
pub static MURMUR3_CRATE: Provider = rust_crate(
    "murmur3",
    "MurmurHash3 x86_32, x86_128 and x64_128 over a reader",
);
pub static MUR3: Provider = rust_crate("mur3", "MurmurHash3 x86_32 and x64_128 over slices");
pub static CITYHASHER: Provider = rust_crate("cityhasher", "pure Rust CityHash 1.1 (64-bit)");
pub static FARMHASH_CRATE: Provider = rust_crate("farmhash", "pure Rust port of Google's FarmHash");
pub static HIGHWAY: Provider = rust_crate(
    "highway",
    "pure Rust HighwayHash with AVX2 / SSE4.1 kernels chosen at run time",
);
pub static KOMIHASH_CRATE: Provider = rust_crate("komihash", "pure Rust komihash (version 5)");
pub static FOLDHASH_CRATE: Provider = rust_crate(
    "foldhash",
    "hashbrown's default hasher (fast and quality), output not stable",
);
pub static RAPIDHASH_CRATE: Provider = rust_crate(
    "rapidhash",
    "pure Rust rapidhash: the portable V1-V3 functions and map hashers",
);
pub static RUSTC_HASH: Provider = rust_crate("rustc-hash", "rustc's FxHasher (2.x algorithm)");
pub static AHASH_CRATE: Provider = rust_crate(
    "ahash",
    "aHash: AES rounds if built with the aes target feature, else a multiply fallback",
);
pub static WYHASH_FINAL4_CRATE: Provider =
    rust_crate("wyhash-final4", "pure Rust wyhash final version 4");
/// Not compiled in (impls/table.rs, gxhash_probe); the version is that of the crate
/// hashbench would build, as no Cargo.lock entry exists for it.
fn gxhash_not_built_version() -> String {
    "3.5.0 (not built)".to_string()
}
pub static GXHASH_CRATE: Provider = Provider {
    name: "gxhash",
    kind: ProviderKind::RustCrate,
    crate_name: "gxhash",
    runtime_version: Some(gxhash_not_built_version),
    about: "AES-based hash; needs -C target-feature=+aes,+sse2 to compile, so not built",
};
pub static RING: Provider = rust_crate("ring", "BoringSSL-derived assembly behind a Rust API");
pub static AWS_LC_RS: Provider =
    rust_crate("aws-lc-rs", "AWS-LC (BoringSSL fork) behind ring's API");
pub static OPENSSL: Provider = Provider {
    name: "openssl",
    kind: ProviderKind::CLibrary,
    crate_name: "openssl",
    runtime_version: Some(openssl_version),
    about: "the system libcrypto through the openssl crate (EVP, digest fetched once)",
};
pub static LIBSODIUM: Provider = Provider {
    name: "libsodium",
    kind: ProviderKind::CLibrary,
    crate_name: "libsodium-sys-stable",
    runtime_version: Some(sodium_version),
    about: "libsodium built from the source bundled in libsodium-sys-stable",
};

/// Every provider, for listings and filters.
pub static PROVIDERS: &[&Provider] = &[
    &ADLER2,
    &SIMD_ADLER32,
    &ADLER32_CRATE,
    &CRC32FAST,
    &CRC_FAST,
    &CRC_CRATE,
    &CRC32C_CRATE,
    &CRC64FAST,
    &CRC64FAST_NVME,
    &XXHASH_RUST,
    &TWOX_HASH,
    &SIPHASHER,
    &STD,
    &MURMUR3_CRATE,
    &MUR3,
    &CITYHASHER,
    &FARMHASH_CRATE,
    &HIGHWAY,
    &KOMIHASH_CRATE,
    &FOLDHASH_CRATE,
    &RAPIDHASH_CRATE,
    &RUSTC_HASH,
    &AHASH_CRATE,
    &WYHASH_FINAL4_CRATE,
    &GXHASH_CRATE,
    &MD_5,
    &MD5_CRATE,
    &SHA1_CRATE,
    &SHA1_SMOL,
    &SHA2_CRATE,
    &SHA3_CRATE,
    &TINY_KECCAK,
    &SHAKE_CRATE,
    &K12_CRATE,
    &RIPEMD_CRATE,
    &SM3_CRATE,
    &ASCON_HASH_CRATE,
    &BLAKE2_CRATE,
    &BLAKE2B_SIMD,
    &BLAKE2S_SIMD,
    &BLAKE3_CRATE,
    &RING,
    &AWS_LC_RS,
    &OPENSSL,
    &LIBSODIUM,
    &ZLIB,
    &ZLIB_NG,
    &LIBDEFLATE,
    &XXHASH_C,
    &ISAL,
    &KERNEL,
];

const fn imp(
    id: &'static str,
    algorithm: &'static Algorithm,
    provider: &'static Provider,
    backend: fn() -> String,
    new: fn() -> Box<dyn Hasher>,
) -> Implementation {
    Implementation {
        id,
        algorithm,
        provider,
        variant: None,
        requires: &[],
        probe: None,
        parallel: false,
        backend,
        new,
    }
}

/// A pinned backend: the library's choice is overridden.
const fn pinned(
    variant: &'static str,
    requires: &'static [CpuFeature],
    base: Implementation,
) -> Implementation {
    Implementation {
        variant: Some(variant),
        requires,
        ..base
    }
}

/// An OpenSSL digest, available where the loaded providers can fetch it.
const fn openssl<A: OsslAlg>(id: &'static str, algorithm: &'static Algorithm) -> Implementation {
    Implementation {
        probe: Some(probe::<A>),
        ..imp(
            id,
            algorithm,
            &OPENSSL,
            openssl_backend::<A>,
            boxed::<Openssl<A>>,
        )
    }
}

/// An implementation that splits one message across a thread pool (`--threads N` gives
/// it a pool of exactly N threads).
const fn parallel(base: Implementation) -> Implementation {
    Implementation {
        parallel: true,
        ..base
    }
}

/// blake3 on one forced SIMD level of the crate's kernels (impls/blake3_levels.rs).
const fn blake3_level<L: Level>(
    id: &'static str,
    variant: &'static str,
    requires: &'static [CpuFeature],
) -> Implementation {
    Implementation {
        probe: Some(level_probe::<L>),
        ..pinned(
            variant,
            requires,
            imp(
                id,
                &BLAKE3,
                &BLAKE3_CRATE,
                level_backend::<L>,
                boxed::<Blake3Level<L>>,
            ),
        )
    }
}

type Rc<D> = RustCrypto<D>;

/// Every implementation, grouped by algorithm in [`ALGORITHMS`] order. Within an
/// algorithm the first entry is the reference the others are compared against.
#[rustfmt::skip]
pub static IMPLEMENTATIONS: &[Implementation] = &[
    // adler32
    imp("adler32/adler2", &ADLER32, &ADLER2, portable, boxed::<Adler2>),
    imp("adler32/simd-adler32", &ADLER32, &SIMD_ADLER32, simd_adler32_backend, boxed::<SimdAdler32>),
    imp("adler32/adler32", &ADLER32, &ADLER32_CRATE, portable, boxed::<Adler32Crate>),
    imp("adler32/zlib", &ADLER32, &ZLIB, zlib_adler_backend, boxed::<Checksum<ZlibAdler32>>),
    imp("adler32/zlib-ng", &ADLER32, &ZLIB_NG, zlib_ng_adler32_backend, boxed::<Checksum<ZlibNgAdler32>>),
    imp("adler32/libdeflate", &ADLER32, &LIBDEFLATE, libdeflate_adler32_backend, boxed::<Checksum<LibdeflateAdler32>>),
    isal::<IsalAdler32>("adler32/isa-l", &ADLER32),
    // crc16-ibm-3740, crc16-arc: the crc crate is the Rust implementation of record (the
    // SIMD CRC crates here do no 16-bit CRCs)
    imp("crc16-ibm-3740/crc", &CRC16_IBM_3740, &CRC_CRATE, crc_table1_backend, boxed::<CrcCrc16Ibm3740>),
    pinned("slice16", &[], imp("crc16-ibm-3740/crc+slice16", &CRC16_IBM_3740, &CRC_CRATE, crc_table16_backend, boxed::<CrcCrc16Ibm3740Slice16>)),
    imp("crc16-arc/crc", &CRC16_ARC, &CRC_CRATE, crc_table1_backend, boxed::<CrcCrc16Arc>),
    pinned("slice16", &[], imp("crc16-arc/crc+slice16", &CRC16_ARC, &CRC_CRATE, crc_table16_backend, boxed::<CrcCrc16ArcSlice16>)),
    // crc32
    imp("crc32/crc", &CRC32, &CRC_CRATE, crc_table1_backend, boxed::<CrcCrc32>),
    pinned("slice16", &[], imp("crc32/crc+slice16", &CRC32, &CRC_CRATE, crc_table16_backend, boxed::<CrcCrc32Slice16>)),
    imp("crc32/crc32fast", &CRC32, &CRC32FAST, crc32fast_backend, boxed::<Crc32Fast>),
    pinned("baseline", &[], imp("crc32/crc32fast+baseline", &CRC32, &CRC32FAST, crc32fast_baseline_backend, boxed::<Crc32FastBaseline>)),
    pinned("pclmulqdq", &[CpuFeature::Pclmulqdq, CpuFeature::Sse41], imp("crc32/crc32fast+pclmulqdq", &CRC32, &CRC32FAST, crc32fast_specialized_backend, boxed::<Crc32FastPclmul>)),
    imp("crc32/crc-fast", &CRC32, &CRC_FAST, crc_fast_crc32_backend, boxed::<CrcFast<CrcFastCrc32>>),
    imp("crc32/zlib", &CRC32, &ZLIB, zlib_backend, boxed::<Checksum<ZlibCrc32>>),
    imp("crc32/zlib-ng", &CRC32, &ZLIB_NG, zlib_ng_crc32_backend, boxed::<Checksum<ZlibNgCrc32>>),
    imp("crc32/libdeflate", &CRC32, &LIBDEFLATE, libdeflate_crc32_backend, boxed::<Checksum<LibdeflateCrc32>>),
    isal::<IsalCrc32>("crc32/isa-l", &CRC32),
    kernel::<KCrc32>("crc32/kernel", &CRC32),
    // crc32c
    imp("crc32c/crc", &CRC32C, &CRC_CRATE, crc_table1_backend, boxed::<CrcCrc32c>),
    pinned("slice16", &[], imp("crc32c/crc+slice16", &CRC32C, &CRC_CRATE, crc_table16_backend, boxed::<CrcCrc32cSlice16>)),
    imp("crc32c/crc32c", &CRC32C, &CRC32C_CRATE, crc32c_crate_backend, boxed::<Crc32cCrate>),
    imp("crc32c/crc-fast", &CRC32C, &CRC_FAST, crc_fast_crc32c_backend, boxed::<CrcFast<CrcFastCrc32c>>),
    isal::<IsalCrc32c>("crc32c/isa-l", &CRC32C),
    kernel::<KCrc32c>("crc32c/kernel", &CRC32C),
    // crc64-nvme
    imp("crc64-nvme/crc", &CRC64_NVME, &CRC_CRATE, crc_table1_backend, boxed::<CrcCrc64Nvme>),
    pinned("slice16", &[], imp("crc64-nvme/crc+slice16", &CRC64_NVME, &CRC_CRATE, crc_table16_backend, boxed::<CrcCrc64NvmeSlice16>)),
    imp("crc64-nvme/crc64fast-nvme", &CRC64_NVME, &CRC64FAST_NVME, crc64fast_nvme_backend, boxed::<Crc64FastNvme>),
    pinned("table", &[], imp("crc64-nvme/crc64fast-nvme+table", &CRC64_NVME, &CRC64FAST_NVME, table_backend, boxed::<Crc64FastNvmeTable>)),
    imp("crc64-nvme/crc-fast", &CRC64_NVME, &CRC_FAST, crc_fast_backend, boxed::<CrcFast<CrcFastCrc64Nvme>>),
    isal::<IsalCrc64Nvme>("crc64-nvme/isa-l", &CRC64_NVME),
    // crc64-xz
    imp("crc64-xz/crc", &CRC64_XZ, &CRC_CRATE, crc_table1_backend, boxed::<CrcCrc64Xz>),
    pinned("slice16", &[], imp("crc64-xz/crc+slice16", &CRC64_XZ, &CRC_CRATE, crc_table16_backend, boxed::<CrcCrc64XzSlice16>)),
    imp("crc64-xz/crc64fast", &CRC64_XZ, &CRC64FAST, crc64fast_backend, boxed::<Crc64Fast>),
    pinned("table", &[], imp("crc64-xz/crc64fast+table", &CRC64_XZ, &CRC64FAST, table_backend, boxed::<Crc64FastTable>)),
    imp("crc64-xz/crc-fast", &CRC64_XZ, &CRC_FAST, crc_fast_backend, boxed::<CrcFast<CrcFastCrc64Xz>>),
    isal::<IsalCrc64Xz>("crc64-xz/isa-l", &CRC64_XZ),
    // xxHash
    imp("xxh32/xxhash-rust", &XXH32, &XXHASH_RUST, scalar, boxed::<XxhRust32>),
    imp("xxh32/twox-hash", &XXH32, &TWOX_HASH, scalar, boxed::<Twox32>),
    imp("xxh32/xxhash-c", &XXH32, &XXHASH_C, xxhash_c_scalar_backend, boxed::<XxhC32>),
    imp("xxh64/xxhash-rust", &XXH64, &XXHASH_RUST, scalar, keyed::<XxhRust64>),
    imp("xxh64/twox-hash", &XXH64, &TWOX_HASH, scalar, keyed::<Twox64>),
    imp("xxh64/xxhash-c", &XXH64, &XXHASH_C, xxhash_c_scalar_backend, boxed::<XxhC64>),
    kernel::<KXxh64>("xxh64/kernel", &XXH64),
    imp("xxh3-64/xxhash-rust", &XXH3_64, &XXHASH_RUST, xxhash_rust_xxh3_backend, keyed::<XxhRust3_64>),
    imp("xxh3-64/twox-hash", &XXH3_64, &TWOX_HASH, twox_xxh3_backend, keyed::<Twox3_64>),
    imp("xxh3-64/xxhash-c", &XXH3_64, &XXHASH_C, xxhash_c_xxh3_backend, boxed::<XxhC3_64>),
    imp("xxh3-128/xxhash-rust", &XXH3_128, &XXHASH_RUST, xxhash_rust_xxh3_backend, boxed::<XxhRust3_128>),
    imp("xxh3-128/twox-hash", &XXH3_128, &TWOX_HASH, twox_xxh3_backend, boxed::<Twox3_128>),
    imp("xxh3-128/xxhash-c", &XXH3_128, &XXHASH_C, xxhash_c_xxh3_backend, boxed::<XxhC3_128>),
    // hash-table hashers (impls/table.rs)
    imp("siphash-1-3/siphasher", &SIPHASH_1_3, &SIPHASHER, portable, keyed::<SiphasherSip13>),
    imp("siphash-1-3/std", &SIPHASH_1_3, &STD, portable, keyed::<StdDefaultHasher>),
    imp("siphash-2-4/siphasher", &SIPHASH_2_4, &SIPHASHER, portable, keyed::<SiphasherSip24>),
    imp("siphash-2-4/std", &SIPHASH_2_4, &STD, portable, keyed::<StdSipHasher24>),
    imp("murmur3-x86-32/mur3", &MURMUR3_X86_32, &MUR3, portable, boxed::<Buffered<Mur3X86_32>>),
    imp("murmur3-x86-32/murmur3", &MURMUR3_X86_32, &MURMUR3_CRATE, portable, boxed::<Buffered<Murmur3X86_32>>),
    imp("murmur3-x64-128/mur3", &MURMUR3_X64_128, &MUR3, portable, boxed::<Buffered<Mur3X64_128>>),
    imp("murmur3-x64-128/murmur3", &MURMUR3_X64_128, &MURMUR3_CRATE, portable, boxed::<Buffered<Murmur3X64_128>>),
    imp("cityhash-64/cityhasher", &CITYHASH_64, &CITYHASHER, portable, keyed::<Buffered<CityHasher64>>),
    Implementation { probe: Some(farmhash_probe), ..imp("farmhash-64/farmhash", &FARMHASH_64, &FARMHASH_CRATE, portable, boxed::<Buffered<FarmFingerprint64>>) },
    imp("highwayhash-64/highway", &HIGHWAYHASH_64, &HIGHWAY, highway_backend, keyed::<Highway64>),
    imp("komihash/komihash", &KOMIHASH, &KOMIHASH_CRATE, portable, keyed::<Komihash>),
    imp("foldhash-fast/foldhash", &FOLDHASH_FAST, &FOLDHASH_CRATE, portable, keyed::<Buffered<FoldhashFast>>),
    imp("foldhash-quality/foldhash", &FOLDHASH_QUALITY, &FOLDHASH_CRATE, portable, keyed::<Buffered<FoldhashQuality>>),
    imp("rapidhash/rapidhash", &RAPIDHASH, &RAPIDHASH_CRATE, portable, boxed::<Buffered<RapidhashV3>>),
    imp("rapidhash-fast/rapidhash", &RAPIDHASH_FAST, &RAPIDHASH_CRATE, portable, keyed::<Buffered<RapidhashFast>>),
    imp("fxhash/rustc-hash", &FXHASH, &RUSTC_HASH, portable, keyed::<Buffered<RustcFxHash>>),
    Implementation { probe: Some(ahash_probe), ..imp("ahash-fallback/ahash", &AHASH_FALLBACK, &AHASH_CRATE, ahash_backend, keyed::<Buffered<AHashFallback>>) },
    imp("wyhash-final4/wyhash-final4", &WYHASH_FINAL4, &WYHASH_FINAL4_CRATE, portable, keyed::<Buffered<WyhashFinal4>>),
    Implementation { probe: Some(gxhash_probe), ..imp("gxhash-64/gxhash", &GXHASH_64, &GXHASH_CRATE, gxhash_backend, boxed::<Buffered<GxhashNotBuilt>>) },
    // md5
    imp("md5/md-5", &MD5, &MD_5, rustcrypto_portable_backend, boxed::<Rc<rustcrypto_md5::Md5>>),
    imp("md5/md5", &MD5, &MD5_CRATE, portable, boxed::<Md5Crate>),
    openssl::<OsslMd5>("md5/openssl", &MD5),
    kernel::<KMd5>("md5/kernel", &MD5),
    // sha1
    imp("sha1/sha1", &SHA1, &SHA1_CRATE, sha1_backend, boxed::<Rc<sha1::Sha1>>),
    imp("sha1/sha1_smol", &SHA1, &SHA1_SMOL, portable, boxed::<Sha1Smol>),
    imp("sha1/ring", &SHA1, &RING, ring_sha1_backend, boxed::<RingSha1>),
    imp("sha1/aws-lc-rs", &SHA1, &AWS_LC_RS, awslc_sha1_backend, boxed::<AwsLcSha1>),
    openssl::<OsslSha1>("sha1/openssl", &SHA1),
    kernel::<KSha1>("sha1/kernel", &SHA1),
    // sha2
    imp("sha2-224/sha2", &SHA2_224, &SHA2_CRATE, sha256_backend, boxed::<Rc<sha2::Sha224>>),
    imp("sha2-224/aws-lc-rs", &SHA2_224, &AWS_LC_RS, awslc_sha256_backend, boxed::<AwsLcSha224>),
    openssl::<OsslSha224>("sha2-224/openssl", &SHA2_224),
    kernel::<KSha224>("sha2-224/kernel", &SHA2_224),
    imp("sha2-256/sha2", &SHA2_256, &SHA2_CRATE, sha256_backend, boxed::<Rc<sha2::Sha256>>),
    imp("sha2-256/ring", &SHA2_256, &RING, ring_sha256_backend, boxed::<RingSha256>),
    imp("sha2-256/aws-lc-rs", &SHA2_256, &AWS_LC_RS, awslc_sha256_backend, boxed::<AwsLcSha256>),
    openssl::<OsslSha256>("sha2-256/openssl", &SHA2_256),
    imp("sha2-256/libsodium", &SHA2_256, &LIBSODIUM, sha2_backend, boxed::<SodiumSha256>),
    kernel::<KSha256>("sha2-256/kernel", &SHA2_256),
    imp("sha2-384/sha2", &SHA2_384, &SHA2_CRATE, sha512_backend, boxed::<Rc<sha2::Sha384>>),
    imp("sha2-384/ring", &SHA2_384, &RING, ring_sha512_backend, boxed::<RingSha384>),
    imp("sha2-384/aws-lc-rs", &SHA2_384, &AWS_LC_RS, awslc_sha512_backend, boxed::<AwsLcSha384>),
    openssl::<OsslSha384>("sha2-384/openssl", &SHA2_384),
    kernel::<KSha384>("sha2-384/kernel", &SHA2_384),
    imp("sha2-512/sha2", &SHA2_512, &SHA2_CRATE, sha512_backend, boxed::<Rc<sha2::Sha512>>),
    imp("sha2-512/ring", &SHA2_512, &RING, ring_sha512_backend, boxed::<RingSha512>),
    imp("sha2-512/aws-lc-rs", &SHA2_512, &AWS_LC_RS, awslc_sha512_backend, boxed::<AwsLcSha512>),
    openssl::<OsslSha512>("sha2-512/openssl", &SHA2_512),
    imp("sha2-512/libsodium", &SHA2_512, &LIBSODIUM, sha2_backend, boxed::<SodiumSha512>),
    kernel::<KSha512>("sha2-512/kernel", &SHA2_512),
    imp("sha2-512-256/sha2", &SHA2_512_256, &SHA2_CRATE, sha512_backend, boxed::<Rc<sha2::Sha512_256>>),
    imp("sha2-512-256/ring", &SHA2_512_256, &RING, ring_sha512_backend, boxed::<RingSha512_256>),
    imp("sha2-512-256/aws-lc-rs", &SHA2_512_256, &AWS_LC_RS, awslc_sha512_backend, boxed::<AwsLcSha512_256>),
    openssl::<OsslSha512_256>("sha2-512-256/openssl", &SHA2_512_256),
    // sha3
    imp("sha3-224/sha3", &SHA3_224, &SHA3_CRATE, rustcrypto_portable_backend, boxed::<Rc<sha3::Sha3_224>>),
    imp("sha3-224/tiny-keccak", &SHA3_224, &TINY_KECCAK, portable, boxed::<TinyKeccak224>),
    openssl::<OsslSha3_224>("sha3-224/openssl", &SHA3_224),
    kernel::<KSha3_224>("sha3-224/kernel", &SHA3_224),
    imp("sha3-256/sha3", &SHA3_256, &SHA3_CRATE, rustcrypto_portable_backend, boxed::<Rc<sha3::Sha3_256>>),
    imp("sha3-256/tiny-keccak", &SHA3_256, &TINY_KECCAK, portable, boxed::<TinyKeccak256>),
    imp("sha3-256/aws-lc-rs", &SHA3_256, &AWS_LC_RS, awslc_sha3_backend, boxed::<AwsLcSha3_256>),
    openssl::<OsslSha3_256>("sha3-256/openssl", &SHA3_256),
    kernel::<KSha3_256>("sha3-256/kernel", &SHA3_256),
    imp("sha3-384/sha3", &SHA3_384, &SHA3_CRATE, rustcrypto_portable_backend, boxed::<Rc<sha3::Sha3_384>>),
    imp("sha3-384/tiny-keccak", &SHA3_384, &TINY_KECCAK, portable, boxed::<TinyKeccak384>),
    imp("sha3-384/aws-lc-rs", &SHA3_384, &AWS_LC_RS, awslc_sha3_backend, boxed::<AwsLcSha3_384>),
    openssl::<OsslSha3_384>("sha3-384/openssl", &SHA3_384),
    kernel::<KSha3_384>("sha3-384/kernel", &SHA3_384),
    imp("sha3-512/sha3", &SHA3_512, &SHA3_CRATE, rustcrypto_portable_backend, boxed::<Rc<sha3::Sha3_512>>),
    imp("sha3-512/tiny-keccak", &SHA3_512, &TINY_KECCAK, portable, boxed::<TinyKeccak512>),
    imp("sha3-512/aws-lc-rs", &SHA3_512, &AWS_LC_RS, awslc_sha3_backend, boxed::<AwsLcSha3_512>),
    openssl::<OsslSha3_512>("sha3-512/openssl", &SHA3_512),
    kernel::<KSha3_512>("sha3-512/kernel", &SHA3_512),
    // blake2
    imp("blake2s-256/blake2", &BLAKE2S_256, &BLAKE2_CRATE, portable, boxed::<Rc<blake2::Blake2s256>>),
    imp("blake2s-256/blake2s_simd", &BLAKE2S_256, &BLAKE2S_SIMD, blake2s_simd_backend, boxed::<Blake2sSimd256>),
    pinned("portable", &[], imp("blake2s-256/blake2s_simd+portable", &BLAKE2S_256, &BLAKE2S_SIMD, blake2_simd_forced_portable, boxed::<Blake2sSimd256Portable>)),
    openssl::<OsslBlake2s256>("blake2s-256/openssl", &BLAKE2S_256),
    imp("blake2b-256/blake2", &BLAKE2B_256, &BLAKE2_CRATE, portable, boxed::<Rc<blake2::Blake2b256>>),
    imp("blake2b-256/blake2b_simd", &BLAKE2B_256, &BLAKE2B_SIMD, blake2b_simd_backend, boxed::<Blake2bSimd256>),
    pinned("portable", &[], imp("blake2b-256/blake2b_simd+portable", &BLAKE2B_256, &BLAKE2B_SIMD, blake2_simd_forced_portable, boxed::<Blake2bSimd256Portable>)),
    imp("blake2b-256/libsodium", &BLAKE2B_256, &LIBSODIUM, generichash_backend, boxed::<SodiumGenericHash<32>>),
    kernel::<KBlake2b256>("blake2b-256/kernel", &BLAKE2B_256),
    imp("blake2b-512/blake2", &BLAKE2B_512, &BLAKE2_CRATE, portable, boxed::<Rc<blake2::Blake2b512>>),
    imp("blake2b-512/blake2b_simd", &BLAKE2B_512, &BLAKE2B_SIMD, blake2b_simd_backend, boxed::<Blake2bSimd512>),
    pinned("portable", &[], imp("blake2b-512/blake2b_simd+portable", &BLAKE2B_512, &BLAKE2B_SIMD, blake2_simd_forced_portable, boxed::<Blake2bSimd512Portable>)),
    imp("blake2b-512/libsodium", &BLAKE2B_512, &LIBSODIUM, generichash_backend, boxed::<SodiumGenericHash<64>>),
    openssl::<OsslBlake2b512>("blake2b-512/openssl", &BLAKE2B_512),
    kernel::<KBlake2b512>("blake2b-512/kernel", &BLAKE2B_512),
    // blake3
    imp("blake3/blake3", &BLAKE3, &BLAKE3_CRATE, blake3_backend, boxed::<Blake3>),
    parallel(pinned("rayon", &[], imp("blake3/blake3+rayon", &BLAKE3, &BLAKE3_CRATE, blake3_rayon_backend, boxed::<Blake3Rayon>))),
    blake3_level::<Portable>("blake3/blake3+portable", "portable", &[]),
    blake3_level::<Sse2>("blake3/blake3+sse2", "sse2", &[CpuFeature::Sse2]),
    blake3_level::<Sse41>("blake3/blake3+sse41", "sse41", &[CpuFeature::Sse41]),
    blake3_level::<Avx2>("blake3/blake3+avx2", "avx2", &[CpuFeature::Avx2]),
    // blake3's own AVX-512 test: F and VL.
    blake3_level::<Avx512>("blake3/blake3+avx512", "avx512", &[CpuFeature::Avx512f, CpuFeature::Avx512vl]),
    // ripemd-160 (ripemd has no SIMD or assembly kernel)
    imp("ripemd-160/ripemd", &RIPEMD_160, &RIPEMD_CRATE, portable, boxed::<Rc<ripemd::Ripemd160>>),
    // shake128-256, shake256-512 (keccak's portable permutation, as for sha3)
    imp("shake128-256/shake", &SHAKE128_256, &SHAKE_CRATE, rustcrypto_portable_backend, boxed::<RustCryptoXof<shake::Shake128>>),
    imp("shake128-256/tiny-keccak", &SHAKE128_256, &TINY_KECCAK, portable, boxed::<TinyShake128>),
    imp("shake256-512/shake", &SHAKE256_512, &SHAKE_CRATE, rustcrypto_portable_backend, boxed::<RustCryptoXof<shake::Shake256>>),
    imp("shake256-512/tiny-keccak", &SHAKE256_512, &TINY_KECCAK, portable, boxed::<TinyShake256>),
    // k12-256 (KangarooTwelve, empty customization string)
    imp("k12-256/k12", &K12_256, &K12_CRATE, rustcrypto_portable_backend, boxed::<RustCryptoXof<k12::Kt128>>),
    imp("k12-256/tiny-keccak", &K12_256, &TINY_KECCAK, portable, boxed::<TinyK12>),
    // sm3 (sm3 has no SIMD or assembly kernel)
    imp("sm3/sm3", &SM3, &SM3_CRATE, portable, boxed::<Rc<sm3::Sm3>>),
    // blake2bp-512, blake2sp-256 (the parallel modes of blake2b_simd and blake2s_simd)
    imp("blake2bp-512/blake2b_simd", &BLAKE2BP_512, &BLAKE2B_SIMD, blake2bp_simd_backend, boxed::<Blake2bpSimd>),
    imp("blake2sp-256/blake2s_simd", &BLAKE2SP_256, &BLAKE2S_SIMD, blake2sp_simd_backend, boxed::<Blake2spSimd>),
    // ascon-hash256 (ascon-hash 0.3 is SP 800-232's; no SIMD kernel)
    imp("ascon-hash256/ascon-hash", &ASCON_HASH256, &ASCON_HASH_CRATE, portable, boxed::<AsconHash>),
];

mod suites;
pub use suites::{BY_NAME_ONLY, DEFAULT_SUITE};

#[cfg(test)]
mod tests;
