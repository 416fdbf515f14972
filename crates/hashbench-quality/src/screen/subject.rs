//! What the screen hashes through.

/// What the screen hashes through: a function's bytes path and, where it has one, the
/// typed-key path a hash map calls (`BuildHasher::hash_one`). An adapter over the
/// catalogue's `Hasher` is `hashbench-commands`' (`quality`); the tests' weak hashes are
/// their own.
pub trait Subject {
    /// Bits of [`Subject::hash_bytes`]' result, 32 to 64: a wider digest's first 64.
    fn bits(&self) -> u32;

    /// The hash of `data`, its [`Subject::bits`] bits in the low end of the result.
    fn hash_bytes(&mut self, data: &[u8]) -> u64;

    /// Whether typed keys (`u64`, ids, strings) go through the `hash_*` methods below,
    /// overridden with a map's 64-bit `hash_one`, rather than through the bytes path.
    fn typed(&self) -> bool {
        false
    }

    /// Seeds the typed path as a map seeded at random would (`RandomState`), from `seed`;
    /// `false` where a map does not seed this hasher, or it cannot be seeded here.
    fn reseed(&mut self, seed: u64) -> bool {
        let _ = seed;
        false
    }

    /// A `u64` key's hash: by default its 8 little-endian bytes through the bytes path.
    fn hash_u64(&mut self, key: u64) -> u64 {
        self.hash_bytes(&key.to_le_bytes())
    }

    /// A 16-byte id's hash.
    fn hash_id16(&mut self, key: &[u8; 16]) -> u64 {
        self.hash_bytes(key)
    }

    /// A string key's hash.
    fn hash_str(&mut self, key: &str) -> u64 {
        self.hash_bytes(key.as_bytes())
    }
}
