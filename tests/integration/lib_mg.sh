# lib_mg.sh: sourced by the scripts that run mod_gearman's own build
# beside jaque (t_mgjob_vs_mod_gearman.sh, t_gearman_worker_vs_mod_gearman.sh).
# Sets top (the source tree: $srcdir, $abs_top_srcdir or two levels up),
# mg (MOD_GEARMAN, the build: default build/gearman/mod_gearman in the
# source tree), gearmand (GEARMAND, default /usr/sbin/gearmand) and
# naemon (NAEMON_PREFIX's bin/naemon, default build/bench-compare/naemon).
#
# Functions:
#   mg_gearmand DIR          start gearmand on a free loopback port, its log
#                            in DIR: sets port and gpid; returns 1 (log
#                            shown) when it does not listen within 5 s
#   mg_naemon DIR PORT KEY [WORDS]  write DIR/naemon.cfg (objects from
#                            DIR/objects.cfg, which the caller writes) with
#                            the built module on PORT with KEY, hosts and
#                            services (and the module's WORDS), and the
#                            lines of DIR/naemon.extra when there, and start
#                            Naemon: sets npid; returns 1 (its output
#                            shown) when it does not start
#   mg_wait_text FILE TEXT [TENTHS]  wait (default 100 tenths of a second)
#                            until FILE holds the fixed string TEXT
#   mg_stop_daemons          stop Naemon ($npid), the worker ($wpid; a
#                            worker stops its children itself on TERM),
#                            then gearmand ($gpid), those that are set
#
# SPDX-License-Identifier: GPL-2.0-or-later

if [ -n "${srcdir:-}" ] && [ -d "$srcdir/tests/integration" ]; then
	top=$(cd "$srcdir" && pwd)
elif [ -n "${abs_top_srcdir:-}" ] && [ -d "$abs_top_srcdir/tests/integration" ]; then
	top=$abs_top_srcdir
else
	top=$(cd "$here/../.." && pwd)
fi
mg=${MOD_GEARMAN:-$top/build/gearman/mod_gearman}
. "$here/lib_naemon.sh"
gearmand=${GEARMAND:-/usr/sbin/gearmand}
naemon=${NAEMON_PREFIX:-$top/build/bench-compare/naemon}/bin/naemon

gpid=
wpid=
npid=

mg_stop_daemons() {
	for _p in "$npid" "$wpid" "$gpid"; do
		[ -n "$_p" ] && kill "$_p" 2> /dev/null && wait "$_p" 2> /dev/null
	done
	npid=
	wpid=
	gpid=
}

mg_free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

mg_gearmand() {
	port=$(mg_free_port)
	"$gearmand" --listen=127.0.0.1 --port="$port" --log-file="$1/gearmand.log" \
		--verbose=WARNING > /dev/null 2>&1 &
	gpid=$!
	_i=0
	until python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2> /dev/null; do
		_i=$((_i + 1))
		if [ $_i -gt 50 ]; then
			cat "$1/gearmand.log"
			echo "gearmand did not listen on $port"
			return 1
		fi
		sleep 0.1
	done
}

mg_naemon() {
	mkdir -p "$1/cr"
	echo "cfg_file=$1/objects.cfg" > "$1/naemon.cfg"
	naemon_paths "$1" >> "$1/naemon.cfg"
	cat >> "$1/naemon.cfg" << EOF
enable_notifications=0
broker_module=$mg/lib/mod_gearman_naemon.o server=127.0.0.1:$2 encryption=yes key=$3 hosts=yes services=yes result_queue=check_results logfile=$1/mod_gearman.log${4:+ $4}
EOF
	[ -f "$1/naemon.extra" ] && cat "$1/naemon.extra" >> "$1/naemon.cfg"
	_root=
	[ "$(id -u)" = 0 ] && _root=--allow-root
	# shellcheck disable=SC2086 # _root is one word or none
	"$naemon" $_root "$1/naemon.cfg" > "$1/naemon.out" 2>&1 &
	npid=$!
	_i=0
	until [ -p "$1/naemon.cmd" ] && grep -q 'successfully initialized' "$1/naemon.log" 2> /dev/null; do
		_i=$((_i + 1))
		if [ $_i -gt 100 ] || ! kill -0 "$npid" 2> /dev/null; then
			tail -n 20 "$1/naemon.out"
			return 1
		fi
		sleep 0.1
	done
}

mg_wait_text() {
	_i=0
	until grep -qF "$2" "$1" 2> /dev/null; do
		_i=$((_i + 1))
		[ $_i -gt "${3:-100}" ] && return 1
		sleep 0.1
	done
}
