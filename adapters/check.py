#!/usr/bin/env python3
"""Conformance driver for hashbench's runtime adapters (docs/adapters.md).

Usage:
    python3 adapters/check.py adapters/<runtime>/run [--quick] [--protocol N]

It starts the adapter (working directory: the adapter's folder) and drives it through the
protocol the way hashbench does, but checking every answer:

1. `hello`: the protocol version (the one hashbench speaks, PROTOCOL below, or --protocol),
   the reply's shape; every listed algorithm must have a vectors/<id>.json.
2. `digest`: every implementation and pattern against every known-answer vector of its
   algorithm; for `new`/`reuse` also with splits, so that streaming is verified.
3. `time`: a short run per implementation and pattern; `input_fold`, `batches_ns` and the
   digest of the timed input (against the vectors where they hold that input, and against
   the adapter's own `digest` of the same bytes); the nop must accept `time` too.
4. Bad requests must get `{"ok": false, "error": ...}` and leave the adapter answering.
5. Closing stdin must end the adapter.

--quick skips vectors longer than 4097 bytes and uses one split per vector.
--protocol N expects version N in hello instead of PROTOCOL (hashbench's test suite passes
the version hashbench-adapters speaks, so that the two cannot drift apart).
Standard library only (Python 3.11), so it runs before any adapter's setup.
Exit status: 0 all passed, 1 some check failed, 2 usage error.
"""

import argparse
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

# The protocol version hashbench speaks (hashbench_adapters::PROTOCOL): sent in hello, and
# the adapter must report it.
PROTOCOL = 1

REPO = Path(__file__).resolve().parent.parent
VECTORS = REPO / "vectors"
MASK64 = (1 << 64) - 1

# The patterns docs/adapters.md defines for adapters; splits only apply to the ones that
# update an object.
PATTERNS = ("oneshot", "new", "reuse", "prealloc", "hex")
SPLIT_PATTERNS = ("new", "reuse")

# Timed inputs: an empty one (the fold is all zeros, the nop answers 0), an odd size (the
# fold's zero-padded last word), and the brief's 64 and 4096. The seed above 2^53 catches
# generators that lose bits in floating point; 17 and 4096 with seed 1 are also vectors.
TIME_INPUTS = [(0, 1), (17, 1), (64, 0x9E3779B97F4A7C15), (4096, 1)]
TIME_ITERATIONS, TIME_BATCHES = 10, 3

REPLY_TIMEOUT_S = 120  # one reply; the largest vector is 1,000,000 bytes
HEX_RE = re.compile(r"(?:[0-9a-f]{2})*")


# ---------------------------------------------------------------------------
# Inputs, as vectors/README.md defines them (reimplemented here: vectors/generate.py
# imports third-party packages at module level)
# ---------------------------------------------------------------------------

def xorshift_bytes(length: int, seed: int) -> bytes:
    out = bytearray()
    x = seed
    while len(out) < length:
        x ^= (x << 13) & MASK64
        x ^= x >> 7
        x ^= (x << 17) & MASK64
        out += x.to_bytes(8, "little")
    return bytes(out[:length])


def decode_input(spec: dict) -> bytes:
    if "ascii" in spec:
        return spec["ascii"].encode("ascii") * spec.get("repeat", 1)
    if "hex" in spec:
        return bytes.fromhex(spec["hex"]) * spec.get("repeat", 1)
    if "pattern251" in spec:
        return bytes(i % 251 for i in range(spec["pattern251"]))
    if "xorshift" in spec:
        return xorshift_bytes(spec["xorshift"], spec["seed"])
    raise ValueError(f"unknown input kind {spec}")


def input_fold(data: bytes) -> str:
    """XOR of the 64-bit little-endian words, the last zero-padded, as 16 hex digits."""
    fold = 0
    for i in range(0, len(data), 8):
        fold ^= int.from_bytes(data[i:i + 8], "little")
    return f"{fold:016x}"


def describe(spec: dict) -> str:
    """A short name for a vector's input in messages."""
    if "ascii" in spec or "hex" in spec:
        kind = "ascii" if "ascii" in spec else "hex"
        text = spec[kind] if len(spec[kind]) <= 16 else spec[kind][:13] + "..."
        return f"{kind} {text!r}" + (f" x{spec['repeat']}" if spec.get("repeat", 1) != 1 else "")
    if "pattern251" in spec:
        return f"pattern251 {spec['pattern251']}"
    return f"xorshift {spec['xorshift']} seed {spec['seed']}"


def split_sets(length: int, quick: bool) -> list[list[int]]:
    """Cut points strictly inside the message: first byte alone, halves, several uneven cuts."""
    if length < 2:
        return []
    sets = [[length // 2]] if quick else [[1], [length // 2],
                                          sorted({1, 3, length // 3, length // 2, length - 1})]
    unique = []
    for cuts in sets:
        cuts = [c for c in cuts if 0 < c < length]
        if cuts and cuts not in unique:
            unique.append(cuts)
    return unique


# ---------------------------------------------------------------------------
# The adapter process
# ---------------------------------------------------------------------------

class AdapterGone(Exception):
    """The adapter closed its stdout, died, or did not answer in time: nothing more to ask."""


class Adapter:
    def __init__(self, run: Path):
        # Standard error goes to a file (free text, shown when something fails): a pipe
        # nobody reads could fill up and stall the adapter.
        self.stderr = tempfile.TemporaryFile(mode="w+b")
        self.proc = subprocess.Popen([str(run)], cwd=run.parent, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.stderr)
        # A reader thread turns stdout into a queue of lines, so that a reply can be
        # awaited with a timeout (a hung adapter must not hang the checker).
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)  # end of stdout

    def send_raw(self, text: str) -> dict:
        """Write one line, read one reply line, parse it as a JSON object."""
        try:
            self.proc.stdin.write(text.encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise AdapterGone(f"cannot write to the adapter ({e})") from None
        try:
            line = self.lines.get(timeout=REPLY_TIMEOUT_S)
        except queue.Empty:
            raise AdapterGone(f"no reply within {REPLY_TIMEOUT_S} s") from None
        if line is None:
            raise AdapterGone(f"the adapter closed its output (exit status {self.proc.poll()})")
        try:
            reply = json.loads(line)
        except ValueError:
            raise AdapterGone(f"reply is not JSON: {line[:200]!r}") from None
        if not isinstance(reply, dict):
            raise AdapterGone(f"reply is not a JSON object: {line[:200]!r}")
        return reply

    def send(self, request: dict) -> dict:
        return self.send_raw(json.dumps(request))

    def close(self, timeout: float = 10) -> tuple[int | None, list[bytes]]:
        """Close stdin; the exit status (None if it did not exit) and any unread output."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            code = None
        extra = []
        while True:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                break
            if line is None:
                break
            extra.append(line)
        return code, extra

    def stderr_tail(self, lines: int = 10) -> str:
        self.stderr.seek(0)
        text = self.stderr.read().decode(errors="replace").rstrip()
        return "\n".join(text.splitlines()[-lines:])


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------

class Section:
    """Pass/fail counts and the first few failure messages of one line of the summary."""

    MAX_MESSAGES = 5

    def __init__(self, name: str):
        self.name = name
        self.counts: dict[str, list[int]] = {}  # kind -> [passed, total]
        self.failures: list[str] = []
        self.failed = 0
        self.note = ""

    def check(self, kind: str, ok: bool, message: str = "") -> bool:
        passed_total = self.counts.setdefault(kind, [0, 0])
        passed_total[1] += 1
        if ok:
            passed_total[0] += 1
        else:
            self.failed += 1
            if len(self.failures) < self.MAX_MESSAGES:
                self.failures.append(message)
        return ok

    def fail(self, kind: str, message: str) -> bool:
        return self.check(kind, False, message)

    def line(self) -> str:
        status = "PASS" if self.failed == 0 and self.counts else "FAIL"
        counts = "  ".join(f"{kind} {p}/{t}" for kind, (p, t) in self.counts.items())
        return f"{status}  {self.name}{'  ' + self.note if self.note else ''}  {counts}"


def reply_error(reply: dict) -> str | None:
    """None if the reply is a well-formed success; else what is wrong with it."""
    ok = reply.get("ok")
    if ok is True:
        return None
    if ok is False:
        return f"error: {reply.get('error')!r}"
    return f"reply without a boolean 'ok': {json.dumps(reply)[:200]}"


def is_error_reply(reply: dict) -> bool:
    error = reply.get("error")
    return reply.get("ok") is False and isinstance(error, str) and error.strip() != "" and "\n" not in error


def is_hex(value) -> bool:
    return isinstance(value, str) and HEX_RE.fullmatch(value) is not None


# ---------------------------------------------------------------------------
# The checks
# ---------------------------------------------------------------------------

def check_hello(adapter: Adapter, section: Section, protocol: int) -> dict | None:
    reply = adapter.send({"op": "hello", "protocol": protocol})
    problem = reply_error(reply)
    if problem:
        section.fail("hello", f"hello: {problem}")
        return None
    # The version first: hashbench refuses an adapter of another version (or none) before
    # it reads anything else of its hello.
    version = reply.get("protocol")
    if not section.check("hello", type(version) is int and version == protocol,
                         f"hello: 'protocol' must be the integer {protocol} (the version hashbench "
                         f"speaks), is {version!r}"):
        return None
    runtime = reply.get("runtime")
    for name in ("runtime", "version", "nop"):
        value = reply.get(name)
        section.check("hello", isinstance(value, str) and value != "", f"hello: {name!r} must be a non-empty string")
    nop = reply.get("nop")
    section.check("hello", isinstance(nop, str) and nop == f"nop/{runtime}",
                  f"hello: nop should be 'nop/{runtime}', is {nop!r}")
    impls = reply.get("implementations")
    if not isinstance(impls, list) or not impls:
        section.fail("hello", "hello: 'implementations' must be a non-empty list")
        return None
    seen = set()
    for impl in impls:
        if not isinstance(impl, dict):
            section.fail("hello", f"hello: implementation is not an object: {impl!r}")
            continue
        impl_id, algorithm = impl.get("id"), impl.get("algorithm")
        where = f"hello: {impl_id!r}"
        section.check("hello", isinstance(impl_id, str) and impl_id not in seen, f"{where}: missing or repeated id")
        seen.add(impl_id)
        section.check("hello", isinstance(impl_id, str) and isinstance(algorithm, str)
                      and re.fullmatch(rf"{re.escape(algorithm)}/{re.escape(str(runtime))}:[^\s]+", impl_id)
                      is not None, f"{where}: id must be <algorithm>/<runtime>:<library>")
        section.check("hello", impl_id != nop, f"{where}: the nop must not be listed")
        section.check("hello", isinstance(impl.get("provider"), str) and impl.get("provider") != "",
                      f"{where}: 'provider' must be a non-empty string")
        section.check("hello", isinstance(impl.get("backend"), str), f"{where}: 'backend' must be a string")
        patterns = impl.get("patterns")
        section.check("hello", isinstance(patterns, list) and patterns != []
                      and all(p in PATTERNS for p in patterns) and len(set(patterns)) == len(patterns),
                      f"{where}: 'patterns' must be a non-empty list of distinct names from {PATTERNS}, "
                      f"is {patterns!r}")
    return reply


def load_vectors(algorithm: str, quick: bool) -> list[tuple[str, bytes, str]] | None:
    path = VECTORS / f"{algorithm}.json"
    if not path.is_file():
        return None
    vectors = []
    for v in json.loads(path.read_text())["vectors"]:
        data = decode_input(v["input"])
        if quick and len(data) > 4097:
            continue
        vectors.append((describe(v["input"]), data, v["digest"]))
    return vectors


def check_digests(adapter, section, impl_id, patterns, vectors, quick):
    """Every vector, every pattern, and splits where the pattern updates an object."""
    for pattern in patterns:
        for name, data, expected in vectors:
            request = {"op": "digest", "id": impl_id, "pattern": pattern, "data": data.hex()}
            variants = [None] + (split_sets(len(data), quick) if pattern in SPLIT_PATTERNS else [])
            for splits in variants:
                if splits is not None:
                    request["splits"] = splits
                kind = "digest" if splits is None else "split"
                label = f"{pattern} {name}" + (f" splits {splits}" if splits else "")
                reply = adapter.send(request)
                problem = reply_error(reply)
                if problem:
                    section.fail(kind, f"{label}: {problem}")
                    continue
                got = reply.get("digest")
                section.check(kind, got == expected, f"{label}: digest {got!r}, expected {expected}")


def check_time(adapter, section, impl_id, pattern, vectors, is_nop=False):
    """A short `time` per input size: shape, fold, batches, and the timed input's digest."""
    known = {data: digest for _, data, digest in vectors}
    for size, seed in TIME_INPUTS:
        data = xorshift_bytes(size, seed)
        label = f"time {pattern} size {size} seed {seed:#x}"
        reply = adapter.send({"op": "time", "id": impl_id, "pattern": pattern, "size": size, "seed": seed,
                              "iterations": TIME_ITERATIONS, "batches": TIME_BATCHES})
        problem = reply_error(reply)
        if problem:
            section.fail("time", f"{label}: {problem}")
            continue
        fold = reply.get("input_fold")
        section.check("time", fold == input_fold(data), f"{label}: input_fold {fold!r}, expected {input_fold(data)}")
        batches = reply.get("batches_ns")
        section.check("time", isinstance(batches, list) and len(batches) == TIME_BATCHES
                      and all(isinstance(b, int) and not isinstance(b, bool) and b > 0 for b in batches),
                      f"{label}: batches_ns must be {TIME_BATCHES} positive integers, is {batches!r}")
        digest = reply.get("digest")
        if is_nop:  # the nop's "digest" is only a placeholder, but hex all the same
            section.check("time", is_hex(digest), f"{label}: nop digest {digest!r} is not hex")
            continue
        # The timed input's digest must be the one the adapter gives for the same bytes
        # through `digest`, and the known answer where a vector has these bytes.
        ref = adapter.send({"op": "digest", "id": impl_id, "pattern": pattern, "data": data.hex()})
        ref_digest = ref.get("digest") if reply_error(ref) is None else None
        expected = known.get(data, ref_digest)
        section.check("time", digest is not None and digest == ref_digest == expected,
                      f"{label}: timed digest {digest!r}, digest op {ref_digest!r}, vector {known.get(data)!r}")


def check_bad_requests(adapter, section, hello):
    """Each bad request gets ok:false with a one-line error, and the adapter still answers."""
    impls = hello["implementations"]
    first = impls[0]
    bad = [
        ("unknown id", json.dumps({"op": "digest", "id": "no-such/impl:x", "pattern": "oneshot", "data": ""})),
        ("unknown id (time)", json.dumps({"op": "time", "id": "no-such/impl:x", "pattern": "oneshot",
                                          "size": 64, "seed": 1, "iterations": 1, "batches": 1})),
        ("unknown op", json.dumps({"op": "no-such-op"})),
        ("malformed JSON", '{"op": "hello"'),
        ("not an object", "[1, 2, 3]"),
    ]
    missing = [p for p in PATTERNS if p not in first["patterns"]] or ["no-such-pattern"]
    bad.append((f"unsupported pattern {missing[0]}", json.dumps(
        {"op": "digest", "id": first["id"], "pattern": missing[0], "data": "616263"})))
    one_call = next(((i["id"], p) for i in impls for p in i["patterns"] if p not in SPLIT_PATTERNS), None)
    if one_call:
        bad.append((f"splits on {one_call[1]} ({one_call[0]})", json.dumps(
            {"op": "digest", "id": one_call[0], "pattern": one_call[1], "data": "616263", "splits": [1]})))
    for name, line in bad:
        reply = adapter.send_raw(line)
        section.check("bad", is_error_reply(reply),
                      f"{name}: expected ok:false with a one-line error, got {json.dumps(reply)[:200]}")
        after = adapter.send({"op": "hello"})
        section.check("alive", reply_error(after) is None, f"after {name}: hello answered {json.dumps(after)[:200]}")


def main() -> int:
    parser = argparse.ArgumentParser(description="Check a hashbench runtime adapter against docs/adapters.md.")
    parser.add_argument("run", help="the adapter's run script, e.g. adapters/python/run")
    parser.add_argument("--quick", action="store_true", help="vectors up to 4097 bytes, one split each")
    parser.add_argument("--protocol", type=int, default=PROTOCOL,
                        help=f"the protocol version hello must report (default {PROTOCOL})")
    args = parser.parse_args()
    run = Path(args.run).resolve()
    if not (run.is_file() and os.access(run, os.X_OK)):
        print(f"check.py: {args.run} is not an executable file", file=sys.stderr)
        return 2

    adapter = Adapter(run)
    protocol = Section("protocol (hello, bad requests, shutdown)")
    sections = [protocol]
    try:
        hello = check_hello(adapter, protocol, args.protocol)
        if hello is not None:
            for impl in hello["implementations"]:
                if not isinstance(impl, dict) or not isinstance(impl.get("patterns"), list):
                    continue
                impl_id, algorithm = impl.get("id"), impl.get("algorithm")
                section = Section(str(impl_id))
                section.note = ",".join(map(str, impl["patterns"]))
                sections.append(section)
                vectors = load_vectors(str(algorithm), args.quick)
                if vectors is None:
                    section.fail("vectors", f"no vectors/{algorithm}.json: not an algorithm id of vectors/README.md")
                    continue
                print(f"checking {impl_id} ...", file=sys.stderr, flush=True)
                patterns = [p for p in impl["patterns"] if p in PATTERNS]
                check_digests(adapter, section, impl_id, patterns, vectors, args.quick)
                for pattern in patterns:
                    check_time(adapter, section, impl_id, pattern, vectors)
            nop = Section(f"{hello.get('nop')} (time, oneshot)")
            sections.append(nop)
            check_time(adapter, nop, hello.get("nop"), "oneshot", [], is_nop=True)
            check_bad_requests(adapter, protocol, hello)
    except AdapterGone as e:
        protocol.fail("adapter", f"the adapter stopped answering: {e}")

    code, extra = adapter.close()
    protocol.check("shutdown", code == 0, f"after stdin closed: exit status {code} (None: still running, killed)")
    protocol.check("shutdown", not extra, f"{len(extra)} unrequested output line(s), first: {extra[:1]!r}")

    failed = sum(s.failed for s in sections) + sum(1 for s in sections if not s.counts)
    print(f"\n{run.relative_to(REPO) if run.is_relative_to(REPO) else run}")
    for s in sections:
        print(s.line())
        for message in s.failures:
            print(f"      {message}")
        if s.failed > len(s.failures):
            print(f"      ... and {s.failed - len(s.failures)} more")
    if failed:
        tail = adapter.stderr_tail()
        if tail:
            print("\nadapter stderr (last lines):\n" + "\n".join(f"  {l}" for l in tail.splitlines()))
    impl_sections = sections[1:]
    passed = sum(1 for s in impl_sections if s.failed == 0 and s.counts)
    print(f"\n{'FAIL' if failed else 'PASS'}: {passed}/{len(impl_sections)} implementations (nop included) passed, "
          f"{sum(s.failed for s in sections)} failed check(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
