# shellcheck shell=bash
# scripts/fuzz-lib.sh: what scripts/fuzz and scripts/fuzz-long share (sourced
# by both, from the top of the tree): the list of libFuzzer targets, where
# their seeds are, and how they are built.
#
# The targets link libjaque.a built once with clang, ASan, UBSan and the
# fuzzer's coverage (configure and make in build/fuzz/lib, so the list of
# library sources is Makefile.am's and make rebuilds only what changed);
# each target, tests/fuzz/<name>.c, is linked against it in
# build/fuzz/<name>/<name>.
#
# SPDX-License-Identifier: GPL-2.0-or-later

# every target, in the order they run
FUZZ_TARGETS=(fuzz_objparse fuzz_lsquery fuzz_lsreq fuzz_maincfg fuzz_resource fuzz_jaquecfg
	fuzz_retention fuzz_statusdat fuzz_extcmd fuzz_crspool fuzz_plugin_output fuzz_perfdata
	fuzz_gearproto fuzz_mgjob fuzz_workerproto)

FUZZ_CC=${FUZZ_CC:-clang}
FUZZ_SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined"

# fuzz_seeds NAME: the seed directory of a target
fuzz_seeds() {
	case $1 in
	fuzz_objparse) echo tests/configs ;;
	*) echo "tests/fuzz/${1#fuzz_}" ;;
	esac
}

# fuzz_dict NAME: libFuzzer's -dict option for a target that has a word
# list (tests/fuzz/<what>.dict: names the parser knows, to help the
# mutations; not needed to be complete), else nothing
fuzz_dict() {
	local dict=tests/fuzz/${1#fuzz_}.dict
	[ ! -f "$dict" ] || echo "-dict=$dict"
}

# fuzz_known NAME: 0 when NAME is a target
fuzz_known() {
	local t
	for t in "${FUZZ_TARGETS[@]}"; do
		[ "$t" = "$1" ] && return 0
	done
	return 1
}

# fuzz_build_lib: configure (once) and make build/fuzz/lib/libjaque.a;
# its output goes to build/fuzz/lib/build.log
fuzz_build_lib() {
	local lib=build/fuzz/lib root=$PWD
	mkdir -p "$lib"
	if [ ! -f configure ]; then
		echo "fuzz: ./configure is missing: run autoreconf -fi first" >&2
		return 1
	fi
	if [ ! -f "$lib/Makefile" ] || [ configure -nt "$lib/Makefile" ]; then
		echo "fuzz: configuring $lib ($FUZZ_CC)"
		# shellcheck disable=SC2086 # the flags are several words
		(cd "$lib" && CC=$FUZZ_CC "$root/configure" -q \
			CFLAGS="-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $FUZZ_SAN") \
			>"$lib/build.log" 2>&1 || { tail -n 20 "$lib/build.log" >&2; return 1; }
	fi
	echo "fuzz: building $lib/libjaque.a"
	make -C "$lib" -j"${JOBS:-2}" -s libjaque.a >>"$lib/build.log" 2>&1 ||
		{ grep -E 'error' "$lib/build.log" | head -n 20 >&2; return 1; }
}

# fuzz_libs: the libraries libjaque.a needs, as configure found them
fuzz_libs() {
	sed -n -E 's/^(PCRE2|EV|GEARMAN|CRYPTO)_LIBS = (.*)/\2/p' build/fuzz/lib/Makefile | tr '\n' ' '
	echo "-lm -pthread"
}

# fuzz_build NAME: link build/fuzz/NAME/NAME (after fuzz_build_lib)
fuzz_build() {
	local name=$1 out=build/fuzz/$1
	[ -f "tests/fuzz/$name.c" ] || { echo "fuzz: tests/fuzz/$name.c does not exist" >&2; return 1; }
	mkdir -p "$out/corpus"
	# shellcheck disable=SC2046,SC2086 # several words each
	"$FUZZ_CC" -std=c11 -D_DEFAULT_SOURCE -I. -g -O1 -fno-omit-frame-pointer \
		-fsanitize=fuzzer $FUZZ_SAN $(pkg-config --cflags libpcre2-8) \
		-o "$out/$name" "tests/fuzz/$name.c" build/fuzz/lib/libjaque.a $(fuzz_libs)
}

# fuzz_replay NAME: run the target once on each input of
# tests/fuzz/regress/NAME (inputs that once crashed it); 0 when none does
fuzz_replay() {
	local name=$1 dir=tests/fuzz/regress/${1#fuzz_} log=build/fuzz/$1/replay.log
	[ -d "$dir" ] || return 0
	if ! "build/fuzz/$name/$name" "$dir"/* </dev/null >"$log" 2>&1; then
		tail -n 40 "$log"
		echo "fuzz: $name: an input of $dir crashes it again (log: $log)" >&2
		return 1
	fi
	echo "fuzz: $name: $(find "$dir" -type f | wc -l) regression inputs replayed"
}
