#!/bin/bash
# contrib/bench-compare/build-naemon.sh SRC DEST: build Naemon (naemon-core)
# from the source tree SRC (a git checkout or an unpacked release) and
# install it under DEST, which then holds bin/naemon and bin/naemonstats.
# scripts/bench-compare.sh runs it when NAEMON_SRC is given and DEST has no
# naemon yet.  SRC is copied first: autoreconf and configure write into
# the tree they run in, and SRC stays untouched.  Needs the Debian
# packages build-essential autoconf automake libtool pkg-config gperf
# libglib2.0-dev help2man (its install builds the man pages).  The build log is
# DEST/build.log.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SRC DEST" >&2; exit 2; }
src=$(cd "$1" && pwd)
mkdir -p "$2"
dest=$(cd "$2" && pwd)
if [ ! -f "$src/configure.ac" ] || ! grep -q naemon "$src/configure.ac"; then
	echo "build-naemon: $src is not a naemon-core source tree" >&2
	exit 1
fi
missing=
for tool in autoreconf libtoolize gperf pkg-config cc make help2man; do
	command -v "$tool" > /dev/null || missing="$missing $tool"
done
pkg-config --exists glib-2.0 2> /dev/null || missing="$missing glib-2.0(libglib2.0-dev)"
if [ -n "$missing" ]; then
	echo "build-naemon: missing:$missing" >&2
	echo "build-naemon: apt-get install -y build-essential autoconf automake libtool pkg-config gperf libglib2.0-dev help2man" >&2
	exit 1
fi
rm -rf "$dest/src"
mkdir -p "$dest/src"
# a copy without .git: version.sh then takes the release's own number
tar -C "$src" --exclude=.git -cf - . | tar -C "$dest/src" -xf -
log=$dest/build.log
echo "build-naemon: building $src into $dest (log: $log)"
(
	cd "$dest/src"
	autoreconf -s -i
	# everything the daemon would put under /etc, /var or /usr goes under
	# DEST; the user and group are whoever builds, so it runs unprivileged
	./configure --prefix="$dest" \
	    --with-pkgconfdir="$dest/etc" \
	    --with-tempdir="$dest/var/tmp" \
	    --with-checkresultdir="$dest/var/checkresults" \
	    --with-lockfile="$dest/var/naemon.pid" \
	    --with-logdir="$dest/var/log" \
	    --with-initdir="$dest/etc/init.d" \
	    --with-pluginsdir=/usr/lib/nagios/plugins \
	    --with-naemon-user="$(id -un)" \
	    --with-naemon-group="$(id -gn)"
	make -j"$(nproc)"
	make install
) > "$log" 2>&1 || { tail -30 "$log" >&2; echo "build-naemon: the build failed; see $log" >&2; exit 1; }
for f in naemon naemonstats; do
	[ -x "$dest/bin/$f" ] || { echo "build-naemon: $dest/bin/$f was not installed; see $log" >&2; exit 1; }
done
echo "build-naemon: $("$dest/bin/naemon" --version 2>/dev/null | grep -m1 -i 'naemon')"
