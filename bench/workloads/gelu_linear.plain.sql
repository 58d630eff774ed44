-- gelu_linear, plain SQL: gelu of x once per element, unnest w, join on k, sum, array_agg rows
\set id random(:lo, :hi)
SELECT pg_column_size((
	WITH xe AS MATERIALIZED (
		SELECT (n - 1) / :kdim AS i, (n - 1) % :kdim AS k,
			   0.5 * x * (1 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))) AS g
		FROM unnest(b.x) WITH ORDINALITY AS u(x, n))
	SELECT array_agg(r ORDER BY i) FROM (
		SELECT i, array_agg(v ORDER BY j) AS r FROM (
			SELECT xe.i, we.j, sum(xe.g * we.w) + l.bias[we.j] AS v
			FROM xe
			JOIN (SELECT (n - 1) / :ndim AS k, (n - 1) % :ndim + 1 AS j, w
				  FROM unnest(l.w) WITH ORDINALITY AS u(w, n)) we ON we.k = xe.k
			GROUP BY xe.i, we.j) c
		GROUP BY i) rows))
FROM batch b, layer l WHERE b.id = :id AND l.id = 1;
