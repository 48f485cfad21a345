#!/bin/sh
# flood.sh: a first line, then 20 MB of output.
#
# SPDX-License-Identifier: GPL-2.0-or-later
echo "OK flooding|size=20MB"
head -c 20000000 /dev/zero | tr '\0' 'x'
exit 0
