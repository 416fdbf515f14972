"""wyhash final version 4 (64-bit, WYHASH_CONDOM 1, 64x64->128 multiply), pure Python.

Written for hashbench from the authors' description in wangyi-fudan/wyhash `wyhash.h`
at tag wyhash_final4 (commit ea3b25e1aef55d90f707c3a292eeb9162e2615d8, 2022-11-02),
the header's `wyhash(key, len, seed, _wyp)` with its default secret `_wyp`. It shares
no code with the Rust crate hashbench runs (wyhash-final4); test_refs.py checks it
against the values that crate's own tests and the authors' repository publish.
"""

from std_hash import DefaultWrites, typed

MASK64 = (1 << 64) - 1

# The header's default secret, _wyp.
DEFAULT_SECRET = (0xA0761D6478BD642F, 0xE7037ED1A0B428DB, 0x8EBC6AF09C88C6E3, 0x589965CC75374CC3)


def _mum(a, b):
    """The full 128-bit product of a and b, as (low 64 bits, high 64 bits)."""
    product = a * b
    return product & MASK64, product >> 64


def _mix(a, b):
    lo, hi = _mum(a, b)
    return lo ^ hi


def _u64(data, at):
    return int.from_bytes(data[at:at + 8], "little")


def _u32(data, at):
    return int.from_bytes(data[at:at + 4], "little")


def premix(seed, secret=DEFAULT_SECRET):
    """The header's first step: the seed mixed with the secret."""
    return seed ^ _mix(seed ^ secret[0], secret[1])


def wyhash(data, seed=0, secret=DEFAULT_SECRET, premixed=False):
    """wyhash final4 of `data` as a 64-bit integer. premixed: `seed` has been through
    `premix` already (the crate's `WyHasher` keeps it so, and chains each write's result
    in as the next write's seed without mixing it again)."""
    s0, s1, s2, s3 = secret
    n = len(data)
    if not premixed:
        seed = premix(seed, secret)
    if n <= 16:
        if n >= 4:
            # two overlapping 4-byte reads from each end; the inner ones step in by 4
            # bytes once the input reaches 8 bytes
            step = (n >> 3) << 2
            a = (_u32(data, 0) << 32) | _u32(data, step)
            b = (_u32(data, n - 4) << 32) | _u32(data, n - 4 - step)
        elif n > 0:
            a = (data[0] << 16) | (data[n >> 1] << 8) | data[n - 1]
            b = 0
        else:
            a = b = 0
    else:
        pos, left = 0, n
        if left > 48:
            lane1 = lane2 = seed
            while True:
                seed = _mix(_u64(data, pos) ^ s1, _u64(data, pos + 8) ^ seed)
                lane1 = _mix(_u64(data, pos + 16) ^ s2, _u64(data, pos + 24) ^ lane1)
                lane2 = _mix(_u64(data, pos + 32) ^ s3, _u64(data, pos + 40) ^ lane2)
                pos += 48
                left -= 48
                if left <= 48:
                    break
            seed ^= lane1 ^ lane2
        while left > 16:
            seed = _mix(_u64(data, pos) ^ s1, _u64(data, pos + 8) ^ seed)
            pos += 16
            left -= 16
        # the last 16 bytes of the input, which may overlap bytes already consumed
        a = _u64(data, pos + left - 16)
        b = _u64(data, pos + left - 8)
    a, b = _mum(a ^ s1, b ^ seed)
    return _mix(a ^ s0 ^ n, b ^ s1)


def wyhash_hex(data):
    """The catalogue's form: seed 0, default secret, the value written big-endian."""
    return format(wyhash(data, 0), "016x")


class WyHasher(DefaultWrites):
    """The wyhash-final4 crate's `WyHasher::<WyHash64>::default()` as a `Hasher`: each
    `write` hashes its bytes alone, seeded with the previous write's result (discrete
    writes, no concatenation); `finish` returns the last result."""

    def __init__(self, seed=0):
        self.seed = premix(seed)

    def write(self, data):
        self.seed = wyhash(data, self.seed, premixed=True)

    def finish(self):
        return self.seed


typed_wyhash = typed(WyHasher)
