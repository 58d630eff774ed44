#!/usr/bin/python3
"""Benchmark data for fusekern, written in COPY text format.

    gen_data.py series COUNT LENGTH NULLS   rows: id, px float8[], px_n nvec
    gen_data.py plot TOTAL LEN...           rows: len, id, px, px_n
    gen_data.py dense M K N COUNT LFILE BFILE   rows of 'layer' (w K x N, bias N)
                                            and 'batch' (x M x K, res M x N)

Series are price-like: log prices take daily steps of sd 0.02 and revert
slowly to a level near 100, rounded to four decimals as quotes are.  In 'series', ids 1..COUNT have no NULLs and ids COUNT+1..2*COUNT
are the same kind of series with a share NULLS of their elements missing.
px and px_n hold the same values.  The output depends only on the arguments
(fixed seeds), so every run, and the NumPy side reading the same files,
sees the same data.  Only the standard library is used.
"""

import math
import random
import sys


def walk(rng, length):
    """One price-like series of length values."""
    # log price reverts slowly to its level, so long series stay in a
    # realistic range (stationary sd about 0.45) and never round to zero
    level = math.log(100.0) + rng.gauss(0.0, 0.5)
    lp = level
    out = []
    for _ in range(length):
        lp = level + 0.999 * (lp - level) + rng.gauss(0.0003, 0.02)
        out.append(round(math.exp(lp), 4))
    return out


def literal(values, nulls, rng):
    """The array literal of values, with a share nulls of them NULL."""
    if nulls <= 0:
        return "{" + ",".join(map(repr, values)) + "}"
    return "{" + ",".join("NULL" if rng.random() < nulls else repr(v)
                          for v in values) + "}"


def emit_series(out, count, length, nulls):
    rng = random.Random(20261122)
    for sid in range(1, 2 * count + 1):
        share = 0.0 if sid <= count else nulls
        lit = literal(walk(rng, length), share, rng)
        out.write("%d\t%s\t%s\n" % (sid, lit, lit))


def emit_plot(out, total, lengths):
    rng = random.Random(7)
    for length in lengths:
        for sid in range(1, max(1, total // length) + 1):
            lit = literal(walk(rng, length), 0.0, rng)
            out.write("%d\t%d\t%s\t%s\n" % (length, sid, lit, lit))


def matrix(rng, rows, cols, scale):
    """A rows x cols float8[] literal (1-D when rows is 0) of N(0, scale) entries."""
    def row():
        return "{" + ",".join(repr(round(rng.gauss(0.0, scale), 6))
                              for _ in range(cols)) + "}"
    if rows == 0:
        return row()
    return "{" + ",".join(row() for _ in range(rows)) + "}"


def emit_dense(out_layer, out_batch, m, k, n, count):
    rng = random.Random(99)
    out_layer.write("1\t%s\t%s\n" % (matrix(rng, k, n, 1.0 / math.sqrt(k)),
                                     matrix(rng, 0, n, 0.1)))
    for bid in range(1, count + 1):
        out_batch.write("%d\t%s\t%s\n" % (bid, matrix(rng, m, k, 1.0),
                                          matrix(rng, m, n, 1.0)))


def main(argv):
    if len(argv) == 5 and argv[1] == "series":
        emit_series(sys.stdout, int(argv[2]), int(argv[3]), float(argv[4]))
    elif len(argv) >= 4 and argv[1] == "plot":
        emit_plot(sys.stdout, int(argv[2]), [int(a) for a in argv[3:]])
    elif len(argv) == 8 and argv[1] == "dense":
        with open(argv[6], "w") as fl, open(argv[7], "w") as fb:
            emit_dense(fl, fb, int(argv[2]), int(argv[3]), int(argv[4]),
                       int(argv[5]))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
