# mk/flags.mk: compiler flags and the libraries (SLEEF, the serial OpenBLAS)

# Strict IEEE semantics (mk/core.mk); warnings for our code
# FK_NVEC_INTERNAL: nvec.h's DatumGetNVecP calls the decoder directly
PG_CFLAGS += $(FK_CORE_CFLAGS) -DFK_NVEC_INTERNAL -I$(FK_SRC)/src -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers
# PostgreSQL 17's own flags add -Wshadow=compatible-local; ours add it on
# every server version (where the compiler knows it), so a shadowed local
# fails here first
FK_SHADOW_FLAG := $(shell $(CC) -Werror -Wshadow=compatible-local -E -x c /dev/null >/dev/null 2>&1 && echo -Wshadow=compatible-local)
PG_CFLAGS += $(FK_SHADOW_FLAG)
ifdef FK_WERROR
PG_CFLAGS += -Werror
endif
# 'make sanitize-check' builds the library with these sanitizers
# (docs/hardening.md: ASan in the server needs a working preload)
SANITIZE ?= undefined
SANITIZE_FLAGS = -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
ifdef FK_SANITIZE
PG_CFLAGS += $(SANITIZE_FLAGS)
SHLIB_LINK += $(SANITIZE_FLAGS)
endif
# The server's headers are system headers: -Wextra is for our code, not their macros
PG_CPPFLAGS += -isystem $(shell $(PG_CONFIG) --includedir-server)

# Libraries through pkg-config (both ship .pc files on Debian), with plain
# -l flags when pkg-config does not know them.
PKG_CONFIG ?= pkg-config
SLEEF_CFLAGS := $(shell $(PKG_CONFIG) --cflags sleef 2>/dev/null)
SLEEF_LIBS := $(or $(shell $(PKG_CONFIG) --libs sleef 2>/dev/null),-lsleef)

# Dense layers want the serial OpenBLAS (no threads inside a backend).
# Debian ships each flavour's openblas.pc in the flavour's private directory;
# the shared pkgconfig/openblas.pc, and the libopenblas.so.0 the loader finds,
# are whichever flavour the alternatives system chose (pthreads or OpenMP
# ones start threads in the backend).  So the serial flavour is found through
# its own directory, and an rpath into that directory is the only way to keep
# the loader from taking the alternatives' choice: it is added for that
# directory only.  BLAS_PC_DIR= (empty) takes the system's default instead.
comma := ,
BLAS_PC_DIR ?= $(wildcard /usr/lib/$(MULTIARCH)/openblas-serial/pkgconfig)
FK_BLAS_PC = $(if $(BLAS_PC_DIR),PKG_CONFIG_PATH=$(BLAS_PC_DIR) )$(PKG_CONFIG)
BLAS_CFLAGS := $(shell $(FK_BLAS_PC) --cflags openblas 2>/dev/null)
BLAS_LIBDIR := $(patsubst %/,%,$(shell $(FK_BLAS_PC) --variable=libdir openblas 2>/dev/null))
BLAS_LIBS := $(or $(shell $(FK_BLAS_PC) --libs openblas 2>/dev/null),-lopenblas) \
	$(if $(findstring openblas-serial,$(BLAS_LIBDIR)),-Wl$(comma)-rpath$(comma)$(BLAS_LIBDIR))
PG_CPPFLAGS += $(BLAS_CFLAGS) $(SLEEF_CFLAGS)
SHLIB_LINK += $(BLAS_LIBS) $(SLEEF_LIBS)
UNIT_LIBS += $(BLAS_LIBS) $(SLEEF_LIBS)

# JIT bitcode brings nothing to these functions; build none
override with_llvm = no
