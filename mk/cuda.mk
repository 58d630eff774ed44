# The optional CUDA module, loaded by the executor worker (the main library
# never links the CUDA runtime).  Opt-in: a plain 'make' builds no CUDA;
# 'make USE_CUDA=1' (and 'make install USE_CUDA=1') builds and installs it,
# with the nvcc found on PATH or in /usr/local/cuda, or NVCC=...
USE_CUDA ?= 0

ifeq ($(USE_CUDA),1)
NVCC ?= $(firstword $(shell command -v nvcc 2>/dev/null) $(wildcard /usr/local/cuda/bin/nvcc))
ifeq ($(NVCC),)
$(error USE_CUDA=1 but no nvcc: put it on PATH or set NVCC=/path/to/nvcc)
endif
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(NVCC))
# SASS for A100 and H100, plus PTX for newer parts
CUDA_GENCODE ?= -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]
CUDA_MODULE = fusekern_cuda$(DLSUFFIX)
ifdef FK_WERROR
NVCC_WERROR = -Werror all-warnings -Xcompiler -Werror
endif

all: $(CUDA_MODULE)

$(CUDA_MODULE): $(FK_SRC)/src/cuda/fusekern_cuda.cu $(FK_SRC)/src/cuda/fk_cuda.h $(FK_SRC)/src/core/dense.h $(FK_SRC)/src/core/gelu_formula.h
	$(NVCC) -O2 --fmad=false -std=c++17 -shared -Xcompiler -fPIC,-Wall $(NVCC_WERROR) -I$(FK_SRC)/src $(CUDA_GENCODE) \
		-o $@ $< -L$(CUDA_HOME)/lib64 -Xlinker -rpath,$(CUDA_HOME)/lib64 -lcublasLt -lcudart

# The GPU check program: plain C, dlopen()s the module; skips without a GPU
test/cuda/test_cuda: test/cuda/test_cuda.c $(CORE_OBJS) $(FK_SRC)/src/cuda/fk_cuda.h $(FK_SRC)/test/unit/tap.h
	$(CC) $(CFLAGS) -o $@ $< $(CORE_OBJS) $(UNIT_LIBS) -ldl -lm

unit: test/cuda/test_cuda
UNIT_BINS += test/cuda/test_cuda
EXTRA_CLEAN += $(CUDA_MODULE) test/cuda/test_cuda

install: install-cuda
uninstall: uninstall-cuda
.PHONY: install-cuda uninstall-cuda
install-cuda: $(CUDA_MODULE) installdirs
	$(INSTALL_SHLIB) $(CUDA_MODULE) '$(DESTDIR)$(pkglibdir)/'
endif

# Removes an installed module whether or not this build made one
.PHONY: uninstall-cuda
uninstall-cuda:
	rm -f '$(DESTDIR)$(pkglibdir)/fusekern_cuda$(DLSUFFIX)'
