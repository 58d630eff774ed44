SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- ln, exp, sqrt, abs, unary minus on float8[] and nvec; values that are
-- exact on every SIMD path are printed as they are, others rounded
SELECT ln('{1,NULL,Infinity,NaN}'::float8[]) AS ln_a,
       ln('{1,NULL,Infinity,NaN}'::nvec) AS ln_n;
SELECT round(x::numeric, 12) FROM unnest(ln('{2,0.5,1e300,5e-324}'::float8[])) x;
SELECT exp('{0,NULL,-Infinity,Infinity,NaN,-0}'::float8[]) AS exp_a,
       exp('{0,NULL,-Infinity,Infinity,NaN,-0}'::nvec) AS exp_n;
SELECT round(x::numeric, 12) FROM unnest(exp('{1,-1,2.5}'::nvec::float8[])) x;
SELECT sqrt('{4,NULL,2,-0,0,Infinity,NaN,1e-320}'::float8[]) AS sqrt_a,
       sqrt('{4,NULL,2,-0,0,Infinity,NaN,1e-320}'::nvec) AS sqrt_n;
SELECT abs('{-1.5,NULL,-0,-Infinity,NaN,2}'::float8[]) AS abs_a,
       abs('{-1.5,NULL,-0,-Infinity,NaN,2}'::nvec) AS abs_n;
SELECT -'{-1.5,NULL,0,-0,-Infinity,NaN}'::float8[] AS neg_a,
       -'{-1.5,NULL,0,-0,-Infinity,NaN}'::nvec AS neg_n,
       vneg('{1,2}'::float8[]) AS neg_fn;

-- the result type is the input's; float8[] results have lower bound 1
SELECT pg_typeof(ln('{1}'::float8[])), pg_typeof(ln('{1}'::nvec));
SELECT abs('[-3:-1]={-1,2,-3}'::float8[]) AS r,
       array_lower(abs('[-3:-1]={-1,2,-3}'::float8[]), 1) AS lower_bound;
-- empty in, empty out; a NULL argument gives NULL
SELECT ln('{}'::float8[]), exp('{}'::nvec), sqrt(NULL::float8[]), abs(NULL::nvec);
-- all NULL
SELECT ln('{NULL,NULL}'::float8[]), exp('{NULL}'::nvec);

-- errors, as core float8 raises them (message, detail naming the element)
SELECT ln('{1,2,0,-1}'::float8[]);
SELECT ln('{1,NULL,-1,0}'::nvec);
SELECT ln('{-Infinity}'::float8[]);
SELECT exp('{1,710}'::float8[]);
SELECT exp('{-746}'::nvec);
SELECT sqrt('{1,-1e-300}'::float8[]);
SELECT sqrt('{-Infinity}'::nvec);
-- NULL elements are never checked
SELECT ln('{NULL,1}'::float8[]), sqrt('{NULL,4}'::nvec);
-- float8[] inputs must be one-dimensional
SELECT ln('{{1,2},{3,4}}'::float8[]);

-- log10: base-10 logarithm, the domain of core's log10 (2201E), exact at
-- powers of ten, the same bits as core's on these inputs
SELECT log10('{1,10,100,1e-3,1e300,NULL,Infinity,NaN}'::float8[]) AS log10_a,
       log10('{1,10,100,1e-3,1e300,NULL,Infinity,NaN}'::nvec) AS log10_n;
SELECT x, log10(ARRAY[x])::text = ARRAY[log10(x)]::text AS same_as_core
FROM unnest('{2,3,0.5,7.25,123456.789,5e-324,1.7976931348623157e308}'::float8[]) x;
SELECT log10('{1,0}'::float8[]);
SELECT log10('{1,NULL,-1}'::nvec);
SELECT log10('{-Infinity,0}'::float8[], 'null') AS log10_null,
       log10('{10,NULL,0,-2,1000}'::nvec, 'null') AS log10_null_n;
SELECT log10('{1}'::float8[], 'nothing');

-- clip(v, lo, hi): lo below lo, hi above hi, the element itself otherwise
-- (-0 and 0 are equal, as in core's greatest and least, which keep the
-- element: clip(-0, 0, 1) is -0); NaN stays NaN; NULL stays NULL
SELECT clip('{-5,0.5,5,NULL,-Infinity,Infinity,NaN,-0,0}'::float8[], 0, 1) AS clip_a,
       clip('{-5,0.5,5,NULL,-Infinity,Infinity,NaN,-0,0}'::nvec, -0.0, 1) AS clip_n;
SELECT clip('{2,3,4}'::float8[], 3, 3) AS equal_bounds,
       clip('{-1,1}'::float8[], '-Infinity', 'Infinity') AS infinite_bounds,
       clip('{}'::float8[], 0, 1) AS empty;
-- the same as least(greatest(x, lo), hi), bit for bit, where x is no NaN
SELECT count(*) FILTER (WHERE c::text IS DISTINCT FROM least(greatest(x, 0), 0.5)::text) AS differ
FROM (SELECT x, unnest(clip(ARRAY[x], 0, 0.5)) c
	  FROM unnest('{-1,-0,0,0.25,0.5,0.75,1e300,-1e-300}'::float8[]) x) s;
-- lo > hi and NaN bounds are errors, even for an empty vector
SELECT clip('{1}'::float8[], 1, 0);
SELECT clip('{}'::nvec, 2, -2);
SELECT clip('{1}'::float8[], 'NaN', 1);
-- the bounds given exactly, whatever extra_float_digits
SET extra_float_digits = 0;
SELECT clip('{1}'::float8[], 1.0000000000000002, 1);
RESET extra_float_digits;

-- cbrt: cube root, defined for every float8 (no error, so no on_error
-- form), exact at cubes, -0 stays -0; within 1 ULP of the exact root, and
-- the same bits as core's cbrt on these inputs (core's is the C library's,
-- which is not always the nearest double: docs/kernels.md)
SELECT cbrt('{0,-0,1,8,-27,1000,0.125,-1e-300,NULL,Infinity,-Infinity,NaN}'::float8[]) AS cbrt_a,
       cbrt('{0,-0,1,8,-27,1000,0.125,-1e-300,NULL,Infinity,-Infinity,NaN}'::nvec) AS cbrt_n;
SELECT x, cbrt(ARRAY[x])::text = ARRAY[cbrt(x)]::text AS same_as_core
FROM unnest('{1,3,8,64,1000,0.001,1e300,1.7976931348623157e308}'::float8[]) x;
SELECT cbrt('{1}'::float8[], 'null');
