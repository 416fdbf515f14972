//! adler32 and the CRCs.

use super::{write_be, Streaming};
use crate::cpu::{first_of, first_supported, x86_rule};

// ---- adler32 ----

pub(crate) struct Adler2;
impl Streaming for Adler2 {
    type State = adler2::Adler32;
    fn new() -> Self::State {
        adler2::Adler32::new()
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.write_slice(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_be(out, s.checksum().into());
        *s = adler2::Adler32::new();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, adler2::adler32_slice(data).into());
    }
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_be(out, s.checksum().into());
    }
}

pub(crate) struct SimdAdler32;
impl Streaming for SimdAdler32 {
    type State = simd_adler32::Adler32;
    fn new() -> Self::State {
        simd_adler32::Adler32::new()
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.write(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_be(out, s.finish().into());
        s.reset();
    }
    fn reset(s: &mut Self::State) {
        s.reset();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, simd_adler32::adler32(&data).into());
    }
    const RESETS: bool = true;
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_be(out, s.finish().into());
    }
}

/// simd-adler32 picks its kernel at run time in this order (its AVX-512 kernel needs the
/// crate's `nightly` feature, which this build does not enable): simd-adler32-0.3.10
/// src/imp/mod.rs:17-25, src/imp/avx512.rs:9-23.
pub(crate) fn simd_adler32_backend() -> String {
    first_supported(
        &[
            ("avx2", &["avx2"]),
            ("ssse3", &["ssse3"]),
            ("sse2", &["sse2"]),
        ],
        "scalar",
    )
}

pub(crate) struct Adler32Crate;
impl Streaming for Adler32Crate {
    type State = adler32::RollingAdler32;
    fn new() -> Self::State {
        adler32::RollingAdler32::new()
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.update_buffer(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_be(out, s.hash().into());
        *s = adler32::RollingAdler32::new();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(
            out,
            adler32::RollingAdler32::from_buffer(data).hash().into(),
        );
    }
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_be(out, s.hash().into());
    }
}

// ---- crc32fast (crc32 only) ----

/// What every crc32fast adapter does alike; they differ only in the kernel the state is
/// constructed with (and `Crc32Fast` in its one-call function).
macro_rules! crc32fast_state {
    () => {
        type State = crc32fast::Hasher;
        fn update(s: &mut Self::State, data: &[u8]) {
            s.update(data);
        }
        fn finish(s: &mut Self::State, out: &mut [u8]) {
            // `finalize` consumes the hasher; the clone is 16 bytes.
            write_be(out, s.clone().finalize().into());
            s.reset();
        }
        // crc32fast's reset zeroes the CRC and keeps the kernel the state was made with.
        fn reset(s: &mut Self::State) {
            s.reset();
        }
        const RESETS: bool = true;
        fn finish_owned(s: Self::State, out: &mut [u8]) {
            write_be(out, s.finalize().into());
        }
    };
}

pub(crate) struct Crc32Fast;
impl Streaming for Crc32Fast {
    crc32fast_state!();
    fn new() -> Self::State {
        crc32fast::Hasher::new()
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, crc32fast::hash(data).into());
    }
}

/// crc32fast with its table-driven fallback forced.
pub(crate) struct Crc32FastBaseline;
impl Streaming for Crc32FastBaseline {
    crc32fast_state!();
    fn new() -> Self::State {
        crc32fast::Hasher::internal_new_baseline(0, 0)
    }
}

/// crc32fast with its PCLMULQDQ folding kernel forced; the registry only constructs it
/// where the CPU has the features it declares.
pub(crate) struct Crc32FastPclmul;
impl Streaming for Crc32FastPclmul {
    crc32fast_state!();
    fn new() -> Self::State {
        // `requires` in the registry guarantees the features, so None cannot happen
        // through the registry; fall back rather than panic if called directly.
        crc32fast::Hasher::internal_new_specialized(0, 0)
            .unwrap_or_else(|| crc32fast::Hasher::internal_new_baseline(0, 0))
    }
}

/// The kernel crc32fast's own dispatch picks, asked the way it asks: built with rustc
/// 1.89 or later (its build script then enables the wide kernels, and this workspace needs
/// 1.89), it folds with 512-bit VPCLMULQDQ on AVX-512, 256-bit on AVX2, else 128-bit
/// PCLMULQDQ, else a table.
pub(crate) fn crc32fast_backend() -> String {
    first_supported(
        &[
            (
                "vpclmulqdq avx-512 (512-bit folds)",
                &["avx512f", "vpclmulqdq", "pclmulqdq", "sse4.1", "ssse3"],
            ),
            (
                "vpclmulqdq avx2 (256-bit folds)",
                &["avx2", "vpclmulqdq", "pclmulqdq", "sse4.1", "ssse3"],
            ),
            (
                "pclmulqdq (128-bit folds)",
                &["pclmulqdq", "sse4.1", "ssse3"],
            ),
        ],
        "table (baseline)",
    )
}

/// `crc32fast+pclmulqdq` asks crc32fast for its specialised state, which goes through the
/// same dispatch as the plain one: the crate has no way to force the 128-bit kernel, so
/// this variant runs whatever `crc32/crc32fast` runs, and says so.
pub(crate) fn crc32fast_specialized_backend() -> String {
    format!("{} (same dispatch as crc32/crc32fast)", crc32fast_backend())
}

// ---- crc32c crate ----

pub(crate) struct Crc32cCrate;
impl Streaming for Crc32cCrate {
    type State = u32;
    fn new() -> u32 {
        0
    }
    fn update(s: &mut u32, data: &[u8]) {
        *s = crc32c::crc32c_append(*s, data);
    }
    fn finish(s: &mut u32, out: &mut [u8]) {
        write_be(out, (*s).into());
        *s = 0;
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, crc32c::crc32c(data).into());
    }
}

/// The crc32c crate uses the SSE4.2 crc32 instruction (three streams interleaved) on
/// x86_64 only, else slice-by-8 tables; it has no PCLMULQDQ kernel
/// (crc32c-0.6.9/src/lib.rs:49-65, src/hw_x86_64.rs:7-43).
pub(crate) fn crc32c_crate_backend() -> String {
    first_supported(CRC32C_CRATE_RULE, "software tables (slice-by-8)")
}
const CRC32C_CRATE_RULE: &[(&str, &[&str])] = &[(
    "sse4.2 crc32 instruction (3 streams)",
    &["x86_64", "sse4.2"],
)];

// ---- crc-fast (every CRC here) ----

pub(crate) trait CrcFastAlg: 'static {
    const ALG: crc_fast::CrcAlgorithm;
    /// The library's one-call function for this CRC: its own per-algorithm function where
    /// it has one (documented as faster than `checksum`, which matches on the algorithm
    /// in every call), else `checksum`.
    #[inline(always)]
    fn oneshot(data: &[u8]) -> u64 {
        crc_fast::checksum(Self::ALG, data)
    }
}

macro_rules! crc_fast_alg {
    ($name:ident, $alg:ident) => {
        pub(crate) struct $name;
        impl CrcFastAlg for $name {
            const ALG: crc_fast::CrcAlgorithm = crc_fast::CrcAlgorithm::$alg;
        }
    };
    ($name:ident, $alg:ident, |$d:ident| $oneshot:expr) => {
        pub(crate) struct $name;
        impl CrcFastAlg for $name {
            const ALG: crc_fast::CrcAlgorithm = crc_fast::CrcAlgorithm::$alg;
            #[inline(always)]
            fn oneshot($d: &[u8]) -> u64 {
                $oneshot
            }
        }
    };
}
crc_fast_alg!(CrcFastCrc32, Crc32IsoHdlc, |d| u64::from(
    crc_fast::crc32_iso_hdlc(d)
));
crc_fast_alg!(CrcFastCrc32c, Crc32Iscsi, |d| u64::from(
    crc_fast::crc32_iscsi(d)
));
crc_fast_alg!(CrcFastCrc64Nvme, Crc64Nvme, |d| crc_fast::crc64_nvme(d));
crc_fast_alg!(CrcFastCrc64Xz, Crc64Xz);

pub(crate) struct CrcFast<A>(std::marker::PhantomData<A>);
impl<A: CrcFastAlg> Streaming for CrcFast<A> {
    type State = crc_fast::Digest;
    fn new() -> Self::State {
        crc_fast::Digest::new(A::ALG)
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.update(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_be(out, s.finalize_reset());
    }
    fn reset(s: &mut Self::State) {
        s.reset();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, A::oneshot(data));
    }
    const RESETS: bool = true;
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_be(out, s.finalize());
    }
}

/// crc-fast names the performance tier it dispatched to ("x86_64-avx512-vpclmulqdq");
/// its CRC-64s fold with that tier's kernel on every architecture
/// (crc-fast-1.10.0/src/arch/mod.rs:90-108, src/feature_detection.rs:234-267).
pub(crate) fn crc_fast_backend() -> String {
    crc_fast_tier()
}

fn crc_fast_tier() -> String {
    crc_fast::get_calculator_target(crc_fast::CrcAlgorithm::Crc32IsoHdlc)
}

/// CRC-32/ISO-HDLC folds with the tier's kernel on x86, but on AArch64 crc-fast runs its
/// fusion kernels instead (crc-fast-1.10.0/src/lib.rs:1330-1345), which its tier string
/// does not name.
pub(crate) fn crc_fast_crc32_backend() -> String {
    x86_rule(|_| crc_fast_tier())
}

/// CRC-32/ISCSI (crc32c) does not run the tier's folding kernel on x86: crc-fast runs
/// the crc32 instruction alone up to 256 B, and above that a fusion of the crc32
/// instruction with carry-less multiplies, chosen by its own feature checks
/// (crc-fast-1.10.0/src/lib.rs:1301-1318, src/crc32/fusion/x86/mod.rs:35-64).
pub(crate) fn crc_fast_crc32c_backend() -> String {
    x86_rule(|has| crc_fast_crc32c_rule(&crc_fast_tier(), has))
}

fn crc_fast_crc32c_rule(tier: &str, has: &dyn Fn(&str) -> bool) -> String {
    let clmul_tier = matches!(
        tier,
        "x86_64-avx512-vpclmulqdq"
            | "x86_64-avx512-pclmulqdq"
            | "x86_64-sse-pclmulqdq"
            | "x86-sse-pclmulqdq"
    );
    if !(clmul_tier && has("sse4.2")) {
        return tier.to_string();
    }
    let fusion = first_of(
        &[
            ("avx512 vpclmulqdq", &["x86_64", "avx512vl", "vpclmulqdq"]),
            ("avx512 pclmulqdq", &["x86_64", "avx512vl"]),
        ],
        "sse pclmulqdq",
        has,
    );
    format!("crc32 + {fusion} fusion (to 256 B: crc32 alone)")
}

// ---- crc (table-driven reference) ----

macro_rules! crc_crate {
    ($name:ident, $w:ty, $imp:ty, $algo:ident) => {
        pub(crate) struct $name;
        impl $name {
            fn crc() -> &'static crc::Crc<$w, $imp> {
                static CRC: crc::Crc<$w, $imp> = crc::Crc::<$w, $imp>::new(&crc::$algo);
                &CRC
            }
        }
        impl Streaming for $name {
            type State = crc::Digest<'static, $w, $imp>;
            fn new() -> Self::State {
                Self::crc().digest()
            }
            fn update(s: &mut Self::State, data: &[u8]) {
                s.update(data);
            }
            fn finish(s: &mut Self::State, out: &mut [u8]) {
                let done = std::mem::replace(s, Self::new());
                write_be(out, done.finalize().into());
            }
            fn finish_owned(s: Self::State, out: &mut [u8]) {
                write_be(out, s.finalize().into());
            }
            #[inline(always)]
            fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
                write_be(out, Self::crc().checksum(data).into());
            }
        }
    };
}
crc_crate!(CrcCrc16Ibm3740, u16, crc::Table<1>, CRC_16_IBM_3740);
crc_crate!(CrcCrc16Arc, u16, crc::Table<1>, CRC_16_ARC);
crc_crate!(CrcCrc16Ibm3740Slice16, u16, crc::Table<16>, CRC_16_IBM_3740);
crc_crate!(CrcCrc16ArcSlice16, u16, crc::Table<16>, CRC_16_ARC);
crc_crate!(CrcCrc32, u32, crc::Table<1>, CRC_32_ISO_HDLC);
crc_crate!(CrcCrc32c, u32, crc::Table<1>, CRC_32_ISCSI);
crc_crate!(CrcCrc64Nvme, u64, crc::Table<1>, CRC_64_NVME);
crc_crate!(CrcCrc64Xz, u64, crc::Table<1>, CRC_64_XZ);
crc_crate!(CrcCrc32Slice16, u32, crc::Table<16>, CRC_32_ISO_HDLC);
crc_crate!(CrcCrc32cSlice16, u32, crc::Table<16>, CRC_32_ISCSI);
crc_crate!(CrcCrc64NvmeSlice16, u64, crc::Table<16>, CRC_64_NVME);
crc_crate!(CrcCrc64XzSlice16, u64, crc::Table<16>, CRC_64_XZ);

pub(crate) fn crc_table1_backend() -> String {
    "table (bytewise, 1 x 256 entries)".to_string()
}
pub(crate) fn crc_table16_backend() -> String {
    "table (slice-by-16)".to_string()
}

// ---- crc64fast / crc64fast-nvme ----

macro_rules! crc64fast_like {
    ($name:ident, $table:ident, $krate:ident) => {
        pub(crate) struct $name;
        impl Streaming for $name {
            type State = $krate::Digest;
            fn new() -> Self::State {
                $krate::Digest::new()
            }
            fn update(s: &mut Self::State, data: &[u8]) {
                s.write(data);
            }
            fn finish(s: &mut Self::State, out: &mut [u8]) {
                write_be(out, s.sum64());
                *s = Self::new();
            }
            fn finish_owned(s: Self::State, out: &mut [u8]) {
                write_be(out, s.sum64());
            }
        }
        /// The same crate with its table fallback forced.
        pub(crate) struct $table;
        impl Streaming for $table {
            type State = $krate::Digest;
            fn new() -> Self::State {
                $krate::Digest::new_table()
            }
            fn update(s: &mut Self::State, data: &[u8]) {
                s.write(data);
            }
            fn finish(s: &mut Self::State, out: &mut [u8]) {
                write_be(out, s.sum64());
                *s = Self::new();
            }
            fn finish_owned(s: Self::State, out: &mut [u8]) {
                write_be(out, s.sum64());
            }
        }
    };
}
crc64fast_like!(Crc64Fast, Crc64FastTable, crc64fast);
crc64fast_like!(Crc64FastNvme, Crc64FastNvmeTable, crc64fast_nvme);

/// crc64fast folds 128 bits at a time with PCLMULQDQ where the CPU has it, else uses
/// slice-by-16 tables (crc64fast-1.1.0/src/pclmulqdq/mod.rs:72-78, src/pclmulqdq/x86.rs:16-20).
pub(crate) fn crc64fast_backend() -> String {
    first_supported(CRC64FAST_RULE, "table (slice-by-16)")
}
const CRC64FAST_RULE: &[(&str, &[&str])] = &[(
    "pclmulqdq (128-bit folds)",
    &["pclmulqdq", "sse2", "sse4.1"],
)];

/// crc64fast-nvme has the same rule unless its `vpclmulqdq` feature is enabled, which
/// adds a 256-bit VPCLMULQDQ kernel; this build does not enable it
/// (crc64fast-nvme-1.2.1/src/pclmulqdq/mod.rs:72-86, Cargo.toml `[features]`).
pub(crate) fn crc64fast_nvme_backend() -> String {
    first_supported(CRC64FAST_NVME_RULE, "table (slice-by-16)")
}
const CRC64FAST_NVME_RULE: &[(&str, &[&str])] = &[(
    "pclmulqdq (128-bit folds; crate feature vpclmulqdq off)",
    &["pclmulqdq", "sse2", "sse4.1"],
)];

pub(crate) fn crc32fast_baseline_backend() -> String {
    "table (baseline)".to_string()
}

/// The `+table` variants: `Digest::new_table`, the slice-by-16 fallback, forced.
pub(crate) fn table_backend() -> String {
    "table (slice-by-16, forced)".to_string()
}

#[cfg(test)]
mod tests;
