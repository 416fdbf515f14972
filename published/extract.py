#!/usr/bin/env python3
"""Transcribe the published benchmark figures of the seed documents into published/*.json.

The seeds (shared/seeds/000_*.txt .. 004_*.txt, beside the repository) are other
people's benchmark reports. This script copies every figure they print, mechanically,
so that no number is retyped by hand: each figure keeps its text exactly as
published next to the parsed value and unit. Nothing is rounded, converted or fixed
here; conversions to common units happen in the Rust loader
(crates/hashbench-analysis/src/published/), which keeps the original too.

As a cross-check that the parsers missed nothing, every seed's numeric tokens are
also counted by a plain regular expression over the whole section, independently
of the table parsers, and the two counts must agree.

Usage:
  python3 published/extract.py [--seeds DIR] --check   # exit 1 if a file differs
  python3 published/extract.py [--seeds DIR] --write   # rewrite published/*.json

DIR defaults to ../shared/seeds relative to the repository root.
"""

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SCHEMA_VERSION = 1

# Divan's own tokens: a number, a space, a time or a decimal rate unit.
DIVAN_TOKEN = re.compile(r"(\d+(?:\.\d+)?) (ns|µs|ms|GB/s|MB/s|s)(?=\s)")

# Seed labels -> hashbench algorithm ids (crates/hashbench-catalog/src/algorithm.rs).
DIVAN_ALGORITHMS = {
    "adler": "adler32",
    "crc": "crc32",
    "crc32": "crc32",
    "md5": "md5",
    "sha1": "sha1",
    "sha256": "sha2-256",
    "sha2_256": "sha2-256",
    "sha2_384": "sha2-384",
    "sha2_512": "sha2-512",
    "sha3_256": "sha3-256",
    "sha3_384": "sha3-384",
    "sha3_512": "sha3-512",
    "blake2b": "blake2b-512",
    "blake2b_32": "blake2b-256",
    "blake2s": "blake2s-256",
    "blake3": "blake3",
    "blake3_mt": "blake3",
}
DIVAN_NOTES = {
    "crc": "the seed lists crc32 among its 32-bit checksums and names this bench crc32 in its summary",
    "adler": "the seed lists adler32 among its 32-bit checksums",
    "blake2b": "the seed lists blake2b under 512bit",
    "blake2b_32": "label blake2b_32 (the summary calls it blake2b); read as BLAKE2b with a 32-byte output, an assumption",
    "blake2s": "the seed lists blake2s under 256bit",
}


def leaf(label):
    return label.rsplit("/", 1)[-1]


def divan_figure_meta(label):
    name = leaf(label)
    meta = {
        "label": label,
        "algorithm": DIVAN_ALGORITHMS.get(name),
        "implementation": "Rust crate (not named in the seed)",
        "variant": "rayon" if name == "blake3_mt" else None,
    }
    if name in DIVAN_NOTES:
        meta["mapping_note"] = DIVAN_NOTES[name]
    return meta


def number(text):
    value = float(text)
    return int(value) if value.is_integer() and "." not in text else value


def fig(section, machine, meta, size, statistic, value, unit, text, **extra):
    out = {"section": section, "machine": machine}
    out.update(meta)
    out.update({"size_bytes": size, "statistic": statistic, "value": value, "unit": unit, "text": text})
    out.update({k: v for k, v in extra.items() if v is not None})
    return out


# ---------------------------------------------------------------------------
# 000 / 001: the Rust divan suite
# ---------------------------------------------------------------------------

MACHINE_HEADING = re.compile(r"^### (.+) \(([^)]+)\)\s*$")
DIVAN_MACHINES = {
    "Apple Macbook Pro M2 Max": ("apple-m2-max", "Apple M2 Max", "macOS (Darwin, from the target triple)"),
    "AMD Ryzen 9 3900X 12-Core Processor": ("amd-ryzen-9-3900x", "AMD Ryzen 9 3900X 12-Core Processor", "Linux (from the target triple)"),
    "AMD Ryzen 7 5700G": ("amd-ryzen-7-5700g", "AMD Ryzen 7 5700G", "Windows (from the target triple)"),
    "AMD Ryzen 7 2700X Eight-Core Processor": ("amd-ryzen-7-2700x", "AMD Ryzen 7 2700X Eight-Core Processor", "Linux (from the target triple)"),
}


def code_blocks(lines, start, end):
    """(first, last) line indices of the ``` blocks between start and end."""
    blocks, inside = [], None
    for i in range(start, end):
        if lines[i].startswith("```"):
            if inside is None:
                inside = i + 1
            else:
                blocks.append((inside, i))
                inside = None
    return blocks


def parse_divan_tree(lines, section, machine):
    figures, path, precision = [], [], None
    for raw in lines:
        if raw.startswith("Timer precision:"):
            precision = raw.split(":", 1)[1].strip()
            continue
        marker = max(raw.find("├─"), raw.find("╰─"))
        if marker >= 0:
            depth = marker // 3
            rest = raw[marker + 2 :]
            cells = rest.split("│")
            first = cells[0].strip()
            m = re.match(r"^(\d+)\s+(.+)$", first)
            if m:
                size = int(m.group(1))
                label = "/".join(path)
                tokens = DIVAN_TOKEN.findall(rest)
                counts = [c.strip() for c in cells[-2:]]
                if len(tokens) != 4 or not all(c.isdigit() for c in counts):
                    raise SystemExit(f"unexpected divan row in {section}: {raw!r}")
                samples, iters = int(counts[0]), int(counts[1])
                for stat, (value, unit) in zip(["fastest", "slowest", "median", "mean"], tokens):
                    figures.append(
                        fig(section, machine, divan_figure_meta(label), size, stat, number(value), unit,
                            f"{value} {unit}", samples=samples, iterations=iters)
                    )
                last_size = size
            else:
                path = path[:depth] + [first]
            continue
        tokens = DIVAN_TOKEN.findall(raw)
        if tokens and ("GB/s" in raw or "MB/s" in raw):
            if len(tokens) != 4:
                raise SystemExit(f"unexpected divan rate row in {section}: {raw!r}")
            # Divan's rate row is the row above it (the same samples) divided into the
            # bytes: one measurement, so it rides on its time figure as `rate` instead of
            # becoming a second figure (and a second row wherever figures are listed).
            label = "/".join(path)
            timed = figures[-4:]
            for stat, (value, unit), f in zip(["fastest", "slowest", "median", "mean"], tokens, timed):
                if (f["label"], f["size_bytes"], f["statistic"]) != (label, last_size, stat) or "rate" in f:
                    raise SystemExit(f"divan rate row without its time row in {section}: {raw!r}")
                f["rate"] = {"value": number(value), "unit": unit, "text": f"{value} {unit}"}
    return figures, precision


def divan_seed(path, seed, title):
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    headings = [i for i, line in enumerate(lines) if line.startswith("### ")]
    machines, figures, independent = [], [], 0
    for n, h in enumerate(headings):
        end = headings[n + 1] if n + 1 < len(headings) else len(lines)
        m = MACHINE_HEADING.match(lines[h])
        heading, target = m.group(1), m.group(2)
        mid, cpu, os_name = DIVAN_MACHINES[heading]
        notes = [line.lstrip("> ").strip() for line in lines[h + 1 : end] if line.startswith("> ")]
        blocks = code_blocks(lines, h + 1, end)
        summary, details = blocks[0], blocks[1]
        section = f"Results / {lines[h][4:]}"
        for line in lines[summary[0] : summary[1]]:
            sm = re.match(r"^(\S+)\s+-\s+(\d+(?:\.\d+)?) (GB/s|MB/s)$", line.strip())
            if not sm:
                raise SystemExit(f"unexpected summary line: {line!r}")
            name, value, unit = sm.groups()
            meta = divan_figure_meta(name)
            if mid == "amd-ryzen-9-3900x" and name == "blake2b":
                # This machine's tree has no blake2b bench, only blake2b_32: the same one.
                meta = dict(divan_figure_meta("blake2b_32"), label=name)
                meta["mapping_note"] = "this machine's full table names the bench blake2b_32; " + meta["mapping_note"]
            figures.append(fig(section + " (summary list)", mid, meta, None, "summary", number(value), unit,
                               f"{value} {unit}"))
        tree, precision = parse_divan_tree(lines[details[0] : details[1]], section + " / Expand full test info", mid)
        figures.extend(tree)
        machines.append({
            "id": mid,
            "heading": lines[h][4:],
            "cpu": cpu,
            "os": os_name,
            "target": target,
            "timer_precision": precision,
            "notes": notes,
        })
        # Independent count: every divan token in the machine's blocks, minus the
        # "Timer precision" line's own token.
        independent += sum(len(DIVAN_TOKEN.findall(line + " ")) for line in lines[summary[0] : summary[1]])
        independent += sum(
            len(DIVAN_TOKEN.findall(line + " "))
            for line in lines[details[0] : details[1]]
            if not line.startswith("Timer precision")
        )
    doc = {
        "title": title,
        "harness": "divan (Rust), cargo +nightly bench",
        "command": 'RUSTFLAGS="-C target-cpu=native" DIVAN_SAMPLE_COUNT=10000 cargo +nightly bench',
        "notes": [
            "The seed says: I've tried to use the most efficient checksum/hash function implementation in each case.",
            "The seed says: sha1/sha2 will try to use hardware acceleration; blake3_mt will use rayon for parallelism.",
            "Divan prints rates in decimal units (1 GB/s = 10^9 bytes/s); sizes are the bench's argument in bytes.",
            "The summary lists give no size or statistic; they are kept with size_bytes null.",
        ],
        "machines": machines,
    }
    return doc, figures, independent


# ---------------------------------------------------------------------------
# 002: btrfs hash-speedtest
# ---------------------------------------------------------------------------

def btrfs_seed(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    mid = "intel-xeon-e5-1620-v3"
    figures, independent = [], 0
    section = "Benchmark of BLAKE3 used for evaluation as a filesystem checksum (published table)"
    table_setup = "4 KiB blocks, 1000000 iterations (the seed's sentence under the table)"
    for line in lines:
        if not line.startswith("| BLAKE"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        m = re.match(r"^(BLAKE\w+)\s+\((\w+)\)$", cells[0])
        impl, variant = m.group(1), m.group(2)
        meta = {
            "label": cells[0],
            "algorithm": "blake3" if impl == "BLAKE3" else "blake2b-256",
            "implementation": f"{impl} (hash-speedtest, C)",
            "variant": variant,
        }
        if impl != "BLAKE3":
            meta["mapping_note"] = "the seed says BLAKE2b without an output length; btrfs checksums with BLAKE2b-256"
        base = dict(meta, setup=table_setup)
        figures.append(fig(section, mid, base, 4096, "total-cycles", int(cells[1]), "cycles", cells[1]))
        figures.append(fig(section, mid, base, 4096, "cycles-per-iteration", int(cells[2]), "cycles/iteration", cells[2]))
        for stat, cell in (("perf-vs-blake3", cells[3]), ("perf-vs-blake2b", cells[4])):
            vm = re.match(r"^(\d+(?:\.\d+)?)", cell)
            figures.append(fig(section, mid, base, 4096, stat, float(vm.group(1)), "x", cell))
        independent += sum(len(re.findall(r"\d+(?:\.\d+)?(?:\s*\([+-]\d+%\))?", c)) for c in cells[1:])
    # Round 1: six runs of the speed test binary.
    run, iterations, subsection = None, None, None
    for line in lines:
        s = line.strip()
        if s.startswith("Reference results with"):
            subsection = s.rstrip(":")
        if s.startswith("$ ./hash-speedtest"):
            run = s[2:]
        if s.startswith("Iterations:"):
            iterations = int(s.split(":")[1])
        m = re.match(r"^([\w-]+): cycles:\s+(\d+), c/i\s+(\d+)$", s)
        if not m:
            continue
        label, total, per = m.groups()
        build = run.split()[0].rsplit(".", 1)[1]
        algorithm, impl, variant, note = None, label, None, None
        if label == "CRC32C":
            algorithm = "crc32c"
        elif label == "XXHASH":
            algorithm, note = "xxh64", "the seed says XXHASH; btrfs's xxhash checksum is XXH64"
        elif label == "BLAKE2b":
            algorithm, note = "blake2b-256", "the seed says BLAKE2b without an output length; btrfs checksums with BLAKE2b-256"
        elif label.startswith("BLAKE3"):
            algorithm, impl = "blake3", "BLAKE3"
            variant = label.split("-", 1)[1] if "-" in label else None
        elif label.startswith("NULL-"):
            impl, variant = label, None
        meta = {"label": label, "algorithm": algorithm, "implementation": f"{impl} (hash-speedtest, C)", "variant": variant}
        if note:
            meta["mapping_note"] = note
        meta["setup"] = f"{run}: -{build} build, {iterations} iterations"
        sec = f"Round 1 / {subsection} / {run}"
        figures.append(fig(sec, mid, meta, 4096, "total-cycles", int(total), "cycles", total))
        figures.append(fig(sec, mid, meta, 4096, "cycles-per-iteration", int(per), "c/i", per))
        independent += 2
    doc = {
        "title": "btrfs hash-speedtest: BLAKE3 vs BLAKE2 as a filesystem checksum",
        "harness": "hash-speedtest (C), cycles per iteration on 4 KiB blocks",
        "command": "make hash-speedtest; hash-speedtest [iterations]",
        "notes": [
            "The published table's Total cycles divided by the stated 1000000 iterations is ten times its Cycles/iteration column (111260245256 / 1000000 = 111260 vs 11126); both are kept as published.",
            "Round 1 blocks print 'Block size: 4096'; the published table says 'Block size is 4KiB'.",
            "Cycles are as the tool reports them (the seed does not say whether TSC or core cycles).",
        ],
        "machines": [{
            "id": mid,
            "heading": "Reference host",
            "cpu": "Intel(R) Xeon(R) CPU E5-1620 v3 @ 3.50GHz",
            "os": None,
            "target": None,
            "timer_precision": None,
            "notes": [
                "The seed's words: Intel(R) Xeon(R) CPU E5-1620 v3 @ 3.50GHz, 16G of memory, AVX2 capable",
                "The seed gives the reference host once; the published table and Round 1 are both attributed to it here (Round 1 verifies that published and measured results match).",
            ],
        }],
    }
    return doc, figures, independent


# ---------------------------------------------------------------------------
# 003: Crystal Benchmark.ips and openssl speed
# ---------------------------------------------------------------------------

CRYSTAL_ROW = re.compile(
    r"^(blake2b|md5)\.(new|reset|finish) (\d+)\s+(\d+(?:\.\d+)?)([kM]?) \(\s*(\d+(?:\.\d+)?)(ns|µs)\) "
    r"\(±\s*(\d+(?:\.\d+)?)%\)\s+(\d+(?:\.\d+)?)(kB|B)/op\s+(?:(\d+(?:\.\d+)?)× slower|fastest)$"
)
OPENSSL_ROW = re.compile(r"^Doing (\w+) for 3s on (\d+) size blocks: (\d+) \w+'s in (\d+(?:\.\d+)?)s$")


def crystal_seed(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    mid = "crystal-host"
    figures, independent = [], 0
    sec = "crystal run --release benchmark/blake2b.cr -- md5"
    impls = {
        "blake2b": ("blake2b-512", "Sodium::Digest::Blake2b(512) (Crystal, libsodium)"),
        "md5": ("md5", "OpenSSL::Digest md5 (Crystal)"),
    }
    for line in lines:
        m = CRYSTAL_ROW.match(line.strip())
        if not m:
            continue
        name, variant, size, ips, suffix, t, tunit, tol, mem, munit, slower = m.groups()
        algorithm, impl = impls[name]
        meta = {"label": f"{name}.{variant}", "algorithm": algorithm, "implementation": impl, "variant": variant}
        size = int(size)
        tolerance = {"value": float(tol), "unit": "%", "text": f"±{tol.rjust(5)}%"}
        ips_unit = suffix or "ips"
        figures.append(fig(sec, mid, meta, size, "ips", number(ips), ips_unit, f"{ips}{suffix}", tolerance=tolerance))
        figures.append(fig(sec, mid, meta, size, "time-per-op", number(t), tunit, f"{t}{tunit}", tolerance=tolerance))
        figures.append(fig(sec, mid, meta, size, "memory-per-op", number(mem), f"{munit}/op", f"{mem}{munit}/op"))
        if slower is not None:
            figures.append(fig(sec, mid, meta, size, "relative-to-fastest", number(slower), "× slower", f"{slower}× slower"))
        # Tolerances (±) are attached to figures, not counted as figures.
        independent += len(re.findall(r"\d+(?:\.\d+)?(?:[kM]|ns|µs|B/op|× slower)", line.split(f" {size} ", 1)[1]))
    for line in lines:
        m = OPENSSL_ROW.match(line.strip())
        if not m:
            continue
        name, size, count, secs = m.groups()
        algorithm = {"blake2b512": "blake2b-512", "md5": "md5"}[name]
        meta = {"label": name, "algorithm": algorithm, "implementation": "OpenSSL 1.1.1a (openssl speed -evp)", "variant": None}
        figures.append(fig("openssl speed -evp blake2b512 md5", mid, meta, int(size), "count", int(count), "calls",
                           line.strip().split(": ", 1)[1], over_seconds=float(secs)))
        independent += 1
    doc = {
        "title": "Crystal: Sodium::Digest::Blake2b vs OpenSSL::Digest md5 (Benchmark.ips), and openssl speed",
        "harness": "Crystal Benchmark.ips (crystal run --release); openssl speed -evp",
        "command": "crystal run --release benchmark/blake2b.cr -- md5; openssl speed -evp blake2b512 md5",
        "notes": [
            "Benchmark.ips prints iterations per second with a k or M suffix and no unit, then the mean time per iteration, the relative standard deviation (±), bytes allocated per iteration, and the ratio to the fastest entry.",
            "The ± is attached here to both the rate and the time figure of its row.",
            "The row marked 'fastest' (blake2b.finish 16) has no ratio figure.",
            "The seed says: ARGV (md5) uses OpenSSL::Digest for comparison; and: crystal Sodium::Digest::Blake2b(512).",
            "openssl speed figures are counts of calls in the stated seconds.",
        ],
        "machines": [{
            "id": mid,
            "heading": None,
            "cpu": None,
            "os": None,
            "target": None,
            "timer_precision": None,
            "notes": [
                "The seed does not describe the machine.",
                "Its openssl speed header: OpenSSL 1.1.1a  20 Nov 2018; compiler: clang -fPIC -arch x86_64 -O3 ... (an x86_64 build).",
            ],
        }],
    }
    return doc, figures, independent


# ---------------------------------------------------------------------------
# 004: Node.js crypto vs sodium-native
# ---------------------------------------------------------------------------

NODE_ROW = re.compile(
    r"^║ (.+?)\s+│\s+(\d+) │\s+(\d+(?:\.\d+)?) op/sec │ ±\s+(\d+(?:\.\d+)?) % │ (?:\+ (\d+(?:\.\d+)?) %)?\s*║$"
)
NODE_SIZES = {"64 bytes": 64, "384 bytes": 384, "4096 bytes (4 kB)": 4096, "2 ** 22 bytes (4 MB)": 1 << 22}


def node_meta(label):
    m = re.match(r"^(crypto|sodium-native) (\w+) \((.+)\)$", label)
    lib, name, params = m.groups()
    if lib == "crypto":
        algorithm = {"sha256": "sha2-256", "sha512": "sha2-512", "blake2b512": "blake2b-512"}[name]
        return {"label": label, "algorithm": algorithm, "implementation": f"Node.js crypto.createHash('{name}')",
                "variant": params}
    if params.startswith("32, "):
        return {"label": label, "algorithm": "blake2b-256", "implementation": "sodium-native crypto_generichash",
                "variant": params[4:], "mapping_note": "the leading 32 is read as a 32-byte output"}
    return {"label": label, "algorithm": "blake2b-512", "implementation": "sodium-native crypto_generichash",
            "variant": params,
            "mapping_note": "the seed's example allocates a 64-byte output (Buffer.alloc(64)); read as BLAKE2b-512"}


def node_seed(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    mid = "hetzner-ex41-ssd"
    figures, independent, size, heading = [], 0, None, None
    for line in lines:
        if line.startswith("### "):
            heading = line[4:].strip()
            size = NODE_SIZES.get(heading)
            continue
        m = NODE_ROW.match(line)
        if not m:
            continue
        label, samples, result, tol, diff = m.groups()
        meta = node_meta(label)
        sec = f"Hashing / {heading}"
        tolerance = {"value": float(tol), "unit": "%", "text": f"± {tol.rjust(5)} %"}
        figures.append(fig(sec, mid, meta, size, "result", number(result), "op/sec", f"{result} op/sec",
                           tolerance=tolerance, samples=int(samples)))
        if diff is not None:
            figures.append(fig(sec, mid, meta, size, "difference-with-slowest", number(diff), "%", f"+ {diff} %"))
        independent += len(re.findall(r"op/sec|\+ \d", line))
    doc = {
        "title": "Node.js: crypto.createHash vs sodium-native crypto_generichash",
        "harness": "a Node.js benchmark table (Samples, Result, Tolerance, Difference with slowest)",
        "command": None,
        "notes": [
            "Every configuration reports about the same op/sec at 64 bytes and at 4 MB; hashing 4 MB at those rates would take terabytes per second. The 4 MB rows are kept as published and come out flagged flat-scaling.",
            "The slowest entry of each table has no 'Difference with slowest' figure.",
        ],
        "machines": [{
            "id": mid,
            "heading": "Hardware",
            "cpu": "Intel Core i7-6700 Quad Core",
            "os": "Linux 4.15.0-38-generic #41-Ubuntu SMP Wed Oct 10 10:59:38 UTC 2018 x86_64",
            "target": "x86_64",
            "timer_precision": None,
            "notes": [
                "uname: Linux 4.15.0-38-generic #41-Ubuntu SMP Wed Oct 10 10:59:38 UTC 2018 x86_64 x86_64 x86_64 GNU/Linux",
                "Model: Hetzner EX41-SSD",
                "CPU: Intel Core i7-6700 Quad Core",
                "Memory: 32 GB DDR4",
                "Disk: 2× 500 GB SSD",
            ],
        }],
    }
    return doc, figures, independent


# ---------------------------------------------------------------------------

# Where each seed was published, as far as it could be confirmed (the local seed file
# named in SEEDS is only this script's input). Where the page holding the seed's text
# was not found, the citation says so and names what was confirmed beside it.
CITATIONS = {
    0: "github.com/conradludgate/checksum-benchmarks, README.md (a revision with four machines; "
       "the benches: benches/checksums.rs)",
    1: "github.com/conradludgate/checksum-benchmarks, README.md (an earlier revision with two machines; "
       "the benches: benches/checksums.rs)",
    2: "origin not confirmed: \"Benchmark of BLAKE3 used for evaluation as a filesystem checksum\" "
       "(a README beside hash-speedtest's sources); the program: github.com/kdave/btrfs-progs, "
       "crypto/hash-speedtest.c; its first round: https://kdave.github.io/blake3-vs-blake2-in-btrfs/",
    3: "origin not confirmed: the output of \"crystal run --release benchmark/blake2b.cr -- md5\" and "
       "\"openssl speed -evp blake2b512 md5\"; the program: github.com/didactic-drunk/sodium.cr, "
       "benchmarks/blake2b.cr",
    4: "origin not confirmed: \"Hashing: crypto.createHash vs crypto_generichash\" "
       "(Node.js crypto and sodium-native on a Hetzner EX41-SSD)",
}

SEEDS = [
    (0, "000_a789d3c731fa0bc6.txt", "000-rust-divan.json",
     lambda p: divan_seed(p, 0, "checksum benchmarks (Rust, divan): four machines")),
    (1, "001_f88ad799bb183dc3.txt", "001-rust-divan.json",
     lambda p: divan_seed(p, 1, "checksum benchmarks (Rust, divan): an earlier copy with two machines")),
    (2, "002_a31cff64e5626f91.txt", "002-btrfs-hash-speedtest.json", btrfs_seed),
    (3, "003_e63a532bcade0bed.txt", "003-crystal.json", crystal_seed),
    (4, "004_23870a113389f418.txt", "004-node.json", node_seed),
]


def render(doc):
    """Fixed layout: 2-space indent, one figure per line, trailing newline."""
    figures = doc.pop("figures")
    head = json.dumps(doc, indent=2, ensure_ascii=False)
    body = ",\n".join("    " + json.dumps(f, ensure_ascii=False) for f in figures)
    return head[:-2] + ',\n  "figures": [\n' + body + "\n  ]\n}\n"


def build(seeds_dir):
    out = {}
    for seed, source, target, parse in SEEDS:
        doc, figures, independent = parse(seeds_dir / source)
        # A divan rate is a number of the seed kept on its time figure, not a figure.
        numbers = len(figures) + sum(1 for f in figures if "rate" in f)
        if numbers != independent:
            raise SystemExit(f"{source}: parsed {numbers} numbers but counted {independent} numeric tokens")
        full = {"schema_version": SCHEMA_VERSION, "seed": seed, "source": CITATIONS[seed]}
        full.update(doc)
        full["figures"] = figures
        out[target] = render(full)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    args = parser.parse_args()
    files = build(args.seeds)
    stale = []
    for name, text in files.items():
        path = HERE / name
        if args.write:
            path.write_text(text, encoding="utf-8")
            count = text.count('\n    {"section"')
            print(f"wrote {path.relative_to(ROOT)} ({count} figures)")
        elif not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    if stale:
        print("out of date: " + ", ".join(stale) + " (run published/extract.py --write)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
