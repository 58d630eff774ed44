-- round(v, digits): decimal rounding of each element, as core's
-- round(x::numeric, digits)::float8 (src/kernels/pg_kernels_round.c)
CREATE FUNCTION @extschema@.round(v float8[], digits integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'round_digits_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.round(float8[], integer) IS 'each element rounded to digits decimal places, halves away from zero, as round(x::numeric, digits)::float8 (so round(2.675, 2) = 2.68)';

CREATE FUNCTION @extschema@.round(v @extschema@.nvec, digits integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'round_digits_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.round(@extschema@.nvec, integer) IS 'each element rounded to digits decimal places, halves away from zero, as round(x::numeric, digits)::float8 (so round(2.675, 2) = 2.68)';
