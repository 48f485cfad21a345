#!/bin/sh
# run.sh: run every tests/integration/t_*.sh and report one line per script.
#
# Works from a source checkout and under automake's test harness:
#   - the source tree is $srcdir when set (automake exports it), otherwise
#     found from this script's own location;
#   - the build directory is the current directory: when ./jaque exists there
#     and JAQUE/BUILD_DIR are not set, they point at it.
# The scripts run INTEGRATION_JOBS at a time (default 3): most of their time
# is spent waiting for a daemon's schedule, not on a cpu, and each works in
# its own temporary directory.  The slowest are started first.  Each script's
# output is kept until it ends and then printed whole, in the order of the
# names, followed by "PASS: integration/<name> (N s)" or
# "FAIL: integration/<name> (exit N, N s)"; a script exiting 77 is reported
# as SKIP.  With INTEGRATION_JOBS=1 they run one after another, as before.
# The last line is "integration: N passed, N failed, N skipped"; the exit
# status is 1 when any script failed, 0 otherwise.
# A script still running after INTEGRATION_TIMEOUT seconds (default 600; the
# slowest take about 2 minutes under ASan) is stopped and fails, so that one
# that hangs (a daemon gone, a command pipe nobody reads) cannot hang the run.
# Arguments: optional script names (t_config_diff or t_config_diff.sh) to run
# only those.
#
# SPDX-License-Identifier: GPL-2.0-or-later

set -u
limit=${INTEGRATION_TIMEOUT:-600}

here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${srcdir:-}" ] && [ -d "$srcdir/tests/integration" ]; then
	srcdir=$(cd "$srcdir" && pwd)
elif [ -n "${abs_top_srcdir:-}" ] && [ -d "$abs_top_srcdir/tests/integration" ]; then
	srcdir=$abs_top_srcdir
else
	srcdir=$(cd "$here/../.." && pwd)
fi
export srcdir

build=$(pwd)
if [ -z "${JAQUE:-}" ] && [ -z "${BUILD_DIR:-}" ] && [ -x "$build/jaque" ]; then
	JAQUE=$build/jaque
	BUILD_DIR=$build
	export JAQUE BUILD_DIR
fi
# a jaque started with use_syslog=1 by a script that forgot use_syslog=0
# sends to this socket (there is none), not to the machine's /dev/log
JAQUE_SYSLOG_SOCKET=${JAQUE_SYSLOG_SOCKET:-$(pwd)/no-syslog-in-tests.sock}
export JAQUE_SYSLOG_SOCKET

scripts=""
if [ $# -gt 0 ]; then
	for a in "$@"; do
		a=${a%.sh}
		a=${a##*/}
		scripts="$scripts $srcdir/tests/integration/$a.sh"
	done
else
	for t in "$srcdir"/tests/integration/t_*.sh; do
		[ -f "$t" ] && scripts="$scripts $t"
	done
fi

# the slowest first, so that the last ones to start are short (wall seconds
# alone on a 2-core machine: notify 97, flapping 80, engine_vs_nagios 61,
# overload 42, config_diff 37; config_diff keeps a cpu busy and takes twice
# as long beside the others, so it starts third)
slow="t_notify_vs_nagios t_flapping t_config_diff t_engine_vs_nagios t_passive_vs_nagios t_overload"
# run alone, after the others: the differential fuzzer keeps both cpus busy
# with two pairs of daemons, and beside it the scripts that compare timing
# with nagios4 (t_notify_vs_nagios) saw checks start seconds late
alone="t_diff_fuzz"
later=""
for n in $alone; do
	case " $scripts " in
	*" $srcdir/tests/integration/$n.sh "*) later="$later $srcdir/tests/integration/$n.sh" ;;
	esac
done
ordered=""
for n in $slow; do
	case " $scripts " in
	*" $srcdir/tests/integration/$n.sh "*) ordered="$ordered $srcdir/tests/integration/$n.sh" ;;
	esac
done
for t in $scripts; do
	case " $ordered $later " in
	*" $t "*) ;;
	*) ordered="$ordered $t" ;;
	esac
done

jobs=${INTEGRATION_JOBS:-3}
case $jobs in
'' | *[!0-9]* | 0) jobs=1 ;;
esac
out=$(mktemp -d "${TMPDIR:-/tmp}/jaque-integration.XXXXXX") || exit 1
pids=""
stop() {
	# each runner, and the script it is running (a runner waits for it)
	for p in $pids; do
		pkill -TERM -P "$p" 2>/dev/null
		kill -TERM "$p" 2>/dev/null
	done
	rm -rf "$out"
	exit 130
}
trap stop INT TERM

# one runner: takes the next script no other runner has claimed (mkdir is
# atomic), runs it with its output in $out/<name>.out, and its exit status
# and seconds in $out/<name>.rc
runner() {
	for t in $ordered; do
		name=$(basename "$t" .sh)
		mkdir "$out/$name.claim" 2>/dev/null || continue
		if [ ! -f "$t" ]; then
			echo "nosuch 0" >"$out/$name.rc"
			continue
		fi
		t0=$(date +%s)
		timeout -k 10 "$limit" sh "$t" >"$out/$name.out" 2>&1 </dev/null
		rc=$?
		echo "$rc $(($(date +%s) - t0))" >"$out/$name.rc"
	done
}

if [ "$jobs" -eq 1 ]; then
	runner
else
	i=0
	while [ "$i" -lt "$jobs" ]; do
		runner &
		pids="$pids $!"
		i=$((i + 1))
	done
	wait
fi
pids=""
ordered=$later
runner

passed=0
failed=0
skipped=0
for t in $scripts; do
	name=$(basename "$t" .sh)
	[ -f "$out/$name.out" ] && cat "$out/$name.out"
	rc=lost secs=0
	[ -f "$out/$name.rc" ] && read -r rc secs <"$out/$name.rc"
	case $rc in
	0)
		echo "PASS: integration/$name ($secs s)"
		passed=$((passed + 1))
		;;
	77)
		echo "SKIP: integration/$name ($secs s)"
		skipped=$((skipped + 1))
		;;
	nosuch)
		echo "FAIL: integration/$name (no such script)"
		failed=$((failed + 1))
		;;
	*)
		if [ "$rc" = 124 ]; then
			echo "FAIL: integration/$name (stopped after $limit s)"
		else
			echo "FAIL: integration/$name (exit $rc, $secs s)"
		fi
		failed=$((failed + 1))
		;;
	esac
done
rm -rf "$out"

echo "integration: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
