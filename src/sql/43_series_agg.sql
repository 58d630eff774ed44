-- Aggregates across rows (src/pg_series_agg.c, docs/series.md): sum and avg
-- over a column of nvec or float8[], min and max over a column of nvec,
-- position by position.  Position i of the result aggregates position i of
-- every row: NULL elements are skipped, a position without any valid
-- element is NULL, a NULL row is skipped, no rows give NULL; rows of
-- different lengths are an error.  min and max are not defined over
-- float8[]: core's min(anyarray) and max(anyarray) order arrays as wholes.
-- Each has combine, serialize and deserialize functions: PostgreSQL may run
-- it in parallel.

CREATE FUNCTION @extschema@.vec_sum_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_sum_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_sum_transfn(internal, @extschema@.nvec) IS
'state transition function of sum(nvec) and avg(nvec): adds a row position by position';

CREATE FUNCTION @extschema@.vec_sum_transfn(internal, float8[]) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_sum_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_sum_transfn(internal, float8[]) IS
'state transition function of sum(float8[]) and avg(float8[]): adds a row position by position';

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

CREATE FUNCTION @extschema@.vec_avg_finalfn_nvec(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_finalfn_nvec(internal) IS
'final function of avg(nvec): sums divided by counts, as an nvec';

CREATE FUNCTION @extschema@.vec_avg_finalfn_float8arr(internal) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_finalfn_float8arr(internal) IS
'final function of avg(float8[]): sums divided by counts, as a float8[]';

CREATE FUNCTION @extschema@.vec_agg_combinefn(internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_combinefn(internal, internal) IS
'combine function of sum, avg, min and max over vectors: folds the second state into the first';

CREATE FUNCTION @extschema@.vec_agg_serialfn(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_serialfn(internal) IS
'serialization function of sum, avg, min and max over vectors: the state as a bytea';

CREATE FUNCTION @extschema@.vec_agg_deserialfn(bytea, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_deserialfn(bytea, internal) IS
'deserialization function of sum, avg, min and max over vectors: a checked bytea back to a state';

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
	SFUNC = @extschema@.vec_sum_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_avg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.avg(@extschema@.nvec) IS
'elementwise mean across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.avg(float8[]) (
	SFUNC = @extschema@.vec_sum_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_avg_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
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
