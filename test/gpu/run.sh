#!/usr/bin/env bash
# fusekern on a GPU machine, from one command, in the repository root:
#
#   bash test/gpu/run.sh
#
# For a bare machine with CUDA and no package access: test/gpu/prepare.sh,
# run beforehand on a Debian 12 machine, puts Debian's PostgreSQL 15, SLEEF
# and OpenBLAS packages in .gpu/debs; this script unpacks them (dpkg -x into
# /, so only on a throwaway machine), builds with USE_CUDA=1, runs the
# module's own check (test_cuda), installs, starts a cluster whose executor
# worker serves GPU 0 (FK_GPU_DEVICE), times the dense layers from SQL
# (test/gpu/layers.sql) and the same layer in NumPy and PyTorch
# (torch_dense.py), kills the device process under load
# (crash_check.sh), and writes the table of docs/cuda.md (summary.py).
# Everything goes to $OUT (default ./gpu-out): run.log, test_cuda.txt,
# layers.txt, gpu_times.csv, torch.csv, crash.txt, server.log, table.md.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
OUT=${OUT:-$top/gpu-out}
mkdir -p "$OUT"
exec > >(tee "$OUT/run.log") 2>&1
device=${FK_GPU_DEVICE:-0}
PG=${PG_BINDIR:-/usr/lib/postgresql/15/bin}
port=${FK_GPU_PORT:-5499}
sock=/tmp/fkgpu-sock
data=/tmp/fkgpu-data
step() { echo "== $(date -u +%T) $*"; }

step machine
nvidia-smi --query-gpu=name,driver_version,memory.total,pcie.link.gen.max,pcie.link.width.max --format=csv
nvcc --version | tail -1
echo "cores: $(nproc)"; grep -m1 'model name' /proc/cpuinfo; grep MemTotal /proc/meminfo
grep -E '^(PRETTY_NAME)' /etc/os-release

step packages
if [ ! -x "$PG/postgres" ]; then
	[ -d .gpu/debs ] || { echo "no $PG/postgres and no .gpu/debs: run test/gpu/prepare.sh first"; exit 2; }
	for f in .gpu/debs/*.deb; do dpkg -x "$f" /; done
	ldconfig
fi
missing=$(ldd "$PG/postgres" "$PG/psql" | awk '/not found/ {print $1}' | sort -u)
[ -z "$missing" ] || { echo "the server lacks: $missing"; exit 2; }
export PG_CONFIG=$PG/pg_config
"$PG_CONFIG" --version

step build
# Without pkg-config, name the serial OpenBLAS Debian's package unpacked
blas=()
if ! pkg-config --version >/dev/null 2>&1; then
	d=/usr/lib/x86_64-linux-gnu/openblas-serial
	blas=(BLAS_CFLAGS=-I/usr/include/x86_64-linux-gnu/openblas-serial
		  "BLAS_LIBS=-L$d -lopenblas -Wl,-rpath,$d")
fi
make -s -j"$(nproc)" USE_CUDA=1 "${blas[@]}" all test/cuda/test_cuda || exit 3
make -s USE_CUDA=1 "${blas[@]}" install >/dev/null || exit 3

step test_cuda
timeout 300 test/cuda/test_cuda ./fusekern_cuda.so 2>&1 | tee "$OUT/test_cuda.txt" | tail -5

step cluster
id postgres >/dev/null 2>&1 || useradd -m postgres
runuser -u postgres -- "$PG/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1
rm -rf "$data" "$sock"
mkdir -p "$data" "$sock"
chown postgres "$data" "$sock"
runuser -u postgres -- "$PG/initdb" -D "$data" -A trust >/dev/null || exit 4
cat >>"$data/postgresql.conf" <<CONF
shared_preload_libraries = 'fusekern'
fusekern.cuda = on
fusekern.cuda_device = '$device'
unix_socket_directories = '$sock'
port = $port
max_parallel_workers_per_gather = 0
jit = off
shared_buffers = 1GB
CONF
runuser -u postgres -- "$PG/pg_ctl" -D "$data" -l "$OUT/server.log" -w start >/dev/null || { cat "$OUT/server.log"; exit 4; }
export PGHOST=$sock PGPORT=$port PGUSER=postgres PGDATABASE=postgres
for i in $(seq 50); do
	[ "$("$PG/psql" -XAtqc "CREATE EXTENSION IF NOT EXISTS fusekern; SELECT executor IS NOT NULL FROM fusekern_executor_stats")" = t ] && break
	sleep 0.2
done
"$PG/psql" -Xc 'SELECT executor, worker_pid FROM fusekern_executor_stats'

step layers
(cd "$OUT" && timeout 900 "$PG/psql" -X -v sizes="${FK_GPU_SIZES:-512, 1024, 2048}" -f "$top/test/gpu/layers.sql" >layers.txt 2>&1)
tail -40 "$OUT/layers.txt"

step NumPy and PyTorch
PYTHONUNBUFFERED=1 timeout 300 python3 test/gpu/torch_dense.py >"$OUT/torch.csv"

step crash
PG_BINDIR=$PG SERVER_LOG=$OUT/server.log bash test/gpu/crash_check.sh 2>&1 | tee "$OUT/crash.txt"

step table
python3 test/gpu/summary.py "$OUT/gpu_times.csv" "$OUT/torch.csv" | tee "$OUT/table.md"
runuser -u postgres -- "$PG/pg_ctl" -D "$data" -m fast stop >/dev/null
step done
