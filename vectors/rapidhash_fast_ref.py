"""The rapidhash crate's fast map hasher (`rapidhash::fast::RapidHasher`, crate version
4.5.1) with its default seed and secrets, on a little-endian 64-bit target with a
128-bit multiply, pure Python.

This is not rapidhash V1, V2 or V3 of the author's C header: the crate's `inner` module
builds its `Hasher` from a variant of the V3 core and documents that its output may change
between crate versions, and no definition exists outside the crate. So this is a
transcription, in hashbench's own words, of rapidhash 4.5.1 (crates.io; hoxxep/rapidhash):
`src/fast.rs` (AVALANCHE off, SPONGE on, COMPACT off, PROTECTED off),
`src/inner/rapid_hasher.rs` (`RapidHasher`, its `write_num!` integer sponge and `finish`),
`src/inner/rapid_const.rs` (`rapidhash_core`, `rapidhash_core_17_288`,
`rapidhash_core_cold`, `rapidhash_final_48`, `rapidhash_finish`), `src/inner/mix_np.rs`
(the folded 64x64->128 multiply) and `src/inner/seed.rs` (`rapidhash_seed`, `DEFAULT_SEED`,
the default secrets). It shares no code with the crate but follows it: it pins the
adapter (`BuildHasherDefault<rapidhash::fast::RapidHasher>`, i.e. `RapidHasher::default()`,
seed 0 premixed, the default secrets; `fast::SeedableState::fixed()` builds the same
hasher) and this crate version; it is no independent definition.

What `fast::RandomState` (behind `rapidhash::RapidHashMap`) computes is this with a random
seed and random secrets; hashbench fixes both so that its vectors are reproducible.
"""

from std_hash import DefaultWrites, typed

MASK64 = (1 << 64) - 1

# seed.rs DEFAULT_SECRETS: the secrets DEFAULT_RAPID_SECRETS (seed_cpp(0)) carries, and
# the ones `rapidhash_seed` mixes the seed with.
SECRETS = (0x2D358DCCAA6C78A5, 0x8BB84B93962EACC9, 0x4B33A62ED433D4A3, 0x4D5A2DA51DE1AA47,
           0xA0761D6478BD642F, 0xE7037ED1A0B428DB, 0x90ED1765281C388C)
DEFAULT_SEED = 0
# Inputs longer than this take the seven-lane path (rapid_const.rs COLD_PATH_CUTOFF).
COLD_CUTOFF = 400


def _mul(a, b):
    """The 128-bit product of two 64-bit words, as (low word, high word)."""
    product = a * b
    return product & MASK64, product >> 64


def _mix(a, b):
    """The folded multiply: the two halves of the product XORed."""
    low, high = _mul(a, b)
    return low ^ high


def premix(seed):
    """`RapidHasher::new(seed)`'s seed: XORed with its own fold against two of the default
    secrets (always the defaults, whatever secrets the hasher then uses)."""
    return seed ^ _mix(seed ^ SECRETS[2], SECRETS[1])


def _word(data, at):
    return int.from_bytes(data[at:at + 8], "little")


def _half(data, at):
    return int.from_bytes(data[at:at + 4], "little")


def _final(a, b, seed, secrets):
    """The closing multiply without the avalanche step (AVALANCHE off)."""
    low, high = _mul(a ^ secrets[0], b ^ seed)
    return low ^ high


def _lanes(data, pos, lanes, secrets):
    """One block of `len(lanes)` 16-byte lanes at `pos`: lane i folds its first word, keyed
    by secret i, with its second word and its own running value."""
    for i in range(len(lanes)):
        at = pos + 16 * i
        lanes[i] = _mix(_word(data, at) ^ secrets[i], _word(data, at + 8) ^ lanes[i])
    return pos + 16 * len(lanes)


def _tail(seed, secrets, data, pos):
    """The last under-48 bytes from `pos` (over 16 bytes in all): up to two 16-byte folds
    with secret 0, then the closing multiply of the input's last 16 bytes with the seed
    plus the whole length."""
    n = len(data)
    rest = n - pos
    if rest > 16:
        seed = _mix(_word(data, pos) ^ secrets[0], _word(data, pos + 8) ^ seed)
        if rest > 32:
            seed = _mix(_word(data, pos + 16) ^ secrets[0], _word(data, pos + 24) ^ seed)
    return _final(_word(data, n - 16), _word(data, n - 8), (seed + n) & MASK64, secrets)


def core(seed, secrets, data):
    """`rapidhash_core` with AVALANCHE off: one byte string folded into `seed`."""
    n = len(data)
    if n <= 16:
        # Two words from the ends (overlapping when short), or for 1..3 bytes the first
        # byte high, the last byte low, and the middle byte alone.
        if n >= 8:
            a, b = _word(data, 0), _word(data, n - 8)
        elif n >= 4:
            a, b = _half(data, 0), _half(data, n - 4)
        elif n > 0:
            a, b = (data[0] << 45) | data[n - 1], data[n >> 1]
        else:
            a = b = 0
        return _final(a, b, (seed + n) & MASK64, secrets)
    pos = 0
    if n > COLD_CUTOFF:
        # Seven lanes over 112-byte blocks (the crate unrolls two per loop; the result is
        # the same), then three lanes over what 48-byte blocks remain, all XORed together.
        lanes = [seed] * 7
        while n - pos >= 112:
            pos = _lanes(data, pos, lanes, secrets)
        three = lanes[:3]
        while n - pos >= 48:
            pos = _lanes(data, pos, three, secrets)
        lanes[:3] = three
        seed = 0
        for lane in lanes:
            seed ^= lane
    elif n > 48:
        # Three lanes over 48-byte blocks.
        lanes = [seed] * 3
        while n - pos >= 48:
            pos = _lanes(data, pos, lanes, secrets)
        seed = lanes[0] ^ lanes[1] ^ lanes[2]
    return _tail(seed, secrets, data, pos)


class FastHasher(DefaultWrites):
    """`BuildHasherDefault<rapidhash::fast::RapidHasher>` (`RapidHasher::default()`):
    each `write` folds a byte string into the seed at once; integers gather in a 128-bit
    sponge (low bits first) that is folded into the seed, with secret 0, when the next
    integer would overflow it, and on `finish` if it holds anything."""

    def __init__(self, seed=DEFAULT_SEED, secrets=SECRETS):
        self.secrets = secrets
        self.seed = premix(seed)
        self.sponge, self.sponge_len = 0, 0

    def write(self, data):
        self.seed = core(self.seed, self.secrets, bytes(data))

    def _squeeze(self):
        return _mix((self.sponge & MASK64) ^ self.seed, (self.sponge >> 64) ^ self.secrets[0])

    def _num(self, value, bits):
        if self.sponge_len + bits <= 128:
            self.sponge |= value << self.sponge_len
            self.sponge_len += bits
        else:
            self.seed = self._squeeze()
            self.sponge, self.sponge_len = value, bits

    def write_u8(self, value):
        self._num(value, 8)

    def write_u64(self, value):
        self._num(value, 64)

    def write_usize(self, value):
        self._num(value, 64)

    def finish(self):
        return self._squeeze() if self.sponge_len else self.seed


def rapidhash_fast(data, seed=DEFAULT_SEED, secrets=SECRETS):
    """The byte API: `RapidHasher::new(seed)` (default secrets), one `write(data)`,
    `finish()`."""
    return core(premix(seed), secrets, bytes(data))


def rapidhash_fast_hex(data):
    return format(rapidhash_fast(data), "016x")


typed_fast = typed(FastHasher)
