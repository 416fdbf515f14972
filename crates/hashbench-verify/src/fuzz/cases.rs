//! The fuzzer's random cases: a seeded generator and the distribution of lengths,
//! misalignments, contents and split points. Pure functions of (seed, case index,
//! algorithm), so any case can be drawn again from the numbers a report prints.

use hashbench_catalog::Algorithm;
use serde::Serialize;

/// The longest input the fuzzer draws: 64 KiB.
pub const MAX_LEN: usize = 64 * 1024;

/// Misalignments are drawn from 0..ALIGN: every offset within a cache line, which covers
/// every offset a SIMD load or a word-at-a-time loop cares about.
pub const ALIGN: usize = 64;

/// Streaming feeds an input in 1..=MAX_PIECES pieces.
pub const MAX_PIECES: usize = 8;

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// 2014; the seeding generator of xoshiro): a 64-bit counter stepped by the golden-ratio
/// increment, each value passed through a bijective mixer. Small, fast, equidistributed
/// over its 2^64 period, and every seed is a good seed: what a replayable fuzzer needs
/// and no more. Not for cryptography.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijection on u64 that spreads every input bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }

    /// Uniform in 0..n (n > 0). Lemire's multiply-shift: the bias is at most n / 2^64,
    /// far below anything a fuzzer's distribution notices.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Uniform in lo..=hi.
    pub fn between(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability 1 / n.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn fill(&mut self, out: &mut [u8]) {
        let mut words = out.chunks_exact_mut(8);
        for word in &mut words {
            word.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        let tail = words.into_remainder();
        let last = self.next_u64().to_le_bytes();
        tail.copy_from_slice(&last[..tail.len()]);
    }
}

/// The generator of one case: its own stream, keyed by the run's seed and the case's
/// index, so a case does not depend on the cases drawn before it.
pub fn case_rng(seed: u64, index: u64) -> SplitMix64 {
    SplitMix64::new(mix(seed) ^ mix(index.wrapping_mul(GOLDEN).wrapping_add(1)))
}

/// What the input bytes are. Mostly random; sometimes all zero or all 0xff, because
/// extreme bytes reach what random ones rarely do (adler32's deferred modulo overflows
/// first on long runs of 0xff).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Content {
    Random,
    Zeros,
    Ones,
}

/// One fuzz case: an input and how it is placed and split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub length: usize,
    /// Bytes past a 64-byte boundary where the input starts.
    pub misalignment: usize,
    pub content: Content,
    /// Sorted offsets into the input where streaming splits it (one more piece than points; equal
    /// offsets, 0 or `length` make empty pieces).
    pub split_points: Vec<usize>,
    /// Seeds the random content.
    content_seed: u64,
}

impl Content {
    /// The name the JSON report uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Content::Random => "random",
            Content::Zeros => "zeros",
            Content::Ones => "ones",
        }
    }
}

impl Case {
    /// Writes the input bytes into `out` (exactly `length` bytes long).
    pub fn fill(&self, out: &mut [u8]) {
        match self.content {
            Content::Random => SplitMix64::new(self.content_seed).fill(out),
            Content::Zeros => out.fill(0),
            Content::Ones => out.fill(0xff),
        }
    }
}

/// The lengths where implementations change code paths, for `algorithm`, each with its
/// neighbours: multiples of the algorithm's block (1 to 4 blocks, and 8), BLAKE3's
/// 1 KiB chunk, xxh3's 240-byte short-input threshold, and every power of two up to
/// 64 KiB (SIMD widths, table strides, CRC folding, BLAKE3's parallel chunk groups);
/// and 0. Sorted, at most [`MAX_LEN`].
pub fn boundaries(algorithm: &Algorithm) -> Vec<usize> {
    let block = algorithm.block_bytes.max(1) as usize;
    let mut centres: Vec<usize> = [1, 2, 3, 4, 8].iter().map(|k| k * block).collect();
    centres.extend([240, 1024]);
    centres.extend((0..=16).map(|p| 1usize << p));
    let mut lengths = vec![0];
    for c in centres {
        lengths.extend([c - 1, c, c + 1]);
    }
    lengths.retain(|&l| l <= MAX_LEN);
    lengths.sort_unstable();
    lengths.dedup();
    lengths
}

/// Draws a length. First a scale: up to 256 bytes (60 % of cases), up to 4 KiB (32 %),
/// up to 64 KiB (8 %); then, half the time, one of `boundaries` within that scale, else
/// a uniform length within it. Small inputs are most of the cases because they are where
/// most special paths are (short-input branches, partial blocks, finalization) and cost
/// least; the 8 % up to 64 KiB reach wide loops and BLAKE3's multi-chunk trees while
/// keeping the mean near 2 KiB (95 % of cases are at most 4 KiB, 3 % over 16 KiB), so a
/// million cases take a minute, not hours.
pub fn draw_length(rng: &mut SplitMix64, boundaries: &[usize]) -> usize {
    let scale = match rng.below(100) {
        0..=59 => 256,
        60..=91 => 4096,
        _ => MAX_LEN,
    };
    if rng.one_in(2) {
        let within = boundaries.partition_point(|&b| b <= scale);
        boundaries[rng.below(within)]
    } else {
        rng.between(0, scale)
    }
}

/// Draws split points for `length`: 0 to MAX_PIECES - 1 of them, each uniform in
/// 0..=length or (one in four) on a multiple of `block`, give or take one byte, where
/// buffering code moves from a partial block to a full one; one in eight repeats the
/// previous point, an empty piece in the middle of the stream.
fn draw_splits(rng: &mut SplitMix64, length: usize, block: usize) -> Vec<usize> {
    let count = rng.below(MAX_PIECES);
    let mut points = Vec::with_capacity(count);
    for _ in 0..count {
        let point = match points.last() {
            Some(&last) if rng.one_in(8) => last,
            _ if rng.one_in(4) => {
                let on = rng.between(0, length / block) * block;
                (on + rng.below(3)).saturating_sub(1).min(length)
            }
            _ => rng.between(0, length),
        };
        points.push(point);
    }
    points.sort_unstable();
    points
}

/// Case `index` of the run seeded `seed`, for an algorithm with these `boundaries` and
/// block size.
pub fn draw_case(seed: u64, index: u64, boundaries: &[usize], block: usize) -> Case {
    let mut rng = case_rng(seed, index);
    let length = draw_length(&mut rng, boundaries);
    let misalignment = rng.below(ALIGN);
    let content = match rng.below(16) {
        0 => Content::Zeros,
        1 => Content::Ones,
        _ => Content::Random,
    };
    let split_points = draw_splits(&mut rng, length, block.max(1));
    Case {
        length,
        misalignment,
        content,
        split_points,
        content_seed: rng.next_u64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hashbench_catalog::algorithm::{BLAKE3, SHA3_256, XXH3_64};

    #[test]
    fn splitmix64_matches_its_reference_output() {
        // The first outputs for seed 0 of the reference C code (splitmix64.c by
        // Sebastiano Vigna): a transcription error in the constants fails here.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn the_same_seed_draws_the_same_cases_and_another_seed_others() {
        let b = boundaries(&SHA3_256);
        let draw = |seed| -> Vec<Case> { (0..200).map(|i| draw_case(seed, i, &b, 136)).collect() };
        assert_eq!(draw(7), draw(7));
        let (a, c) = (draw(7), draw(8));
        let same = a.iter().zip(&c).filter(|(x, y)| x == y).count();
        assert!(same < 20, "{same} of 200 cases equal under another seed");
        let mut x = vec![0u8; 100];
        let mut y = vec![0u8; 100];
        a[3].fill(&mut x[..a[3].length.min(100)]);
        draw_case(7, 3, &b, 136).fill(&mut y[..a[3].length.min(100)]);
        assert_eq!(x, y, "content too");
    }

    #[test]
    fn boundaries_hold_each_edge_and_its_neighbours() {
        let sha3 = boundaries(&SHA3_256);
        for l in [
            0, 135, 136, 137, 271, 272, 273, 239, 240, 241, 1023, 1024, 1025,
        ] {
            assert!(sha3.contains(&l), "{l} missing: {sha3:?}");
        }
        for p in 0..=16 {
            assert!(sha3.contains(&(1 << p)), "2^{p}");
        }
        assert_eq!(sha3.last(), Some(&MAX_LEN));
        assert!(sha3.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn lengths_hit_the_boundaries_and_stay_mostly_small() {
        let b = boundaries(&XXH3_64);
        let cases: Vec<Case> = (0..100_000).map(|i| draw_case(1, i, &b, 64)).collect();
        let hit = |l: usize| cases.iter().filter(|c| c.length == l).count();
        for l in [
            0, 63, 64, 65, 239, 240, 241, 1023, 1024, 1025, 4095, 4096, 4097,
        ] {
            assert!(hit(l) > 0, "length {l} never drawn");
        }
        assert!(hit(65535) + hit(65536) > 0, "the 64 KiB edge never drawn");
        assert!(cases.iter().all(|c| c.length <= MAX_LEN));
        let small = cases.iter().filter(|c| c.length <= 4096).count();
        assert!(small > 94_000, "{small} of 100000 up to 4 KiB");
        let big = cases.iter().filter(|c| c.length > 16384).count();
        assert!(big > 2000, "{big} of 100000 over 16 KiB");
        // The mean sets the cost of a run (docs/verification.md quotes it).
        let mean = cases.iter().map(|c| c.length).sum::<usize>() / cases.len();
        assert!((1500..=2500).contains(&mean), "mean length {mean}");
        let misaligned: std::collections::BTreeSet<usize> =
            cases.iter().map(|c| c.misalignment).collect();
        assert_eq!(misaligned.len(), ALIGN, "every misalignment drawn");
    }

    #[test]
    fn split_points_are_sorted_in_range_and_include_empty_pieces() {
        let b = boundaries(&BLAKE3);
        let mut empty_middle = 0;
        let mut one_piece = 0;
        for i in 0..10_000 {
            let c = draw_case(3, i, &b, 64);
            assert!(c.split_points.windows(2).all(|w| w[0] <= w[1]));
            assert!(c.split_points.iter().all(|&p| p <= c.length));
            assert!(c.split_points.len() < MAX_PIECES);
            empty_middle += usize::from(c.split_points.windows(2).any(|w| w[0] == w[1]));
            one_piece += usize::from(c.split_points.is_empty());
        }
        assert!(empty_middle > 100, "{empty_middle}");
        assert!(one_piece > 100, "{one_piece}");
    }
}
