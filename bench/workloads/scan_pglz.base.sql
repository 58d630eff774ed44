-- scan_pglz: the bare scan of one series stored pglz-compressed (fetch, decompress)
\set id random(:lo, :hi)
SELECT array_length(px, 1) FROM series_pglz WHERE id = :id;
