-- output: fetch one series and send it to the client as text (array_out, float8out for each element)
\set id random(:lo, :hi)
SELECT px FROM series WHERE id = :id;
