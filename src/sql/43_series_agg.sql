-- Aggregates across rows (src/pg_series_agg.c, docs/series.md): sum and avg
-- over a column of nvec or float8[], min and max over a column of nvec,
-- position by position.  Position i of the result aggregates position i of
-- every row: NULL elements are skipped, a position without any valid
-- element is NULL, a NULL row is skipped, no rows give NULL; rows of
-- different lengths are an error.  min and max are not defined over
-- float8[]: core's min(anyarray) and max(anyarray) order arrays as wholes.
-- Each has a combine function: PostgreSQL may run it in parallel.  sum,
-- min and max keep an internal state, serialized as a bytea between
-- parallel workers; avg keeps an ordinary float8[] (sums, then counts of
-- valid elements), so that Citus combines avg's partial states through
-- vec_avg_combinefn: Citus uses an aggregate's combine function only when
-- its state is not internal, and otherwise rewrites avg(x) as
-- sum(x) / count(x), a count of rows (docs/scale-out.md).

CREATE FUNCTION @extschema@.vec_sum_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_sum_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_sum_transfn(internal, @extschema@.nvec) IS
'state transition function of sum(nvec): adds a row position by position';

CREATE FUNCTION @extschema@.vec_sum_transfn(internal, float8[]) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_sum_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_sum_transfn(internal, float8[]) IS
'state transition function of sum(float8[]): adds a row position by position';

CREATE FUNCTION @extschema@.vec_min_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_min_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_min_transfn(internal, @extschema@.nvec) IS
'state transition function of min(nvec): the least element so far at each position';

CREATE FUNCTION @extschema@.vec_max_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_max_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_max_transfn(internal, @extschema@.nvec) IS
'state transition function of max(nvec): the greatest element so far at each position';

CREATE FUNCTION @extschema@.vec_agg_finalfn_nvec(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_finalfn_nvec(internal) IS
'final function of sum(nvec), min(nvec) and max(nvec): the state as an nvec';

CREATE FUNCTION @extschema@.vec_agg_finalfn_float8arr(internal) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_finalfn_float8arr(internal) IS
'final function of sum(float8[]): the state as a float8[]';

CREATE FUNCTION @extschema@.vec_agg_combinefn(internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_combinefn(internal, internal) IS
'combine function of sum, min and max over vectors: folds the second state into the first';

CREATE FUNCTION @extschema@.vec_agg_serialfn(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_serialfn(internal) IS
'serialization function of sum, min and max over vectors: the state as a bytea';

CREATE FUNCTION @extschema@.vec_agg_deserialfn(bytea, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_deserialfn(bytea, internal) IS
'deserialization function of sum, min and max over vectors: a checked bytea back to a state';

-- avg's state: a float8[] of 2n values, the sums at the n positions (from
-- -0, the identity of the sum) then the counts of valid elements
CREATE FUNCTION @extschema@.vec_avg_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_avg_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_transfn(float8[], @extschema@.nvec) IS
'state transition function of avg(nvec): adds a row to the sums and counts of valid elements, position by position';

CREATE FUNCTION @extschema@.vec_avg_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_avg_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_transfn(float8[], float8[]) IS
'state transition function of avg(float8[]): adds a row to the sums and counts of valid elements, position by position';

CREATE FUNCTION @extschema@.vec_avg_combinefn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_combinefn(float8[], float8[]) IS
'combine function of avg over vectors: adds the second state (sums, then counts of valid elements) to the first';

CREATE FUNCTION @extschema@.vec_avg_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_finalfn_nvec(float8[]) IS
'final function of avg(nvec): sums divided by counts, as an nvec';

CREATE FUNCTION @extschema@.vec_avg_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_finalfn_float8arr(float8[]) IS
'final function of avg(float8[]): sums divided by counts, as a float8[]';

CREATE AGGREGATE @extschema@.sum(@extschema@.nvec) (
	SFUNC = @extschema@.vec_sum_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.sum(@extschema@.nvec) IS
'elementwise sum across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.sum(float8[]) (
	SFUNC = @extschema@.vec_sum_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.sum(float8[]) IS
'elementwise sum across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.avg(@extschema@.nvec) (
	SFUNC = @extschema@.vec_avg_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_avg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_avg_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.avg(@extschema@.nvec) IS
'elementwise mean across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.avg(float8[]) (
	SFUNC = @extschema@.vec_avg_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_avg_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_avg_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.avg(float8[]) IS
'elementwise mean across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.min(@extschema@.nvec) (
	SFUNC = @extschema@.vec_min_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.min(@extschema@.nvec) IS
'elementwise minimum across rows (NaN above every number, as float8), NULL elements skipped';

CREATE AGGREGATE @extschema@.max(@extschema@.nvec) (
	SFUNC = @extschema@.vec_max_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.max(@extschema@.nvec) IS
'elementwise maximum across rows (NaN above every number, as float8), NULL elements skipped';
