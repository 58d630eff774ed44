-- malloc_guc: not a workload; names the setting run_malloc needs to turn the default off
-- needs: fusekern.keep_freed_memory
SELECT 1;
