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
mod tests;
