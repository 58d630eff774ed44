# mk/objects.mk: the server-side objects of the library, folder by folder
# (src/README.md), and the headers each folder's objects are rebuilt for:
# their own folder's and those of the folders below it that they may use
# (test/t/layering.pl holds the layering; PGXS tracks no header on its own).

# The headers of the folders named
fk_headers = $(wildcard $(addprefix $(FK_SRC)/src/,$(addsuffix /*.h,$(1))))

FK_COMMON_OBJS = \
	src/common/pg_memory.o

FK_NVEC_OBJS = \
	src/nvec/pg_nvec.o \
	src/nvec/pg_nvec_alp.o \
	src/nvec/pg_nvec_alp_sql.o \
	src/nvec/pg_nvec_binary.o \
	src/nvec/pg_nvec_check.o \
	src/nvec/pg_nvec_funcs.o \
	src/nvec/pg_nvec_part.o \
	src/nvec/pg_nvec_subscript.o

FK_VECTOR_OBJS = \
	src/vector/pg_nvec_cast.o \
	src/vector/pg_nvec_slice.o \
	src/vector/vecview.o

FK_KERNELS_OBJS = \
	src/kernels/pg_kernels_entry.o \
	src/kernels/pg_kernels_fault.o \
	src/kernels/pg_kernels_guc.o \
	src/kernels/pg_kernels_round.o \
	src/kernels/pg_kernels_run.o

FK_SERIES_OBJS = \
	src/series/pg_nvec_agg.o \
	src/series/pg_series_agg.o \
	src/series/pg_series_agg_array.o \
	src/series/pg_series_agg_moments.o \
	src/series/pg_series_agg_var.o \
	src/series/pg_series_fill.o \
	src/series/pg_series_reduce.o \
	src/series/pg_series_rolling.o \
	src/series/pg_series_running.o \
	src/series/pg_series_stats.o \
	src/series/pg_series_rank.o \
	src/series/pg_series_time_asof.o \
	src/series/pg_series_time_axis.o \
	src/series/pg_series_time_resample.o \
	src/series/pg_series_time_roll.o \
	src/series/pg_series_time_weight.o \
	src/series/pg_series_tvec.o

FK_FUSE_OBJS = \
	src/fuse/pg_fuse.o \
	src/fuse/pg_fuse_acl.o \
	src/fuse/pg_fuse_catalog.o \
	src/fuse/pg_fuse_ema.o \
	src/fuse/pg_fuse_entry.o \
	src/fuse/pg_fuse_exec.o \
	src/fuse/pg_fuse_group.o \
	src/fuse/pg_fuse_lower.o \
	src/fuse/pg_fuse_order.o \
	src/fuse/pg_fuse_resample.o \
	src/fuse/pg_fuse_scalar.o \
	src/fuse/pg_fuse_text.o \
	src/fuse/pg_fuse_tree.o

FK_DENSE_OBJS = \
	src/dense/array.o \
	src/dense/fuse.o \
	src/dense/fuse_exec.o \
	src/dense/layers.o

FK_WORKER_OBJS = \
	src/worker/worker.o \
	src/worker/worker_client.o \
	src/worker/worker_device.o \
	src/worker/worker_extent.o \
	src/worker/worker_shmem.o \
	src/worker/worker_staging.o

# the module (_PG_init, fusekern_info): above every folder
FK_TOP_OBJS = src/fusekern.o src/pg_info.o

OBJS = $(FK_TOP_OBJS) $(FK_COMMON_OBJS) $(FK_NVEC_OBJS) $(FK_VECTOR_OBJS) $(FK_KERNELS_OBJS) $(FK_SERIES_OBJS) $(FK_FUSE_OBJS) $(FK_DENSE_OBJS) $(FK_WORKER_OBJS) \
	src/device/staging.o $(CORE_OBJS)

$(CORE_OBJS): $(call fk_headers,core)
$(FK_COMMON_OBJS): $(call fk_headers,common core)
$(FK_NVEC_OBJS): $(call fk_headers,nvec common core)
$(FK_VECTOR_OBJS): $(call fk_headers,vector nvec common core)
$(FK_KERNELS_OBJS): $(call fk_headers,kernels vector nvec common core)
$(FK_SERIES_OBJS): $(call fk_headers,series kernels vector nvec common core)
$(FK_FUSE_OBJS): $(call fk_headers,fuse series kernels vector nvec common core)
$(FK_DENSE_OBJS): $(call fk_headers,dense fuse series kernels vector nvec worker common core)
$(FK_WORKER_OBJS): $(call fk_headers,worker device cuda common core)
$(FK_TOP_OBJS): $(call fk_headers,common nvec vector kernels series fuse dense worker device cuda core)
src/device/staging.o src/device/executor.o: $(call fk_headers,device cuda core)
