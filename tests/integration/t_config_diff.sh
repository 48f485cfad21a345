#!/bin/sh
# t_config_diff.sh: differential test of configuration reading, jaque against
# Nagios Core 4.4.6 (Debian's nagios4).
#
# For every case under tests/configs/good and tests/configs/bad, and for
# Debian's /etc/nagios4/nagios.cfg, run "nagios4 -v" and "$JAQUE -v" and
# compare exit code, verdict ("Things look okay" or not), every
# "Checked N <what>" count and "Total Warnings" exactly, and "Total Errors"
# as zero/non-zero (exactly with STRICT_COUNTS=1; the difference is reported
# either way).  For good cases both also run -vp and the two precached object
# files are compared with tests/tools/cachecmp.py.  For bad cases the corpus
# expectation (tests/configs/bad/<case>/expect: rc, msg) is checked against
# Nagios, and jaque's output must name the faulty file (and, when the expect
# file gives line=..., one of those lines on the same output line).
#
# Every case is copied to its own temporary directory per program:
#   $TMP/<case>/<nagios|jaque>/etc/   (the case)
# and both programs run from $TMP/<case>/<prog> as "<prog> -v etc/nagios.cfg",
# so relative paths in nagios.cfg resolve against etc/ (Nagios's rule) and
# include_file=/include_dir= lines, which Nagios resolves against the working
# directory, use an etc/ prefix.  Nothing outside the temporary directory is
# written, except that "nagios4 -v /etc/nagios4/nagios.cfg" (run read-only,
# in place) opens Debian's log_file for append as Nagios always does.
#
# Debian's configuration: "-v" runs on /etc/nagios4/nagios.cfg in place
# (case config_diff/debian).  "-vp" cannot run there (it would write
# /var/lib/nagios4/objects.precache), so case config_diff/debian-copy copies
# /etc/nagios4 into the temp dir, rewrites the /etc/nagios4 paths to the copy
# and every written path (caches, status, logs, lock, spool, temp) into the
# temp dir, sets nagios_user/nagios_group to the current user, keeps
# cfg_dir=/etc/nagios-plugins/config (read only), and then does what a good
# case does (-v, -vp, cachecmp).
#
# Case config_diff/estate generates the benchmark's estate at 4000 objects
# plus a file of parents, groups and a dependency (see run_estate) and does
# what a good case does: enough objects for the code that reads and builds
# on several threads.
#
# Output: one line per case, "PASS: config_diff/<case>" or
# "FAIL: config_diff/<case>: <reason>" (or SKIP with a reason), with detail
# lines indented below; exit status 1 if any case failed, 77 (automake's
# "skipped") if nagios4 is missing, 0 otherwise.
#
# Environment:
#   JAQUE          binary under test (default ${BUILD_DIR:-<top>/build/check}/jaque)
#   NAGIOS         reference binary (or NAGIOS4; default /usr/sbin/nagios4)
#   STRICT_COUNTS  1: compare "Total Errors" exactly
#   STRICT_MESSAGES 1: jaque's output must also contain the Nagios message
#   KEEP_TMP       1: keep the temporary directory
#   DEBIAN_CFG     Debian's main config (default /etc/nagios4/nagios.cfg)
#   TIMEOUT        seconds allowed per run (default 60)
# Arguments: optional case names (e.g. good/minimal bad/duplicate_host or
# just minimal); default: all cases plus the Debian configuration.
#
# SPDX-License-Identifier: GPL-2.0-or-later

set -u

here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${srcdir:-}" ] && [ -d "$srcdir/tests/configs" ]; then
	top=$(cd "$srcdir" && pwd)
elif [ -n "${abs_top_srcdir:-}" ] && [ -d "$abs_top_srcdir/tests/configs" ]; then
	top=$abs_top_srcdir
else
	top=$(cd "$here/../.." && pwd)
fi
configs=$top/tests/configs
cachecmp=$top/tests/tools/cachecmp.py
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
if [ -z "${JAQUE:-}" ]; then
	if [ -n "${BUILD_DIR:-}" ]; then
		JAQUE=$BUILD_DIR/jaque
	else
		JAQUE=$top/build/check/jaque
	fi
fi
case $JAQUE in
/*) ;;
*) JAQUE=$(pwd)/$JAQUE ;;
esac
STRICT_COUNTS=${STRICT_COUNTS:-0}
STRICT_MESSAGES=${STRICT_MESSAGES:-0}
DEBIAN_CFG=${DEBIAN_CFG:-/etc/nagios4/nagios.cfg}
TIMEOUT=${TIMEOUT:-60}

if [ ! -x "$NAGIOS" ]; then
	echo "SKIP: config_diff: reference $NAGIOS not installed (apt-get install nagios4-core)"
	exit 77
fi
if [ ! -x "$JAQUE" ]; then
	echo "FAIL: config_diff: jaque binary not found at $JAQUE (set JAQUE or BUILD_DIR)"
	exit 1
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "FAIL: config_diff: python3 is needed for tests/tools/cachecmp.py"
	exit 1
fi

# Running the reference against itself (JAQUE=nagios4) is the harness's
# self-test.  Nagios names no file for its pre-flight errors, so there the
# location check on bad cases can only be informational.
selftest=0
if [ "$(readlink -f "$JAQUE")" = "$(readlink -f "$NAGIOS")" ]; then
	selftest=1
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/config_diff.XXXXXX") || exit 1
cleanup() {
	if [ "${KEEP_TMP:-0}" = 1 ]; then
		echo "config_diff: temporary files kept in $TMP"
	else
		rm -rf "$TMP"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if command -v timeout >/dev/null 2>&1; then
	run_limited() { timeout "$TIMEOUT" "$@"; }
else
	run_limited() { "$@"; }
fi

failed=0
passed=0
skipped=0
reasons=""
notes=""

fail() { reasons="${reasons:+$reasons; }$*"; }
note() { notes="$notes
    $*"; }

# run_prog <prog> <dir> <cfg> <flags> <outfile>: run from <dir>, rc to stdout
run_prog() {
	(cd "$2" && run_limited "$1" "$4" "$3" >"$5" 2>&1)
	echo $?
}

# counts <outfile>: "<what>\t<N>" for every "Checked N <what>" line, then
# Total Warnings / Total Errors.  "hosts." (object check) and "hosts"
# (circular path check) stay distinct.
counts() {
	sed -n -e 's/^[[:space:]]*Checked \([0-9][0-9]*\) \(.*[^[:space:]]\)[[:space:]]*$/\2	\1/p' \
		-e 's/^Total Warnings:[[:space:]]*\([0-9][0-9]*\).*/Total Warnings	\1/p' \
		-e 's/^Total Errors:[[:space:]]*\([0-9][0-9]*\).*/Total Errors	\1/p' "$1"
}

verdict() {
	if grep -q '^Things look okay' "$1"; then echo ok; else echo errors; fi
}

# compare_verify <nagios_out> <nagios_rc> <jaque_out> <jaque_rc>
compare_verify() {
	if [ "$2" != "$4" ]; then
		fail "exit code nagios=$2 jaque=$4"
	fi
	vn=$(verdict "$1")
	vj=$(verdict "$3")
	if [ "$vn" != "$vj" ]; then
		fail "verdict nagios=$vn jaque=$vj"
	fi
	counts "$1" >"$1.counts"
	counts "$3" >"$3.counts"
	while IFS='	' read -r what n; do
		j=$(awk -F'	' -v w="$what" '$1 == w { print $2; exit }' "$3.counts")
		if [ -z "$j" ]; then
			fail "jaque printed no \"$what\" count (nagios: $n)"
			continue
		fi
		[ "$j" = "$n" ] && continue
		if [ "$what" = "Total Errors" ]; then
			if [ "$STRICT_COUNTS" = 1 ] || [ "$n" = 0 ] || [ "$j" = 0 ]; then
				fail "Total Errors nagios=$n jaque=$j"
			else
				note "Total Errors differ: nagios=$n jaque=$j (STRICT_COUNTS=1 makes this fail)"
			fi
		else
			fail "\"Checked ... $what\" nagios=$n jaque=$j"
		fi
	done <"$1.counts"
	if ! grep -q '^Total Errors' "$1.counts" && grep -q '^Total Errors	0$' "$3.counts"; then
		fail "nagios stopped before the pre-flight check but jaque reports Total Errors: 0"
	fi
}

# compare_precache <case-work-dir> <precache relative to etc/>
compare_precache() {
	w=$1
	rn=$(run_prog "$NAGIOS" "$w/nagios" etc/nagios.cfg -vp "$w/nagios.vp.out")
	rj=$(run_prog "$JAQUE" "$w/jaque" etc/nagios.cfg -vp "$w/jaque.vp.out")
	if [ "$rn" != 0 ]; then
		fail "nagios4 -vp failed (rc=$rn): the corpus case is broken"
		return
	fi
	if [ "$rj" != 0 ]; then
		fail "jaque -vp exit code $rj"
	fi
	pn=$w/nagios/etc/$2
	pj=$w/jaque/etc/$2
	if [ ! -f "$pn" ]; then
		fail "nagios4 -vp wrote no $2"
		return
	fi
	if [ ! -f "$pj" ]; then
		fail "jaque -vp wrote no $2"
		return
	fi
	if ! python3 -S "$cachecmp" --labels nagios,jaque "$pn" "$pj" >"$w/cachecmp.out" 2>&1; then
		fail "precache differs ($(tail -n 1 "$w/cachecmp.out"))"
		sed -n '1,25s/^/    /p' "$w/cachecmp.out" >"$w/cachecmp.head"
		ndiff=$(wc -l <"$w/cachecmp.out")
		notes="$notes
$(cat "$w/cachecmp.head")"
		if [ "$ndiff" -gt 26 ]; then
			note "... ($ndiff lines; KEEP_TMP=1 keeps $w/cachecmp.out)"
		fi
	fi
}

# expect_get <expect-file> <key>
expect_get() {
	sed -n "s/^$2=//p" "$1" | head -n 1
}

# location_ok <outfile> <file> <lines>: some output line names the file
# (and, if lines are given, one of them as a whole number)
location_ok() {
	[ -n "$2" ] || return 0
	grep -F -- "$2" "$1" >"$1.loc" 2>/dev/null || return 1
	[ -n "$3" ] || return 0
	for l in $(echo "$3" | tr ',' ' '); do
		if grep -Eq "(^|[^0-9])$l([^0-9]|\$)" "$1.loc"; then
			return 0
		fi
	done
	return 1
}

finish_case() {
	name=$1
	if [ -n "$reasons" ]; then
		echo "FAIL: config_diff/$name: $reasons"
		failed=$((failed + 1))
	else
		echo "PASS: config_diff/$name"
		passed=$((passed + 1))
	fi
	if [ -n "$notes" ]; then
		printf '%s\n' "$notes" | sed '1{/^$/d}'
	fi
	reasons=""
	notes=""
}

# setup_case <name> <srcdir>: copies for both programs
setup_case() {
	w=$TMP/$(echo "$1" | tr '/' '_')
	mkdir -p "$w/nagios" "$w/jaque"
	cp -pPR "$2" "$w/nagios/etc" && cp -pPR "$2" "$w/jaque/etc"
}

run_good() {
	name=good/$1
	setup_case "$name" "$configs/$name" || { fail "cannot copy case"; finish_case "$name"; return; }
	rn=$(run_prog "$NAGIOS" "$w/nagios" etc/nagios.cfg -v "$w/nagios.v.out")
	rj=$(run_prog "$JAQUE" "$w/jaque" etc/nagios.cfg -v "$w/jaque.v.out")
	if [ "$rn" != 0 ]; then
		fail "nagios4 -v rejects this good case (rc=$rn): fix the corpus"
	fi
	# the counts recorded in the corpus must still be what nagios4 prints
	if [ -f "$configs/$name/expect" ]; then
		sed -n 's/^out=//p' "$configs/$name/expect" >"$w/expect.out"
		if [ "$(counts "$w/expect.out")" != "$(counts "$w/nagios.v.out")" ]; then
			fail "nagios4 counts differ from $name/expect: fix the corpus"
		fi
	fi
	compare_verify "$w/nagios.v.out" "$rn" "$w/jaque.v.out" "$rj"
	pc=$(sed -n 's/^precached_object_file=//p' "$configs/$name/nagios.cfg" | tail -n 1)
	compare_precache "$w" "${pc:-objects.precache}"
	finish_case "$name"
}

run_bad() {
	name=bad/$1
	exp=$configs/$name/expect
	setup_case "$name" "$configs/$name" || { fail "cannot copy case"; finish_case "$name"; return; }
	rn=$(run_prog "$NAGIOS" "$w/nagios" etc/nagios.cfg -v "$w/nagios.v.out")
	rj=$(run_prog "$JAQUE" "$w/jaque" etc/nagios.cfg -v "$w/jaque.v.out")
	if [ ! -f "$exp" ]; then
		fail "no expect file"
	else
		erc=$(expect_get "$exp" rc)
		emsg=$(expect_get "$exp" msg)
		efile=$(expect_get "$exp" file)
		eline=$(expect_get "$exp" line)
		if [ "$rn" != "$erc" ]; then
			fail "nagios4 exit code $rn, expect file says $erc: fix the corpus"
		fi
		if [ -n "$emsg" ] && ! grep -qF -- "$emsg" "$w/nagios.v.out"; then
			fail "nagios4 output lacks the expected message \"$emsg\": fix the corpus"
		fi
		if [ -n "$emsg" ] && ! grep -qF -- "$emsg" "$w/jaque.v.out"; then
			if [ "$STRICT_MESSAGES" = 1 ]; then
				fail "jaque output lacks \"$emsg\""
			else
				note "jaque words it differently from \"$emsg\""
			fi
		fi
		if ! location_ok "$w/jaque.v.out" "$efile" "$eline"; then
			where="$efile${eline:+ line $eline}"
			if [ "$selftest" = 1 ]; then
				note "self-test: nagios4 does not name $where for this fault (jaque must)"
			else
				fail "jaque does not name the fault's location ($where)"
			fi
		fi
	fi
	if [ "$rj" = 0 ]; then
		fail "jaque accepts a broken configuration"
	fi
	compare_verify "$w/nagios.v.out" "$rn" "$w/jaque.v.out" "$rj"
	finish_case "$name"
}

# Debian's own configuration, -v in place (read only).
run_debian() {
	name=debian
	if [ ! -f "$DEBIAN_CFG" ]; then
		echo "SKIP: config_diff/$name: $DEBIAN_CFG not found"
		skipped=$((skipped + 1))
		return
	fi
	w=$TMP/debian
	mkdir -p "$w"
	rn=$(run_prog "$NAGIOS" "$w" "$DEBIAN_CFG" -v "$w/nagios.v.out")
	rj=$(run_prog "$JAQUE" "$w" "$DEBIAN_CFG" -v "$w/jaque.v.out")
	if [ "$rn" != 0 ]; then
		note "nagios4 -v rejects $DEBIAN_CFG here (rc=$rn, e.g. not run as root/nagios); verdicts still compared"
	fi
	compare_verify "$w/nagios.v.out" "$rn" "$w/jaque.v.out" "$rj"
	finish_case "$name"
}

# Debian's configuration copied, written paths moved into the temp dir: -v, -vp.
run_debian_copy() {
	name=debian-copy
	src=$(dirname "$DEBIAN_CFG")
	if [ ! -f "$DEBIAN_CFG" ]; then
		echo "SKIP: config_diff/$name: $DEBIAN_CFG not found"
		skipped=$((skipped + 1))
		return
	fi
	w=$TMP/debian-copy
	for p in nagios jaque; do
		mkdir -p "$w/$p/var/spool" "$w/$p/var/archives"
		if ! cp -pPR "$src" "$w/$p/etc" 2>"$w/cp.err"; then
			echo "SKIP: config_diff/$name: cannot copy $src ($(head -n 1 "$w/cp.err"))"
			skipped=$((skipped + 1))
			return
		fi
		cfg=$w/$p/etc/$(basename "$DEBIAN_CFG")
		v=$w/$p/var
		sed -e "s#$src/#$w/$p/etc/#g" \
			-e "s#^log_file=.*#log_file=$v/nagios.log#" \
			-e "s#^object_cache_file=.*#object_cache_file=$v/objects.cache#" \
			-e "s#^precached_object_file=.*#precached_object_file=objects.precache#" \
			-e "s#^status_file=.*#status_file=$v/status.dat#" \
			-e "s#^state_retention_file=.*#state_retention_file=$v/retention.dat#" \
			-e "s#^command_file=.*#command_file=$v/nagios.cmd#" \
			-e "s#^lock_file=.*#lock_file=$v/nagios.lock#" \
			-e "s#^temp_file=.*#temp_file=$v/nagios.tmp#" \
			-e "s#^temp_path=.*#temp_path=$v#" \
			-e "s#^check_result_path=.*#check_result_path=$v/spool#" \
			-e "s#^log_archive_path=.*#log_archive_path=$v/archives#" \
			-e "s#^debug_file=.*#debug_file=$v/nagios.debug#" \
			-e "s#^query_socket=.*#query_socket=$v/nagios.qh#" \
			-e "s#^nagios_user=.*#nagios_user=$(id -un)#" \
			-e "s#^nagios_group=.*#nagios_group=$(id -gn)#" \
			"$DEBIAN_CFG" >"$cfg"
	done
	cfgname=etc/$(basename "$DEBIAN_CFG")
	rn=$(run_prog "$NAGIOS" "$w/nagios" "$cfgname" -v "$w/nagios.v.out")
	rj=$(run_prog "$JAQUE" "$w/jaque" "$cfgname" -v "$w/jaque.v.out")
	if [ "$rn" != 0 ]; then
		fail "nagios4 -v rejects the rewritten copy (rc=$rn)"
		sed -n '/^Error/s/^/    /p' "$w/nagios.v.out" | head -n 5 >"$w/err"
		notes="$notes
$(cat "$w/err")"
	fi
	compare_verify "$w/nagios.v.out" "$rn" "$w/jaque.v.out" "$rj"
	# compare_precache runs etc/nagios.cfg; Debian's main file is nagios.cfg too
	if [ "$(basename "$DEBIAN_CFG")" = nagios.cfg ]; then
		compare_precache "$w" objects.precache
	else
		note "main file is not named nagios.cfg: -vp skipped"
	fi
	finish_case "$name"
}

# The benchmark's estate (scripts/gen-estate.sh) at 4000 objects, big enough
# for the reader's and builder's threads (over 1000 hosts and services),
# with a file more: hosts with parents, a hostgroup with a members list, a
# service on a hostgroup, a servicegroup and a dependency.
run_estate() {
	name=estate
	src=$TMP/estate-src
	mkdir -p "$src"
	sed -e '/^cfg_file=/d' "$configs/good/additive_inheritance/nagios.cfg" >"$src/nagios.cfg"
	echo "cfg_dir=objects" >>"$src/nagios.cfg"
	if ! "$top/scripts/gen-estate.sh" "$src/objects" 4000; then
		fail "scripts/gen-estate.sh failed"
		finish_case "$name"
		return
	fi
	awk 'BEGIN {
		for (i = 0; i < 60; i++)
			printf "define host {\n\tuse generic-host\n\thost_name p%d\n\taddress 10.0.0.%d\n\tparents %s\n}\n", i, i, i ? "p" (i - 1) : "h0"
		print "define hostgroup {\n\thostgroup_name listed\n\talias Listed\n\tmembers h1,h2,p3\n}"
		print "define service {\n\tuse generic-service\n\thostgroup_name hg3\n\tservice_description on-hg3\n\tcheck_command check_tcp!80\n}"
		print "define servicegroup {\n\tservicegroup_name sg\n\talias SG\n\tmembers h1,tcp-1,h2,tcp-2\n}"
		print "define servicedependency {\n\thost_name h1\n\tservice_description tcp-1\n\tdependent_host_name h2\n\tdependent_service_description tcp-2\n\texecution_failure_criteria c\n}"
	}' >"$src/objects/extra.cfg"
	setup_case "$name" "$src" || { fail "cannot copy case"; finish_case "$name"; return; }
	rn=$(run_prog "$NAGIOS" "$w/nagios" etc/nagios.cfg -v "$w/nagios.v.out")
	rj=$(run_prog "$JAQUE" "$w/jaque" etc/nagios.cfg -v "$w/jaque.v.out")
	if [ "$rn" != 0 ]; then
		fail "nagios4 -v rejects the generated estate (rc=$rn)"
	fi
	compare_verify "$w/nagios.v.out" "$rn" "$w/jaque.v.out" "$rj"
	compare_precache "$w" objects.precache
	finish_case "$name"
}

# case selection
if [ $# -gt 0 ]; then
	for arg in "$@"; do
		arg=${arg#"$configs"/}
		case $arg in
		debian) run_debian ;;
		debian-copy) run_debian_copy ;;
		estate) run_estate ;;
		good/* | bad/*)
			if [ -d "$configs/$arg" ]; then
				"run_${arg%%/*}" "${arg#*/}"
			else
				echo "FAIL: config_diff/$arg: no such case"
				failed=$((failed + 1))
			fi
			;;
		*)
			found=0
			for kind in good bad; do
				if [ -d "$configs/$kind/$arg" ]; then
					"run_$kind" "$arg"
					found=1
				fi
			done
			if [ $found = 0 ]; then
				echo "FAIL: config_diff/$arg: no such case"
				failed=$((failed + 1))
			fi
			;;
		esac
	done
else
	for d in "$configs"/good/*/; do
		[ -f "$d/nagios.cfg" ] && run_good "$(basename "$d")"
	done
	for d in "$configs"/bad/*/; do
		[ -f "$d/nagios.cfg" ] && run_bad "$(basename "$d")"
	done
	run_debian
	run_debian_copy
	run_estate
fi

[ "$selftest" = 1 ] && echo "config_diff: self-test mode (JAQUE is the reference nagios4)"
echo "config_diff: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
