//! The "seed-a" divan checksum suite, reproduced on hashbench's own implementations.
//!
//! Seed a (seed 0: github.com/conradludgate/checksum-benchmarks, `README.md`) is a divan benchmark of 14
//! Rust checksums and hashes (`adler`, `crc`, `md5`, `sha1`, `sha2_{256,384,512}`,
//! `sha3_{256,384,512}`, `blake2b`, `blake2s`, `blake3`, `blake3_mt`) on pages of
//! 4 KiB, 16 KiB, 64 KiB and 1 MiB. This bench target times the same crates, through the
//! same [`hashbench_catalog`] adapters that the `hashbench` binary measures, so that
//! divan's numbers and hashbench's can be compared on one machine in one session.
//!
//! The tree keeps the seed's groups and names (`crypto::blake::blake2b`, ...,
//! `crypto::md::md5`, `crypto::sha::sha1`, ..., `non_crypto::adler`, `non_crypto::crc`),
//! each with the argument sizes 4096, 16384, 65536 and 1048576 and a bytes counter.
//!
//! Run as the seed did (10000 samples per benchmark; takes several minutes):
//!
//! ```sh
//! DIVAN_SAMPLE_COUNT=10000 cargo bench -p hashbench --bench seed_a_divan
//! ```
//!
//! or quickly:
//!
//! ```sh
//! cargo bench -p hashbench --bench seed_a_divan -- --sample-count 100
//! ```
//!
//! Implementation ids used (catalogue id = the crate the seed used):
//! `adler32/adler2`, `crc32/crc32fast`, `md5/md-5`, `sha1/sha1`, `sha2-{256,384,512}/sha2`,
//! `sha3-{256,384,512}/sha3`, `blake2b-512/blake2`, `blake2s-256/blake2`, `blake3/blake3`
//! and `blake3/blake3+rayon` (for `blake3_mt`).
//!
//! Each benchmark makes one hasher outside the timed region and then times
//! `Hasher::oneshot` over the whole page, writing into a digest buffer of the algorithm's
//! output length; input and output go through `divan::black_box`.
//!
//! Input: the bytes `hashbench_engine::Input::new(size, 1, 0)` produces, i.e.
//! xorshift64 filler from seed 1 (the engine's seed mixing, 8 little-endian bytes per
//! step) starting on a 64-byte boundary. The generator is repeated here because
//! `hashbench-engine` is not a dependency of this crate; the seed's own input was a
//! different (but equally irrelevant to these data-independent algorithms) buffer.
//!
//! Divergences from the seed:
//! - Same crates, but at the versions pinned in this workspace, called through
//!   hashbench's adapters: every hash costs one extra indirect call through
//!   `Box<dyn Hasher>`, which hashbench's own measurements pay too (negligible next to
//!   hashing 4 KiB or more).
//! - No `-C target-cpu=native` and no nightly toolchain unless the user sets `RUSTFLAGS`
//!   / `+nightly` themselves; the adapters' runtime CPU-feature dispatch still applies.
//! - The root of the tree is named `seed_a_divan` (this bench target) instead of the
//!   seed's `checksums`.

use divan::counter::BytesCount;
use divan::Bencher;

fn main() {
    divan::main();
}

/// The seed's page sizes.
const SIZES: [usize; 4] = [4096, 16384, 65536, 1048576];

/// Seed of the input bytes: the same bytes as `hashbench run --seed 1` measures.
const INPUT_SEED: u64 = 1;

/// Times one-shot hashing of a `size`-byte page with the catalogue implementation `id`.
fn bench_impl(bencher: Bencher, id: &str, size: usize) {
    let imp = hashbench_catalog::find_implementation(id)
        .unwrap_or_else(|| panic!("{id} is not in the hashbench catalogue"));
    let mut h = imp
        .instantiate()
        .unwrap_or_else(|why| panic!("{id} cannot run here: {why}"));
    let input = hashbench_engine::Input::new(size, INPUT_SEED, 0);
    let data = input.bytes();
    let mut out = vec![0u8; imp.algorithm.output_bytes()];
    bencher.counter(BytesCount::new(size)).bench_local(|| {
        h.oneshot(divan::black_box(data), &mut out);
        divan::black_box(&out);
    });
}

/// One divan benchmark per (seed name, catalogue id).
macro_rules! seed_benches {
    ($($name:ident => $id:literal),* $(,)?) => {
        $(
            #[divan::bench(args = SIZES)]
            fn $name(bencher: Bencher, size: usize) {
                bench_impl(bencher, $id, size);
            }
        )*
    };
}

mod crypto {
    use super::{bench_impl, Bencher, SIZES};

    mod blake {
        use super::{bench_impl, Bencher, SIZES};

        seed_benches! {
            blake2b => "blake2b-512/blake2",
            blake2s => "blake2s-256/blake2",
            blake3 => "blake3/blake3",
            blake3_mt => "blake3/blake3+rayon",
        }
    }

    mod md {
        use super::{bench_impl, Bencher, SIZES};

        seed_benches! {
            md5 => "md5/md-5",
        }
    }

    mod sha {
        use super::{bench_impl, Bencher, SIZES};

        seed_benches! {
            sha1 => "sha1/sha1",
            sha2_256 => "sha2-256/sha2",
            sha2_384 => "sha2-384/sha2",
            sha2_512 => "sha2-512/sha2",
            sha3_256 => "sha3-256/sha3",
            sha3_384 => "sha3-384/sha3",
            sha3_512 => "sha3-512/sha3",
        }
    }
}

mod non_crypto {
    use super::{bench_impl, Bencher, SIZES};

    seed_benches! {
        adler => "adler32/adler2",
        crc => "crc32/crc32fast",
    }
}
