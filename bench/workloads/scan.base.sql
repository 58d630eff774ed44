-- scan: the bare scan of one series (fetch and detoast px, no math), the floor for the others
\set id random(:lo, :hi)
SELECT array_length(px, 1) FROM series WHERE id = :id;
