#!/usr/bin/env bash
# Prepare the folder that travels to a GPU machine with no package access:
# Debian's PostgreSQL 15, SLEEF and OpenBLAS packages, fetched here with
# `apt-get download` into .gpu/debs (ignored by git), for test/gpu/run.sh
# to unpack there.  Run in the repository root, on a Debian 12 machine:
#
#   test/gpu/prepare.sh          # once; about 41 MB
#   then, on the GPU machine, in a copy of the tree with .gpu beside it:
#   bash test/gpu/run.sh         # outputs under $OUT (default ./gpu-out)
set -euo pipefail
top=$(git rev-parse --show-toplevel)
cd "$top"
exclude=$(git rev-parse --git-path info/exclude)
mkdir -p "$(dirname "$exclude")"
grep -qx '/.gpu/' "$exclude" 2>/dev/null || echo '/.gpu/' >>"$exclude"
mkdir -p .gpu/debs
# The server and its client, the headers PGXS needs, the libraries the
# extension links, and what the server links that the CUDA image lacks
pkgs="postgresql-15 postgresql-client-15 postgresql-server-dev-15 libpq5
	libicu72 libldap-2.5-0
	libsleef3 libsleef-dev libopenblas0-serial libopenblas-serial-dev
	libopenblas-dev libopenblas0 libblas3 liblapack3
	libipc-run-perl libio-pty-perl"
cd .gpu/debs
for p in $pkgs; do
	ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download "$p"
done
cd "$top"
du -sh .gpu
echo "ready: carry .gpu and run 'bash test/gpu/run.sh' on the GPU machine"
