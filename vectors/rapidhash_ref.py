"""rapidhash V3 (the default, RAPIDHASH_FAST, 64-bit), pure Python.

Written for hashbench from the author's reference header, Nicoshev/rapidhash `rapidhash.h`
(last changed at commit e04c9f35fa5a11c8c11de0f7cc1bdad38978d429, 2025-09-29; read at
92731ee0823c7c71890de988f62aabe26ed73aa6): `rapidhash(key, len)`, which is
`rapidhash_withSeed(key, len, 0)` with the header's secret `rapid_secret`. The header's
RAPIDHASH_COMPACT and RAPIDHASH_UNROLLED builds compute the same function (the second
takes two 112-byte rounds per loop pass). Shares no code with the Rust crate hashbench
runs (rapidhash).
"""

MASK64 = (1 << 64) - 1

# The header's rapid_secret.
SECRET = (0x2D358DCCAA6C78A5, 0x8BB84B93962EACC9, 0x4B33A62ED433D4A3, 0x4D5A2DA51DE1AA47,
          0xA0761D6478BD642F, 0xE7037ED1A0B428DB, 0x90ED1765281C388C, 0xAAAAAAAAAAAAAAAA)


def _mum(a, b):
    """The 128-bit product as (low, high): RAPIDHASH_FAST keeps the halves, not xors them in."""
    product = a * b
    return product & MASK64, product >> 64


def _mix(a, b):
    lo, hi = _mum(a, b)
    return lo ^ hi


def _u64(data, at):
    return int.from_bytes(data[at:at + 8], "little")


def _u32(data, at):
    return int.from_bytes(data[at:at + 4], "little")


def _bulk(data, seed, s):
    """The seven-lane loop over 112-byte rounds for inputs over 112 bytes; returns
    (seed, position, bytes left)."""
    lanes = [seed] * 7  # lane 0 is the running seed itself
    pos, left = 0, len(data)
    while left > 112:
        for k in range(7):
            at = pos + 16 * k
            lanes[k] = _mix(_u64(data, at) ^ s[k], _u64(data, at + 8) ^ lanes[k])
        pos += 112
        left -= 112
    folded = lanes[0]
    for lane in lanes[1:]:
        folded ^= lane
    return folded, pos, left


def rapidhash(data, seed=0, s=SECRET):
    """rapidhash V3 of `data` as a 64-bit integer."""
    n = len(data)
    seed ^= _mix(seed ^ s[2], s[1])
    left = n
    if n <= 16:
        if n >= 4:
            seed ^= n
            if n >= 8:
                a, b = _u64(data, 0), _u64(data, n - 8)
            else:
                a, b = _u32(data, 0), _u32(data, n - 4)
        elif n > 0:
            a = (data[0] << 45) | data[n - 1]
            b = data[n >> 1]
        else:
            a = b = 0
    else:
        pos = 0
        if n > 112:
            seed, pos, left = _bulk(data, seed, s)
        # up to six 16-byte steps over what is left, with this fixed choice of secrets
        for step, k in enumerate((2, 2, 1, 1, 2, 1)):
            if left <= 16 * (step + 1):
                break
            at = pos + 16 * step
            seed = _mix(_u64(data, at) ^ s[k], _u64(data, at + 8) ^ seed)
        # the last 16 bytes of the input (they may overlap bytes already consumed)
        a = _u64(data, pos + left - 16) ^ left
        b = _u64(data, pos + left - 8)
    a, b = _mum(a ^ s[1], b ^ seed)
    return _mix(a ^ s[7], b ^ s[1] ^ left)


def rapidhash_hex(data):
    """The catalogue's form: seed 0, the value written big-endian."""
    return format(rapidhash(data, 0), "016x")
