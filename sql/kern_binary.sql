SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- vector op vector
SELECT '{1,2,NULL,4}'::float8[] + '{10,NULL,30,40}'::float8[] AS add_a,
       '{1,2,NULL,4}'::nvec - '{10,NULL,30,40}'::nvec AS sub_n,
       '{1.5,-2,Infinity,0}'::float8[] * '{2,3,0,-1}'::float8[] AS mul_a,
       '{1,-1,0,Infinity}'::nvec / '{4,Infinity,-5,2}'::nvec AS div_n;
-- vector op float8 and float8 op vector
SELECT '{1,NULL,3}'::float8[] + 0.5 AS vs_add, 0.5 + '{1,NULL,3}'::nvec AS sv_add,
       '{1,NULL,3}'::nvec - 1 AS vs_sub, 1 - '{1,NULL,3}'::float8[] AS sv_sub,
       '{1,NULL,3}'::float8[] * -2 AS vs_mul, -2 * '{1,NULL,3}'::nvec AS sv_mul,
       '{1,NULL,4}'::nvec / 8 AS vs_div, 8 / '{1,NULL,4}'::float8[] AS sv_div;
-- the functions behind the operators
SELECT vadd('{1,2}'::float8[], '{3,4}'::float8[]), vsub('{1,2}'::nvec, 1),
       vmul(3, '{1,2}'::float8[]), vdiv('{1,2}'::nvec, '{4,8}'::nvec);
-- NaN, infinities and signed zeros as core float8
SELECT '{NaN,Infinity,Infinity,-0,0}'::float8[] + '{1,-Infinity,Infinity,-0,-0}'::float8[] AS add,
       '{-0,0,NaN}'::nvec * '{5,-5,0}'::nvec AS mul,
       '{NaN,-0,1}'::float8[] / '{0,Infinity,-Infinity}'::float8[] AS div;
-- scale_add(v, a, b) = v * a + b, sub_mul_add(x, y, a, b) = (x - y) * a + b
SELECT scale_add('{1,NULL,3,-0}'::float8[], 2, 0.5), scale_add('{1,NULL,3}'::nvec, -1, 0);
SELECT sub_mul_add('{5,NULL,7}'::float8[], '{1,2,NULL}'::float8[], 10, 1),
       sub_mul_add('{5,6}'::nvec, '{1,2}'::nvec, 0.5, -1);
-- operators compose with core's
SELECT ('{1,2,3}'::float8[] * 2 + 1) / 2 AS composed;
-- NULL scalars give NULL
SELECT '{1}'::float8[] + NULL::float8, scale_add('{1}'::nvec, NULL, 1);

-- errors, as float8_pl/mi/mul/div raise them
SELECT '{1,2,3}'::float8[] + '{1,2,3,4}'::float8[];
SELECT sub_mul_add('{1}'::nvec, '{1,2}'::nvec, 1, 1);
SELECT '{1e308,1}'::float8[] + '{1e308,1}'::float8[];
SELECT '{-1e308}'::nvec - 1e308;
SELECT 1e300 * '{1e300}'::float8[];
SELECT '{1e-300}'::nvec * 1e-300;
SELECT '{1,2}'::float8[] / '{1,0}'::float8[];
SELECT '{0}'::nvec / 0;
SELECT 1 / '{0}'::float8[];
SELECT '{1e300}'::float8[] / 1e-300;
SELECT '{1e-300}'::nvec / '{1e300}'::nvec;
-- no error where core has none: NaN / 0, Infinity + 1, NULL / 0
SELECT '{NaN}'::float8[] / 0, '{Infinity}'::nvec + 1, '{NULL,1}'::float8[] / '{0,1}'::float8[];
-- a chain fails as its first failing step would: the multiplication
-- underflows at element 2 before the addition overflows at element 1
SELECT scale_add('{1e308,5e-324}'::float8[], 0.1, 1.7e308);
SELECT scale_add('{1e308,1}'::nvec, 0.1, 1.7e308);
SELECT sub_mul_add('{1e308}'::float8[], '{-1e308}'::float8[], 1, 0);
