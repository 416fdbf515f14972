#!/usr/bin/env python3
"""Self-tests of the independent checkers: they agree with published vectors, and they can fail.

* vectors/blake3_ref.py (pure-Python BLAKE3) must reproduce every published
  BLAKE3-team vector in blake3.json, at all 22 lengths of the official
  test_vectors.json, without help from the `blake3` wheel.
* Those vectors must be able to tell a wrong BLAKE3 from the right one: with a
  flag or the tree shape deliberately broken, blake3_ref must disagree.
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

import blake3_ref  # noqa: E402  (needs the path above when run from elsewhere)

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
