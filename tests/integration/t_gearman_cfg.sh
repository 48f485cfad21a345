#!/bin/bash
# t_gearman_cfg.sh: a mod_gearman broker_module line in nagios.cfg is read
# as the module would read it, without loading anything.  jaque -v accepts
# a good mod_gearman configuration and refuses a bad value in the module's
# config file, or in a gearman_ key of jaque.cfg, naming the file, the line
# and the key; the daemon refuses to start on the same mistake, and starts
# on a good configuration, noting the worker's options it has no use for,
# and a reload onto a bad one keeps the configuration it runs.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

eng_init gearman_cfg
eng_cfg use_syslog=0
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
}
define service {
	use			s-base
	host_name		h1
	service_description	s1
	check_command		run!/bin/true
}
OBJ
NEB=$T/mod_gearman_neb.conf
cat > "$NEB" <<'NEBEOF'
# as mod_gearman ships it, shortened
debug=0
server=127.0.0.1:4730
eventhandler=yes
services=yes
hosts=yes
encryption=yes
key=should_be_changed
localhostgroups=
job_timeout=60
NEBEOF
eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o config=$NEB"

# verify NAME RC TEXT: PASS NAME when jaque -v exits RC and prints the line TEXT
verify() {
	local out rc
	out=$("$JAQUE" -v "$CFG" 2>&1)
	rc=$?
	if [ "$rc" -eq "$2" ] && echo "$out" | grep -qxF "$3"; then
		pass "$1"
	else
		fail "$1" "exit $rc, wanted $2 and the line: $3"
		echo "$out" | grep -E '^(Error|Warning)' | head -5
	fi
}

verify "jaque -v: a good mod_gearman configuration" 0 \
	"Things look okay - No serious problems were detected during the pre-flight check"

# a word mod_gearman takes for yes without a word: a warning, as it starts anyway
sed -i 's/^hosts=yes$/hosts=maybe/' "$NEB"
verify "jaque -v: a value mod_gearman lets pass is a warning, with its file, line and key" 0 \
	"Warning: mod_gearman: 'maybe' for hosts is taken as yes (file '$NEB', line 6, directive 'hosts')"
sed -i 's/^hosts=maybe$/hosts=yes/' "$NEB"

# a server mod_gearman refuses, on line 3 of its config file
sed -i 's/^server=127.0.0.1:4730$/server=127.0.0.1:99999/' "$NEB"
verify "jaque -v: a bad value in the module's config file, with its file, line and key" 1 \
	"Error: mod_gearman: Illegal port '99999' in server '127.0.0.1:99999' (host[:port], a port from 1 to 65535) (file '$NEB', line 3, directive 'server')"

# the daemon does not start on it either
out=$(timeout 20 "$JAQUE" "$CFG" 2>&1)
rc=$?
if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && echo "$out" | grep -qF "line 3, directive 'server'"; then
	pass "the daemon refuses to start on it"
else
	fail daemon-bad "exit $rc"
	echo "$out" | tail -3
fi
sed -i 's/^server=127.0.0.1:99999$/server=127.0.0.1:4730/' "$NEB"

# jaque.cfg's gearman_ keys come after the module's own options
printf 'workers=1\ngearman_orphan_return=9\n' > "$T/jaque.cfg"
verify "jaque -v: a bad gearman_ key in jaque.cfg" 1 \
	"Error: mod_gearman: Illegal value '9' for orphan_return (a whole number from 0 to 3) (file '$T/jaque.cfg', line 2, directive 'gearman_orphan_return')"

# no server at all: an error on the broker_module line
printf 'workers=1\n' > "$T/jaque.cfg"
sed -i 's/^server=.*$//' "$NEB"
line=$(grep -n '^broker_module=' "$CFG" | cut -d: -f1)
verify "jaque -v: no server, reported on the broker_module line" 1 \
	"Error: mod_gearman: no server: at least one server=host[:port] is needed (file '$CFG', line $line, directive 'server')"
printf 'workers=1\ngearman_server=127.0.0.1\n' > "$T/jaque.cfg"

# a good configuration: the daemon starts and notes the worker's option once
eng_start || fail start "daemon did not start"
if eng_wait_log "mod_gearman: option 'job_timeout' has no meaning for jaque; ignored" 10; then
	pass "the daemon starts, noting an option it has no use for"
else
	fail daemon-good "no note about job_timeout"
fi
# a reload onto a bad option keeps the configuration that runs
echo 'server=127.0.0.1:99999' >> "$NEB"
bad=$(wc -l < "$NEB")
kill -HUP "$PID"
if eng_wait_log "line $bad, directive 'server'" 10 && eng_wait_log 'still running the previous one' 5 &&
	kill -0 "$PID" 2>/dev/null; then
	pass "a reload onto a bad option keeps running the previous configuration"
else
	fail reload-bad "no refusal logged, or the daemon is gone"
fi
eng_stop
eng_finish
