#!/usr/bin/python3
"""The rolling z-score, w = 20, of each row of a file of price series, in
NumPy: the cumulative-sum version of numpy_bench.zscore_roll.

    numpy_zscore.py FILE RUNS

FILE holds one float8[] literal a line.  Prints "bench: numpy zscore_roll
MS" for each of RUNS runs over every row (the arrays already in memory),
and the best.
"""

import sys
import time

import numpy as np

from numpy_bench import parse_vec, zscore_roll


def main(argv):
    with open(argv[1]) as f:
        rows = [parse_vec(line.strip()) for line in f if line.strip()]
    runs = int(argv[2])
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for px in rows:
            zscore_roll(px)
        times.append((time.perf_counter() - t0) * 1e3)
    print("bench: numpy zscore_roll runs %s best %.1f ms (%d rows of %d)"
          % (" ".join("%.1f" % t for t in times), min(times), len(rows),
             len(rows[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
