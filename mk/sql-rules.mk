# mk/sql-rules.mk: the rules of mk/sql.mk's install script

$(EXTENSION)--$(EXTVERSION).sql: $(SQL_PARTS)
	( echo '/* $(EXTENSION) $(EXTVERSION): generated from src/sql/ and src/core/ops_catalog.h, do not edit */'; \
	  printf '%s\n' '\echo Use "CREATE EXTENSION $(EXTENSION)" to load this file. \quit'; \
	  for f in $^; do echo; cat $$f; done ) > $@

# The SQL of the catalogue's operations: a program of the build machine
# (it runs here, whatever the target), with the catalogue's tables
src/tools/gen_sql: src/tools/gen_sql.c $(FK_SRC)/src/core/ops.c $(wildcard $(FK_SRC)/src/core/*.h $(FK_SRC)/src/tools/*.h)
	$(CC) -I$(FK_SRC)/src -std=gnu99 -O1 -Wall -Wextra -Wno-missing-field-initializers -o $@ $< $(FK_SRC)/src/core/ops.c

src/sql/10_kernels.sql: src/tools/gen_sql
	src/tools/gen_sql kernels > $@.tmp && mv $@.tmp $@

src/sql/40_series.sql: src/tools/gen_sql
	src/tools/gen_sql series > $@.tmp && mv $@.tmp $@

src/sql/43_series_agg.sql: src/tools/gen_sql
	src/tools/gen_sql aggregates > $@.tmp && mv $@.tmp $@
