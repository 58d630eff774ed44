-- Functions, operators and the aggregate of nvec.

CREATE FUNCTION @extschema@.length(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'length_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.null_count(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'null_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.unnest(@extschema@.nvec) RETURNS SETOF float8
	AS 'MODULE_PATHNAME', 'unnest_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	ROWS 100;

-- Equality: same length, same NULL positions, bit-identical present values,
-- any NaN equal to any NaN (so -0 <> +0, unlike float8 '=')
CREATE FUNCTION @extschema@.nvec_eq(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_ne(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR @extschema@.= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_eq,
	COMMUTATOR = OPERATOR(@extschema@.=),
	NEGATOR = OPERATOR(@extschema@.<>),
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);

CREATE OPERATOR @extschema@.<> (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_ne,
	COMMUTATOR = OPERATOR(@extschema@.<>),
	NEGATOR = OPERATOR(@extschema@.=),
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);

-- Ordering consistent with =: element by element, a NULL element above any
-- value, NaN above every number, -0 just below +0, a prefix before the
-- longer vector.  A B-tree operator class makes ORDER BY, sorted DISTINCT,
-- merge joins, unique constraints and indexes work on nvec.
CREATE FUNCTION @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_lt(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_le(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_gt(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_ge(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR @extschema@.< (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_lt,
	COMMUTATOR = OPERATOR(@extschema@.>),
	NEGATOR = OPERATOR(@extschema@.>=),
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);

CREATE OPERATOR @extschema@.<= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_le,
	COMMUTATOR = OPERATOR(@extschema@.>=),
	NEGATOR = OPERATOR(@extschema@.>),
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);

CREATE OPERATOR @extschema@.> (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_gt,
	COMMUTATOR = OPERATOR(@extschema@.<),
	NEGATOR = OPERATOR(@extschema@.<=),
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);

CREATE OPERATOR @extschema@.>= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_ge,
	COMMUTATOR = OPERATOR(@extschema@.<=),
	NEGATOR = OPERATOR(@extschema@.<),
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS @extschema@.nvec_btree_ops
	DEFAULT FOR TYPE @extschema@.nvec USING btree AS
	OPERATOR 1 @extschema@.< (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 2 @extschema@.<= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 3 @extschema@.= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 4 @extschema@.>= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 5 @extschema@.> (@extschema@.nvec, @extschema@.nvec),
	FUNCTION 1 @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec);

-- A hash operator class, so that DISTINCT, UNION, GROUP BY and hash joins
-- work on nvec
CREATE FUNCTION @extschema@.nvec_hash(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR CLASS @extschema@.nvec_hash_ops
	DEFAULT FOR TYPE @extschema@.nvec USING hash AS
	OPERATOR 1 @extschema@.= (@extschema@.nvec, @extschema@.nvec),
	FUNCTION 1 @extschema@.nvec_hash(@extschema@.nvec);

-- nvec_agg(float8): rows into an nvec, honouring ORDER BY, NULLs kept
CREATE FUNCTION @extschema@.nvec_agg_transfn(internal, float8) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION @extschema@.nvec_agg_finalfn(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE @extschema@.nvec_agg(float8) (
	SFUNC = @extschema@.nvec_agg_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.nvec_agg_finalfn,
	FINALFUNC_MODIFY = READ_ONLY,
	PARALLEL = SAFE
);
