#!/usr/bin/env python3
"""How often the cost model's `min-max` slope interval (fewer than 6 sizes: the smallest
and largest slope between two sizes) contains the true slope, by simulation.

Points: sizes spaced as the default run's are (64 B to 4 MiB, taken 3, 4 and 5 at a time
from the list), times on a straight line plus independent noise, normal or heavy-tailed
(Student t, 3 degrees of freedom), proportional to the time (a CV of 2 %). The interval
contains the true slope unless every pairwise slope lies on one side of it.

    python3 scripts/minmax-coverage.py [TRIALS]
"""
import random
import sys

SIZES = [64, 384, 4096, 16384, 65536, 1 << 20, 4 << 20]


def t3(rng):
    # Student t with 3 degrees of freedom: a normal over sqrt(chi2_3 / 3).
    z = rng.gauss(0, 1)
    chi = sum(rng.gauss(0, 1) ** 2 for _ in range(3))
    return z / (chi / 3) ** 0.5


def coverage(sizes, noise, trials, rng):
    a, b = 20.0, 0.1  # 20 ns fixed, 10 GB/s
    hit = 0
    for _ in range(trials):
        pts = [(n, (a + b * n) * (1 + 0.02 * noise(rng))) for n in sizes]
        slopes = [
            (y2 - y1) / (x2 - x1)
            for i, (x1, y1) in enumerate(pts)
            for (x2, y2) in pts[i + 1:]
        ]
        hit += min(slopes) <= b <= max(slopes)
    return hit / trials


def main():
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rng = random.Random(1)
    picks = {3: [64, 4096, 1 << 20], 4: [64, 4096, 65536, 4 << 20], 5: [64, 4096, 16384, 1 << 20, 4 << 20]}
    print("sizes  normal noise  t3 noise")
    for k, sizes in picks.items():
        n = coverage(sizes, lambda r: r.gauss(0, 1), trials, rng)
        t = coverage(sizes, t3, trials, rng)
        print(f"{k:5d}  {n:11.1%}  {t:8.1%}")


if __name__ == "__main__":
    main()
