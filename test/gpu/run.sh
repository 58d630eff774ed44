#!/usr/bin/env bash
# fusekern on a GPU machine, from one command, in the repository root:
#
#   bash test/gpu/run.sh
#
# For a bare machine with CUDA and no package access: test/gpu/prepare.sh,
# run beforehand on a Debian 12 machine, puts Debian's PostgreSQL 15, SLEEF
# and OpenBLAS packages in .gpu/debs; this script unpacks them (into /usr,
# so only on a throwaway machine), builds with USE_CUDA=1, runs the
# module's own check (test_cuda), installs, starts a cluster whose executor
# worker serves GPU 0 (FK_GPU_DEVICE), times the dense layers from SQL
# (test/gpu/layers.sql) and the same layer in NumPy and PyTorch
# (torch_dense.py), kills the device process under load
# (crash_check.sh), and writes the table of docs/cuda.md (summary.py).
# Everything goes to $OUT (default ./gpu-out): run.log (the whole output,
# the server's log included), test_cuda.txt, times.csv, torch.csv,
# crash.txt and table.md; with FK_GPU_BEFORE=tarball of an earlier tree,
# also before_times.csv and before_crash.txt, measured on the same machine.
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
slog=/tmp/fkgpu-server.log	# written by the postgres user; copied to $OUT
step() { echo "== $(date -u +%T) $*"; }

step machine
nvidia-smi --query-gpu=name,driver_version,memory.total,pcie.link.gen.max,pcie.link.width.max --format=csv
nvcc --version | tail -1
echo "cores: $(nproc)"; grep -m1 'model name' /proc/cpuinfo; grep MemTotal /proc/meminfo
grep -E '^(PRETTY_NAME)' /etc/os-release

step packages
if [ ! -x "$PG/postgres" ]; then
	[ -d .gpu/debs ] || { echo "no $PG/postgres and no .gpu/debs: run test/gpu/prepare.sh first"; exit 2; }
	# Unpacked beside, then only usr/ copied in: a package's /lib would
	# replace the /lib -> usr/lib link of a merged-/usr system
	rm -rf /tmp/fkgpu-root
	for f in .gpu/debs/*.deb; do dpkg -x "$f" /tmp/fkgpu-root; done
	cp -a /tmp/fkgpu-root/usr/. /usr/
	ldconfig
fi
missing=$(ldd "$PG/postgres" "$PG/psql" | awk '/not found/ {print $1}' | sort -u)
[ -z "$missing" ] || { echo "the server lacks: $missing"; exit 2; }
export PG_CONFIG=$PG/pg_config
"$PG_CONFIG" --version

# Build and install the tree in the current directory
build_install() {
	make -s -j"$(nproc)" USE_CUDA=1 "${blas[@]}" all test/cuda/test_cuda || exit 3
	make -s USE_CUDA=1 "${blas[@]}" install >/dev/null || exit 3
}

# A fresh cluster whose executor worker serves the device; waits for it
start_cluster() {
	id postgres >/dev/null 2>&1 || useradd -m postgres
	runuser -u postgres -- "$PG/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1
	rm -rf "$data" "$sock" "$slog"
	mkdir -p "$data" "$sock"
	touch "$slog"
	chown postgres "$data" "$sock" "$slog"
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
	runuser -u postgres -- "$PG/pg_ctl" -D "$data" -l "$slog" -w start >/dev/null || { cat "$slog"; exit 4; }
	for i in $(seq 50); do
		[ "$("$PG/psql" -XAtqc "CREATE EXTENSION IF NOT EXISTS fusekern; SELECT executor IS NOT NULL FROM fusekern_executor_stats")" = t ] && break
		sleep 0.2
	done
	"$PG/psql" -Xc 'SELECT executor, worker_pid FROM fusekern_executor_stats'
}

# The SQL measures into $OUT/<prefix>times.csv, the crash check into
# $OUT/<prefix>crash.txt; the server's log is shown in run.log
measure() {
	step "layers ($1)"
	(cd /tmp && timeout 900 "$PG/psql" -X -v sizes="$sizes" -f "$top/test/gpu/layers.sql" 2>&1 | tail -45)
	cp /tmp/gpu_times.csv "$OUT/${1}times.csv"
	step "crash ($1)"
	PG_BINDIR=$PG SERVER_LOG=$slog bash "$top/test/gpu/crash_check.sh" 2>&1 | tee "$OUT/${1}crash.txt"
	runuser -u postgres -- "$PG/pg_ctl" -D "$data" -m fast stop >/dev/null
	step "server log ($1)"
	tail -30 "$slog"
}

step build
# Without pkg-config, name the serial OpenBLAS Debian's package unpacked
blas=()
if ! pkg-config --version >/dev/null 2>&1; then
	d=/usr/lib/x86_64-linux-gnu/openblas-serial
	blas=(BLAS_CFLAGS=-I/usr/include/x86_64-linux-gnu/openblas-serial
		  "BLAS_LIBS=-L$d -lopenblas -Wl,-rpath,$d")
fi
build_install
export PGHOST=$sock PGPORT=$port PGUSER=postgres PGDATABASE=postgres
sizes=${FK_GPU_SIZES:-16, 64, 256, 512, 1024, 2048}

step test_cuda
timeout 300 test/cuda/test_cuda ./fusekern_cuda.so 2>&1 | tee "$OUT/test_cuda.txt" | tail -5

step cluster
start_cluster
measure ""

step NumPy and PyTorch
PYTHONUNBUFFERED=1 FK_GPU_SIZES=$sizes timeout 300 python3 test/gpu/torch_dense.py >"$OUT/torch.csv"

# The same measures for an earlier tree, side by side on this machine:
# FK_GPU_BEFORE names a tarball of it (git archive --format=tar REV)
if [ -n "${FK_GPU_BEFORE:-}" ]; then
	step "before: $FK_GPU_BEFORE"
	rm -rf /tmp/fkgpu-before
	mkdir -p /tmp/fkgpu-before
	tar -xf "$FK_GPU_BEFORE" -C /tmp/fkgpu-before
	(cd /tmp/fkgpu-before && build_install)
	start_cluster
	measure before_
	make -s USE_CUDA=1 "${blas[@]}" install >/dev/null	# this tree's again
fi

step table
python3 test/gpu/summary.py "$OUT/times.csv" "$OUT/torch.csv" \
	${FK_GPU_BEFORE:+"before=$OUT/before_times.csv"} | tee "$OUT/table.md"
step done
