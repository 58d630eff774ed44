#!/usr/bin/env python3
"""CPU time of one query under two configurations, alternately, in
single-user backends (no client, no socket): perf's task-clock (stat) or
its cpu-clock samples summed per symbol (record), over many pairs, since
this machine's noise hides a few per cent in any one pair.

A configuration is INSTALL:SETTING, INSTALL a tmp_install tree (this work
tree's by default: '.') and SETTING fusekern.enable_fusion (on|off).  The
data directory is the 'make psql' cluster's (tmp_check/psql/data), which is
stopped first and left stopped; --setup first creates there pp_big (one
series of 10^6 elements, float8[] and nvec, stored uncompressed) and
pp_small (100 series of 10^4), as bench/bench_fusion_series.pl's.

  bench/perf_pair.py --setup
  bench/perf_pair.py [--mode stat|record] [--pairs 12] [--queries 150] \\
      "SELECT sum(pg_column_size(cumsum(dlog(v, 1)))) FROM pp_big" .:on .:off
"""
import argparse
import collections
import os
import re
import statistics
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(TOP, "tmp_check/psql/data")
SETUP = """
SELECT setseed(0.25);
DROP TABLE IF EXISTS pp_big, pp_small;
CREATE TABLE pp_big (v float8[], vn nvec);
ALTER TABLE pp_big ALTER v SET STORAGE EXTERNAL, ALTER vn SET STORAGE EXTERNAL;
INSERT INTO pp_big (v)
  SELECT array_agg(100 * exp(s) ORDER BY i)
  FROM (SELECT i, sum(0.01 * (random() - 0.5)) OVER (ORDER BY i) AS s
        FROM generate_series(1, 1000000) i) t;
UPDATE pp_big SET vn = v::nvec;
CREATE TABLE pp_small (id int, v float8[], vn nvec);
ALTER TABLE pp_small ALTER v SET STORAGE EXTERNAL, ALTER vn SET STORAGE EXTERNAL;
INSERT INTO pp_small (id, v)
  SELECT r, v[(r - 1) * 10000 + 1 : r * 10000] FROM pp_big, generate_series(1, 100) r;
UPDATE pp_small SET vn = v::nvec;
VACUUM ANALYZE pp_big, pp_small;
"""


def bindir(install):
    """The server binaries of a tmp_install tree (a work tree's root)"""
    pg = subprocess.run(["pg_config", "--bindir"], capture_output=True,
                        text=True, check=True).stdout.strip()
    return os.path.join(os.path.abspath(install), "tmp_install") + pg


def as_postgres(cmd):
    """cmd, run as postgres when called as root (the server refuses root)"""
    return ["runuser", "-u", "postgres", "--"] + cmd if os.getuid() == 0 else cmd


def single(install, script, perf):
    """Run the SQL lines of script in a single-user backend under perf"""
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as f:
        f.write(script)
    os.chmod(f.name, 0o644)
    with open(f.name) as inp:
        r = subprocess.run(perf + as_postgres([bindir(install) + "/postgres", "--single",
                                               "-D", DATA, "postgres"]),
                           stdin=inp, capture_output=True, text=True)
    os.unlink(f.name)
    errors = [l for l in (r.stdout + r.stderr).splitlines() if "ERROR" in l]
    if errors:
        sys.exit("perf_pair: the backend reported an error (--setup first?):\n" + errors[0])


def measure(args, install, setting, out):
    """One run: task-clock in ms (stat), or samples per symbol (record)"""
    script = "SET fusekern.enable_fusion = %s\n" % setting + (args.query + "\n") * args.queries
    if args.mode == "stat":
        single(install, script, ["perf", "stat", "-x,", "-e", "task-clock", "-o", out])
        return next(float(l.split(",")[0]) for l in open(out) if "task-clock" in l)
    single(install, script, ["perf", "record", "-q", "-F", "4000", "-e", "cpu-clock", "-o", out])
    rep = subprocess.run(["perf", "report", "-i", out, "--sort", "sym", "-n", "--stdio"],
                         capture_output=True, text=True).stdout
    c = collections.Counter()
    for line in rep.splitlines():
        m = re.match(r"\s*[0-9.]+%\s+(\d+)\s+\[.\]\s+(.*)$", line)
        if m:
            c[m.group(2).strip()] += int(m.group(1))
    return c


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--setup", action="store_true")
    ap.add_argument("--mode", choices=["stat", "record"], default="stat")
    ap.add_argument("--pairs", type=int, default=12)
    ap.add_argument("--queries", type=int, default=150)
    ap.add_argument("--top", type=int, default=16)
    ap.add_argument("query", nargs="?")
    ap.add_argument("configs", nargs="*")
    args = ap.parse_args()
    os.chdir(TOP)
    subprocess.run(["bash", "test/harness.sh", "psql", "-c", "SELECT 1"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    subprocess.run(["bash", "test/harness.sh", "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    if args.setup:
        # single-user mode ends a statement at a newline: one line each
        single(".", "".join(st + ";\n" for st in " ".join(SETUP.split()).split(";") if st.strip()), [])
        return
    if not args.query or len(args.configs) != 2:
        ap.error("a query and two configurations INSTALL:SETTING")
    cfgs = [c.rsplit(":", 1) for c in args.configs]
    res = [[], []]
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o777)
        for i in range(args.pairs):
            for c in ((0, 1) if i % 2 == 0 else (1, 0)):
                res[c].append(measure(args, cfgs[c][0], cfgs[c][1], "%s/%d.out" % (tmp, c)))
    names = ["%s:%s" % tuple(c) for c in cfgs]
    if args.mode == "stat":
        for c in (0, 1):
            print("%-24s task-clock ms: median %.1f, min %.1f; runs %s" % (
                names[c], statistics.median(res[c]), min(res[c]),
                " ".join("%.0f" % t for t in res[c])))
        r = [b / a for a, b in zip(res[0], res[1])]
        print("second / first, per pair: median %.3f (min %.3f, max %.3f); of the medians %.3f" % (
            statistics.median(r), min(r), max(r),
            statistics.median(res[1]) / statistics.median(res[0])))
        return
    tot = [sum(res[c], collections.Counter()) for c in (0, 1)]
    keys = sorted(set(tot[0]) | set(tot[1]), key=lambda k: -(tot[0][k] + tot[1][k]))
    print("%-50s %9s %9s %8s" % ("samples", names[0][-9:], names[1][-9:], "2nd-1st"))
    print("%-50s %9d %9d %8d" % ("total", sum(tot[0].values()), sum(tot[1].values()),
                                 sum(tot[1].values()) - sum(tot[0].values())))
    for k in keys[:args.top]:
        print("%-50s %9d %9d %8d" % (k[:50], tot[0][k], tot[1][k], tot[1][k] - tot[0][k]))


if __name__ == "__main__":
    main()
