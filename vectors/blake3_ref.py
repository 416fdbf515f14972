"""BLAKE3 hash mode in pure Python, written from the specification.

Specification: Jack O'Connor, Jean-Philippe Aumasson, Samuel Neves and
Zooko Wilcox-O'Hearn, "BLAKE3: one function, fast everywhere" (2020), the
file blake3.pdf in the BLAKE3-team/BLAKE3 repository
(https://github.com/BLAKE3-team/BLAKE3/blob/master/blake3.pdf), section 2
"Specification". The comments below name the part of that section each
piece of code follows (compression function, modes/flags, chunk chaining,
parent node chaining, tree structure, extendable output).

Why this exists: hashbench benchmarks the Rust `blake3` crate, and the
`blake3` PyPI wheel is a binding to that same crate, so the wheel cannot
catch a fault in it. This module shares no code with either: it was written
from the paper's description, not from the reference implementation, and
vectors/test_refs.py checks it against the BLAKE3 team's published test
vectors before anything relies on it.

Scope: only what vectors/*.json use, i.e. the unkeyed hash mode with the
default 32-byte output. Keyed hashing, key derivation and extended (XOF)
output are left out on purpose: no vector exercises them, so code for them
would go unchecked. Speed is not a goal beyond "a few hundred KiB in well
under a second or two": the compression function is unrolled over
precomputed message schedules, which is the one place the time goes.
"""

import struct

__all__ = ["blake3", "blake3_hex"]

MASK32 = 0xFFFFFFFF

# Compression function: the eight IV words are SHA-256's initial hash value; in the hash mode
# they are also the key words (the chaining value every chunk starts from).
IV = (
    0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A,
    0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19,
)

# Modes: the domain flags, OR-ed into state word 15.
CHUNK_START = 1 << 0
CHUNK_END = 1 << 1
PARENT = 1 << 2
ROOT = 1 << 3

BLOCK_LEN = 64  # bytes per compression (16 message words)
CHUNK_LEN = 1024  # bytes per leaf of the tree (16 blocks): tree structure
ROUNDS = 7  # compression function: BLAKE3 has 7 rounds where BLAKE2s has 10

# Compression function: the permutation applied to the message words after every
# round (round r+1 reads word PERMUTATION[i] of round r's order at slot i).
PERMUTATION = (2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8)


def _schedules():
    """Message word index read at each of the 16 slots, for each of the 7 rounds.

    Permuting the indices once here, instead of the words in every compression,
    gives the same words in the same places and saves a list copy per round.
    """
    order = list(range(16))
    rounds = []
    for _ in range(ROUNDS):
        rounds.append(tuple(order))
        order = [order[p] for p in PERMUTATION]
    return tuple(rounds)


SCHEDULES = _schedules()

# Compression function: each round mixes the four columns of the 4x4 state, then the four
# diagonals. Quarter-round j consumes message slots 2j and 2j+1.
QUARTER_ROUNDS = (
    (0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
    (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14),
)

# One flat plan for the whole compression: (a, b, c, d, mx, my) per G call,
# with mx/my already the permuted message word indices for that round.
PLAN = tuple(
    (a, b, c, d, sched[2 * j], sched[2 * j + 1])
    for sched in SCHEDULES
    for j, (a, b, c, d) in enumerate(QUARTER_ROUNDS)
)


def compress(cv, words, counter, block_len, flags):
    """The compression function; returns all 16 output words.

    cv: 8 chaining-value words; words: 16 little-endian message words;
    counter: the 64-bit chunk counter t (0 for parent nodes); block_len: the
    number of real (unpadded) bytes in the block; flags: the domain flags.
    The first 8 output words are the new chaining value; all 16 form the
    root's output block (extendable output), of which hashing uses the first 8.
    """
    v = [
        cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7],
        IV[0], IV[1], IV[2], IV[3],
        counter & MASK32, (counter >> 32) & MASK32, block_len, flags,
    ]
    m = words
    # G: add, xor, rotate right by 16, 12, 8 and 7, the BLAKE2s
    # quarter-round. Rotations of 32-bit words are written out as shifts and
    # masks; Python ints are unbounded, so every addition is masked too.
    for a, b, c, d, mx, my in PLAN:
        va = (v[a] + v[b] + m[mx]) & MASK32
        vd = v[d] ^ va
        vd = ((vd >> 16) | (vd << 16)) & MASK32
        vc = (v[c] + vd) & MASK32
        vb = v[b] ^ vc
        vb = ((vb >> 12) | (vb << 20)) & MASK32
        va = (va + vb + m[my]) & MASK32
        vd ^= va
        vd = ((vd >> 8) | (vd << 24)) & MASK32
        vc = (vc + vd) & MASK32
        vb ^= vc
        v[a] = va
        v[b] = ((vb >> 7) | (vb << 25)) & MASK32
        v[c] = vc
        v[d] = vd
    # Output: the low half xor the high half gives the chaining
    # value; the high half xor the input cv gives the rest of the 64 bytes.
    return [v[i] ^ v[i + 8] for i in range(8)] + [v[i + 8] ^ cv[i] for i in range(8)]


def _words(block):
    """16 little-endian words of a block, zero-padded to 64 bytes (chunk chaining)."""
    if len(block) < BLOCK_LEN:
        block = block + bytes(BLOCK_LEN - len(block))
    return struct.unpack("<16I", block)


# A node's last compression is kept unevaluated as (cv, words, counter,
# block_len, flags): a chunk or parent that turns out to be the root needs the
# same inputs compressed once more with ROOT added (extendable output), while any other node
# only needs the chaining value.


def _chunk_output(chunk, counter):
    """Chain through one chunk's blocks (chunk chaining) and return its last compression.

    Every block but the last is compressed here. CHUNK_START marks the first
    block and CHUNK_END the last (both on a single-block chunk). An empty
    input is one chunk made of one empty block with block_len 0.
    """
    cv = IV
    n_blocks = max(1, -(-len(chunk) // BLOCK_LEN))
    for i in range(n_blocks - 1):
        flags = CHUNK_START if i == 0 else 0
        cv = compress(cv, _words(chunk[i * BLOCK_LEN:(i + 1) * BLOCK_LEN]), counter, BLOCK_LEN, flags)[:8]
    last = chunk[(n_blocks - 1) * BLOCK_LEN:]
    flags = CHUNK_END | (CHUNK_START if n_blocks == 1 else 0)
    return (cv, _words(last), counter, len(last), flags)


def _chaining_value(node):
    cv, words, counter, block_len, flags = node
    return compress(cv, words, counter, block_len, flags)[:8]


def _left_subtree_chunks(n_chunks):
    """Chunks in the left subtree of a node over n_chunks > 1: the largest power of two below n_chunks."""
    return 1 << ((n_chunks - 1).bit_length() - 1)


def _subtree_output(data, first_chunk):
    """Last compression of the subtree over `data`, whose first chunk has index first_chunk.

    Tree structure: the tree is binary and left-filled. With n > 1 chunks, the left
    subtree takes the largest power of two of chunks that is smaller than n
    (so the left side is always complete and the right side is never empty),
    and the right subtree the rest. A parent's message block is the left
    child's chaining value followed by the right child's (parent node chaining); parents use
    counter 0, block_len 64 and the PARENT flag, with the key words (the IV
    here) as their input chaining value.
    """
    n_chunks = max(1, -(-len(data) // CHUNK_LEN))
    if n_chunks == 1:
        return _chunk_output(data, first_chunk)
    left_chunks = _left_subtree_chunks(n_chunks)
    split = left_chunks * CHUNK_LEN
    left = _chaining_value(_subtree_output(data[:split], first_chunk))
    right = _chaining_value(_subtree_output(data[split:], first_chunk + left_chunks))
    return (IV, tuple(left) + tuple(right), 0, BLOCK_LEN, PARENT)


def blake3(data):
    """The 32-byte BLAKE3 hash of `data` (hash mode, default output length)."""
    cv, words, counter, block_len, flags = _subtree_output(bytes(data), 0)
    # Extendable output: the root node's last compression is redone with ROOT set; the
    # output is its words serialised little-endian, output block counter 0.
    out = compress(cv, words, 0, block_len, flags | ROOT)
    return struct.pack("<8I", *out[:8])


def blake3_hex(data):
    return blake3(data).hex()


if __name__ == "__main__":
    import sys

    print(blake3_hex(sys.stdin.buffer.read()))
