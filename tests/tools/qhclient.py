#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A client of Nagios 4's query handler socket (nagios.qh), for the tests.

Usage:
  qhclient.py SOCKET ask REQUEST...     each request on a new connection
  qhclient.py SOCKET keep REQUEST...    every request on one connection, in turn
  qhclient.py SOCKET pipeline REQUEST...  all requests in one write
  qhclient.py SOCKET halfclose REQUEST... as ask, the writing side shut after
                                        the request (as "nc -U" does)
  qhclient.py SOCKET idle N SECONDS     hold N connections that send nothing
  qhclient.py SOCKET garbage BYTES      send BYTES of 'x' with no NUL
  qhclient.py SOCKET flood N SECONDS    send N "@core squeuestats" requests
                                        and read nothing for SECONDS
  qhclient.py SOCKET many N             hold N connections, then ask on one
                                        more, then "#echo i" on each of the N

A REQUEST is written with Python's backslash escapes ("@echo hi\\0").  Each
answer is printed on one line as Python's repr of its bytes, then OPEN
when the server kept the connection (nothing more came within the wait),
CLOSED when it closed it, RESET when it closed it with bytes of ours
unread.  The wait is 1 s for the first byte (QH_FIRST), then 0.3 s after
the last one (QH_WAIT).
"""
import os
import socket
import sys
import time

FIRST = float(os.environ.get('QH_FIRST', '1.0'))
QUIET = float(os.environ.get('QH_WAIT', '0.3'))


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s


def read_answer(s):
    """What comes until the server closes, or is quiet for QUIET seconds
    after the first bytes (FIRST seconds before them)."""
    out = b''
    s.settimeout(FIRST)
    while True:
        try:
            b = s.recv(65536)
        except socket.timeout:
            return out, 'OPEN'
        except ConnectionResetError:
            return out, 'RESET'
        if not b:
            return out, 'CLOSED'
        out += b
        s.settimeout(QUIET)


def req_bytes(arg):
    return arg.encode('latin1').decode('unicode_escape').encode('latin1')


def show(out, state):
    print(repr(out), state)
    sys.stdout.flush()


def main():
    path, mode, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if mode == 'ask':
        for a in args:
            s = connect(path)
            s.sendall(req_bytes(a))
            show(*read_answer(s))
            s.close()
    elif mode == 'keep':
        s = connect(path)
        for a in args:
            s.sendall(req_bytes(a))
            show(*read_answer(s))
        s.close()
    elif mode == 'halfclose':
        for a in args:
            s = connect(path)
            s.sendall(req_bytes(a))
            s.shutdown(socket.SHUT_WR)
            show(*read_answer(s))
            s.close()
    elif mode == 'pipeline':
        s = connect(path)
        s.sendall(b''.join(req_bytes(a) for a in args))
        show(*read_answer(s))
        s.close()
    elif mode == 'idle':
        conns = [connect(path) for _ in range(int(args[0]))]
        time.sleep(float(args[1]))
        for s in conns:
            s.close()
        print('idle done')
    elif mode == 'garbage':
        s = connect(path)
        try:
            s.sendall(b'x' * int(args[0]))
        except (BrokenPipeError, ConnectionResetError):
            pass
        show(*read_answer(s))
        s.close()
    elif mode == 'flood':
        s = connect(path)
        s.setblocking(False)
        data = b'@core squeuestats\0' * int(args[0])
        sent, end = 0, time.time() + float(args[1])
        while time.time() < end:
            try:
                sent += s.send(data[sent:]) if sent < len(data) else 0
            except BlockingIOError:
                pass
            time.sleep(0.01)
        print('flood sent', sent, 'of', len(data))
        s.close()
    elif mode == 'many':
        conns = [connect(path) for _ in range(int(args[0]))]
        time.sleep(1)
        # it sends nothing: a refusal with bytes of ours unread would be a reset
        extra = connect(path)
        print('extra', end=' ')
        show(*read_answer(extra))
        extra.close()
        answered = 0
        for i, s in enumerate(conns):
            s.sendall(b'#echo %d\0' % i)
            out, state = read_answer(s)
            answered += out == b'%d' % i and state == 'CLOSED'
            s.close()
        print('answered', answered, 'of', len(conns))
    else:
        sys.exit('qhclient.py: unknown mode ' + mode)


if __name__ == '__main__':
    main()
