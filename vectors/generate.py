#!/usr/bin/env python3
"""Check and regenerate hashbench's known-answer test vectors (vectors/*.json).

Every vector in every file is recomputed here with an implementation that
shares no code with what hashbench benchmarks (the Rust crates, OpenSSL and
the libraries derived from it, libsodium); IMPLEMENTATIONS says which one
checks which algorithm and why it is independent. Where a second opinion is
listed too, it must agree on every vector, published or generated.

* Published vectors (any `source` other than "generated") are the data of
  record: they were transcribed from the cited documents, so this script
  never changes them, it only verifies them and fails loudly on a mismatch.
* Generated vectors (`source` == "generated") are recomputed from the fixed
  input list below (GENERATED_INPUTS) and rewritten.

Usage:
  python3 vectors/generate.py [--check]   # default: exit 1 on any mismatch or drift
  python3 vectors/generate.py --write     # rewrite the files (refuses if a published vector fails)
  python3 vectors/generate.py --check --dir DIR   # check the files in DIR instead (used by test_refs.py)

Needs the pinned packages in vectors/requirements.txt.
"""

import argparse
import binascii
import hashlib
import json
import re
import sys
import zlib
from pathlib import Path
from typing import Callable, NamedTuple

import blake3
import cityhash
import crc
import crc32c
import farmhash
import highwayhash
import mmh3
import siphash24
import siphashc
import xxhash
from gmssl import func as gmssl_func, sm3 as gmssl_sm3
from Crypto.Hash import (BLAKE2b, BLAKE2s, KangarooTwelve, MD5, RIPEMD160, SHA1, SHA224, SHA256, SHA384, SHA512, SHA3_224, SHA3_256,
                         SHA3_384, SHA3_512, SHAKE128, SHAKE256)

import blake3_ref  # vectors/blake3_ref.py; the script's own folder is on sys.path
# The hash-map hashers' pure-Python references (vectors/README.md says what each follows).
import ahash_ref
import foldhash_ref
import fxhash_ref
import komihash_ref
import rapidhash_fast_ref
import rapidhash_ref
import std_hash
import wyhash_ref

VECTORS_DIR = Path(__file__).resolve().parent
MASK64 = (1 << 64) - 1

# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------

# Lengths chosen to sit on and around block/chunk/stripe boundaries of the
# algorithms under test (16/32/64/128/136/144-byte blocks, 1 KiB BLAKE3
# chunks, xxh3's 240-byte and 1 KiB block thresholds, 64 KiB buffers).
PATTERN251_LENGTHS = [
    0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 33, 55, 56, 63, 64, 65, 111, 112,
    127, 128, 129, 135, 136, 137, 143, 144, 255, 256, 257, 1023, 1024, 1025,
    2047, 2048, 2049, 4095, 4096, 4097, 65535, 65536, 65537,
]
XORSHIFT_LENGTHS = [17, 100, 1000, 4096, 10007]  # seed 1; odd lengths catch tail handling
GENERATED_INPUTS = [{"pattern251": n} for n in PATTERN251_LENGTHS] + [
    {"xorshift": n, "seed": 1} for n in XORSHIFT_LENGTHS
]

# The typed-key vectors ("key": the kind, vectors/README.md "Typed keys"): each key kind
# from inputs as hashbench's keys:* cells make them, strings at every length to 17 (the
# short-input branches), around 32, 64 and 128, and the longest (256).
STR_KEY_LENGTHS = list(range(1, 18)) + [31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256]
TYPED_INPUTS = ([("u64", {"xorshift": 8, "seed": s}) for s in range(1, 9)]
                + [("id16", {"xorshift": 16, "seed": s}) for s in range(1, 9)]
                + [("str", {"xorshift": n, "seed": 1}) for n in STR_KEY_LENGTHS])

# Which keys an input object may carry, per kind (the first key is the kind).
INPUT_KINDS = {
    "ascii": {"required": set(), "optional": {"repeat"}},
    "hex": {"required": set(), "optional": {"repeat"}},
    "pattern251": {"required": set(), "optional": set()},
    "xorshift": {"required": {"seed"}, "optional": set()},
}


def xorshift_bytes(length, seed):
    """xorshift64 (13, 7, 17) stream, each state emitted as 8 little-endian bytes."""
    out = bytearray()
    x = seed
    while len(out) < length:
        x ^= (x << 13) & MASK64
        x ^= x >> 7
        x ^= (x << 17) & MASK64
        out += x.to_bytes(8, "little")
    return bytes(out[:length])


def is_uint(v):
    # bool is an int subclass in Python; JSON true/false must not pass as a length.
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def input_bytes(inp):
    """Decode one input object into bytes; raise ValueError if it breaks the schema."""
    if not isinstance(inp, dict):
        raise ValueError("input must be an object")
    kinds = [k for k in inp if k in INPUT_KINDS]
    if len(kinds) != 1:
        raise ValueError(f"input must have exactly one of {sorted(INPUT_KINDS)}: {inp}")
    kind = kinds[0]
    rule = INPUT_KINDS[kind]
    extra = set(inp) - {kind} - rule["required"] - rule["optional"]
    missing = rule["required"] - set(inp)
    if extra or missing:
        raise ValueError(f"bad keys for {kind!r} input (extra {sorted(extra)}, missing {sorted(missing)})")
    value = inp[kind]
    repeat = inp.get("repeat", 1)
    if "repeat" in inp and not (is_uint(repeat) and repeat >= 1):
        raise ValueError(f"repeat must be an integer >= 1: {repeat!r}")
    if kind == "ascii":
        if not isinstance(value, str) or not value.isascii():
            raise ValueError(f"ascii input must be an ASCII string: {value!r}")
        return value.encode("ascii") * repeat
    if kind == "hex":
        if not isinstance(value, str) or not re.fullmatch(r"(?:[0-9a-f]{2})*", value):
            raise ValueError("hex input must be lowercase hex with an even number of digits")
        return bytes.fromhex(value) * repeat
    if not is_uint(value):
        raise ValueError(f"{kind} length must be a non-negative integer: {value!r}")
    if kind == "pattern251":
        return bytes(i % 251 for i in range(value))
    seed = inp["seed"]
    if not (is_uint(seed) and 0 < seed <= MASK64):
        raise ValueError(f"xorshift seed must be a nonzero u64: {seed!r}")
    return xorshift_bytes(value, seed)


# ---------------------------------------------------------------------------
# Implementations (digest convention: see vectors/README.md)
# ---------------------------------------------------------------------------

# CRC-64 models from the CRC catalogue; the `crc` package is pure Python.
CRC64_XZ = crc.Calculator(crc.Configuration(
    width=64, polynomial=0x42F0E1EBA9EA3693, init_value=MASK64,
    final_xor_value=MASK64, reverse_input=True, reverse_output=True), optimized=True)
CRC64_NVME = crc.Calculator(crc.Configuration(
    width=64, polynomial=0xAD93D23594C93659, init_value=MASK64,
    final_xor_value=MASK64, reverse_input=True, reverse_output=True), optimized=True)
# CRC-16 models from the same catalogue: CRC-16/IBM-3740 ("CCITT-FALSE") and CRC-16/ARC.
CRC16_IBM_3740 = crc.Calculator(crc.Configuration(
    width=16, polynomial=0x1021, init_value=0xFFFF, final_xor_value=0,
    reverse_input=False, reverse_output=False), optimized=True)
CRC16_ARC = crc.Calculator(crc.Configuration(
    width=16, polynomial=0x8005, init_value=0, final_xor_value=0,
    reverse_input=True, reverse_output=True), optimized=True)
# Guard the hand-entered parameters even if someone deletes the catalogue
# vectors from the JSON files.
assert CRC16_IBM_3740.checksum(b"123456789") == 0x29B1, "CRC-16/IBM-3740 parameters wrong"
assert CRC16_ARC.checksum(b"123456789") == 0xBB3D, "CRC-16/ARC parameters wrong"
assert CRC64_XZ.checksum(b"123456789") == 0x995DC9BBDF1939FA, "CRC-64/XZ parameters wrong"
assert CRC64_NVME.checksum(b"123456789") == 0xAE8B14860A799888, "CRC-64/NVME parameters wrong"


def sha512_256_hashlib(data):
    # 'sha512_256' is the name hashlib exposes from OpenSSL 1.1.1+; 'SHA512-256'
    # is OpenSSL's own name, tried in case a build lists only that one.
    for name in ("sha512_256", "SHA512-256"):
        try:
            return hashlib.new(name, data).hexdigest()
        except ValueError:
            pass
    sys.exit("generate.py: this Python's hashlib/OpenSSL has no SHA-512/256")


def be(width_bytes):
    """Integer checksum -> big-endian lowercase hex of a fixed width."""
    return lambda value: format(value, f"0{2 * width_bytes}x")


def pycryptodome(module, **options):
    """bytes -> hex digest with one of PyCryptodome's Crypto.Hash modules."""
    return lambda d: module.new(data=d, **options).hexdigest()


class Impl(NamedTuple):
    """How generate.py computes one algorithm."""
    name: str  # short name of the implementation of record, for messages
    # bytes -> digest hex: the implementation of record; None where there is none (the
    # file then holds only published vectors, which are the data of record themselves).
    compute: Callable[[bytes], str] | None
    source: str  # the text of sources["generated"], after "vectors/generate.py: "
    # (name, bytes -> digest hex): second opinions that must give the same digest
    # for every vector; a disagreement is reported and blocks --write.
    cross: tuple = ()
    # (kind, input bytes) -> hex of BuildHasher::hash_one of the typed key (std_hash.py):
    # for hashers whose typed keys are not their byte API over what std's Hash writes.
    typed: Callable[[str, bytes], str] | None = None
    typed_source: str = ""  # the text of sources["keys"], after "vectors/generate.py: "


# Why these are independent of what hashbench runs (see also vectors/README.md):
#
# * md5, sha1, sha2-*, sha3-*: PyCryptodome. Its hashes are its own C code
#   (Crypto/Hash/_MD5, _SHA256, ..., _keccak: the wheel's modules link only
#   libc), so they share nothing with OpenSSL or with ring/aws-lc-rs (whose
#   SHA code descends from OpenSSL's via BoringSSL), nor with libsodium or the
#   RustCrypto and other Rust crates. Python's hashlib is OpenSSL inside for
#   these, so it is kept only as a second opinion.
# * blake2s/blake2b: PyCryptodome again (its own BLAKE2 code). hashlib's blake2
#   is CPython's bundled copy of the BLAKE2 team's reference C code (not
#   OpenSSL); libsodium's and OpenSSL's BLAKE2 are derived from that same
#   reference code, so hashlib is only a second opinion here too.
# * blake3: vectors/blake3_ref.py, pure Python written from the BLAKE3 paper.
#   The blake3 wheel binds the very Rust crate hashbench runs, so it is only a
#   second opinion; test_refs.py checks blake3_ref against the BLAKE3 team's
#   published vectors on its own.
# * crc/adler/xxhash: zlib, the pure-Python `crc` package, the `crc32c`
#   package and the xxHash C library: hashbench runs none of these (its
#   implementations are Rust crates).
PYCRYPTODOME = "PyPI pycryptodome 4.4.0 (PyCryptodome's own C code, no OpenSSL)"
HASHLIB_OPENSSL = "Python hashlib.{} (CPython 3.11, OpenSSL-backed)"
HASHLIB_BLAKE2 = ("Python hashlib.{} (CPython 3.11's bundled BLAKE2 reference C code, from which libsodium's "
                  "and OpenSSL's BLAKE2 also derive)")
INDEPENDENT = "shares no code with the implementations hashbench runs"


def pycryptodome_impl(label, module, hashlib_name, hashlib_fn, hashlib_text=HASHLIB_OPENSSL, **options):
    return Impl(
        name=f"pycryptodome {label}",
        compute=pycryptodome(module, **options),
        source=f"{PYCRYPTODOME}, {label}; {INDEPENDENT}. Second opinion, must agree: "
               + hashlib_text.format(hashlib_name),
        cross=((f"hashlib.{hashlib_name}", hashlib_fn),),
    )


def sha3(module, bits):
    name = f"sha3_{bits}"
    return pycryptodome_impl(f"Crypto.Hash.SHA3_{bits}", module, name,
                             lambda d: hashlib.new(name, d).hexdigest())


# Keys of the keyed hash-table hashers (vectors/README.md, "Keys and seeds"): SipHash-2-4
# uses the SipHash paper's key 00 01 .. 0f; SipHash-1-3 the all-zero key of Rust's
# DefaultHasher::new(); HighwayHash the key of Google's highwayhash tests, bytes 00 .. 1f
# (the words 0x0706050403020100, 0x0f0e0d0c0b0a0908, ... on a little-endian machine).
SIP24_KEY = bytes(range(16))
SIP13_KEY = bytes(16)
HIGHWAY_KEY = bytes(range(32))


def le_int(raw):
    """The integer a little-endian byte string holds (SipHash's and HighwayHash's output bytes)."""
    return int.from_bytes(raw, "little")


class CityHasher(std_hash.DefaultWrites):
    """The cityhasher crate's `CityHasher::new()` as a `Hasher`: the first write is
    CityHash64 of its bytes, each later one CityHash64WithSeed seeded with the last
    result; `finish` returns the last result. Computed with PyPI cityhash (Google's C++)."""

    def __init__(self):
        self.seed = None

    def write(self, data):
        data = bytes(data)
        self.seed = (cityhash.CityHash64(data) if self.seed is None
                     else cityhash.CityHash64WithSeed(data, self.seed))

    def finish(self):
        return self.seed or 0


def blake2_parallel(new, leaves, block, out):
    """BLAKE2bp (new=hashlib.blake2b, 4 leaves, 128-byte blocks, 64-byte output) or BLAKE2sp
    (hashlib.blake2s, 8, 64, 32), unkeyed, built as the BLAKE2 paper (section 2.10) defines
    them from hashlib's tree parameters: block j goes to leaf j mod `leaves`; every node has
    fanout `leaves`, depth 2, leaf size 0, inner size `out`; leaf i has node offset i and
    depth 0, the last leaf and the root are last nodes; the root (depth 1) hashes the leaf
    digests in order."""
    def digest(data):
        params = dict(digest_size=out, fanout=leaves, depth=2, leaf_size=0, inner_size=out)
        nodes = [new(node_offset=i, node_depth=0, last_node=(i == leaves - 1), **params) for i in range(leaves)]
        for at in range(0, len(data), block):
            nodes[(at // block) % leaves].update(data[at:at + block])
        root = new(node_offset=0, node_depth=1, last_node=True, **params)
        for node in nodes:
            root.update(node.digest())
        return root.hexdigest()
    return digest


BLAKE2_PARALLEL_SOURCE = (
    "Python hashlib.{} with its tree parameters (CPython 3.11's bundled BLAKE2 reference C code), composed into "
    "{} as the BLAKE2 paper's section 2.10 defines it ({} leaves of {}-byte blocks dealt round-robin, then a "
    "root over the leaf digests; generate.py's blake2_parallel); it reproduces all 256 unkeyed KATs of the "
    "BLAKE2 team's blake2-kat.json; independent of the Rust blake2{}_simd crate under test")

TYPED_NOTE = ("BuildHasher::hash_one of each typed key, the writes std's Hash makes on stable x86-64 "
              "(vectors/std_hash.py), through ")

IMPLEMENTATIONS = {
    "adler32": Impl("zlib.adler32", lambda d: be(4)(zlib.adler32(d)),
                    "Python zlib.adler32 (the zlib C library)"),
    "crc16-ibm-3740": Impl(
        "crc.Calculator", lambda d: be(2)(CRC16_IBM_3740.checksum(d)),
        "PyPI crc 8.0.0 (pure Python), Configuration(width=16, polynomial=0x1021, init_value=0xFFFF, "
        "final_xor_value=0, reverse_input=False, reverse_output=False); independent of the Rust crates under "
        "test. Second opinion, must agree: Python binascii.crc_hqx(data, 0xFFFF) (CPython's own C code: "
        "the same polynomial and register, no reflection, no final xor)",
        cross=(("binascii.crc_hqx", lambda d: be(2)(binascii.crc_hqx(d, 0xFFFF))),),
    ),
    "crc16-arc": Impl("crc.Calculator", lambda d: be(2)(CRC16_ARC.checksum(d)),
                      "PyPI crc 8.0.0 (pure Python), Configuration(width=16, polynomial=0x8005, init_value=0, "
                      "final_xor_value=0, reverse_input=True, reverse_output=True)"),
    "crc32": Impl("zlib.crc32", lambda d: be(4)(zlib.crc32(d)), "Python zlib.crc32 (the zlib C library)"),
    "crc32c": Impl("crc32c.crc32c", lambda d: be(4)(crc32c.crc32c(d)),
                   "PyPI crc32c 2.9.post0 (crc32c.crc32c, C implementation)"),
    "crc64-nvme": Impl("crc.Calculator", lambda d: be(8)(CRC64_NVME.checksum(d)),
                       "PyPI crc 8.0.0 (pure Python), Configuration(width=64, polynomial=0xAD93D23594C93659, "
                       "init_value=0xFFFFFFFFFFFFFFFF, final_xor_value=0xFFFFFFFFFFFFFFFF, reverse_input=True, "
                       "reverse_output=True)"),
    "crc64-xz": Impl("crc.Calculator", lambda d: be(8)(CRC64_XZ.checksum(d)),
                     "PyPI crc 8.0.0 (pure Python), Configuration(width=64, polynomial=0x42F0E1EBA9EA3693, "
                     "init_value=0xFFFFFFFFFFFFFFFF, final_xor_value=0xFFFFFFFFFFFFFFFF, reverse_input=True, "
                     "reverse_output=True)"),
    "xxh32": Impl("xxhash.xxh32_intdigest", lambda d: be(4)(xxhash.xxh32_intdigest(d)),
                  "PyPI xxhash 4.1.0 (bundles the xxHash C library), xxh32_intdigest, seed 0"),
    "xxh64": Impl("xxhash.xxh64_intdigest", lambda d: be(8)(xxhash.xxh64_intdigest(d)),
                  "PyPI xxhash 4.1.0 (bundles the xxHash C library), xxh64_intdigest, seed 0"),
    "xxh3-64": Impl("xxhash.xxh3_64_intdigest", lambda d: be(8)(xxhash.xxh3_64_intdigest(d)),
                    "PyPI xxhash 4.1.0 (bundles the xxHash C library), xxh3_64_intdigest, seed 0"),
    "xxh3-128": Impl("xxhash.xxh3_128_hexdigest", lambda d: xxhash.xxh3_128_hexdigest(d),
                     "PyPI xxhash 4.1.0 (bundles the xxHash C library), xxh3_128_hexdigest (canonical: high 64 "
                     "bits first), seed 0"),
    "siphash-1-3": Impl(
        "siphash24.siphash13", lambda d: be(8)(le_int(siphash24.siphash13(d, key=SIP13_KEY).digest())),
        "PyPI siphash24 1.9 (C, its own SipHash code), siphash13 with the all-zero key, the 64-bit "
        "value written big-endian; independent of the Rust crates under test"),
    "siphash-2-4": Impl(
        "siphash24.siphash24", lambda d: be(8)(le_int(siphash24.siphash24(d, key=SIP24_KEY).digest())),
        "PyPI siphash24 1.9 (C), siphash24 with the key 000102..0f, the 64-bit value written big-endian; "
        f"{INDEPENDENT}. Second opinion, must agree: PyPI siphashc 2.9.1 (the SipHash authors' reference C code)",
        cross=(("siphashc.siphash", lambda d: be(8)(siphashc.siphash(SIP24_KEY, d))),),
    ),
    "murmur3-x86-32": Impl("mmh3.hash", lambda d: be(4)(mmh3.hash(d, 0, signed=False)),
                           "PyPI mmh3 5.3.1 (Appleby's MurmurHash3 C++ code), hash(seed=0, signed=False), "
                           "the 32-bit value written big-endian"),
    "murmur3-x64-128": Impl("mmh3.hash_bytes", lambda d: mmh3.hash_bytes(d, 0, x64arch=True).hex(),
                            "PyPI mmh3 5.3.1 (Appleby's MurmurHash3 C++ code), hash_bytes(seed=0, x64arch=True): "
                            "the 16 output bytes of MurmurHash3_x64_128 (h1 then h2, each little-endian)"),
    "cityhash-64": Impl("cityhash.CityHash64", lambda d: be(8)(cityhash.CityHash64(d)),
                        "PyPI cityhash 0.4.10 (Google's CityHash 1.1 C++ code), CityHash64 (unseeded), "
                        "the 64-bit value written big-endian",
                        typed=std_hash.typed(CityHasher),
                        typed_source=TYPED_NOTE + "the cityhasher crate's CityHasher::new() (each write() hashed "
                        "alone, seeded with the last result) computed with PyPI cityhash 0.4.10's CityHash64 and "
                        "CityHash64WithSeed (Google's C++ code); independent of the Rust crates under test"),
    "farmhash-64": Impl("farmhash.Fingerprint64", lambda d: be(8)(farmhash.Fingerprint64(d)),
                        "PyPI cityhash 0.4.10 (its farmhash module: Google's FarmHash C++ code), Fingerprint64 "
                        "(farmhashna::Hash64, the portable fingerprint), the 64-bit value written big-endian"),
    "highwayhash-64": Impl("highwayhash.highwayhash_64",
                           lambda d: be(8)(le_int(highwayhash.highwayhash_64(HIGHWAY_KEY, d))),
                           "PyPI highwayhash-cffi 0.1.6 (Google's portable HighwayHash C code), highwayhash_64 "
                           "with the key 000102..1f, the 64-bit value written big-endian"),
    "komihash": Impl(
        "komihash_ref.komihash", komihash_ref.komihash_hex,
        "vectors/komihash_ref.py, pure Python written from the author's komihash.h (avaneev/komihash at "
        "b9a8b79a, version 5.29), seed 0; test_refs.py holds it to the 66 values of the author's README "
        "(three seeds)",
        typed=komihash_ref.typed_komihash,
        typed_source=TYPED_NOTE + "vectors/komihash_ref.py's KomiHasher: the komihash crate's Hasher hashes "
        "each write() alone, seeded with the last result (seed 0 first); the hashing is the header's, the "
        "chaining is the crate's"),
    # The hash-map hashers, pure Python written for hashbench (vectors/<alg>_ref.py), each
    # the value written big-endian. rapidhash and wyhash follow their authors' C headers;
    # foldhash, rapidhash-fast, FxHash and aHash have no definition outside their crates, so their
    # references transcribe the crate's code (sharing none of it) and pin its version.
    "foldhash-fast": Impl(
        "foldhash_ref.foldhash_fast", foldhash_ref.foldhash_fast_hex,
        "vectors/foldhash_ref.py, pure Python transcribing foldhash 0.2.0 (orlp/foldhash at 8f878c63, the "
        "crate is its only definition): fast::FixedState::with_seed(0), one write(bytes), finish(); it shares "
        "no code with the crate",
        typed=foldhash_ref.typed_fast,
        typed_source=TYPED_NOTE + "vectors/foldhash_ref.py's FastHasher (foldhash 0.2.0's fast::FoldHasher "
        "transcribed, its integer sponge included); it follows the crate, it is no independent definition"),
    "foldhash-quality": Impl(
        "foldhash_ref.foldhash_quality", foldhash_ref.foldhash_quality_hex,
        "vectors/foldhash_ref.py, pure Python transcribing foldhash 0.2.0 (orlp/foldhash at 8f878c63, the "
        "crate is its only definition): quality::FixedState::with_seed(0), one write(bytes), finish(); it "
        "shares no code with the crate",
        typed=foldhash_ref.typed_quality,
        typed_source=TYPED_NOTE + "vectors/foldhash_ref.py's QualityHasher (foldhash 0.2.0's "
        "quality::FoldHasher transcribed); it follows the crate, it is no independent definition"),
    "rapidhash": Impl(
        "rapidhash_ref.rapidhash", rapidhash_ref.rapidhash_hex,
        "vectors/rapidhash_ref.py, pure Python written from the author's reference header (Nicoshev/rapidhash "
        "rapidhash.h at 92731ee0): rapidhash V3, seed 0; test_refs.py holds it to SMHasher3's verification "
        "code for its own port (0x1FDC65EE)"),
    "rapidhash-fast": Impl(
        "rapidhash_fast_ref.rapidhash_fast", rapidhash_fast_ref.rapidhash_fast_hex,
        "vectors/rapidhash_fast_ref.py, pure Python transcribing the rapidhash crate 4.5.1's fast::RapidHasher "
        "(src/inner/*.rs; the crate is its only definition): BuildHasherDefault<fast::RapidHasher>, seed 0 "
        "premixed and the default secrets, one write(bytes), finish(); it shares no code with the crate; "
        "test_refs.py holds it to SMHasher3's verification code for its port (rust-rapidhash.fast, 0xB891F260)",
        typed=rapidhash_fast_ref.typed_fast,
        typed_source=TYPED_NOTE + "vectors/rapidhash_fast_ref.py's FastHasher (rapidhash 4.5.1's "
        "fast::RapidHasher transcribed, its 128-bit integer sponge included); it follows the crate, it is no "
        "independent definition"),
    "fxhash": Impl(
        "fxhash_ref.fxhash", fxhash_ref.fxhash_hex,
        "vectors/fxhash_ref.py, pure Python transcribing rustc-hash 2.1.3 (rust-lang/rustc-hash at c13e7ccc, "
        "the crate is its only definition): FxHasher::default(), one write(bytes), finish(); test_refs.py "
        "holds it to SMHasher3's verification code for its port of FxHash v2.1.1 (0x8F177350)",
        typed=fxhash_ref.typed_fx,
        typed_source=TYPED_NOTE + "vectors/fxhash_ref.py's FxHasher (rustc-hash 2.1.3 transcribed: integer "
        "writes add and multiply, a byte string is first reduced by hash_bytes); it follows the crate, it is "
        "no independent definition"),
    "ahash-fallback": Impl(
        "ahash_ref.ahash", ahash_ref.ahash_hex,
        "vectors/ahash_ref.py, pure Python transcribing ahash 0.8.12's fallback hasher (tkaitchuck/aHash at "
        "9aa1ba20, the crate is its only definition): RandomState::with_seeds(0, 0, 0, 0), one write(bytes), "
        "finish(); test_refs.py holds it to SMHasher3's verification code for its port (0x53C9F167)",
        typed=ahash_ref.typed_ahash,
        typed_source=TYPED_NOTE + "vectors/ahash_ref.py's AHasher (ahash 0.8.12's fallback AHasher "
        "transcribed: integer writes fold into the buffer); it follows the crate, it is no independent "
        "definition"),
    "wyhash-final4": Impl(
        "wyhash_ref.wyhash", wyhash_ref.wyhash_hex,
        "vectors/wyhash_ref.py, pure Python written from the author's wyhash.h at tag wyhash_final4 "
        "(wangyi-fudan/wyhash ea3b25e1): seed 0, the default secret _wyp; test_refs.py holds it to the 10 "
        "values of the wyhash-final4 crate's tests",
        typed=wyhash_ref.typed_wyhash,
        typed_source=TYPED_NOTE + "vectors/wyhash_ref.py's WyHasher: the wyhash-final4 crate's Hasher hashes "
        "each write() alone, seeded with the last result (seed premixed once, at new()); the hashing is "
        "the header's, the chaining is the crate's"),
    # gxhash is listed but not built (it needs the aes target feature to compile), and no
    # implementation independent of its crate exists: the file holds no vectors.
    "gxhash-64": Impl("none", None, ""),
    "md5": pycryptodome_impl("Crypto.Hash.MD5", MD5, "md5", lambda d: hashlib.md5(d).hexdigest()),
    "sha1": pycryptodome_impl("Crypto.Hash.SHA1", SHA1, "sha1", lambda d: hashlib.sha1(d).hexdigest()),
    "sha2-224": pycryptodome_impl("Crypto.Hash.SHA224", SHA224, "sha224", lambda d: hashlib.sha224(d).hexdigest()),
    "sha2-256": pycryptodome_impl("Crypto.Hash.SHA256", SHA256, "sha256", lambda d: hashlib.sha256(d).hexdigest()),
    "sha2-384": pycryptodome_impl("Crypto.Hash.SHA384", SHA384, "sha384", lambda d: hashlib.sha384(d).hexdigest()),
    "sha2-512": pycryptodome_impl("Crypto.Hash.SHA512", SHA512, "sha512", lambda d: hashlib.sha512(d).hexdigest()),
    # SHA-512/256 is its own IV, not a cut SHA-512 digest; PyCryptodome selects it with truncate="256".
    "sha2-512-256": pycryptodome_impl("Crypto.Hash.SHA512 (truncate='256', FIPS 180-4 SHA-512/256)", SHA512,
                                      "new('sha512_256')", sha512_256_hashlib, truncate="256"),
    "sha3-224": sha3(SHA3_224, 224),
    "sha3-256": sha3(SHA3_256, 256),
    "sha3-384": sha3(SHA3_384, 384),
    "sha3-512": sha3(SHA3_512, 512),
    "blake2s-256": pycryptodome_impl("Crypto.Hash.BLAKE2s (digest_bits=256, unkeyed)", BLAKE2s, "blake2s",
                                     lambda d: hashlib.blake2s(d).hexdigest(), HASHLIB_BLAKE2, digest_bits=256),
    "blake2b-256": pycryptodome_impl("Crypto.Hash.BLAKE2b (digest_bits=256, unkeyed)", BLAKE2b,
                                     "blake2b(digest_size=32)",
                                     lambda d: hashlib.blake2b(d, digest_size=32).hexdigest(), HASHLIB_BLAKE2,
                                     digest_bits=256),
    "blake2b-512": pycryptodome_impl("Crypto.Hash.BLAKE2b (digest_bits=512, unkeyed)", BLAKE2b, "blake2b",
                                     lambda d: hashlib.blake2b(d).hexdigest(), HASHLIB_BLAKE2, digest_bits=512),
    "blake3": Impl(
        "vectors/blake3_ref.py", blake3_ref.blake3_hex,
        "vectors/blake3_ref.py, a pure-Python BLAKE3 (hash mode, default 32-byte output) written from the "
        "BLAKE3 paper (BLAKE3-team/BLAKE3 blake3.pdf) and checked against the published 'blake3-official' "
        f"vectors by vectors/test_refs.py; {INDEPENDENT}. Second opinion, must agree: PyPI blake3 1.0.11 "
        "(bindings to the Rust blake3 crate that hashbench runs, so not independent)",
        cross=(("PyPI blake3", lambda d: blake3.blake3(d).hexdigest()),),
    ),
    # SHAKE read to a fixed length; hashlib's shake_* are OpenSSL's (a second opinion).
    "shake128-256": Impl(
        "pycryptodome Crypto.Hash.SHAKE128", lambda d: SHAKE128.new(d).read(32).hex(),
        f"{PYCRYPTODOME}, Crypto.Hash.SHAKE128, read(32); {INDEPENDENT}. Second opinion, must agree: "
        + HASHLIB_OPENSSL.format("shake_128, hexdigest(32)"),
        cross=(("hashlib.shake_128", lambda d: hashlib.shake_128(d).hexdigest(32)),),
    ),
    "shake256-512": Impl(
        "pycryptodome Crypto.Hash.SHAKE256", lambda d: SHAKE256.new(d).read(64).hex(),
        f"{PYCRYPTODOME}, Crypto.Hash.SHAKE256, read(64); {INDEPENDENT}. Second opinion, must agree: "
        + HASHLIB_OPENSSL.format("shake_256, hexdigest(64)"),
        cross=(("hashlib.shake_256", lambda d: hashlib.shake_256(d).hexdigest(64)),),
    ),
    # KangarooTwelve: no second Python implementation here (hashlib has none).
    "k12-256": Impl(
        "pycryptodome Crypto.Hash.KangarooTwelve",
        lambda d: KangarooTwelve.new(data=d, custom=b"").read(32).hex(),
        f"{PYCRYPTODOME}, Crypto.Hash.KangarooTwelve, empty customization string, read(32)"),
    "blake2bp-512": Impl("blake2_parallel(hashlib.blake2b)", blake2_parallel(hashlib.blake2b, 4, 128, 64),
                         BLAKE2_PARALLEL_SOURCE.format("blake2b", "BLAKE2bp", 4, 128, "b")),
    "blake2sp-256": Impl("blake2_parallel(hashlib.blake2s)", blake2_parallel(hashlib.blake2s, 8, 64, 32),
                         BLAKE2_PARALLEL_SOURCE.format("blake2s", "BLAKE2sp", 8, 64, "s")),
    # SM3: gmssl is pure Python; hashlib's sm3 is OpenSSL's (hashbench runs no OpenSSL SM3).
    "sm3": Impl(
        "gmssl.sm3.sm3_hash", lambda d: gmssl_sm3.sm3_hash(gmssl_func.bytes_to_list(d)),
        "PyPI gmssl 3.2.2 (pure Python, its own SM3 code), sm3.sm3_hash; independent of the Rust crates under "
        "test. Second opinion, must agree: " + HASHLIB_OPENSSL.format("new('sm3')"),
        cross=(("hashlib.new('sm3')", lambda d: hashlib.new("sm3", d).hexdigest()),),
    ),
    # Ascon-Hash256 (NIST SP 800-232): no Python package here implements the SP's version
    # (PyPI ascon 0.0.9 predates it); the designers' known-answer file is the data.
    "ascon-hash256": Impl("none", None, ""),
    # hashlib's ripemd160 is OpenSSL's (hashbench runs no OpenSSL RIPEMD-160), a second opinion.
    "ripemd-160": pycryptodome_impl("Crypto.Hash.RIPEMD160", RIPEMD160, "new('ripemd160')",
                                    lambda d: hashlib.new("ripemd160", d).hexdigest()),
}

# ---------------------------------------------------------------------------
# File handling
# ---------------------------------------------------------------------------


def dump(doc):
    """Deterministic text: fixed key order, 2-space indent, one vector per line."""
    enc = lambda v: json.dumps(v, ensure_ascii=True, separators=(", ", ": "))
    lines = ["{", f'  "algorithm": {enc(doc["algorithm"])},', '  "sources": {']
    items = list(doc["sources"].items())
    for i, (key, text) in enumerate(items):
        lines.append(f"    {enc(key)}: {enc(text)}" + ("," if i < len(items) - 1 else ""))
    lines += ["  },", '  "vectors": [']
    for i, v in enumerate(doc["vectors"]):
        # Canonical key order inside each vector and input object.
        inp = {k: v["input"][k] for k in ("ascii", "hex", "pattern251", "xorshift", "seed", "repeat") if k in v["input"]}
        vec = {"source": v["source"], **({"key": v["key"]} if "key" in v else {}), "input": inp,
               "digest": v["digest"]}
        lines.append(f"    {enc(vec)}" + ("," if i < len(doc["vectors"]) - 1 else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def recompute(impl, data, label, problems):
    """The digest of record for `data`; a second opinion that disagrees is a problem."""
    if impl.compute is None:
        return None
    digest = impl.compute(data)
    for name, other in impl.cross:
        second = other(data)
        if second != digest:
            problems.append(f"{label}: {impl.name} gives {digest} but {name} gives {second} "
                            "(the implementations disagree)")
    return digest


def describe(inp):
    return json.dumps(inp)[:80]


def process(alg, path, root, problems):
    """Return the text the file should contain, appending any problems found.

    root: the folder that paths in messages are relative to.
    """
    impl = IMPLEMENTATIONS[alg]
    where = path.relative_to(root)
    if path.exists():
        try:
            doc = json.loads(path.read_text())
        except json.JSONDecodeError as e:
            problems.append(f"{where}: not valid JSON: {e}")
            return None
    else:
        problems.append(f"{where}: missing (--write creates it with generated vectors only)")
        doc = {"algorithm": alg, "sources": {}, "vectors": []}

    if set(doc) != {"algorithm", "sources", "vectors"} or doc.get("algorithm") != alg:
        problems.append(f"{where}: top level must be exactly algorithm/sources/vectors with algorithm {alg!r}")
        return None
    sources = doc["sources"]
    published = []
    used = set()
    for i, v in enumerate(doc["vectors"]):
        label = f"{where}: vector index {i}"
        if not isinstance(v, dict) or set(v) - {"key"} != {"source", "input", "digest"}:
            problems.append(f"{label}: must have exactly the keys source, input, digest (and key, for a typed key)")
            continue
        if v["source"] in ("generated", "keys"):
            continue  # regenerated below
        if "key" in v:
            problems.append(f"{label}: typed-key vectors are generated (source 'keys'), not published")
            continue
        if v["source"] not in sources:
            problems.append(f"{label}: source {v['source']!r} is not a key of sources")
        used.add(v["source"])
        try:
            data = input_bytes(v["input"])
        except ValueError as e:
            problems.append(f"{label}: {e}")
            continue
        got = recompute(impl, data, f"{label} (input {describe(v['input'])})", problems)
        if got is not None and v["digest"] != got:
            problems.append(f"{label} (source {v['source']!r}, input {describe(v['input'])}): "
                            f"published digest {v['digest']} but {impl.name} gives {got}")
        published.append(v)
    for key in sources:
        if key not in ("generated", "keys") and key not in used:
            problems.append(f"{where}: source {key!r} is cited by no vector")

    new_sources = {k: t for k, t in sources.items() if k not in ("generated", "keys")}
    if impl.compute is None:
        # Published vectors only: nothing here can compute more.
        return dump({"algorithm": alg, "sources": new_sources, "vectors": published})
    source = impl.source
    if not impl.cross:
        # The single-implementation entries state their independence here.
        source += "; independent of the Rust crates under test"
    new_sources["generated"] = "vectors/generate.py: " + source
    generated = [{"source": "generated", "input": inp,
                  "digest": recompute(impl, input_bytes(inp), f"{where}: generated input {describe(inp)}", problems)}
                 for inp in GENERATED_INPUTS]
    if impl.typed is not None:
        new_sources["keys"] = "vectors/generate.py: " + impl.typed_source
        generated += [{"source": "keys", "key": kind, "input": inp, "digest": impl.typed(kind, input_bytes(inp))}
                      for kind, inp in TYPED_INPUTS]
    return dump({"algorithm": alg, "sources": new_sources, "vectors": published + generated})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="verify only (default)")
    mode.add_argument("--write", action="store_true", help="rewrite the JSON files")
    parser.add_argument("--dir", type=Path, default=VECTORS_DIR,
                        help="folder holding the <algorithm>.json files (default: this script's folder)")
    args = parser.parse_args()
    vectors_dir = args.dir.resolve()
    if not vectors_dir.is_dir():
        parser.error(f"--dir {args.dir}: not a directory")
    root = vectors_dir.parent  # messages name files as vectors/<id>.json, or <dir>/<id>.json

    problems, drift, outputs = [], [], {}
    for alg in IMPLEMENTATIONS:
        path = vectors_dir / f"{alg}.json"
        text = process(alg, path, root, problems)
        if text is None:
            continue
        outputs[path] = text
        if not path.exists() or path.read_text() != text:
            drift.append(path)
    strays = sorted(p.name for p in vectors_dir.glob("*.json") if p.stem not in IMPLEMENTATIONS)
    if strays:
        problems.append(f"{vectors_dir.name}/: JSON files for unknown algorithm ids: {', '.join(strays)}")

    # A missing file is reported both as a problem and as drift; --write may fix it.
    fatal = [p for p in problems if "missing (--write" not in p]
    if args.write:
        if fatal:
            print("generate.py: refusing to write; fix these first:", *fatal, sep="\n  ", file=sys.stderr)
            return 1
        for path in drift:
            path.write_text(outputs[path])
            print(f"wrote {path.relative_to(root)}")
        print(f"{len(outputs)} files up to date ({len(drift)} rewritten)")
        return 0

    for path in drift:
        problems.append(f"{path.relative_to(root)}: differs from what --write would produce "
                        "(run: python3 vectors/generate.py --write)")
    if problems:
        print(f"generate.py --check: {len(problems)} problem(s):", *problems, sep="\n  ", file=sys.stderr)
        return 1
    total = sum(t.count('"digest"') for t in outputs.values())
    unchecked = sorted(p.stem for p in outputs if IMPLEMENTATIONS[p.stem].compute is None)
    note = "all digests recomputed" if not unchecked else (
        f"all digests recomputed but those of {', '.join(unchecked)}, published vectors only, "
        "which no Python implementation here can compute")
    print(f"generate.py --check: OK ({len(outputs)} files, {total} vectors, {note})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
