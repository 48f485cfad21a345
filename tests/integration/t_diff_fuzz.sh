#!/bin/sh
# t_diff_fuzz.sh: the differential fuzzer's quick mode (scripts/diff-fuzz
# --quick): Debian's nagios4 and jaque side by side on DIFF_FUZZ_SEEDS
# generated scenarios (default 20 seeds) of DIFF_FUZZ_STEPS external
# commands each (default 30), with the configuration, plugin results and
# commands of each seed, everything a client could see compared after
# masking times and ids (tests/difffuzz/compare.py says what and how).
# One PASS:/FAIL: line per seed; a seed fails when it shows a difference
# that tests/difffuzz/known.txt does not list as a known class, or when
# its run went wrong (a daemon died or stopped answering).  A failing
# seed's report is printed (its unexplained differences, the command of
# the step each appeared in, both sides); rerun it with
#   scripts/diff-fuzz --quick --steps 30 --keep SEED
# and shorten it with --minimize.
# Environment: DIFF_FUZZ_SKIP (a reason: skip), DIFF_FUZZ_SEEDS (N or A-B),
# DIFF_FUZZ_STEPS, DIFF_FUZZ_JOBS
# (default 2), JAQUE, NAGIOS4, KEEP_TMP=1 keeps the run directories.
# Skipped (exit 77) when nagios4 or python3 is not installed.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
if [ -z "${JAQUE:-}" ]; then
	if [ -n "${BUILD_DIR:-}" ]; then
		JAQUE=$BUILD_DIR/jaque
	elif [ -x "$top/build/check/jaque" ]; then
		JAQUE=$top/build/check/jaque
	else
		JAQUE=$top/build/dev/jaque
	fi
fi
NAGIOS4=${NAGIOS4:-/usr/sbin/nagios4}
SEEDS=${DIFF_FUZZ_SEEDS:-20}
STEPS=${DIFF_FUZZ_STEPS:-30}
JOBS=${DIFF_FUZZ_JOBS:-2}
if [ -n "${DIFF_FUZZ_SKIP:-}" ]; then
	echo "SKIP: diff_fuzz: $DIFF_FUZZ_SKIP"
	exit 77
fi
if [ ! -x "$NAGIOS4" ]; then
	echo "SKIP: diff_fuzz: $NAGIOS4 is not installed"
	exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: diff_fuzz: python3 is not installed"
	exit 77
fi
if [ ! -x "$JAQUE" ]; then
	echo "FAIL: diff_fuzz: $JAQUE is not there"
	exit 1
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/jaque-difffuzz.XXXXXX") || exit 1
keep=
[ "${KEEP_TMP:-0}" = 1 ] && keep=--keep
python3 "$top/tests/difffuzz/main.py" --quick --steps "$STEPS" --jobs "$JOBS" $keep \
    --jaque "$JAQUE" --nagios "$NAGIOS4" --out "$T" "$SEEDS" > "$T/out" 2>&1
rc=$?

failures=0
while IFS= read -r line; do
	case $line in
	"seed "*)
		seed=${line#seed }
		seed=${seed%%:*}
		case $line in
		*"(0 unexplained) "*)
			case $line in
			*"RUN PROBLEM"*) ;;
			*)
				echo "PASS: diff_fuzz/seed $seed (${line#*: })"
				continue
				;;
			esac
			;;
		esac
		echo "FAIL: diff_fuzz/seed $seed: ${line#*: }"
		failures=$((failures + 1))
		sed -n '1,/^== explained/p' "$T/$seed/diff.txt" | grep -v '^== explained' |
		    head -n 60 | sed 's/^/  | /'
		;;
	"diff-fuzz: "*)
		echo "$line"
		;;
	*)
		# a harness error (a traceback): shown whole
		echo "  $line"
		;;
	esac
done < "$T/out"
if [ "$rc" -ne 0 ] && [ "$failures" -eq 0 ]; then
	echo "FAIL: diff_fuzz: the fuzzer exited with $rc"
	failures=1
fi
if [ -n "$keep" ]; then
	echo "  kept $T"
else
	rm -rf "$T"
fi
[ "$failures" -eq 0 ]
