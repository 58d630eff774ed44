-- malloc_guc: not a workload; names the setting run_malloc needs for its middle column
-- needs: fusekern.keep_freed_memory
SELECT 1;
