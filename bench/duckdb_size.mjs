// Bytes DuckDB takes to store the series that bench/bench_compress.pl wrote
// out with FK_BENCH_EXPORT=DIR: the values of each table, in series order,
// as the one DOUBLE column of a table in a database of its own,
// checkpointed; the size is the database's used blocks (256 KiB each, so a
// table smaller than a block reads as one block) less those of an empty
// database, with the compression DuckDB chose for the column.
//   npm install @duckdb/node-api   (in some directory, then from there:)
//   node /path/to/bench/duckdb_size.mjs DIR
import { DuckDBInstance } from '@duckdb/node-api';
import { rmSync } from 'node:fs';

const dir = process.argv[2];
const tables = ['co2', 'sunspots', 'cents', 'fx', 'full_precision'];

async function usedBytes(path, setup) {
	rmSync(path, { force: true });
	rmSync(path + '.wal', { force: true });
	const inst = await DuckDBInstance.create(path);
	const con = await inst.connect();
	for (const q of setup)
		await con.run(q);
	await con.run('CHECKPOINT');
	const r = (await con.runAndReadAll('SELECT used_blocks, block_size FROM pragma_database_size()')).getRows()[0];
	let comp = '';
	if (setup.length > 0)
		comp = (await con.runAndReadAll(
			"SELECT string_agg(DISTINCT compression, ',') FROM pragma_storage_info('t') WHERE column_name = 'x' AND segment_type = 'DOUBLE'")).getRows()[0][0];
	con.closeSync();
	return { bytes: Number(r[0]) * Number(r[1]), comp };
}

const empty = await usedBytes(dir + '/empty.duckdb', []);
const version = (await (await (await DuckDBInstance.create(':memory:')).connect()).runAndReadAll('SELECT version()')).getRows()[0][0];
for (const t of tables) {
	const { bytes, comp } = await usedBytes(dir + '/' + t + '.duckdb', [
		'CREATE TABLE t (x DOUBLE)',
		`INSERT INTO t SELECT x FROM read_csv('${dir}/${t}.csv', header = false, columns = {'id': 'INTEGER', 'i': 'BIGINT', 'x': 'DOUBLE'}) ORDER BY id, i`,
	]);
	console.log(`duckdb ${version}: ${t}: ${bytes - empty.bytes} bytes (compression: ${comp})`);
}
