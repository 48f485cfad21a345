#!/bin/bash
# contrib/bench-compare/build-livestatus.sh SRC PREFIX: build naemon-livestatus
# from the source tree SRC against the Naemon that build-naemon.sh installed
# under PREFIX, and install the module as PREFIX/lib/naemon-livestatus/
# livestatus.so (and unixcat as PREFIX/bin/unixcat).  SRC is copied
# first and stays untouched.  Needs, besides build-naemon.sh's packages,
# g++.  The build log is PREFIX/build-livestatus.log.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SRC PREFIX" >&2; exit 2; }
src=$(cd "$1" && pwd)
prefix=$(cd "$2" && pwd)
if [ ! -f "$src/configure.ac" ] || ! grep -q naemon-livestatus "$src/configure.ac"; then
	echo "build-livestatus: $src is not a naemon-livestatus source tree" >&2
	exit 1
fi
[ -f "$prefix/lib/pkgconfig/naemon.pc" ] || [ -f "$prefix/share/pkgconfig/naemon.pc" ] || {
	echo "build-livestatus: no Naemon under $prefix (contrib/bench-compare/build-naemon.sh)" >&2
	exit 1
}
command -v g++ > /dev/null || { echo "build-livestatus: g++ is missing" >&2; exit 1; }
work=$prefix/livestatus-src
rm -rf "$work"
mkdir -p "$work"
tar -C "$src" --exclude=.git -cf - . | tar -C "$work" -xf -
log=$prefix/build-livestatus.log
echo "build-livestatus: building $src against $prefix (log: $log)"
(
	cd "$work"
	export PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/share/pkgconfig"
	autoreconf -s -i
	./configure --prefix="$prefix" --with-naemon-config-dir="$prefix/etc"
	make -j"$(nproc)"
	mkdir -p "$prefix/lib/naemon-livestatus" "$prefix/bin"
	so=$(find . -name livestatus.so -path '*/.libs/*' | head -n 1)
	[ -n "$so" ] || so=$(find . -name livestatus.so | head -n 1)
	cp "$so" "$prefix/lib/naemon-livestatus/livestatus.so"
	uc=$(find . -name unixcat -type f -perm -u+x | head -n 1)
	[ -z "$uc" ] || cp "$uc" "$prefix/bin/unixcat"
) > "$log" 2>&1 || { tail -30 "$log" >&2; echo "build-livestatus: the build failed; see $log" >&2; exit 1; }
[ -f "$prefix/lib/naemon-livestatus/livestatus.so" ] ||
	{ echo "build-livestatus: no livestatus.so was built; see $log" >&2; exit 1; }
echo "build-livestatus: $prefix/lib/naemon-livestatus/livestatus.so"
