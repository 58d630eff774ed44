-- float8[] and nvec mixed (src/pg_kernels_entry.c, docs/kernels.md): each
-- binary function and operator also takes one vector of each type, in
-- either order, and returns nvec; NULLs and lengths as for two vectors of
-- one type.  These forms are not fused (no SUPPORT): a mixed call runs on
-- its own, and a fused expression around it takes its result as an input.

CREATE FUNCTION @extschema@.vadd(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(float8[], @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length, as nvec (the + operator)';
CREATE FUNCTION @extschema@.vadd(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(float8[], @extschema@.nvec, text) IS 'x + y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8[]) IS 'elementwise sum x + y of two vectors of the same length, as nvec (the + operator)';
CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8[], text) IS 'x + y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(float8[], @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length, as nvec (the - operator)';
CREATE FUNCTION @extschema@.vsub(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(float8[], @extschema@.nvec, text) IS 'x - y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8[]) IS 'elementwise difference x - y of two vectors of the same length, as nvec (the - operator)';
CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8[], text) IS 'x - y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(float8[], @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length, as nvec (the * operator)';
CREATE FUNCTION @extschema@.vmul(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(float8[], @extschema@.nvec, text) IS 'x * y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8[]) IS 'elementwise product x * y of two vectors of the same length, as nvec (the * operator)';
CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8[], text) IS 'x * y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length, as nvec (the / operator)';
CREATE FUNCTION @extschema@.vdiv(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], @extschema@.nvec, text) IS 'x / y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8[]) IS 'elementwise quotient x / y of two vectors of the same length, as nvec (the / operator)';
CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8[], text) IS 'x / y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sub_mul_add(x float8[], y @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(float8[], @extschema@.nvec, float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length, as nvec';
CREATE FUNCTION @extschema@.sub_mul_add(x float8[], y @extschema@.nvec, a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(float8[], @extschema@.nvec, float8, float8, text) IS '((x - y) * a) + b elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sub_mul_add(x @extschema@.nvec, y float8[], a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(@extschema@.nvec, float8[], float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length, as nvec';
CREATE FUNCTION @extschema@.sub_mul_add(x @extschema@.nvec, y float8[], a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(@extschema@.nvec, float8[], float8, float8, text) IS '((x - y) * a) + b elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- the operators

CREATE OPERATOR @extschema@.+ (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8[], @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.+ (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (@extschema@.nvec, float8[]) IS 'elementwise sum x + y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.- (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8[], @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.- (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (@extschema@.nvec, float8[]) IS 'elementwise difference x - y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.* (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8[], @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.* (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (@extschema@.nvec, float8[]) IS 'elementwise product x * y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@./ (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8[], @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@./ (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (@extschema@.nvec, float8[]) IS 'elementwise quotient x / y of two vectors of the same length, as nvec';
