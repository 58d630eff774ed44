#!/usr/bin/env python3
"""Dense layers from SQL: the fused call, the nested spelling unfused and
planner-fused, the SQL floor, NumPy and (where present) PyTorch FP64 on a GPU.

    PGHOST=... PGPORT=... PGDATABASE=... [PGUSER=...] python3 bench/bench_dense_fusion.py
        [--sizes 512,1024,2048] [--runs 5] [--rows 16] [--worker]

Talks to the server through psql (PSQL, default 'psql'), in the database the
libpq environment names; creates the schema fk_bench there (dropped at the
end unless --keep) and needs fusekern installed.  Every SQL figure is the
median over --runs of one statement's wall time inside the server
(clock_timestamp() around EXECUTE in PL/pgSQL, so no client transfer), after
one warm-up run.  The data are exact small dyadic values from a formula, so
NumPy and PyTorch compute on the very same numbers without a transfer.

Per size n:
  square  one n x n layer, x 2-D:  linear_residual_relu(x, w, b, r);
          relu(add_bias(matmul(x, w), b)) (the nested spelling a 2-D x
          allows: vadd and + take one-dimensional arrays) with
          fusekern.enable_fusion off and on (planner-fused into linear_relu);
          relu(r) (the SQL floor: reading r and writing an n x n result);
          NumPy np.maximum(x @ w + b + r, 0) and np.maximum(x @ w + b, 0);
          PyTorch FP64 host -> GPU -> host.
  rows    --rows rows, each a 1-D x of n through the same n x n w, per row:
          linear_residual_relu(x, w, b, r); relu(vadd(add_bias(matmul(x, w),
          b), r)) with fusekern.enable_fusion off and on (planner-fused);
          relu(r); NumPy per row.
--worker adds the square and rows figures with fusekern.cuda_min_flops = 0
(every layer offered to the executor worker: the cluster must run with
fusekern.cuda = on, and the session must be a superuser's).

Then the many-small-layers case of docs/dense.md: 64 rows, each x 32 x 256
through w 256 x 256, one call per row against one call on the 2048 x 256
stack of them.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

PSQL = os.environ.get("PSQL", "psql")


def psql(sql):
    """Run sql through psql; return its unaligned, tuples-only output."""
    out = subprocess.run([PSQL, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                          "-c", "SET client_min_messages = warning", "-f", "-"],
                         input=sql, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("psql failed: %s" % out.stderr.strip())
    return out.stdout.strip()


def value(i, j, salt):
    """The formula of the data: exact dyadic values in [-0.75, 0.75]."""
    return ((i * 31 + j * 17 + salt * 7) % 97 - 48) / 64.0


SETUP = r"""
DROP SCHEMA IF EXISTS fk_bench CASCADE;
CREATE SCHEMA fk_bench;
-- an r x c matrix (1-D of c when r is 0) of the formula of value()
CREATE FUNCTION fk_bench.mat(r int, c int, salt int) RETURNS float8[]
LANGUAGE sql AS $$
  SELECT CASE WHEN r = 0 THEN
    (SELECT array_agg(((0 * 31 + j * 17 + salt * 7) % 97 - 48) / 64.0::float8 ORDER BY j)
       FROM generate_series(0, c - 1) j)
  ELSE
    (SELECT array_agg(row ORDER BY i) FROM
      (SELECT i, array_agg(((i * 31 + j * 17 + salt * 7) % 97 - 48) / 64.0::float8 ORDER BY j) AS row
         FROM generate_series(0, r - 1) i, generate_series(0, c - 1) j GROUP BY i) s)
  END
$$;
-- the wall times in ms of runs executions of q (after one warm-up), with
-- fusion and the worker's threshold as given
CREATE FUNCTION fk_bench.time(q text, runs int, fusion bool, min_flops text)
RETURNS float8[] LANGUAGE plpgsql AS $$
DECLARE
  t0 timestamptz;
  ts float8[] := '{}';
  dummy bigint;
BEGIN
  PERFORM set_config('fusekern.enable_fusion', fusion::text, true);
  IF min_flops IS NOT NULL THEN
    PERFORM set_config('fusekern.cuda_min_flops', min_flops, true);
  END IF;
  EXECUTE q INTO dummy;
  FOR i IN 1 .. runs LOOP
    t0 := clock_timestamp();
    EXECUTE q INTO dummy;
    ts := ts || (extract(epoch FROM clock_timestamp() - t0) * 1000)::float8;
  END LOOP;
  RETURN ts;
END
$$;
"""


def sql_median(q, runs, fusion=True, min_flops=None):
    """Median ms of query q (returning one bigint) in the server."""
    mf = "NULL" if min_flops is None else "'%s'" % min_flops
    out = psql("SELECT array_to_string(fk_bench.time($q$%s$q$, %d, %s, %s), ' ')"
               % (q, runs, "true" if fusion else "false", mf))
    return statistics.median(float(v) for v in out.split())


def py_median(f, runs):
    """Median ms of f() after one warm-up call."""
    f()
    ts = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        ts.append((time.perf_counter() - t) * 1e3)
    return statistics.median(ts)


def report(label, ms, per=""):
    print("%-72s %12.3f ms%s" % (label, ms, per), flush=True)


def bench_size(n, args, np, torch):
    rows = args.rows
    psql("""
DROP TABLE IF EXISTS fk_bench.sq, fk_bench.rw;
CREATE TABLE fk_bench.sq AS SELECT fk_bench.mat(%(n)d, %(n)d, 1) AS x, fk_bench.mat(%(n)d, %(n)d, 2) AS w,
  fk_bench.mat(0, %(n)d, 3) AS b, fk_bench.mat(%(n)d, %(n)d, 4) AS r;
CREATE TABLE fk_bench.rw AS SELECT g AS id, x[g:g][:] AS x2, r[g:g][:] AS r2 FROM fk_bench.sq, generate_series(1, %(rows)d) g;
ALTER TABLE fk_bench.rw ADD COLUMN x float8[], ADD COLUMN r float8[];
UPDATE fk_bench.rw SET x = (SELECT array_agg(v) FROM unnest(x2) v), r = (SELECT array_agg(v) FROM unnest(r2) v);
VACUUM ANALYZE fk_bench.sq, fk_bench.rw;
""" % {"n": n, "rows": rows})
    print("\nn = %d (square layer: %.2f GFLOP; rows: %d rows of 1-D x, %.1f MFLOP each)"
          % (n, 2 * n ** 3 / 1e9, rows, 2 * n * n / 1e6))
    sq = "SELECT cardinality(%s)::bigint FROM fk_bench.sq"
    rw = "SELECT sum(cardinality(%s))::bigint FROM fk_bench.rw, (SELECT w, b FROM fk_bench.sq) l"
    modes = [("", None)] + ([(" [worker: cuda_min_flops = 0]", "0")] if args.worker else [])
    for tag, mf in modes:
        report("square  linear_residual_relu(x, w, b, r)" + tag,
               sql_median(sq % "linear_residual_relu(x, w, b, r)", args.runs, True, mf))
        report("square  relu(add_bias(matmul(x, w), b)), fusion off" + tag,
               sql_median(sq % "relu(add_bias(matmul(x, w), b))", args.runs, False, mf))
        report("square  relu(add_bias(matmul(x, w), b)), fusion on" + tag,
               sql_median(sq % "relu(add_bias(matmul(x, w), b))", args.runs, True, mf))
    report("square  SQL floor relu(r)", sql_median(sq % "relu(r)", args.runs))
    for tag, mf in modes:
        t = sql_median(rw % "linear_residual_relu(x, w, b, r)", args.runs, True, mf)
        report("rows    linear_residual_relu(x, w, b, r)" + tag, t, "  (%.3f ms a row)" % (t / rows))
        t = sql_median(rw % "relu(vadd(add_bias(matmul(x, w), b), r))", args.runs, False, mf)
        report("rows    relu(vadd(add_bias(matmul(x, w), b), r)), fusion off" + tag, t,
               "  (%.3f ms a row)" % (t / rows))
        t = sql_median(rw % "relu(vadd(add_bias(matmul(x, w), b), r))", args.runs, True, mf)
        report("rows    relu(vadd(add_bias(matmul(x, w), b), r)), fusion on" + tag, t,
               "  (%.3f ms a row)" % (t / rows))
    t = sql_median(rw % "relu(r)", args.runs)
    report("rows    SQL floor relu(r)", t, "  (%.3f ms a row)" % (t / rows))
    if np is None:
        print("numpy   (not installed: skipped)")
        return
    i = np.arange(n).reshape(-1, 1)
    j = np.arange(n).reshape(1, -1)
    x, w, r = (((i * 31 + j * 17 + s * 7) % 97 - 48) / 64.0 for s in (1, 2, 4))
    b = ((j[0] * 17 + 3 * 7) % 97 - 48) / 64.0
    assert x[0, 5] == value(0, 5, 1) and b[3] == value(0, 3, 3)
    report("square  numpy np.maximum(x @ w + b + r, 0)",
           py_median(lambda: np.maximum(x @ w + b + r, 0), args.runs))
    report("square  numpy np.maximum(x @ w + b, 0)",
           py_median(lambda: np.maximum(x @ w + b, 0), args.runs))
    report("rows    numpy, one row at a time",
           py_median(lambda: [np.maximum(x[k] @ w + b + r[k], 0) for k in range(rows)], args.runs))
    if torch is None:
        print("torch   (no torch with a CUDA device: skipped)")
        return

    def h2h():
        X, W, B, R = (torch.from_numpy(a).cuda() for a in (x, w, b, r))
        return torch.relu(torch.addmm(B, X, W) + R).cpu().numpy()

    def timed():
        torch.cuda.synchronize()
        h2h()
        torch.cuda.synchronize()

    report("square  torch FP64 host -> GPU -> host", py_median(timed, args.runs))


def bench_small(args):
    psql("""
DROP TABLE IF EXISTS fk_bench.batch, fk_bench.stack, fk_bench.layer;
CREATE TABLE fk_bench.layer AS SELECT fk_bench.mat(256, 256, 2) AS w, fk_bench.mat(0, 256, 3) AS b;
CREATE TABLE fk_bench.stack AS SELECT fk_bench.mat(2048, 256, 1) AS x, fk_bench.mat(2048, 256, 4) AS r;
CREATE TABLE fk_bench.batch AS SELECT g AS id, x[(g - 1) * 32 + 1:g * 32][:] AS x, r[(g - 1) * 32 + 1:g * 32][:] AS r
  FROM fk_bench.stack, generate_series(1, 64) g;
VACUUM ANALYZE fk_bench.batch, fk_bench.stack, fk_bench.layer;
""")
    print("\nmany small layers: 64 rows of x 32 x 256 through w 256 x 256 "
          "(%.1f MFLOP a row, %.0f MFLOP in all)" % (2 * 32 * 256 * 256 / 1e6, 64 * 2 * 32 * 256 * 256 / 1e6))
    lay = "(SELECT w, b FROM fk_bench.layer) l"
    modes = [("", None)] + ([(" [worker: cuda_min_flops = 0]", "0")] if args.worker else [])
    for tag, mf in modes:
        report("64 calls, one a row: linear_residual_relu(x, w, b, r)" + tag,
               sql_median("SELECT sum(cardinality(linear_residual_relu(x, w, b, r)))::bigint FROM fk_bench.batch, " + lay,
                          args.runs, True, mf))
        report("one call on the stored 2048 x 256 stack" + tag,
               sql_median("SELECT cardinality(linear_residual_relu(x, w, b, r))::bigint FROM fk_bench.stack, " + lay,
                          args.runs, True, mf))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="512,1024,2048")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rows", type=int, default=16)
    ap.add_argument("--worker", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the schema fk_bench")
    args = ap.parse_args()
    try:
        import numpy as np
    except ImportError:
        np = None
    try:
        import torch
        if not torch.cuda.is_available():
            torch = None
    except ImportError:
        torch = None
    print("# %s, server %s, fusekern %s" % (
        time.strftime("%Y-%m-%d %H:%M:%S %Z"), psql("SHOW server_version"),
        psql("SELECT extversion FROM pg_extension WHERE extname = 'fusekern'")))
    setting = psql("SELECT cardinality(relu('{1}'::float8[])); SHOW fusekern.cuda_min_flops")
    print("# cuda_min_flops %s; median of %d runs" % (setting.split()[-1], args.runs))
    psql(SETUP)
    try:
        for n in (int(s) for s in args.sizes.split(",")):
            bench_size(n, args, np, torch)
        bench_small(args)
    finally:
        if not args.keep:
            psql("DROP SCHEMA fk_bench CASCADE")
    return 0


if __name__ == "__main__":
    sys.exit(main())
