"""hashbench's Python adapter: JSON lines on stdin/stdout, as docs/adapters.md specifies.

One request per input line, one reply per output line, in order; the adapter exits when
its standard input closes and never because of a bad request. Started by ./run with the
venv that ./setup makes (the packages pinned in requirements.txt).

How each pattern reads in Python (what a caller writes):

- `oneshot`: the library's one-call form. For hashlib that is the constructor given the
  data, `hashlib.sha256(data).digest()` (docs/adapters.md names exactly this; hashlib has
  no other one-call function for bytes, `file_digest` is for files); for zlib, xxhash and
  the crc32c packages a module function (`zlib.crc32(data)`, `xxhash.xxh64_digest(data)`,
  `crc32c.crc32c(data)`, `google_crc32c.value(data)`); blake3 has no module function, so
  its constructor with data, as hashlib.
- `new`: empty constructor, one `update`, `digest()`; the object is dropped.
- `reuse`: one object whose bound `update`/`digest`/`reset` are kept; only where the
  library has a `reset()` (xxhash, blake3; hashlib and both crc32c packages have none).
- `hex`: the one-call path ending in text, `hashlib.sha256(data).hexdigest()`,
  `xxhash.xxh64_hexdigest(data)`; not for zlib and `crc32c.crc32c`, which return ints and
  leave the text to the caller.
- `prealloc`: no Python library here writes a digest into a caller's buffer: omitted.

The timed loop (LOOP_SOURCE) is one template for every implementation: only the call
statement and the way its result is folded into the sink differ. Everything that exists
before the timing (module functions, constructors, a reused object's bound methods, the
clock) is a local of the loop function, so the loop does no global or attribute lookup
the caller could have hoisted; the methods of an object created inside the call (`new`)
are looked up as the caller's code does.
"""

import hashlib
import importlib.metadata
import json
import operator
import platform
import re
import ssl
import sys
import time
import zlib
from array import array
from functools import reduce
from typing import Callable, NamedTuple

try:
    import blake3
    import crc32c
    import google_crc32c
    import xxhash
except ImportError as e:  # the venv exists but setup did not finish
    print(f"adapters/python: {e}; run adapters/python/setup", file=sys.stderr)
    sys.exit(3)

# The protocol version this adapter speaks (docs/adapters.md): hello reports it.
PROTOCOL = 1
RUNTIME = "python"
NOP_ID = "nop/python"
MASK64 = (1 << 64) - 1
HEX_RE = re.compile(r"(?:[0-9a-f]{2})*")

# ---------------------------------------------------------------------------
# The timed loop and the streaming (split) variant, compiled per pattern
# ---------------------------------------------------------------------------

# {params}: the names the call uses (bound as arguments, so they are fast locals);
# {call}: one line of statements hashing `d` into `r`; {fold}: `r` reduced to an int.
LOOP_SOURCE = """
def timed_loop({params}d, iterations, batches, clock):
    rng = range(iterations)
    batches_ns = []
    sink = 0
    r = None
    for _ in range(batches):
        t0 = clock()
        for _ in rng:
            {call}
            sink ^= {fold}
        batches_ns.append(clock() - t0)
    return batches_ns, sink, r
"""

# The same object protocol fed several updates: `{make}` builds the object (`new`), or
# the bound methods of a reused one are used (`reuse`).
STREAM_NEW_SOURCE = """
def stream({params}pieces):
    h = {make}
    for p in pieces:
        h.update(p)
    return h.{final}()
"""
STREAM_REUSE_SOURCE = """
def stream({params}pieces):
    for p in pieces:
        update(p)
    r = {final}()
    reset()
    return r
"""

# How a call's result goes into the sink: the first byte of a digest, the integer of a
# checksum, the first character's code of hex text (`ord_` is the builtin, as a local);
# "hexbytes" is hex text as ASCII bytes (google-crc32c's hexdigest() returns bytes).
FOLDS = {"bytes": "r[0]", "int": "r", "str": "ord_(r[0])", "hexbytes": "r[0]"}


def _compile(source: str, name: str, **fields) -> Callable:
    namespace: dict = {}
    exec(source.format(**fields), namespace)
    return namespace[name]


class Pattern:
    """One pattern of one implementation: its call, its locals and its result kind."""

    def __init__(self, env: Callable[[bytes], dict], call: str, result: str,
                 stream_source: str | None = None, make: str = "", final: str = "digest"):
        self.env = env          # data -> the locals the call uses, made outside the timing
        self.result = result    # a key of FOLDS
        names = sorted(env(b"").keys())
        if result == "str":
            names.append("ord_")
        self.names = names
        params = "".join(f"{n}, " for n in names)
        self.loop = _compile(LOOP_SOURCE, "timed_loop", params=params, call=call, fold=FOLDS[result])
        self.stream = None
        if stream_source is not None:
            self.stream = _compile(stream_source, "stream", params=params, make=make, final=final)

    def args(self, data: bytes) -> list:
        env = self.env(data)
        env["ord_"] = ord
        return [env[n] for n in self.names]


def oneshot(fn, result="bytes") -> Pattern:
    # A module function of the data: zlib.crc32(d), xxhash.xxh64_digest(d), ...
    return Pattern(lambda _d: {"f": fn}, "r = f(d)", result)


def ctor_oneshot(ctor, final="digest", kwargs="", result="bytes") -> Pattern:
    # hashlib-style: the constructor takes the data, then digest()/hexdigest().
    return Pattern(lambda _d: {"ctor": ctor}, f"r = ctor(d{kwargs}).{final}()", result)


def new_pattern(ctor, make="ctor()", final="digest", result="bytes") -> Pattern:
    return Pattern(lambda _d: {"ctor": ctor}, f"h = {make}; h.update(d); r = h.{final}()", result,
                   STREAM_NEW_SOURCE, make=make, final=final)


def reuse_pattern(ctor, final="digest", result="bytes") -> Pattern:
    def env(_d):
        h = ctor()  # one object per request, made outside the timing
        return {"update": h.update, final: getattr(h, final), "reset": h.reset}
    return Pattern(env, f"update(d); r = {final}(); reset()", result, STREAM_REUSE_SOURCE, final=final)


class Impl(NamedTuple):
    id: str
    algorithm: str
    provider: str
    backend: str
    patterns: dict      # name -> Pattern, the first is the default
    width: int = 0      # bytes of an integer result (big-endian, vectors/README.md)

    def to_bytes(self, pattern: Pattern, r) -> bytes:
        if pattern.result == "int":
            return r.to_bytes(self.width, "big")
        if pattern.result == "str":
            return bytes.fromhex(r)
        if pattern.result == "hexbytes":
            return bytes.fromhex(r.decode("ascii"))
        return bytes(r)


# ---------------------------------------------------------------------------
# The implementations
# ---------------------------------------------------------------------------

def version_of(package: str) -> str:
    return importlib.metadata.version(package)


def build_implementations() -> list[Impl]:
    impls: list[Impl] = []
    cpython = f"CPython {platform.python_version()}"

    # hashlib: OpenSSL's EVP for the MD5/SHA family (when CPython was built with it, as
    # the constructor's name shows), CPython's bundled BLAKE2 code for blake2b/blake2s.
    def hashlib_labels(ctor, name):
        if getattr(ctor, "__name__", "").startswith("openssl_") or name == "sha512_256":
            return f"python:hashlib ({cpython}, {ssl.OPENSSL_VERSION})", "OpenSSL EVP"
        module = getattr(ctor, "__module__", "") or "builtin"
        return f"python:hashlib ({cpython})", f"CPython {module} (bundled C code)"

    hashlib_algorithms = [
        ("md5", "md5"), ("sha1", "sha1"), ("sha2-224", "sha224"), ("sha2-256", "sha256"),
        ("sha2-384", "sha384"), ("sha2-512", "sha512"), ("sha3-224", "sha3_224"),
        ("sha3-256", "sha3_256"), ("sha3-384", "sha3_384"), ("sha3-512", "sha3_512"),
        ("blake2b-512", "blake2b"), ("blake2s-256", "blake2s"),
    ]
    for algorithm, name in hashlib_algorithms:
        ctor = getattr(hashlib, name)
        provider, backend = hashlib_labels(ctor, name)
        impls.append(Impl(f"{algorithm}/python:hashlib", algorithm, provider, backend, {
            "oneshot": ctor_oneshot(ctor),
            "new": new_pattern(ctor),
            "hex": ctor_oneshot(ctor, final="hexdigest", result="str"),
        }))

    # blake2b with a 32-byte output: the digest_size keyword, on every call as a caller writes it.
    ctor = hashlib.blake2b
    provider, backend = hashlib_labels(ctor, "blake2b")
    impls.append(Impl("blake2b-256/python:hashlib", "blake2b-256", provider, backend, {
        "oneshot": ctor_oneshot(ctor, kwargs=", digest_size=32"),
        "new": new_pattern(ctor, make="ctor(digest_size=32)"),
        "hex": ctor_oneshot(ctor, final="hexdigest", kwargs=", digest_size=32", result="str"),
    }))

    # SHA-512/256 has no named constructor: hashlib.new("sha512_256") (OpenSSL, by name on
    # every call, as callers must). Listed only when this CPython's OpenSSL provides it.
    try:
        hashlib.new("sha512_256", b"")
        has_sha512_256 = True
    except ValueError:
        has_sha512_256 = False
    if has_sha512_256:
        provider, backend = hashlib_labels(None, "sha512_256")
        new = hashlib.new
        impls.append(Impl("sha2-512-256/python:hashlib", "sha2-512-256", provider, backend, {
            "oneshot": Pattern(lambda _d: {"new_": new}, "r = new_('sha512_256', d).digest()", "bytes"),
            "new": Pattern(lambda _d: {"new_": new}, "h = new_('sha512_256'); h.update(d); r = h.digest()",
                           "bytes", STREAM_NEW_SOURCE, make="new_('sha512_256')"),
            "hex": Pattern(lambda _d: {"new_": new}, "r = new_('sha512_256', d).hexdigest()", "str"),
        }))

    # zlib: module functions returning the checksum as an int; no object, no hex.
    zlib_provider = f"python:zlib ({cpython}, zlib {zlib.ZLIB_RUNTIME_VERSION})"
    impls.append(Impl("crc32/python:zlib", "crc32", zlib_provider, "zlib C library",
                      {"oneshot": oneshot(zlib.crc32, "int")}, width=4))
    impls.append(Impl("adler32/python:zlib", "adler32", zlib_provider, "zlib C library",
                      {"oneshot": oneshot(zlib.adler32, "int")}, width=4))

    # xxhash: `*_digest` functions and objects give the canonical big-endian bytes, which
    # is the vectors' byte order (high 64 bits first for xxh3-128).
    xxhash_provider = f"xxhash {version_of('xxhash')}"
    xxhash_backend = f"libxxhash {xxhash.XXHASH_VERSION}"
    for algorithm, name in [("xxh32", "xxh32"), ("xxh64", "xxh64"), ("xxh3-64", "xxh3_64"),
                            ("xxh3-128", "xxh3_128")]:
        cls = getattr(xxhash, name)
        impls.append(Impl(f"{algorithm}/python:xxhash", algorithm, xxhash_provider, xxhash_backend, {
            "oneshot": oneshot(getattr(xxhash, f"{name}_digest")),
            "new": new_pattern(cls),
            "reuse": reuse_pattern(cls),
            "hex": oneshot(getattr(xxhash, f"{name}_hexdigest"), "str"),
        }))

    # blake3: the hasher (default max_threads=1, single-threaded) with data, or updated.
    cls = blake3.blake3
    impls.append(Impl("blake3/python:blake3", "blake3", f"blake3 {version_of('blake3')}",
                      "Rust blake3 crate", {
                          "oneshot": ctor_oneshot(cls),
                          "new": new_pattern(cls),
                          "reuse": reuse_pattern(cls),
                          "hex": ctor_oneshot(cls, final="hexdigest", result="str"),
                      }))

    # crc32c (ICRAR): crc32c.crc32c(data) -> int; CRC32CHash is hashlib-like (digest() is
    # big-endian bytes) without a reset.
    backend = "hardware (CPU CRC32C instruction)" if crc32c.hardware_based else "software (slice-by-8)"
    cls = crc32c.CRC32CHash
    impls.append(Impl("crc32c/python:crc32c", "crc32c", f"crc32c {version_of('crc32c')}", backend, {
        "oneshot": oneshot(crc32c.crc32c, "int"),
        "new": new_pattern(cls),
        "hex": ctor_oneshot(cls, final="hexdigest", result="str"),
    }, width=4))

    # google-crc32c: value(data) -> int (C extension); Checksum is a small Python class
    # over it (digest() big-endian bytes, hexdigest() hex as bytes), without a reset.
    implementation = google_crc32c.implementation
    backend = "C extension (google/crc32c)" if implementation == "c" else f"{implementation} fallback"
    cls = google_crc32c.Checksum
    impls.append(Impl("crc32c/python:google-crc32c", "crc32c", f"google-crc32c {version_of('google-crc32c')}",
                      backend, {
                          "oneshot": oneshot(google_crc32c.value, "int"),
                          "new": new_pattern(cls),
                          "hex": ctor_oneshot(cls, final="hexdigest", result="hexbytes"),
                      }, width=4))
    return impls


# The nop: the same loop, calling a builtin that returns the input's first byte (or 0 for
# an empty input) instead of hashing. Both choices are C functions of one argument, like
# zlib.crc32, so the loop's cost per call is the floor of any call above.
def _nop_env(data: bytes) -> dict:
    return {"f": operator.itemgetter(0) if data else len}


NOP = Impl(NOP_ID, "nop", "", "", {"oneshot": Pattern(_nop_env, "r = f(d)", "int")}, width=1)

# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------

def xorshift_bytes(size: int, seed: int) -> bytes:
    """The xorshift64 (13, 7, 17) stream, each state as 8 little-endian bytes, truncated."""
    words = []
    x = seed
    for _ in range((size + 7) // 8):
        x ^= (x << 13) & MASK64
        x ^= x >> 7
        x ^= (x << 17) & MASK64
        words.append(x)
    data = array("Q", words)
    if sys.byteorder != "little":
        data.byteswap()
    return data.tobytes()[:size]


_cell_cache: dict = {}


def cell_input(size: int, seed: int) -> tuple:
    """A `time` request's input and its fold, both kept for the cell's later requests
    (every sample of every round is one): making and folding 1 MiB here takes longer
    than most hashes of it. One input is kept: sizes can be large."""
    key = (size, seed)
    if key not in _cell_cache:
        data = xorshift_bytes(size, seed)
        _cell_cache.clear()
        _cell_cache[key] = (data, input_fold(data))
    return _cell_cache[key]


def input_fold(data: bytes) -> str:
    """XOR of the 64-bit little-endian words, the last zero-padded, as 16 hex digits."""
    words = array("Q", data + b"\0" * (-len(data) % 8))
    if sys.byteorder != "little":
        words.byteswap()
    return f"{reduce(operator.xor, words, 0):016x}"


# ---------------------------------------------------------------------------
# Requests
# ---------------------------------------------------------------------------

class BadRequest(Exception):
    pass


IMPLS = {impl.id: impl for impl in build_implementations()}
SINK = 0  # every timed result ends up here


def field(req: dict, name: str, kind, default=None):
    if name not in req:
        if default is not None:
            return default
        raise BadRequest(f"missing field {name!r}")
    value = req[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise BadRequest(f"field {name!r} must be an integer")
    if kind is not int and not isinstance(value, kind):
        raise BadRequest(f"field {name!r} must be a {kind.__name__}")
    return value


def lookup(req: dict, allow_nop: bool) -> tuple[Impl, str, Pattern]:
    impl_id = field(req, "id", str)
    impl = NOP if allow_nop and impl_id == NOP_ID else IMPLS.get(impl_id)
    if impl is None:
        raise BadRequest(f"unknown implementation {impl_id!r}")
    name = field(req, "pattern", str)
    pattern = impl.patterns.get(name)
    if pattern is None:
        raise BadRequest(f"{impl_id} does not support pattern {name!r} (it has {', '.join(impl.patterns)})")
    return impl, name, pattern


def op_hello(_req: dict) -> dict:
    return {
        "protocol": PROTOCOL,
        "runtime": RUNTIME,
        "version": f"{platform.python_implementation()} {platform.python_version()}",
        "nop": NOP_ID,
        "implementations": [
            {"id": i.id, "algorithm": i.algorithm, "provider": i.provider, "backend": i.backend,
             "patterns": list(i.patterns)}
            for i in IMPLS.values()
        ],
    }


def op_digest(req: dict) -> dict:
    impl, name, pattern = lookup(req, allow_nop=False)
    hex_data = field(req, "data", str)
    if not HEX_RE.fullmatch(hex_data):
        raise BadRequest("field 'data' must be lowercase hex of even length")
    data = bytes.fromhex(hex_data)
    splits = field(req, "splits", list, default=[])
    if splits:
        if pattern.stream is None:
            raise BadRequest(f"pattern {name!r} is one call: it cannot take splits")
        if (not all(isinstance(s, int) and not isinstance(s, bool) for s in splits)
                or any(b < a for a, b in zip(splits, splits[1:]))
                or splits[0] < 0 or splits[-1] > len(data)):
            raise BadRequest("splits must be ascending integer offsets within the data")
        cuts = [0, *splits, len(data)]
        pieces = [data[a:b] for a, b in zip(cuts, cuts[1:])]
        args = pattern.args(data)
        r = pattern.stream(*args, pieces)
        if name == "reuse":  # the second message on the same object checks the reset
            r = pattern.stream(*args, pieces)
    else:
        # The timed code itself, two calls (a reused object digests twice: the second
        # result checks the reset), one batch.
        _, _, r = pattern.loop(*pattern.args(data), data, 2, 1, time.perf_counter_ns)
    return {"digest": impl.to_bytes(pattern, r).hex()}


def op_time(req: dict) -> dict:
    global SINK
    impl, name, pattern = lookup(req, allow_nop=True)
    size = field(req, "size", int)
    seed = field(req, "seed", int)
    iterations = field(req, "iterations", int)
    batches = field(req, "batches", int)
    if size < 0 or not 0 < seed <= MASK64 or iterations < 1 or batches < 1:
        raise BadRequest("need size >= 0, 0 < seed < 2^64, iterations >= 1, batches >= 1")
    data, fold = cell_input(size, seed)
    args = pattern.args(data)  # objects and bound methods, outside the timing
    batches_ns, sink, r = pattern.loop(*args, data, iterations, batches, time.perf_counter_ns)
    SINK ^= sink
    return {"input_fold": fold, "batches_ns": batches_ns,
            "digest": impl.to_bytes(pattern, r).hex()}


OPS = {"hello": op_hello, "digest": op_digest, "time": op_time}


def handle(line: bytes) -> dict:
    try:
        req = json.loads(line)
    except ValueError as e:
        return {"ok": False, "error": f"malformed JSON: {e}"}
    try:
        if not isinstance(req, dict):
            raise BadRequest("a request must be a JSON object")
        op = req.get("op")
        if op not in OPS:
            raise BadRequest(f"unknown op {op!r} (known: {', '.join(OPS)})")
        return {"ok": True, **OPS[op](req)}
    except BadRequest as e:
        return {"ok": False, "error": str(e)}
    except Exception as e:  # a library error is an answer too, never an exit
        return {"ok": False, "error": f"{type(e).__name__}: {e}".replace("\n", " ")}


def main() -> None:
    # Bytes in: json.loads takes them, and a line that is not UTF-8 is then a malformed
    # request rather than a decoding error that would end the loop. Every line, blank
    # ones included, gets exactly one reply.
    out = sys.stdout
    for line in sys.stdin.buffer:
        out.write(json.dumps(handle(line), separators=(",", ":")) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
