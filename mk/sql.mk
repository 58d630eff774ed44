# mk/sql.mk: the install script, made of src/sql/ and of what
# src/tools/gen_sql writes from the catalogues

# Fragments of the install script, in dependency order: those of src/sql/,
# and SQL_GENERATED, written in the build tree by src/tools/gen_sql from the
# catalogue of operations (src/core/ops_catalog.h) and of the aggregates
# across rows (src/tools/agg_catalog.h)
SQL_GENERATED = src/sql/10_kernels.sql src/sql/40_series.sql src/sql/43_series_agg.sql
SQL_PARTS = \
	$(FK_SRC)/src/sql/00_nvec_type.sql \
	$(FK_SRC)/src/sql/01_nvec_cast.sql \
	$(FK_SRC)/src/sql/02_nvec_funcs.sql \
	$(FK_SRC)/src/sql/03_nvec_slice.sql \
	$(FK_SRC)/src/sql/04_nvec_compress.sql \
	$(FK_SRC)/src/sql/05_fusion_support.sql \
	$(FK_SRC)/src/sql/07_info.sql \
	$(FK_SRC)/src/sql/08_storage_report.sql \
	src/sql/10_kernels.sql \
	$(FK_SRC)/src/sql/11_round_digits.sql \
	$(FK_SRC)/src/sql/20_fusion.sql \
	$(FK_SRC)/src/sql/30_dense.sql \
	src/sql/40_series.sql \
	$(FK_SRC)/src/sql/41_series_count.sql \
	src/sql/43_series_agg.sql \
	$(FK_SRC)/src/sql/44_series_ema.sql \
	$(FK_SRC)/src/sql/45_series_fill.sql \
	$(FK_SRC)/src/sql/46_series_stats.sql \
	$(FK_SRC)/src/sql/47_series_time.sql \
	$(FK_SRC)/src/sql/48_series_rolling_weighted.sql \
	$(FK_SRC)/src/sql/49_tvec.sql

# (the rules, once PGXS is in: mk/sql-rules.mk)
