-- query: the same lookup without touching px (no detoast), the per-query floor
\set id random(:lo, :hi)
SELECT id FROM series WHERE id = :id;
