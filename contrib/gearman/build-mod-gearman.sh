#!/bin/bash
# contrib/gearman/build-mod-gearman.sh SRC DEST: build mod_gearman (5.2.4
# is what jaque's job format follows) from the source tree SRC, a git
# checkout or an unpacked release, into DEST.  DEST then holds
#   bin/mod_gearman_worker, bin/send_gearman   the worker and the tool
#   lib/mod_gearman_naemon.o                   the core module (a shared
#                                              object, named .o as its
#                                              packages install it)
#   lib/libmgcommon.a                          its common code (crypt,
#                                              base64, utils) as objects
#   include/                                   its headers and config.h
# tests/integration/t_mgjob_vs_mod_gearman.sh compiles a small harness
# against lib/libmgcommon.a to compare jaque's encoding with mod_gearman's
# own; it looks for DEST in build/gearman/mod_gearman by default.
#
# mod_gearman's configure insists on Naemon's headers even for the worker.
# NAEMON_PREFIX names a Naemon install with lib/pkgconfig/naemon.pc (what
# contrib/bench-compare/build-naemon.sh makes); by default
# build/bench-compare/naemon of this tree, then the system's pkg-config.
# SRC is copied first, so it stays untouched.  Needs the Debian packages
# build-essential autoconf automake libtool autoconf-archive pkg-config
# libgearman-dev libssl-dev libltdl-dev libncurses-dev (gearman-job-server to run it).
# The build log is DEST/build.log.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SRC DEST" >&2; exit 2; }
src=$(cd "$1" && pwd)
mkdir -p "$2"
dest=$(cd "$2" && pwd)
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -f "$src/configure.ac" ] || ! grep -q mod_gearman "$src/configure.ac"; then
	echo "build-mod-gearman: $src is not a mod_gearman source tree" >&2
	exit 1
fi
missing=
for tool in autoreconf libtoolize pkg-config cc make ar; do
	command -v "$tool" > /dev/null || missing="$missing $tool"
done
pkg-config --exists gearmand 2> /dev/null || missing="$missing gearmand(libgearman-dev)"
pkg-config --exists openssl 2> /dev/null || missing="$missing openssl(libssl-dev)"
[ -f /usr/include/ltdl.h ] || missing="$missing ltdl.h(libltdl-dev)"
[ -f /usr/include/curses.h ] || missing="$missing curses.h(libncurses-dev)"
[ -f /usr/share/aclocal/ax_check_compile_flag.m4 ] || missing="$missing autoconf-archive"
if [ -n "$missing" ]; then
	echo "build-mod-gearman: missing:$missing" >&2
	echo "build-mod-gearman: apt-get install -y build-essential autoconf automake libtool autoconf-archive pkg-config libgearman-dev libssl-dev libltdl-dev libncurses-dev" >&2
	exit 1
fi
naemon=${NAEMON_PREFIX:-$top/build/bench-compare/naemon}
if [ -f "$naemon/lib/pkgconfig/naemon.pc" ]; then
	export PKG_CONFIG_PATH="$naemon/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
fi
if ! pkg-config --exists naemon 2> /dev/null; then
	echo "build-mod-gearman: no Naemon found (mod_gearman's configure needs its headers):" >&2
	echo "  build one with contrib/bench-compare/build-naemon.sh and set NAEMON_PREFIX to it" >&2
	exit 1
fi

rm -rf "$dest/src"
mkdir -p "$dest/src" "$dest/bin" "$dest/lib" "$dest/include"
tar -C "$src" --exclude=.git -cf - . | tar -C "$dest/src" -xf -
log=$dest/build.log
echo "build-mod-gearman: building $src into $dest (log: $log)"
(
	# (set -e does not hold inside a subshell followed by ||: chain instead)
	cd "$dest/src" &&
	autoreconf -i &&
	./configure --prefix="$dest" &&
	# its Makefile builds one at a time anyway (MAKEFLAGS=-j1); only what
	# the comparison and a test site need, not the documentation
	make mod_gearman_worker send_gearman mod_gearman_naemon.o
) > "$log" 2>&1 || { tail -30 "$log" >&2; echo "build-mod-gearman: the build failed; see $log" >&2; exit 1; }

cd "$dest/src"
cp mod_gearman_worker send_gearman "$dest/bin/"
cp mod_gearman_naemon.o "$dest/lib/"
cp include/*.h config.h "$dest/include/"
# the common objects the worker was linked from: automake names them
# after the file, with the program's prefix when it has its own flags
objs=
for f in gm_crypt utils gm_alloc gearman_utils; do
	o=$(ls common/mod_gearman_worker-$f.o common/$f.o 2> /dev/null | head -n 1 || true)
	[ -n "$o" ] || { echo "build-mod-gearman: no object for common/$f.c; see $log" >&2; exit 1; }
	objs="$objs $o"
done
rm -f "$dest/lib/libmgcommon.a"
# shellcheck disable=SC2086
ar rcs "$dest/lib/libmgcommon.a" $objs
echo "build-mod-gearman: $("$dest/bin/mod_gearman_worker" --version 2>/dev/null | head -n 1)"
