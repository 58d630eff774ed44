# mk/device.mk: fusekern_executor, the device process

# The device process (docs/cuda.md): a program of its own, plain C and the
# kernel core, which the executor worker fork()s and exec()s so that it maps
# none of the server's shared memory; installed beside the library
FK_DEVICE_OBJS = src/device/executor.o src/device/staging.o
FK_DEVICE_PROGRAM = fusekern_executor
all: $(FK_DEVICE_PROGRAM)
$(FK_DEVICE_PROGRAM): $(FK_DEVICE_OBJS) $(CORE_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(FK_DEVICE_OBJS) $(CORE_OBJS) $(UNIT_LIBS) -ldl -lrt -lm
EXTRA_CLEAN += $(FK_DEVICE_PROGRAM) src/device/executor.o

install: install-device
uninstall: uninstall-device
.PHONY: install-device uninstall-device
install-device: $(FK_DEVICE_PROGRAM) installdirs
	$(INSTALL_PROGRAM) $(FK_DEVICE_PROGRAM) '$(DESTDIR)$(pkglibdir)/'
uninstall-device:
	rm -f '$(DESTDIR)$(pkglibdir)/$(FK_DEVICE_PROGRAM)'
