#!/usr/bin/env bash
# Kill the process that owns the device while 8 sessions send it layers,
# and report what the server did: whether any session was dropped, whether
# the postmaster reinitialized (crash recovery), whether every result was
# right, and who serves afterwards.  Needs the cluster of test/gpu/run.sh
# (PGHOST, PGPORT, ...) and its gpu_mats table (test/gpu/layers.sql).
set -uo pipefail
PG=${PG_BINDIR:-/usr/lib/postgresql/15/bin}
psql() { "$PG/psql" -XAtq -v ON_ERROR_STOP=1 "$@"; }
psql <<'SQL'
CREATE OR REPLACE FUNCTION gpu_crash_load(iters int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
	m record;
	ref float8[];
	o float8[];
	worst float8;
BEGIN
	SELECT * INTO m FROM gpu_mats ORDER BY abs(n - 1024) LIMIT 1;
	PERFORM set_config('fusekern.cuda_min_flops', '1e18', true);
	ref := linear_residual_relu(m.x, m.w, m.b, m.r);
	PERFORM set_config('fusekern.cuda_min_flops', '0', true);
	FOR i IN 1..iters LOOP
		o := linear_residual_relu(m.x, m.w, m.b, m.r);
		SELECT max(abs(a - b)) INTO worst FROM unnest(o, ref) t(a, b);
		IF worst > 1e-9 THEN
			RAISE EXCEPTION 'call % differs from the CPU by %', i, worst;
		END IF;
	END LOOP;
	RETURN iters;
END $$;
SQL
before=$(psql -c 'SELECT requests, errors FROM fusekern_executor_stats')
worker=$(psql -c 'SELECT worker_pid FROM fusekern_executor_stats')
# The device owner: the worker's child process when it has one
owner=$(pgrep -P "$worker" | head -1)
owner=${owner:-$worker}
echo "worker $worker, device owner $owner ($(tr '\0' ' ' </proc/$owner/cmdline))"

# A session that never touches fusekern, holding a temporary table
tmp=$(mktemp -d)
psql -c "CREATE TEMP TABLE keep AS SELECT 42 v; SELECT pg_sleep(8); SELECT v FROM keep" \
	>"$tmp/bystander.out" 2>&1 &
bystander=$!
pids=()
for s in $(seq 8); do
	psql -c "SELECT gpu_crash_load(40)" >"$tmp/load$s.out" 2>&1 &
	pids+=($!)
done
# Kill once the sessions have sent 16 layers between them
for i in $(seq 100); do
	[ "$(psql -c "SELECT requests - ${before%|*} >= 16 FROM fusekern_executor_stats")" = t ] && break
	sleep 0.05
done
echo "kill -9 $owner at $(date -u +%T.%N)"
kill -9 "$owner"
fail=0
for s in $(seq 8); do
	wait "${pids[$((s - 1))]}" || fail=$((fail + 1))
	echo "load session $s: $(tr '\n' ' ' <"$tmp/load$s.out")"
done
wait "$bystander" || fail=$((fail + 1))
echo "bystander session: $(tr '\n' ' ' <"$tmp/bystander.out")"
echo "sessions that failed: $fail of 9"
sleep 2
echo "counters before: $before; after: $(psql -c 'SELECT requests, errors FROM fusekern_executor_stats')"
echo "server log since the kill:"
grep -E 'terminat|crash|restart|executor|fusekern|signal' "${SERVER_LOG:-/dev/null}" | tail -12
for i in $(seq 50); do
	w=$(psql -c 'SELECT worker_pid FROM fusekern_executor_stats')
	[ -n "$w" ] && break
	sleep 0.2
done
o=$(pgrep -P "${w:-0}" | head -1)
echo "afterwards: worker ${w:-none}, device owner ${o:-$w}; $(psql -c 'SELECT gpu_crash_load(2)') calls right"
rm -rf "$tmp"
