#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""lsload.py: Livestatus query timings and load, for scripts/bench-livestatus.sh.

  lsload.py SOCKET time N QUERY    ask QUERY (escapes \\n) N times, one
                                   connection each; print "median_ms max_ms
                                   bytes" (the answer's size, the last one)
  lsload.py SOCKET load SECS CLIENTS QUERY...
                                   CLIENTS processes ask the QUERYs in turn,
                                   back to back, for SECS seconds; print
                                   "queries per second" over all of them
A query's time runs from connecting to the last byte of the answer.
"""
import multiprocessing
import socket
import statistics
import sys
import time


def ask(path, data):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    s.sendall(data)
    s.shutdown(socket.SHUT_WR)
    chunks = []
    while True:
        d = s.recv(1 << 20)
        if not d:
            break
        chunks.append(d)
    s.close()
    return b"".join(chunks)


def timing(path, n, query):
    data = query.encode().decode("unicode_escape").encode("latin-1")
    times = []
    size = 0
    for _ in range(n):
        t0 = time.perf_counter()
        size = len(ask(path, data))
        times.append((time.perf_counter() - t0) * 1000)
    print("%.2f %.2f %d" % (statistics.median(times), max(times), size))


def client(path, secs, queries, out):
    data = [q.encode().decode("unicode_escape").encode("latin-1") for q in queries]
    end = time.monotonic() + secs
    n = 0
    while time.monotonic() < end:
        ask(path, data[n % len(data)])
        n += 1
    out.put(n)


def load(path, secs, clients, queries):
    out = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=client, args=(path, secs, queries, out))
             for _ in range(clients)]
    t0 = time.monotonic()
    for p in procs:
        p.start()
    total = sum(out.get() for _ in procs)
    for p in procs:
        p.join()
    print("%.1f" % (total / (time.monotonic() - t0)))


def main():
    path, mode = sys.argv[1], sys.argv[2]
    if mode == "time":
        timing(path, int(sys.argv[3]), sys.argv[4])
    elif mode == "load":
        load(path, float(sys.argv[3]), int(sys.argv[4]), sys.argv[5:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
