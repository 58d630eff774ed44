#!/usr/bin/python3
"""NumPy beside bench/bench_plpgsql_sql.pl: the same element-wise work on
arrays already in memory, as a NumPy loop would do it.

    numpy_plpgsql.py N SMALL_COUNT SMALL_LEN

Prints TSV lines "numpy  NAME  ms_per_call", each the best CPU time of 5
repeats of a loop (20 calls at N elements; one pass over SMALL_COUNT pairs of SMALL_LEN
elements for the small-vector loop, whose figure is per pass).  The result
of each call is a new array, as the PL/pgSQL assignment r := ... makes one.
"""

import sys
import time

import numpy as np

REPEATS = 5


def best(fn, calls):
    """Best CPU time per call, in milliseconds, of fn over calls calls (CPU
    time of the process, as the SQL side counts the backend's)."""
    t_best = float("inf")
    for _ in range(REPEATS):
        t0 = time.process_time()
        for _ in range(calls):
            fn()
        t_best = min(t_best, (time.process_time() - t0) / calls)
    return t_best * 1e3


def main(argv):
    n, small_count, small_len = int(argv[1]), int(argv[2]), int(argv[3])
    rng = np.random.default_rng(42)
    x = 0.5 + rng.random(n)
    y = 0.5 + rng.random(n)
    small = [(0.5 + rng.random(small_len), 0.5 + rng.random(small_len))
             for _ in range(small_count)]

    def small_loop():
        for a, b in small:
            (a - b) * 2 + 1

    rows = [
        ("sub", best(lambda: x - y, 20)),
        ("affine", best(lambda: (x - y) * 2 + 1, 20)),
        ("chain5", best(lambda: (((x - y) * 2 + 1) * x) / y, 20)),
        ("small_loop", best(small_loop, 1)),
    ]
    for name, ms in rows:
        print("numpy\t%s\t%.3f" % (name, ms))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
