#!/bin/sh
# seq.sh DIR HOST [SERVICE]: a plugin whose results are a script.  Each run
# prints the next line of DIR/HOST_SERVICE (or DIR/HOST): "rc text", the
# text being the plugin's output; after the last line, the last repeats.
#
# SPDX-License-Identifier: GPL-2.0-or-later
f=$1/$2${3:+_$3}
[ -f "$f" ] || { echo "OK no script for $2${3:+/$3}"; exit 0; }
n=$(cat "$f.n" 2>/dev/null || echo 0)
n=$((n + 1))
echo "$n" > "$f.n"
line=$(sed -n "${n}p" "$f")
[ -n "$line" ] || line=$(tail -n 1 "$f")
printf '%s\n' "${line#* }"
exit "${line%% *}"
