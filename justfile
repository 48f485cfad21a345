# justfile: short names for the scripts.  `npm install -g rust-just`
# provides `just`; every recipe is a script you can also run directly.

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
bench-matrix:
    scripts/bench-config.sh 10000 100000 1000000

# banned calls, file sizes, include layering
lint:
    scripts/lint

# run the object-parser fuzz target for SECONDS
fuzz SECONDS="60":
    scripts/fuzz {{SECONDS}}
