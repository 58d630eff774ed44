#!/usr/bin/python3
"""1,000 series of 10,000 values between PostgreSQL and one NumPy array of
shape (1000, 10000), through psycopg 3, with and without the fusekern
package.

    python_io.py [ROUNDS [STORAGE]]

Connects as libpq's PG* variables say (bench/bench_python_io.pl sets them
for its throwaway cluster) to a database where the extension is created,
and makes its own tables: bench_py_arr (id, px float8[]) and bench_py_nvec
(id, px nvec), the same random walks (values with 2 decimals, no NULLs),
and bench_py_w (id, px nvec), written to.  STORAGE is the columns' storage:
external (default: out of line, not compressed, as the other benchmarks
keep series) or extended (PostgreSQL's default: pglz compresses these
values to 39 % of their size, and the server's compressing on writing and
decompressing on reading then costs more than the rest).

Reading, each into one (1000, 10000) float64 array checked against the data:
  a  float8[] through plain psycopg: text results, Python lists, np.array
  b  nvec through fusekern's binary loader: cursor(binary=True), rows by
     cursor.stream() (libpq's single-row mode: the result is never held
     whole), np.stack of the arrays (nulls='nan')
  h  the same with fetchall() (libpq holds the whole result first)
  c  float8[] through fusekern's binary float8[] loader, as b
  e  nvec through fusekern.psycopg.read_matrix: binary COPY of the query,
     each row decoded into its row of the array
  g  float8[] through read_matrix
  d  the floor: COPY (SELECT px FROM bench_py_nvec ORDER BY id) TO STDOUT
     (FORMAT binary), the raw bytes into memory (psycopg's chunks, kept),
     nothing decoded
Writing the array into an empty nvec table (TRUNCATE before each, untimed):
  w  binary COPY from NumPy (fusekern.psycopg.copy_series)
  i  INSERT of lists (executemany, row.tolist(): psycopg sends float8[],
     the column's assignment cast makes an nvec of it)
  f  the floor: the same binary COPY stream, built beforehand, written as
     bytes

Each round runs every variant once, in an order that rotates from round to
round; prints every run's seconds, then per variant the median and the
fastest, and the ratios of the medians (the goal: a / b >= 20, b / d <=
1.5; i / w >= 20, w / f <= 1.5).  Fresh memory costs a page fault per
4 KiB page, and glibc gives freed memory back to the system: with
GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824
(bench_python_io.pl's FK_BENCH_MALLOC=kept) it keeps it, as a process that
reads such arrays again and again would.  psycopg's C implementation, where
installed, speeds up a and the loaders alike; Debian 12 and 13 ship the
Python one.
"""

import statistics
import struct
import sys
import time

import numpy as np
import psycopg

import fusekern
import fusekern.psycopg as fkp

ROWS, LEN = 1000, 10_000


def make_data():
    rng = np.random.default_rng(35)
    return np.round(100 * np.exp(np.cumsum(rng.normal(0, 0.01, (ROWS, LEN)), axis=1)), 2)


def setup(conn, data, storage="external"):
    conn.execute("DROP TABLE IF EXISTS bench_py_nvec, bench_py_arr, bench_py_w")
    conn.execute("CREATE TABLE bench_py_nvec (id int PRIMARY KEY, px nvec)")
    conn.execute("CREATE TABLE bench_py_arr (id int PRIMARY KEY, px float8[])")
    conn.execute("CREATE TABLE bench_py_w (id int, px nvec)")
    for t in ("bench_py_nvec", "bench_py_arr", "bench_py_w"):
        conn.execute("ALTER TABLE %s ALTER px SET STORAGE %s" % (t, storage))
    fkp.copy_series(conn, "bench_py_nvec", data, key_column="id", key_type="int4",
                    value_column="px", keys=list(range(ROWS)))
    conn.execute("INSERT INTO bench_py_arr SELECT id, px::float8[] FROM bench_py_nvec")
    conn.execute("VACUUM ANALYZE bench_py_nvec, bench_py_arr")


def read_a(conn):
    with conn.cursor() as cur:
        cur.execute("SELECT px FROM bench_py_arr ORDER BY id")
        return np.array([r[0] for r in cur.fetchall()], dtype=np.float64)


def read_loader(conn, table, stream=True):
    with conn.cursor(binary=True) as cur:
        fkp.register(cur, nulls="nan", float8_array=True)
        q = "SELECT px FROM %s ORDER BY id" % table
        if stream:
            return np.stack([r[0] for r in cur.stream(q, binary=True)])
        cur.execute(q)
        return np.stack([r[0] for r in cur.fetchall()])


def read_b(conn):
    return read_loader(conn, "bench_py_nvec")


def read_h(conn):
    return read_loader(conn, "bench_py_nvec", stream=False)


def read_c(conn):
    return read_loader(conn, "bench_py_arr")


def read_e(conn):
    return fkp.read_matrix(conn, "SELECT px FROM bench_py_nvec ORDER BY id")


def read_g(conn):
    return fkp.read_matrix(conn, "SELECT px FROM bench_py_arr ORDER BY id")


def read_d(conn):
    with conn.cursor() as cur:
        with cur.copy("COPY (SELECT px FROM bench_py_nvec ORDER BY id) "
                      "TO STDOUT (FORMAT binary)") as copy:
            return list(copy)


def copy_stream(data):
    """The COPY (FORMAT binary) stream of rows (id int4, px nvec)."""
    parts = [b"PGCOPY\n\xff\r\n\0", struct.pack(">ii", 0, 0)]
    for i, row in enumerate(data):
        v = fusekern.encode_nvec_binary(row)
        parts.append(struct.pack(">hii", 2, 4, i))
        parts.append(struct.pack(">i", len(v)))
        parts.append(bytes(v))
    parts.append(struct.pack(">h", -1))
    return b"".join(parts)


def write_w(conn, data):
    fkp.copy_series(conn, "bench_py_w", data, key_column="id", key_type="int4",
                    value_column="px", keys=list(range(ROWS)))


def write_i(conn, data):
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO bench_py_w (id, px) VALUES (%s, %s)",
                        [(i, row.tolist()) for i, row in enumerate(data)])


def write_f(conn, stream):
    with conn.cursor() as cur:
        with cur.copy("COPY bench_py_w (id, px) FROM STDIN (FORMAT binary)") as copy:
            step = 1 << 20
            for k in range(0, len(stream), step):
                copy.write(stream[k:k + step])


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    storage = sys.argv[2] if len(sys.argv) > 2 else "external"
    if storage not in ("external", "extended"):
        sys.exit("storage: external or extended, not %r" % storage)
    data = make_data()
    stream = copy_stream(data)
    with psycopg.connect(autocommit=True) as conn:
        setup(conn, data, storage)
        floor_size = sum(len(c) for c in read_d(conn))
        stored = conn.execute("SELECT sum(pg_column_size(px)) FROM bench_py_nvec").fetchone()[0]
        print("data: %d x %d float64 (%.1f MB), stored %s: %.1f MB; the COPY TO result: %.1f MB; "
              "psycopg %s (%s), NumPy %s, Python %s"
              % (ROWS, LEN, data.nbytes / 1e6, storage, stored / 1e6, floor_size / 1e6,
                 psycopg.__version__, psycopg.pq.__impl__, np.__version__,
                 sys.version.split()[0]))

        def check(m):
            assert m.shape == (ROWS, LEN) and np.array_equal(m, data)

        def check_written():
            got = fkp.read_matrix(conn, "SELECT px FROM bench_py_w ORDER BY id")
            assert np.array_equal(got, data)

        variants = {
            "a": ("read float8[], plain psycopg (lists)", lambda: check(read_a(conn)), None),
            "b": ("read nvec, binary loader, stream()", lambda: check(read_b(conn)), None),
            "h": ("read nvec, binary loader, fetchall()", lambda: check(read_h(conn)), None),
            "c": ("read float8[], binary loader, stream()", lambda: check(read_c(conn)), None),
            "e": ("read nvec, read_matrix (binary COPY)", lambda: check(read_e(conn)), None),
            "g": ("read float8[], read_matrix (binary COPY)", lambda: check(read_g(conn)), None),
            "d": ("read floor: raw binary COPY bytes", lambda: read_d(conn), None),
            "w": ("write nvec, binary COPY from NumPy", lambda: write_w(conn, data),
                  check_written),
            "i": ("write nvec, INSERT of lists", lambda: write_i(conn, data), check_written),
            "f": ("write floor: binary COPY of bytes", lambda: write_f(conn, stream),
                  check_written),
        }
        order = list(variants)
        times = {k: [] for k in order}
        for r in range(rounds):
            turn = order[r % len(order):] + order[:r % len(order)]
            for k in turn:
                what, run, after = variants[k]
                if after is not None:
                    conn.execute("TRUNCATE bench_py_w")
                t0 = time.perf_counter()
                run()
                dt = time.perf_counter() - t0
                if after is not None:
                    after()
                times[k].append(dt)
                print("round %d  %s  %-40s %8.3f s" % (r + 1, k, what, dt))
                sys.stdout.flush()
        med = {k: statistics.median(v) for k, v in times.items()}
        for k in order:
            print("%s  %-40s median %8.3f s  fastest %8.3f s  runs %s"
                  % (k, variants[k][0], med[k], min(times[k]),
                     " ".join("%.3f" % x for x in times[k])))
        pairs = [("a", "b"), ("b", "d"), ("a", "h"), ("h", "d"), ("a", "c"), ("c", "d"),
                 ("a", "e"), ("e", "d"), ("a", "g"), ("g", "d"), ("a", "d"), ("i", "w"),
                 ("w", "f")]
        print("ratios of the medians: " + "  ".join(
            "%s/%s %.2f" % (x, y, med[x] / med[y]) for x, y in pairs))
        conn.execute("DROP TABLE bench_py_nvec, bench_py_arr, bench_py_w")


if __name__ == "__main__":
    main()
