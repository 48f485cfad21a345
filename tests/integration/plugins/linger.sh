#!/bin/sh
# linger.sh PIDFILE: prints OK and exits at once, leaving a child that
# holds stdout open and would live for ten minutes; its pid goes to PIDFILE.
#
# SPDX-License-Identifier: GPL-2.0-or-later
sleep 600 &
echo $! > "$1"
echo "OK left a child behind"
exit 0
