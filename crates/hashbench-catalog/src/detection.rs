//! What each checksum detects and which hashes FIPS approves, as data with sources, keyed
//! by algorithm id (kept apart from the algorithm table, `algorithm.rs`, so that adding an algorithm and
//! describing what it detects are separate edits). docs/detection.md repeats the table.
//!
//! A CRC's Hamming distance (HD) depends on its polynomial and the data length; Philip
//! Koopman's CRC Zoo tabulates it (users.ece.cmu.edu/~koopman/crc/, polynomials in his
//! implicit +1 notation). CRC-32's profile is Koopman's; the others' tables could not be
//! reached, so their profiles are computed by this repository's `hashbench-crc-hd`
//! (held to Koopman's published profiles by its tests), each level exact or, where the
//! search stopped, a proven lower bound (`lower_bounds`).

use hashbench_model::{Detection, Fips};

use crate::algorithm::{Algorithm, Class};

/// CRC-32 (ISO-HDLC, IEEE 802.3), Koopman 0x82608edb: the longest data word in bits at
/// HD = 3, 4, ..., 15.
pub const CRC32_HD_BITS: [u64; 13] = [
    4_294_967_263,
    91_607,
    2_974,
    268,
    171,
    91,
    57,
    34,
    21,
    12,
    10,
    10,
    10,
];

/// Where [`CRC32_HD_BITS`] is from.
pub const CRC32_SOURCE: &str =
    "Koopman, CRC Zoo, https://users.ece.cmu.edu/~koopman/crc/c32/0x82608edb_len.txt \
     (profile {4294967263,91607,2974,268,171,91,57,34,21,12,10,10,10}, as quoted from that \
     file and from Koopman's hdlen.c in public source; the page itself was not reachable here)";

/// CRC-32C (Castagnoli), Koopman 0x8f6e37a0, computed: HD = 3, ..., 18, every level
/// exact (x + 1 divides it, so each odd HD holds as far as the HD below it).
pub const CRC32C_HD_BITS: [u64; 16] = [
    2_147_483_615,
    2_147_483_615,
    5_243,
    5_243,
    177,
    177,
    47,
    47,
    20,
    20,
    8,
    8,
    6,
    6,
    1,
    1,
];

/// CRC-16 with 0x1021 (Koopman 0x8810) and with 0x8005 (Koopman 0xc002), computed: both
/// have four terms, so HD 4 is the most, and both hold it to 32751 data bits (x + 1
/// divides both, and x has order 32767 modulo each).
pub const CRC16_HD_BITS: [u64; 2] = [32_751, 32_751];

/// CRC-64/XZ (ECMA-182), Koopman 0xa17870f5d4f51b49, computed: HD = 3, ..., 34. x + 1
/// divides it (twice: the order of x, 8589606914, is even), so odd weights are detected;
/// HD 5 to 20 are lower bounds where the search stopped (see the `_LOWER_BOUNDS`).
pub const CRC64_XZ_HD_BITS: [u64; 32] = [
    8_589_606_850,
    8_589_606_850,
    40_000,
    40_000,
    1_109,
    1_109,
    220,
    220,
    64,
    64,
    26,
    26,
    26,
    26,
    26,
    26,
    26,
    26,
    24,
    24,
    7,
    7,
    7,
    7,
    5,
    5,
    5,
    5,
    3,
    3,
    2,
    2,
];
/// The HDs of [`CRC64_XZ_HD_BITS`] whose length is only a lower bound.
pub const CRC64_XZ_LOWER_BOUNDS: [u32; 16] =
    [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];

/// CRC-64/NVMe, Koopman 0xd6c9e91aca649b2c, computed: HD = 3, ..., 33. Primitive (x has
/// order 2^64 - 1) and an odd number of terms, so every weight is searched; HD 4 to 21
/// are lower bounds where the search stopped (see the `_LOWER_BOUNDS`).
pub const CRC64_NVME_HD_BITS: [u64; 31] = [
    18_446_744_073_709_551_551,
    40_000,
    40_000,
    8_129,
    1_109,
    524,
    220,
    106,
    64,
    26,
    26,
    26,
    26,
    26,
    26,
    26,
    26,
    26,
    26,
    12,
    5,
    5,
    3,
    3,
    3,
    3,
    3,
    3,
    3,
    3,
    3,
];
/// The HDs of [`CRC64_NVME_HD_BITS`] whose length is only a lower bound.
pub const CRC64_NVME_LOWER_BOUNDS: [u32; 18] = [
    4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
];

/// The programs whose published profiles `hashbench-crc-hd` reproduces (its tests).
const REPRODUCES: &str = "CRC-32 (0x82608edb), 0x992c1a4c (Koopman's blog, \
     HD 6 to 32738 bits), 26 polynomials of 8 to 24 bits from his CRC Zoo pages hd3, \
     hd4, hd5, hd6 and 6sub8.html, and 6sub8.html's 48-bit 0x8000000000ed";

/// The source line of a computed profile: the command that computes it.
fn computed_source(koopman: &str) -> String {
    format!(
        "computed by `cargo run --release -p hashbench-crc-hd --example crc-hd -- {koopman}` in this repository \
         (exhaustive search for the lightest undetected error pattern; levels marked as lower \
         bounds were searched only that far); the same program reproduces Koopman's published \
         profiles of {REPRODUCES}"
    )
}

fn computed(polynomial: &str, koopman: &str, bits: &[u64], lower_bounds: &[u32]) -> Detection {
    Detection::Profile {
        polynomial: polynomial.to_string(),
        koopman: koopman.to_string(),
        max_bits: bits.to_vec(),
        source: computed_source(koopman),
        lower_bounds: lower_bounds.to_vec(),
    }
}

/// Adler-32's weakness on short inputs.
const ADLER32_WEAKNESS: &str = "weak on short inputs: below about 128 bytes its first sum never \
     wraps modulo 65521, so the check values cover the available bits poorly";
const ADLER32_SOURCE: &str =
    "RFC 3309 section 1 (SCTP replaced Adler-32 with CRC-32C: \"for small \
     packets Adler-32 provides weak detection of errors\"), \
     https://www.rfc-editor.org/rfc/rfc3309.txt; Maxino & Koopman, \"The Effectiveness of \
     Checksums for Embedded Control Networks\", IEEE TDSC 6(1), 2009 (Adler \"suboptimal for \
     typical network use\")";

/// The error detection of `a`: a CRC's HD profile, Adler-32's weakness, or, for a hash,
/// why HD does not apply. `None` for a checksum not described here.
#[must_use]
pub fn detection(a: &Algorithm) -> Option<Detection> {
    match a.id {
        "crc32" => Some(Detection::Profile {
            polynomial: "0x04C11DB7".to_string(),
            koopman: "0x82608edb".to_string(),
            max_bits: CRC32_HD_BITS.to_vec(),
            source: CRC32_SOURCE.to_string(),
            lower_bounds: Vec::new(),
        }),
        "crc32c" => Some(computed("0x1EDC6F41", "0x8f6e37a0", &CRC32C_HD_BITS, &[])),
        "crc64-xz" => Some(computed(
            "0x42F0E1EBA9EA3693",
            "0xa17870f5d4f51b49",
            &CRC64_XZ_HD_BITS,
            &CRC64_XZ_LOWER_BOUNDS,
        )),
        "crc64-nvme" => Some(computed(
            "0xAD93D23594C93659",
            "0xd6c9e91aca649b2c",
            &CRC64_NVME_HD_BITS,
            &CRC64_NVME_LOWER_BOUNDS,
        )),
        "crc16-ibm-3740" => Some(computed("0x1021", "0x8810", &CRC16_HD_BITS, &[])),
        "crc16-arc" => Some(computed("0x8005", "0xc002", &CRC16_HD_BITS, &[])),
        "adler32" => Some(Detection::Weak {
            weakness: ADLER32_WEAKNESS.to_string(),
            source: ADLER32_SOURCE.to_string(),
        }),
        _ if a.class != Class::Checksum => Some(Detection::NotApplicable {
            reason: format!(
                "not a CRC: no error count is guaranteed detected; a random error goes \
                 undetected with probability about 2^-{}",
                a.output_bits
            ),
        }),
        _ => None,
    }
}

const FIPS_180_4: &str = "FIPS 180-4, https://csrc.nist.gov/pubs/fips/180-4/upd1/final";
const FIPS_202: &str = "FIPS 202, https://csrc.nist.gov/pubs/fips/202/final";
const SP_800_131A: &str =
    "NIST SP 800-131A Rev. 2, https://csrc.nist.gov/pubs/sp/800/131/a/r2/final";
const SP_800_232: &str = "NIST SP 800-232, Ascon-Based Lightweight Cryptography Standards for \
    Constrained Devices (August 2025), https://csrc.nist.gov/pubs/sp/800/232/final";

/// A cryptographic hash's FIPS approval; `None` for the other classes.
#[must_use]
pub fn fips(a: &Algorithm) -> Option<Fips> {
    if a.class != Class::CryptographicHash {
        return None;
    }
    let (approved, status, source) = match a.family {
        "sha2" => (
            true,
            "approved: specified in FIPS 180-4",
            FIPS_180_4.to_string(),
        ),
        "sha3" | "shake" => (
            true,
            "approved: specified in FIPS 202",
            FIPS_202.to_string(),
        ),
        "sha1" => (
            true,
            "approved in FIPS 180-4, but disallowed for digital signature generation \
             (SP 800-131A Rev. 2)",
            format!("{FIPS_180_4}; {SP_800_131A}"),
        ),
        // A NIST standard, but a Special Publication: `--fips` (FIPS 180-4 and 202) leaves
        // it out, and says where it is specified.
        "ascon" => (
            false,
            "not in FIPS 180-4 or FIPS 202: specified by NIST in SP 800-232 (2025), for \
             constrained devices",
            SP_800_232.to_string(),
        ),
        _ => (
            false,
            "not approved: specified in neither FIPS 180-4 nor FIPS 202",
            format!("{FIPS_180_4}; {FIPS_202}"),
        ),
    };
    Some(Fips {
        approved,
        status: status.to_string(),
        source,
    })
}

#[cfg(test)]
mod tests;
