#!/bin/sh
# t_mgjob_vs_mod_gearman.sh: jaque's mod_gearman payload codec
# (compat/gearman/mgjob*.c) against mod_gearman 5.2.4's own code, in both
# directions.  tests/integration/mgjob_harness.c is compiled with jaque's
# sources and the common objects of a mod_gearman build
# (contrib/gearman/build-mod-gearman.sh), then run: payloads must be the
# same bytes, each side must decode the other's, a wrong key must give
# both the same garbage, unique ids and base64 must agree (see the
# harness for the cases).
#
# Output: the harness's failures, then "PASS: mgjob_vs_mod_gearman" or
# "FAIL: ..."; exit 1 on a failure, 77 (skip) when there is no mod_gearman
# build, no cc or no libcrypto, 0 otherwise.
#
# Environment:
#   MOD_GEARMAN  the build's DEST (default build/gearman/mod_gearman in the
#                source tree), holding lib/libmgcommon.a and include/
#   KEEP_TMP     1: keep the temporary directory
#
# SPDX-License-Identifier: GPL-2.0-or-later

set -u
here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${srcdir:-}" ] && [ -d "$srcdir/tests/integration" ]; then
	top=$(cd "$srcdir" && pwd)
elif [ -n "${abs_top_srcdir:-}" ] && [ -d "$abs_top_srcdir/tests/integration" ]; then
	top=$abs_top_srcdir
else
	top=$(cd "$here/../.." && pwd)
fi
mg=${MOD_GEARMAN:-$top/build/gearman/mod_gearman}

skip() {
	echo "SKIP: mgjob_vs_mod_gearman: $*"
	exit 77
}
if [ ! -f "$mg/lib/libmgcommon.a" ] || [ ! -f "$mg/include/gm_crypt.h" ]; then
	skip "no mod_gearman build in $mg (make one with contrib/gearman/build-mod-gearman.sh SRC $mg)"
fi
command -v cc > /dev/null || skip "no cc"
pkg-config --exists libcrypto 2> /dev/null || skip "no libcrypto (libssl-dev)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/t_mgjob.XXXXXX")
cleanup() {
	if [ "${KEEP_TMP:-0}" = 1 ]; then
		echo "kept $tmp"
	else
		rm -rf "$tmp"
	fi
}
trap cleanup EXIT

# jaque's side from source (the codec and the two util files it stands
# on), mod_gearman's from its objects; its gearman_utils.o wants libgearman;
# its headers include "include/utils.h", hence -I of the build itself
# shellcheck disable=SC2046 # pkg-config prints several words
if ! cc -std=gnu11 -D_GNU_SOURCE -g -O1 -w -I"$top" -I"$mg/include" -I"$mg" \
	$(pkg-config --cflags libcrypto) -o "$tmp/harness" \
	"$here/mgjob_harness.c" "$top/compat/gearman/mgjob.c" "$top/compat/gearman/mgjob_text.c" \
	"$top/engine/util/xalloc.c" "$top/engine/util/mbuf.c" \
	"$mg/lib/libmgcommon.a" -lgearman $(pkg-config --libs libcrypto) -lpthread -lm \
	> "$tmp/cc.log" 2>&1; then
	cat "$tmp/cc.log"
	echo "FAIL: mgjob_vs_mod_gearman: the harness does not build"
	exit 1
fi
if "$tmp/harness" > "$tmp/out" 2> "$tmp/err"; then
	tail -n 1 "$tmp/out"
	echo "PASS: mgjob_vs_mod_gearman"
	exit 0
fi
head -n 40 "$tmp/out"
tail -n 1 "$tmp/out"
head -n 10 "$tmp/err"
echo "FAIL: mgjob_vs_mod_gearman"
exit 1
