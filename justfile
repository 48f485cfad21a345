# justfile: short names for the scripts.  `npm install -g rust-just`
# provides `just`; every recipe is a script you can also run directly.
#
# SPDX-License-Identifier: GPL-2.0-or-later

# list the recipes
default:
    @just --list

# build jaque and run it on the sample configuration in etc/
demo:
    scripts/demo

# everything CI runs: build, unit and integration tests, the same under ASan+UBSan, the
# threaded code's tests under TSan, lint, fuzz
check:
    scripts/check

# the tests alone, built with AddressSanitizer and UndefinedBehaviorSanitizer (build/asan)
asan:
    scripts/check --asan-only

# build and test, then make distcheck: the release tarball builds and passes its tests
distcheck:
    scripts/check --no-asan --no-tsan --no-fuzz --distcheck

# time jaque -v against nagios4 -v on a generated estate of N objects
bench-config N:
    scripts/bench-config.sh {{N}}

# the configuration benchmark at 10 000, 100 000 and 1 000 000 objects
bench-config-matrix:
    scripts/bench-config.sh 10000 100000 1000000

# the engine under load: MODE tcp (built-in check_tcp) or exec (the plugin through
# the workers), N objects, SOAK seconds measured after a minute's warm-up
bench MODE N SOAK="120":
    scripts/bench.sh {{MODE}} {{N}} {{SOAK}}

# the engine matrix: tcp-1000, tcp-10000, tcp-50000, exec-1000, exec-2000 (summaries in build/bench/)
bench-matrix SOAK="120":
    scripts/bench.sh tcp 1000 {{SOAK}}
    scripts/bench.sh tcp 10000 {{SOAK}}
    scripts/bench.sh tcp 50000 {{SOAK}}
    scripts/bench.sh exec 1000 {{SOAK}}
    scripts/bench.sh exec 2000 {{SOAK}}

# a long run (HOURS, fractional allowed) of the 10 000-object estate with external commands,
# retention and a reload every RELOAD_EVERY s: RSS, descriptors, comments and downtimes, drift
# sampled into build/bench/soak-<date>.tsv; fails when jaque dies or RSS or descriptors grow
soak HOURS:
    scripts/soak {{HOURS}}

# contrib/bench-compare/run.sh: the plugin rows of nagios4, naemon (NAEMON_SRC or an earlier
# build), icinga2 and jaque at 2 000 objects, then at 10 000, then jaque-builtin at 10 000, one
# cell at a time, SOAK seconds each after a minute's warm-up; rows in build/bench-compare/
# the like-for-like table against the peers present (Nagios Core, Naemon, Icinga 2)
bench-compare SOAK="300":
    contrib/bench-compare/run.sh {{SOAK}}

# the overload table: the plugin rows of every engine present at 10 000 objects checked every
# 10 s (1 000 checks a second: more than two CPUs can start as processes here); after
# jaque's soak most of the load is taken away and for 60 s the end of its overload is timed
bench-compare-overload SOAK="300":
    INTERVAL=10 SIZES=10000 BUILTIN_SIZES= RECOVER=60 contrib/bench-compare/run.sh {{SOAK}}

# one cell of the comparison: ENGINE nagios4, naemon, icinga2, jaque or jaque-builtin
bench-compare-cell ENGINE N SOAK="300":
    scripts/bench-compare.sh {{ENGINE}} {{N}} {{SOAK}}

# the comparison's rows in build/bench-compare/ as one table
bench-compare-table:
    contrib/bench-compare/table.sh

# what a reload costs the schedule: SERVICES every INTERVAL s, RELOADS SIGHUPs (each service's
# gap across it, the busiest second after it, the drift); EXTRA_OBJECTS=N for a large one
bench-reload SERVICES="2000" RELOADS="3" INTERVAL="10":
    scripts/bench-reload.sh {{SERVICES}} {{RELOADS}} {{INTERVAL}}

# banned calls, file sizes, include layering
lint:
    scripts/lint

# run every fuzz target for SECONDS each (scripts/fuzz lists them)
fuzz SECONDS="60":
    scripts/fuzz {{SECONDS}}

# run every fuzz target for SECONDS each, one after the other, with a
# summary in build/fuzz/long-summary.txt
fuzz-long SECONDS="3600":
    scripts/fuzz-long {{SECONDS}}

