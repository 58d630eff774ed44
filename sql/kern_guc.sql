SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- on_error => 'null': elements core would reject become NULL
SELECT abs('{}'::float8[]);		-- loads the library, which defines the GUCs
SELECT ln('{1,0,-1,NULL,NaN}'::float8[], 'null') AS ln_a, ln('{1,0,-1}'::nvec, 'null') AS ln_n;
SELECT exp('{0,710,-746,Infinity}'::float8[], 'null') AS exp_a, sqrt('{4,-4,-0}'::nvec, 'null') AS sqrt_n;
SELECT vadd('{1,1e308,NULL}'::float8[], '{1,1e308,1}'::float8[], 'null') AS add,
       vmul('{1e-300,2}'::nvec, 1e-300, 'null') AS mul,
       vdiv('{1,0,NaN}'::float8[], '{0,0,0}'::float8[], 'null') AS div,
       vdiv(1, '{0,2}'::nvec, 'null') AS rdiv;
SELECT diff('{-1e308,1e308,1}'::float8[], 1, 'null') AS diff,
       dlog('{1,0,1,1}'::nvec, 1, 'null') AS dlog,
       dlog_scale_add('{1,-1,1,1}'::float8[], 2, 1, 0, 'null') AS dsa;
SELECT scale_add('{1e308,5e-324,1}'::nvec, 0.1, 1.7e308, 'null') AS scale_add,
       sub_mul_add('{1e308,1}'::float8[], '{-1e308,1}'::float8[], 1, 2, 'null') AS sma,
       ln_scale_add('{0,1}'::float8[], 1, 1, 'null') AS lsa;
-- NULLs that come from faults alone
SELECT ln('{1}'::float8[], 'null') AS no_nulls, array_position(ln('{1,0}'::float8[], 'null'), NULL) AS first_null;
-- 'error' and no on_error raise core's error, naming the element and argument
SELECT ln('{0}'::float8[], 'error');
SELECT ln('{0}'::float8[]);
-- the values are 'error' and 'null' (quoted: NULL is a keyword)
SELECT ln('{1}'::float8[], 'ignore');
-- the setting is gone; its prefix is reserved, so a leftover one is refused
SET fusekern.domain_error = 'null';

-- fusekern.simd: scalar is always there and gives what auto gives for
-- operations that are exact on every path
SHOW fusekern.simd;
SET fusekern.simd = 'scalar';
SELECT sqrt('{4,2,NULL}'::float8[]), '{1,2}'::nvec / 3;
SET fusekern.simd = 'sse9';
RESET fusekern.simd;
