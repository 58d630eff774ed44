// The time-axis queries of bench/bench_time.pl in DuckDB and Polars, on the
// same ticks held in memory, for the side-by-side table of
// bench/results/time-axis.md.
//   npm install @duckdb/node-api nodejs-polars   (in some directory NM)
//   FK_NODE_MODULES=NM/node_modules node bench/time_peers.mjs DIR RUNS THREADS
// DIR holds what bench_time.pl exported: ticks.csv (id, time in
// microseconds since the epoch, price; ordered by id and time) and
// grid.csv (the probe times in microseconds).  THREADS is each engine's
// thread count (DuckDB's threads setting, POLARS_MAX_THREADS; a fusekern
// query runs in one backend).  Loading and sorting are not timed.  Prints
// "bench: peer ENGINE CASE RESULT ms1 ms2 ..." for each case: a number the
// SQL side computes too (to check that all agree) and every run's
// milliseconds.
import { createRequire } from 'node:module';

const [dir, runsArg, threadsArg] = process.argv.slice(2);
const runs = Number(runsArg);
const threads = Number(threadsArg);
process.env.POLARS_MAX_THREADS = String(threads);
const req = createRequire((process.env.FK_NODE_MODULES ?? './node_modules') + '/');
const { DuckDBInstance } = await import(req.resolve('@duckdb/node-api'));
const pl = req('nodejs-polars');

// Every run's milliseconds of f (after one untimed run) and its result
async function timed(f) {
	const res = await f();
	const ms = [];
	for (let i = 0; i < runs; i++) {
		const t0 = performance.now();
		await f();
		ms.push(performance.now() - t0);
	}
	return { res, ms };
}

function report(engine, name, { res, ms }) {
	console.log(`bench: peer ${engine} ${name} ${Number(res).toPrecision(15)} ${ms.map(m => m.toFixed(1)).join(' ')}`);
}

// DuckDB: native tables, one query a case
async function duckdb() {
	const inst = await DuckDBInstance.create(':memory:');
	const con = await inst.connect();
	await con.run(`SET threads = ${threads}`);
	await con.run(`CREATE TABLE ticks AS SELECT id, make_timestamp(us) AS t, x
		FROM read_csv('${dir}/ticks.csv', header = false, columns = {'id': 'INTEGER', 'us': 'BIGINT', 'x': 'DOUBLE'})
		ORDER BY id, t`);
	await con.run(`CREATE TABLE probe AS SELECT i.id, make_timestamp(g.us) AS pt
		FROM (SELECT DISTINCT id FROM ticks) i,
			 read_csv('${dir}/grid.csv', header = false, columns = {'us': 'BIGINT'}) g
		ORDER BY i.id, pt`);
	const one = async (q) => (await con.runAndReadAll(q)).getRows()[0][0];
	const w = `WINDOW w AS (PARTITION BY id ORDER BY t
		RANGE BETWEEN INTERVAL '5 minutes' - INTERVAL '1 microsecond' PRECEDING AND CURRENT ROW)`;
	const cases = {
		rolling_mean: `SELECT sum(m) FROM (SELECT avg(x) OVER w AS m FROM ticks ${w})`,
		zscore: `SELECT sum((x - m) / s) FROM (SELECT x, avg(x) OVER w AS m, stddev_samp(x) OVER w AS s FROM ticks ${w})`,
		ohlc: `SELECT sum(o + h + l + c) FROM (SELECT id, time_bucket(INTERVAL '1 minute', t) AS b,
			arg_min(x, t) AS o, max(x) AS h, min(x) AS l, arg_max(x, t) AS c FROM ticks GROUP BY ALL)`,
		asof: `SELECT sum(t.x) FROM probe p ASOF LEFT JOIN ticks t ON p.id = t.id AND p.pt >= t.t`,
		twa: `SELECT sum(a) FROM (SELECT id, sum(x * dt) / sum(dt) AS a FROM
			(SELECT id, x, epoch_us(lead(t) OVER (PARTITION BY id ORDER BY t)) - epoch_us(t) AS dt FROM ticks)
			WHERE dt IS NOT NULL GROUP BY id)`,
	};
	for (const [name, q] of Object.entries(cases))
		report('duckdb', name, await timed(() => one(q)));
	con.closeSync();
}

// Polars: one DataFrame sorted by id and time (and a copy sorted by time
// alone for the as-of join, which wants its key sorted throughout)
function polars() {
	// headerless files: columns column_1, column_2, ...
	const raw = pl.readCSV(`${dir}/ticks.csv`, { hasHeader: false });
	const df = raw.select(pl.col('column_1').alias('id'), pl.col('column_2').cast(pl.Datetime('us')).alias('t'),
		pl.col('column_3').cast(pl.Float64).alias('x')).sort(['id', 't']);
	const grid = pl.readCSV(`${dir}/grid.csv`, { hasHeader: false })
		.select(pl.col('column_1').cast(pl.Datetime('us')).alias('t'));
	const ids = df.select(pl.col('id')).unique();
	const probe = ids.join(grid, { how: 'cross' }).sort('t');
	const byTime = df.sort('t');
	const sum = (d, c) => d.select(pl.col(c).sum()).getColumn(c).get(0);
	const roll = () => df.groupByRolling({ indexColumn: 't', period: '5m', closed: 'right', by: 'id' });
	const cases = {
		rolling_mean: () => sum(roll().agg(pl.col('x').mean().alias('m')), 'm'),
		zscore: () => sum(roll().agg(pl.col('x').last().alias('x'), pl.col('x').mean().alias('m'), pl.col('x').std().alias('s'))
			.select(pl.col('x').minus(pl.col('m')).div(pl.col('s')).alias('z')), 'z'),
		ohlc: () => sum(df.groupByDynamic({ indexColumn: 't', every: '1m', by: 'id' })
			.agg(pl.col('x').first().alias('o'), pl.col('x').max().alias('h'), pl.col('x').min().alias('l'), pl.col('x').last().alias('c'))
			.select(pl.col('o').plus(pl.col('h')).plus(pl.col('l')).plus(pl.col('c')).alias('s')), 's'),
		asof: () => sum(probe.joinAsof(byTime, { on: 't', by: 'id', strategy: 'backward' }), 'x'),
		twa: () => sum(df.select(pl.col('id'), pl.col('x'),
				pl.col('t').shift(-1).over('id').cast(pl.Int64).minus(pl.col('t').cast(pl.Int64)).alias('dt'))
			.filter(pl.col('dt').isNotNull())
			.groupBy('id').agg(pl.col('x').mul(pl.col('dt')).sum().div(pl.col('dt').sum()).alias('a')), 'a'),
	};
	for (const [name, f] of Object.entries(cases))
		report('polars', name, timedSync(f));
}

// timed() for a synchronous f
function timedSync(f) {
	const res = f();
	const ms = [];
	for (let i = 0; i < runs; i++) {
		const t0 = performance.now();
		f();
		ms.push(performance.now() - t0);
	}
	return { res, ms };
}

await duckdb();
polars();
