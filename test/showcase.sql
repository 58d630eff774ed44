-- A short tour of fusekern, run by 'make demo' against a throwaway cluster.
\set ECHO queries
CREATE EXTENSION fusekern;
SELECT '{1.5,NULL,-3,NaN,Infinity,-Infinity}'::nvec AS a_nullable_vector;
