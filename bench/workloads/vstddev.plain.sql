-- vstddev, plain SQL: unnest, stddev_samp
\set id random(:lo, :hi)
SELECT pg_column_size(ARRAY[(SELECT stddev_samp(x) FROM unnest(px) WITH ORDINALITY AS u(x, n))])
FROM series WHERE id = :id;
