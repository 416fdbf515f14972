#!/usr/bin/env python3
"""The graph of references between the modules (files) of one Rust crate, and its cycles.

    python3 modgraph.py CRATE_DIR [--no-tests] [--edges] [--dot]
    python3 modgraph.py --self-test

Every `.rs` file under CRATE_DIR/src is one module (`src/lib.rs` is the crate root,
`src/a/mod.rs` and `src/a.rs` are `a`, `src/a/b.rs` is `a::b`). A reference is a path
`crate::...`, `super::...` or `self::...` anywhere in the code (comments and strings
removed; after `{`, `,` or `(` as anywhere else), or a path through a child module by its
bare name (`use table::heading`, `cycles::terminal(run)`); `use` groups
(`use crate::{a::x, b::{y, z}}`) are expanded, and `super::`/`self::` inside an inline
`mod tests { ... }` count from that inline module. A path resolves to the longest prefix
that names a module, so `crate::render::table::heading` is an edge to `render::table` and
`crate::cost_model` one to the crate root, except that a path through an item the module
re-exports (`pub use algorithm::Class`, `pub use b::f as g`) is an edge to the module
the item comes from. A module's references to itself are dropped; `mod x;` declarations
are not references.

Prints the number of modules and edges, then every cycle (strongly connected component
of more than one module, with one concrete cycle through it); exits 1 when there is one.
--no-tests leaves out files that only exist for tests (`tests.rs`, `tests_*.rs`, files
under a `tests/` or `*_tests/` folder); --edges lists every edge; --dot prints Graphviz.
--self-test builds small crates in a temporary folder and checks that this script finds
(and only finds) the references and cycles written in them; exits 1 if it does not.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile


def module_of(src, path):
    rel = os.path.relpath(path, src)[: -len(".rs")].split(os.sep)
    if rel == ["lib"] or rel == ["main"]:
        return ""
    if rel[-1] == "mod":
        rel = rel[:-1]
    return "::".join(rel)


def is_test_file(module):
    parts = module.split("::")
    return any(p == "tests" or p.startswith("tests_") or p.endswith("_tests") for p in parts)


def strip_comments_and_strings(text):
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            close = '"' + m.group(1)
            j = text.find(close, i + len(m.group(0)))
            i = n if j < 0 else j + len(close)
            out.append('""')
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append('""')
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:]):
            i += len(re.match(r"'(\\.|[^\\'])'", text[i:]).group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand_use(tree):
    """`a::{b, c::{d, e as f}}` -> ["a::b", "a::c::d", "a::c::e"] (whitespace removed)."""
    return [path for path, _ in expand_use_named(tree)]


def expand_use_named(tree):
    """`a::{b, c::{self, e as f}}` -> [("a::b", "b"), ("a::c::self", "c"), ("a::c::e", "f")]:
    each path a `use` brings in, with the name it is brought in as."""
    # `x as y` -> `x@y` before whitespace goes, so that a name merely ending in "as"
    # (`Class`, `alias_of`) keeps its letters.
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+(\w+)", r"@\1", tree))
    out = []
    for leaf in _expand(tree):
        path, _, alias = leaf.partition("@")
        segs = [x for x in path.split("::") if x]
        if segs:
            own = segs[-2] if segs[-1] == "self" and len(segs) > 1 else segs[-1]
            out.append((path, alias or own))
    return out


def _expand(tree):
    brace = tree.find("{")
    if brace < 0:
        return [tree] if tree else []
    prefix, body = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(body):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(body[start:k])
            start = k + 1
    parts.append(body[start:])
    out = []
    for p in parts:
        if p:
            out.extend(prefix + q for q in _expand(p))
    return out


def resolve(path, base, modules, reexports=None):
    """The module a path names from inside module `base` (a list of names, inline
    modules included): the longest prefix of the full path that is a file's module, or,
    when the next segment is an item that module re-exports (`pub use kernel::Kernel` in
    lib.rs), the module the item comes from; None for a path that leaves the crate."""
    segs = [s for s in path.split("::") if s]
    base = list(base)
    if not segs:
        return None
    if segs[0] == "crate":
        base, segs = [], segs[1:]
    elif segs[0] in ("self", "super"):
        while segs and segs[0] in ("self", "super"):
            if segs[0] == "super":
                if not base:
                    return None
                base = base[:-1]
            segs = segs[1:]
    elif "::".join(base + [segs[0]]) not in modules:
        # A bare path: only a child module of the current one counts (not another
        # crate, `std`, a type's associated item, or an inline module).
        return None
    full = base + segs
    for k in range(len(full), -1, -1):
        cand = "::".join(full[:k])
        if cand in modules:
            if reexports and k < len(full) and full[k] in reexports.get(cand, {}):
                return reexports[cand][full[k]]
            return cand
    return None


def reexports_of(files, modules):
    """module -> {name: module it re-exports the name from}, from `pub use child::Name`
    (and `pub(crate) use`): a path through the re-export depends on the child, not on the
    module that merely forwards it."""
    out = {}
    for m, path in files.items():
        with open(path, encoding="utf-8") as f:
            code = strip_comments_and_strings(f.read())
        own = m.split("::") if m else []
        for u in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", code):
            for p, named in expand_use_named(u.group(1)):
                target = resolve(p, own, modules)
                if target is not None and target != m:
                    out.setdefault(m, {})[named] = target
    return out


def inline_modules(code):
    """(start, end, name) of every `mod name { ... }` written inline."""
    spans = []
    for m in re.finditer(r"\bmod\s+(\w+)\s*\{", code):
        depth, i = 0, m.end() - 1
        while i < len(code):
            if code[i] == "{":
                depth += 1
            elif code[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        spans.append((m.start(), i, m.group(1)))
    return spans


def graph(crate_dir, tests):
    src = os.path.join(crate_dir, "src")
    files = {}
    for root, _, names in os.walk(src):
        for name in names:
            if name.endswith(".rs"):
                path = os.path.join(root, name)
                files[module_of(src, path)] = path
    if not tests:
        files = {m: p for m, p in files.items() if not is_test_file(m)}
    modules = set(files)
    reexports = reexports_of(files, modules)
    edges = {m: set() for m in modules}
    for m, path in files.items():
        with open(path, encoding="utf-8") as f:
            code = strip_comments_and_strings(f.read())
        spans = inline_modules(code)
        own = m.split("::") if m else []

        def base_at(pos):
            return own + [n for (a, b, n) in sorted(spans) if a <= pos <= b]

        paths, uses = [], []
        for u in re.finditer(r"\buse\s+([^;]+);", code):
            paths.extend((p, u.start()) for p in expand_use(u.group(1)))
            uses.append((u.start(), u.end()))
        # Paths in code: `crate::x`, `super::x`, `self::x`, or `child::x`, wherever they
        # stand (after `{`, `,`, `(`, ...); only those inside a `use` declaration are
        # left to the expansion above, which knows their group's prefix.
        for r in re.finditer(r"(?<![\w:])[A-Za-z_]\w*(?:::\w+)+", code):
            if not any(a <= r.start() < b for a, b in uses):
                paths.append((r.group(0), r.start()))
        for p, pos in paths:
            target = resolve(p, base_at(pos), modules, reexports)
            if target is not None and target != m:
                if not tests and is_test_file(target):
                    continue
                edges[m].add(target)
    return edges


def sccs(edges):
    """Tarjan's strongly connected components."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def one_cycle(comp, edges):
    """A shortest cycle through the component's first module (breadth-first)."""
    members = set(comp)
    start = comp[0]
    prev, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges[v] & members):
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return comp


def name(m):
    return m or "(crate root)"


# --self-test: crates whose module graph is known, and what this script must say of them.
# Each references the other module only in the places a path-finder can miss: right after
# `{` or `,`, inside a `use` group, through a `super::` of an inline module.
SELF_TEST_CRATES = {
    # A circle whose edges are each written only right after `{` or after `,`.
    "brace_and_comma": (
        {
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": "pub fn f() {}\npub fn h() { crate::b::f() }\n",
            "b.rs": "pub fn f() {}\nfn g(_: (), _: ()) {}\npub fn k() {\n    g((), crate::a::f())\n}\n",
        },
        {"": set(), "a": {"b"}, "b": {"a"}},
        1,
    ),
    # The same after `,` in an array and in a match; and a circle through a `use` group
    # and a block `{super::...}`.
    "literal_and_use_group": (
        {
            "lib.rs": "mod a;\nmod b;\nmod c;\nmod d;\n",
            "a.rs": "pub struct S { pub x: u8 }\npub fn f() -> S { S { x: [0, crate::b::X][1] } }\n",
            "b.rs": "pub const X: u8 = 1;\npub fn g(n: u8) -> u8 {\n"
            "    match n { 0 => 0, _ => crate::a::f().x }\n}\n",
            "c.rs": "use crate::{b::X, d::{self, Y}};\npub const Z: u8 = X + Y + d::W;\n",
            "d.rs": "pub const Y: u8 = 2;\npub const W: u8 = {super::c::Z};\n",
        },
        {"": set(), "a": {"b"}, "b": {"a"}, "c": {"b", "d"}, "d": {"c"}},
        1,
    ),
    # No circle: a path through the crate root's re-export leads to the module the item
    # comes from, whether its name ends in "as" (`Class`) or it is renamed (`as`).
    "reexports": (
        {
            "lib.rs": "mod a;\nmod b;\nmod c;\npub use a::Class;\npub use b::alias_of as named;\n",
            "a.rs": "pub struct Class;\n",
            "b.rs": "pub fn alias_of() -> crate::Class { crate::Class }\n",
            "c.rs": "pub fn h() { let _ = crate::named(); }\n",
        },
        {"": {"a", "b"}, "a": set(), "b": {"a"}, "c": {"b"}},
        0,
    ),
    # No circle: the same kinds of references one way only; the way back is written only
    # in comments, strings, a test file and a test module, which do not count with
    # --no-tests.
    "one_way": (
        {
            "lib.rs": "mod a;\nmod b;\n#[cfg(test)]\nmod tests;\n",
            "a.rs": "pub fn f() -> u8 { crate::b::g(1, crate::b::g(2, 3)) }\n",
            "b.rs": "// crate::a::f()\n/* { crate::a::f() } */\n"
            "pub fn g(x: u8, y: u8) -> u8 { let _ = \"{ crate::a::f() }\"; x + y }\n"
            "pub fn s() -> &'static str { r#\", crate::a::f()\"# }\n",
            "tests.rs": "#[test]\nfn t() { assert_eq!(crate::a::f(), 6) }\n",
        },
        {"": set(), "a": {"b"}, "b": set()},
        0,
    ),
}


def self_test():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for case, (files, want_edges, want_rc) in SELF_TEST_CRATES.items():
            crate = os.path.join(tmp, case)
            os.makedirs(os.path.join(crate, "src"))
            for rel, text in files.items():
                with open(os.path.join(crate, "src", rel), "w", encoding="utf-8") as f:
                    f.write(text)
            edges = graph(crate, tests=False)
            if edges != want_edges:
                failures.append(f"{case}: edges {edges}, expected {want_edges}")
            cli = [sys.executable, os.path.abspath(__file__), crate, "--no-tests"]
            rc = subprocess.run(cli, capture_output=True, text=True).returncode
            if rc != want_rc:
                failures.append(f"{case}: exit {rc}, expected {want_rc}")
    for f in failures:
        print(f"modgraph self-test FAILED: {f}")
    if not failures:
        print(f"modgraph self-test: ok ({len(SELF_TEST_CRATES)} crates)")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("crate_dir")
    ap.add_argument("--no-tests", action="store_true")
    ap.add_argument("--edges", action="store_true")
    ap.add_argument("--dot", action="store_true")
    args = ap.parse_args()
    edges = graph(args.crate_dir, tests=not args.no_tests)
    if args.dot:
        print("digraph modules {")
        for v in sorted(edges):
            for w in sorted(edges[v]):
                print(f'  "{name(v)}" -> "{name(w)}";')
        print("}")
        return 0
    n_edges = sum(len(w) for w in edges.values())
    print(f"{args.crate_dir}: {len(edges)} modules, {n_edges} references between them")
    if args.edges:
        for v in sorted(edges):
            if edges[v]:
                print(f"  {name(v)} -> {', '.join(name(w) for w in sorted(edges[v]))}")
    cycles = [c for c in sccs(edges) if len(c) > 1]
    if not cycles:
        print("no cycles")
        return 0
    for c in cycles:
        print(f"CYCLE among {len(c)} modules: {', '.join(name(m) for m in c)}")
        print("  e.g. " + " -> ".join(name(m) for m in one_cycle(c, edges)))
    return 1


if __name__ == "__main__":
    sys.exit(main())
