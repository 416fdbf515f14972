"""aHash's fallback hasher (the one built without the `aes` target feature) as ahash
0.8.12 computes it on 64-bit targets with a 128-bit multiply, pure Python.

aHash has no definition outside its crate and documents that its output may change
between versions and platforms, so this is a transcription, in hashbench's own words, of
tkaitchuck/aHash `src/fallback_hash.rs`, `src/operations.rs` and `src/random_state.rs`
at the commit of ahash 0.8.12 (9aa1ba20f05ed582eda04ea625d5658c92195a57):
`RandomState::with_seeds(k0, k1, k2, k3).build_hasher()`, one `write(bytes)`, `finish()`.
It shares no code with the crate but follows it: it pins the adapter (seeds, API, byte
order) and this crate version, it is no independent definition.
"""

from std_hash import DefaultWrites, typed

MASK64 = (1 << 64) - 1
MULTIPLE = 6364136223846793005  # the PCG multiplier the crate calls MULTIPLE
ROT = 23
# with_seeds xors its four seeds with these (the crate's PI2).
PI2 = (0x452821E638D01377, 0xBE5466CF34E90C6C, 0xC0AC29B7C97C50DD, 0x3F84D5B5B5470917)


def _fold(x, y):
    """folded_multiply: the 128-bit product's halves xored."""
    p = x * y
    return (p ^ (p >> 64)) & MASK64


def _rotl(x, r):
    r &= 63
    return ((x << r) | (x >> (64 - r))) & MASK64 if r else x


def _le(data, at, width):
    return int.from_bytes(data[at:at + width], "little")


class AHasher(DefaultWrites):
    """`RandomState::with_seeds(*seeds).build_hasher()` (the fallback): integer writes fold
    the value into the buffer; a byte string adds its length, then folds 16 bytes a block."""

    def __init__(self, seeds=(0, 0, 0, 0)):
        k0, k1, k2, k3 = (s ^ p for s, p in zip(seeds, PI2))
        # the hasher starts from k1, pads with k0, keeps k2, k3 for blocks
        self.buffer, self.pad, self.extra = k1, k0, (k2, k3)

    def _update(self, value):
        self.buffer = _fold(value ^ self.buffer, MULTIPLE)

    def _block(self, lo, hi):
        mixed = _fold(lo ^ self.extra[0], hi ^ self.extra[1])
        self.buffer = _rotl(((self.buffer + self.pad) & MASK64) ^ mixed, ROT)

    def write_u8(self, value):
        self._update(value)

    def write_u64(self, value):
        self._update(value)

    def write_usize(self, value):
        self._update(value)

    def write(self, data):
        n = len(data)
        self.buffer = ((self.buffer + n) * MULTIPLE) & MASK64
        if n > 16:
            # the last 16 bytes first, then every whole 16 bytes from the front while more
            # than 16 remain
            self._block(_le(data, n - 16, 8), _le(data, n - 8, 8))
            at = 0
            while n - at > 16:
                self._block(_le(data, at, 8), _le(data, at + 8, 8))
                at += 16
        elif n > 8:
            self._block(_le(data, 0, 8), _le(data, n - 8, 8))
        elif n >= 4:
            self._block(_le(data, 0, 4), _le(data, n - 4, 4))
        elif n >= 2:
            self._block(_le(data, 0, 2), data[n - 1])
        elif n == 1:
            self._block(data[0], data[0])
        else:
            self._block(0, 0)

    def finish(self):
        return _rotl(_fold(self.buffer, self.pad), self.buffer & 63)


def ahash(data, seeds=(0, 0, 0, 0), length_prefix=False):
    """RandomState::with_seeds(*seeds): write(data), finish(), as a 64-bit integer.

    length_prefix: first write_usize(len(data)), as `Hash for [u8]` (and so `hash_one` of a
    byte slice) does; SMHasher3's port hashes that way (test_refs.py)."""
    hasher = AHasher(seeds)
    if length_prefix:
        hasher.write_usize(len(data))
    hasher.write(data)
    return hasher.finish()


typed_ahash = typed(AHasher)


def ahash_hex(data):
    """The catalogue's form: with_seeds(0, 0, 0, 0), the value written big-endian."""
    return format(ahash(data), "016x")
