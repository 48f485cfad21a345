# lib_engine.sh: sourced by the t_engine_*.sh scripts.  Starts the real
# daemon (and, for differential cases, Debian's nagios4) on a temporary
# instance with interval_length=1, so intervals are seconds, and gives
# helpers to wait for log lines and to report cases.
#
# Functions:
#   eng_init NAME          make $T (a temp dir) with var/, seq/ and a base
#                          nagios.cfg and objects (commands, a timeperiod,
#                          a contact); sets $CFG
#   eng_cfg LINE...        append lines to nagios.cfg
#   eng_objects            append stdin to $T/objects.cfg
#   eng_seq OBJ LINES...   the results the seq plugin gives OBJ ("host_svc"
#                          or "host"), one "rc text" per line; the last repeats
#   eng_start [ARGS]       start $JAQUE on $CFG in the background ($PID)
#   eng_wait_log RE [SECS] wait until nagios.log matches RE (grep -E)
#   eng_stop               SIGTERM, wait (10 s), then SIGKILL; sets $STOP_RC
#   pass CASE / fail CASE WHY    print PASS:/FAIL: lines, count failures
#   eng_finish             clean up and exit 1 if anything failed
#   eng_free_port          a TCP port free on 127.0.0.1 now
#   eng_wait_port PORT     wait (5 s) until something listens on it
#   eng_field SVC FIELD    FIELD of the single-host instance's host (SVC
#                          empty) or service SVC in status.dat
#   eng_wait_field SVC FIELD VALUE [SECS]  wait (20 s) until it is VALUE
#   eng_wait_fresh SVC OUTPUT SINCE [SECS]  wait (30 s) until SVC (empty: the
#                          host) has a last_check after SINCE (epoch seconds)
#                          and OUTPUT as plugin_output
# Environment: JAQUE (binary), KEEP_TMP=1 keeps $T.

set -u
here=${here:-$(cd "$(dirname "$0")" && pwd)}
top=$(cd "$here/../.." && pwd)
JAQUE=${JAQUE:-${BUILD_DIR:-$top/build/check}/jaque}
JAQUESTATS=${JAQUESTATS:-$(dirname "$JAQUE")/jaquestats}
PLUGINS=$here/plugins
failures=0
PID=
T=

pass() { echo "PASS: $1"; }
fail() {
	echo "FAIL: $1: $2"
	failures=$((failures + 1))
	if [ -n "$T" ] && [ -f "$T/var/nagios.log" ]; then
		echo "  --- last lines of nagios.log"
		tail -n 25 "$T/var/nagios.log" | sed 's/^/  | /'
	fi
}

eng_init() {
	T=$(mktemp -d "${TMPDIR:-/tmp}/jaque-$1.XXXXXX")
	mkdir -p "$T/var/rw" "$T/var/spool/checkresults" "$T/var/archives" "$T/seq"
	CFG=$T/nagios.cfg
	cat > "$CFG" <<CFGEOF
cfg_file=$T/objects.cfg
log_file=$T/var/nagios.log
log_archive_path=$T/var/archives
status_file=$T/var/status.dat
lock_file=$T/var/nagios.lock
command_file=$T/var/rw/nagios.cmd
query_socket=$T/var/rw/nagios.qh
check_result_path=$T/var/spool/checkresults
temp_file=$T/var/nagios.tmp
state_retention_file=$T/var/retention.dat
object_cache_file=$T/var/objects.cache
resource_file=$T/resource.cfg
interval_length=1
max_host_check_spread=2
max_service_check_spread=2
log_service_retries=1
log_host_retries=1
use_syslog=0
illegal_macro_output_chars=\`~\$&|'"<>
nagios_user=$(id -un)
nagios_group=$(id -gn)
CFGEOF
	echo "\$USER1\$=$PLUGINS" > "$T/resource.cfg"
	cat > "$T/objects.cfg" <<OBJEOF
define command {
	command_name	seq
	command_line	\$USER1\$/seq.sh $T/seq \$HOSTNAME\$ \$SERVICEDESC\$
}
define command {
	command_name	hseq
	command_line	\$USER1\$/seq.sh $T/seq \$HOSTNAME\$
}
define command {
	command_name	up
	command_line	/bin/echo UP fine
}
define command {
	command_name	run
	command_line	\$ARG1\$
}
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
define contact {
	contact_name			c1
	host_notifications_enabled	0
	service_notifications_enabled	0
	host_notification_period	always
	service_notification_period	always
	host_notification_options	n
	service_notification_options	n
	host_notification_commands	up
	service_notification_commands	up
}
define host {
	name			h-base
	register		0
	check_command		up
	max_check_attempts	2
	check_interval		60
	retry_interval		1
	check_period		always
	contacts		c1
	notification_period	always
}
define service {
	name			s-base
	register		0
	check_command		seq
	max_check_attempts	3
	check_interval		1
	retry_interval		1
	check_period		always
	contacts		c1
	notification_period	always
}
OBJEOF
}

# eng_expect NAME WANT CMD...: PASS NAME when CMD's output (stderr too) is
# exactly WANT, else FAIL NAME showing both
eng_expect() {
	name_=$1
	want_=$2
	shift 2
	got_=$("$@" 2>&1)
	if [ "$got_" = "$want_" ]; then
		pass "$name_"
	else
		fail "$name_" "unexpected answer"
		printf "  want: %s\n" "$want_" | head -n 20
		printf "  got:  %s\n" "$got_" | head -n 20
	fi
}

eng_cfg() { for l in "$@"; do echo "$l" >> "$CFG"; done; }
eng_objects() { cat >> "$T/objects.cfg"; }
eng_seq() {
	f=$T/seq/$1
	shift
	: > "$f"
	for l in "$@"; do echo "$l" >> "$f"; done
	rm -f "$f.n"
}

eng_start() {
	"$JAQUE" "$@" "$CFG" > "$T/jaque.out" 2>&1 &
	PID=$!
	eng_wait_log 'starting\.\.\.' 10 || { echo "  jaque did not start:"; sed 's/^/  | /' "$T/jaque.out"; return 1; }
	# the command pipe is made after "starting...": a script writing to it
	# before then would make a plain file of that name, and jaque's mkfifo
	# would fail (seen with the scripts run side by side)
	grep -q '^check_external_commands=0' "$CFG" && return 0
	i=0
	while [ ! -p "$T/var/rw/nagios.cmd" ] && [ "$i" -lt 100 ] && kill -0 "$PID" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	return 0
}

eng_wait_log() {
	re=$1
	secs=${2:-10}
	i=0
	while [ "$i" -lt $((secs * 10)) ]; do
		if [ -f "$T/var/nagios.log" ] && grep -qE "$re" "$T/var/nagios.log"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

eng_stop() {
	STOP_RC=
	[ -n "$PID" ] || return 0
	kill -TERM "$PID" 2>/dev/null
	i=0
	while kill -0 "$PID" 2>/dev/null && [ "$i" -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$PID" 2>/dev/null; then
		kill -KILL "$PID" 2>/dev/null
		STOP_RC=killed
	fi
	wait "$PID" 2>/dev/null
	rc=$?
	[ -n "$STOP_RC" ] || STOP_RC=$rc
	PID=
}

eng_free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# eng_wait_port PORT [ADDRESS]: wait up to 5 s for a listener (127.0.0.1 by default)
eng_wait_port() {
	for _ in $(seq 50); do
		python3 -c "import socket; socket.create_connection(('${2:-127.0.0.1}', $1), 1)" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

eng_field() {
	awk -v svc="$1" -v f="$2" '
		/^hoststatus \{/ { inb = (svc == ""); next }
		/^servicestatus \{/ { inb = 0; s = 1; next }
		s && /service_description=/ { inb = ($0 == "\tservice_description=" svc) }
		/^\t}/ { s = 0; inb = 0 }
		inb && index($0, "\t" f "=") == 1 { sub(/^[^=]*=/, ""); print }
	' "$T/var/status.dat" 2>/dev/null
}

eng_wait_field() {
	for _ in $(seq "$((${4:-20} * 10))"); do
		[ "$(eng_field "$1" "$2")" = "$3" ] && return 0
		sleep 0.1
	done
	return 1
}

eng_wait_fresh() {
	for _ in $(seq "$((${4:-30} * 10))"); do
		_lc=$(eng_field "$1" last_check)
		if [ -n "$_lc" ] && [ "$_lc" -gt "$3" ] && [ "$(eng_field "$1" plugin_output)" = "$2" ]; then
			return 0
		fi
		sleep 0.1
	done
	return 1
}

# the ALERT lines of a log without their timestamps
eng_alerts() { sed -n 's/^\[[0-9]*\] \(.*ALERT: .*\)$/\1/p' "$1"; }

eng_finish() {
	[ -n "$PID" ] && eng_stop
	if [ "${KEEP_TMP:-0}" = 1 ]; then
		echo "  kept $T"
	elif [ -n "$T" ]; then
		rm -rf "$T"
	fi
	[ "$failures" -eq 0 ]
	exit $?
}
trap '[ -n "$PID" ] && kill -KILL "$PID" 2>/dev/null' EXIT
# a script stopped by a signal (run.sh interrupted) takes its daemon along:
# the EXIT trap runs on exit, not on a death by signal
trap 'exit 130' INT TERM
