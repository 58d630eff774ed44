-- Fusion: nested fusekern calls collapse at plan time into one pass.

-- The planner support function of every fusable operation
CREATE FUNCTION @extschema@.fusekern_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'fusekern_support'
LANGUAGE C STRICT;

-- One pass of a fused program over its inputs; the program is the
-- expression computed, with v1, v2, ... standing for the inputs that follow.
-- Not STRICT: a NULL input gives what the unfused expression gives.
CREATE FUNCTION @extschema@.fused_eval(program text, VARIADIC inputs "any")
RETURNS float8[]
AS 'MODULE_PATHNAME', 'fused_eval'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION @extschema@.fused_eval_nvec(program text, VARIADIC inputs "any")
RETURNS @extschema@.nvec
AS 'MODULE_PATHNAME', 'fused_eval_nvec'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- Attach the support function to the elementwise functions of the
-- extension, and to the functions behind its + - * / operators
DO $fuse$
DECLARE
	f regprocedure;
BEGIN
	FOR f IN
		WITH member AS (
			SELECT d.classid, d.objid
			FROM pg_catalog.pg_depend d
			JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
			WHERE d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
			  AND d.deptype = 'e' AND e.extname = 'fusekern')
		SELECT p.oid::regprocedure
		FROM pg_catalog.pg_proc p
		JOIN member m ON m.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND m.objid = p.oid
		WHERE p.proname IN ('ln', 'exp', 'sqrt', 'abs', 'neg', 'add', 'sub', 'mul',
							'div', 'scale_add', 'dlog', 'diff',
							'dlog_scale_add', 'ln_scale_add', 'sub_mul_add')
		UNION
		SELECT o.oprcode::regprocedure
		FROM pg_catalog.pg_operator o
		JOIN member m ON m.classid = 'pg_catalog.pg_operator'::pg_catalog.regclass AND m.objid = o.oid
		WHERE o.oprname IN ('+', '-', '*', '/')
	LOOP
		EXECUTE pg_catalog.format('ALTER FUNCTION %s SUPPORT @extschema@.fusekern_support', f);
	END LOOP;
END
$fuse$;
