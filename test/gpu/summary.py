"""The table of docs/cuda.md from the outputs of test/gpu/run.sh: the
median time of every measure (a row) at every size (a column), from the
SQL measures (gpu_times.csv) and NumPy and PyTorch (torch.csv), then the
targets checked against them.  Usage:
summary.py times.csv [torch.csv] [before=before_times.csv]"""
import csv
import statistics
import sys

BATCH = "64 rows"             # the many-small-layers measures (n = 0)
ORDER = ["linear_residual_relu, backend CPU", "linear_residual_relu, worker",
         "matmul, worker", "unfused spelling, fusion off, worker",
         "unfused spelling, fusion on, worker",
         "relu(add_bias(matmul)), fusion off, worker",
         "relu(add_bias(matmul)), fusion on, worker", "SQL floor relu(r)",
         "PyTorch FP64 host-to-host", "PyTorch FP64 on device", "NumPy CPU"]


def medians(path):
    """{(n, what): (median ms, count)} of a n,what,rep,ms CSV"""
    times = {}
    with open(path) as f:
        for row in csv.DictReader(r for r in f if not r.startswith("#")):
            times.setdefault((int(row["n"]), row["what"]), []).append(float(row["ms"]))
    return {k: (statistics.median(v), len(v)) for k, v in times.items()}


def ms(m, n, what):
    """A median, or None when not measured"""
    return m[(n, what)][0] if (n, what) in m else None


def main():
    m = {}
    for arg in sys.argv[1:]:
        if arg.startswith("before="):       # an earlier tree's measures
            m.update({(n, f"{w} (before)"): v for (n, w), v in medians(arg[7:]).items()})
        else:
            m.update(medians(arg))
    sizes = sorted({n for n, w in m if not w.startswith(BATCH)})
    whats = sorted({w for n, w in m if n in sizes},
                   key=lambda w: (ORDER.index(w.removesuffix(" (before)"))
                                  if w.removesuffix(" (before)") in ORDER else len(ORDER), w))
    print("| median ms | " + " | ".join(f"{n}²" for n in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for w in whats:
        cells = [f"{v:,.2f}" if (v := ms(m, n, w)) is not None else "" for n in sizes]
        print(f"| {w} | " + " | ".join(cells) + " |")
    print()
    for (n, w), (v, k) in sorted(m.items()):
        if w.startswith(BATCH):
            print(f"- {w}: {v:,.2f} ms (median of {k})")
    print()
    lrr, floor = "linear_residual_relu, worker", "SQL floor relu(r)"
    torch = "PyTorch FP64 host-to-host"
    if None not in (a := ms(m, 2048, lrr), f := ms(m, 2048, floor), t := ms(m, 2048, torch)):
        bound = 1.5 * (f + t)
        print(f"- 2048² linear_residual_relu on the worker {a:,.2f} ms against 1.5 x "
              f"(SQL floor {f:,.2f} + PyTorch host-to-host {t:,.2f}) = {bound:,.2f} ms: "
              f"{'met' if a <= bound else 'not met'}")
    if (a := ms(m, 1024, lrr)) is not None:
        print(f"- 1024² linear_residual_relu on the worker {a:,.2f} ms against 12 ms: "
              f"{'met' if a <= 12 else 'not met'}")
    for spelling in ("unfused spelling", "relu(add_bias(matmul))"):
        off, on = ms(m, 2048, f"{spelling}, fusion off, worker"), ms(m, 2048, f"{spelling}, fusion on, worker")
        if off is not None and on is not None:
            print(f"- 2048² {spelling}: fusion off {off:,.2f} ms / fusion on {on:,.2f} ms "
                  f"= {off / on:.2f}x (target >= 3x)")


if __name__ == "__main__":
    main()
