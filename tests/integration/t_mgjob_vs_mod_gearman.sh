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
# Then, when gearmand and the built worker are there, the real thing:
# tests/integration/mgjob_e2e.c (libgearman, test-only) submits jaque's
# host and service check jobs, encrypted, to a gearmand on loopback, where
# mod_gearman_worker runs them, and reads the worker's results with jaque's
# decoder and parser (output with newlines and a backslash, return codes,
# source).
#
# Last, when a Naemon is there (NAEMON_PREFIX, default
# build/bench-compare/naemon, as contrib/bench-compare/build-naemon.sh
# makes it) with the built module: the driver stands in for the worker
# ("mgjob_e2e capture"), takes the host and service jobs the module sends
# for forced checks, and requires that jaque builds and encrypts the same
# bytes from their fields; then it sends the module a result built by
# jaque, which must show in naemon.log as a SERVICE ALERT.
#
# Output: the harness's failures, then "PASS: mgjob_vs_mod_gearman" or
# "FAIL: ..."; exit 1 on a failure, 77 (skip) when there is no mod_gearman
# build, no cc or no libcrypto, 0 otherwise.
#
# Environment:
#   MOD_GEARMAN  the build's DEST (default build/gearman/mod_gearman in the
#                source tree), holding lib/libmgcommon.a, include/ and
#                bin/mod_gearman_worker
#   NAEMON_PREFIX  a Naemon install (bin/naemon)
#   GEARMAND     the job server (default /usr/sbin/gearmand,
#                Debian's gearman-job-server)
#   KEEP_TMP     1: keep the temporary directory
#
# SPDX-License-Identifier: GPL-2.0-or-later

set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_mg.sh"

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
else
	head -n 40 "$tmp/out"
	head -n 10 "$tmp/err"
	echo "FAIL: mgjob_vs_mod_gearman"
	exit 1
fi

# --- the other half: jaque's job texts through a real worker, its results
# --- read by jaque's parser (needs gearmand and the built worker)
if [ ! -x "$gearmand" ] || [ ! -x "$mg/bin/mod_gearman_worker" ] || ! command -v python3 > /dev/null; then
	echo "mgjob_vs_mod_gearman: no gearmand ($gearmand), worker or python3: the worker round trip is skipped"
	echo "PASS: mgjob_vs_mod_gearman"
	exit 0
fi
# shellcheck disable=SC2046
if ! cc -std=gnu11 -D_GNU_SOURCE -g -O1 -w -I"$top" $(pkg-config --cflags libcrypto) \
	-o "$tmp/e2e" "$here/mgjob_e2e.c" "$top/compat/gearman/mgjob.c" \
	"$top/compat/gearman/mgjob_text.c" "$top/engine/util/xalloc.c" "$top/engine/util/mbuf.c" \
	-lgearman $(pkg-config --libs libcrypto) -lm > "$tmp/cc.log" 2>&1; then
	cat "$tmp/cc.log"
	echo "FAIL: mgjob_vs_mod_gearman: the round trip driver does not build"
	exit 1
fi
key=e2e-secret-key
printf '#!/bin/sh\nprintf "%%b\\n" "$2"\nexit "$1"\n' > "$tmp/plugin"
chmod +x "$tmp/plugin"
stop() {
	mg_stop_daemons
	cleanup
}
trap stop EXIT
# a signal ends the script through exit, so that the daemons are stopped
trap 'exit 1' INT TERM HUP PIPE
mg_gearmand "$tmp" || { echo "FAIL: mgjob_vs_mod_gearman: gearmand"; exit 1; }
# in a session of its own: on TERM it signals its whole process group
setsid "$mg/bin/mod_gearman_worker" --server=127.0.0.1:"$port" --encryption=yes --key="$key" \
	--hosts=yes --services=yes --min-worker=1 --max-worker=2 --identifier=e2e \
	--logmode=file --logfile="$tmp/worker.log" --debug=0 > /dev/null 2>&1 &
wpid=$!
if ! "$tmp/e2e" "$port" "$key" "$tmp/plugin" > "$tmp/e2e.out" 2>&1; then
	cat "$tmp/e2e.out"
	tail -n 20 "$tmp/worker.log"
	echo "FAIL: mgjob_vs_mod_gearman: the worker round trip"
	exit 1
fi
cat "$tmp/e2e.out"
# the worker goes: from here on the driver takes the checks
kill "$wpid" 2> /dev/null
wait "$wpid" 2> /dev/null
wpid=

# --- the module itself in a Naemon: its jobs rebuilt by jaque's builder,
# --- a result built by jaque read by it
if [ ! -x "$naemon" ] || [ ! -f "$mg/lib/mod_gearman_naemon.o" ]; then
	echo "mgjob_vs_mod_gearman: no Naemon ($naemon) or no module: the module's jobs are not compared"
	echo "PASS: mgjob_vs_mod_gearman"
	exit 0
fi
nd=$tmp/naemon
mkdir -p "$nd"
# no check period: forced checks run in any case
cat > "$nd/objects.cfg" << 'EOF'
define command {
	command_name e2e
	command_line /bin/echo "$HOSTNAME$ $SERVICEDESC$" 'a\b' -w 5
}
define host {
	host_name e2e-host
	address 127.0.0.1
	check_command e2e
	check_interval 60
	max_check_attempts 1
}
define service {
	host_name e2e-host
	service_description e2e svc
	check_command e2e
	check_interval 60
	max_check_attempts 1
}
EOF
mg_naemon "$nd" "$port" "$key" ||
	{ echo "FAIL: mgjob_vs_mod_gearman: Naemon with the module did not start"; exit 1; }
now=$(date +%s)
printf '[%s] SCHEDULE_FORCED_HOST_CHECK;e2e-host;%s\n[%s] SCHEDULE_FORCED_SVC_CHECK;e2e-host;e2e svc;%s\n' \
	"$now" "$now" "$now" "$now" > "$nd/naemon.cmd"
ok=1
"$tmp/e2e" capture "$port" "$key" > "$tmp/capture.out" 2>&1 || ok=0
cat "$tmp/capture.out"
want='SERVICE ALERT: e2e-host;e2e svc;WARNING;HARD;1;WARNING - from jaque'
if ! mg_wait_text "$nd/naemon.log" "$want"; then
	echo "FAIL: the module did not take jaque's result (no \"$want\" in naemon.log)"
	ok=0
fi
[ $ok = 1 ] && echo "ok: the module took jaque's result: $want"
kill "$npid" 2> /dev/null
wait "$npid" 2> /dev/null
npid=
if [ $ok = 1 ]; then
	echo "PASS: mgjob_vs_mod_gearman"
	exit 0
fi
tail -n 20 "$nd/mod_gearman.log"
echo "FAIL: mgjob_vs_mod_gearman: the module's jobs and results"
exit 1
