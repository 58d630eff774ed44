-- Functions, operators and the aggregate of nvec.

CREATE FUNCTION @extschema@.length(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'length_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.length(@extschema@.nvec) IS
'number of elements, NULLs included (reads only the header)';

CREATE FUNCTION @extschema@.null_count(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'null_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.null_count(@extschema@.nvec) IS
'number of NULL elements (reads only the header)';

CREATE FUNCTION @extschema@.unnest(@extschema@.nvec) RETURNS SETOF float8
	AS 'MODULE_PATHNAME', 'unnest_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	ROWS 100;
COMMENT ON FUNCTION @extschema@.unnest(@extschema@.nvec) IS
'the elements as rows, in order, a NULL row for each NULL element';

-- Equality: same length, same NULL positions, bit-identical present values,
-- any NaN equal to any NaN (so -0 <> +0, unlike float8 '=')
CREATE FUNCTION @extschema@.nvec_eq(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_eq(@extschema@.nvec, @extschema@.nvec) IS
'equal: same length, same NULL positions, same bits, any NaN equal to any NaN (-0 <> +0)';

CREATE FUNCTION @extschema@.nvec_ne(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_ne(@extschema@.nvec, @extschema@.nvec) IS
'not equal (the negation of nvec_eq)';

CREATE OPERATOR @extschema@.= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_eq,
	COMMUTATOR = OPERATOR(@extschema@.=),
	NEGATOR = OPERATOR(@extschema@.<>),
	RESTRICT = pg_catalog.eqsel,
	JOIN = pg_catalog.eqjoinsel,
	HASHES,
	MERGES
);
COMMENT ON OPERATOR @extschema@.= (@extschema@.nvec, @extschema@.nvec) IS
'equal: same length, same NULL positions, same bits, any NaN equal to any NaN';

CREATE OPERATOR @extschema@.<> (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_ne,
	COMMUTATOR = OPERATOR(@extschema@.<>),
	NEGATOR = OPERATOR(@extschema@.=),
	RESTRICT = pg_catalog.neqsel,
	JOIN = pg_catalog.neqjoinsel
);
COMMENT ON OPERATOR @extschema@.<> (@extschema@.nvec, @extschema@.nvec) IS
'not equal';

-- Ordering consistent with =: element by element, a NULL element above any
-- value, NaN above every number, -0 just below +0, a prefix before the
-- longer vector.  A B-tree operator class makes ORDER BY, sorted DISTINCT,
-- merge joins, unique constraints and indexes work on nvec.
CREATE FUNCTION @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec) IS
'-1, 0 or 1: element by element, NULL above values, NaN above numbers, -0 below +0, a prefix first';

CREATE FUNCTION @extschema@.nvec_lt(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_lt(@extschema@.nvec, @extschema@.nvec) IS
'less than, in the order of nvec_cmp';

CREATE FUNCTION @extschema@.nvec_le(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_le(@extschema@.nvec, @extschema@.nvec) IS
'less than or equal, in the order of nvec_cmp';

CREATE FUNCTION @extschema@.nvec_gt(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_gt(@extschema@.nvec, @extschema@.nvec) IS
'greater than, in the order of nvec_cmp';

CREATE FUNCTION @extschema@.nvec_ge(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_ge(@extschema@.nvec, @extschema@.nvec) IS
'greater than or equal, in the order of nvec_cmp';

CREATE OPERATOR @extschema@.< (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_lt,
	COMMUTATOR = OPERATOR(@extschema@.>),
	NEGATOR = OPERATOR(@extschema@.>=),
	RESTRICT = pg_catalog.scalarltsel,
	JOIN = pg_catalog.scalarltjoinsel
);
COMMENT ON OPERATOR @extschema@.< (@extschema@.nvec, @extschema@.nvec) IS
'less than, in the order of nvec_cmp';

CREATE OPERATOR @extschema@.<= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_le,
	COMMUTATOR = OPERATOR(@extschema@.>=),
	NEGATOR = OPERATOR(@extschema@.>),
	RESTRICT = pg_catalog.scalarlesel,
	JOIN = pg_catalog.scalarlejoinsel
);
COMMENT ON OPERATOR @extschema@.<= (@extschema@.nvec, @extschema@.nvec) IS
'less than or equal, in the order of nvec_cmp';

CREATE OPERATOR @extschema@.> (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_gt,
	COMMUTATOR = OPERATOR(@extschema@.<),
	NEGATOR = OPERATOR(@extschema@.<=),
	RESTRICT = pg_catalog.scalargtsel,
	JOIN = pg_catalog.scalargtjoinsel
);
COMMENT ON OPERATOR @extschema@.> (@extschema@.nvec, @extschema@.nvec) IS
'greater than, in the order of nvec_cmp';

CREATE OPERATOR @extschema@.>= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_ge,
	COMMUTATOR = OPERATOR(@extschema@.<=),
	NEGATOR = OPERATOR(@extschema@.<),
	RESTRICT = pg_catalog.scalargesel,
	JOIN = pg_catalog.scalargejoinsel
);
COMMENT ON OPERATOR @extschema@.>= (@extschema@.nvec, @extschema@.nvec) IS
'greater than or equal, in the order of nvec_cmp';

CREATE OPERATOR CLASS @extschema@.nvec_btree_ops
	DEFAULT FOR TYPE @extschema@.nvec USING btree AS
	OPERATOR 1 @extschema@.< (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 2 @extschema@.<= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 3 @extschema@.= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 4 @extschema@.>= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 5 @extschema@.> (@extschema@.nvec, @extschema@.nvec),
	FUNCTION 1 @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec);
COMMENT ON OPERATOR CLASS @extschema@.nvec_btree_ops USING btree IS
'default B-tree operator class of nvec: ORDER BY, unique indexes, merge joins';
COMMENT ON OPERATOR FAMILY @extschema@.nvec_btree_ops USING btree IS
'B-tree operators of nvec';

-- A hash operator class, so that DISTINCT, UNION, GROUP BY and hash joins
-- work on nvec
CREATE FUNCTION @extschema@.nvec_hash(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_hash(@extschema@.nvec) IS
'hash agreeing with =: equal vectors hash alike';

-- The seeded 64-bit hash (PARTITION BY HASH); with seed 0 its low 32 bits
-- are nvec_hash
CREATE FUNCTION @extschema@.nvec_hash_extended(@extschema@.nvec, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_hash_extended(@extschema@.nvec, bigint) IS
'64-bit hash agreeing with =, seeded; with seed 0 its low 32 bits are nvec_hash';

CREATE OPERATOR CLASS @extschema@.nvec_hash_ops
	DEFAULT FOR TYPE @extschema@.nvec USING hash AS
	OPERATOR 1 @extschema@.= (@extschema@.nvec, @extschema@.nvec),
	FUNCTION 1 @extschema@.nvec_hash(@extschema@.nvec),
	FUNCTION 2 @extschema@.nvec_hash_extended(@extschema@.nvec, bigint);
COMMENT ON OPERATOR CLASS @extschema@.nvec_hash_ops USING hash IS
'default hash operator class of nvec: hash joins, hash aggregation, hash indexes and partitions';
COMMENT ON OPERATOR FAMILY @extschema@.nvec_hash_ops USING hash IS
'hash operators of nvec';

-- nvec_agg(float8): rows into an nvec, honouring ORDER BY, NULLs kept
CREATE FUNCTION @extschema@.nvec_agg_transfn(internal, float8) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_transfn(internal, float8) IS
'state transition function of nvec_agg: appends a value or a NULL';

CREATE FUNCTION @extschema@.nvec_agg_finalfn(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_finalfn(internal) IS
'final function of nvec_agg: the state as an nvec';

-- in parallel: each worker's rows collected apart, then appended one state
-- after another (the order across workers is unspecified without ORDER BY)
CREATE FUNCTION @extschema@.nvec_agg_combinefn(internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_combinefn(internal, internal) IS
'combine function of nvec_agg: appends the second state to the first';

CREATE FUNCTION @extschema@.nvec_agg_serialfn(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_serialfn(internal) IS
'serialization function of nvec_agg: the state as a bytea';

CREATE FUNCTION @extschema@.nvec_agg_deserialfn(bytea, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_deserialfn(bytea, internal) IS
'deserialization function of nvec_agg: a checked bytea back to a state';

CREATE AGGREGATE @extschema@.nvec_agg(float8) (
	SFUNC = @extschema@.nvec_agg_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.nvec_agg_finalfn,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.nvec_agg_combinefn,
	SERIALFUNC = @extschema@.nvec_agg_serialfn,
	DESERIALFUNC = @extschema@.nvec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.nvec_agg(float8) IS
'rows into an nvec, in ORDER BY order, NULL rows kept as NULL elements; NULL for no rows';
