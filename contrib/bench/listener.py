#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The bench listener: the one TCP service every check of a bench estate
connects to (scripts/bench.sh, scripts/bench-compare.sh).

usage: listener.py PATH

Listens on 127.0.0.1 on a free port and writes the port to PATH.port.
Every connection is accepted, counted and closed at once, which is all
check_tcp needs to report OK.  On SIGUSR1 the count so far is written to
PATH (through a temporary file and a rename, so a reader never sees half
a number); SIGTERM stops it.  No engine can flatter this count: it is
what reached the network.

A plain blocking accept loop (no asyncio streams): accepting and closing
costs a few microseconds, so the listener keeps up with thousands of
connections a second even when an overloaded engine leaves it little
cpu, and a full backlog never holds a check up (a connection waiting in
a full backlog would make check_tcp wait for its SYN to be retried)."""
import os
import resource
import signal
import socket
import sys

count = 0


def main(path):
    def dump(*_):
        with open(path + ".tmp", "w") as f:
            f.write(str(count))
        os.replace(path + ".tmp", path)

    def stop(*_):
        raise SystemExit(0)

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", 0))
    srv.listen(4096)
    port = srv.getsockname()[1]
    signal.signal(signal.SIGUSR1, dump)
    signal.signal(signal.SIGTERM, stop)
    with open(path + ".port.tmp", "w") as f:
        f.write(str(port))
    os.replace(path + ".port.tmp", path + ".port")
    global count
    while True:
        try:
            conn, _ = srv.accept()
        except OSError:
            # out of descriptors or a connection reset before accept: go on
            continue
        count += 1
        conn.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: listener.py PATH")
    main(sys.argv[1])
