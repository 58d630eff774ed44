SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- fusekern_info(): one row per fact; values that depend on the machine are
-- checked against what the settings and core say, not printed
SELECT name FROM fusekern_info();
SELECT value = current_setting('fusekern.simd') AS simd_is_the_setting
FROM fusekern_info() WHERE name = 'simd';
-- the path auto chose is the best the CPU features name; a forced one is it
SELECT (SELECT value FROM fusekern_info() WHERE name = 'simd_path') =
	   CASE WHEN f.value LIKE '%avx512%' THEN 'AVX-512'
			WHEN f.value LIKE '%avx2%' THEN 'AVX2' ELSE 'scalar' END AS auto_path_is_best
FROM fusekern_info() f WHERE f.name = 'cpu_features';
-- a cap from FUSEKERN_CPU_CAP (set when the suite runs as on a lesser CPU)
-- hides every feature above it
SELECT c.value IS NULL OR NOT (string_to_array(f.value, ' ') &&
	   CASE c.value WHEN 'avx2' THEN '{avx512}' WHEN 'scalar' THEN '{avx2,avx512}'
			ELSE '{fma,avx2,avx512}' END::text[]) AS cap_holds
FROM fusekern_info() f, fusekern_info() c
WHERE f.name = 'cpu_features' AND c.name = 'cpu_cap';
SET fusekern.simd = scalar;
SELECT value FROM fusekern_info() WHERE name IN ('simd', 'simd_path');
-- GELU (the dense layers) follows the setting through the same dispatcher:
-- the copy of the instruction set in use, forced or auto's
SELECT value AS gelu_path FROM fusekern_info() WHERE name = 'gelu_path';
RESET fusekern.simd;
SELECT (SELECT value FROM fusekern_info() WHERE name = 'gelu_path') =
	   (SELECT value FROM fusekern_info() WHERE name = 'simd_path') AS gelu_follows_auto;
DO $$
BEGIN
	IF position('avx2' IN (SELECT value FROM fusekern_info() WHERE name = 'cpu_features')) > 0 THEN
		SET LOCAL fusekern.simd = avx2;
		IF (SELECT value FROM fusekern_info() WHERE name = 'gelu_path') <> 'AVX2' THEN
			RAISE EXCEPTION 'gelu does not follow fusekern.simd = avx2';
		END IF;
	END IF;
END
$$;
SELECT value ~ '^[0-9]+\.[0-9]+\.[0-9]+$' AS sleef_version_read
FROM fusekern_info() WHERE name = 'sleef_version';
SELECT value LIKE 'OpenBLAS %' AS openblas_config_read
FROM fusekern_info() WHERE name = 'openblas_config';
-- not preloaded here: no executor worker
SELECT value FROM fusekern_info() WHERE name = 'executor';

-- the settings from the first statement of a session: with the library in
-- session_preload_libraries (here for this database) SHOW needs no call
-- before it
SELECT current_database() AS db \gset
ALTER DATABASE :"db" SET session_preload_libraries = 'fusekern';
\c
SHOW fusekern.simd;
SHOW fusekern.enable_fusion;
ALTER DATABASE :"db" RESET session_preload_libraries;
\c
-- without it, a fresh session does not know the settings until the
-- library loads: fusekern_info() loads it, and then SHOW works
SHOW fusekern.simd;
SELECT value FROM fusekern_info() WHERE name = 'simd';
SHOW fusekern.simd;
