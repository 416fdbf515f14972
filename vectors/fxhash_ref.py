"""FxHash as rustc-hash 2.x defines it (2.1.1 onwards; 2.0 hashed byte strings
differently, and 1.x was Firefox's word-at-a-time hash), 64-bit targets, pure Python.

The algorithm has no definition outside the crate: this is a transcription, in
hashbench's own words, of rust-lang/rustc-hash `src/lib.rs` at tag v2.1.3 (commit
c13e7ccca705e6255387a2ebc6dca142d6881621): `FxHasher::default()` (state 0), one
`write(bytes)`, `finish()`. So it shares no code with the crate but follows it, not an
independent definition; test_refs.py also holds it to SMHasher3's verification code for
its own port of FxHash v2.1.1 (fwojcik/smhasher3 hashes/rust-fxhash.cpp, 0x8F177350).
"""

from std_hash import DefaultWrites, typed

MASK64 = (1 << 64) - 1
K = 0xF1357AEA2E62A9C5  # the multiplier of FxHasher::add_to_hash (64-bit targets)
SEED1 = 0x243F6A8885A308D3
SEED2 = 0x13198A2E03707344
ZERO_GUARD = 0xA4093822299F31D0  # keeps a block of zero bytes from collapsing the state


def _fold(x, y):
    """The 128-bit product of x and y, its halves xored (64-bit targets)."""
    p = x * y
    return (p ^ (p >> 64)) & MASK64


def _u64(data, at):
    return int.from_bytes(data[at:at + 8], "little")


def _u32(data, at):
    return int.from_bytes(data[at:at + 4], "little")


def hash_bytes(data):
    """The crate's string hash: two lanes, 16 bytes a step, the tail read from the end."""
    n = len(data)
    s0, s1 = SEED1, SEED2
    if n > 16:
        # whole 16-byte steps over all bytes but the last, lanes swapping each step
        for at in range(0, (n - 1) // 16 * 16, 16):
            s0, s1 = s1, _fold(s0 ^ _u64(data, at), ZERO_GUARD ^ _u64(data, at + 8))
        s0 ^= _u64(data, n - 16)
        s1 ^= _u64(data, n - 8)
    elif n >= 8:
        s0 ^= _u64(data, 0)
        s1 ^= _u64(data, n - 8)
    elif n >= 4:
        s0 ^= _u32(data, 0)
        s1 ^= _u32(data, n - 4)
    elif n > 0:
        s0 ^= data[0]
        s1 ^= (data[n - 1] << 8) | data[n // 2]
    return _fold(s0, s1) ^ n


def fxhash(data, state=0):
    """FxHasher with `state` (0 for default()), after write(data), then finish()."""
    h = ((state + hash_bytes(data)) * K) & MASK64
    return ((h << 26) | (h >> 38)) & MASK64


def fxhash_hex(data):
    """The catalogue's form: FxHasher::default(), the value written big-endian."""
    return format(fxhash(data), "016x")


class FxHasher(DefaultWrites):
    """`FxHasher::default()`: every integer write adds to the state and multiplies by K; a
    byte string is first reduced to one word by `hash_bytes`."""

    def __init__(self, state=0):
        self.state = state

    def _add(self, value):
        self.state = ((self.state + value) * K) & MASK64

    def write(self, data):
        self._add(hash_bytes(data))

    def write_u8(self, value):
        self._add(value)

    def write_u64(self, value):
        self._add(value)

    def write_usize(self, value):
        self._add(value)

    def finish(self):
        return ((self.state << 26) | (self.state >> 38)) & MASK64


typed_fx = typed(FxHasher)
