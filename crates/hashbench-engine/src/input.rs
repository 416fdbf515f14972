//! Deterministic, aligned benchmark input.

/// Alignment of the start of an [`Input`] before its misalignment is applied.
pub const INPUT_ALIGN: usize = 64;

/// Placements a run draws each round's input from ([`Input::placed`]): 64-byte steps
/// over eight 4 KiB pages, so every cache-line offset within a page and several pages.
pub const PLACEMENTS: usize = 512;

/// Random bytes generated from a recorded seed, starting `misalign` bytes past
/// a 64-byte boundary.
#[derive(Debug)]
pub struct Input {
    buf: Buf,
    start: usize,
    len: usize,
    seed: u64,
    misalign: usize,
}

/// Where an input's bytes live: an anonymous mapping made for this placement alone, its
/// pages new from the kernel (a heap buffer only where the system refuses the mapping).
///
/// A heap buffer freed and allocated again each pass keeps the same pages for the life
/// of a process, and with them a level a process keeps: past the L1 cache, where the
/// input lands in the physically indexed L2 and L3 (two runs read every 1 MiB cell 5-8 %
/// apart, each consistent with itself; mapped afresh from 64 KiB on since issue 32's
/// coverage runs); and at 64 B too, by a cause not traced (session 34:
/// `crc32c/crc-fast` at 64 B read 3.39-3.73 ns in 20 processes, each process on one
/// level, and 3.39-3.51 ns with every input mapped afresh, the slower level then in
/// single rounds of a process, which its figure leaves out; docs/method.md, "A process
/// keeps its level"). So every input, whatever its size, is mapped afresh.
#[derive(Debug)]
pub(crate) enum Buf {
    Heap(Vec<u8>),
    Mapped(memmap2::MmapMut),
}

impl Buf {
    pub(crate) fn zeroed(len: usize) -> Self {
        // A mapping the system refuses (or one of no bytes) is only a placement lost: the
        // heap serves.
        if len > 0 {
            if let Ok(m) = memmap2::MmapMut::map_anon(len) {
                return Buf::Mapped(m);
            }
        }
        Buf::Heap(vec![0; len])
    }
}

impl std::ops::Deref for Buf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Buf::Heap(v) => v,
            Buf::Mapped(m) => m,
        }
    }
}

impl std::ops::DerefMut for Buf {
    fn deref_mut(&mut self) -> &mut [u8] {
        match self {
            Buf::Heap(v) => v,
            Buf::Mapped(m) => m,
        }
    }
}

/// A xorshift64 generator: small, fast and good enough for filler bytes.
struct XorShift64(u64);

impl XorShift64 {
    fn new(seed: u64) -> Self {
        // Mix the seed so that nearby seeds diverge at once, and avoid the
        // all-zero state, which xorshift never leaves.
        let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
        state = (state ^ (state >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        if state == 0 {
            state = 0x2545_F491_4F6C_DD1D;
        }
        Self(state)
    }

    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

impl Input {
    /// `len` random bytes from `seed`, starting `misalign` bytes after a
    /// 64-byte boundary. Any `misalign` is accepted (values ≥ 64 are simply
    /// further offsets).
    #[must_use]
    pub fn new(len: usize, seed: u64, misalign: usize) -> Self {
        Self::placed(len, seed, misalign, 0)
    }

    /// As [`Input::new`], starting `lines` x 64 bytes further into a fresh buffer: the
    /// same bytes at another cache-line and page offset, within the alignment promised.
    /// A run gives each round a new placement ([`PLACEMENTS`]), so that what one
    /// process's placement does to a figure shows as variation between its rounds
    /// instead of a fixed offset between processes.
    #[must_use]
    pub fn placed(len: usize, seed: u64, misalign: usize, lines: usize) -> Self {
        let pad = INPUT_ALIGN * lines;
        let mut buf = Buf::zeroed(len + INPUT_ALIGN + misalign + pad);
        let addr = buf.as_ptr() as usize;
        let start = (INPUT_ALIGN - addr % INPUT_ALIGN) % INPUT_ALIGN + misalign + pad;
        let mut rng = XorShift64::new(seed);
        for chunk in buf[start..start + len].chunks_mut(8) {
            let word = rng.next_u64().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
        Self {
            buf,
            start,
            len,
            seed,
            misalign,
        }
    }

    /// The xorshift64 state the bytes of `seed` start from: with it, the plain generator
    /// of `vectors/README.md` (`x = state`, then `x ^= x << 13; x ^= x >> 7; x ^= x << 17`
    /// per 8 little-endian bytes) makes exactly these bytes. Runtime adapters are given
    /// this, so that they hash the very input the expected digest was computed for.
    #[must_use]
    pub fn stream_start(seed: u64) -> u64 {
        XorShift64::new(seed).0
    }

    /// The lengths `min..=max`, each once, in an order shuffled from `seed`
    /// (Fisher-Yates): the call sequence of a random-length cell. Drawn before anything
    /// is timed, and the same for every implementation of a run.
    #[must_use]
    pub fn shuffled_lengths(min: u32, max: u32, seed: u64) -> Vec<u32> {
        let mut v: Vec<u32> = (min..=max).collect();
        // A different stream from the input bytes' own.
        let mut rng = XorShift64::new(seed ^ 0x6C65_6E67_7468_7321);
        for i in (1..v.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
        v
    }

    /// The input bytes.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        &self.buf[self.start..self.start + self.len]
    }

    /// Mutable access, for tests and for deliberately corrupting the input.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        &mut self.buf[self.start..self.start + self.len]
    }

    /// Length in bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the input is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The seed the bytes were generated from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Offset of the first byte past a 64-byte boundary.
    #[must_use]
    pub fn misalign(&self) -> usize {
        self.misalign
    }
}

/// A clone is generated again from the seed: copying the buffer would move it, and its
/// start would no longer be `misalign` bytes past a 64-byte boundary.
impl Clone for Input {
    fn clone(&self) -> Self {
        let mut c = Input::new(self.len, self.seed, self.misalign);
        c.bytes_mut().copy_from_slice(self.bytes());
        c
    }
}

#[cfg(test)]
mod tests;
