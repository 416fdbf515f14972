//! What each checksum detects and which hashes FIPS approves, as data with sources, keyed
//! by algorithm id (kept apart from the algorithm table, `algorithm.rs`, so that adding an algorithm and
//! describing what it detects are separate edits). docs/detection.md repeats the table.
//!
//! A CRC's Hamming distance (HD) depends on its polynomial and the data length; Philip
//! Koopman's CRC Zoo tabulates it (users.ece.cmu.edu/~koopman/crc/, polynomials in his
//! implicit +1 notation). Only figures found in a source are written here: a CRC whose
//! profile could not be found is `Unknown`, with the reason.

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

const NOT_FOUND: &str = "its Koopman CRC Zoo profile (c32 or c64 table) was not in the sources \
     searched for this catalogue, and no figure is given without one";

/// Adler-32's weakness on short inputs.
const ADLER32_WEAKNESS: &str = "weak on short inputs: below about 128 bytes its first sum never \
     wraps modulo 65521, so the check values cover the available bits poorly";
const ADLER32_SOURCE: &str =
    "RFC 3309 section 1 (SCTP replaced Adler-32 with CRC-32C: \"for small \
     packets Adler-32 provides weak detection of errors\"), \
     https://www.rfc-editor.org/rfc/rfc3309.txt; Maxino & Koopman, \"The Effectiveness of \
     Checksums for Embedded Control Networks\", IEEE TDSC 6(1), 2009 (Adler \"suboptimal for \
     typical network use\")";

/// The error detection of `a`: a CRC's HD profile (or `Unknown`), Adler-32's weakness,
/// or, for a hash, why HD does not apply. `None` for a checksum not described here.
#[must_use]
pub fn detection(a: &Algorithm) -> Option<Detection> {
    let unknown = |polynomial: &str, koopman: &str| Detection::Unknown {
        polynomial: polynomial.to_string(),
        koopman: koopman.to_string(),
        reason: NOT_FOUND.to_string(),
    };
    match a.id {
        "crc32" => Some(Detection::Profile {
            polynomial: "0x04C11DB7".to_string(),
            koopman: "0x82608edb".to_string(),
            max_bits: CRC32_HD_BITS.to_vec(),
            source: CRC32_SOURCE.to_string(),
        }),
        "crc32c" => Some(unknown("0x1EDC6F41", "0x8f6e37a0")),
        "crc64-xz" => Some(unknown("0x42F0E1EBA9EA3693", "0xa17870f5d4f51b49")),
        "crc64-nvme" => Some(unknown("0xAD93D23594C93659", "0xd6c9e91aca649b2c")),
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
