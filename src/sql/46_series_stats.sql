-- Quantiles of one vector (src/series/pg_series_stats.c, docs/series.md
-- "Statistics of a vector"): vmedian, vquantile.  Not fused: a quantile
-- selects over all the values, which no fixed-size state streams.  vargmin,
-- vargmax, vcov, vcov_pop and vcorr are reductions of the catalogue
-- (40_series.sql, generated), and fuse.

CREATE FUNCTION @extschema@.vmedian(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmedian_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmedian(float8[]) IS 'median of the valid elements, interpolated as percentile_cont(0.5) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vmedian(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmedian_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmedian(@extschema@.nvec) IS 'median of the valid elements, interpolated as percentile_cont(0.5) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vquantile(v float8[], q float8) RETURNS float8
	AS 'MODULE_PATHNAME', 'vquantile_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(float8[], float8) IS 'quantile q (0 to 1) of the valid elements, interpolated as percentile_cont(q) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vquantile(v @extschema@.nvec, q float8) RETURNS float8
	AS 'MODULE_PATHNAME', 'vquantile_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(@extschema@.nvec, float8) IS 'quantile q (0 to 1) of the valid elements, interpolated as percentile_cont(q) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vquantile(v float8[], q float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vquantiles_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(float8[], float8[]) IS 'quantiles q (each 0 to 1; a NULL one gives NULL) of the valid elements, interpolated as percentile_cont(q), in the shape of q; NULL if none';

CREATE FUNCTION @extschema@.vquantile(v @extschema@.nvec, q float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vquantiles_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(@extschema@.nvec, float8[]) IS 'quantiles q (each 0 to 1; a NULL one gives NULL) of the valid elements, interpolated as percentile_cont(q), in the shape of q; NULL if none';

-- Histograms of one vector (src/series/pg_series_stats.c, docs/series.md):
-- vhistogram, counts per bucket of core's width_bucket, numbered from 0
CREATE FUNCTION @extschema@.vhistogram(v float8[], edges float8[]) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_edges_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(float8[], float8[]) IS 'counts of the valid elements per bucket of width_bucket(x, edges), in an int8[] numbered 0 (below the first edge) to the number of edges (at or above the last)';

CREATE FUNCTION @extschema@.vhistogram(v @extschema@.nvec, edges float8[]) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_edges_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(@extschema@.nvec, float8[]) IS 'counts of the valid elements per bucket of width_bucket(x, edges), in an int8[] numbered 0 (below the first edge) to the number of edges (at or above the last)';

CREATE FUNCTION @extschema@.vhistogram(v float8[], lo float8, hi float8, count integer) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_width_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(float8[], float8, float8, integer) IS 'counts of the valid elements per bucket of width_bucket(x, lo, hi, count), in an int8[] numbered 0 (below lo) to count + 1 (at or above hi)';

CREATE FUNCTION @extschema@.vhistogram(v @extschema@.nvec, lo float8, hi float8, count integer) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_width_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(@extschema@.nvec, float8, float8, integer) IS 'counts of the valid elements per bucket of width_bucket(x, lo, hi, count), in an int8[] numbered 0 (below lo) to count + 1 (at or above hi)';

-- Sorting and ranking one vector (src/series/pg_series_rank.c,
-- docs/series.md): vsort, vrank, vpercent_rank.  Not fused: they order all
-- the valid values.
CREATE FUNCTION @extschema@.vsort(v float8[], descending boolean DEFAULT false) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vsort_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsort(float8[], boolean) IS 'the elements sorted as ORDER BY x (NaN above every number, equal values in index order), NULLs last, or as ORDER BY x DESC, NULLs first';

CREATE FUNCTION @extschema@.vsort(v @extschema@.nvec, descending boolean DEFAULT false) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vsort_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsort(@extschema@.nvec, boolean) IS 'the elements sorted as ORDER BY x (NaN above every number, equal values in index order), NULLs last, or as ORDER BY x DESC, NULLs first';

CREATE FUNCTION @extschema@.vrank(v float8[], method text DEFAULT 'average') RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vrank_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vrank(float8[], text) IS 'rank of each valid element among the valid ones, ascending from 1, ties by pandas'' method ''average'', ''min'', ''max'', ''dense'' or ''first''; NULL stays NULL';

CREATE FUNCTION @extschema@.vrank(v @extschema@.nvec, method text DEFAULT 'average') RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vrank_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vrank(@extschema@.nvec, text) IS 'rank of each valid element among the valid ones, ascending from 1, ties by pandas'' method ''average'', ''min'', ''max'', ''dense'' or ''first''; NULL stays NULL';

CREATE FUNCTION @extschema@.vpercent_rank(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vpercent_rank_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vpercent_rank(float8[]) IS 'relative rank of each valid element among the valid ones, (rank - 1) / (n - 1) as percent_rank(), 0 for one; NULL stays NULL';

CREATE FUNCTION @extschema@.vpercent_rank(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vpercent_rank_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vpercent_rank(@extschema@.nvec) IS 'relative rank of each valid element among the valid ones, (rank - 1) / (n - 1) as percent_rank(), 0 for one; NULL stays NULL';
