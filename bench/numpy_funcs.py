#!/usr/bin/python3
"""The NumPy/pandas side of bench/bench_funcs.pl: each case's Python
expression evaluated on every series, one call a series, as a user's loop.

    numpy_funcs.py VFILE WFILE RUNS CASEFILE NAME...

VFILE and WFILE hold one series a line (comma-separated values, as
array_to_string writes a float8[]); CASEFILE is the tab-separated case list
the SQL side read (name, SQL expression, Python expression over the arrays v
and w).  Prints, for each NAME, "bench: py NAME ms1 ms2 ..." (the
milliseconds of each of RUNS runs over all the series already in memory;
reading the files is not timed) and "bench: pyfirst NAME v1,v2,...", the
result for the first series, which the SQL side compares with its own.
"""

import sys
import time

import numpy as np
import pandas as pd


def load(path):
    """The series of path, one a line, as a list of float64 arrays."""
    with open(path) as f:
        return [np.array(line.split(","), dtype=np.float64)
                for line in f if line.strip()]


def cases(path):
    """name -> Python expression, from a case file of tab-separated lines."""
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, _sql, py = line.rstrip("\n").split("\t")
            out[name] = py
    return out


def flat(x):
    """A result as text: a scalar or the elements of a vector, NaN for NULL."""
    a = np.atleast_1d(np.asarray(x, dtype=np.float64))
    return ",".join(repr(float(e)) for e in a)


def main(argv):
    vs, ws = load(argv[1]), load(argv[2])
    runs = int(argv[3])
    exprs = cases(argv[4])
    # v and w as globals of the expression, so that a lambda in it sees them
    env = {"np": np, "pd": pd}
    for name in argv[5:]:
        code = compile(exprs[name], name, "eval")
        env["v"], env["w"] = vs[0], ws[0]
        first = eval(code, env)
        ms = []
        for _ in range(runs):
            t0 = time.perf_counter()
            for v, w in zip(vs, ws):
                env["v"], env["w"] = v, w
                eval(code, env)
            ms.append((time.perf_counter() - t0) * 1e3)
        print("bench: py %s %s" % (name, " ".join("%.2f" % m for m in ms)))
        print("bench: pyfirst %s %s" % (name, flat(first)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
