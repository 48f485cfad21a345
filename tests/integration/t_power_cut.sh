#!/bin/sh
# t_power_cut.sh: a power cut right after commands were applied loses none
# of them when command_journal_sync=1, and loses them with 0.
#
# A power cut keeps of the command journal what the last fdatasync
# covered.  The daemon built with --enable-test-hooks simulates one when
# JAQUE_TEST_POWER_CUT_AFTER=N is set: after the N-th command from the
# pipe or the spool is applied, it cuts the journal back to its synced
# length and _exit()s.  Two spool results (one file) and then ten pipe
# lines in three writes (comments and passive results, so several
# batches) are applied before the cut, which nagios.log shows; retention
# is not saved in between.  After a restart without the hook, status.dat
# must hold every one of them with command_journal_sync=1 (and the replay
# says 12 commands).  With command_journal_sync=0 the same run must lose
# them: that shows the simulation bites (nothing was synced).
# POWER_CUT_SYNC=0 runs the durability checks alone with 0: they fail;
# POWER_CUT_LS=1 runs the Livestatus cases with sync 1 alone.
# A crash (JAQUE_TEST_CRASH_BEFORE_SPOOL_REMOVAL) after the spool results
# were synced and before their file was removed applies them once after
# the restart: by the replay, the file found again is dropped unread.
# Livestatus: three comments and three passive results sent as six COMMAND
# requests in one write over one connection are all there after a cut
# right after the sixth was applied (sync 1), and lost with sync 0.  On
# one connection, 200 comments, an unknown command in their middle and a
# query after them, in one write: the query counts all 200 (the commands
# are applied before it is answered), the unknown command's "400" answer
# comes first and its warning is logged between the comments before and
# after it, and the daemon made one fdatasync per read, not one per
# command (it says how many at its stop).  The query handler takes no
# external commands (Nagios 4.4.6's has none): no case here.
# Skips (77) when the binary has no test hooks; the Livestatus cases skip
# without python3.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

if ! grep -q JAQUE_TEST_POWER_CUT_AFTER "$JAQUE" 2>/dev/null; then
	echo "SKIP: power_cut: $JAQUE was built without --enable-test-hooks (scripts/check's asan build has them)"
	exit 77
fi

# setup SYNC: a fresh instance with command_journal_sync=SYNC
setup() {
	# a case that failed half-way may have left its daemon running
	[ -n "$PID" ] && eng_stop
	[ -n "$T" ] && rm -rf "$T"
	eng_init power_cut
	eng_cfg retain_state_information=1 retention_update_interval=60 \
	    status_update_interval=1 check_result_reaper_frequency=1 \
	    log_external_commands=1 log_passive_checks=1
	printf 'command_journal_sync=%s\nlivestatus_socket=%s\n' "$1" "$T/var/rw/live" > "$T/jaque.cfg"
	eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
}
OBJ
	for s in s1 s2 s3 s4 s5 s6 s7; do
		eng_objects <<OBJ
define service {
	use			s-base
	host_name		h1
	service_description	$s
	check_command		up
	active_checks_enabled	0
	check_interval		60
}
OBJ
	done
}

# spool: one result file with passive CRITICALs for s6 and s7
spool() {
	f=$T/var/spool/checkresults/cpower1
	now=$(date +%s)
	{
		echo "### Check Result File ###"
		echo "file_time=$now"
		for s in s6 s7; do
			echo
			echo "host_name=h1"
			echo "service_description=$s"
			echo "check_type=1"
			echo "start_time=$now.000000"
			echo "finish_time=$now.100000"
			echo "exited_ok=1"
			echo "return_code=2"
			echo "output=spooled $s"
		done
	} > "$f"
	touch "$f.ok"
}

# cut_came: wait for the daemon to die by the hook; 0 when it did
cut_came() {
	for _ in $(seq 100); do
		kill -0 "$PID" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$PID" 2>/dev/null; then
		echo "  the daemon did not cut"
		return 1
	fi
	wait "$PID"
	rc=$?
	PID=
	[ "$rc" -eq 70 ] || { echo "  exit $rc, not the hook's 70"; return 1; }
}

# run_cut: start with the hook, feed 2 spool results and 10 pipe lines,
# wait for the cut; 0 when it came after all 12 were applied and logged
run_cut() {
	JAQUE_TEST_POWER_CUT_AFTER=12
	export JAQUE_TEST_POWER_CUT_AFTER
	eng_start || return 1
	unset JAQUE_TEST_POWER_CUT_AFTER
	spool
	for _ in $(seq 50); do
		[ -f "$T/var/spool/checkresults/cpower1" ] || break
		sleep 0.1
	done
	p=$T/var/rw/nagios.cmd
	now=$(date +%s)
	printf '[%s] ADD_SVC_COMMENT;h1;s1;1;cutter;note 1\n[%s] ADD_SVC_COMMENT;h1;s2;1;cutter;note 2\n[%s] PROCESS_SERVICE_CHECK_RESULT;h1;s1;2;pipe s1\n[%s] PROCESS_SERVICE_CHECK_RESULT;h1;s2;2;pipe s2\n' \
	    "$now" "$now" "$now" "$now" > "$p"
	sleep 0.3
	printf '[%s] ADD_SVC_COMMENT;h1;s3;1;cutter;note 3\n[%s] ADD_SVC_COMMENT;h1;s4;1;cutter;note 4\n[%s] PROCESS_SERVICE_CHECK_RESULT;h1;s3;2;pipe s3\n[%s] PROCESS_SERVICE_CHECK_RESULT;h1;s4;2;pipe s4\n' \
	    "$now" "$now" "$now" "$now" > "$p"
	sleep 0.3
	printf '[%s] ADD_SVC_COMMENT;h1;s5;1;cutter;note 5\n[%s] PROCESS_SERVICE_CHECK_RESULT;h1;s5;2;pipe s5\n' \
	    "$now" "$now" > "$p"
	cut_came || return 1
	# applied before the cut: logged (nagios.log is not the journal)
	[ "$(grep -c 'EXTERNAL COMMAND: ADD_SVC_COMMENT;h1;s[1-5];1;cutter;note' "$T/var/nagios.log")" -eq 5 ] &&
	    [ "$(grep -c 'PASSIVE SERVICE CHECK: h1;s[1-5];' "$T/var/nagios.log")" -eq 5 ] &&
	    [ "$(grep -c 'PASSIVE SERVICE CHECK: h1;s[67];' "$T/var/nagios.log")" -eq 2 ] &&
	    [ ! -f "$T/var/retention.dat" ]
}

# kept [FROM]: how many of the 12 commands status.dat shows after the
# restart (FROM: what the passive outputs begin with, "pipe" unless said)
kept() {
	n=0
	for i in 1 2 3 4 5; do
		[ "$(eng_field s$i plugin_output)" = "${1:-pipe} s$i" ] && n=$((n + 1))
		grep -q "^	comment_data=note $i\$" "$T/var/status.dat" && n=$((n + 1))
	done
	for s in s6 s7; do
		[ "$(eng_field $s plugin_output)" = "spooled $s" ] && n=$((n + 1))
	done
	echo "$n"
}

# stop: stop the restarted daemon; a sanitizer's report in its output fails CASE
stop() {
	eng_stop
	if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$T/jaque.out"; then
		fail "$1" "sanitizer report after the restart"
		sed 's/^/  | /' "$T/jaque.out" | head -n 30
	fi
}

restart() {
	eng_start || return 1
	eng_wait_field s1 current_attempt 1 5 || true
	sleep 1.5 # a status.dat written after the replay
}

# durable SYNC: every command applied before the cut is there after it
durable() {
	setup "$1"
	if ! run_cut; then
		fail "power_cut/sync$1_cut" "the cut did not come after 12 applied commands"
		return
	fi
	pass "power_cut/sync$1_cut"
	restart
	got=$(kept)
	if [ "$got" -eq 12 ]; then
		pass "power_cut/sync$1_all_kept"
	else
		fail "power_cut/sync$1_all_kept" "$got of 12 applied commands survived the power cut"
	fi
	if grep -q 'jaque: 12 external command(s) applied since the last retention save were replayed' \
	    "$T/var/nagios.log"; then
		pass "power_cut/sync$1_replayed_once"
	else
		fail "power_cut/sync$1_replayed_once" "the replay did not apply the 12 commands once each"
	fi
	stop "power_cut/sync$1_replayed_once"
}

# spool_once: a crash after the spool results were synced in the journal
# and before their file was removed: the replay applies them, and the file
# the restart finds is not read again (that would apply them twice: the
# attempt would be 2)
spool_once() {
	setup 1
	JAQUE_TEST_CRASH_BEFORE_SPOOL_REMOVAL=1
	export JAQUE_TEST_CRASH_BEFORE_SPOOL_REMOVAL
	eng_start || { fail power_cut/spool_crash "no start"; return; }
	unset JAQUE_TEST_CRASH_BEFORE_SPOOL_REMOVAL
	spool
	for _ in $(seq 100); do
		kill -0 "$PID" 2>/dev/null || break
		sleep 0.1
	done
	wait "$PID"
	rc=$?
	PID=
	if [ "$rc" -eq 71 ] && [ -f "$T/var/spool/checkresults/cpower1" ]; then
		pass power_cut/spool_crash
	else
		fail power_cut/spool_crash "exit $rc (want 71) or the file is gone"
		return
	fi
	restart
	sleep 1 # a pass of the spool (every second) after the replay
	a6=$(eng_field s6 current_attempt) a7=$(eng_field s7 current_attempt)
	if [ "$(eng_field s6 plugin_output)" = "spooled s6" ] && [ "$a6" = 1 ] && [ "$a7" = 1 ] &&
	    [ ! -f "$T/var/spool/checkresults/cpower1" ] &&
	    [ ! -f "$T/var/spool/checkresults/cpower1.ok" ]; then
		pass power_cut/spool_applied_once
	else
		fail power_cut/spool_applied_once "attempts $a6 and $a7 (want 1), output '$(eng_field s6 plugin_output)', or the file is still there"
	fi
	stop power_cut/spool_applied_once
}

# ls_ask TEXT: send the escaped TEXT over one Livestatus connection, in one
# write, and print the answer (lsclient.py's ask)
LSC=
if command -v python3 >/dev/null 2>&1; then
	LSC="$(python3 -c 'import sys; print(sys.executable)') $top/tests/tools/lsclient.py"
fi
ls_ask() {
	$LSC "$T/var/rw/live" ask "$1"
}

# run_ls_cut: start with the hook, send 3 comments and 3 passive results as
# 6 COMMAND requests in one write over Livestatus, wait for the cut; 0 when
# it came after all 6 were applied and logged
run_ls_cut() {
	JAQUE_TEST_POWER_CUT_AFTER=6
	export JAQUE_TEST_POWER_CUT_AFTER
	eng_start || return 1
	unset JAQUE_TEST_POWER_CUT_AFTER
	now=$(date +%s) req=
	for i in 1 2 3; do
		req="${req}COMMAND [$now] ADD_SVC_COMMENT;h1;s$i;1;cutter;note $i\n\n"
		req="${req}COMMAND [$now] PROCESS_SERVICE_CHECK_RESULT;h1;s$i;2;ls s$i\n\n"
	done
	ls_ask "$req" > /dev/null
	cut_came || return 1
	[ "$(grep -c 'EXTERNAL COMMAND: ADD_SVC_COMMENT;h1;s[1-3];1;cutter;note' "$T/var/nagios.log")" -eq 3 ] &&
	    [ "$(grep -c 'PASSIVE SERVICE CHECK: h1;s[1-3];' "$T/var/nagios.log")" -eq 3 ] &&
	    [ ! -f "$T/var/retention.dat" ]
}

# durable_ls SYNC WANT: WANT of the 6 Livestatus commands are there after the cut
durable_ls() {
	setup "$1"
	if ! run_ls_cut; then
		fail "power_cut/ls_sync$1_cut" "the cut did not come after 6 applied commands"
		return
	fi
	pass "power_cut/ls_sync$1_cut"
	restart
	got=$(kept ls)
	if [ "$got" -eq "$2" ]; then
		pass "power_cut/ls_sync$1_kept"
	else
		fail "power_cut/ls_sync$1_kept" "$got of 6 commands applied before the cut survived it (want $2)"
	fi
	stop "power_cut/ls_sync$1_kept"
}

# ls_batched: 200 comments, an unknown command after the 100th, a query
ls_batched() {
	setup 1
	eng_start || { fail power_cut/ls_batch "no start"; return; }
	now=$(date +%s)
	req=$(awk -v t="$now" 'BEGIN {
		for (i = 1; i <= 200; i++) {
			printf "COMMAND [%d] ADD_SVC_COMMENT;h1;s1;1;flood;n%d\\n\\n", t, i
			if (i == 100)
				printf "COMMAND [%d] NO_SUCH_THING;x\\n\\n", t
		}
		printf "GET comments\\nStats: author = flood\\n\\n"
	}')
	got=$(ls_ask "$req")
	if [ "$got" = "b\"400: Unknown command 'NO_SUCH_THING'\\n200\\n\"" ]; then
		pass power_cut/ls_batch_answers
	else
		fail power_cut/ls_batch_answers "got $got"
	fi
	l100=$(grep -n 'ADD_SVC_COMMENT;h1;s1;1;flood;n100$' "$T/var/nagios.log" | cut -d: -f1)
	lw=$(grep -n 'Unrecognized external command -> NO_SUCH_THING;x' "$T/var/nagios.log" | cut -d: -f1)
	l101=$(grep -n 'ADD_SVC_COMMENT;h1;s1;1;flood;n101$' "$T/var/nagios.log" | cut -d: -f1)
	if [ -n "$l100" ] && [ -n "$lw" ] && [ -n "$l101" ] && [ "$l100" -lt "$lw" ] &&
	    [ "$lw" -lt "$l101" ]; then
		pass power_cut/ls_batch_order
	else
		fail power_cut/ls_batch_order "nagios.log lines n100 '$l100', unknown '$lw', n101 '$l101'"
	fi
	stop power_cut/ls_batch_syncs
	syncs=$(sed -n 's/.*command journal: \([0-9]*\) fdatasync(s) since start.*/\1/p' "$T/jaque.out")
	# 13 kB of requests: a read or two (one sync each), not 200
	if [ -n "$syncs" ] && [ "$syncs" -ge 1 ] && [ "$syncs" -le 10 ]; then
		pass power_cut/ls_batch_syncs
	else
		fail power_cut/ls_batch_syncs "'$syncs' fdatasync(s) for 200 commands in one write"
	fi
}

if [ -n "${POWER_CUT_SYNC:-}" ]; then
	durable "$POWER_CUT_SYNC"
	eng_finish
fi
if [ -n "${POWER_CUT_LS:-}" ] && [ -n "$LSC" ]; then
	durable_ls 1 6
	ls_batched
	eng_finish
fi

durable 1
spool_once

# the control: without sync the cut loses what the journal held
setup 0
if run_cut; then
	restart
	got=$(kept)
	if [ "$got" -eq 0 ]; then
		pass "power_cut/sync0_loses"
	else
		fail "power_cut/sync0_loses" "$got of 12 commands survived without sync: the cut simulates nothing"
	fi
	stop power_cut/sync0_loses
else
	fail "power_cut/sync0_cut" "the cut did not come after 12 applied commands"
fi

if [ -n "$LSC" ]; then
	durable_ls 1 6
	durable_ls 0 0
	ls_batched
else
	echo "SKIP: power_cut/ls_*: python3 is not installed"
fi
eng_finish
