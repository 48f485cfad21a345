#!/bin/sh
# selfkill.sh: dies by SIGKILL.
#
# SPDX-License-Identifier: GPL-2.0-or-later
echo "about to die"
kill -KILL $$
