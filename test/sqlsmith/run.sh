#!/usr/bin/env bash
# SQLsmith against the harness's running cluster (harness.sh sqlsmith):
# random queries as a plain role over tables of float8[] and nvec, stopped
# at the first backend that dies of a signal.  Prints the queries run and
# the crashes found (0 or 1), and the crashing statement when there is one.
#
#   environment: BINDIR, PGHOST, PGPORT, FK_SERVER_LOG (from the harness),
#                SQLSMITH_QUERIES (default 20000), SQLSMITH_SEED (default 1)
set -uo pipefail

queries=${SQLSMITH_QUERIES:-20000}
seed=${SQLSMITH_SEED:-1}
out=$(dirname "$FK_SERVER_LOG")/sqlsmith.log
crash='terminated by signal'

"$BINDIR/psql" -X -q -d postgres -c 'CREATE DATABASE fk_smith' >/dev/null || exit 2
"$BINDIR/psql" -X -q -d fk_smith -v ON_ERROR_STOP=1 -f test/sqlsmith/setup.sql >/dev/null || exit 2

sqlsmith --target="host=$PGHOST port=$PGPORT dbname=fk_smith user=smith" \
	--seed="$seed" --max-queries="$queries" --exclude-catalog --verbose >"$out" 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null; do
	if grep -q "$crash" "$FK_SERVER_LOG"; then
		kill $pid
		break
	fi
	sleep 1
done
wait $pid
rc=$?

# the extension's functions SQLsmith's queries reached, and their calls
reached=$("$BINDIR/psql" -X -At -d fk_smith -c "SELECT count(*) || ' functions of the extension called ' || coalesce(sum(calls), 0) || ' times' FROM pg_stat_user_functions")
ran=$(grep -oE 'queries: [0-9]+' "$out" | tail -1 | grep -oE '[0-9]+')
crashes=$(grep -c "$crash" "$FK_SERVER_LOG")
echo "sqlsmith: seed $seed, ${ran:-0} queries run, $crashes backend crash(es), exit $rc; $reached"
tail -n 30 "$out" | grep -vE '^[.ectCsS]*$' | tail -n 15
if [ "$crashes" -gt 0 ]; then
	grep -A2 "$crash" "$FK_SERVER_LOG"
	exit 1
fi
exit 0
