-- linres, plain SQL: unnest, join on k, sum, add bias and residual, greatest(0), array_agg rows
\set id random(:lo, :hi)
SELECT pg_column_size((
	SELECT array_agg(r ORDER BY i) FROM (
		SELECT c.i, array_agg(greatest(c.v + re.res, 0) ORDER BY c.j) AS r FROM (
			SELECT xe.i, we.j, sum(xe.x * we.w) + l.bias[we.j] AS v
			FROM (SELECT (n - 1) / :kdim AS i, (n - 1) % :kdim AS k, x
				  FROM unnest(b.x) WITH ORDINALITY AS u(x, n)) xe
			JOIN (SELECT (n - 1) / :ndim AS k, (n - 1) % :ndim + 1 AS j, w
				  FROM unnest(l.w) WITH ORDINALITY AS u(w, n)) we ON we.k = xe.k
			GROUP BY xe.i, we.j) c
		JOIN (SELECT (n - 1) / :ndim AS i, (n - 1) % :ndim + 1 AS j, res
			  FROM unnest(b.res) WITH ORDINALITY AS u(res, n)) re ON re.i = c.i AND re.j = c.j
		GROUP BY c.i) rows))
FROM batch b, layer l WHERE b.id = :id AND l.id = 1;
