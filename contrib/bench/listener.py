#!/usr/bin/env python3
"""The bench listener: the one TCP service every check of a bench estate
connects to (scripts/bench.sh, scripts/bench-compare.sh).

usage: listener.py PATH

Listens on 127.0.0.1 on a free port and writes the port to PATH.port.
Every connection is accepted, counted and closed at once, which is all
check_tcp needs to report OK.  On SIGUSR1 the count so far is written to
PATH (through a temporary file and a rename, so a reader never sees half
a number); SIGTERM stops it.  No engine can flatter this count: it is
what reached the network."""
import asyncio
import os
import signal
import sys

count = 0


async def main(path):
    def dump(*_):
        with open(path + ".tmp", "w") as f:
            f.write(str(count))
        os.replace(path + ".tmp", path)

    async def handle(reader, writer):
        global count
        count += 1
        writer.close()

    srv = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=4096)
    port = srv.sockets[0].getsockname()[1]
    with open(path + ".port.tmp", "w") as f:
        f.write(str(port))
    os.replace(path + ".port.tmp", path + ".port")
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, dump)
    stop = loop.create_future()
    loop.add_signal_handler(signal.SIGTERM, lambda: stop.done() or stop.set_result(None))
    async with srv:
        await stop


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: listener.py PATH")
    asyncio.run(main(sys.argv[1]))
