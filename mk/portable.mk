# 'make portable-check': the kernel core and its C unit tests cross-built
# for a non-x86 target (aarch64 by default, with Debian's cross compiler and
# the target's libsleef-dev/libopenblas-dev through multiarch) and run under
# qemu-user.  Only the portable scalar path is built there (mk/core.mk), so
# this proves the core stands without the x86-64 files.
#   make portable-check [FK_CROSS=aarch64-linux-gnu] [FK_QEMU=qemu-aarch64]
# installs what is missing for FK_CROSS (test/deps.sh portable: the cross
# gcc and libc6-dev, qemu-user, and libsleef-dev and libopenblas-dev of the
# target's Debian architecture, added with dpkg --add-architecture).
FK_CROSS ?= aarch64-linux-gnu
FK_CROSS_CC ?= $(FK_CROSS)-gcc
FK_QEMU ?= qemu-$(firstword $(subst -, ,$(FK_CROSS)))
FK_CROSS_DIR = portable/$(FK_CROSS)
FK_CROSS_PC = PKG_CONFIG_LIBDIR=/usr/lib/$(FK_CROSS)/pkgconfig $(PKG_CONFIG)
FK_CROSS_CFLAGS = -O2 -g $(FK_CORE_CFLAGS) -Wall -Wextra -Wno-unused-parameter \
	-Wno-missing-field-initializers -I$(FK_SRC)/src \
	$(shell $(FK_CROSS_PC) --cflags sleef openblas 2>/dev/null)
FK_CROSS_LIBS = $(or $(shell $(FK_CROSS_PC) --libs sleef openblas 2>/dev/null),-lsleef -lopenblas) -lm
# The loader and libc come from the cross sysroot, the rest from the target's
# multiarch directories.  OpenBLAS's thread pool (the threaded flavour is
# what the target has) does not start under qemu-user: one thread, which is
# what a backend uses anyway.
FK_QEMU_RUN = $(FK_QEMU) -L /usr/$(FK_CROSS) -E OPENBLAS_NUM_THREADS=1

FK_CROSS_CORE = $(addprefix $(FK_CROSS_DIR)/,$(FK_CORE_PORTABLE))
FK_CROSS_UNITS = $(addprefix $(FK_CROSS_DIR)/test/unit/,$(UNIT_TESTS))

$(FK_CROSS_DIR)/src/core/%.o: src/core/%.c $(wildcard $(FK_SRC)/src/core/*.h)
	@mkdir -p $(@D)
	$(FK_CROSS_CC) $(FK_CROSS_CFLAGS) -c -o $@ $<

$(FK_CROSS_DIR)/test/unit/%: test/unit/%.c $(FK_CROSS_CORE) $(wildcard $(FK_SRC)/test/unit/*.h)
	@mkdir -p $(@D)
	$(FK_CROSS_CC) $(FK_CROSS_CFLAGS) -o $@ $< $(FK_CROSS_CORE) $(FK_CROSS_LIBS)

# The cross compiler, qemu-user and the target's libraries are installed
# first when missing (test/deps.sh portable, as 'make test' does)
.PHONY: portable-check portable-deps portable-run
portable-check: portable-deps
	@$(MAKE) --no-print-directory portable-run

portable-deps:
	@bash $(FK_SRC)/test/deps.sh portable $(FK_CROSS)

portable-run: $(FK_CROSS_UNITS)
	@command -v $(FK_QEMU) >/dev/null || { echo "$(FK_QEMU) not found (Debian: qemu-user)" >&2; exit 1; }
	@fail=0; for t in $(FK_CROSS_UNITS); do \
		out=$$($(FK_QEMU_RUN) $$t 2>&1); rc=$$?; \
		p=$$(printf '%s\n' "$$out" | grep -cE '^ok [0-9]+'); \
		f=$$(printf '%s\n' "$$out" | grep -cE '^not ok [0-9]+'); \
		[ $$rc -ne 0 ] && [ $$f -eq 0 ] && f=1; \
		printf '%s\n' "$$out" | grep -E '^not ok|^#' | sed 's/^/  /'; \
		echo "$(FK_CROSS) $$(basename $$t): $$p passed, $$f failed"; \
		[ $$f -eq 0 ] || fail=1; \
	done; exit $$fail

EXTRA_CLEAN += portable
