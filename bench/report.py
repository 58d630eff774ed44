#!/usr/bin/python3
"""Tables and plot of 'make bench' from the raw files bench/run.sh wrote.

    report.py OUTDIR COUNT LENGTH NULLS TIME ROUNDS "M K N"

Prints the report (run.sh keeps it as results.txt) and writes
ns_per_element.dat and ns_per_element.png (gnuplot) into OUTDIR.
"""

import os
import statistics
import subprocess
import sys

SPELLINGS = ("fused", "direct", "unfused", "plain")
PLOT_SERIES = (("fused", "fused"), ("unfused", "unfused"),
               ("plain", "plain SQL"), ("numpy", "NumPy"),
               ("base", "bare scan"))


def read_tsv(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def fmt(v, width, digits=1):
    if v is None:
        return "-".rjust(width)
    if isinstance(v, str):
        return v.rjust(width)
    return ("%.*f" % (digits, v)).rjust(width)


def pgbench_table(out, rows, numpy_calls):
    """Median TPS and latency per workload, clients and spelling; ratios are
    the median over rounds of the ratio within a round (side by side)."""
    runs = {}
    order = []
    for name, sp, cl, rnd, tps, lat in rows:
        key = (name, int(cl))
        if key not in runs:
            runs[key] = {}
            order.append(key)
        runs[key].setdefault(sp, {})[rnd] = (tps, lat)

    def cell(key, sp):
        """(tps, latency) medians, "n/a"/"error", or None when not run."""
        vals = runs.get(key, {}).get(sp)
        if not vals:
            return None
        for t, _ in vals.values():
            if t in ("n/a", "error"):
                return t
        return (statistics.median(float(t) for t, _ in vals.values()),
                statistics.median(float(l) for _, l in vals.values()))

    def ratio(key_a, sp_a, key_b, sp_b, field):
        """Median over the rounds both ran of a[field] / b[field]."""
        a = runs.get(key_a, {}).get(sp_a, {})
        b = runs.get(key_b, {}).get(sp_b, {})
        rs = []
        for rnd in set(a) & set(b):
            try:
                x, y = float(a[rnd][field]), float(b[rnd][field])
            except ValueError:
                return None
            if y > 0:
                rs.append(x / y)
        return statistics.median(rs) if rs else None

    out.append("%-18s %2s %10s %8s %10s %10s %8s %10s %8s %7s %7s %7s %7s %9s" % (
        "workload", "cl", "fused tps", "lat ms", "direct tps", "unfus tps",
        "lat ms", "plain tps", "lat ms", "f/unf", "f/plain", "f/dir",
        "lat/scn", "numpy us"))
    for key in order:
        name, cl = key
        main_sp = "base" if name.startswith(("scan", "query", "output")) else "fused"
        if main_sp == "fused" and cell(key, "fused") is None and cell(key, "direct") is not None:
            # a workload without a fused spelling (nothing to fuse yet):
            # its fusekern call stands in the fused columns
            main_sp = "direct"
        cells = {sp: cell(key, sp) for sp in SPELLINGS}
        cells["fused"] = cell(key, main_sp)

        def tps(sp):
            c = cells[sp]
            return c if isinstance(c, str) or c is None else c[0]

        def lat(sp):
            c = cells[sp]
            return c if isinstance(c, str) or c is None else c[1]

        lat_scan = None
        if name != "scan" and not name.startswith(("gelu", "linres")):
            lat_scan = ratio(key, main_sp, ("scan", cl), "base", 1)
        out.append("%-18s %2d %s %s %s %s %s %s %s %s %s %s %s %s" % (
            name + (" (%s)" % main_sp if main_sp in ("base", "direct") else ""), cl,
            fmt(tps("fused"), 10), fmt(lat("fused"), 8, 3),
            fmt(tps("direct"), 10), fmt(tps("unfused"), 10),
            fmt(lat("unfused"), 8, 3), fmt(tps("plain"), 10),
            fmt(lat("plain"), 8, 3),
            fmt(ratio(key, main_sp, key, "unfused", 0), 7, 2),
            fmt(ratio(key, main_sp, key, "plain", 0), 7, 1),
            fmt(ratio(key, main_sp, key, "direct", 0), 7, 2),
            fmt(lat_scan, 7, 2),
            fmt(numpy_calls.get(name), 9, 1)))


def plot(outdir, plot_rows, numpy_plot, out):
    """ns per element against length: a table, a .dat file and a PNG."""
    ns = {}
    for sp, ln, rows, lat in plot_rows:
        ns.setdefault(int(ln), {})[sp] = float(lat) * 1e6 / (int(rows) * int(ln))
    for ln, v in numpy_plot.items():
        ns.setdefault(ln, {})["numpy"] = v
    if not ns:
        return
    lengths = sorted(ns)
    out.append("%10s %s" % ("length", " ".join("%10s" % t for _, t in PLOT_SERIES)))
    dat = os.path.join(outdir, "ns_per_element.dat")
    with open(dat, "w") as f:
        f.write("# length %s (ns per element; ? = not measured)\n"
                % " ".join(s for s, _ in PLOT_SERIES))
        for ln in lengths:
            vals = [ns[ln].get(s) for s, _ in PLOT_SERIES]
            f.write("%d %s\n" % (ln, " ".join("?" if v is None else "%.4g" % v
                                               for v in vals)))
            out.append("%10d %s" % (ln, " ".join(fmt(v, 10, 2) for v in vals)))
    png = os.path.join(outdir, "ns_per_element.png")
    gp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plot.gp")
    r = subprocess.run(["gnuplot", "-e", "datafile='%s'; pngfile='%s'" % (dat, png), gp],
                       capture_output=True, text=True)
    if r.returncode != 0:
        out.append("gnuplot failed: " + r.stderr.strip())
    else:
        out.append("plot: " + png)


def main(argv):
    outdir, count, length, nulls, secs, rounds, dims = argv[1:8]
    out = []
    out.append("fusekern benchmarks on %s, %d CPUs" % (cpu_model(), os.cpu_count()))
    out.append("data: %s series x %s elements without NULLs, %s more with %s NULLs; "
               "dense batches %s (M K N)" % (count, length, count, nulls, dims))
    out.append("pgbench -M prepared, %s s per run, %s round(s) (median)" % (secs, rounds))
    out.append("")

    checks = read_tsv(os.path.join(outdir, "checks.tsv"))
    bad = [c for c in checks if len(c) < 3 or c[2] != "ok"]
    out.append("Spelling check: %d agree, %d differ" % (len(checks) - len(bad), len(bad)))
    for c in bad:
        out.append("  " + " ".join(c))
    out.append("")

    numpy_rows = read_tsv(os.path.join(outdir, "numpy.tsv"))
    numpy_calls = {r[1]: float(r[2]) for r in numpy_rows if r[0] == "call"}
    out.append("pgbench: TPS and average latency; f/unf, f/plain, f/dir = fused TPS over "
               "that spelling's TPS; lat/scn = fused latency over the bare scan's; "
               "numpy us = NumPy per call")
    pgbench_table(out, read_tsv(os.path.join(outdir, "pgbench.tsv")), numpy_calls)
    out.append("")

    out.append("ns per element against length (1 client, all series of a length per query; "
               "NumPy: computation only)")
    numpy_plot = {int(r[1]): float(r[2]) for r in numpy_rows if r[0] == "plot"}
    plot(outdir, read_tsv(os.path.join(outdir, "plot_sql.tsv")), numpy_plot, out)
    out.append("")

    out.append("NumPy on the same data (best of 5; us per call, ns per element)")
    for r in numpy_rows:
        if r[0] == "call":
            out.append("  %-14s %9s us %9s ns/elem" % (r[1], r[2], r[3]))
        elif r[0] == "ref":
            out.append("  %-14s %9s ms %9s ns/elem" % (r[1], r[2], r[3]))
        elif r[0] == "mem":
            out.append("  %-14s %9s ms %9s GB/s" % (r[1], r[2], r[3]))
    out.append("")

    mal = read_tsv(os.path.join(outdir, "malloc.tsv"))
    if mal:
        out.append("glibc malloc: minor page faults per query (4 KiB pages, as installed), and "
                   "average latency (ms) with malloc as glibc sets it (fusekern.keep_freed_memory = 0), "
                   "with the default keep_freed_memory = 64MB, and under GLIBC_TUNABLES keeping "
                   "freed memory (bench/run.sh MALLOC_TUNED)")
        for r in mal:
            if r[0] == "faults":
                out.append("  faults  %-12s %8s per query" % (r[1], r[2]))
        times = {}
        for r in mal:
            if r[0] == "time":
                times.setdefault(r[1], {})[r[2]] = r[3]
        def ratio(a, b):
            try:
                return "%.2f" % (float(a) / float(b))
            except (TypeError, ValueError):
                return "-"
        for name, t in times.items():
            d, g, u = t.get("default"), t.get("guc", "-"), t.get("tuned")
            out.append("  latency %-12s glibc %8s  keep_freed_memory=64MB %8s  tuned %8s"
                       "  glibc/guc %5s  glibc/tuned %5s"
                       % (name, d, g, u, ratio(d, g), ratio(d, u)))
        out.append("")

    for name in ("scan", "logret"):
        for fname, title in (("profile_perf_%s.txt" % name,
                              "Profile of %s: perf cpu-clock samples of the server "
                              "(self time)" % name),
                             ("profile_callgrind_%s.txt" % name,
                              "Profile of %s: callgrind instructions of a single-user "
                              "backend, one query per series (AVX2 path under valgrind)"
                              % name)):
            path = os.path.join(outdir, fname)
            if os.path.exists(path) and os.path.getsize(path) > 0:
                out.append(title)
                with open(path) as f:
                    out.extend("  " + line.rstrip("\n")[:110] for line in f.readlines()[:48])
                out.append("")

    for fname, title in (("kernel_bench.txt", "Kernel micro-benchmark (bench/bin/kernel_bench 3)"),
                         ("bench_dense.txt",
                          "Dense layer micro-benchmark (bench/bench_dense 32 64 128 256)")):
        path = os.path.join(outdir, fname)
        if os.path.exists(path) and os.path.getsize(path) > 0:
            out.append(title)
            with open(path) as f:
                out.extend("  " + line.rstrip("\n") for line in f)
        else:
            out.append(title + ": not run (not built, or left out by FK_BENCH_ONLY)")
        out.append("")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
