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
	HASHES
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
