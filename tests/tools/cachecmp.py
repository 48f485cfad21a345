#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compare two Nagios objects.cache / precached object files, object by object.

Usage: cachecmp.py [--labels A,B] [--numeric] [--ignore [TYPE:]KEY]... FILE_A FILE_B

Both files are parsed into objects keyed by type and identity (host_name for
hosts, host_name + service_description for services, *_name for the other
named types).  Dependencies and escalations have no unique name: several may
share host/service fields, so for those the objects under one identity are
compared as multisets of normalised field dicts.

Normalisation (so that order of objects, of keys and of list items does not
matter, as the issue allows):
  - the header comment and blank lines are ignored;
  - list directives (members, parents, contacts, contact_groups, exclude,
    *_notification_commands, timeperiod day and exception ranges) become
    sorted lists of items; servicegroup members and service parents become
    sorted lists of "host,service" pairs (a service's single same-host parent,
    which Nagios writes as a bare description, is expanded with its host);
    contactgroup members are compared in order (the order contacts are
    notified in);
  - option-letter directives (*_options) become sorted lists of letters.
    'a' (all) and 'n' (none) are kept as letters: Nagios writes 'a' only when
    every flag is set, so "d,u,r,f,s" and "a" are different writings;
    duplicates are kept (Nagios writes host flap options o,d,u as "u,d,u");
  - with --numeric, values that both parse as numbers compare numerically
    (by default values compare as exact strings: 5.000000 != 5).

Every difference is printed on its own line: objects missing on either side,
keys missing or differing (with type, name and key), per-type object counts.
Exit status: 0 when equal, 1 when different, 2 on usage or read errors.
Standard library only.
"""

import argparse
import collections
import sys

# Identity fields per object type. Types in MULTI may have several objects
# with the same identity.
IDENTITY = {
    'timeperiod': ('timeperiod_name',),
    'command': ('command_name',),
    'contactgroup': ('contactgroup_name',),
    'hostgroup': ('hostgroup_name',),
    'servicegroup': ('servicegroup_name',),
    'contact': ('contact_name',),
    'host': ('host_name',),
    'service': ('host_name', 'service_description'),
    'servicedependency': ('host_name', 'service_description',
                          'dependent_host_name', 'dependent_service_description'),
    'serviceescalation': ('host_name', 'service_description'),
    'hostdependency': ('host_name', 'dependent_host_name'),
    'hostescalation': ('host_name',),
}
MULTI = {'servicedependency', 'serviceescalation', 'hostdependency',
         'hostescalation'}
TYPE_ORDER = ['timeperiod', 'command', 'contactgroup', 'hostgroup',
              'servicegroup', 'contact', 'host', 'service',
              'servicedependency', 'serviceescalation', 'hostdependency',
              'hostescalation']

LIST_KEYS = {'members', 'parents', 'contacts', 'contact_groups', 'exclude',
             'service_notification_commands', 'host_notification_commands'}
OPTION_KEYS = {'service_notification_options', 'host_notification_options',
               'flap_detection_options', 'notification_options',
               'stalking_options', 'escalation_options',
               'execution_failure_options', 'notification_failure_options'}
WEEKDAYS = {'sunday', 'monday', 'tuesday', 'wednesday', 'thursday',
            'friday', 'saturday'}
# timeperiod keys that are not day or exception lines
TIMEPERIOD_PLAIN = {'timeperiod_name', 'alias', 'exclude'}


class Obj:
    """One parsed object: type, raw key/value lines, and where it started."""

    def __init__(self, otype, line):
        self.type = otype
        self.line = line
        self.pairs = []          # (key, value) in file order

    def get(self, key):
        for k, v in self.pairs:
            if k == key:
                return v
        return None


def parse(path, problems, label):
    """Parse a cache file into a list of Obj; format problems are appended."""
    try:
        with open(path, encoding='utf-8', errors='surrogateescape') as fh:
            lines = fh.read().split('\n')
    except OSError as e:
        print('cachecmp: cannot read %s: %s' % (path, e.strerror), file=sys.stderr)
        sys.exit(2)
    objs = []
    cur = None
    for n, raw in enumerate(lines, 1):
        line = raw.rstrip('\r')
        s = line.strip()
        if cur is None:
            if s == '' or s.startswith('#'):
                continue
            if s.startswith('define ') and s.endswith('{'):
                otype = s[len('define '):-1].strip()
                cur = Obj(otype, n)
                continue
            problems.append('%s: line %d: unexpected text outside a definition: %r'
                            % (label, n, s))
            continue
        if s == '}':
            objs.append(cur)
            cur = None
            continue
        body = line.lstrip(' \t')
        if body == '':
            continue
        if '\t' in body:
            key, value = body.split('\t', 1)
        else:
            parts = body.split(None, 1)
            key, value = parts[0], (parts[1] if len(parts) > 1 else '')
        cur.pairs.append((key.strip(), value))
    if cur is not None:
        problems.append('%s: line %d: unterminated definition of %s'
                        % (label, cur.line, cur.type))
        objs.append(cur)
    return objs


def split_list(value):
    return [x for x in value.split(',')] if value != '' else []


def pairs_of(items):
    """Turn [h1, s1, h2, s2] into ['h1,s1', 'h2,s2'] (odd tail kept alone)."""
    out = []
    for i in range(0, len(items), 2):
        out.append(','.join(items[i:i + 2]))
    return out


def norm_value(otype, key, value, obj):
    """Normalised, comparable form of one directive value."""
    if key in OPTION_KEYS:
        return tuple(sorted(x.strip() for x in split_list(value)))
    if otype == 'servicegroup' and key == 'members':
        return tuple(sorted(pairs_of(split_list(value))))
    if otype == 'contactgroup' and key == 'members':
        # in order: contacts are notified in this order (it is Nagios's
        # order of additions, not sorted)
        return tuple(x.strip() for x in split_list(value))
    if otype == 'service' and key == 'parents':
        items = split_list(value)
        if len(items) == 1:
            items = [obj.get('host_name') or '', items[0]]
        return tuple(sorted(pairs_of(items)))
    if key in LIST_KEYS:
        return tuple(sorted(split_list(value)))
    if otype == 'timeperiod' and key not in TIMEPERIOD_PLAIN:
        # weekday or date exception: a list of time ranges
        return tuple(sorted(split_list(value)))
    return value


def normalise(obj):
    """Dict key -> normalised value; repeated keys become sorted tuples."""
    d = {}
    multi = collections.defaultdict(list)
    for k, v in obj.pairs:
        multi[k].append(norm_value(obj.type, k, v, obj))
    for k, vs in multi.items():
        d[k] = vs[0] if len(vs) == 1 else ('<repeated>',) + tuple(sorted(map(repr, vs)))
    return d


def identity(obj):
    fields = IDENTITY.get(obj.type)
    if fields is None:
        return ()
    return tuple(obj.get(f) if obj.get(f) is not None else '' for f in fields)


def show(v):
    if isinstance(v, tuple):
        return ','.join(str(x) for x in v)
    return v


def numeric_equal(a, b):
    try:
        return float(a) == float(b)
    except (TypeError, ValueError):
        return False


class Comparer:
    def __init__(self, la, lb, numeric, ignore):
        self.la, self.lb = la, lb
        self.numeric = numeric
        self.ignore = ignore
        self.diffs = []

    def ignored(self, otype, key):
        return key in self.ignore or ('%s:%s' % (otype, key)) in self.ignore

    def say(self, msg):
        self.diffs.append(msg)

    def values_equal(self, a, b):
        if a == b:
            return True
        return self.numeric and isinstance(a, str) and isinstance(b, str) \
            and numeric_equal(a, b)

    def field_diffs(self, otype, name, da, db):
        out = []
        for k in sorted(set(da) | set(db)):
            if self.ignored(otype, k):
                continue
            if k not in db:
                out.append("%s %s: key '%s' only in %s (%r)"
                           % (otype, name, k, self.la, show(da[k])))
            elif k not in da:
                out.append("%s %s: key '%s' only in %s (%r)"
                           % (otype, name, k, self.lb, show(db[k])))
            elif not self.values_equal(da[k], db[k]):
                out.append("%s %s: key '%s' differs: %s=%r %s=%r"
                           % (otype, name, k, self.la, show(da[k]),
                              self.lb, show(db[k])))
        return out

    def hashable(self, otype, d):
        items = []
        for k, v in d.items():
            if self.ignored(otype, k):
                continue
            if self.numeric and isinstance(v, str):
                try:
                    v = ('#num', float(v))
                except ValueError:
                    pass
            items.append((k, v))
        return tuple(sorted(items, key=repr))

    def compare(self, objs_a, objs_b):
        types = [t for t in TYPE_ORDER]
        types += sorted(({o.type for o in objs_a} | {o.type for o in objs_b})
                        - set(TYPE_ORDER))
        for otype in types:
            a = [o for o in objs_a if o.type == otype]
            b = [o for o in objs_b if o.type == otype]
            if len(a) != len(b):
                self.say('count of %s objects differs: %s=%d %s=%d'
                         % (otype, self.la, len(a), self.lb, len(b)))
            if otype in IDENTITY and otype not in MULTI:
                self.compare_unique(otype, a, b)
            else:
                self.compare_multi(otype, a, b)

    def compare_unique(self, otype, a, b):
        ia, ib = {}, {}
        for objs, idx, label in ((a, ia, self.la), (b, ib, self.lb)):
            for o in objs:
                key = identity(o)
                if key in idx:
                    self.say("%s %s: defined more than once in %s"
                             % (otype, fmt_id(key), label))
                    continue
                idx[key] = o
        for key in sorted(set(ia) | set(ib)):
            name = fmt_id(key)
            if key not in ib:
                self.say('%s %s: missing in %s' % (otype, name, self.lb))
            elif key not in ia:
                self.say('%s %s: missing in %s' % (otype, name, self.la))
            else:
                self.diffs += self.field_diffs(otype, name, normalise(ia[key]),
                                               normalise(ib[key]))

    def compare_multi(self, otype, a, b):
        ga, gb = collections.defaultdict(list), collections.defaultdict(list)
        for o in a:
            ga[identity(o)].append(normalise(o))
        for o in b:
            gb[identity(o)].append(normalise(o))
        for key in sorted(set(ga) | set(gb)):
            name = fmt_id(key) if key else '(all)'
            ca = collections.Counter(self.hashable(otype, d) for d in ga[key])
            cb = collections.Counter(self.hashable(otype, d) for d in gb[key])
            only_a = list((ca - cb).elements())
            only_b = list((cb - ca).elements())
            if not only_a and not only_b:
                continue
            if len(only_a) == 1 and len(only_b) == 1:
                self.diffs += self.field_diffs(otype, name, dict(only_a[0]),
                                               dict(only_b[0]))
                continue
            for h in only_a:
                self.say('%s %s: object missing in %s: {%s}'
                         % (otype, name, self.lb, fmt_fields(h)))
            for h in only_b:
                self.say('%s %s: object missing in %s: {%s}'
                         % (otype, name, self.la, fmt_fields(h)))


def fmt_id(key):
    return "'" + ';'.join(key) + "'"


def fmt_fields(h):
    return ', '.join('%s=%s' % (k, show(v[1] if isinstance(v, tuple) and v
                                       and v[0] == '#num' else v))
                     for k, v in h)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description='Compare two Nagios objects.cache/precache files.')
    ap.add_argument('file_a')
    ap.add_argument('file_b')
    ap.add_argument('--labels', default=None,
                    help='names for the two sides in messages, e.g. nagios,jaque')
    ap.add_argument('--numeric', action='store_true',
                    help='compare values that parse as numbers numerically')
    ap.add_argument('--ignore', action='append', default=[],
                    metavar='[TYPE:]KEY', help='ignore a key (repeatable)')
    ap.add_argument('-q', '--quiet', action='store_true',
                    help='print only the summary line')
    args = ap.parse_args(argv)
    la, lb = 'A', 'B'
    if args.labels:
        parts = args.labels.split(',')
        if len(parts) != 2:
            ap.error('--labels takes two comma-separated names')
        la, lb = parts
    problems = []
    objs_a = parse(args.file_a, problems, la)
    objs_b = parse(args.file_b, problems, lb)
    cmp = Comparer(la, lb, args.numeric, set(args.ignore))
    cmp.compare(objs_a, objs_b)
    diffs = problems + cmp.diffs
    if not args.quiet:
        for d in diffs:
            print(d)
    counts = collections.Counter(o.type for o in objs_a)
    if diffs:
        print('cachecmp: %d difference(s) between %s (%d objects) and %s (%d objects)'
              % (len(diffs), la, len(objs_a), lb, len(objs_b)))
        return 1
    print('cachecmp: equal (%d objects: %s)'
          % (len(objs_a), ', '.join('%d %s' % (counts[t], t)
                                     for t in TYPE_ORDER if counts[t])))
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.exit(1)
