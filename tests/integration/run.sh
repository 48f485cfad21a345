#!/bin/sh
# run.sh: run every tests/integration/t_*.sh and report one line per script.
#
# Works from a source checkout and under automake's test harness:
#   - the source tree is $srcdir when set (automake exports it), otherwise
#     found from this script's own location;
#   - the build directory is the current directory: when ./jaque exists there
#     and JAQUE/BUILD_DIR are not set, they point at it.
# Each script's output is passed through, followed by
# "PASS: integration/<name>" or "FAIL: integration/<name> (exit N)";
# a script exiting 77 is reported as SKIP.  The last line is
# "integration: N passed, N failed, N skipped"; the exit status is 1 when any
# script failed, 0 otherwise.
# Arguments: optional script names (t_config_diff or t_config_diff.sh) to run
# only those.

set -u

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

passed=0
failed=0
skipped=0
for t in $scripts; do
	name=$(basename "$t" .sh)
	if [ ! -f "$t" ]; then
		echo "FAIL: integration/$name (no such script)"
		failed=$((failed + 1))
		continue
	fi
	sh "$t"
	rc=$?
	case $rc in
	0)
		echo "PASS: integration/$name"
		passed=$((passed + 1))
		;;
	77)
		echo "SKIP: integration/$name"
		skipped=$((skipped + 1))
		;;
	*)
		echo "FAIL: integration/$name (exit $rc)"
		failed=$((failed + 1))
		;;
	esac
done

echo "integration: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
