#!/bin/sh
# t_reload_schedule.sh: a reload (SIGHUP) neither blinds nor bunches the
# schedule.
#
# Twelve services every 4 s (a plugin that notes when it starts) and one
# every 20 s whose plugin sleeps 3 s and says when it started.  Checked:
#  - schedule kept: each 4 s service's first start after the SIGHUP comes
#    an interval after its last start before it (give or take 0.6 s for
#    process start-up), none earlier into a burst, none later;
#  - a check in flight at the reload delivers its result: the sleeping
#    service, started before the SIGHUP, shows the output of that very run
#    after it, and is not started again meanwhile;
#  - the reading goes on beside the loop: with an object file that is a
#    FIFO nobody writes to, the reader waits on it for 4 s, while checks
#    keep starting and status.dat keeps being written; the new generation
#    comes in once the FIFO is opened;
#  - a check started after the SIGHUP is in status.dat within
#    status_update_interval (2 s) and a second;
#  - a SIGTERM while the reader still waits on the FIFO stops jaque all the
#    same (the read is abandoned).
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"

eng_init reloadsched
eng_cfg status_update_interval=2
cat > "$T/note.sh" <<'SH'
#!/bin/sh
echo "$1 $(date +%s.%N)" >> "$2"
echo "OK started"
SH
cat > "$T/sleepy.sh" <<'SH'
#!/bin/sh
t=$(date +%s.%N)
echo "$t" >> "$1"
sleep 3
echo "slept from $t"
SH
chmod +x "$T/note.sh" "$T/sleepy.sh"
{
	cat <<OBJ
define command {
	command_name	note
	command_line	$T/note.sh \$SERVICEDESC\$ $T/starts
}
define command {
	command_name	sleepy
	command_line	$T/sleepy.sh $T/sleepy.starts
}
define host {
	use		h-base
	host_name	h
	address		127.0.0.1
	check_interval	0
}
define service {
	use			s-base
	host_name		h
	service_description	sleepy
	check_command		sleepy
	check_interval		20
	retry_interval		20
}
OBJ
	for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
		printf 'define service {\n\tuse s-base\n\thost_name h\n\tservice_description f%s\n' "$k"
		printf '\tcheck_command note\n\tcheck_interval 4\n\tretry_interval 4\n}\n'
	done
} | eng_objects

# the time of the newest start of the sleepy service, or nothing
sleepy_last() { tail -n 1 "$T/sleepy.starts" 2>/dev/null; }
# how many starts were noted
nstarts() { if [ -f "$T/starts" ]; then wc -l < "$T/starts"; else echo 0; fi; }

if ! eng_start; then
	fail start "jaque did not start"
	eng_finish
fi
# warm up: every service checked at least twice
sleep 9
# SIGHUP while the sleepy check runs: wait for one to begin
s0=$(sleepy_last)
for _ in $(seq 250); do
	[ "$(sleepy_last)" != "$s0" ] && break
	sleep 0.1
done
running=$(sleepy_last)
if [ "$running" = "$s0" ]; then
	fail inflight "the sleepy check did not start in 25 s"
fi
sleep 0.3
hup=$(date +%s.%N)
kill -HUP "$PID"
eng_wait_log 'Caught SIGHUP' 5 || fail reload "no Caught SIGHUP line"
sleep 6

# the 4 s services around the SIGHUP
bad=$(awk -v h="$hup" '
	{ if ($2 < h) last[$1] = $2; else if (!($1 in first)) first[$1] = $2 }
	END {
		for (s in last) {
			if (!(s in first)) { print s ": not started after the reload"; continue }
			g = first[s] - last[s]
			if (g < 3.4 || g > 4.6) printf "%s: %.2f s between starts\n", s, g
		}
	}' "$T/starts")
n=$(awk -v h="$hup" '$2 < h { s[$1] = 1 } END { print length(s) }' "$T/starts")
if [ "$n" -ne 12 ]; then
	fail schedule "$n of the 12 services started before the reload"
elif [ -n "$bad" ]; then
	fail schedule "schedules moved across the reload: $bad"
else
	pass schedule
fi

# the sleepy run in flight at the SIGHUP, taken after it
if [ "$(sleepy_last)" != "$running" ]; then
	fail inflight "started again after the reload ($(sleepy_last), not $running)"
elif ! eng_wait_field sleepy plugin_output "slept from $running" 5; then
	fail inflight "its result was not taken: $(eng_field sleepy plugin_output)"
else
	pass inflight
fi

# seen: the first start after the SIGHUP, in status.dat
first=$(awk -v h="$hup" '$2 >= h { print $1, $2; exit }' "$T/starts")
if [ -z "$first" ]; then
	fail seen "no start after the reload"
else
	svc=${first% *}
	t1=${first#* }
	lc=$(eng_field "$svc" last_check)
	# 6 s on, it has run again since: its last_check is not older than t1
	if [ -n "$lc" ] && [ "$lc" -ge "${t1%.*}" ]; then
		pass seen
	else
		fail seen "$svc started at $t1, status.dat says last_check=$lc"
	fi
fi
# and within an update interval and a second of starting: watch the next one
t_seen=$(python3 - "$T/starts" "$T/var/status.dat" <<'PY'
import os, sys, time
starts, status = sys.argv[1], sys.argv[2]
def newest():
    with open(starts) as f:
        line = f.readlines()[-1].split()
    return line[0], float(line[1])
svc, t = newest()
while True:
    s2, t2 = newest()
    if t2 > t:
        svc, t = s2, t2
        break
    time.sleep(0.02)
end = t + 10
while time.time() < end:
    blk, ok = None, False
    with open(status) as f:
        for line in f:
            line = line.strip()
            if line == "service_description=" + svc:
                blk = svc
            elif blk and line.startswith("last_check="):
                ok = int(line.split("=")[1]) >= int(t)
                break
    if ok:
        print("%.2f" % (time.time() - t))
        sys.exit(0)
    time.sleep(0.05)
print("never")
PY
)
case $t_seen in
never) fail seen_interval "a check did not show in status.dat within 10 s" ;;
*) if awk -v s="$t_seen" 'BEGIN { exit !(s <= 3.0) }'; then pass seen_interval
	else fail seen_interval "a check showed in status.dat $t_seen s after it started"; fi ;;
esac

# the reader beside the loop: an object file that blocks it
mkfifo "$T/blocked.cfg"
echo "cfg_file=$T/blocked.cfg" >> "$CFG"
before=$(nstarts)
mtime0=$(stat -c %Y "$T/var/status.dat")
starting0=$(grep -c ') starting\.\.\.' "$T/var/nagios.log")
kill -HUP "$PID"
eng_wait_log 'Caught SIGHUP.*' 5
sleep 4
during=$(($(nstarts) - before))
mtime1=$(stat -c %Y "$T/var/status.dat")
starting=$(grep -c ') starting\.\.\.' "$T/var/nagios.log")
# one more start line, within 5 s
starts_again() {
	for _ in $(seq 50); do
		[ "$(grep -c ') starting\.\.\.' "$T/var/nagios.log")" -gt "$starting0" ] && return 0
		sleep 0.1
	done
	return 1
}
# let the reader go: every open it makes of the FIFO gets an empty file
timeout 10 sh -c "while :; do : > '$T/blocked.cfg'; done" &
wpid=$!
if [ "$starting" -ne "$starting0" ]; then
	fail beside "the new generation came in while its file was still blocked ($starting starts)"
elif [ "$during" -lt 6 ]; then
	fail beside "only $during checks started while the reader waited 4 s (12 expected)"
elif [ "$mtime1" -le "$mtime0" ]; then
	fail beside "status.dat was not written while the reader waited"
elif ! starts_again; then
	fail beside "the new generation did not come in once the FIFO was opened"
else
	pass beside
fi
kill "$wpid" 2>/dev/null
wait "$wpid" 2>/dev/null
kill -0 "$PID" 2>/dev/null || fail alive "jaque died"

# a SIGTERM while the reader is stuck on the FIFO: jaque stops all the same
sleep 1
kill -HUP "$PID"
sleep 1
eng_stop
if [ "$STOP_RC" = killed ]; then
	fail stop_while_reading "jaque did not stop within 10 s of SIGTERM while the reader waited"
elif ! grep -q 'Successfully shutdown' "$T/var/nagios.log"; then
	fail stop_while_reading "no Successfully shutdown line"
else
	pass stop_while_reading
fi
eng_finish
