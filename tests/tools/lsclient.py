#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""lsclient.py: a raw Livestatus client for the integration tests.

  lsclient.py SOCKET ask TEXT       send TEXT (escapes: \\n, \\t, \\xNN), shut
                                    down the writing side, print what comes
                                    back (repr of the bytes)
  lsclient.py SOCKET keep TEXT...   send each TEXT on one connection, reading
                                    the fixed16 answer of each before the
                                    next; print each body (repr), then OPEN
                                    or CLOSED (whether the server kept it)
  lsclient.py SOCKET flood N        open N connections at once, then ask
                                    "GET status" on each; print how many got
                                    an answer
  lsclient.py SOCKET big MIB        send a header line of MIB mebibytes with
                                    no end; print what came back and whether
                                    the server closed the connection
  lsclient.py SOCKET waitfor TEXT SECS [CMD]
                                    send TEXT (a query that waits); if no
                                    answer came within SECS seconds, send CMD
                                    on another connection; print "early N"
                                    (answered before, after N whole seconds),
                                    "after" (answered within 2 s of CMD) or
                                    "late N", then the answer (repr)
  lsclient.py SOCKET stall TEXT SECS send TEXT and keep the connection open
                                    for up to SECS seconds; print what came
                                    back (repr), "closed after N" (whole
                                    seconds) or "open"
"""
import socket
import sys
import time


def unescape(text):
    return text.encode().decode("unicode_escape").encode("latin-1")


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)  # blocking: waits while the listener's backlog is full
    s.settimeout(20)
    return s


def read_all(s):
    out = b""
    while True:
        try:
            d = s.recv(65536)
        except socket.timeout:
            return out + b"<timeout>"
        except ConnectionResetError:
            return out + b"<reset>"
        if not d:
            return out
        out += d


def read_exact(s, n):
    out = b""
    while len(out) < n:
        d = s.recv(n - len(out))
        if not d:
            break
        out += d
    return out


def ask(path, text):
    s = connect(path)
    s.sendall(unescape(text))
    s.shutdown(socket.SHUT_WR)
    print(repr(read_all(s)))


def keep(path, texts):
    s = connect(path)
    for t in texts:
        s.sendall(unescape(t))
        hdr = read_exact(s, 16)
        if len(hdr) < 16:
            print(repr(hdr))
            break
        print(repr(hdr[:3] + b" " + read_exact(s, int(hdr[4:15]))))
    s.settimeout(0.5)
    try:
        d = s.recv(1)
        print("CLOSED" if d == b"" else "OPEN")
    except socket.timeout:
        print("OPEN")


def flood(path, n):
    conns = [connect(path) for _ in range(n)]
    got = 0
    for s in conns:
        try:
            s.sendall(b"GET status\nColumns: num_hosts\n\n")
            if read_all(s).strip().isdigit():
                got += 1
        except OSError:
            pass
        s.close()
    print(got)


def big(path, mib):
    s = connect(path)
    chunk = b"x" * 65536
    sent = 0
    try:
        s.sendall(b"GET hosts\nFilter: name = ")
        while sent < mib * 1024 * 1024:
            s.sendall(chunk)
            sent += len(chunk)
    except OSError:
        pass
    s.settimeout(5)
    print(repr(read_all(s)), "sent %d MiB" % (sent // (1024 * 1024)))


def waitfor(path, text, secs, cmd):
    s = connect(path)
    t0 = time.monotonic()
    s.sendall(unescape(text))
    s.shutdown(socket.SHUT_WR)
    s.settimeout(secs)
    try:
        first = s.recv(65536)
        s.settimeout(20)
        print("early %d" % int(time.monotonic() - t0), repr(first + read_all(s)))
        return
    except socket.timeout:
        pass
    if cmd:
        c = connect(path)
        c.sendall(unescape(cmd))
        c.shutdown(socket.SHUT_WR)
        read_all(c)
        c.close()
    t1 = time.monotonic()
    s.settimeout(20)
    data = read_all(s)
    took = time.monotonic() - t1
    print("after" if took < 2.0 else "late %d" % int(took), repr(data))


def stall(path, text, secs):
    s = connect(path)
    t0 = time.monotonic()
    if text:
        s.sendall(unescape(text))
    s.settimeout(secs)
    out = b""
    try:
        while True:
            d = s.recv(65536)
            if not d:
                print(repr(out), "closed after %d" % int(time.monotonic() - t0))
                return
            out += d
    except socket.timeout:
        print(repr(out), "open")


def main():
    path, mode = sys.argv[1], sys.argv[2]
    if mode == "ask":
        ask(path, sys.argv[3])
    elif mode == "keep":
        keep(path, sys.argv[3:])
    elif mode == "flood":
        flood(path, int(sys.argv[3]))
    elif mode == "big":
        big(path, int(sys.argv[3]))
    elif mode == "stall":
        stall(path, sys.argv[3], float(sys.argv[4]))
    elif mode == "waitfor":
        waitfor(path, sys.argv[3], float(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else "")
    else:
        sys.exit("usage: lsclient.py SOCKET ask|keep|flood|big|waitfor|stall ...")


if __name__ == "__main__":
    main()
