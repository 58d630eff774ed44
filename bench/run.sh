#!/usr/bin/env bash
# The body of 'make bench', run by test/harness.sh (mode bench) against its
# throwaway cluster (PGHOST/PGPORT set, FK_BINDIR = the private server's bin).
#
#   1. loads the data (bench/gen_data.py, COPY) into database fk_bench
#   2. checks that every spelling of a workload computes the same thing
#   3. runs each pgbench workload (bench/workloads/NAME.SPELLING.sql) for
#      FK_BENCH_TIME seconds at each client count, spellings side by side
#   4. times ns per element against vector length for the plot
#   5. runs the micro-benchmarks (kernel core, dense layers) and NumPy on
#      the same data
#   6. counts page faults and times malloc tuned (run_malloc), profiles the
#      main workload (perf cpu-clock, callgrind)
#   7. prints the tables (bench/report.py), writes the plot (gnuplot)
#
# Results land in FK_BENCH_OUT (bench/out): results.txt, the raw .tsv files
# and ns_per_element.png.  Settings, from the environment:
#   FK_BENCH_COUNT   series per kind (no NULLs / with NULLs)   100
#   FK_BENCH_LEN     elements per series                       10000
#   FK_BENCH_NULLS   share of NULL elements in the NULL kind    0.1
#   FK_BENCH_TIME    whole seconds per pgbench run              2
#   FK_BENCH_CLIENTS client counts                              "1 2"
#   FK_BENCH_ROUNDS  interleaved rounds (the report takes the median)  1
#   FK_BENCH_PLOT_LENGTHS, FK_BENCH_PLOT_TOTAL (elements per point),
#   FK_BENCH_PLOT_TIME (whole seconds per point)
#   FK_BENCH_DENSE   "M K N" of the dense layer batches        "32 64 64"
#   FK_BENCH_ONLY    a regular expression: run only matching workloads
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

BINDIR=${FK_BINDIR:?FK_BINDIR not set: run through 'make bench'}
OUT=${FK_BENCH_OUT:-$top/bench/out}
COUNT=${FK_BENCH_COUNT:-100}
LEN=${FK_BENCH_LEN:-10000}
NULLS=${FK_BENCH_NULLS:-0.1}
TIME=${FK_BENCH_TIME:-2}
CLIENTS=${FK_BENCH_CLIENTS:-1 2}
ROUNDS=${FK_BENCH_ROUNDS:-1}
PLOT_LENGTHS=${FK_BENCH_PLOT_LENGTHS:-100 300 1000 3000 10000 30000 100000 300000 1000000}
PLOT_TOTAL=${FK_BENCH_PLOT_TOTAL:-200000}
PLOT_TIME=${FK_BENCH_PLOT_TIME:-1}
read -r MDIM KDIM NDIM <<<"${FK_BENCH_DENSE:-32 64 64}"
NBATCH=20
ONLY=${FK_BENCH_ONLY:-.}
PY=/usr/bin/python3
DB=fk_bench
WL=bench/workloads
DATA=$OUT/data

PSQL=("$BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -d "$DB")
mkdir -p "$OUT" "$DATA"
RESULTS=$OUT/pgbench.tsv
PLOTRES=$OUT/plot_sql.tsv
CHECKS=$OUT/checks.tsv
: >"$RESULTS"
: >"$PLOTRES"
: >"$CHECKS"
problems=0

log() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# Create the tables and load them with COPY
load_data() {
	log "loading $((2 * COUNT)) series x $LEN, plot data, dense batches"
	"$BINDIR/createdb" "$DB" || exit 2
	"${PSQL[@]}" <<-EOF || exit 2
		SET client_min_messages = warning;
		CREATE EXTENSION fusekern;
		-- series are stored uncompressed (EXTERNAL): pglz packs these quotes to
		-- about 73% and costs more to unpack than the math; the scan_pglz and
		-- scan_lz4 workloads show what compression adds
		CREATE TABLE series (id int PRIMARY KEY, px float8[] NOT NULL, px_n nvec NOT NULL);
		ALTER TABLE series ALTER px SET STORAGE EXTERNAL, ALTER px_n SET STORAGE EXTERNAL;
		CREATE TABLE series_pglz (id int PRIMARY KEY, px float8[] COMPRESSION pglz NOT NULL);
		CREATE TABLE series_lz4 (id int PRIMARY KEY, px float8[] COMPRESSION lz4 NOT NULL);
		CREATE TABLE plotdata (len int, id int, px float8[] NOT NULL, px_n nvec NOT NULL,
							   PRIMARY KEY (len, id));
		ALTER TABLE plotdata ALTER px SET STORAGE EXTERNAL, ALTER px_n SET STORAGE EXTERNAL;
		CREATE TABLE layer (id int PRIMARY KEY, w float8[] NOT NULL, bias float8[] NOT NULL);
		CREATE TABLE batch (id int PRIMARY KEY, x float8[] NOT NULL, res float8[] NOT NULL);
	EOF
	$PY bench/gen_data.py series "$COUNT" "$LEN" "$NULLS" >"$DATA/series.copy" &&
		$PY bench/gen_data.py plot "$PLOT_TOTAL" $PLOT_LENGTHS >"$DATA/plotdata.copy" &&
		$PY bench/gen_data.py dense "$MDIM" "$KDIM" "$NDIM" "$NBATCH" \
			"$DATA/layer.copy" "$DATA/batch.copy" || exit 2
	local t
	for t in series plotdata layer batch; do
		"${PSQL[@]}" -c "\\copy $t FROM '$DATA/$t.copy'" || exit 2
	done
	"${PSQL[@]}" <<-EOF || exit 2
		INSERT INTO series_pglz SELECT id, px FROM series WHERE id <= $COUNT;
		INSERT INTO series_lz4 SELECT id, px FROM series WHERE id <= $COUNT;
		CREATE TABLE series_stats AS
			SELECT id, avg(x) AS mean, stddev_samp(x) AS sd
			FROM series, unnest(px) AS x GROUP BY id;
		ALTER TABLE series_stats ADD PRIMARY KEY (id);
		VACUUM ANALYZE;
		-- read everything once so that the runs start from shared buffers
		\o /dev/null
		SELECT sum(array_length(px, 1)) FROM series;
		SELECT sum(array_length(px, 1)) FROM plotdata;
		SELECT sum(pg_column_size(px_n::text)) FROM series;
		\o
	EOF
}

# Workloads: name, script prefix, id range, client counts ("all" for
# FK_BENCH_CLIENTS, else 1 to keep the run short); a name ending in _nvec
# runs the scripts on the nvec column px_n instead of px, chainN runs a chain
# of N elementwise operations (see script_for)
workloads() {
	local nb=$NBATCH lo=1 hi=$COUNT nlo=$((COUNT + 1)) nhi=$((2 * COUNT))
	cat <<-EOF
		query             query        $lo $hi all
		scan              scan         $lo $hi all
		output            output       $lo $hi 1
		scan_pglz         scan_pglz    $lo $hi 1
		scan_lz4          scan_lz4     $lo $hi 1
		affine            affine       $lo $hi all
		affine_nvec       affine       $lo $hi 1
		logret            logret       $lo $hi all
		logret_nulls      logret       $nlo $nhi 1
		logret_nvec       logret       $lo $hi 1
		logret_nulls_nvec logret       $nlo $nhi 1
		spread            spread       $lo $hi all
		spread_nvec       spread       $lo $hi 1
		zscore            zscore       $lo $hi all
		zscore_nvec       zscore       $lo $hi 1
		chain2            chain        $lo $hi 1
		chain3            chain        $lo $hi 1
		chain5            chain        $lo $hi 1
		chain10           chain        $lo $hi 1
		dlog              dlog         $lo $hi 1
		vmean_dlog        vmean_dlog   $lo $hi 1
		vmean_dlog_nulls  vmean_dlog   $nlo $nhi 1
		vmean_dlog_nvec   vmean_dlog   $lo $hi 1
		vstddev           vstddev      $lo $hi 1
		vstddev_nulls     vstddev      $nlo $nhi 1
		vstddev_nvec      vstddev      $lo $hi 1
		vstddev_dlog      vstddev_dlog $lo $hi all
		vstddev_dlog_nulls vstddev_dlog $nlo $nhi 1
		vstddev_dlog_nvec vstddev_dlog $lo $hi 1
		gelu_linear       gelu_linear  1 $nb all
		linres            linres       1 $nb all
		cumret            cumret       $lo $hi all
		cumret_nulls      cumret       $nlo $nhi 1
		cumret_nvec       cumret       $lo $hi 1
		ema               ema          $lo $hi 1
		ema_nulls         ema          $nlo $nhi 1
		rollmean          rollmean     $lo $hi all
		rollmean_nulls    rollmean     $nlo $nhi 1
		rollmean_nvec     rollmean     $lo $hi 1
		zscore_roll       zscore_roll  $lo $hi all
		zscore_roll_nulls zscore_roll  $nlo $nhi 1
		zscore_roll_nvec  zscore_roll  $lo $hi 1
		xsum              xsum         $lo $nhi 1
		xsum_nvec         xsum         $lo $nhi 1
		xavg              xavg         $lo $nhi 1
		xavg_nvec         xavg         $lo $nhi 1
		xsum_par          xsum_par     $lo $nhi 1
	EOF
}

# A chain of N light elementwise operations on v, spelled out
chain_expr() {
	local n=$1 v=$2 k
	local ops=("+ 1" "* 0.5" "- 2" "* 1.5" "+ 3" "/ 1.25" "- 0.5" "* 2" "+ 0.75" "/ 3")
	for ((k = 0; k < n; k++)); do
		v="($v ${ops[k]})"
	done
	echo "$v"
}

# The script of workload $1 (prefix $2) in spelling $3, or nothing when there
# is none.  An _nvec workload gets the float8[] script turned onto px_n (in
# plain SQL, nvec's unnest and nvec_agg take the place of the array ones,
# and two series are unnested side by side with ROWS FROM);
# chainN gets the chain template with its expression filled in.
script_for() {
	local name=$1 prefix=$2 sp=$3 f=$WL/$2.$3.sql g
	[ -f "$f" ] || return 0
	mkdir -p "$OUT/scripts"
	if [[ $name == *_nvec ]]; then
		g=$OUT/scripts/$prefix.$sp.nvec.sql
		sed -e 's/\bpx\b/px_n/g; s/float8\[\]/nvec/g; s/^-- \([a-z_]*\),/-- \1 on nvec,/' \
			-e 's/\barray_agg\b/nvec_agg/g' \
			-e 's/unnest(a\.px_n, b\.px_n)/ROWS FROM (unnest(a.px_n), unnest(b.px_n))/' "$f" >"$g"
		[ "$sp" = plain ] && sed -i '1a -- needs: unnest(nvec) nvec_agg(float8)' "$g"
		f=$g
	elif [[ $name == chain* ]]; then
		g=$OUT/scripts/$name.$sp.sql
		sed -e "s|CHAIN_PX|$(chain_expr "${name#chain}" px)|; s|CHAIN_X|$(chain_expr "${name#chain}" x)|" \
			-e "s/^-- chain,/-- $name,/" "$f" >"$g"
		f=$g
	fi
	echo "$f"
}

SPELLINGS="base fused direct unfused plain"

# Are the functions, operators and settings a script names in '-- needs:'
# installed?
have_needs() {
	local f=$1 obj q n
	for obj in $(sed -n 's/^-- needs: //p' "$f"); do
		if [[ $obj == fusekern.* ]]; then
			q="LOAD 'fusekern'; SELECT current_setting('$obj', true) IS NOT NULL"
		elif [[ $obj == [a-z]* ]]; then
			q="SELECT to_regprocedure('$obj') IS NOT NULL"
		else
			q="SELECT to_regoperator('$obj') IS NOT NULL"
		fi
		n=$("${PSQL[@]}" -At -c "$q") || return 1
		[ "$n" = t ] || return 1
	done
	return 0
}

# Run every available spelling of a workload once on fixed ids and keep
# the flattened results; check.sql then compares them
check_spellings() {
	local name=$1 prefix=$2 lo=$3 sp f sql
	for sp in $SPELLINGS; do
		[ "$sp" = base ] && continue
		f=$(script_for "$name" "$prefix" "$sp")
		[ -n "$f" ] || continue
		have_needs "$f" || continue
		sql=$(grep -v '^\\' "$f" | grep -v '^--' |
			sed "s/pg_column_size(/fk_bench_flat(/; s/^SELECT /INSERT INTO fk_check SELECT '$name', '$sp', /")
		{
			echo "\\set lo $lo"
			echo "\\set id $lo"
			echo "\\set i $lo"
			echo "\\set j $((lo + 1))"
			echo "\\set kdim $KDIM"
			echo "\\set ndim $NDIM"
			if grep -q 'enable_fusion = off' "$f"; then
				echo "SET fusekern.enable_fusion = off;"
				echo "$sql"
				echo "RESET fusekern.enable_fusion;"
			else
				echo "$sql"
			fi
		} | "${PSQL[@]}" -d "$DB" >>"$OUT/check.log" 2>&1 ||
			{
				echo "$name	$sp	error	see check.log" >>"$CHECKS"
				problems=$((problems + 1))
			}
	done
}

run_checks() {
	log "checking that the spellings of each workload agree"
	: >"$OUT/check.log"
	"${PSQL[@]}" -f bench/check_setup.sql >>"$OUT/check.log" 2>&1 || exit 2
	local name prefix lo hi cls
	while read -r name prefix lo hi cls; do
		[[ $name =~ $ONLY ]] || continue
		check_spellings "$name" "$prefix" "$lo"
	done < <(workloads)
	"${PSQL[@]}" -At -F '	' -f bench/check.sql >>"$CHECKS" 2>>"$OUT/check.log" || exit 2
	if grep -qv '	ok	' "$CHECKS"; then
		problems=$((problems + $(grep -cv '	ok	' "$CHECKS")))
	fi
}

# One pgbench run; appends "name spelling clients round tps latency_ms"
pgbench_run() {
	local name=$1 sp=$2 f=$3 lo=$4 hi=$5 c=$6 r=$7 t=$8 log tps lat
	log=$OUT/pgbench.log
	echo "== $name $sp c=$c round=$r" >>"$log"
	"$BINDIR/pgbench" -n -M prepared -c "$c" -j 1 -T "$t" -d "$DB" -f "$f" \
		-D lo="$lo" -D hi="$hi" -D fk_once=0 -D kdim="$KDIM" -D ndim="$NDIM" \
		>"$OUT/pgbench.one" 2>&1
	cat "$OUT/pgbench.one" >>"$log"
	tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$OUT/pgbench.one")
	lat=$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' "$OUT/pgbench.one")
	if [ -z "$tps" ] || [ -z "$lat" ] || grep -q 'aborted\|error' "$OUT/pgbench.one"; then
		echo "$name	$sp	$c	$r	error	error" >>"$RESULTS"
		problems=$((problems + 1))
	else
		echo "$name	$sp	$c	$r	$tps	$lat" >>"$RESULTS"
	fi
}

run_workloads() {
	local r c name prefix lo hi cls sp f
	for r in $(seq 1 "$ROUNDS"); do
		while read -r name prefix lo hi cls; do
			[[ $name =~ $ONLY ]] || continue
			log "round $r: $name"
			[ "$cls" = all ] && cls=$CLIENTS
			for c in $cls; do
				for sp in $SPELLINGS; do
					f=$(script_for "$name" "$prefix" "$sp")
					[ -n "$f" ] || continue
					if ! have_needs "$f"; then
						[ "$r" -eq 1 ] && echo "$name	$sp	$c	$r	n/a	n/a" >>"$RESULTS"
						continue
					fi
					pgbench_run "$name" "$sp" "$f" "$lo" "$hi" "$c" "$r" "$TIME"
				done
			done
		done < <(workloads)
	done
}

# ns per element against length: one client, every series of one length per query
run_plot() {
	local len rows sp f lat
	[[ plot =~ $ONLY ]] || return 0
	log "timing ns per element for lengths $PLOT_LENGTHS"
	for len in $PLOT_LENGTHS; do
		rows=$((PLOT_TOTAL / len))
		[ "$rows" -lt 1 ] && rows=1
		for sp in base fused unfused plain; do
			f=$WL/plot.$sp.sql
			have_needs "$f" || continue
			"$BINDIR/pgbench" -n -M prepared -c 1 -T "$PLOT_TIME" -d "$DB" -f "$f" \
				-D len="$len" -D fk_once=0 >"$OUT/pgbench.one" 2>&1
			cat "$OUT/pgbench.one" >>"$OUT/pgbench.log"
			lat=$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' "$OUT/pgbench.one")
			if [ -z "$lat" ] || grep -q 'aborted\|error' "$OUT/pgbench.one"; then
				problems=$((problems + 1))
				continue
			fi
			echo "$sp	$len	$rows	$lat" >>"$PLOTRES"
		done
	done
}

# The micro-benchmarks of the kernel core and of the dense layers' CPU path,
# when the build has them
run_micro() {
	: >"$OUT/kernel_bench.txt"
	: >"$OUT/bench_dense.txt"
	[[ micro =~ $ONLY ]] || return 0
	if [ -x bench/bin/kernel_bench ]; then
		log "kernel micro-benchmark"
		bench/bin/kernel_bench 3 >"$OUT/kernel_bench.txt" 2>&1 || problems=$((problems + 1))
	fi
	if [ -x bench/bench_dense ]; then
		log "dense layer micro-benchmark"
		bench/bench_dense 32 64 128 256 >"$OUT/bench_dense.txt" 2>&1 || problems=$((problems + 1))
	fi
}

# NumPy on the same files (OpenBLAS tuning variables unset, one thread)
run_numpy() {
	[[ numpy =~ $ONLY ]] || return 0
	log "NumPy on the same data"
	env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=1 \
		$PY bench/numpy_bench.py "$DATA" "$COUNT" "$PLOT_TOTAL" "$MDIM $KDIM $NDIM" \
		$PLOT_LENGTHS >"$OUT/numpy.tsv" 2>"$OUT/numpy.log" ||
		{
			cat "$OUT/numpy.log" >&2
			problems=$((problems + 1))
		}
}

# What glibc's malloc costs: a freed block of many MB goes back to the
# kernel, and the next query's palloc of the same size takes a page fault
# on each 4 KiB page it touches.  Counts the backend's minor faults per
# query (as installed: fusekern.keep_freed_memory at its default, 64MB),
# then times the same queries with malloc as glibc sets it
# (fusekern.keep_freed_memory = 0), with the default, and with the server
# started again under GLIBC_TUNABLES that keep freed memory (MALLOC_TUNED,
# fusekern.keep_freed_memory = 0 so that the tunables hold), back to back.
MALLOC_TUNED=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824

run_malloc() {
	local p name f sql i n sp pre opts
	[[ malloc =~ $ONLY ]] || return 0
	have_needs "$WL/logret.fused.sql" || return 0
	log "page faults per query, and the same queries with malloc tuned"
	: >"$OUT/malloc.tsv"
	for p in scan:scan.base:$COUNT logret:logret.fused:$COUNT plot_scan:plot.base:5 \
		plot_fused:plot.fused:5; do
		IFS=: read -r name f n <<<"$p"
		sql=$(grep -v '^\\' "$WL/$f.sql" | grep -v '^--' | tr '\n' ' ' | sed 's/; *$//')
		sql=${sql//:len/1000000}
		{
			echo "${sql//:id/1};"
			echo "SELECT split_part(pg_read_file('/proc/self/stat'), ' ', 10)::bigint AS f0 \\gset"
			for i in $(seq 1 "$n"); do echo "${sql//:id/$i};"; done
			echo "SELECT '$name', (split_part(pg_read_file('/proc/self/stat'), ' ', 10)::bigint - :f0) / $n;"
		} | "${PSQL[@]}" -At -F '	' 2>>"$OUT/check.log" | tail -1 |
			sed 's/^/faults\t/' >>"$OUT/malloc.tsv"
	done
	for pre in default guc tuned; do
		opts=
		if [ "$pre" != guc ]; then
			# malloc as glibc (or GLIBC_TUNABLES) sets it, where the build has the setting
			have_needs "$WL/malloc_guc.sql" && opts="-c fusekern.keep_freed_memory=0"
		fi
		if [ "$pre" = tuned ]; then
			"$BINDIR/pg_ctl" -D "$FK_PGDATA" -m fast -w stop >/dev/null
			GLIBC_TUNABLES=$MALLOC_TUNED "$BINDIR/pg_ctl" -D "$FK_PGDATA" -l "$OUT/server_tuned.log" \
				-w start >/dev/null || { problems=$((problems + 1)); return 0; }
		fi
		for p in scan:scan.base:0 logret:logret.fused:0 plot_scan:plot.base:1000000 \
			plot_fused:plot.fused:1000000; do
			IFS=: read -r name f i <<<"$p"
			PGOPTIONS=$opts "$BINDIR/pgbench" -n -M prepared -c 1 -T "$TIME" -d "$DB" \
				-f "$WL/$f.sql" -D lo=1 -D hi="$COUNT" -D len="$i" -D fk_once=0 \
				>"$OUT/pgbench.one" 2>&1
			cat "$OUT/pgbench.one" >>"$OUT/pgbench.log"
			sp=$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' "$OUT/pgbench.one")
			echo "time	$name	$pre	${sp:-error}" >>"$OUT/malloc.tsv"
		done
	done
	"$BINDIR/pg_ctl" -D "$FK_PGDATA" -m fast -w stop >/dev/null
	"$BINDIR/pg_ctl" -D "$FK_PGDATA" -l "$OUT/server_default.log" -w start >/dev/null || exit 2
}

# Where the time goes, for the bare scan and the main workload (logret,
# fused): perf's cpu-clock samples of the server while pgbench runs each
# (the real SIMD path; this VM has no hardware counters), then callgrind's
# instruction counts of a single-user backend running the same query for
# every series (valgrind hides AVX-512, so that one takes the AVX2 path).
# Writes profile_{perf,callgrind}_NAME.txt.  Stops the cluster: it comes last.
PROFILED="scan:scan.base logret:logret.fused"

run_profile() {
	local pm p name f sql i
	[[ profile =~ $ONLY ]] || return 0
	pm=$(head -1 "$FK_PGDATA/postmaster.pid")
	for p in $PROFILED; do
		name=${p%%:*} f=$WL/${p#*:}.sql
		have_needs "$f" || continue
		command -v perf >/dev/null || break
		log "profiling $name (perf cpu-clock)"
		perf record -q -e cpu-clock -F 2000 -g -p "$pm" -o "$OUT/perf_$name.data" -- \
			"$BINDIR/pgbench" -n -M prepared -c 1 -T "$TIME" -d "$DB" -f "$f" \
			-D lo=1 -D hi="$COUNT" -D fk_once=0 >>"$OUT/pgbench.log" 2>&1
		perf report -i "$OUT/perf_$name.data" --stdio --no-children --percent-limit 0.5 \
			-F overhead,dso,sym -g none 2>/dev/null | grep "%" >"$OUT/profile_perf_$name.txt"
	done
	"$BINDIR/pg_ctl" -D "$FK_PGDATA" -m fast -w stop >/dev/null
	command -v valgrind >/dev/null || return 0
	for p in $PROFILED; do
		name=${p%%:*} f=$WL/${p#*:}.sql
		[ -s "$OUT/profile_perf_$name.txt" ] || continue
		log "profiling $name (callgrind)"
		# counted: the EXECUTEs only (ExecuteQuery), after a scan that warms the
		# buffers and one run of the query that loads the library
		sql=$(grep -v '^\\' "$f" | grep -v '^--' | tr '\n' ' ' | sed 's/; *$//')
		{
			echo "SELECT sum(array_length(px, 1)) FROM series"
			echo "${sql//:id/1}"
			echo "PREPARE q(int) AS ${sql//:id/\$1}"
			for i in $(seq 1 "$COUNT"); do echo "EXECUTE q($i)"; done
		} >"$OUT/profile_$name.sql"
		valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind_$name.out" \
			--toggle-collect=ExecuteQuery \
			"$BINDIR/postgres" --single -D "$FK_PGDATA" "$DB" <"$OUT/profile_$name.sql" \
			>"$OUT/callgrind_$name.log" 2>&1
		{
			echo "exclusive:"
			callgrind_annotate --threshold=95 "$OUT/callgrind_$name.out" 2>/dev/null |
				sed -n '/^Ir/,$p' | grep -E '^ *[0-9,]+ ' | head -16
			echo "inclusive:"
			callgrind_annotate --inclusive=yes --threshold=99 "$OUT/callgrind_$name.out" 2>/dev/null |
				sed -n '/^Ir/,$p' | grep -E '^ *[0-9,]+ ' | grep -v '(100.0%)  [^P]' | head -24
		} | sed -E 's#\[/[^]]*/([^/]+)\]$#[\1]#; s#\./[^:]*/##' >"$OUT/profile_callgrind_$name.txt"
	done
}

load_data
run_checks
run_workloads
run_plot
run_micro
run_numpy
run_malloc
run_profile
$PY bench/report.py "$OUT" "$COUNT" "$LEN" "$NULLS" "$TIME" "$ROUNDS" "$MDIM $KDIM $NDIM" |
	tee "$OUT/results.txt"
[ "$problems" -eq 0 ] || { echo "bench: $problems problem(s), see $OUT" >&2; exit 1; }
