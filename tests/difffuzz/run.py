# SPDX-License-Identifier: GPL-2.0-or-later
"""run.py: the runner of the differential fuzzer.

Runs the two engines (Debian's nagios4 and jaque, or any two binaries
reading a nagios.cfg) side by side on one scenario (gen.py) and keeps what
each left behind, for compare.py.

Each engine gets its own instance directory OUT/<name>/ (nagios.cfg with
its own paths, the same objects.cfg, resource.cfg with $USER1$ = this
directory, for the plugin and record scripts, and $USER2$ = the instance
directory) and runs in the foreground, as root with nagios_user=root like
the integration tests that run nagios4.  Both run at the same time; every
step is sent to both, then the runner waits until both have done all of
it before the next step:

  1. the step's new plugin results are written to both res/ directories,
     and its number to both step files (the record script copies it into
     each record line);
  2. placeholders are replaced, once for both: @NOW@, @NOW+N@, @NOW-N@ by
     epoch seconds, @DIR@ by the engine's instance directory;
     A step is sent only between .02 and .75 of a wall-clock second, so
     that "now" is the same second for the runner and both engines when
     they process it: time(2) reads a coarse clock that can lag a few
     milliseconds behind at the turn of a second, and an engine may take
     a moment to read the pipe (seen: a downtime starting @NOW@ started a
     second late in one engine whose time() still read the second
     before);
  3. the command, then a sentinel "FUZZSYNC;<step>" (an unknown command:
     both engines log "Warning: Unrecognized external command -> FUZZSYNC;
     <step>") are written to both command pipes;
  4. once the sentinel is in both logs, every command before it has been
     processed; the runner then waits until no plugin, notification or
     event handler is running in either engine (the scripts count their
     starts and ends in activity) and none has started for QUIET seconds
     (0.15 s, DIFFFUZZ_QUIET): a forced check starts at the engine's next
     loop pass, its result is processed as soon as it comes back, and the
     notifications it causes start right after;
  5. the sizes of both logs are kept: the log lines of step N are those
     written between the end of step N-1 and the end of step N.

Timed events: a few downtimes end a few seconds after their step (gen.py),
and a few flexible ones last a few seconds from the state change that
starts them: after a step that started a downtime, and before the final
capture, the runner waits past those.
Every time a placeholder N seconds ahead (N <= 30) is sent, that second T
is noted, and no step is sent from T-0.5 s to T+2.2 s: a step sent across
the event could be processed before it by one engine and after it by the
other.  The window is that wide because Nagios fires an event due at T at
T plus the fraction of a second at which it was scheduled (lib/squeue.c,
squeue_add keeps the microseconds of the moment of scheduling), an
unstarted downtime expires at T+1 (common/downtime.c, register_downtime),
and jaque may not fire in the same second.  The checks a start or a
reload schedules (within the next 300 s, as both engines' first
status.dat shows them) are kept clear of the same way.  A "sleep" step
waits without sending anything.

After the last step the runner waits until no timed event is due in the
next END_SPAN seconds, then until both engines have written
status.dat after it (status_update_interval=1), keeps it (Nagios removes
it when it stops), stops both (SIGTERM), and keeps retention.dat,
objects.cache, nagios.log, the records and the engine's output.

Reload and restart steps: "reload" sends SIGHUP to both and waits for
their logs to show the new start (and, for Nagios, its new workers: see
Engine.wait_workers); "restart" stops both and starts them again on the
same files (retention carries the state over).  Either is left out (and
said so in left-out.txt and the report) when Nagios lists a triggered
downtime before its trigger: its retention reader drops such a downtime,
jaque keeps it (a deliberate difference, docs/differences.md).

A downtime command is left out the same way when it would make a trigger
end in the same second as another downtime of an object the trigger
triggered a downtime on: Nagios ends downtimes of one second in the order
of its event heap, jaque in the order of its list, and the triggered
downtime logs and notifies or not by that order (Runner.trigger_end_race).
"""

import os
import re
import shutil
import signal
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
QUIET = float(os.environ.get("DIFFFUZZ_QUIET", "0.15"))
STEP_TIMEOUT = float(os.environ.get("DIFFFUZZ_STEP_TIMEOUT", "20"))

NOW_RE = re.compile(r"@NOW([+-]\d+)?@")
# seconds from the end of the last step to the copy of status.dat, at most
END_SPAN = 4.0
# a downtime command whose fixed field is 0 and duration a few seconds
SHORT_FLEX = re.compile(r"(?i)DOWNTIME;.*;\s*0\s*;[^;]*;\s*[2-4]\s*;")
SHORT_FLEX_WAIT = 5.5
# a command that schedules downtime
DOWNTIME_CMD = re.compile(r"(?i)\s*(SCHEDULE_\w*DOWNTIME);")


class EngineError(Exception):
    pass


# the engines running now, for kill_all
RUNNING = set()


def kill_all():
    """stop every engine this process started (on SIGINT/SIGTERM); their
    workers go with them"""
    for e in list(RUNNING):
        try:
            e.proc.send_signal(signal.SIGTERM)
        except (OSError, AttributeError):
            pass
    deadline = time.time() + 5
    for e in list(RUNNING):
        try:
            e.proc.wait(max(0.1, deadline - time.time()))
        except (subprocess.TimeoutExpired, AttributeError):
            try:
                os.killpg(e.proc.pid, signal.SIGKILL)
            except OSError:
                pass


def main_cfg(d, scenario):
    """nagios.cfg for the instance directory d"""
    lines = [
        f"cfg_file={d}/objects.cfg",
        f"resource_file={d}/resource.cfg",
        f"log_file={d}/var/nagios.log",
        f"log_archive_path={d}/var/archives",
        f"status_file={d}/var/status.dat",
        f"lock_file={d}/var/nagios.lock",
        f"command_file={d}/var/rw/nagios.cmd",
        f"query_socket={d}/var/rw/nagios.qh",
        f"check_result_path={d}/var/spool",
        f"temp_file={d}/var/nagios.tmp",
        f"temp_path={d}/var/tmp",
        f"state_retention_file={d}/var/retention.dat",
        f"object_cache_file={d}/var/objects.cache",
        f"precached_object_file={d}/var/objects.precache",
        "nagios_user=root",
        "nagios_group=root",
        "use_syslog=0",
        "check_for_updates=0",
        "bare_update_check=1",
        "interval_length=60",
        "status_update_interval=1",
        "retain_state_information=1",
        "retention_update_interval=0",
        "use_retained_program_state=1",
        "use_retained_scheduling_info=1",
        "check_external_commands=1",
        "log_external_commands=1",
        "log_notifications=1",
        "log_event_handlers=1",
        "log_service_retries=1",
        "log_host_retries=1",
        "log_initial_states=0",
        "cached_host_check_horizon=0",
        "cached_service_check_horizon=0",
        "enable_predictive_host_dependency_checks=1",
        "enable_predictive_service_dependency_checks=1",
        "enable_notifications=1",
        "enable_event_handlers=1",
        "execute_service_checks=1",
        "execute_host_checks=1",
        "accept_passive_service_checks=1",
        "accept_passive_host_checks=1",
        "check_service_freshness=1",
        "check_host_freshness=0",
        "max_service_check_spread=1",
        "max_host_check_spread=1",
        "service_check_timeout=30",
        "host_check_timeout=30",
        "event_handler_timeout=30",
        "notification_timeout=30",
        "illegal_macro_output_chars=`~$&|'\"<>",
        "check_for_orphaned_services=1",
        "check_for_orphaned_hosts=1",
    ]
    for k, v in scenario["main"].items():
        lines.append(f"{k}={v}")
    return "\n".join(lines) + "\n"


class Engine:
    def __init__(self, name, binary, d, scenario):
        self.name = name
        self.binary = binary
        self.d = d
        self.sc = scenario
        self.proc = None
        self.pipe = None
        self.log_seen = 0
        self.log_buf = b""
        self.out = None
        self.starts = 0
        self.nworkers = None

    def setup(self):
        d = self.d
        if os.path.exists(d):
            shutil.rmtree(d)
        for sub in ("var/rw", "var/spool", "var/archives", "var/tmp", "res"):
            os.makedirs(os.path.join(d, sub))
        with open(os.path.join(d, "nagios.cfg"), "w") as f:
            f.write(main_cfg(d, self.sc))
        with open(os.path.join(d, "objects.cfg"), "w") as f:
            f.write(self.sc["objects"])
        with open(os.path.join(d, "resource.cfg"), "w") as f:
            f.write(f"$USER1$={HERE}\n$USER2$={d}\n")
        for name in ("activity", "records", "step"):
            open(os.path.join(d, name), "w").close()

    @property
    def log(self):
        return os.path.join(self.d, "var", "nagios.log")

    def start(self):
        self.starts += 1
        self.out = open(os.path.join(self.d, f"stdout.{self.starts}"), "wb")
        self.proc = subprocess.Popen([self.binary, os.path.join(self.d, "nagios.cfg")],
                                     stdout=self.out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, cwd=self.d,
                                     start_new_session=True)
        RUNNING.add(self)

    def wait_started(self, since=0, timeout=20.0):
        """until the log shows a start after byte `since` and the pipe is there"""
        t_end = time.time() + timeout
        pipe = os.path.join(self.d, "var", "rw", "nagios.cmd")
        while time.time() < t_end:
            if self.proc.poll() is not None:
                raise EngineError(f"{self.name} exited with {self.proc.returncode} at start; "
                                  + self.tail_output())
            if os.path.exists(self.log):
                with open(self.log, "rb") as f:
                    f.seek(since)
                    data = f.read()
                if b"starting..." in data and os.path.exists(pipe) \
                        and stat_is_fifo(pipe):
                    try:
                        fd = os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)
                    except OSError:
                        time.sleep(0.05)
                        continue
                    os.set_blocking(fd, True)
                    if self.pipe is not None:
                        try:
                            os.close(self.pipe)
                        except OSError:
                            pass
                    self.pipe = fd
                    self.wait_workers(since, t_end)
                    return
            time.sleep(0.05)
        raise EngineError(f"{self.name} did not start within {timeout} s; " + self.tail_output())

    def wait_workers(self, since, t_end):
        """Nagios after a SIGHUP: until its new workers have registered.  A
        job given to Nagios before then is lost (the NOTIFICATION line is
        logged, the command never runs: seen running Nagios against itself).
        The number of workers is what the first start registered (Nagios
        registers them before it opens the command pipe)."""
        if self.nworkers is None:
            with open(self.log, "rb") as f:
                self.nworkers = f.read().count(b"wproc: Registry request")
            return
        while self.nworkers and time.time() < t_end:
            with open(self.log, "rb") as f:
                f.seek(since)
                if f.read().count(b"wproc: Registry request") >= self.nworkers:
                    return
            time.sleep(0.05)

    def tail_output(self):
        try:
            with open(os.path.join(self.d, f"stdout.{self.starts}"), "rb") as f:
                data = f.read()[-600:]
            return "its output ends: " + data.decode("utf-8", "replace").strip().replace("\n", " | ")
        except OSError:
            return "no output"

    def send(self, text):
        data = text.encode("utf-8", "surrogateescape")
        while data:
            n = os.write(self.pipe, data)
            data = data[n:]

    def log_size(self):
        try:
            return os.path.getsize(self.log)
        except OSError:
            return 0

    def saw(self, pattern, since):
        with open(self.log, "rb") as f:
            f.seek(since)
            return re.search(pattern, f.read()) is not None

    def activity(self):
        with open(os.path.join(self.d, "activity"), "rb") as f:
            data = f.read()
        return data.count(b"B"), data.count(b"E"), len(data)

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout=20.0):
        if self.pipe is not None:
            try:
                os.close(self.pipe)
            except OSError:
                pass
            self.pipe = None
        if self.proc is None:
            return None
        rc = self.proc.poll()
        if rc is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                rc = self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                rc = "killed"
                self.proc.wait()
        # workers and children left in the engine's session
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass
        RUNNING.discard(self)
        self.proc = None
        if self.out:
            self.out.close()
            self.out = None
        return rc

    def write_file(self, rel, text):
        p = os.path.join(self.d, rel)
        tmp = p + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        os.rename(tmp, p)


def atoi(text):
    """the leading integer of text, as C's atoi reads it (0 when none)"""
    m = re.match(r"\s*([-+]?\d+)", text)
    return int(m.group(1)) if m else 0


def stat_is_fifo(p):
    import stat
    try:
        return stat.S_ISFIFO(os.stat(p).st_mode)
    except OSError:
        return False


def resolve(text, now, d, danger):
    def sub(m):
        off = int(m.group(1) or 0)
        if 0 < off <= 30:
            danger.append(now + off)
        return str(now + off)
    return NOW_RE.sub(sub, text).replace("@DIR@", d)


class Runner:
    """runs one scenario; results in out/<engine name>/"""

    def __init__(self, scenario, out, engines, progress=None):
        self.sc = scenario
        self.out = out
        self.engines = [Engine(n, b, os.path.join(out, n), scenario) for n, b in engines]
        self.danger = []
        self.bounds = []        # per step: [log size per engine]
        self.problems = []      # harness-level differences (crash, no answer)
        self.left_out = []      # steps not run, and why (written to left-out.txt)
        self.short_flex = False  # the steps schedule a flexible downtime of a few seconds
        self.triggers_seen = False  # a step has sent a downtime with a trigger
        self.last_step_end = 0.0
        self.progress = progress
        self.base_time = None

    def settle(self, t0):
        """until nothing runs in any engine and nothing started for QUIET s"""
        last = None
        quiet_since = time.time()
        deadline = t0 + STEP_TIMEOUT
        while time.time() < deadline:
            acts = [e.activity() for e in self.engines]
            if acts != last:
                last = acts
                quiet_since = time.time()
            elif all(b == e for b, e, _ in acts) and time.time() - quiet_since >= QUIET:
                return True
            time.sleep(0.02)
        return False

    def avoid_danger(self, ahead=0.5):
        """wait while a timed event may fire: from `ahead` s before its
        second to 2.2 s after (see the top of this file)"""
        waited = False
        while True:
            now = time.time()
            bad = [t for t in self.danger if t - ahead <= now < t + 2.2]
            self.danger = [t for t in self.danger if t + 2.2 > now]
            if not bad:
                break
            time.sleep(max(bad) + 2.2 - now)
            waited = True
        if waited:
            self.settle(time.time())

    def check_alive(self, where):
        for e in self.engines:
            if not e.alive():
                rc = e.proc.returncode if e.proc else "?"
                raise EngineError(f"{e.name} exited ({rc}) {where}; " + e.tail_output())

    @staticmethod
    def align_second():
        """wait until the wall clock is between .02 and .75 of a second"""
        f = time.time() % 1.0
        if f > 0.75:
            time.sleep(1.02 - f)
        elif f < 0.02:
            time.sleep(0.02 - f)

    def send_all(self, i, line, st):
        self.align_second()
        now = int(time.time())
        if self.base_time is None:
            self.base_time = now
        texts = []
        danger = []
        for e in self.engines:
            texts.append(resolve(line, now, e.d, danger if not texts else []))
        self.danger += danger
        for e, text in zip(self.engines, texts):
            if st.get("file"):
                body = "".join(f"[{now}] {resolve(c, now, e.d, [])}\n" for c in st["file"])
                e.write_file("cmdfile", body)
            e.send(f"[{now}] {text}\n[{now}] FUZZSYNC;{i}\n")

    def wait_sentinel(self, i, since):
        pat = re.compile(rb"FUZZSYNC;%d\b" % i)
        t0 = time.time()
        pending = list(range(len(self.engines)))
        while pending and time.time() - t0 < STEP_TIMEOUT:
            for k in list(pending):
                if self.engines[k].saw(pat, since[k]):
                    pending.remove(k)
            if pending:
                self.check_alive(f"during step {i}")
                time.sleep(0.01)
        for k in pending:
            raise EngineError(f"{self.engines[k].name} did not process step {i} "
                              f"within {STEP_TIMEOUT} s")

    def do_step(self, i, st):
        self.avoid_danger()
        for e in self.engines:
            e.write_file("step", f"{i}\n")
            for obj, rc, out in st.get("setres", []):
                e.write_file(os.path.join("res", obj), f"{rc}\n{out}\n")
        since = [e.log_size() for e in self.engines]
        if st["kind"] == "cmd" and self.trigger_end_race(st["line"]):
            self.left_out.append(f"step {i}: left out: a downtime trigger would end in the "
                                 f"same second as another downtime on an object it "
                                 f"triggers, whose order Nagios leaves to its event heap "
                                 f"(docs/differences.md)")
        elif st["kind"] == "cmd":
            self.send_all(i, st["line"], st)
            self.wait_sentinel(i, since)
        elif st["kind"] == "sleep":
            time.sleep(st["secs"])
        elif st["kind"] in ("reload", "restart") and self.trigger_read_late():
            self.left_out.append(f"step {i}: {st['kind']} left out: a triggered downtime is "
                                 f"listed before its trigger, which Nagios's retention "
                                 f"reader drops and jaque keeps (docs/differences.md)")
        elif st["kind"] == "reload":
            t_start = time.time()
            for e in self.engines:
                e.proc.send_signal(signal.SIGHUP)
            for e, s in zip(self.engines, since):
                e.wait_started(since=s)
            self.note_scheduled(t_start)
        elif st["kind"] == "restart":
            for e in self.engines:
                e.stop()
            since = [e.log_size() for e in self.engines]
            t_start = time.time()
            for e in self.engines:
                e.start()
            for e, s in zip(self.engines, since):
                e.wait_started(since=s)
            self.note_scheduled(t_start)
        if not self.settle(time.time()):
            self.problems.append(f"step {i}: the engines were still running commands "
                                 f"after {STEP_TIMEOUT} s")
        self.check_alive(f"after step {i}")
        # a flexible downtime of a few seconds that started in this step
        # ends that long after, at a time the runner does not know: keep
        # the next steps clear of the seconds it may end in
        if self.short_flex and any(e.saw(rb"DOWNTIME ALERT: [^\n]*;STARTED;", s)
                                   for e, s in zip(self.engines, since)):
            now = int(time.time())
            self.danger += [now + d for d in (2, 3, 4, 5)]
        self.bounds.append([e.log_size() for e in self.engines])
        self.last_step_end = time.time()

    @staticmethod
    def status_blocks(e, kinds):
        """the host and service blocks of e's status.dat of one kind
        ("downtime", "status"), in the file's order, as dicts; none when the
        file cannot be read"""
        try:
            with open(os.path.join(e.d, "var", "status.dat"), encoding="utf-8",
                      errors="replace") as f:
                text = f.read()
        except OSError:
            return []
        return [dict(line.strip().split("=", 1) for line in block.split("\n") if "=" in line)
                for block in re.findall(r"(?:host|service)%s \{\n(.*?)\n\s*\}" % kinds,
                                        text, re.S)]

    def trigger_read_late(self):
        """whether a restart would meet a deliberate difference: Nagios
        reads retention.dat's downtimes in the order of its downtime list
        (by start time) and refuses one whose trigger it has not read yet;
        jaque keeps it.  The order is status.dat's (the same list)."""
        self.wait_status(time.time())
        for e in self.engines:
            if e.name != "nagios":
                continue
            seen = set()
            for kv in self.status_blocks(e, "downtime"):
                trig = kv.get("triggered_by", "0")
                if trig != "0" and trig not in seen:
                    return True
                seen.add(kv.get("downtime_id"))
        return False

    @staticmethod
    def downtime_end(kv):
        """the second a downtime of status.dat ends at, or None where it
        depends on a state change still to come (a flexible one not yet
        started)"""
        try:
            if int(kv.get("fixed", "1")) > 0:
                return int(kv["end_time"])
            if kv.get("is_in_effect") == "1":
                return int(kv["flex_downtime_start"]) + int(kv["duration"])
        except (KeyError, ValueError):
            pass
        return None

    @staticmethod
    def downtime_object(kv):
        return (kv.get("host_name"), kv.get("service_description"))

    def trigger_end_race(self, line):
        """whether a downtime command would make a trigger end in the same
        second as another downtime on an object that trigger triggers a
        downtime on.  Nagios queues every downtime event at a whole second
        (lib/squeue.c, high priority: no microseconds), so events of one
        second leave its heap in an order that depends on everything else
        queued; jaque ends them in the order they were scheduled.  Which
        comes first decides whether the triggered downtime (started and
        ended at once when its trigger ends, common/downtime.c) finds the
        object already in downtime, and so whether it logs and notifies.
        Judged on Nagios's status.dat with the command's own downtimes
        added; a group command's objects count as any object."""
        m = DOWNTIME_CMD.match(line)
        if not m:
            return False
        name = m.group(1).upper()
        args = line.split(";")[1:]
        off = 2 if name == "SCHEDULE_SVC_DOWNTIME" else 1
        if len(args) < off + 4:
            return False
        end_s, fixed_s, trig_s = args[off + 1:off + 4]
        trig = atoi(trig_s)
        fixed = atoi(fixed_s) > 0
        propagated = name == "SCHEDULE_AND_PROPAGATE_TRIGGERED_HOST_DOWNTIME"
        seen = self.triggers_seen
        if trig or propagated:
            self.triggers_seen = True
        elif not (fixed and seen):
            return False
        nagios = [e for e in self.engines if e.name == "nagios"]
        if not nagios:
            return False
        self.wait_status(self.last_step_end)
        dts = self.status_blocks(nagios[0], "downtime")
        by_id = {kv.get("downtime_id"): kv for kv in dts}
        # the second send_all will resolve the placeholders in
        self.align_second()
        now = int(time.time())
        end = atoi(resolve(end_s, now, "", [])) if fixed else None
        if name == "SCHEDULE_HOST_DOWNTIME":
            obj = (args[0], None)
        elif name == "SCHEDULE_SVC_DOWNTIME":
            obj = (args[0], args[1])
        else:
            obj = None      # any object

        def same(a, b):
            return a is None or b is None or a == b

        def clash(t_id, t_end, objs, extra):
            """another downtime, not t_id nor triggered by it, on one of
            objs, ends at t_end"""
            if t_end is None or t_end > now + 600:
                return False
            others = [(self.downtime_end(kv), self.downtime_object(kv)) for kv in dts
                      if kv.get("downtime_id") != t_id and kv.get("triggered_by") != t_id]
            others += extra
            return any(e == t_end and any(same(o, p) for p in objs) for e, o in others)

        # the command's downtimes are triggered by an existing one
        if trig and str(trig) in by_id:
            t = by_id[str(trig)]
            objs = [obj] + [self.downtime_object(kv) for kv in dts
                            if kv.get("triggered_by") == str(trig)]
            if clash(str(trig), self.downtime_end(t), objs, []):
                return True
        # the command's host downtime triggers its children's, ending with it
        if propagated and clash(None, end, [None], []):
            return True
        # the command's downtimes end with an existing trigger
        if end is not None:
            for t_id in {kv.get("triggered_by") for kv in dts} - {"0", None}:
                t = by_id.get(t_id)
                if t is None or self.downtime_end(t) != end:
                    continue
                objs = [self.downtime_object(kv) for kv in dts if kv.get("triggered_by") == t_id]
                if any(same(obj, o) for o in objs):
                    return True
        return False

    def note_scheduled(self, t_start, horizon=300):
        """after a start: the checks it scheduled (init_timing_loop spreads
        the ones retention did not keep) are timed events too.  Nagios
        runs such a check at its second plus the fraction of a second of
        its start (lib/squeue.c), jaque at a place of its own within that
        second, so a step in that second could come before the check in
        one engine and after it in the other.  Their seconds are read
        from both engines' first status.dat and kept clear like the
        others."""
        self.wait_status(t_start)
        now = time.time()
        for e in self.engines:
            for kv in self.status_blocks(e, "status"):
                try:
                    t = int(kv.get("next_check", "0"))
                except ValueError:
                    continue
                if now - 2.2 < t < now + horizon:
                    self.danger.append(t)

    def wait_status(self, t_after):
        deadline = time.time() + 10
        for e in self.engines:
            p = os.path.join(e.d, "var", "status.dat")
            while time.time() < deadline:
                try:
                    if os.path.getmtime(p) > t_after:
                        break
                except OSError:
                    pass
                time.sleep(0.05)

    def keep(self, e, rel, name):
        src = os.path.join(e.d, rel)
        dst = os.path.join(e.d, "result", name)
        try:
            shutil.copyfile(src, dst)
        except OSError:
            open(dst, "w").close()

    def run(self, steps):
        """returns (number of steps done, harness problems)"""
        done = 0
        self.short_flex = any(SHORT_FLEX.search(st.get("line", "")) for st in steps)
        for e in self.engines:
            e.setup()
            os.makedirs(os.path.join(e.d, "result"))
        try:
            for e in self.engines:
                e.start()
            for e in self.engines:
                e.wait_started()
            # the engines' own start-up work (nothing is due, but give the
            # loops a pass) before the first step
            time.sleep(0.3)
            self.settle(time.time())
            self.bounds.append([e.log_size() for e in self.engines])
            for i, st in enumerate(steps, 1):
                self.do_step(i, st)
                done = i
                if self.progress:
                    self.progress(i)
            # the capture below takes some 2 s (a status.dat written a second
            # after the last step): no timed event may fire in it either, or
            # one engine's status.dat shows it and the other's not yet.  A
            # flexible downtime of a few seconds (gen.py) ends that long
            # after the state change that starts it, at a time the runner
            # does not know: let any such end pass first
            if self.short_flex:
                time.sleep(SHORT_FLEX_WAIT)
            self.avoid_danger(ahead=END_SPAN)
            t_end = time.time()
            time.sleep(1.1)
            self.wait_status(t_end + 1.0)
            for e in self.engines:
                self.keep(e, "var/status.dat", "status.dat")
        except EngineError as ex:
            self.problems.append(f"after step {done}: {ex}")
        finally:
            for e in self.engines:
                rc = e.stop()
                if rc not in (0, None) and not self.problems:
                    self.problems.append(f"{e.name} exited with {rc} when stopped")
        for e in self.engines:
            self.keep(e, "var/retention.dat", "retention.dat")
            self.keep(e, "var/objects.cache", "objects.cache")
            self.keep(e, "var/nagios.log", "nagios.log")
            self.keep(e, "records", "records")
            with open(os.path.join(e.d, "result", "output"), "wb") as f:
                for k in range(1, e.starts + 1):
                    try:
                        with open(os.path.join(e.d, f"stdout.{k}"), "rb") as g:
                            f.write(g.read())
                    except OSError:
                        pass
        with open(os.path.join(self.out, "left-out.txt"), "w") as f:
            f.write("".join(line + "\n" for line in self.left_out))
        return done, self.problems
