# scripts/bench-instance.sh: sourced by the bench scripts that run a core on
# an estate in $T (objects.cfg and resource.cfg there).  bench_instance DIR
# [LINE ...] writes DIR/nagios.cfg with the settings every such run shares
# (its own var/ directories, no retention, status.dat every 10 s, the
# invoking user as nagios_user) and then the LINEs given, and makes the
# directories.  Nagios, Naemon and jaque all read the file as it is.
#
# SPDX-License-Identifier: GPL-2.0-or-later
bench_instance() {
	local d=$1 line
	shift
	mkdir -p "$d/var/rw" "$d/var/spool" "$d/var/archives"
	cat > "$d/nagios.cfg" <<CFG
cfg_file=$T/objects.cfg
resource_file=$T/resource.cfg
log_file=$d/var/nagios.log
log_archive_path=$d/var/archives
status_file=$d/var/status.dat
lock_file=$d/var/nagios.lock
command_file=$d/var/rw/nagios.cmd
check_result_path=$d/var/spool
temp_file=$d/var/nagios.tmp
state_retention_file=$d/var/retention.dat
object_cache_file=$d/var/objects.cache
interval_length=60
status_update_interval=10
retain_state_information=0
cached_host_check_horizon=0
use_syslog=0
nagios_user=$(id -un)
nagios_group=$(id -gn)
CFG
	for line in "$@"; do
		echo "$line" >> "$d/nagios.cfg"
	done
}
