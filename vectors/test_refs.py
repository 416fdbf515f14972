#!/usr/bin/env python3
"""Self-tests of the independent checkers: they agree with published vectors, and they can fail.

* vectors/blake3_ref.py (pure-Python BLAKE3) must reproduce every published
  BLAKE3-team vector in blake3.json, at all 22 lengths of the official
  test_vectors.json, without help from the `blake3` wheel.
* Those vectors must be able to tell a wrong BLAKE3 from the right one: with a
  flag or the tree shape deliberately broken, blake3_ref must disagree.
* The hash-map hashers' references (rapidhash_ref, rapidhash_fast_ref, fxhash_ref,
  ahash_ref, wyhash_ref) must reproduce values published outside hashbench: SMHasher3's
  verification codes for its own C ports (fwojcik/smhasher3 at ea0b94f9) and the
  wyhash-final4 crate's test table; broken variants must not.
* `generate.py --check` must report a corrupted vector (published or
  generated) in a copy of the vector files, by file and index, and exit non-zero;
  `--write` must refuse to rewrite over a wrong published vector.

Run with the venv of vectors/requirements.txt:
  .venv/bin/python vectors/test_refs.py
(crates/hashbench-verify/tests/vectors_drift.rs runs it as part of `cargo test`).
"""

import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

VECTORS_DIR = Path(__file__).resolve().parent
sys.path.insert(0, str(VECTORS_DIR))

import ahash_ref  # noqa: E402
import blake3_ref  # noqa: E402  (needs the path above when run from elsewhere)
import foldhash_ref  # noqa: E402
import komihash_ref  # noqa: E402
import fxhash_ref  # noqa: E402
import rapidhash_fast_ref  # noqa: E402
import rapidhash_ref  # noqa: E402
import std_hash  # noqa: E402
import wyhash_ref  # noqa: E402

GENERATE = VECTORS_DIR / "generate.py"

# input_len of every case in BLAKE3-team/BLAKE3 test_vectors/test_vectors.json.
OFFICIAL_LENGTHS = [
    0, 1, 1023, 1024, 1025, 2048, 2049, 3072, 3073, 4096, 4097, 5120, 5121,
    6144, 6145, 7168, 7169, 8192, 8193, 16384, 31744, 102400,
]


def pattern251(n):
    return bytes(i % 251 for i in range(n))


def published_blake3():
    """(length, digest) of the 'blake3-official' vectors in blake3.json, in file order."""
    doc = json.loads((VECTORS_DIR / "blake3.json").read_text())
    out = []
    for v in doc["vectors"]:
        if v["source"] == "blake3-official":
            assert set(v["input"]) == {"pattern251"}, v
            out.append((v["input"]["pattern251"], v["digest"]))
    return out


def failing_lengths():
    """Lengths whose published digest blake3_ref does not reproduce."""
    return [n for n, digest in published_blake3() if blake3_ref.blake3_hex(pattern251(n)) != digest]


class Blake3Reference(unittest.TestCase):
    def test_file_holds_every_official_length(self):
        self.assertEqual([n for n, _ in published_blake3()], OFFICIAL_LENGTHS)

    def test_matches_every_published_vector(self):
        for n, digest in published_blake3():
            with self.subTest(input_len=n):
                self.assertEqual(blake3_ref.blake3_hex(pattern251(n)), digest)

    def test_empty_input_is_the_well_known_digest(self):
        # The BLAKE3 of "" (also in the README of BLAKE3-team/BLAKE3's b3sum).
        self.assertEqual(blake3_ref.blake3(b"").hex(),
                         "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262")

    # The mutants below show the published vectors constrain each part of the
    # construction: if blake3_ref got one of them wrong, the check would fail.

    def test_without_root_flag_every_vector_fails(self):
        with mock.patch.object(blake3_ref, "ROOT", 0):
            self.assertEqual(failing_lengths(), OFFICIAL_LENGTHS)

    def test_without_parent_flag_exactly_the_multi_chunk_vectors_fail(self):
        with mock.patch.object(blake3_ref, "PARENT", 0):
            self.assertEqual(failing_lengths(), [n for n in OFFICIAL_LENGTHS if n > blake3_ref.CHUNK_LEN])

    def test_balanced_instead_of_left_filled_tree_fails(self):
        # Splitting n chunks into n // 2 on the left differs from "largest power
        # of two below n" first at 3 chunks (2049 bytes); 2 chunks are the same.
        with mock.patch.object(blake3_ref, "_left_subtree_chunks", lambda n: n // 2):
            failing = failing_lengths()
        self.assertIn(2049, failing)
        self.assertNotIn(2048, failing)

    def test_chunk_counter_matters(self):
        # Every chunk compressed with counter 0 instead of its index: only
        # single-chunk inputs (where the index is 0 anyway) still match.
        real = blake3_ref._chunk_output
        with mock.patch.object(blake3_ref, "_chunk_output", lambda chunk, counter: real(chunk, 0)):
            self.assertEqual(failing_lengths(), [n for n in OFFICIAL_LENGTHS if n > blake3_ref.CHUNK_LEN])


def smhasher3_verification(hash_fn):
    """SMHasher3's verification code (lib/Hashinfo.cpp at ea0b94f9) of a 64-bit hash
    `hash_fn(data, seed) -> int`: hash the 256 keys {}, {0}, {0, 1}, .. {0 .. 254} with
    seed 256 - length, store each result little-endian, hash those 2048 bytes with seed 0,
    and read the first 4 bytes of that as a little-endian integer."""
    key = bytearray(256)
    hashes = bytearray()
    for i in range(256):
        hashes += hash_fn(bytes(key[:i]), 256 - i).to_bytes(8, "little")
        key[i] = i
    return int.from_bytes(hash_fn(bytes(hashes), 0).to_bytes(8, "little")[:4], "little")


# The wyhash-final4 crate's test table (thynson/wyhash-final4 src/wyhash64.rs at the
# commit of 0.2.2, b1d06c53): (message, seed, wyhash with the default secret).
WYHASH_FINAL4_CRATE_TESTS = [
    ("", 0, 0x0409638EE2BDE459),
    ("a", 1, 0xA8412D091B5FE0A9),
    ("abc", 2, 0x32DD92E4B2915153),
    ("wyhash", 3, 0x12C7EF9314847163),
    ("message digest", 4, 0xA2608B1B6EC6EBBF),
    ("abcdefghijklmnopqrstuvwxyz", 5, 0x3F213F97FAF16439),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 6, 0xD730106570676F54),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 7, 0x02E9C2F693249CA6),
    ("1234567890" * 8, 8, 0x3C353B8B0B931BB0),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*()`~-_=+[{]};:,<.>/?", 9,
     0x3903FC47BA3EF81C),
]


class HashMapHasherReferences(unittest.TestCase):
    """The pure-Python references of the hash-map hashers against values published elsewhere."""

    def test_rapidhash_gives_smhasher3s_verification_code(self):
        # hashes/rapidhash.cpp, "rapidhash v3, 64-bit": verification_LE 0x1FDC65EE.
        self.assertEqual(smhasher3_verification(rapidhash_ref.rapidhash), 0x1FDC65EE)
        # The keys reach 255 bytes and the last hash 2048, so the 112-byte lanes count:
        # a wrong secret for one lane fails.
        wrong = list(rapidhash_ref.SECRET)
        wrong[6] ^= 1
        self.assertNotEqual(
            smhasher3_verification(lambda d, s: rapidhash_ref.rapidhash(d, s, tuple(wrong))), 0x1FDC65EE)

    def test_rapidhash_fast_gives_smhasher3s_verification_code(self):
        # hashes/rust-rapidhash.cpp, "rapidhash rust, fast::RapidHasher::new()": the seed
        # premixed as new() does, the default secrets, one write: verification_LE 0xB891F260.
        # The keys reach 255 bytes and the last hash 2048, so every path counts (up to 16,
        # 17..48, the three lanes to 400 bytes, the seven lanes beyond).
        self.assertEqual(smhasher3_verification(rapidhash_fast_ref.rapidhash_fast), 0xB891F260)
        # A wrong secret for the seventh lane (only the long path reads it) fails.
        wrong = list(rapidhash_fast_ref.SECRETS)
        wrong[6] ^= 1
        broken = tuple(wrong)
        self.assertNotEqual(
            smhasher3_verification(lambda d, s: rapidhash_fast_ref.rapidhash_fast(d, s, broken)), 0xB891F260)
        # V3 (the avalanche multiply, other seeding) is another function.
        self.assertNotEqual(smhasher3_verification(rapidhash_ref.rapidhash), 0xB891F260)

    def test_fxhash_gives_smhasher3s_verification_code(self):
        # hashes/rust-fxhash.cpp, "Rust FxHash v2.1.1 64-bit version": the seed is the
        # hasher's starting state, 0x8F177350.
        self.assertEqual(smhasher3_verification(fxhash_ref.fxhash), 0x8F177350)
        with mock.patch.object(fxhash_ref, "ZERO_GUARD", 0):
            self.assertNotEqual(smhasher3_verification(fxhash_ref.fxhash), 0x8F177350)

    def test_ahash_fallback_gives_smhasher3s_verification_code(self):
        # hashes/rust-ahash.cpp, "aHash (ported from Rust, fallback version)": SMHasher3's
        # seed s is with_seeds(s, s, s, s), and it hashes a byte string as `Hash for [u8]`
        # does (its length written first): 0x53C9F167.
        def port(d, s):
            return ahash_ref.ahash(d, (s, s, s, s), length_prefix=True)
        self.assertEqual(smhasher3_verification(port), 0x53C9F167)
        # The byte API hashbench catalogues writes the bytes alone: another function.
        self.assertNotEqual(smhasher3_verification(lambda d, s: ahash_ref.ahash(d, (s, s, s, s))), 0x53C9F167)

    def test_wyhash_gives_the_wyhash_final4_crates_test_table(self):
        for message, seed, want in WYHASH_FINAL4_CRATE_TESTS:
            self.assertEqual(wyhash_ref.wyhash(message.encode(), seed), want, (message, seed))
        # With wyhash 4.2's secret (SMHasher3's "wyhash") the function differs.
        v42 = (0x2D358DCCAA6C78A5, 0x8BB84B93962EACC9, 0x4B33A62ED433D4A3, 0x4D5A2DA51DE1AA47)
        self.assertNotEqual(wyhash_ref.wyhash(b"", 0, v42), 0x0409638EE2BDE459)


# avaneev/komihash README.md at b9a8b79a (komihash 5.29), "Test Vectors": for each seed,
# the five strings, then bulk(N) (the bytes 00 01 02 ..) at the lengths below.
KOMIHASH_STRINGS = ["This is a 32-byte testing string", "The cat is out of the bag", "A 16-byte string",
                    "The new string", "7 chars"]
KOMIHASH_BULK = [3, 6, 8, 12, 20, 31, 32, 40, 47, 48, 56, 64, 72, 80, 112, 132, 256]
KOMIHASH_README = {
    0: "05ad960802903a9d d15723521d3c37b1 467caa28ea3da7a6 f18e67bc90c43233 2c514f6e5dcb11cb "
       "7a9717e9eea4be8b a56469564c2ea0ff 00b4313a24431306 64c2ad96013f70fe 7a3888bc95545364 "
       "c77e02ed4b201b9a 256d74350303a1ba 59609c71697bb9df 36eb9e6a4c2c5e4b 8dd56c332850baa6 "
       "cbb722192b353999 90b07e2158f88cc0 24c9621701603741 1d4c1d97ca684334 d1a425d530652287 "
       "72623be342c20ab5 94c3dbdca59ddf57",
    0x0123456789ABCDEF: "6ce66a2e8d4979a5 5b1da0b43545d196 26af914213d0c915 62d9ca1b73250cb5 90ab7c9f831cd940 "
                        "84ae4eb65b96617e aceebc32a3c0d9e4 daa1a90ecb95f6f8 ec8eb3ef4af380b4 07045bd31abba34c "
                        "d5f619fb2e62c4ae 5a336fd2c4c39abe 0e870b4623eea8ec e552edd6bf419d1d 37d170ddcb1223e6 "
                        "1cd89e708e5098b6 765490569ccd77f2 19e9d77b86d01ee8 25f83ee520c1d241 d6007417091cd4c0 "
                        "3e49c2d3727b9cc9 b2b3405ee5d65f4c",
    0x100: "5f197b30bcec1e45 a761280322bb7698 11c31ccabaa524f1 3a43b7f58281c229 cff90b0466b7e3a2 "
           "8ab53f45cc9315e3 ea606e43d1976ccf 889b2f2ceecbec73 acbec1886cd23275 57c3affd1b71fcdb "
           "7ef6ba49a3b068c3 49dbca62ed5a1ddf 192848484481e8c0 420b43a5edba1bd7 d6e8400a9de24ce3 "
           "bea291b225ff384d 0ec94062b2f06960 fa613272ecd49985 76f0bb380bc207be 4afb4e08ca77c020 "
           "410f9c129ad88aea 066c7b25f4f569ae",
}


class KomihashReference(unittest.TestCase):
    """vectors/komihash_ref.py against the author's 66 published values (three seeds)."""

    INPUTS = [s.encode() for s in KOMIHASH_STRINGS] + [bytes(i & 255 for i in range(n)) for n in KOMIHASH_BULK]

    def test_every_published_value_of_every_seed(self):
        for seed, values in KOMIHASH_README.items():
            for data, want in zip(self.INPUTS, values.split()):
                self.assertEqual(format(komihash_ref.komihash(data, seed), "016x"), want, (seed, len(data)))

    def test_the_high_half_must_be_added_not_replaced(self):
        # The header's multiply adds the product's high half to the lane; replacing it
        # (a plausible misreading) fails the published values.
        with mock.patch.object(komihash_ref, "_mul_add", lambda u, v, acc: komihash_ref._mul(u, v)):
            self.assertNotEqual(format(komihash_ref.komihash(self.INPUTS[0], 0), "016x"),
                                KOMIHASH_README[0].split()[0])


class TypedKeyHashers(unittest.TestCase):
    """The `Hasher` models behind the typed-key vectors agree with the byte references they
    extend, and the key writes are std's."""

    LENGTHS = [0, 1, 3, 4, 8, 9, 16, 17, 33, 64, 129, 300]

    def test_one_write_then_finish_is_the_byte_reference(self):
        models = [
            (foldhash_ref.FastHasher, foldhash_ref.foldhash_fast),
            (foldhash_ref.QualityHasher, foldhash_ref.foldhash_quality),
            (fxhash_ref.FxHasher, fxhash_ref.fxhash),
            (ahash_ref.AHasher, ahash_ref.ahash),
            (wyhash_ref.WyHasher, wyhash_ref.wyhash),
            (komihash_ref.KomiHasher, komihash_ref.komihash),
            (rapidhash_fast_ref.FastHasher, rapidhash_fast_ref.rapidhash_fast),
        ]
        for make, reference in models:
            for n in self.LENGTHS:
                data = pattern251(n)
                hasher = make()
                hasher.write(data)
                self.assertEqual(hasher.finish(), reference(data), (make.__name__, n))

    def test_a_string_key_is_its_text_then_a_0xff_byte(self):
        # Through a hasher that records its writes: DefaultWrites turns write_u8 into a
        # one-byte write, and the text has each top bit cleared.
        class Recorder(std_hash.DefaultWrites):
            def __init__(self):
                self.writes = []

            def write(self, data):
                self.writes.append(bytes(data))

            def finish(self):
                return len(self.writes)

        rec = Recorder()
        std_hash.hash_one(rec, "str", bytes([0x41, 0xC2, 0x7F]))
        self.assertEqual(rec.writes, [b"\x41\x42\x7f", b"\xff"])
        rec = Recorder()
        std_hash.hash_one(rec, "id16", bytes(range(16)))
        self.assertEqual(rec.writes, [(16).to_bytes(8, "little"), bytes(range(16))])
        rec = Recorder()
        std_hash.hash_one(rec, "u64", bytes(range(8)))
        self.assertEqual(rec.writes, [bytes(range(8))])

    def test_the_sponge_folds_in_when_128_bits_are_full(self):
        # foldhash: two u64 writes fill the sponge; a third folds the first two in.
        two, three = foldhash_ref.FastHasher(), foldhash_ref.FastHasher()
        for h, n in ((two, 2), (three, 3)):
            for i in range(n):
                h.write_u64(i + 1)
        self.assertEqual(two.acc, foldhash_ref.A[3])
        self.assertNotEqual(three.acc, foldhash_ref.A[3])
        # rapidhash's fast hasher: the same, folding into its premixed seed; a byte string
        # folds into the seed at once and leaves the sponge as it was.
        two, three = rapidhash_fast_ref.FastHasher(), rapidhash_fast_ref.FastHasher()
        for h, n in ((two, 2), (three, 3)):
            for i in range(n):
                h.write_u64(i + 1)
        start = rapidhash_fast_ref.premix(0)
        self.assertEqual((two.seed, two.sponge_len), (start, 128))
        self.assertNotEqual(three.seed, start)
        self.assertEqual((three.sponge, three.sponge_len), (3, 64))
        three.write(b"key")
        self.assertEqual((three.sponge, three.sponge_len), (3, 64))

    def test_a_broken_rapidhash_fast_hasher_differs(self):
        # A wrong secret 0 (every path and the sponge use it) changes each typed key and
        # each byte string; so does the sponge folded in on finish without secret 0.
        wrong = list(rapidhash_fast_ref.SECRETS)
        wrong[0] ^= 1 << 17
        broken = tuple(wrong)
        for kind, data in (("u64", pattern251(8)), ("id16", pattern251(16)), ("str", pattern251(33))):
            good = std_hash.hash_one(rapidhash_fast_ref.FastHasher(), kind, data)
            bad = std_hash.hash_one(rapidhash_fast_ref.FastHasher(secrets=broken), kind, data)
            self.assertNotEqual(good, bad, kind)
        for n in (0, 5, 17, 100, 401):
            self.assertNotEqual(rapidhash_fast_ref.rapidhash_fast(pattern251(n)),
                                rapidhash_fast_ref.rapidhash_fast(pattern251(n), secrets=broken), n)


def flip_last_hex_digit(digest):
    return digest[:-1] + ("0" if digest[-1] != "0" else "1")


def run_generate(*args):
    return subprocess.run([sys.executable, str(GENERATE), *args], capture_output=True, text=True, check=False)


class CheckerCatchesCorruption(unittest.TestCase):
    """generate.py over a copy of vectors/*.json with two digests broken."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = Path(cls.tmp.name) / "vectors"
        cls.dir.mkdir()
        for path in VECTORS_DIR.glob("*.json"):
            shutil.copy(path, cls.dir / path.name)

        # A published BLAKE3 vector: only blake3_ref (of record) and the
        # wheel can notice, and the message must name blake3_ref.
        cls.blake3_index, cls.blake3_good, cls.blake3_bad = cls.corrupt(
            "blake3.json", lambda v: v["source"] == "blake3-official" and v["input"] == {"pattern251": 2049})
        # A generated SHA-256 vector: PyCryptodome recomputes it, so the file
        # no longer matches what --write would produce.
        cls.sha_index, cls.sha_good, cls.sha_bad = cls.corrupt(
            "sha2-256.json", lambda v: v["source"] == "generated" and v["input"] == {"xorshift": 1000, "seed": 1})
        cls.check = run_generate("--check", "--dir", str(cls.dir))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    @classmethod
    def corrupt(cls, name, which):
        """Flip one hex digit of the digest of the one vector `which` selects; edit the text, not re-dump."""
        path = cls.dir / name
        text = path.read_text()
        matches = [i for i, v in enumerate(json.loads(text)["vectors"]) if which(v)]
        assert len(matches) == 1, (name, matches)
        index = matches[0]
        good = json.loads(text)["vectors"][index]["digest"]
        bad = flip_last_hex_digit(good)
        lines = text.split("\n")
        # Line of vector i: 2 header lines, then sources, then '"vectors": ['.
        first = lines.index('  "vectors": [') + 1
        lines[first + index] = lines[first + index].replace(f'"digest": "{good}"', f'"digest": "{bad}"')
        assert lines[first + index].endswith((f'"{bad}"}},', f'"{bad}"}}'))
        path.write_text("\n".join(lines))
        return index, good, bad

    def problems(self, stderr):
        return [line.strip() for line in stderr.splitlines()[1:] if line.strip()]

    def test_check_exits_nonzero(self):
        self.assertEqual(self.check.returncode, 1, self.check.stdout + self.check.stderr)
        self.assertNotIn("OK", self.check.stdout)

    def test_check_names_the_corrupted_published_vector(self):
        self.assertIn(
            f"vectors/blake3.json: vector index {self.blake3_index} (source 'blake3-official', "
            f'input {{"pattern251": 2049}}): published digest {self.blake3_bad} '
            f"but vectors/blake3_ref.py gives {self.blake3_good}",
            self.problems(self.check.stderr))

    def test_check_reports_the_corrupted_generated_vector_as_drift(self):
        self.assertIn("vectors/sha2-256.json: differs from what --write would produce "
                      "(run: python3 vectors/generate.py --write)", self.problems(self.check.stderr))

    def test_check_reports_nothing_else(self):
        # --write keeps published digests as they are, so the wrong one in
        # blake3.json is a mismatch but no drift; sha2-256.json only drifts.
        problems = self.problems(self.check.stderr)
        self.assertEqual(len(problems), 2, problems)
        self.assertTrue(self.check.stderr.startswith("generate.py --check: 2 problem(s):"), self.check.stderr)

    def test_write_refuses_and_leaves_the_file_alone(self):
        before = (self.dir / "blake3.json").read_text()
        write = run_generate("--write", "--dir", str(self.dir))
        self.assertEqual(write.returncode, 1, write.stdout + write.stderr)
        self.assertIn("refusing to write", write.stderr)
        self.assertEqual((self.dir / "blake3.json").read_text(), before)
        self.assertIn(f'"digest": "{self.sha_bad}"', (self.dir / "sha2-256.json").read_text())


if __name__ == "__main__":
    unittest.main(verbosity=2)
