#!/bin/bash
# t_disk_full.sh: status.dat and retention.dat on a file system that runs
# full.  The test runs in its own mount namespace (unshare -m, root only)
# and puts both files on a small tmpfs; with the tmpfs filled, jaque's
# writes must fail without touching the files already there (readers
# still get the last complete file) and say so in nagios.log; once space
# is back, the next write succeeds.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${JAQUE_DISKFULL_NS:-}" ]; then
	if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null ||
		! unshare -m true 2>/dev/null; then
		echo "SKIP: needs root and unshare -m (a private mount namespace)"
		exit 77
	fi
	JAQUE_DISKFULL_NS=1 exec unshare -m --propagation private bash "$0" "$@"
fi
. "$here/lib_engine.sh"

eng_init diskfull
mkdir -p "$T/full"
if ! mount -t tmpfs -o size=512k tmpfs "$T/full"; then
	echo "SKIP: cannot mount a tmpfs"
	rm -rf "$T"
	exit 77
fi
eng_cfg status_file="$T/full/status.dat" state_retention_file="$T/full/retention.dat" \
	retain_state_information=1 status_update_interval=1 retention_update_interval=60
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	web1
	address		127.0.0.1
}
define service {
	use			s-base
	host_name		web1
	service_description	http
}
OBJ
eng_seq web1_http "0 HTTP OK"
FIFO=$T/var/rw/nagios.cmd
cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$FIFO"; }
finish() { umount "$T/full" 2>/dev/null; eng_finish; }

eng_start || { fail start "daemon did not start"; finish; }
sleep 3
cmd "ADD_HOST_COMMENT;web1;1;admin;before the disk filled"
cmd "SAVE_STATE_INFORMATION"
sleep 3
if grep -q 'comment_data=before the disk filled' "$T/full/status.dat" 2>/dev/null &&
	grep -q 'comment_data=before the disk filled' "$T/full/retention.dat" 2>/dev/null; then
	pass "status.dat and retention.dat written on the small file system"
else
	fail setup "files not written"
fi
cp "$T/full/status.dat" "$T/status.before"
cp "$T/full/retention.dat" "$T/retention.before"

# fill it up, then make the next files bigger than what is left
dd if=/dev/zero of="$T/full/filler" bs=4k 2>/dev/null
long=$(head -c 3000 /dev/zero | tr '\0' 'x')
for i in 1 2 3 4 5 6; do cmd "ADD_SVC_COMMENT;web1;http;1;admin;$i $long"; done
cmd "SAVE_STATE_INFORMATION"
if eng_wait_log 'Could not write the status file: .*No space left on device' 10; then
	pass "a status.dat write on a full disk is logged"
else
	fail status-log "no warning"
fi
if eng_wait_log 'Could not save the retention file: .*No space left on device' 10; then
	pass "a retention.dat save on a full disk is logged"
else
	fail retention-log "no warning"
fi
sleep 2
cmp -s "$T/full/status.dat" "$T/status.before" && pass "status.dat left whole (the last complete one)" \
	|| fail status-kept "status.dat changed: $(wc -c < "$T/full/status.dat") bytes"
cmp -s "$T/full/retention.dat" "$T/retention.before" && pass "retention.dat left whole" \
	|| fail retention-kept "retention.dat changed"
n=$(nagios4stats -s "$T/full/status.dat" -m -d NUMHOSTS 2>&1)
[ "$n" = 1 ] && pass "nagios4stats still reads status.dat" || fail nagiostats "$n"
left=$(find "$T/full" -name '*.??????' | wc -l)
[ "$left" = 0 ] && pass "no temporary files left behind" || fail temp "$left temporaries"
kill -0 "$PID" 2>/dev/null && pass "daemon alive" || fail alive "died"

# space again: the next writes succeed
rm -f "$T/full/filler"
cmd "SAVE_STATE_INFORMATION"
sleep 3
if [ "$(grep -c "comment_data=[0-9] x" "$T/full/status.dat")" = 6 ] &&
	[ "$(grep -c "comment_data=[0-9] x" "$T/full/retention.dat")" = 6 ]; then
	pass "with space back, both files carry every comment"
else
	fail recovered "files not rewritten"
fi
eng_stop
finish
