#!/bin/sh
# t_jaquestats_vs_nagiostats.sh: differential test of jaquestats against
# Debian's nagios4stats (Nagios 4.4.6) on the same status.dat files.
#
# The files: tests/fixtures/status-nagios446.dat (written by the real
# nagios4, see tests/unit/test_nagstats.c), copies of it with every
# timestamp moved so that it was written 5 s, 200 s, 700 s, 2000 s and
# 4000 s ago and one 100000 s in the future (so each "last 1/5/15/60
# minutes" window and the wrap-around of negative ages is crossed), a
# hostile file made here (objects before any "}", unknown and nested
# blocks, CRLF, blanks, empty values, a line cut by nagiostats's 1022-byte
# pieces right before "current_state=2", huge and NaN numbers, broken
# triples, no version), a directory, a missing file and a nagios.cfg
# without status_file; and, when tests/unit/test_statusdat is built, a
# status.dat written by jaque's own writer (compat/statusdat.c).
#
# For each, both programs run with the same arguments (-c nagios.cfg
# naming the file as status_file, or -s):
#   - "-m -d <every variable>" and the -D delimiters ":", "" and ", ": the
#     output and the exit status must be identical byte for byte.  The
#     variables are all of nagiostats's names, its help's unimplemented
#     TOTCMDBUF/USEDCMDBUF/HIGHCMDBUF, and names it does not know.  Since
#     PROGRUNTIME and STATUSFILEAGE depend on the time of running, a pair
#     of runs that differ is repeated (5 times at most): a second may have
#     passed between the two, a real difference stays;
#   - the human report: identical exit status and identical text after the
#     banner, except the two lines that depend on the time of running,
#     "Status File Age:" and "Program Running Time:", whose values are
#     replaced by "T" on both sides.  The banner (the first six lines,
#     program name and licence) is jaquestats's own; only its shape (six
#     lines, the first and last empty) is compared.
# Options: -h exits 254 as nagiostats does, -V and -L exit 0, a bad option
# shows the help and exits 254, -m without -d prints nothing, -d without -m
# is ignored.  jaque's block: with a jaque-stats.dat beside the fixture the
# report is Nagios's followed by "CURRENT JAQUE DATA", and the JQ variables
# print the file's values ("U" without it).
#
# Output: "PASS: jaquestats/<case>" or "FAIL: jaquestats/<case>: <why>" with
# both outputs below; exit 1 when a case failed, 77 when nagios4stats,
# jaquestats or the fixture is missing, 0 otherwise.
#
# Environment:
#   JAQUESTATS      the program (default: jaquestats beside $JAQUE, or under
#                   $BUILD_DIR, $abs_top_builddir, the current directory,
#                   build/dev or build/check)
#   NAGIOSTATS      default /usr/sbin/nagios4stats
#   TEST_STATUSDAT  jaque's status.dat writer driver (default
#                   tests/unit/test_statusdat in the same build directory)
#   KEEP_TMP        1: keep the temporary directory
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
NAGIOSTATS=${NAGIOSTATS:-/usr/sbin/nagios4stats}
FIXTURE=$top/tests/fixtures/status-nagios446.dat

builddir=
if [ -z "${JAQUESTATS:-}" ]; then
	if [ -n "${JAQUE:-}" ] && [ -x "$(dirname "$JAQUE")/jaquestats" ]; then
		JAQUESTATS=$(dirname "$JAQUE")/jaquestats
	else
		for d in "${BUILD_DIR:-}" "${abs_top_builddir:-}" "$(pwd)" "$top/build/dev" "$top/build/check"; do
			if [ -n "$d" ] && [ -x "$d/jaquestats" ]; then
				JAQUESTATS=$d/jaquestats
				break
			fi
		done
	fi
fi
if [ -z "${JAQUESTATS:-}" ] || [ ! -x "$JAQUESTATS" ]; then
	echo "SKIP: jaquestats: no jaquestats (build it or set JAQUESTATS)"
	exit 77
fi
builddir=$(cd "$(dirname "$JAQUESTATS")" && pwd)
JAQUESTATS=$builddir/$(basename "$JAQUESTATS")
if [ ! -x "$NAGIOSTATS" ]; then
	echo "SKIP: jaquestats: $NAGIOSTATS not installed"
	exit 77
fi
if [ ! -r "$FIXTURE" ]; then
	echo "SKIP: jaquestats: no fixture $FIXTURE"
	exit 77
fi
TEST_STATUSDAT=${TEST_STATUSDAT:-$builddir/tests/unit/test_statusdat}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/jaquestats.XXXXXX") || exit 1
cleanup() {
	[ "${KEEP_TMP:-0}" = 1 ] && echo "kept $tmp" || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

failed=0
pass() { echo "PASS: jaquestats/$1"; }
fail() {
	echo "FAIL: jaquestats/$1: $2"
	failed=1
	if [ -n "${3:-}" ] && [ -f "$3" ]; then
		sed 's/^/    nagiostats: /' "$3"
	fi
	if [ -n "${4:-}" ] && [ -f "$4" ]; then
		sed 's/^/    jaquestats: /' "$4"
	fi
}

# every MRTG variable nagiostats knows, those its help lists but never
# computes, and names it does not know
VARS=PROGRUNTIME,PROGRUNTIMETT,STATUSFILEAGE,STATUSFILEAGETT,NAGIOSVERSION,NAGIOSPID
VARS=$VARS,NAGIOSVERPID,TOTCMDBUF,USEDCMDBUF,HIGHCMDBUF,NUMSERVICES,NUMHOSTS
VARS=$VARS,NUMSVCOK,NUMSVCWARN,NUMSVCUNKN,NUMSVCCRIT,NUMSVCPROB,NUMSVCCHECKED
VARS=$VARS,NUMSVCSCHEDULED,NUMSVCFLAPPING,NUMSVCDOWNTIME,NUMHSTUP,NUMHSTDOWN
VARS=$VARS,NUMHSTUNR,NUMHSTPROB,NUMHSTCHECKED,NUMHSTSCHEDULED,NUMHSTFLAPPING
VARS=$VARS,NUMHSTDOWNTIME
for p in NUMHSTACTCHK NUMHSTPSVCHK NUMSVCACTCHK NUMSVCPSVCHK; do
	for w in 1 5 15 60; do
		VARS=$VARS,$p${w}M
	done
done
for x in MIN MAX AVG; do
	for s in ACTSVCLAT ACTSVCEXT ACTSVCPSC PSVSVCLAT PSVSVCPSC SVCPSC \
	    ACTHSTLAT ACTHSTEXT ACTHSTPSC PSVHSTLAT PSVHSTPSC HSTPSC; do
		VARS=$VARS,$x$s
	done
done
for p in NUMACTHSTCHECKS NUMOACTHSTCHECKS NUMCACHEDHSTCHECKS NUMSACTHSTCHECKS \
    NUMPARHSTCHECKS NUMSERHSTCHECKS NUMPSVHSTCHECKS NUMACTSVCCHECKS NUMOACTSVCCHECKS \
    NUMCACHEDSVCCHECKS NUMSACTSVCCHECKS NUMPSVSVCCHECKS NUMEXTCMDS; do
	for w in 1 5 15; do
		VARS=$VARS,$p${w}M
	done
done
VARS=$VARS,NUMHSTACTCHK2M,NUMEXTCMDS60M,MINSVC,numhosts,NOSUCHVAR,,

# the report without its banner and without jaque's block, the lines that
# depend on the time of running normalised
body() {
	tail -n +7 "$1" | sed -n '/^CURRENT JAQUE DATA$/q; p' |
	    sed -E 's/^(Status File Age:|Program Running Time:)( +).*$/\1\2T/'
}

# has_jq FILE: 0 when FILE has jaque's block
has_jq() {
	grep -q '^CURRENT JAQUE DATA$' "$1"
}

# whether report_case wants jaque's block after Nagios's report
jqblock=0

# banner_ok FILE: six lines, the first and the last empty
banner_ok() {
	[ "$(sed -n 1p "$1")" = "" ] && [ "$(sed -n 6p "$1")" = "" ] &&
	    [ -n "$(sed -n 2p "$1")" ] && [ -n "$(sed -n 5p "$1")" ]
}

# what run compares to decide on running again: "" the outputs, "b" the
# report bodies, "once" nothing
again=

# run NAME ARGS...: both programs, outputs in $tmp/F.n and $tmp/F.j (F is
# NAME with "/" as "_", in $f), their report bodies in $tmp/F.nb and F.jb,
# exit statuses in $nrc and $jrc.  When the outputs (see $again) differ
# they run again, 5 times at most: a second may pass
# between the two (time() is the coarse clock, so comparing `date +%s`
# around them does not tell), a real difference stays.
run() {
	f=$(printf '%s' "$1" | tr / _)
	shift
	tries=0
	while :; do
		"$NAGIOSTATS" "$@" >"$tmp/$f.n" 2>/dev/null
		nrc=$?
		"$JAQUESTATS" "$@" >"$tmp/$f.j" 2>/dev/null
		jrc=$?
		tries=$((tries + 1))
		body "$tmp/$f.n" >"$tmp/$f.nb"
		body "$tmp/$f.j" >"$tmp/$f.jb"
		if [ "$again" != once ] && [ $tries -lt 5 ] &&
		    ! cmp -s "$tmp/$f.n$again" "$tmp/$f.j$again"; then
			sleep 0.2
			continue
		fi
		break
	done
}

# mrtg_case NAME ARGS...: identical bytes and exit status
mrtg_case() {
	name=$1
	shift
	run "$name" "$@"
	if [ "$nrc" != "$jrc" ]; then
		fail "$name" "exit $jrc, nagiostats's $nrc" "$tmp/$f.n" "$tmp/$f.j"
	elif ! cmp -s "$tmp/$f.n" "$tmp/$f.j"; then
		fail "$name" "output differs" "$tmp/$f.n" "$tmp/$f.j"
	else
		pass "$name"
	fi
}

# report_case NAME ARGS...: identical exit status and body
report_case() {
	name=$1
	shift
	again=b
	run "$name" "$@"
	again=
	if [ "$nrc" != "$jrc" ]; then
		fail "$name" "exit $jrc, nagiostats's $nrc" "$tmp/$f.n" "$tmp/$f.j"
	elif ! banner_ok "$tmp/$f.j"; then
		fail "$name" "the banner is not six lines" "$tmp/$f.n" "$tmp/$f.j"
	elif ! cmp -s "$tmp/$f.nb" "$tmp/$f.jb"; then
		fail "$name" "report differs" "$tmp/$f.nb" "$tmp/$f.jb"
	elif [ $jqblock = 1 ] && ! has_jq "$tmp/$f.j"; then
		fail "$name" "no CURRENT JAQUE DATA after the report" "" "$tmp/$f.j"
	elif [ $jqblock = 0 ] && has_jq "$tmp/$f.j"; then
		fail "$name" "a CURRENT JAQUE DATA block without a stats file" "" "$tmp/$f.j"
	else
		pass "$name"
	fi
}

# cfg_for FILE: a nagios.cfg naming FILE as status_file
cfg_for() {
	c=$tmp/cfg.$(basename "$1").cfg
	printf '# made by t_jaquestats_vs_nagiostats.sh\nlog_file=%s/x.log\nstatus_file=%s\n' \
	    "$tmp" "$1" >"$c"
	echo "$c"
}

# all_cases NAME FILE: every comparison on one status.dat
all_cases() {
	cfg=$(cfg_for "$2")
	mrtg_case "$1/mrtg" -c "$cfg" -m -d "$VARS"
	mrtg_case "$1/mrtg_colon" -m -s "$2" -D : -d "$VARS"
	mrtg_case "$1/mrtg_empty_delim" --mrtg --statsfile="$2" --delimiter= --data="$VARS"
	mrtg_case "$1/mrtg_comma_space" -s "$2" -m -D ', ' -d "$VARS"
	report_case "$1/report" -c "$cfg"
	report_case "$1/report_s" --statsfile "$2"
}

# shift_copy SECS OUT: the fixture written SECS seconds ago (negative: in
# the future), every timestamp moved by the same amount (0 stays 0)
shift_copy() {
	now=$(date +%s)
	created=$(sed -n 's/^\tcreated=//p' "$FIXTURE" | head -n 1)
	delta=$((now - $1 - created))
	awk -v delta="$delta" '
	BEGIN { FS = "="; OFS = "=" }
	/^\t(created|program_start|last_check)=[0-9]+$/ && $2 != 0 { $2 = $2 + delta }
	{ print }' "$FIXTURE" >"$2"
}

# --- the fixture as it is (written long ago: the windows are empty)
cp "$FIXTURE" "$tmp/fixture.dat"
all_cases fixture "$tmp/fixture.dat"

# --- the fixture at several ages
for ago in 5 200 700 2000 4000 -100000; do
	shift_copy "$ago" "$tmp/ago$ago.dat"
	all_cases "ago$ago" "$tmp/ago$ago.dat"
done

# --- a hostile status.dat
{
	printf '# a comment\n'
	printf 'servicestatus {\n\tcurrent_state=1\n\tcheck_latency=0.25\n\t}\n'
	printf 'info {\n\tcreated=1700000000\n\t}\n'
	printf 'programstatus {\n\tnagios_pid=4294967297\n\tprogram_start=99999999999999999999\n'
	printf '\tactive_scheduled_host_check_stats=5,,7\n\tactive_ondemand_host_check_stats=1,2\n'
	printf '\texternal_command_stats=x,9,10,11\n\tpassive_service_check_stats=\n\t}\n'
	printf '  servicestatus {  \t\r\n\tcurrent_state=2\r\n\tcheck_type=1\r\n'
	printf '\tcheck_latency=1e12\n\tpercent_state_change=-3.5\n\thas_been_checked=1\n\t}\r\n'
	printf 'servicestatus {\n\t==current_state=1\n\tcheck_execution_time=nan\n'
	printf '\tlast_check=99999999999999999999999\n\tscheduled_downtime_depth=2\n'
	printf '\tis_flapping=7\n\tshould_be_scheduled=1\n\tcheck_type=\n\t}\n'
	printf 'servicestatus {\nservicestatus {\n\tcurrent_state=0\n\tpercent_state_change=50\n\t}\n'
	printf 'contactstatus {\n\tcurrent_state=2\n\t}\n'
	printf 'servicestatus{\n\tcurrent_state=3\n\t}\n'
	printf 'hoststatus {\n\tcurrent_state=3\n\tis_flapping=1\n\t}\n'
	# 1022 bytes, then "current_state=2" starts nagiostats's next piece
	printf 'hoststatus {\n\tplugin_output='
	awk 'BEGIN { for (i = 0; i < 1022 - 15; i++) printf "x"; printf "current_state=2\n" }'
	printf '\tcheck_type=0\n\tcheck_latency=2.5\n\t}\n'
	# one byte short: "urrent_state=1" is no key
	printf 'hoststatus {\n\tlong_plugin_output='
	awk 'BEGIN { for (i = 0; i < 1022 - 21; i++) printf "y"; printf "current_state=1\n" }'
	printf '\t}\n'
	printf 'hoststatus {\n\tcurrent_state=1\n'
} >"$tmp/hostile.dat"
all_cases hostile "$tmp/hostile.dat"

# --- errors: missing status file, a directory, configs that name none
cfg=$(cfg_for "$tmp/none.dat")
report_case missing/report -c "$cfg"
mrtg_case missing/mrtg -c "$cfg" -m -d NUMHOSTS,NAGIOSVERSION,NAGIOSVERPID,PROGRUNTIME,FOO
mkdir "$tmp/dir.dat"
report_case directory/report -s "$tmp/dir.dat"
mrtg_case directory/mrtg -m -s "$tmp/dir.dat" -d NUMHOSTS,NAGIOSVERSION
report_case nocfg/report -c "$tmp/no.cfg"
mrtg_case nocfg/mrtg -c "$tmp/no.cfg" -m -d NUMHOSTS,NAGIOSVERPID,STATUSFILEAGETT
printf 'status_file = %s\nlog_file=/x\n' "$FIXTURE" >"$tmp/nostatus.cfg"
report_case nostatus_cfg/report -c "$tmp/nostatus.cfg"
mrtg_case nostatus_cfg/mrtg -m -c "$tmp/nostatus.cfg" -d NUMHOSTS,NAGIOSVERSION
# a relative status_file resolves against nagios.cfg's directory
mkdir "$tmp/etc"
cp "$FIXTURE" "$tmp/rel.dat"
printf 'status_file=./sub/../../rel.dat\n' >"$tmp/etc/rel.cfg"
report_case relative/report -c "$tmp/etc/rel.cfg"
cd "$tmp/etc" && mrtg_case relative/mrtg -c rel.cfg -m -d NUMHOSTS,NUMSVCCRIT
cd "$tmp" || exit 1

# --- options (their outputs differ by design: run once)
cfg=$(cfg_for "$tmp/fixture.dat")
again=once
run opt_help -h
[ "$nrc" = 254 ] && [ "$jrc" = 254 ] && pass opt_help ||
    fail opt_help "exit $jrc, nagiostats's $nrc"
run opt_bad -c "$cfg" -Z
[ "$nrc" = "$jrc" ] && grep -q -- '--data' "$tmp/opt_bad.j" && pass opt_bad ||
    fail opt_bad "exit $jrc, nagiostats's $nrc, or no help"
for o in -V --version -L --license; do
	run "opt$o" "$o"
	[ "$nrc" = 0 ] && [ "$jrc" = 0 ] && [ -s "$tmp/opt$o.j" ] && pass "opt$o" ||
	    fail "opt$o" "exit $jrc, nagiostats's $nrc"
done
# the licence it prints is the one the tree carries
grep -q 'GNU General Public License' "$tmp/opt-L.j" && grep -q 'either version 2' "$tmp/opt-L.j" &&
    grep -q 'GNU GENERAL PUBLIC LICENSE' "$top/COPYING" && grep -q 'Version 2, June 1991' "$top/COPYING" &&
    pass opt_license_gpl2 || fail opt_license_gpl2 "$(head -3 "$tmp/opt-L.j")"
again=
mrtg_case opt_mrtg_without_data -c "$cfg" -m
run opt_mrtg_version -m -V
[ "$nrc" = 0 ] && [ "$jrc" = 0 ] && [ -n "$(head -c 1 "$tmp/opt_mrtg_version.j")" ] &&
    pass opt_mrtg_version || fail opt_mrtg_version "exit $jrc, nagiostats's $nrc, or a banner"
report_case opt_data_without_mrtg -c "$cfg" -d NUMHOSTS
# "+": the first operand ends the options
report_case opt_operand -c "$cfg" extra -m

# --- jaque's block, from a jaque-stats.dat beside status.dat
mkdir "$tmp/jq"
cp "$tmp/ago5.dat" "$tmp/jq/status.dat"
now=$(date +%s)
cat >"$tmp/jq/jaque-stats.dat" <<EOF
version=0.1.0
pid=4321
program_start=$((now - 602))
written=$((now - 2))
ticks_per_second=100
tick_wakeups=5432
hosts=5
services=11
checks_started=1200
checks_finished=1190
checks_builtin=300
checks_worker=900
checks_passive=7
check_timeouts=2
checks_lost=1
checks_skipped_period=0
queue_depth=3
queue_depth_max=17
checks_running=10
checks_scheduled=16
workers=4
workers_alive=4
worker_restarts=1
drift_count=1200
drift_mean_us=812
drift_p50_us=420
drift_p99_us=9100
drift_max_us=15342
drift_fine=400:600,9000:590,15342:10
drift_bucket_5000=1100
drift_bucket_10000=90
drift_bucket_25000=10
drift_bucket_50000=0
drift_bucket_inf=0
tick_late_count=5432
tick_late_mean_us=95
tick_late_p99_us=1800
tick_late_max_us=12001
tick_late_fine=100:5400,1800:31,12001:1
EOF
jcfg=$(cfg_for "$tmp/jq/status.dat")
again=once
run jq_report -c "$jcfg"
again=
if [ "$nrc" != 0 ] || [ "$jrc" != 0 ]; then
	fail jq_report "exit $jrc, nagiostats's $nrc" "$tmp/jq_report.n" "$tmp/jq_report.j"
elif ! cmp -s "$tmp/jq_report.nb" "$tmp/jq_report.jb"; then
	fail jq_report "Nagios's report differs" "$tmp/jq_report.nb" "$tmp/jq_report.jb"
elif [ "$(tail -n +7 "$tmp/jq_report.j" | sed -n "$(($(wc -l <"$tmp/jq_report.nb") + 1))p")" != \
    "CURRENT JAQUE DATA" ] ||
    ! grep -q '^Run Queue Depth Now / Max: *3 / 17$' "$tmp/jq_report.j" ||
    ! grep -q '^Tick Wake-ups: *5432$' "$tmp/jq_report.j" ||
    ! grep -q '^   In-process (shims) / Workers: *300 / 900$' "$tmp/jq_report.j" ||
    ! grep -q '^   Per Minute: *120.0 / 119.0$' "$tmp/jq_report.j" ||
    ! grep -q '^   p50 / p99 / max: *0.420 / 9.100 / 15.342 ms$' "$tmp/jq_report.j" ||
    ! grep -q '^      < 5 ms *1100$' "$tmp/jq_report.j" ||
    ! grep -q '^Tick Start Lateness, Ticks: *5432$' "$tmp/jq_report.j" ||
    ! grep -q '^   Mean / p99 / max: *0.095 / 1.800 / 12.001 ms$' "$tmp/jq_report.j"; then
	fail jq_report "no or wrong CURRENT JAQUE DATA block" "" "$tmp/jq_report.j"
else
	pass jq_report
fi
JQVARS=JQVERSION,JQPID,JQCHKSTARTED,JQCHKFINISHED,JQSHIMCHECKS,JQWORKERCHECKS,JQPASSIVE
JQVARS=$JQVARS,JQTIMEOUTS,JQLOST,JQRUNNING,JQSCHEDULED,JQQUEUEDEPTH,JQQUEUEMAX,JQWORKERS
JQVARS=$JQVARS,JQWORKERSALIVE,JQWORKERRESTARTS,JQDRIFTCOUNT,JQDRIFTP50US,JQDRIFTP99US
JQVARS=$JQVARS,JQDRIFTMAXUS,JQDRIFTAVGUS,JQDRIFTLT5,JQDRIFTLT10,JQDRIFTLT25,JQDRIFTLT7
JQVARS=$JQVARS,JQDRIFTINF,JQCHKSTARTEDPM,JQCHKFINISHEDPM,JQTICKWAKES,JQNOSUCH
JQVARS=$JQVARS,JQTICKLATEAVGUS,JQTICKLATEP99US,JQTICKLATEMAXUS
want="0.1.0:4321:1200:1190:300:900:7:2:1:10:16:3:17:4:4:1:1200:420:9100:15342:812:1100:90:10:U:0:120:119:5432:JQNOSUCH:95:1800:12001:"
got=$("$JAQUESTATS" -c "$jcfg" -m -D : -d "$JQVARS")
[ "$got" = "$want" ] && pass jq_mrtg || fail jq_mrtg "got $got, want $want"
# written 2 s before "now" above; a second or two may have passed since
got=$("$JAQUESTATS" -c "$jcfg" -m -d JQSTATSFILEAGETT)
case $got in
2 | 3 | 4) pass jq_mrtg_age ;;
*) fail jq_mrtg_age "got $got, want 2 to 4" ;;
esac
got=$("$JAQUESTATS" -s "$tmp/fixture.dat" --jaque-stats="$tmp/jq/jaque-stats.dat" -m -D : -d JQPID,NUMHOSTS)
[ "$got" = "4321:5:" ] && pass jq_mrtg_explicit_file || fail jq_mrtg_explicit_file "got $got"
got=$("$JAQUESTATS" -s "$tmp/fixture.dat" -m -D : -d JQPID,JQDRIFTLT5,JQCHKSTARTEDPM,JQNOSUCH)
[ "$got" = "U:U:U:JQNOSUCH:" ] && pass jq_mrtg_no_file || fail jq_mrtg_no_file "got $got"
# a daemon that publishes its last minute's rates: those, not the average
cp "$tmp/jq/jaque-stats.dat" "$tmp/jq-rate.dat"
printf 'checks_started_per_min=88.4\nchecks_finished_per_min=87.6\n' >> "$tmp/jq-rate.dat"
got=$("$JAQUESTATS" -s "$tmp/fixture.dat" --jaque-stats="$tmp/jq-rate.dat" -m -D : -d JQCHKSTARTEDPM,JQCHKFINISHEDPM)
[ "$got" = "88:88:" ] && pass jq_mrtg_rate_last_minute || fail jq_mrtg_rate_last_minute "got $got"
# Nagios's variables are the same with jaque's file there
mrtg_case jq/mrtg -c "$jcfg" -m -d "$VARS"

# instance DIR: a nagios.cfg and objects.cfg for jaque in DIR (4 hosts with
# 5 services each, all checked with /bin/true)
instance() {
	d=$1
	mkdir -p "$d/var/rw" "$d/spool"
	cat >"$d/nagios.cfg" <<EOF
log_file=$d/var/nagios.log
cfg_file=$d/objects.cfg
object_cache_file=$d/var/objects.cache
status_file=$d/var/status.dat
nagios_user=$(id -un)
nagios_group=$(id -gn)
command_file=$d/var/nagios.cmd
lock_file=$d/var/nagios.pid
temp_file=$d/var/nagios.tmp
temp_path=$d/var
check_result_path=$d/spool
use_syslog=0
EOF
	cat >"$d/objects.cfg" <<'EOF'
define timeperiod {
	timeperiod_name	always
	alias		always
	sunday		00:00-24:00
	monday		00:00-24:00
	tuesday		00:00-24:00
	wednesday	00:00-24:00
	thursday	00:00-24:00
	friday		00:00-24:00
	saturday	00:00-24:00
}
define command {
	command_name	ok
	command_line	/bin/true
}
define contact {
	contact_name			c1
	host_notification_period	always
	service_notification_period	always
	host_notification_commands	ok
	service_notification_commands	ok
}
EOF
	for h in h1 h2 h3 h4; do
		printf 'define host {\n\thost_name %s\n\taddress 127.0.0.1\n\tcheck_command ok\n' "$h"
		printf '\tcheck_period always\n\tmax_check_attempts 2\n\tcontacts c1\n'
		printf '\tnotification_period always\n}\n'
		for s in a b c d e; do
			printf 'define service {\n\thost_name %s\n\tservice_description %s\n' "$h" "$s"
			printf '\tcheck_command ok\n\tcheck_period always\n\tmax_check_attempts 2\n'
			printf '\tcheck_interval 5\n\tretry_interval 1\n\tcontacts c1\n'
			printf '\tnotification_period always\n}\n'
		done
	done >>"$d/objects.cfg"
}

# --- a status.dat written by jaque's writer (compat/statusdat.c)
if [ -x "$TEST_STATUSDAT" ]; then
	d=$tmp/jw
	instance "$d"
	if JAQUE_STATUSDAT_CFG=$d/nagios.cfg "$TEST_STATUSDAT" >"$tmp/jw.out" 2>&1 &&
	    [ -s "$d/var/status.dat" ]; then
		all_cases jaque_statusdat "$d/var/status.dat"
	else
		fail jaque_statusdat "the writer failed" "" "$tmp/jw.out"
	fi
else
	echo "SKIP: jaquestats/jaque_statusdat: no $TEST_STATUSDAT"
fi

# --- a live jaque: its status.dat and jaque-stats.dat, copied while it runs
JAQUE=${JAQUE:-$builddir/jaque}
if [ -x "$JAQUE" ]; then
	d=$tmp/live
	instance "$d"
	printf 'interval_length=1\nmax_service_check_spread=1\nmax_host_check_spread=1\n' \
	    >>"$d/nagios.cfg"
	printf 'command_file=%s/var/rw/nagios.cmd\nstatus_update_interval=1\n' "$d" >>"$d/nagios.cfg"
	"$JAQUE" "$d/nagios.cfg" >"$d/jaque.out" 2>&1 &
	jpid=$!
	i=0
	while [ $i -lt 150 ]; do
		if [ -s "$d/var/status.dat" ] && [ -s "$d/var/jaque-stats.dat" ] &&
		    grep -q 'has_been_checked=1' "$d/var/status.dat"; then
			break
		fi
		sleep 0.1
		i=$((i + 1))
	done
	sleep 1
	mkdir "$d/copy"
	cp "$d/var/status.dat" "$d/copy/status.dat" 2>/dev/null
	cp "$d/var/jaque-stats.dat" "$d/copy/jaque-stats.dat" 2>/dev/null
	# the state counts of jaque-stats.dat: every object checked, all up and
	# ok, within a write of the stats file (every 5 s) after status.dat has it
	i=0
	while [ $i -lt 150 ] && [ "$(grep -c 'has_been_checked=1' "$d/var/status.dat")" -lt 24 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	i=0 counts=
	while [ $i -lt 70 ]; do
		counts=$(grep -E '^(hosts|services)_(up|down|unreachable|pending|ok|warning|critical|unknown)=' \
		    "$d/var/jaque-stats.dat" | sort | tr '\n' ' ')
		[ "$counts" = "hosts_down=0 hosts_pending=0 hosts_unreachable=0 hosts_up=4 services_critical=0 services_ok=20 services_pending=0 services_unknown=0 services_warning=0 " ] && break
		sleep 0.1
		i=$((i + 1))
	done
	[ $i -lt 70 ] && pass live/state_counts || fail live/state_counts "jaque-stats.dat has $counts"
	kill -TERM "$jpid" 2>/dev/null
	wait "$jpid" 2>/dev/null
	if [ -s "$d/copy/status.dat" ] && [ -s "$d/copy/jaque-stats.dat" ]; then
		jqblock=1
		all_cases live "$d/copy/status.dat"
		jqblock=0
		# each JQ variable that is one key of the file prints its value
		bad=
		for kv in JQVERSION=version JQPID=pid JQCHKSTARTED=checks_started \
		    JQCHKFINISHED=checks_finished JQSHIMCHECKS=checks_builtin \
		    JQWORKERCHECKS=checks_worker JQQUEUEMAX=queue_depth_max JQWORKERS=workers \
		    JQWORKERSALIVE=workers_alive JQDRIFTP50US=drift_p50_us JQDRIFTMAXUS=drift_max_us \
		    JQDRIFTLT5=drift_bucket_5000 JQDRIFTINF=drift_bucket_inf \
		    JQTICKWAKES=tick_wakeups JQTICKLATEMAXUS=tick_late_max_us \
		    JQTICKLATEAVGUS=tick_late_mean_us; do
			want=$(sed -n "s/^${kv#*=}=//p" "$d/copy/jaque-stats.dat")
			got=$("$JAQUESTATS" -m -s "$d/copy/status.dat" -d "${kv%%=*}")
			[ -n "$want" ] && [ "$got" = "$want" ] || bad="$bad ${kv%%=*}=$got(want $want)"
		done
		[ -z "$bad" ] && pass live/jq_vars || fail live/jq_vars "$bad"
		if "$JAQUESTATS" -s "$d/copy/status.dat" >"$tmp/live.out" 2>&1 &&
		    grep -q '^CURRENT JAQUE DATA$' "$tmp/live.out"; then
			pass live/jq_report
		else
			fail live/jq_report "no CURRENT JAQUE DATA block" "" "$tmp/live.out"
		fi
	else
		echo "SKIP: jaquestats/live: jaque wrote no status.dat and jaque-stats.dat"
		sed 's/^/    jaque: /' "$d/jaque.out" | tail -n 5
	fi
else
	echo "SKIP: jaquestats/live: no $JAQUE"
fi

exit $failed
