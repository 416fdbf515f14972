"""foldhash 0.2 (fast and quality), one `write` of a byte string, on a little-endian
64-bit target with a 128-bit multiply, pure Python.

foldhash has no definition outside its crate, and documents that its output is not
stable (it may change between versions, and it reads bytes in the platform's order). This
is a transcription, in hashbench's own words, of orlp/foldhash `src/lib.rs`, `src/fast.rs`,
`src/quality.rs` and `src/seed.rs` at the commit of foldhash 0.2.0
(8f878c636fda9c9e93384824ea45e06d03f009f5): `fast::FixedState::with_seed(seed)` or
`quality::FixedState::with_seed(seed)`, `build_hasher()`, one `write(bytes)`, `finish()`.
It shares no code with the crate but follows it: it pins the adapter (seed, API, byte
order) and this crate version, it is no independent definition.
"""

from std_hash import DefaultWrites, typed

MASK64 = (1 << 64) - 1
# The digits of pi the crate calls ARBITRARY0 .. ARBITRARY11.
A = (0x243F6A8885A308D3, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89,
     0x452821E638D01377, 0xBE5466CF34E90C6C, 0xC0AC29B7C97C50DD, 0x3F84D5B5B5470917,
     0x9216D5D98979FB1B, 0xD1310BA698DFB5AC, 0x2FFD72DBD01ADFB7, 0xB8E1AFED6A267E96)
# The fixed shared seed every FixedState uses: ARBITRARY6 .. ARBITRARY11.
FIXED_SHARED = A[6:12]


def _fold(x, y):
    p = x * y
    return (p ^ (p >> 64)) & MASK64


def _u64(data, at):
    return int.from_bytes(data[at:at + 8], "little")


def _u32(data, at):
    return int.from_bytes(data[at:at + 4], "little")


def _short(data, acc, k):
    """Up to 16 bytes: two words (overlapping reads from both ends), one multiply."""
    n = len(data)
    s0, s1 = acc, k[1]
    if n >= 8:
        s0 ^= _u64(data, 0)
        s1 ^= _u64(data, n - 8)
    elif n >= 4:
        s0 ^= _u32(data, 0)
        s1 ^= _u32(data, n - 4)
    elif n > 0:
        s0 ^= data[0]
        s1 ^= (data[n - 1] << 8) | data[n // 2]
    return _fold(s0, s1)


def _lanes(data, pos, lanes, width, k0):
    """One step of `len(lanes)` parallel lanes: lane i folds word i with word
    i + len(lanes) of the `width`-byte block at `pos`."""
    count = len(lanes)
    for i in range(count):
        lanes[i] = _fold(_u64(data, pos + 8 * i) ^ lanes[i], _u64(data, pos + 8 * (i + count)) ^ k0)
    return pos + width


def _long(data, acc, k):
    """Over 16 bytes: six lanes of 96-byte blocks down to 256 bytes left, four lanes of
    64-byte blocks down to 128, then pairs of words from both ends of the rest."""
    s = [acc, (acc + k[1]) & MASK64]
    pos, n = 0, len(data)
    if n > 128:
        s += [(acc + k[2]) & MASK64, (acc + k[3]) & MASK64]
        if n > 256:
            s += [(acc + k[4]) & MASK64, (acc + k[5]) & MASK64]
            while True:
                pos = _lanes(data, pos, s, 96, k[0])
                if n - pos <= 256:
                    break
            s[0] ^= s.pop(4)
            s[1] ^= s.pop(4)
        while True:
            pos = _lanes(data, pos, s, 64, k[0])
            if n - pos <= 128:
                break
        s[0] ^= s.pop(2)
        s[1] ^= s.pop(2)
    rest = n - pos
    end = pos + rest
    # word pairs from the front and the back, 16 bytes more while the rest reaches 32,
    # 64 and 96 bytes
    for step, need in enumerate((0, 32, 64, 96)):
        if rest < need:
            break
        front = pos + 16 * step
        back = end - 16 * (step + 1)
        s[0] = _fold(_u64(data, front) ^ s[0], _u64(data, back) ^ k[0])
        s[1] = _fold(_u64(data, front + 8) ^ s[1], _u64(data, back + 8) ^ k[0])
    return s[0] ^ s[1]


def foldhash_fast(data, seed=0):
    """fast::FixedState::with_seed(seed): write(data), finish()."""
    acc = seed ^ A[3]
    n = len(data)
    r = n % 64
    acc = ((acc >> r) | (acc << (64 - r))) & MASK64 if r else acc
    return _short(data, acc, FIXED_SHARED) if n <= 16 else _long(data, acc, FIXED_SHARED)


def foldhash_quality(data, seed=0):
    """quality::FixedState::with_seed(seed): the fast hasher from a mixed seed, and one
    more multiply on finish."""
    return _fold(foldhash_fast(data, _fold(seed, A[4])), A[0])


class FastHasher(DefaultWrites):
    """`fast::FixedState::with_seed(seed).build_hasher()`: byte strings fold into the
    accumulator at once; integers gather in a 128-bit sponge that folds in when full and
    on `finish`."""

    def __init__(self, seed=0):
        self.acc = seed ^ A[3]
        self.sponge, self.sponge_len = 0, 0

    def write(self, data):
        n = len(data)
        r = n % 64
        self.acc = ((self.acc >> r) | (self.acc << (64 - r))) & MASK64 if r else self.acc
        k = FIXED_SHARED
        self.acc = _short(data, self.acc, k) if n <= 16 else _long(data, self.acc, k)

    def _num(self, value, bits):
        if self.sponge_len + bits > 128:
            self.acc = _fold((self.sponge & MASK64) ^ self.acc, (self.sponge >> 64) ^ FIXED_SHARED[0])
            self.sponge, self.sponge_len = value, bits
        else:
            self.sponge |= value << self.sponge_len
            self.sponge_len += bits

    def write_u8(self, value):
        self._num(value, 8)

    def write_u64(self, value):
        self._num(value, 64)

    def write_usize(self, value):
        self._num(value, 64)

    def finish(self):
        if self.sponge_len:
            return _fold((self.sponge & MASK64) ^ self.acc, (self.sponge >> 64) ^ FIXED_SHARED[0])
        return self.acc


class QualityHasher(FastHasher):
    """`quality::FixedState::with_seed(seed).build_hasher()`: the fast hasher from a
    mixed seed, and one more multiply on `finish`."""

    def __init__(self, seed=0):
        super().__init__(_fold(seed, A[4]))

    def finish(self):
        return _fold(super().finish(), A[0])


typed_fast = typed(FastHasher)
typed_quality = typed(QualityHasher)


def foldhash_fast_hex(data):
    return format(foldhash_fast(data), "016x")


def foldhash_quality_hex(data):
    return format(foldhash_quality(data), "016x")
