#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""gm_worker.py: a stand-in for mod_gearman_worker, run by the gearman tool
for each job (`gearman -w -f QUEUE -- gm_worker.py HOST PORT KEY`): reads
the job's payload on stdin (base64; AES-256-ECB first when KEY is not "-",
done by the openssl tool with the key zero-padded to 32 bytes), runs its
command_line with the shell, and sends the result back to the job's
result_queue as a background job, in mod_gearman's result format.  The
command sees JQ_WORKER=gmw1 in its environment, so a test can tell where a
check ran.
"""
import base64
import os
import subprocess
import sys
import time


def aes(data, key, decrypt):
    hexkey = (key.encode()[:32] + b"\0" * 32)[:32].hex()
    args = ["openssl", "enc", "-aes-256-ecb", "-nopad", "-K", hexkey]
    args.append("-d" if decrypt else "-e")
    return subprocess.run(args, input=data, stdout=subprocess.PIPE, check=True).stdout


def main():
    host, port, key = sys.argv[1], sys.argv[2], sys.argv[3]
    raw = base64.b64decode(sys.stdin.buffer.read().strip())
    if key != "-":
        raw = aes(raw, key, True)
    text = raw.split(b"\0", 1)[0].decode()
    job = {}
    for line in text.split("\n"):
        if "=" in line:
            k, v = line.split("=", 1)
            job[k] = v
    start = time.time()
    env = dict(os.environ, JQ_WORKER="gmw1")
    p = subprocess.run(job["command_line"], shell=True, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, timeout=int(job.get("timeout", "60")))
    finish = time.time()
    out = p.stdout.decode(errors="replace").rstrip("\n")
    out = out.replace("\\", "\\\\").replace("\n", "\\n")
    res = ("host_name=%s\ncore_start_time=%s\nstart_time=%.6f\nfinish_time=%.6f\n"
           "return_code=%d\nexited_ok=1\nsource=gm_worker.py\n"
           % (job["host_name"], job.get("core_time", "0"), start, finish, p.returncode))
    if "service_description" in job:
        res += "service_description=%s\n" % job["service_description"]
    res += "output=%s\n\n\n\n" % out
    data = res.encode() + b"\0"
    if key != "-":
        data += b"\0" * (-len(data) % 16)
        data = aes(data, key, False)
    payload = base64.b64encode(data)
    subprocess.run(["gearman", "-h", host, "-p", port, "-f", job["result_queue"], "-b"],
                   input=payload, check=True, stdout=subprocess.DEVNULL)


if __name__ == "__main__":
    main()
