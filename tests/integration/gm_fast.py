#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""gm_fast.py: gearman's binary protocol spoken directly, for the gearman
fault tests, where a process per job (the gearman tool) is too slow.

  gm_fast.py burst PORT KEY HOST NSVC COUNT [QUEUE]
      COUNT passive results, as send_gearman sends them, to QUEUE
      (check_results): result i is for service "p<i % NSVC>" of HOST, its
      output "burst <i>", its return code i % 3.  All are submitted as
      background jobs in a few large writes, then gearmand's JOB_CREATED
      answers are read; prints "sent COUNT" and the seconds it took.
  gm_fast.py worker PORT KEY QUEUE NAME [RESULT_KEY]
      a worker that stays connected (and connects again when gearmand is
      gone), as mod_gearman_worker does: it takes jobs of QUEUE, runs
      their command_line with the shell (JQ_WORKER=NAME in its
      environment), sends the result to the job's result_queue and then
      completes the job.  A job it cannot read (a wrong KEY) is completed
      without a result, as mod_gearman_worker discards it.  RESULT_KEY:
      results are encrypted with it instead of KEY.

KEY "-" means no encryption.  AES-256-ECB as mod_gearman does it (the key
zero-padded to 32 bytes, the text and its NUL zero-padded to blocks), done
through libcrypto with ctypes: no module beyond python3's own is needed.
"""
import base64
import ctypes
import ctypes.util
import os
import socket
import struct
import subprocess
import sys
import time

CAN_DO, PRE_SLEEP, NOOP, JOB_CREATED, GRAB_JOB, NO_JOB = 1, 4, 6, 8, 9, 10
JOB_ASSIGN, WORK_COMPLETE, SUBMIT_JOB_BG, ERROR = 11, 13, 18, 19

_crypto = None


def crypto():
    global _crypto
    if _crypto is None:
        _crypto = ctypes.CDLL(ctypes.util.find_library("crypto") or "libcrypto.so.3")
        _crypto.EVP_CIPHER_CTX_new.restype = ctypes.c_void_p
        _crypto.EVP_aes_256_ecb.restype = ctypes.c_void_p
    return _crypto


def aes(data, key, encrypt):
    """data (whole blocks) through AES-256-ECB with mod_gearman's key"""
    lib = crypto()
    k = (key.encode()[:32] + b"\0" * 32)[:32]
    ctx = ctypes.c_void_p(lib.EVP_CIPHER_CTX_new())
    lib.EVP_CipherInit_ex(ctx, ctypes.c_void_p(lib.EVP_aes_256_ecb()), None, k, None,
                          1 if encrypt else 0)
    lib.EVP_CIPHER_CTX_set_padding(ctx, 0)
    out = ctypes.create_string_buffer(len(data) + 32)
    n = ctypes.c_int(0)
    lib.EVP_CipherUpdate(ctx, out, ctypes.byref(n), data, len(data))
    lib.EVP_CIPHER_CTX_free(ctx)
    return out.raw[:n.value]


def padded(text):
    data = text.encode() + b"\0"
    return data + b"\0" * (-len(data) % 16)


def encode(text, key):
    if key == "-":
        return base64.b64encode(text.encode())
    return base64.b64encode(aes(padded(text), key, True))


def decode(payload, key):
    raw = base64.b64decode(payload.strip())
    if key != "-":
        raw = aes(raw[:len(raw) - len(raw) % 16], key, False)
    return raw.split(b"\0", 1)[0].decode(errors="replace")


def packet(kind, *args):
    body = b"\0".join(args)
    return b"\0REQ" + struct.pack(">II", kind, len(body)) + body


class Conn:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", int(port)), 5)
        self.s.settimeout(None)
        self.buf = b""

    def send(self, data):
        self.s.sendall(data)

    def _need(self, n):
        while len(self.buf) < n:
            chunk = self.s.recv(1 << 16)
            if not chunk:
                raise ConnectionError("gearmand closed the connection")
            self.buf += chunk

    def read(self):
        """one answer: (type, [arguments])"""
        self._need(12)
        kind, size = struct.unpack(">II", self.buf[4:12])
        self._need(12 + size)
        body = self.buf[12:12 + size]
        self.buf = self.buf[12 + size:]
        return kind, body.split(b"\0")


def burst(port, key, host, nsvc, count, queue="check_results"):
    nsvc, count = int(nsvc), int(count)
    now = time.time()
    texts = []
    for i in range(count):
        texts.append("type=passive\nhost_name=%s\nstart_time=%f\nfinish_time=%f\n"
                     "latency=0.000000\nreturn_code=%d\nsource=send_gearman\n"
                     "service_description=p%d\noutput=burst %d\n\n"
                     % (host, now, now, i % 3, i % nsvc, i))
    if key == "-":
        payloads = [base64.b64encode(t.encode()) for t in texts]
    else:
        # ECB: the blocks of all texts encrypted in one call, then cut apart
        blocks = [padded(t) for t in texts]
        enc = aes(b"".join(blocks), key, True)
        payloads, at = [], 0
        for b in blocks:
            payloads.append(base64.b64encode(enc[at:at + len(b)]))
            at += len(b)
    c = Conn(port)
    start = time.time()
    q = queue.encode()
    step = 2000
    for first in range(0, count, step):
        chunk = payloads[first:first + step]
        c.send(b"".join(packet(SUBMIT_JOB_BG, q, b"", p) for p in chunk))
        for _ in chunk:
            kind, args = c.read()
            if kind != JOB_CREATED:
                sys.exit("gearmand answered %d: %r" % (kind, args))
    print("sent %d in %.2f s" % (count, time.time() - start))


def run_job(text, name):
    job = {}
    for line in text.split("\n"):
        if "=" in line:
            k, v = line.split("=", 1)
            job[k] = v
    if "command_line" not in job or "host_name" not in job or "result_queue" not in job:
        return None, None
    start = time.time()
    env = dict(os.environ, JQ_WORKER=name)
    try:
        p = subprocess.run(job["command_line"], shell=True, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=int(job.get("timeout", "60")))
        out, rc = p.stdout.decode(errors="replace").rstrip("\n"), p.returncode
    except subprocess.TimeoutExpired:
        out, rc = "(Service Check Timed Out On Worker: %s)" % name, 2
    out = out.replace("\\", "\\\\").replace("\n", "\\n")
    res = ("host_name=%s\ncore_start_time=%s\nstart_time=%.6f\nfinish_time=%.6f\n"
           "return_code=%d\nexited_ok=1\nsource=gm_fast.py %s\n"
           % (job["host_name"], job.get("core_time", "0"), start, time.time(), rc, name))
    if "service_description" in job:
        res += "service_description=%s\n" % job["service_description"]
    res += "output=%s\n\n\n\n" % out
    return job["result_queue"], res


def send_result(port, conns, queue, payload):
    """submit payload to queue on a kept connection, once more on a fresh one"""
    for _ in range(2):
        try:
            if not conns:
                conns.append(Conn(port))
            conns[0].send(packet(SUBMIT_JOB_BG, queue.encode(), b"", payload))
            kind, _ = conns[0].read()
            if kind == JOB_CREATED:
                return True
        except OSError:
            pass
        conns.clear()
    return False


def serve(port, key, queue, name, result_key, results):
    c = Conn(port)
    c.send(packet(CAN_DO, queue.encode()))
    while True:
        c.send(packet(GRAB_JOB))
        while True:
            kind, args = c.read()
            if kind in (JOB_ASSIGN, NO_JOB):
                break
        if kind == NO_JOB:
            c.send(packet(PRE_SLEEP))
            while c.read()[0] != NOOP:
                pass
            continue
        handle, data = args[0], b"\0".join(args[2:])
        try:
            text = decode(data, key)
        except ValueError:
            text = ""
        rqueue, res = run_job(text, name)
        if res is None:
            sys.stderr.write("%s: discarded a job it could not read\n" % name)
        elif not send_result(port, results, rqueue, encode(res, result_key)):
            sys.stderr.write("%s: a result could not be sent\n" % name)
        c.send(packet(WORK_COMPLETE, handle, b""))


def worker(port, key, queue, name, result_key=None):
    results = []
    while True:
        try:
            serve(port, key, queue, name, result_key or key, results)
        except OSError:
            results.clear()
            time.sleep(0.2)


if __name__ == "__main__":
    if len(sys.argv) >= 7 and sys.argv[1] == "burst":
        burst(*sys.argv[2:9])
    elif len(sys.argv) in (6, 7) and sys.argv[1] == "worker":
        worker(*sys.argv[2:7])
    else:
        sys.exit(__doc__)
