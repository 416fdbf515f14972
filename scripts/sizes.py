#!/usr/bin/env python3
"""The largest functions and files in crates/*/src (tests aside).

    python3 scripts/sizes.py [--check] [ROOT]

Lines are counted as written (rustfmt's layout), without a file's trailing `#[cfg(test)]
mod tests { ... }` and without test-only files (`tests.rs`, `tests_*.rs`, `*_tests/`,
`testutil`). --check exits 1 when a function is over 120 lines or a file over 500.
"""
import os, re, sys
args = [a for a in sys.argv[1:] if a != '--check']
check = '--check' in sys.argv[1:]
root = args[0] if args else '.'
MAX_FN, MAX_FILE = 120, 500
fns, files = [], []
fnre = re.compile(r'^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+"C"\s+)?fn\s+(\w+)')
for dp, dn, fn in os.walk(os.path.join(root, 'crates')):
    if '/src' not in dp + '/': continue
    for f in fn:
        if not f.endswith('.rs'): continue
        p = os.path.join(dp, f)
        rel = os.path.relpath(p, root)
        if re.search(r'(^|/)(tests?[_/]|render_tests|testutil)|tests\.rs$|/tests_', rel): continue
        lines = open(p).read().split('\n')
        # cut a trailing #[cfg(test)] mod tests { ... }
        end = len(lines)
        for i, l in enumerate(lines):
            if l.startswith('#[cfg(test)]') and i + 1 < len(lines) and re.match(r'mod \w+ \{', lines[i+1]):
                end = i; break
        files.append((end, rel))
        for i in range(end):
            m = fnre.match(lines[i])
            if not m: continue
            ind = m.group(1)
            for j in range(i, end):
                if lines[j].rstrip().endswith(';') and '{' not in ''.join(lines[i:j+1]): break
                if lines[j] == ind + '}' or (j == i and lines[j].rstrip().endswith('}') and '{' in lines[j]) or (lines[j].rstrip().endswith(';') and j == i):
                    fns.append((j - i + 1, f'{rel}:{i+1} {m.group(8)}')); break
fns.sort(reverse=True); files.sort(reverse=True)
print('largest files:'); [print(f'  {n:5} {r}') for n, r in files[:10]]
print('largest functions:'); [print(f'  {n:5} {r}') for n, r in fns[:10]]
if check:
    over = [f'file {r}: {n} lines (> {MAX_FILE})' for n, r in files if n > MAX_FILE]
    over += [f'function {r}: {n} lines (> {MAX_FN})' for n, r in fns if n > MAX_FN]
    for o in over:
        print('TOO LONG: ' + o)
    sys.exit(1 if over else 0)
