//! BLAKE3 with one SIMD level forced: portable, SSE2, SSE4.1, AVX2, AVX-512.
//!
//! The `blake3` crate picks its widest kernel at run time and offers no switch to pick
//! another, short of rebuilding it with `no_avx512` / `no_avx2` / `no_sse41`. It does
//! expose each kernel through its doc-hidden `platform` module ("undocumented and
//! unstable, for benchmarks only"): `Platform::{portable, sse2, sse41, avx2, avx512}()`,
//! each `None` where the CPU lacks the feature, with `hash_many` (many whole chunks or
//! parent blocks side by side, the SIMD-parallel path) and `compress_in_place` (one
//! block). The tree hashing around those kernels is written here; verification checks
//! it against the official vectors in every mode like any other implementation.
//!
//! Why this instead of child processes built with the `no_*` features: every level then
//! runs in one process, through the same timed loop and `dyn Hasher` call as every other
//! implementation, with no extra builds of hashbench and no process boundary in the
//! measurement. The price: the module is unstable, so the `blake3` version is pinned
//! exactly in Cargo.toml, and the tree code is ours, not the crate's. It batches chunks
//! and parent levels through `hash_many` as the crate does, so its speed should be close
//! to the crate's (docs/method.md compares `blake3/blake3+avx512` with `blake3/blake3`).

use std::marker::PhantomData;

use blake3::platform::Platform;
use blake3::IncrementCounter;

use super::Streaming;

const OUT_LEN: usize = 32;
const BLOCK_LEN: usize = 64;
const CHUNK_LEN: usize = 1024;
/// The widest SIMD degree of any kernel (AVX-512: 16 chunks at once).
const MAX_BATCH: usize = 16;
/// Subtrees on the stack: one per bit of a 64-bit chunk count, plus one.
const MAX_DEPTH: usize = 55;

// Domain flags of the BLAKE3 specification, section 2.1.
const CHUNK_START: u8 = 1 << 0;
const CHUNK_END: u8 = 1 << 1;
const PARENT: u8 = 1 << 2;
const ROOT: u8 = 1 << 3;

/// The initial chaining value (the SHA-256 IV, as the specification takes it).
const IV: [u32; 8] = [
    0x6A09_E667,
    0xBB67_AE85,
    0x3C6E_F372,
    0xA54F_F53A,
    0x510E_527F,
    0x9B05_688C,
    0x1F83_D9AB,
    0x5BE0_CD19,
];

/// A SIMD level of the blake3 crate's kernels.
pub(crate) trait Level: 'static {
    /// The forced kernel, `None` where this CPU (or this build of the crate) lacks it.
    fn platform() -> Option<Platform>;
}

macro_rules! level {
    ($name:ident, $ctor:ident) => {
        pub(crate) struct $name;
        impl Level for $name {
            fn platform() -> Option<Platform> {
                #[cfg(target_arch = "x86_64")]
                {
                    Platform::$ctor()
                }
                #[cfg(not(target_arch = "x86_64"))]
                {
                    None
                }
            }
        }
    };
}

pub(crate) struct Portable;
impl Level for Portable {
    fn platform() -> Option<Platform> {
        Some(Platform::portable())
    }
}
level!(Sse2, sse2);
level!(Sse41, sse41);
level!(Avx2, avx2);
level!(Avx512, avx512);

/// Registry probe: the kernel must exist in this build and on this CPU (the registry's
/// `requires` already says which CPU features; this also catches a crate built without
/// the kernel).
pub(crate) fn level_probe<L: Level>() -> Result<(), crate::Unavailable> {
    L::platform().map(|_| ()).ok_or_else(|| {
        crate::Unavailable("the blake3 crate offers no such kernel here".to_string())
    })
}

/// The kernel that runs, as the crate names it (`avx512`, `sse41`, ...).
pub(crate) fn level_backend<L: Level>() -> String {
    L::platform().map_or_else(
        || "unavailable".to_string(),
        |p| format!("{p:?} (forced)").to_lowercase(),
    )
}

fn words_to_bytes(words: &[u32; 8]) -> [u8; OUT_LEN] {
    let mut out = [0u8; OUT_LEN];
    for (o, w) in out.chunks_exact_mut(4).zip(words) {
        o.copy_from_slice(&w.to_le_bytes());
    }
    out
}

/// The inputs of one compression whose output is not yet decided: a chaining value for
/// a parent, or the root digest when it turns out to be the last node.
struct Output {
    cv: [u32; 8],
    block: [u8; BLOCK_LEN],
    block_len: u8,
    counter: u64,
    flags: u8,
}

impl Output {
    fn parent(left: &[u8; OUT_LEN], right: &[u8; OUT_LEN]) -> Self {
        let mut block = [0u8; BLOCK_LEN];
        block[..OUT_LEN].copy_from_slice(left);
        block[OUT_LEN..].copy_from_slice(right);
        Output {
            cv: IV,
            block,
            block_len: BLOCK_LEN as u8,
            counter: 0,
            flags: PARENT,
        }
    }

    fn chaining_value(&self, platform: Platform) -> [u8; OUT_LEN] {
        let mut cv = self.cv;
        platform.compress_in_place(
            &mut cv,
            &self.block,
            self.block_len,
            self.counter,
            self.flags,
        );
        words_to_bytes(&cv)
    }

    /// The first 32 bytes of the root output: output block 0, hence counter 0.
    fn root(&self, platform: Platform) -> [u8; OUT_LEN] {
        let mut cv = self.cv;
        platform.compress_in_place(&mut cv, &self.block, self.block_len, 0, self.flags | ROOT);
        words_to_bytes(&cv)
    }
}

/// The chunk being filled, block by block. A block is compressed only once more input
/// follows it, because the last block of the last chunk takes the ROOT flag.
struct ChunkState {
    cv: [u32; 8],
    counter: u64,
    buf: [u8; BLOCK_LEN],
    buf_len: usize,
    blocks: usize,
}

impl ChunkState {
    fn new(counter: u64) -> Self {
        ChunkState {
            cv: IV,
            counter,
            buf: [0; BLOCK_LEN],
            buf_len: 0,
            blocks: 0,
        }
    }

    fn len(&self) -> usize {
        self.blocks * BLOCK_LEN + self.buf_len
    }

    fn start_flag(&self) -> u8 {
        if self.blocks == 0 {
            CHUNK_START
        } else {
            0
        }
    }

    /// Absorbs `data`, which must fit in what is left of the chunk.
    fn update(&mut self, platform: Platform, mut data: &[u8]) {
        while !data.is_empty() {
            if self.buf_len == BLOCK_LEN {
                let flags = self.start_flag();
                platform.compress_in_place(
                    &mut self.cv,
                    &self.buf,
                    BLOCK_LEN as u8,
                    self.counter,
                    flags,
                );
                self.blocks += 1;
                self.buf_len = 0;
            }
            let take = (BLOCK_LEN - self.buf_len).min(data.len());
            self.buf[self.buf_len..self.buf_len + take].copy_from_slice(&data[..take]);
            self.buf_len += take;
            data = &data[take..];
        }
    }

    fn output(&self) -> Output {
        // Zero padding past the buffered bytes: `buf` may hold a previous block's tail.
        let mut block = [0u8; BLOCK_LEN];
        block[..self.buf_len].copy_from_slice(&self.buf[..self.buf_len]);
        Output {
            cv: self.cv,
            block,
            block_len: self.buf_len as u8,
            counter: self.counter,
            flags: self.start_flag() | CHUNK_END,
        }
    }
}

/// An incremental BLAKE3 hasher (unkeyed, 32-byte output) on one forced kernel.
pub(crate) struct LevelHasher {
    platform: Platform,
    chunk: ChunkState,
    /// Chaining values of complete subtrees, largest first: the set bits of the number
    /// of chunks absorbed so far.
    stack: [[u8; OUT_LEN]; MAX_DEPTH],
    depth: usize,
}

impl LevelHasher {
    fn new(platform: Platform) -> Self {
        LevelHasher {
            platform,
            chunk: ChunkState::new(0),
            stack: [[0; OUT_LEN]; MAX_DEPTH],
            depth: 0,
        }
    }

    fn reset(&mut self) {
        self.chunk = ChunkState::new(0);
        self.depth = 0;
    }

    /// Pushes the chaining value of a complete subtree of `2^log2` chunks, after which
    /// `total` chunks have been absorbed, merging equal-sized subtrees as a binary counter
    /// carries. Only called when more input follows, so no merged node can be the root.
    fn push(&mut self, mut cv: [u8; OUT_LEN], total: u64, log2: u32) {
        let mut t = total >> log2;
        while t & 1 == 0 && self.depth > 0 {
            self.depth -= 1;
            cv = Output::parent(&self.stack[self.depth], &cv).chaining_value(self.platform);
            t >>= 1;
        }
        self.stack[self.depth] = cv;
        self.depth += 1;
    }

    /// Hashes whole chunks in SIMD-wide batches: `hash_many` over up to `simd_degree`
    /// chunks side by side. A full batch that starts at a multiple of its size is a
    /// complete subtree of the BLAKE3 tree: its parents are hashed level by level, also
    /// with `hash_many`, down to one chaining value. Other batches push their chunks one
    /// by one (parents merged by single compressions).
    ///
    /// Every chunk is known not to be the last of the message, except with `keep_last`:
    /// then the final chunk's chaining value is returned instead of pushed, for
    /// [`LevelHasher::finalize_with`] to make the root from it.
    fn whole_chunks(&mut self, data: &[u8], keep_last: bool) -> Option<[u8; OUT_LEN]> {
        let (chunks, rest) = data.as_chunks::<CHUNK_LEN>();
        debug_assert!(rest.is_empty());
        let degree = self.platform.simd_degree().clamp(1, MAX_BATCH);
        let mut cvs = [0u8; MAX_BATCH * OUT_LEN];
        let mut parents = [0u8; MAX_BATCH / 2 * OUT_LEN];
        let mut done = 0;
        while done < chunks.len() {
            let counter = self.chunk.counter;
            let n = degree.min(chunks.len() - done);
            let holds_last = keep_last && done + n == chunks.len();
            let batch: [&[u8; CHUNK_LEN]; MAX_BATCH] =
                std::array::from_fn(|i| &chunks[(done + i).min(chunks.len() - 1)]);
            self.platform.hash_many(
                &batch[..n],
                &IV,
                counter,
                IncrementCounter::Yes,
                0,
                CHUNK_START,
                CHUNK_END,
                &mut cvs[..n * OUT_LEN],
            );
            let next = counter + n as u64;
            self.chunk = ChunkState::new(next);
            done += n;
            let subtree = n == degree
                && n.is_power_of_two()
                && counter.is_multiple_of(n as u64)
                && !holds_last;
            if subtree {
                let mut width = n;
                while width > 1 {
                    let (blocks, _) = cvs[..width * OUT_LEN].as_chunks::<BLOCK_LEN>();
                    let refs: [&[u8; BLOCK_LEN]; MAX_BATCH / 2] =
                        std::array::from_fn(|i| &blocks[i.min(blocks.len() - 1)]);
                    width /= 2;
                    self.platform.hash_many(
                        &refs[..width],
                        &IV,
                        0,
                        IncrementCounter::No,
                        PARENT,
                        0,
                        0,
                        &mut parents[..width * OUT_LEN],
                    );
                    cvs[..width * OUT_LEN].copy_from_slice(&parents[..width * OUT_LEN]);
                }
                let (cv, _) = cvs.as_chunks::<OUT_LEN>();
                self.push(cv[0], next, n.trailing_zeros());
                continue;
            }
            let (cv, _) = cvs[..n * OUT_LEN].as_chunks::<OUT_LEN>();
            for (i, c) in cv.iter().enumerate() {
                if holds_last && i == n - 1 {
                    return Some(*c);
                }
                self.push(*c, counter + i as u64 + 1, 0);
            }
        }
        None
    }

    /// Digest of `data` alone. Knowing the whole message, every whole chunk, the last one
    /// included, goes through the SIMD batches (streaming cannot: it does not know which
    /// chunk is last until the message ends).
    fn oneshot(&mut self, data: &[u8]) -> [u8; OUT_LEN] {
        self.reset();
        if data.len() > CHUNK_LEN && data.len().is_multiple_of(CHUNK_LEN) {
            if let Some(last) = self.whole_chunks(data, true) {
                return self.finalize_with(&last);
            }
        }
        self.update(data);
        self.finalize()
    }

    /// The root when the message's last node is the chunk whose chaining value is `last`
    /// (so at least one subtree is on the stack).
    fn finalize_with(&self, last: &[u8; OUT_LEN]) -> [u8; OUT_LEN] {
        let Some((top, below)) = self.stack[..self.depth].split_last() else {
            // Unreachable: a message of two chunks or more pushed its first one.
            return *last;
        };
        let mut output = Output::parent(top, last);
        for left in below.iter().rev() {
            output = Output::parent(left, &output.chaining_value(self.platform));
        }
        output.root(self.platform)
    }

    fn update(&mut self, mut data: &[u8]) {
        while !data.is_empty() {
            if self.chunk.len() == CHUNK_LEN {
                // More input follows, so the full chunk is not the root.
                let cv = self.chunk.output().chaining_value(self.platform);
                let total = self.chunk.counter + 1;
                self.push(cv, total, 0);
                self.chunk = ChunkState::new(total);
            }
            if self.chunk.len() == 0 && data.len() > CHUNK_LEN {
                // Every whole chunk but the one holding the last byte.
                let whole = (data.len() - 1) / CHUNK_LEN * CHUNK_LEN;
                self.whole_chunks(&data[..whole], false);
                data = &data[whole..];
                continue;
            }
            let take = (CHUNK_LEN - self.chunk.len()).min(data.len());
            self.chunk.update(self.platform, &data[..take]);
            data = &data[take..];
        }
    }

    fn finalize(&self) -> [u8; OUT_LEN] {
        let mut output = self.chunk.output();
        for left in self.stack[..self.depth].iter().rev() {
            output = Output::parent(left, &output.chaining_value(self.platform));
        }
        output.root(self.platform)
    }
}

/// The registry's adapter for level `L`.
pub(crate) struct Blake3Level<L: Level>(PhantomData<L>);

impl<L: Level> Streaming for Blake3Level<L> {
    // Boxed: the subtree stack is 1.8 KiB.
    type State = Box<LevelHasher>;
    fn new() -> Self::State {
        // The registry checks `level_probe` before constructing, so the fallback is never
        // taken through it; it keeps a direct call from panicking.
        Box::new(LevelHasher::new(
            L::platform().unwrap_or_else(Platform::portable),
        ))
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.update(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        out.copy_from_slice(&s.finalize());
        s.reset();
    }
    fn reset(s: &mut Self::State) {
        s.reset();
    }
    fn oneshot(s: &mut Self::State, data: &[u8], out: &mut [u8]) {
        out.copy_from_slice(&s.oneshot(data));
    }
}

#[cfg(test)]
mod tests;
