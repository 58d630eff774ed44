#!/usr/bin/python3
"""The workloads of 'make bench' in NumPy, on the same data files.

    numpy_bench.py DATADIR COUNT PLOT_TOTAL "M K N" LENGTH...

Reads the COPY files bench/gen_data.py wrote (NULL read as NaN, as NumPy
users keep gaps) and times each computation as a NumPy user would write it,
on arrays already in memory: the figures leave out what the SQL side also
pays for fetching the data and building a result value.  Prints TSV lines:
    call  WORKLOAD  us_per_call  ns_per_element
    plot  LENGTH    ns_per_element
    ref   WHAT      ms           ns_per_element
    mem   WHAT      ms           GB_per_s
Each figure is the best of several repeats of a loop over all the series.
"""

import os
import sys
import time

import numpy as np

try:
    import pandas as pd         # the vectorised peer of ema
except ImportError:
    pd = None

REPEATS = 5
SQRT_2_OVER_PI = 0.7978845608028654


def parse_vec(lit):
    """A 1-D array literal as float64, NULL as NaN."""
    return np.array(lit[1:-1].replace("NULL", "nan").split(","),
                    dtype=np.float64)


def parse_mat(lit):
    """A 2-D array literal as a float64 matrix."""
    rows = lit[2:-2].split("},{")
    return np.array([r.split(",") for r in rows], dtype=np.float64)


def best(fn, args_list):
    """Best time, in seconds, of one pass of fn over args_list."""
    t_best = float("inf")
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        for args in args_list:
            fn(*args)
        t_best = min(t_best, time.perf_counter() - t0)
    return t_best


def logret(px):
    return 252 * np.diff(np.log(px)) + 0


def spread(x, y):
    return (x - y) * 2.5 + 0.5


def zscore(x, m, sd):
    return (x - m) / sd


def cumret(px):
    return np.cumsum(np.diff(np.log(px)))


def vstddev_dlog(px):
    return np.diff(np.log(px)).std(ddof=1)


def vmean_dlog(px):
    return np.diff(np.log(px)).mean()


def zscore_roll(px, w=20):
    """(px - rolling mean) / rolling sample stddev over w elements, NaN
    before the first full window: running sums of x and x*x, the O(n) way
    (sliding_window_view(...).std() costs w times more)."""
    c1 = np.concatenate(([0.0], np.cumsum(px)))
    c2 = np.concatenate(([0.0], np.cumsum(px * px)))
    s1 = c1[w:] - c1[:-w]
    s2 = c2[w:] - c2[:-w]
    mean = s1 / w
    sd = np.sqrt(np.maximum(s2 - s1 * mean, 0.0) / (w - 1))
    out = np.full(px.shape, np.nan)
    out[w - 1:] = (px[w - 1:] - mean) / sd
    return out


def ema(px, alpha=0.1):
    """ema(px, 0.1) as pandas users write it: s = a x + (1 - a) s from the
    first element on (ewm with adjust=False, as fusekern's ema)."""
    return pd.Series(px).ewm(alpha=alpha, adjust=False).mean().to_numpy()


# The series pipelines fused through series operations, by workload name
SERIES_PIPELINES = (("cumret", cumret), ("vstddev_dlog", vstddev_dlog),
                    ("vmean_dlog", vmean_dlog), ("zscore_roll", zscore_roll))


def gelu_linear(x, w, b):
    g = 0.5 * x * (1 + np.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x * x * x)))
    return g @ w + b


def linres(x, w, b, res):
    return np.maximum(x @ w + b + res, 0)


def call_line(name, seconds, calls, elements):
    print("call\t%s\t%.3f\t%.3f" % (name, seconds / calls * 1e6,
                                    seconds / (calls * elements) * 1e9))


def main(argv):
    datadir, count, total = argv[1], int(argv[2]), int(argv[3])
    m, k, n = (int(a) for a in argv[4].split())
    lengths = [int(a) for a in argv[5:]]

    plain, nulls = [], []
    with open(os.path.join(datadir, "series.copy")) as f:
        for line in f:
            sid, lit, _ = line.rstrip("\n").split("\t")
            (plain if int(sid) <= count else nulls).append(parse_vec(lit))
    length = len(plain[0])

    call_line("logret", best(logret, [(p,) for p in plain]), count, length)
    call_line("logret_nulls", best(logret, [(p,) for p in nulls]), count,
              length)
    pairs = [(plain[i], plain[(i + 1) % count]) for i in range(count)]
    call_line("spread", best(spread, pairs), count, length)
    stats = [(p, p.mean(), p.std(ddof=1)) for p in plain]
    call_line("zscore", best(zscore, stats), count, length)
    for name, fn in SERIES_PIPELINES:
        call_line(name, best(fn, [(p,) for p in plain]), count, length)
    if pd is not None:
        call_line("ema", best(ema, [(p,) for p in plain]), count, length)

    with open(os.path.join(datadir, "layer.copy")) as f:
        _, wlit, blit = f.readline().rstrip("\n").split("\t")
    w, b = parse_mat(wlit), parse_vec(blit)
    batches = []
    with open(os.path.join(datadir, "batch.copy")) as f:
        for line in f:
            _, xlit, rlit = line.rstrip("\n").split("\t")
            batches.append((parse_mat(xlit), parse_mat(rlit)))
    assert batches[0][0].shape == (m, k) and w.shape == (k, n)
    call_line("gelu_linear", best(gelu_linear, [(x, w, b) for x, _ in batches]),
              len(batches), m * n)
    call_line("linres", best(linres, [(x, w, b, r) for x, r in batches]),
              len(batches), m * n)

    by_len = {}
    with open(os.path.join(datadir, "plotdata.copy")) as f:
        for line in f:
            ln, _, lit, _ = line.rstrip("\n").split("\t")
            by_len.setdefault(int(ln), []).append(parse_vec(lit))
    for ln in lengths:
        rows = by_len[ln]
        t = best(logret, [(p,) for p in rows])
        print("plot\t%d\t%.3f" % (ln, t / (len(rows) * ln) * 1e9))

    # throughput references: np.log over 10^6 elements, in place in cache
    a = by_len[max(lengths)][0].copy() if max(lengths) >= 10 ** 6 else \
        np.linspace(1.0, 200.0, 10 ** 6)
    c = np.empty_like(a)
    t = best(np.log, [(a, c)])
    print("ref\tnp.log 1e6\t%.3f\t%.3f" % (t * 1e3, t / a.size * 1e9))
    # memory bandwidth references: copies of 8 MB (cache) and 80 MB (DRAM)
    for mb in (8, 80):
        a = np.ones(mb * 131072)
        c = np.empty_like(a)
        t = best(np.copyto, [(c, a)])
        print("mem\tcopy %d MB\t%.3f\t%.1f" % (mb, t * 1e3, 2 * a.nbytes / t / 1e9))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
