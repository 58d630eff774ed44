#!/usr/bin/python3
"""The series pipelines fused through series operations, in NumPy, on one
long series.

    numpy_series.py FILE

FILE holds one float8[] literal (the series bench/bench_fusion_series.pl
times in SQL).  Prints one line per pipeline, "bench: numpy NAME MS", the
best of 11 runs on the array already in memory.
"""

import sys
import time

import numpy as np

from numpy_bench import SERIES_PIPELINES, parse_vec


def main(argv):
    with open(argv[1]) as f:
        px = parse_vec(f.read().strip())
    for name, fn in SERIES_PIPELINES:
        t_best = float("inf")
        for _ in range(11):
            t0 = time.perf_counter()
            fn(px)
            t_best = min(t_best, time.perf_counter() - t0)
        print("bench: numpy %s %.3f" % (name, t_best * 1e3))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
