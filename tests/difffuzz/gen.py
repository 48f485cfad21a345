# SPDX-License-Identifier: GPL-2.0-or-later
"""gen.py: the scenario generator of the differential fuzzer.

A scenario is everything both engines are given for one seed:

  * a main configuration (nagios.cfg settings other than paths),
  * an object configuration (objects.cfg),
  * a list of steps, each one external command (or a pause, a reload or a
    restart), some of them preceded by new plugin results.

It is a pure function of (seed, number of steps): random.Random(seed)
is the only source of randomness, nothing iterates over a set or reads the
clock, so the same seed gives the same files on every machine.  Times in
commands are written as placeholders (@NOW@, @NOW+600@, @NOW-60@) that the
runner replaces when it sends the step, with the same value for both
engines.  Paths are $USER2$ (the engine's instance directory) in the
objects and @DIR@ in commands, so the two engines read the same objects
and objects.cache can be compared as it is.

Determinism of the scenario in two engines running in real time:

  * No object has active checks enabled in the configuration, so nothing is
    checked on a timer of its own (initial checks would be spread at random
    over the first minute).  Checks happen only when a step asks for one
    (SCHEDULE_FORCED_*_CHECK, SCHEDULE_*_CHECK, ENABLE_*_CHECK, a passive
    result in a soft state with retry_interval 0, an on-demand host check):
    all of them at once, in both engines.
  * The plugin does not read a cursor: it prints the object's *current*
    result (a file the runner writes before the step that changes it).  An
    extra check that one engine runs and the other does not (an on-demand
    host check, a retry) then gives the same result; only its count shows,
    in the attempt numbers, which is a real difference.
  * interval_length stays 60 and every interval is 5 minutes or more, so no
    check, re-notification or retention save falls due during a run of a few
    minutes; notification_interval is 0 or 12 hours.
  * Reloads (SIGHUP) and restarts (stop, start: retention carries the
    state over) are steps of their own, about one step in a hundred each.
  * Downtimes start now, in the past, or an hour ahead; a few end a few
    seconds after the step that schedules them (the runner keeps its steps
    away from those seconds, see run.py), the others in an hour or more.

Which commands: every external command of Nagios 4.4.6 (base/commands.c,
process_external_command1) except SHUTDOWN_* and RESTART_* (the runner
has its own restart and reload steps), weighted towards the ones that
change state.  Arguments are valid most of the time and otherwise broken
in one of the ways an admin's script breaks them: unknown objects, names
in another case, missing or extra fields, numbers written "x", "",
"7x", "0x258", "-1", "1e3", " 5", empty fields, ';' inside free text, very
long text, the command name in lower case, unknown commands.  Free text
never contains ' " ` $ or \\: the notification records pass macros
through sh in single quotes, and a quote there would test sh, not the
engine.

The generator keeps a rough model of the scenario (the last result given
to each object, how many comments and downtimes were probably made) to
pick realistic moments: acknowledgements and downtimes go mostly to
objects with problems, ids to delete are mostly ids that exist.

The CI's quick mode uses the same generator with fewer steps; main.py
leaves out of the stream the steps that known.txt's skip: lines match
(classes of difference not fixed yet whose effects would spread).

Configurations are kept free of what Nagios refuses at start (a cycle of
dependencies: masters always come before dependents), which is a matter
for the configuration tests, not for this harness.

Usage (for a look at a scenario): python3 gen.py SEED [NSTEPS] prints the
configuration and the steps.
"""

import random
import sys

# ---------------------------------------------------------------------------
# The external commands.  Argument kinds, one letter each:
#   h host   s host;service (two fields)   g hostgroup   G servicegroup
#   c contact   C contactgroup   p timeperiod   e command name
#   t time (check time, delay-until)   b 0/1   k sticky 0/1/2
#   n small int (notification number, attempts)   m modified attributes
#   o custom notification options   d interval (minutes)
#   a author   T free text, the rest of the line   r return code
#   O plugin output, the rest of the line   I comment id   D downtime id
#   v custom variable name   V custom variable value
#   W downtime: start;end;fixed;trigger;duration;author;comment
#   F PROCESS_FILE: file;delete
#   x DEL_DOWNTIME_BY_HOST_NAME args   y ..._BY_HOSTGROUP_NAME   z ..._BY_START_TIME_COMMENT
# ---------------------------------------------------------------------------

PROGRAM_TOGGLES = [
    "DISABLE_NOTIFICATIONS", "ENABLE_NOTIFICATIONS", "ENTER_STANDBY_MODE",
    "ENTER_ACTIVE_MODE", "ENABLE_EVENT_HANDLERS", "DISABLE_EVENT_HANDLERS",
    "ENABLE_PERFORMANCE_DATA", "DISABLE_PERFORMANCE_DATA",
    "START_EXECUTING_HOST_CHECKS", "STOP_EXECUTING_HOST_CHECKS",
    "START_EXECUTING_SVC_CHECKS", "STOP_EXECUTING_SVC_CHECKS",
    "START_ACCEPTING_PASSIVE_HOST_CHECKS", "STOP_ACCEPTING_PASSIVE_HOST_CHECKS",
    "START_ACCEPTING_PASSIVE_SVC_CHECKS", "STOP_ACCEPTING_PASSIVE_SVC_CHECKS",
    "START_OBSESSING_OVER_HOST_CHECKS", "STOP_OBSESSING_OVER_HOST_CHECKS",
    "START_OBSESSING_OVER_SVC_CHECKS", "STOP_OBSESSING_OVER_SVC_CHECKS",
    "ENABLE_FLAP_DETECTION", "DISABLE_FLAP_DETECTION",
    "ENABLE_SERVICE_FRESHNESS_CHECKS", "DISABLE_SERVICE_FRESHNESS_CHECKS",
    "ENABLE_HOST_FRESHNESS_CHECKS", "DISABLE_HOST_FRESHNESS_CHECKS",
]

HOST_TOGGLES = [
    "ENABLE_HOST_NOTIFICATIONS", "DISABLE_HOST_NOTIFICATIONS",
    "ENABLE_ALL_NOTIFICATIONS_BEYOND_HOST", "DISABLE_ALL_NOTIFICATIONS_BEYOND_HOST",
    "ENABLE_HOST_AND_CHILD_NOTIFICATIONS", "DISABLE_HOST_AND_CHILD_NOTIFICATIONS",
    "ENABLE_HOST_SVC_NOTIFICATIONS", "DISABLE_HOST_SVC_NOTIFICATIONS",
    "ENABLE_HOST_SVC_CHECKS", "DISABLE_HOST_SVC_CHECKS",
    "ENABLE_PASSIVE_HOST_CHECKS", "DISABLE_PASSIVE_HOST_CHECKS",
    "ENABLE_HOST_EVENT_HANDLER", "DISABLE_HOST_EVENT_HANDLER",
    "ENABLE_HOST_CHECK", "DISABLE_HOST_CHECK",
    "ENABLE_HOST_FLAP_DETECTION", "DISABLE_HOST_FLAP_DETECTION",
    "START_OBSESSING_OVER_HOST", "STOP_OBSESSING_OVER_HOST",
    "CLEAR_HOST_FLAPPING_STATE", "REMOVE_HOST_ACKNOWLEDGEMENT",
    "DEL_ALL_HOST_COMMENTS",
]

SVC_TOGGLES = [
    "ENABLE_SVC_CHECK", "DISABLE_SVC_CHECK",
    "ENABLE_PASSIVE_SVC_CHECKS", "DISABLE_PASSIVE_SVC_CHECKS",
    "ENABLE_SVC_NOTIFICATIONS", "DISABLE_SVC_NOTIFICATIONS",
    "ENABLE_SVC_EVENT_HANDLER", "DISABLE_SVC_EVENT_HANDLER",
    "ENABLE_SVC_FLAP_DETECTION", "DISABLE_SVC_FLAP_DETECTION",
    "START_OBSESSING_OVER_SVC", "STOP_OBSESSING_OVER_SVC",
    "CLEAR_SVC_FLAPPING_STATE", "REMOVE_SVC_ACKNOWLEDGEMENT",
    "DEL_ALL_SVC_COMMENTS",
]

GROUP_PARTS = [
    "HOST_NOTIFICATIONS", "SVC_NOTIFICATIONS", "HOST_CHECKS",
    "PASSIVE_HOST_CHECKS", "SVC_CHECKS", "PASSIVE_SVC_CHECKS",
]
HG_TOGGLES = [f"{w}_HOSTGROUP_{p}" for p in GROUP_PARTS for w in ("ENABLE", "DISABLE")]
SG_TOGGLES = [f"{w}_SERVICEGROUP_{p}" for p in GROUP_PARTS for w in ("ENABLE", "DISABLE")]
CONTACT_TOGGLES = [f"{w}_CONTACT_{p}_NOTIFICATIONS" for p in ("HOST", "SVC")
                   for w in ("ENABLE", "DISABLE")]
CG_TOGGLES = [f"{w}_CONTACTGROUP_{p}_NOTIFICATIONS" for p in ("HOST", "SVC")
              for w in ("ENABLE", "DISABLE")]

# (name, argument kinds, weight)
COMMANDS = [
    ("PROCESS_SERVICE_CHECK_RESULT", "srO", 90),
    ("PROCESS_HOST_CHECK_RESULT", "hrO", 30),
    ("SCHEDULE_FORCED_SVC_CHECK", "st", 30),
    ("SCHEDULE_FORCED_HOST_CHECK", "ht", 10),
    ("SCHEDULE_SVC_CHECK", "st", 5),
    ("SCHEDULE_HOST_CHECK", "ht", 3),
    ("SCHEDULE_HOST_SVC_CHECKS", "ht", 2),
    ("SCHEDULE_FORCED_HOST_SVC_CHECKS", "ht", 3),
    ("ACKNOWLEDGE_SVC_PROBLEM", "skbbaT", 25),
    ("ACKNOWLEDGE_HOST_PROBLEM", "hkbbaT", 10),
    ("SCHEDULE_SVC_DOWNTIME", "sW", 18),
    ("SCHEDULE_HOST_DOWNTIME", "hW", 8),
    ("SCHEDULE_HOST_SVC_DOWNTIME", "hW", 4),
    ("SCHEDULE_AND_PROPAGATE_HOST_DOWNTIME", "hW", 2),
    ("SCHEDULE_AND_PROPAGATE_TRIGGERED_HOST_DOWNTIME", "hW", 2),
    ("SCHEDULE_HOSTGROUP_HOST_DOWNTIME", "gW", 2),
    ("SCHEDULE_HOSTGROUP_SVC_DOWNTIME", "gW", 2),
    ("SCHEDULE_SERVICEGROUP_HOST_DOWNTIME", "GW", 2),
    ("SCHEDULE_SERVICEGROUP_SVC_DOWNTIME", "GW", 2),
    ("DEL_SVC_DOWNTIME", "D", 8),
    ("DEL_HOST_DOWNTIME", "D", 4),
    ("DEL_DOWNTIME_BY_HOST_NAME", "x", 3),
    ("DEL_DOWNTIME_BY_HOSTGROUP_NAME", "y", 2),
    ("DEL_DOWNTIME_BY_START_TIME_COMMENT", "z", 2),
    ("ADD_SVC_COMMENT", "sbaT", 8),
    ("ADD_HOST_COMMENT", "hbaT", 4),
    ("DEL_SVC_COMMENT", "I", 5),
    ("DEL_HOST_COMMENT", "I", 3),
    ("SEND_CUSTOM_SVC_NOTIFICATION", "soaT", 10),
    ("SEND_CUSTOM_HOST_NOTIFICATION", "hoaT", 5),
    ("DELAY_SVC_NOTIFICATION", "st", 3),
    ("DELAY_HOST_NOTIFICATION", "ht", 2),
    ("SET_SVC_NOTIFICATION_NUMBER", "sn", 4),
    ("SET_HOST_NOTIFICATION_NUMBER", "hn", 2),
    ("CHANGE_NORMAL_SVC_CHECK_INTERVAL", "sd", 2),
    ("CHANGE_RETRY_SVC_CHECK_INTERVAL", "sd", 3),
    ("CHANGE_MAX_SVC_CHECK_ATTEMPTS", "sn", 4),
    ("CHANGE_NORMAL_HOST_CHECK_INTERVAL", "hd", 1),
    ("CHANGE_RETRY_HOST_CHECK_INTERVAL", "hd", 1),
    ("CHANGE_MAX_HOST_CHECK_ATTEMPTS", "hn", 2),
    ("CHANGE_SVC_CHECK_TIMEPERIOD", "sp", 2),
    ("CHANGE_SVC_NOTIFICATION_TIMEPERIOD", "sp", 3),
    ("CHANGE_HOST_CHECK_TIMEPERIOD", "hp", 1),
    ("CHANGE_HOST_NOTIFICATION_TIMEPERIOD", "hp", 2),
    ("CHANGE_CONTACT_HOST_NOTIFICATION_TIMEPERIOD", "cp", 1),
    ("CHANGE_CONTACT_SVC_NOTIFICATION_TIMEPERIOD", "cp", 2),
    ("CHANGE_CUSTOM_SVC_VAR", "svV", 2),
    ("CHANGE_CUSTOM_HOST_VAR", "hvV", 2),
    ("CHANGE_CUSTOM_CONTACT_VAR", "cvV", 1),
    ("CHANGE_SVC_MODATTR", "sm", 2),
    ("CHANGE_HOST_MODATTR", "hm", 1),
    ("CHANGE_CONTACT_MODATTR", "cm", 1),
    ("CHANGE_CONTACT_MODHATTR", "cm", 1),
    ("CHANGE_CONTACT_MODSATTR", "cm", 1),
    ("CHANGE_SVC_EVENT_HANDLER", "se", 1),
    ("CHANGE_HOST_EVENT_HANDLER", "he", 1),
    ("CHANGE_SVC_CHECK_COMMAND", "se", 1),
    ("CHANGE_HOST_CHECK_COMMAND", "he", 1),
    ("CHANGE_GLOBAL_SVC_EVENT_HANDLER", "e", 1),
    ("CHANGE_GLOBAL_HOST_EVENT_HANDLER", "e", 1),
    ("SAVE_STATE_INFORMATION", "", 1),
    ("READ_STATE_INFORMATION", "", 1),
    ("PROCESS_FILE", "F", 2),
]
COMMANDS += [(n, "s", 2) for n in SVC_TOGGLES]
COMMANDS += [(n, "h", 1) for n in HOST_TOGGLES]
COMMANDS += [(n, "", 1) for n in PROGRAM_TOGGLES]
COMMANDS += [(n, "g", 1) for n in HG_TOGGLES]
COMMANDS += [(n, "G", 1) for n in SG_TOGGLES]
COMMANDS += [(n, "c", 1) for n in CONTACT_TOGGLES]
COMMANDS += [(n, "C", 1) for n in CG_TOGGLES]

BAD_NUMBERS = ["x", "", "7x", "0x258", "-1", "1e3", " 5", "5 ", "+2", "010",
               "99999999999", "4294967297", "2.5", "-0"]
WORDS = ["disk", "full", "again", "on it", "maint", "check", "db", "reboot",
         "noisy", "ticket 42", "ok", "later", "w", "long-running", "net"]


class Model:
    """What the generator believes about the scenario so far."""

    def __init__(self):
        self.svc_rc = {}
        self.host_rc = {}
        self.comments = 0
        self.downtimes = 0
        self.small_durations = []


class Gen:
    def __init__(self, seed, nsteps):
        self.seed = seed
        self.nsteps = nsteps
        self.r = random.Random(seed)
        self.m = Model()
        self.result_no = 0

    # -- helpers -----------------------------------------------------------
    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return seq[self.r.randrange(len(seq))]

    def subset(self, seq, p=0.5, at_least=0):
        out = [x for x in seq if self.chance(p)]
        while len(out) < at_least and seq:
            x = self.pick(seq)
            if x not in out:
                out.append(x)
        return out

    def text(self, maxwords=4):
        n = self.r.randint(1, maxwords)
        return " ".join(self.pick(WORDS) for _ in range(n))

    # -- configuration -----------------------------------------------------
    def config(self):
        r = self.r
        nh = r.randint(2, 5)
        hosts = [f"h{i}" for i in range(1, nh + 1)]
        if self.chance(0.3):
            hosts[-1] = "web-01.example"
        self.hosts = hosts
        self.parents = {}
        for i, h in enumerate(hosts):
            if i > 0 and self.chance(0.5):
                self.parents[h] = [hosts[r.randrange(i)]]
        ncon = r.randint(2, 4)
        self.contacts = [f"c{i}" for i in range(1, ncon + 1)]
        self.contactgroups = ["cg1"] + (["cg2"] if self.chance(0.5) else [])
        cg_members = {g: self.subset(self.contacts, 0.6, 1) for g in self.contactgroups}
        r.shuffle(cg_members["cg1"])
        self.timeperiods = ["24x7", "none", "24x7x", "odd"]
        self.hostgroups = ["hg1"] + (["hg2"] if self.chance(0.5) else [])
        hg_members = {g: self.subset(hosts, 0.5, 1) for g in self.hostgroups}
        # services: per host, plus one defined on a hostgroup
        self.services = []
        svc_defs = []
        for h in hosts:
            for j in range(1, r.randint(1, 3) + 1):
                svc_defs.append(([h], None, f"s{j}"))
                self.services.append((h, f"s{j}"))
        if self.chance(0.5):
            svc_defs.append((None, "hg1", "grp"))
            for h in hosts:
                if h in hg_members["hg1"] and (h, "grp") not in self.services:
                    self.services.append((h, "grp"))
        self.servicegroups = ["sg1"] + (["sg2"] if self.chance(0.4) else [])
        sg_members = {g: self.subset(self.services, 0.4, 1) for g in self.servicegroups}
        self.hg_members = hg_members
        self.sg_members = sg_members

        o = []
        add = o.append
        for name, line in [
            ("chk_svc", "$USER1$/plugin $USER2$ $HOSTNAME$ $SERVICEDESC$"),
            ("chk_host", "$USER1$/plugin $USER2$ $HOSTNAME$"),
            ("notify_svc", "$USER1$/record $USER2$ NS '$NOTIFICATIONTYPE$' '$CONTACTNAME$' "
             "'$HOSTNAME$' '$SERVICEDESC$' '$SERVICESTATE$' '$SERVICESTATETYPE$' "
             "'$SERVICEATTEMPT$' '$LASTSERVICESTATE$' '$HOSTSTATE$' "
             "'n=$NOTIFICATIONNUMBER$' 'sn=$SERVICENOTIFICATIONNUMBER$' "
             "'to=$NOTIFICATIONRECIPIENTS$' 'esc=$NOTIFICATIONISESCALATED$' "
             "'by=$NOTIFICATIONAUTHOR$' '$NOTIFICATIONAUTHORNAME$' '$NOTIFICATIONCOMMENT$' "
             "'ack=$SERVICEACKAUTHOR$' '$SERVICEACKCOMMENT$' 'dt=$SERVICEDOWNTIME$' "
             "'$SERVICEOUTPUT$' '$SERVICEPERFDATA$' '$CONTACTGROUPNAMES$' '$_SERVICEOWNER$' "
             "'$SERVICEGROUPNAMES$' '$CONTACTGROUPMEMBERS$' "
             "'pid=$SERVICEPROBLEMID$/$LASTSERVICEPROBLEMID$'"),
            ("notify_host", "$USER1$/record $USER2$ NH '$NOTIFICATIONTYPE$' '$CONTACTNAME$' "
             "'$HOSTNAME$' '$HOSTSTATE$' '$HOSTSTATETYPE$' '$HOSTATTEMPT$' '$LASTHOSTSTATE$' "
             "'n=$NOTIFICATIONNUMBER$' 'hn=$HOSTNOTIFICATIONNUMBER$' "
             "'to=$NOTIFICATIONRECIPIENTS$' 'esc=$NOTIFICATIONISESCALATED$' "
             "'by=$NOTIFICATIONAUTHOR$' '$NOTIFICATIONCOMMENT$' 'ack=$HOSTACKAUTHOR$' "
             "'$HOSTACKCOMMENT$' 'dt=$HOSTDOWNTIME$' '$HOSTOUTPUT$' '$HOSTPERFDATA$' "
             "'$HOSTGROUPNAMES$' '$_HOSTOWNER$' '$TOTALHOSTSERVICESCRITICAL$' "
             "'pid=$HOSTPROBLEMID$/$LASTHOSTPROBLEMID$'"),
            ("eh_svc", "$USER1$/record $USER2$ ES '$HOSTNAME$' '$SERVICEDESC$' '$ARG1$' "
             "'$SERVICESTATE$' '$SERVICESTATETYPE$' '$SERVICEATTEMPT$' '$MAXSERVICEATTEMPTS$' "
             "'$LASTSERVICESTATE$' '$SERVICEOUTPUT$' 'dt=$SERVICEDOWNTIME$' "
             "'pid=$SERVICEPROBLEMID$' '$SERVICEISVOLATILE$'"),
            ("eh_host", "$USER1$/record $USER2$ EH '$HOSTNAME$' '$HOSTSTATE$' '$HOSTSTATETYPE$' "
             "'$HOSTATTEMPT$' '$MAXHOSTATTEMPTS$' '$LASTHOSTSTATE$' '$HOSTOUTPUT$'"),
            ("geh_svc", "$USER1$/record $USER2$ GS '$HOSTNAME$' '$SERVICEDESC$' "
             "'$SERVICESTATE$' '$SERVICESTATETYPE$' '$SERVICEATTEMPT$'"),
            ("geh_host", "$USER1$/record $USER2$ GH '$HOSTNAME$' '$HOSTSTATE$' "
             "'$HOSTSTATETYPE$' '$HOSTATTEMPT$'"),
            ("ocsp", "$USER1$/record $USER2$ OS '$HOSTNAME$' '$SERVICEDESC$' "
             "'$SERVICESTATE$' '$SERVICESTATETYPE$' '$SERVICEATTEMPT$' '$SERVICEOUTPUT$'"),
            ("ochp", "$USER1$/record $USER2$ OH '$HOSTNAME$' '$HOSTSTATE$' "
             "'$HOSTSTATETYPE$' '$HOSTATTEMPT$' '$HOSTOUTPUT$'"),
            ("perf_svc", "$USER1$/record $USER2$ PS '$HOSTNAME$' '$SERVICEDESC$' "
             "'$SERVICESTATE$' '$SERVICEPERFDATA$'"),
            ("perf_host", "$USER1$/record $USER2$ PH '$HOSTNAME$' '$HOSTSTATE$' '$HOSTPERFDATA$'"),
        ]:
            add(f"define command {{\n\tcommand_name\t{name}\n\tcommand_line\t{line}\n}}\n")

        days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        add("define timeperiod {\n\ttimeperiod_name\t24x7\n\talias\tall the time\n"
            + "".join(f"\t{d}\t00:00-24:00\n" for d in days) + "}\n")
        add("define timeperiod {\n\ttimeperiod_name\tnone\n\talias\tnever\n}\n")
        add("define timeperiod {\n\ttimeperiod_name\t24x7x\n\talias\t24x7 but none\n"
            + "".join(f"\t{d}\t00:00-24:00\n" for d in days) + "\texclude\tnone\n}\n")
        odd = ["\tmonday\t00:00-09:00,17:00-24:00\n", "\ttuesday\t09:00-17:00\n",
               "\t2099-01-01 - 2099-02-01 / 3\t00:00-24:00\n", "\tday 15\t00:00-01:00\n",
               "\tthursday 2\t10:00-11:00\n", "\tjuly 4\t00:00-24:00\n",
               "\tday -1\t12:00-13:00\n", "\tmonday 1 may\t00:00-24:00\n",
               "\t2098-03-01\t08:00-09:30\n"]
        add("define timeperiod {\n\ttimeperiod_name\todd\n\talias\texceptions\n"
            + "".join(self.subset(odd, 0.6, 2)) + "}\n")

        # contacts
        add("define contact {\n\tname\tct-base\n\tregister\t0\n"
            "\thost_notification_period\t24x7\n\tservice_notification_period\t24x7\n"
            "\thost_notification_options\td,u,r,f,s\n"
            "\tservice_notification_options\tw,u,c,r,f,s\n"
            "\thost_notification_commands\tnotify_host\n"
            "\tservice_notification_commands\tnotify_svc\n}\n")
        for c in self.contacts:
            lines = [f"\tcontact_name\t{c}", "\tuse\tct-base", f"\talias\tContact {c}"]
            if self.chance(0.25):
                lines.append("\tservice_notification_options\t"
                             + ",".join(self.subset(["w", "u", "c", "r", "f", "s"], 0.6, 1)))
            if self.chance(0.2):
                lines.append("\thost_notification_options\t"
                             + ",".join(self.subset(["d", "u", "r", "f", "s"], 0.6, 1)))
            if self.chance(0.15):
                lines.append("\tservice_notifications_enabled\t0")
            if self.chance(0.1):
                lines.append("\tservice_notification_period\tnone")
            if self.chance(0.3):
                lines.append(f"\t_PAGER\t{r.randint(100, 999)}")
            add("define contact {\n" + "\n".join(lines) + "\n}\n")
        for g in self.contactgroups:
            add(f"define contactgroup {{\n\tcontactgroup_name\t{g}\n\talias\tgroup {g}\n"
                f"\tmembers\t{','.join(cg_members[g])}\n}}\n")

        # hosts
        add("define host {\n\tname\tht-base\n\tregister\t0\n\tcheck_command\tchk_host\n"
            "\tmax_check_attempts\t2\n\tcheck_interval\t10\n\tretry_interval\t5\n"
            "\tactive_checks_enabled\t0\n\tpassive_checks_enabled\t1\n"
            "\tcheck_period\t24x7\n\tnotification_period\t24x7\n"
            "\tnotification_interval\t0\n\tnotification_options\td,u,r,f,s\n"
            "\tcontact_groups\tcg1\n\tflap_detection_enabled\t1\n\t_OWNER\tops\n}\n")
        add("define host {\n\tname\tht-alt\n\tregister\t0\n\tmax_check_attempts\t3\n"
            f"\tnotification_interval\t{self.pick(['0', '720'])}\n"
            "\tevent_handler\teh_host\n\t_OWNER\tdev\n}\n")
        for h in hosts:
            lines = [f"\thost_name\t{h}", f"\talias\tHost {h}",
                     f"\taddress\t127.0.0.{hosts.index(h) + 1}"]
            lines.append("\tuse\t" + ("ht-alt,ht-base" if self.chance(0.4) else "ht-base"))
            if h in self.parents:
                lines.append(f"\tparents\t{','.join(self.parents[h])}")
            if self.chance(0.3):
                lines.append(f"\tmax_check_attempts\t{r.randint(1, 3)}")
            if self.chance(0.3):
                lines.append(f"\tcontacts\t{self.pick(self.contacts)}")
            if self.chance(0.2):
                lines.append("\tnotification_options\t"
                             + ",".join(self.subset(["d", "u", "r", "f", "s"], 0.6, 1)))
            if self.chance(0.1):
                lines.append("\tnotification_period\tnone")
            if self.chance(0.15):
                lines.append("\tnotifications_enabled\t0")
            if self.chance(0.15):
                lines.append("\tpassive_checks_enabled\t0")
            if self.chance(0.2):
                lines.append("\tstalking_options\to,d,u")
            if self.chance(0.3):
                lines.append(f"\thostgroups\t{self.pick(self.hostgroups)}")
            add("define host {\n" + "\n".join(lines) + "\n}\n")
        for g in self.hostgroups:
            add(f"define hostgroup {{\n\thostgroup_name\t{g}\n\talias\tgroup {g}\n"
                f"\tmembers\t{','.join(hg_members[g])}\n}}\n")

        # services
        add("define service {\n\tname\tst-base\n\tregister\t0\n\tcheck_command\tchk_svc\n"
            "\tmax_check_attempts\t3\n\tcheck_interval\t10\n\tretry_interval\t5\n"
            "\tactive_checks_enabled\t0\n\tpassive_checks_enabled\t1\n"
            "\tcheck_period\t24x7\n\tnotification_period\t24x7\n"
            "\tnotification_interval\t0\n\tnotification_options\tw,u,c,r,f,s\n"
            "\tcontact_groups\tcg1\n\tflap_detection_enabled\t1\n\t_OWNER\tops\n}\n")
        add("define service {\n\tname\tst-alt\n\tregister\t0\n\tmax_check_attempts\t1\n"
            "\tevent_handler\teh_svc!alt\n\t_OWNER\tdev\n\tis_volatile\t0\n}\n")
        for hl, hg, s in svc_defs:
            lines = []
            if hl:
                lines.append(f"\thost_name\t{','.join(hl)}")
            else:
                lines.append(f"\thostgroup_name\t{hg}")
            lines.append(f"\tservice_description\t{s}")
            lines.append("\tuse\t" + ("st-alt,st-base" if self.chance(0.35) else "st-base"))
            if self.chance(0.5):
                lines.append(f"\tmax_check_attempts\t{r.randint(1, 4)}")
            if self.chance(0.3):
                lines.append(f"\tevent_handler\teh_svc!{self.pick(['a', 'b'])}")
            if self.chance(0.1):
                lines.append("\tevent_handler_enabled\t0")
            if self.chance(0.3):
                lines.append("\tcontacts\t" + ",".join(self.subset(self.contacts, 0.5, 1)))
            if self.chance(0.2):
                lines.append("\tcontact_groups\t" + self.pick(self.contactgroups))
            if self.chance(0.25):
                lines.append("\tnotification_options\t"
                             + ",".join(self.subset(["w", "u", "c", "r", "f", "s"], 0.6, 1)))
            if self.chance(0.1):
                lines.append("\tnotification_period\tnone")
            if self.chance(0.2):
                lines.append("\tnotification_interval\t720")
            if self.chance(0.1):
                lines.append("\tnotifications_enabled\t0")
            if self.chance(0.1):
                lines.append("\tpassive_checks_enabled\t0")
            if self.chance(0.15):
                lines.append("\tis_volatile\t1")
            if self.chance(0.2):
                lines.append("\tflap_detection_enabled\t0")
            if self.chance(0.2):
                lines.append(f"\tlow_flap_threshold\t{r.randint(5, 15)}.0")
                lines.append(f"\thigh_flap_threshold\t{r.randint(20, 40)}.0")
            if self.chance(0.2):
                lines.append("\tstalking_options\to,w,c,u")
            if self.chance(0.1):
                lines.append("\tprocess_perf_data\t0")
            if self.chance(0.2):
                lines.append(f"\t_TICKET\t{r.randint(1, 99)}")
            add("define service {\n" + "\n".join(lines) + "\n}\n")
        for g in self.servicegroups:
            mem = ",".join(f"{h},{s}" for h, s in sg_members[g])
            add(f"define servicegroup {{\n\tservicegroup_name\t{g}\n\talias\tgroup {g}\n"
                f"\tmembers\t{mem}\n}}\n")

        # dependencies and escalations
        if len(self.services) >= 2:
            for _ in range(r.randint(0, 2)):
                a, b = r.sample(self.services, 2)
                # masters before dependents: no cycle (Nagios refuses one at
                # start, a configuration matter tests/configs covers)
                if self.services.index(a) > self.services.index(b):
                    a, b = b, a
                add("define servicedependency {\n"
                    f"\thost_name\t{a[0]}\n\tservice_description\t{a[1]}\n"
                    f"\tdependent_host_name\t{b[0]}\n\tdependent_service_description\t{b[1]}\n"
                    "\tnotification_failure_criteria\t"
                    + ",".join(self.subset(["w", "u", "c", "p"], 0.5, 1)) + "\n"
                    "\texecution_failure_criteria\t"
                    + self.pick(["n", "c", "w,c", "o"]) + "\n"
                    + ("\tinherits_parent\t1\n" if self.chance(0.3) else "") + "}\n")
        if self.chance(0.5):
            a, b = r.sample(hosts, 2)
            if hosts.index(a) > hosts.index(b):
                a, b = b, a
            add("define hostdependency {\n"
                f"\thost_name\t{a}\n\tdependent_host_name\t{b}\n"
                "\tnotification_failure_criteria\t"
                + ",".join(self.subset(["d", "u", "p"], 0.5, 1)) + "\n}\n")
        for _ in range(r.randint(0, 2)):
            h, s = self.pick(self.services)
            first = r.randint(1, 3)
            last = self.pick([0, first, first + 2])
            who = (f"\tcontacts\t{self.pick(self.contacts)}\n" if self.chance(0.6)
                   else f"\tcontact_groups\t{self.pick(self.contactgroups)}\n")
            opts = ("\tescalation_options\t" + ",".join(self.subset(["w", "u", "c", "r"], 0.6, 1))
                    + "\n") if self.chance(0.4) else ""
            add("define serviceescalation {\n"
                f"\thost_name\t{h}\n\tservice_description\t{s}\n"
                f"\tfirst_notification\t{first}\n\tlast_notification\t{last}\n"
                f"\tnotification_interval\t{self.pick([0, 720])}\n" + who + opts + "}\n")
        if self.chance(0.4):
            first = r.randint(1, 3)
            add("define hostescalation {\n"
                f"\thost_name\t{self.pick(hosts)}\n"
                f"\tfirst_notification\t{first}\n\tlast_notification\t{first + 1}\n"
                "\tnotification_interval\t0\n"
                f"\tcontacts\t{self.pick(self.contacts)}\n}}\n")
        self.objects = "".join(o)

        # main settings
        main = {
            "date_format": self.pick(["us", "us", "euro", "iso8601", "strict-iso8601"]),
            "enable_flap_detection": self.pick(["1", "1", "0"]),
            "passive_host_checks_are_soft": self.pick(["0", "0", "1"]),
            "log_passive_checks": self.pick(["1", "1", "1", "0"]),
            "soft_state_dependencies": self.pick(["0", "0", "1"]),
            "low_service_flap_threshold": "5.0",
            "high_service_flap_threshold": self.pick(["20.0", "30.0"]),
            "low_host_flap_threshold": "5.0",
            "high_host_flap_threshold": "20.0",
        }
        if self.chance(0.5):
            main["global_service_event_handler"] = "geh_svc"
        if self.chance(0.3):
            main["global_host_event_handler"] = "geh_host"
        if self.chance(0.4):
            main["obsess_over_services"] = "1"
            main["ocsp_command"] = "ocsp"
        if self.chance(0.3):
            main["obsess_over_hosts"] = "1"
            main["ochp_command"] = "ochp"
        if self.chance(0.3):
            main["process_performance_data"] = "1"
            main["service_perfdata_command"] = "perf_svc"
            main["host_perfdata_command"] = "perf_host"
        self.main = main

    # -- arguments -----------------------------------------------------------
    def problem_services(self):
        return [k for k in self.services if self.m.svc_rc.get(k, 0) != 0]

    def a_service(self, prefer_problem=False):
        probs = self.problem_services()
        if prefer_problem and probs and self.chance(0.8):
            return self.pick(probs)
        return self.pick(self.services)

    def a_host(self, prefer_problem=False):
        probs = [h for h in self.hosts if self.m.host_rc.get(h, 0) != 0]
        if prefer_problem and probs and self.chance(0.8):
            return self.pick(probs)
        return self.pick(self.hosts)

    def output(self, rc, host=False):
        self.result_no += 1
        names = (["UP", "DOWN", "UNREACHABLE", "UNKNOWN"] if host
                 else ["OK", "WARNING", "CRITICAL", "UNKNOWN"])
        word = names[rc] if 0 <= rc < len(names) else "ODD"
        out = f"{word} r{self.result_no}"
        if self.chance(0.25):
            out += f"|x={self.r.randint(0, 99)};50;80 y=1s"
        if self.chance(0.05):
            out += "\\nsecond line\\nthird"
        if self.chance(0.05):
            out += "; with semicolon"
        return out

    def rc(self, host=False):
        if host:
            return self.pick([0, 0, 1, 1, 2])
        return self.pick([0, 0, 1, 2, 2, 3])

    def downtime_fields(self, dt_cmd):
        r = self.r
        fixed = self.pick(["1", "1", "0"])
        start_off = self.pick([0, 0, -60, 3600])
        if fixed == "1" and self.chance(0.12):
            end = f"@NOW+{r.randint(2, 4)}@"
        else:
            end = f"@NOW+{start_off + self.pick([3600, 7200])}@"
        start = "@NOW@" if start_off == 0 else f"@NOW{start_off:+d}@"
        dur = self.pick(["3600", "600", "0"])
        if fixed == "0" and self.chance(0.12):
            d = r.randint(2, 4)
            dur = str(d)
            self.m.small_durations.append(d)
        trig = "0"
        if self.m.downtimes and self.chance(0.2):
            trig = str(r.randint(1, self.m.downtimes + 1))
        return [start, end, fixed, trig, dur, self.pick(["admin", "ops", "x"]),
                self.text()]

    def field_values(self, kind):
        """valid fields for one argument kind: a list of strings, and the
        indexes among them that hold numbers and free text"""
        r = self.r
        if kind == "h":
            return [self.a_host()], [], []
        if kind == "s":
            h, s = self.a_service()
            return [h, s], [], []
        if kind == "g":
            return [self.pick(self.hostgroups)], [], []
        if kind == "G":
            return [self.pick(self.servicegroups)], [], []
        if kind == "c":
            return [self.pick(self.contacts)], [], []
        if kind == "C":
            return [self.pick(self.contactgroups)], [], []
        if kind == "p":
            return [self.pick(self.timeperiods)], [], []
        if kind == "e":
            return [self.pick(["eh_svc", "eh_host", "chk_svc"])], [], []
        if kind == "t":
            return [self.pick(["@NOW@", "@NOW@", "@NOW-30@", "@NOW+3600@"])], [0], []
        if kind == "b":
            return [self.pick(["0", "1"])], [0], []
        if kind == "k":
            return [self.pick(["0", "1", "2", "2"])], [0], []
        if kind == "n":
            return [str(self.pick([0, 1, 2, 3, 4, 5]))], [0], []
        if kind == "m":
            return [str(self.pick([0, 1, 2, 16, 4096]))], [0], []
        if kind == "o":
            return [str(r.randint(0, 7))], [0], []
        if kind == "d":
            return [self.pick(["5", "10", "30", "0", "7.5"])], [0], []
        if kind == "a":
            return [self.pick(["admin", "ops", "Jo Bloggs", "x"])], [], []
        if kind == "T":
            return [self.text()], [], [0]
        if kind == "r":
            return [str(self.rc())], [0], []
        if kind == "I":
            return [str(r.randint(1, self.m.comments + 2))], [0], []
        if kind == "D":
            return [str(r.randint(1, self.m.downtimes + 2))], [0], []
        if kind == "v":
            return [self.pick(["OWNER", "owner", "TICKET", "PAGER", "NOPE"])], [], []
        if kind == "V":
            return [self.pick(["ops", "dev", "team b", ""])], [], [0]
        if kind == "F":
            return ["@DIR@/cmdfile", self.pick(["0", "1"])], [1], []
        if kind == "x":
            h, s = self.a_service()
            f = [h]
            if self.chance(0.6):
                f.append(self.pick([s, ""]))
                if self.chance(0.4):
                    f.append(self.pick(["0", "@NOW@", "@NOW-60@"]))
                    if self.chance(0.4):
                        f.append(self.text(2))
            return f, [], []
        if kind == "y":
            f = [self.pick(self.hostgroups)]
            for v in (self.pick(self.hosts + [""]), self.pick(["s1", "grp", ""]),
                      self.pick(["0", "@NOW@"]), self.text(2)):
                if not self.chance(0.5):
                    break
                f.append(v)
            return f, [], []
        if kind == "z":
            f = [self.pick(["0", "@NOW@", "@NOW-60@"])]
            if self.chance(0.6):
                f.append(self.text(2))
            return f, [0], [1] if len(f) > 1 else []
        raise ValueError(kind)

    # -- one step ------------------------------------------------------------
    def step(self):
        r = self.r
        weights = [c[2] for c in COMMANDS]
        name, spec, _ = COMMANDS[r.choices(range(len(COMMANDS)), weights)[0]]
        fields, nums, texts = [], [], []
        setres = []
        target = None
        for kind in spec:
            if kind == "W":
                f = self.downtime_fields(name)
                base = len(fields)
                fields += f
                nums += [base + i for i in range(5)]
                texts.append(base + 6)
                continue
            # realistic targets: acks and downtimes mostly on problems
            if kind == "s" and name.startswith(("ACKNOWLEDGE", "SEND_CUSTOM")):
                h, s = self.a_service(prefer_problem=True)
                f, n, t = [h, s], [], []
            elif kind == "h" and name.startswith(("ACKNOWLEDGE", "SEND_CUSTOM")):
                f, n, t = [self.a_host(prefer_problem=True)], [], []
            elif kind == "r" and name == "PROCESS_HOST_CHECK_RESULT":
                f, n, t = [str(self.rc(host=True))], [0], []
            elif kind == "O":
                rc = int(fields[-1])
                f, n, t = [self.output(rc, host=name.endswith("HOST_CHECK_RESULT"))], [], [0]
            else:
                f, n, t = self.field_values(kind)
            base = len(fields)
            fields += f
            nums += [base + i for i in n]
            texts += [base + i for i in t]
            if kind in "sh" and target is None:
                target = tuple(f)

        # the plugin's next result, before a check is forced
        if name in ("SCHEDULE_FORCED_SVC_CHECK", "SCHEDULE_SVC_CHECK", "ENABLE_SVC_CHECK") \
                and target and self.chance(0.85):
            rc = self.rc()
            setres.append((f"{target[0]};{target[1]}", rc, self.output(rc)))
            self.m.svc_rc[target] = rc
        if name in ("SCHEDULE_FORCED_HOST_CHECK", "SCHEDULE_HOST_CHECK", "ENABLE_HOST_CHECK") \
                and target and self.chance(0.85):
            rc = self.rc(host=True)
            setres.append((target[0], rc, self.output(rc, host=True)))
            self.m.host_rc[target[0]] = rc
        if name == "PROCESS_SERVICE_CHECK_RESULT":
            self.m.svc_rc[(fields[0], fields[1])] = int(fields[2])
        if name == "PROCESS_HOST_CHECK_RESULT":
            self.m.host_rc[fields[0]] = int(fields[1])

        # mutations
        mutated = []
        u = r.random()
        nmut = 0 if u < 0.72 else (1 if u < 0.95 else 2)
        for _ in range(nmut):
            fields, how = self.mutate(name, spec, fields, nums, texts)
            mutated.append(how)
        cname = name
        if self.chance(0.03):
            cname = name.lower()
            mutated.append("lower-case name")
        if self.chance(0.01):
            cname = self.pick(["NO_SUCH_COMMAND", "ENABLE_SVC_CHECKS", "PROCESS_SVC_CHECK_RESULT"])
            mutated.append("unknown command")
        if not mutated:
            if name.startswith(("ADD_", "ACKNOWLEDGE_")):
                self.m.comments += 1
            if "DOWNTIME" in name and name.startswith("SCHEDULE"):
                n = 1 if name in ("SCHEDULE_SVC_DOWNTIME", "SCHEDULE_HOST_DOWNTIME") else 3
                self.m.downtimes += n
                self.m.comments += n
        line = cname + (";" + ";".join(fields) if spec else "")
        if not spec and self.chance(0.05):
            line += ";" + self.pick(["@NOW@", "1", "extra;fields"])
            mutated.append("trailing fields")
        st = {"kind": "cmd", "line": line}
        if setres:
            st["setres"] = setres
        if mutated:
            st["mut"] = mutated
        if name == "PROCESS_FILE":
            st["file"] = [self.file_command() for _ in range(r.randint(1, 3))]
        return st

    def file_command(self):
        h, s = self.a_service()
        rc = self.rc()
        return self.pick([
            f"PROCESS_SERVICE_CHECK_RESULT;{h};{s};{rc};{self.output(rc)}",
            f"ADD_SVC_COMMENT;{h};{s};1;file;from a file",
            f"DISABLE_SVC_NOTIFICATIONS;{h};{s}",
            f"ENABLE_SVC_NOTIFICATIONS;{h};{s}",
        ])

    def mutate(self, name, spec, fields, nums, texts):
        r = self.r
        fields = list(fields)
        nums = [i for i in nums if i < len(fields)]
        texts = [i for i in texts if i < len(fields)]
        choices = ["few", "many", "empty"]
        if nums:
            choices += ["number", "number", "number"]
        if texts:
            choices += ["semicolon", "long"]
        if any(k in spec for k in "hsgGcCp"):
            choices += ["unknown", "unknown", "case"]
        how = self.pick(choices)
        if how == "few" and fields:
            fields = fields[:r.randrange(len(fields))]
        elif how == "many":
            fields += self.pick([["extra"], ["a", "b"], [""], ["admin", "a comment"], ["1"]])
        elif how == "empty" and fields:
            fields[r.randrange(len(fields))] = ""
        elif how == "number":
            fields[self.pick(nums)] = self.pick(BAD_NUMBERS)
        elif how == "semicolon":
            i = self.pick(texts)
            fields[i] = fields[i] + ";" + self.text(2)
        elif how == "long":
            i = self.pick(texts)
            fields[i] = ("long " * r.randint(60, 900)).strip()
        elif how in ("unknown", "case") and fields:
            idx = 0
            if how == "unknown":
                fields[idx] = self.pick(["nosuch", "h9", "", "s1"])
                if spec.startswith("s") and self.chance(0.5) and len(fields) > 1:
                    fields[0] = self.pick(self.hosts)
                    fields[1] = self.pick(["nosuch", "S1", ""])
            else:
                fields[idx] = fields[idx].upper() if fields[idx] != fields[idx].upper() \
                    else fields[idx].lower()
        return fields, how

    def steps(self):
        out = []
        for i in range(self.nsteps):
            u = self.r.random()
            if u < 0.01 and i > 0:
                out.append({"kind": "reload"})
            elif u < 0.02 and i > 0:
                out.append({"kind": "restart"})
            else:
                out.append(self.step())
            # a pause past the short downtimes now and then
            if self.m.small_durations and self.chance(0.1):
                out.append({"kind": "sleep", "secs": 5})
                self.m.small_durations = []
        return out[:self.nsteps]


def generate(seed, nsteps):
    """the scenario of a seed: {"seed", "main", "objects", "steps"}"""
    g = Gen(seed, nsteps)
    g.config()
    steps = g.steps()
    return {
        "seed": seed,
        "main": g.main,
        "objects": g.objects,
        "steps": steps,
        "hosts": g.hosts,
        "services": g.services,
    }


def step_text(st):
    """one step as one line of text, for reports"""
    if st["kind"] == "cmd":
        pre = ""
        for obj, rc, out in st.get("setres", []):
            pre += f"(result {obj} -> {rc} {out}) "
        mut = f"   [{', '.join(st['mut'])}]" if st.get("mut") else ""
        line = st["line"]
        if len(line) > 300:
            line = line[:300] + f"...({len(st['line'])} chars)"
        return pre + line + mut
    if st["kind"] == "sleep":
        return f"(pause {st['secs']} s)"
    return f"({st['kind']})"


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    sc = generate(seed, n)
    for k, v in sc["main"].items():
        print(f"{k}={v}")
    print(sc["objects"])
    for i, st in enumerate(sc["steps"], 1):
        print(f"{i:4d} {step_text(st)}")
