# lib_naemon.sh: sourced by the tests that run the real mod_gearman module
# in a Naemon (NAEMON_PREFIX) to compare jaque with it.
#
# Functions:
#   naemon_paths DIR   print the naemon.cfg lines that keep a Naemon's
#                      files (log, status, lock, command pipe, check
#                      results, ...) in DIR, run it as the current user and
#                      give its broker modules every event; DIR/cr must exist
#
# SPDX-License-Identifier: GPL-2.0-or-later

naemon_paths() {
	cat << NAEMONEOF
log_file=$1/naemon.log
status_file=$1/status.dat
temp_path=$1
temp_file=$1/naemon.tmp
lock_file=$1/naemon.pid
check_result_path=$1/cr
object_cache_file=$1/objects.cache
state_retention_file=$1/retention.dat
command_file=$1/naemon.cmd
naemon_user=$(id -un)
naemon_group=$(id -gn)
event_broker_options=-1
NAEMONEOF
}
