-- scan_lz4: the bare scan of one series stored lz4-compressed (fetch, decompress)
\set id random(:lo, :hi)
SELECT array_length(px, 1) FROM series_lz4 WHERE id = :id;
