SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- fusekern.domain_error = 'null': elements core would reject become NULL
SELECT abs('{}'::float8[]);		-- loads the library, which defines the GUCs
SHOW fusekern.domain_error;
SET fusekern.domain_error = 'null';
SELECT ln('{1,0,-1,NULL,NaN}'::float8[]) AS ln_a, ln('{1,0,-1}'::nvec) AS ln_n;
SELECT exp('{0,710,-746,Infinity}'::float8[]) AS exp_a, sqrt('{4,-4,-0}'::nvec) AS sqrt_n;
SELECT '{1,1e308,NULL}'::float8[] + '{1,1e308,1}'::float8[] AS add,
       '{1e-300,2}'::nvec * 1e-300 AS mul,
       '{1,0,NaN}'::float8[] / '{0,0,0}'::float8[] AS div,
       1 / '{0,2}'::nvec AS rdiv;
SELECT diff('{-1e308,1e308,1}'::float8[]) AS diff,
       dlog('{1,0,1,1}'::nvec) AS dlog,
       dlog_scale_add('{1,-1,1,1}'::float8[], 2, 1, 0) AS dsa;
SELECT scale_add('{1e308,5e-324,1}'::nvec, 0.1, 1.7e308) AS scale_add,
       sub_mul_add('{1e308,1}'::float8[], '{-1e308,1}'::float8[], 1, 2) AS sma,
       ln_scale_add('{0,1}'::float8[], 1, 1) AS lsa;
-- NULLs that come from faults alone
SELECT ln('{1}'::float8[]) AS no_nulls, array_position(ln('{1,0}'::float8[]), NULL) AS first_null;
RESET fusekern.domain_error;
SELECT ln('{0}'::float8[]);
-- the values are 'error' and 'null' (quoted: NULL is a keyword)
SET fusekern.domain_error = 'ignore';

-- fusekern.simd: scalar is always there and gives what auto gives for
-- operations that are exact on every path
SHOW fusekern.simd;
SET fusekern.simd = 'scalar';
SELECT sqrt('{4,2,NULL}'::float8[]), '{1,2}'::nvec / 3;
SET fusekern.simd = 'sse9';
RESET fusekern.simd;
