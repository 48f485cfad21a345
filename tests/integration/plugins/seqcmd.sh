#!/bin/sh
# seqcmd.sh CMDFILE DIR HOST [SERVICE]: seq.sh (the next scripted result
# from DIR/HOST_SERVICE or DIR/HOST), which can also send external
# commands at a known point of its script.  When it gives its Nth result,
# every line "N COMMAND" of DIR/HOST_SERVICE.cmd (or DIR/HOST.cmd) is
# written as "[<now>] COMMAND" to CMDFILE, the engine's command pipe.  In
# COMMAND, {now} becomes the current time and {now+S} that time plus S
# seconds (for downtime start and end times).  The result follows the
# commands by half a second, so the engine handles them first.
#
# SPDX-License-Identifier: GPL-2.0-or-later
fifo=$1
shift
out=$("$(dirname "$0")/seq.sh" "$@")
rc=$?
f=$1/$2${3:+_$3}
if [ -f "$f.cmd" ] && [ -p "$fifo" ]; then
	n=$(cat "$f.n" 2>/dev/null || echo 0)
	now=$(date +%s)
	awk -v n="$n" -v now="$now" '
	$1 == n {
		sub(/^[0-9]+[ \t]+/, "")
		while (match($0, /\{now(\+[0-9]+)?\}/)) {
			v = now + substr($0, RSTART + 5, RLENGTH - 6)
			$0 = substr($0, 1, RSTART - 1) v substr($0, RSTART + RLENGTH)
		}
		printf "[%d] %s\n", now, $0
	}' "$f.cmd" > "$f.cmd.out.$n"
	if [ -s "$f.cmd.out.$n" ]; then
		# a pipe with no reader would block the open: give up after 5 s
		timeout 5 sh -c 'cat "$1" >> "$2"' sh "$f.cmd.out.$n" "$fifo"
		# the engine is to have the command before this result.  Nagios
		# 4.4.6 relays the pipe through its command file worker process,
		# and on a busy machine the result overtook the command there
		# (a flapping percentage of one result later); give it time
		sleep 0.5
	fi
	rm -f "$f.cmd.out.$n"
fi
printf '%s\n' "$out"
exit "$rc"
