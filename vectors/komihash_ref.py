"""komihash version 5 (64-bit output, a 64-bit seed), pure Python.

Written for hashbench from the author's single-header C reference, avaneev/komihash
`komihash.h` at b9a8b79a (source version 5.29): `komihash(msg, len, seed)`, on a
little-endian machine. It shares no code with the Rust crate hashbench runs (komihash
0.5); test_refs.py holds it to the 66 values of the author's README ("Test Vectors":
three seeds, 22 inputs each). The crate's map `Hasher` (`KomiHasher`) hashes each
`write` alone, seeded with the last result: `KomiHasher` below.
"""

from std_hash import DefaultWrites, typed

MASK64 = (1 << 64) - 1
# The initial values: the first digits of pi (the header's KOMIHASH_IVAL1 .. 8).
IVAL = (0x243F6A8885A308D3, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89,
        0x452821E638D01377, 0xBE5466CF34E90C6C, 0xC0AC29B7C97C50DD, 0x3F84D5B5B5470917)
EVEN_BITS, ODD_BITS = 0x5555555555555555, 0xAAAAAAAAAAAAAAAA


def _mul(u, v):
    """The 128-bit product, as (low, high) 64-bit halves."""
    p = u * v
    return p & MASK64, p >> 64


def _mul_add(u, v, acc):
    """The header's multiply step: the product's low half, and its high half added to
    `acc` (the lane that receives it keeps its old value under the sum)."""
    lo, hi = _mul(u, v)
    return lo, (acc + hi) & MASK64


def _u64(data, at):
    return int.from_bytes(data[at:at + 8], "little")


def _u32(data, at):
    return int.from_bytes(data[at:at + 4], "little")


def _tail_word(data, end):
    """The 7 bytes before `end` (which may reach back into bytes already hashed), with a
    1 bit above them: the last 8 bytes read little-endian, shifted down one byte."""
    return (_u64(data, end - 8) >> 8) | (1 << 56)


class _State:
    """The two lanes of the short and final paths (the header's Seed1 and Seed5)."""

    def __init__(self, s1, s5):
        self.s1, self.s5 = s1, s5

    def _step(self, u, v):
        lo, self.s5 = _mul_add(u, v, self.s5)
        self.s1 = lo ^ self.s5

    def round(self):
        self._step(self.s1, self.s5)

    def block16(self, data, at):
        self._step(_u64(data, at) ^ self.s1, _u64(data, at + 8) ^ self.s5)

    def finish(self, r1, r2):
        self._step(r1, r2)
        self.round()
        return self.s1


def _short(data, st):
    """Fewer than 16 bytes: the message and a 1 bit after it fill two words."""
    n = len(data)
    r1, r2 = st.s1, st.s5
    if n >= 8:
        r1 ^= _u64(data, 0)
        if n < 12:
            # the last three bytes, a 1 bit above them, shifted to sit after byte 8
            m = data[n - 3] | data[n - 1] << 16 | 1 << 24 | data[n - 2] << 8
            r2 ^= m >> ((n * 8) ^ 88)
        else:
            high = ((_u32(data, n - 4) | 1 << 32) >> (128 - n * 8)) << 32
            r2 ^= high | _u32(data, 8)
    elif n >= 4:
        high = ((_u32(data, n - 4) | 1 << 32) >> (64 - n * 8)) << 32
        r1 ^= high | _u32(data, 0)
    elif n > 0:
        r1 ^= 1 << (n * 8)
        for i in range(n):
            r1 ^= data[i] << (8 * i)
    return st.finish(r1, r2)


def _epilogue(data, at, st):
    """The last 0 to 63 bytes from `at` of a message over 31 bytes."""
    left = len(data) - at
    if left > 31:
        st.block16(data, at)
        st.block16(data, at + 16)
        at, left = at + 32, left - 32
    if left > 15:
        st.block16(data, at)
        at, left = at + 16, left - 16
    end = at + left
    if left < 8:
        r1 = (_tail_word(data, end) >> ((left * 8) ^ 56)) ^ st.s1
        r2 = st.s5
    else:
        r1 = _u64(data, at) ^ st.s1
        r2 = (_tail_word(data, end) >> ((left * 8) ^ 120)) ^ st.s5
    return st.finish(r1, r2)


def komihash(data, seed=0):
    """komihash of `data` with `seed`, as a 64-bit integer."""
    data = bytes(data)
    n = len(data)
    st = _State(IVAL[0] ^ (seed & EVEN_BITS), IVAL[4] ^ (seed & ODD_BITS))
    st.round()
    if n < 16:
        return _short(data, st)
    if n < 32:
        st.block16(data, 0)
        if n < 24:
            r1 = (_tail_word(data, n) >> ((n * 8) ^ 184)) ^ st.s1
            r2 = st.s5
        else:
            r1 = _u64(data, 16) ^ st.s1
            r2 = (_tail_word(data, n) >> ((n * 8) ^ 248)) ^ st.s5
        return st.finish(r1, r2)
    at = 0
    if n > 63:
        # eight lanes over 64-byte blocks, lanes 2-4 from lane 1 and 6-8 from lane 5
        s = [st.s1, IVAL[1] ^ st.s1, IVAL[2] ^ st.s1, IVAL[3] ^ st.s1,
             st.s5, IVAL[5] ^ st.s5, IVAL[6] ^ st.s5, IVAL[7] ^ st.s5]
        while n - at > 63:
            for i in range(4):
                s[i], s[4 + i] = _mul_add(_u64(data, at + 8 * i) ^ s[i], _u64(data, at + 32 + 8 * i) ^ s[4 + i],
                                          s[4 + i])
            at += 64
            s[3] ^= s[6]
            s[0] ^= s[7]
            s[2] ^= s[5]
            s[1] ^= s[4]
        st.s5 = s[4] ^ s[5] ^ s[6] ^ s[7]
        st.s1 = s[0] ^ s[1] ^ s[2] ^ s[3]
    return _epilogue(data, at, st)


def komihash_hex(data):
    """The catalogue's form: seed 0, the value written big-endian."""
    return format(komihash(data, 0), "016x")


class KomiHasher(DefaultWrites):
    """The komihash crate's `KomiHasher::default()` as a `Hasher`: each `write` is
    komihash of its bytes seeded with the previous result (seed 0 first); `finish`
    returns the last result (0 before any write)."""

    def __init__(self, seed=0):
        self.seed = seed

    def write(self, data):
        self.seed = komihash(data, self.seed)

    def finish(self):
        return self.seed


typed_komihash = typed(KomiHasher)
