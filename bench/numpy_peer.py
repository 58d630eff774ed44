#!/usr/bin/python3
"""The peer workloads W1-W7 of bench/bench_peer.pl in NumPy, on the same
values held in memory.

    numpy_peer.py FILE BIGFILE RUNS WORKLOAD...

FILE holds one series a line (comma-separated values, as array_to_string
writes a float8[]), all of one length; BIGFILE one long series.  Prints, for
each workload, "bench: numpy WORKLOAD RESULT ms1 ms2 ...": a number the
SQL side also computes (to check both agree) and the milliseconds of each of
RUNS runs on the arrays already in memory (reading the files is not timed).
"""

import sys
import time

import numpy as np


def load(path):
    """The series of path, one a line, as a float64 matrix."""
    with open(path) as f:
        return np.array([np.array(line.split(","), dtype=np.float64)
                         for line in f if line.strip()])


def w1(px, big):
    """log returns x 252, one vector per series"""
    r = 252 * np.diff(np.log(px), axis=1)
    return r[:, -1].sum()


def w2(px, big):
    """mean and sample standard deviation of the log returns of each series"""
    r = np.diff(np.log(px), axis=1)
    return (r.mean(axis=1) + r.std(axis=1, ddof=1)).sum()


def w3(px, big, w=20):
    """rolling mean and z-score over w, by the cumulative-sum trick"""
    c = np.cumsum(px, axis=1)
    c2 = np.cumsum(px * px, axis=1)
    s = c[:, w - 1:].copy()
    s[:, 1:] -= c[:, :-w]
    s2 = c2[:, w - 1:].copy()
    s2[:, 1:] -= c2[:, :-w]
    mean = s / w
    var = (s2 - s * mean) / (w - 1)
    z = (px[:, w - 1:] - mean) / np.sqrt(var)
    return z[:, -1].sum()


def w4(px, big):
    """maximum drawdown of each series"""
    return (px / np.maximum.accumulate(px, axis=1) - 1).min(axis=1).sum()


def w5(px, big, alpha=0.1):
    """EMA(alpha), last value, all series at once a step at a time"""
    s = px[:, 0].copy()
    for i in range(1, px.shape[1]):
        s = alpha * px[:, i] + (1 - alpha) * s
    return s.sum()


def w6(px, big):
    """the average across the series, position by position"""
    return px.mean(axis=0).sum()


def w7a(px, big):
    """10^6 log returns"""
    return np.diff(np.log(big))[-1]


def w7b(px, big):
    """cumulative log return of 10^6"""
    return np.cumsum(np.diff(np.log(big)))[-1]


WORKLOADS = {"W1": w1, "W2": w2, "W3": w3, "W4": w4, "W5": w5, "W6": w6,
             "W7a": w7a, "W7b": w7b}


def main(argv):
    px = load(argv[1])
    big = load(argv[2])[0]
    runs = int(argv[3])
    for name in argv[4:]:
        fn = WORKLOADS[name]
        res = fn(px, big)
        ms = []
        for _ in range(runs):
            t0 = time.perf_counter()
            fn(px, big)
            ms.append((time.perf_counter() - t0) * 1e3)
        print("bench: numpy %s %.12g %s" % (name, res,
                                           " ".join("%.2f" % m for m in ms)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
