//! Which implementations `hashbench run` measures when given no filter, and which
//! algorithms it measures only when asked for by name.

/// Block-hashing algorithms asked for by name only, not in [`DEFAULT_SUITE`] yet: each
/// entry there names the measured rule that chose its implementation, and none has been
/// measured for these (issue 24's additions). The hash-table hashers are left out too,
/// by their `hash` properties.
pub static BY_NAME_ONLY: &[&str] = &[
    "crc16-ibm-3740",
    "crc16-arc",
    "ripemd-160",
    "shake128-256",
    "shake256-512",
    "k12-256",
    "sm3",
    "ascon-hash256",
    "blake2bp-512",
    "blake2sp-256",
];

/// The default suite of `hashbench run`: per algorithm (but the hash-table hashers, whose
/// question is small keys, not blocks), in [`ALGORITHMS`](crate::ALGORITHMS) order, the
/// implementation that measured fastest at 4 KiB to 1 MiB on the development machines
/// (x86_64 VMs with AVX-512: an Intel Xeon without SHA-NI, then an AMD EPYC with it for
/// the xxHash family; docs/method.md, "The default suite", has the commands and
/// figures). A rule written down, not a measurement of the machine it runs on: where the
/// choice depends on the CPU (xxHash's SIMD, SHA-NI), run the candidates there.
pub static DEFAULT_SUITE: &[&str] = &[
    "adler32/simd-adler32",
    "crc32/crc-fast",
    "crc32c/crc-fast",
    "crc64-nvme/crc-fast",
    "crc64-xz/crc-fast",
    "xxh32/twox-hash",
    "xxh64/twox-hash",
    "xxh3-64/twox-hash",
    "xxh3-128/twox-hash",
    "md5/openssl",
    "sha1/openssl",
    "sha2-224/openssl",
    "sha2-256/openssl",
    "sha2-384/openssl",
    "sha2-512/openssl",
    "sha2-512-256/openssl",
    "sha3-224/openssl",
    "sha3-256/openssl",
    "sha3-384/openssl",
    "sha3-512/openssl",
    "blake2s-256/blake2s_simd",
    "blake2b-256/blake2b_simd",
    "blake2b-512/blake2b_simd",
    "blake3/blake3",
];
