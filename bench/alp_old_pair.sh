#!/bin/sh
# alp_old_pair.sh: bench/alp_copies_bench with another commit's AVX-512
# decoder loops beside this tree's copies, in one program (the copy named
# "old"): the before and after of a change to alp_decode_body.h or
# alp_split_simd.h measured in the same run.
#
#   sh bench/alp_old_pair.sh [commit [runs [data set]]]   (after make)
#
# The commit's alp_decode_body.h, alp_split_simd.h and alp_internal.h are
# compiled as the copy FkAlpLoopsOld with the AVX-512 copy's flags (the
# build's CFLAGS and mk/core.mk's additions).  With commit HEAD the two
# AVX-512 copies are the same code: their figures show the method's noise.
set -e
rev=${1:-main}
runs=${2:-5}
set=${3:-2}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in alp_decode_body.h alp_split_simd.h alp_internal.h; do
	git show "$rev:src/core/$f" > "$tmp/$f"
done
printf '#define FK_ISA Old\n#include "alp_decode_body.h"\n' > "$tmp/old.c"
flags=$(make -s --no-print-directory --eval='fk-cflags: ; @echo $(CFLAGS)' fk-cflags)
${CC:-gcc} $flags -O3 -mavx512f -mavx512dq -mavx2 -I"$tmp" -Isrc/core \
	-c "$tmp/old.c" -o "$tmp/old.o"
mkdir -p bench/bin
${CC:-gcc} $flags -DFK_ALP_OLD \
	-o bench/bin/alp_old_pair bench/alp_copies_bench.c "$tmp/old.o" src/core/*.o \
	-L/usr/lib/x86_64-linux-gnu/openblas-serial -lopenblas -lsleef -lm
echo "old = $rev ($(git rev-parse --short "$rev")), new = $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src/core || echo ' + changes')"
bench/bin/alp_old_pair "$runs" "$set"
