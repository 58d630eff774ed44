SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- text round trips
SELECT '{1.5,NULL,-3,NaN,Infinity,-Infinity}'::nvec;
SELECT '{}'::nvec;
SELECT ' { 1 , null ,  NuLl, 2e300 } '::nvec;
SELECT '{-0}'::nvec, '{4.9e-324}'::nvec, '{"2.5"}'::nvec;
SELECT '{0.1,0.30000000000000004}'::nvec;
-- errors
SELECT '1,2'::nvec;
SELECT '{1,}'::nvec;
SELECT '{1 2}'::nvec;
SELECT '{1} x'::nvec;
SELECT '{abc}'::nvec;
SELECT '{1e999}'::nvec;
SELECT '{1'::nvec;
