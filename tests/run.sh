#!/usr/bin/env bash
# run.sh — the whole test suite, as CI runs it: installs what is missing, then builds and
# runs every CTest suite with gcc and clang (warnings are errors), again under
# AddressSanitizer + UndefinedBehaviorSanitizer and the threaded tests under
# ThreadSanitizer, benches every game in the evaluation-check build (tests/evalcheck.sh) and the
# tuning build (with the SPSA tuner's test), runs
# each libFuzzer target for a short fixed time, and plays every game in the web page in
# headless Chromium (tests/web/e2e.py).
# Usage: bash tests/run.sh            everything (what CI runs)
#        bash tests/run.sh quick      the gcc build and its tests only
#        bash tests/run.sh web        only the web page's end-to-end test
#        bash tests/run.sh wasm       only the WebAssembly engine: its static page, its bench
#                                     signatures under node, the page's test with it in a Worker
#        bash tests/run.sh evalcheck  only the evaluation-check build and its benches
#        bash tests/run.sh tune       only the tuning build (signatures, the SPSA tuner's test)
#        SIMIA_FUZZ_SECONDS=600 bash tests/run.sh fuzz   only the fuzzers, longer
set -euo pipefail
cd "$(dirname "$0")/.."
source tests/deps.sh
mode=${1:-full}
# python3-torch and python3-numpy: the NNUE trainer and its tests (engine/nnue/train/).
if [ "$mode" = quick ]; then simia_need_packages python3-torch python3-numpy
else simia_need_packages libclang-rt-14-dev python3-torch python3-numpy; fi

jobs=$(nproc 2>/dev/null || echo 2)
fuzz_seconds=${SIMIA_FUZZ_SECONDS:-60}
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}

# One line per stage, when it ends, with the seconds it took ("== test build/test-gcc (312 s)"; a
# stage that fails says so), then the whole run's: what to expect of the next run, and where the
# time goes. The last stage ends with the script (the EXIT trap).
stage_name= stage_start=$SECONDS
stage_end() { # [failed]
    [ -n "$stage_name" ] || return 0
    echo "== $stage_name (${1:+$1 after }$((SECONDS - stage_start)) s)" >&2
    stage_name=
}
stage() { stage_end; stage_name=$*; stage_name=${stage_name%% }; stage_start=$SECONDS; }
trap 'status=$?; if [ "$status" = 0 ]; then stage_end; else stage_end failed; fi; echo "== tests/run.sh ${mode:-} ($SECONDS s in all)" >&2' EXIT

build() { # dir, cmake args...
    local dir="build/$1"; shift
    stage "build $dir ($*)"
    cmake -S . -B "$dir" -DSIMIA_WERROR=ON "$@" >/dev/null
    cmake --build "$dir" -j "$jobs" >/dev/null
}

test_in() { # dir, ctest args...
    local dir="build/$1"; shift
    stage "test $dir $*"
    ctest --test-dir "$dir" --output-on-failure -j "$jobs" "$@"
}

# Each libFuzzer target for fuzz_seconds, from its committed seeds (tests/fuzz/corpus/<target>/ and
# every game's engine/games/<game>/fuzz/<target>/, only read) and a scratch
# corpus; a hang of 20 s counts as a failure. A failing input is kept in build/fuzz-artifacts/
# (replay it with build/<any test build>/tests/fuzz/fuzz_<target>_replay FILE; to keep it as a
# regression test, copy it to tests/fuzz/regressions/<target>/).
fuzz() {
    build fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSIMIA_TESTS=OFF \
        -DSIMIA_FUZZ=ON -DSIMIA_SANITIZE=address,undefined
    local work artifacts=build/fuzz-artifacts
    work=$(mktemp -d)
    mkdir -p "$artifacts"
    for target in build/fuzz/tests/fuzz/fuzz_*; do
        local name=${target##*/fuzz_}
        local dict=() seeds=("tests/fuzz/corpus/$name")
        for d in engine/games/*/fuzz/"$name"; do [ -d "$d" ] && seeds+=("$d"); done
        [ -f "tests/fuzz/$name.dict" ] && dict=(-dict="tests/fuzz/$name.dict")
        stage "fuzz $name for ${fuzz_seconds}s"
        mkdir -p "$work/$name"
        "$target" -max_total_time="$fuzz_seconds" -max_len=4096 -timeout=20 -print_final_stats=1 \
            "${dict[@]}" -artifact_prefix="$artifacts/$name-" "$work/$name" "${seeds[@]}" \
            2> "$work/$name.log" || { tail -n 60 "$work/$name.log" >&2
                                      echo "fuzz target $name failed; the input is in $artifacts:" >&2
                                      ls -l "$artifacts" >&2; exit 1; }
        grep -E "INFO: Seed:|stat::number_of_executed_units|stat::new_units_added|Done" "$work/$name.log" >&2 || true
    done
    rm -rf "$work"
}

# The evaluation-check build (engine/evalcheck.h): every game's bench, with its net and with the
# hand-written evaluation, each evaluation the search uses compared with one from scratch (an abort
# fails), after making sure the check fires (tests/evalcheck.sh).
evalcheck() {
    build evalcheck -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release -DSIMIA_TESTS=OFF -DSIMIA_EVAL_CHECK=ON
    stage "evalcheck: every game's bench against evaluations from scratch"
    bash tests/evalcheck.sh build/evalcheck/simia
}

# The tuning build (cmake -DSIMIA_TUNE=ON): its bench signature is the normal build's (the options
# start at the game's values) and the SPSA tuner runs a few iterations on it (tests/tune/).
tune() {
    build tune -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release -DSIMIA_TUNE=ON
    stage "tune: the tuning build's signatures and the SPSA tuner"
    bash bench/check_signature.sh --recorded build/tune/simia
    test_in tune -L tune
}

# The page (uci-like/web/) served by its own start script and played in headless Chromium,
# every registered game to its end, against the engine given (see tests/web/e2e.py).
web() {
    simia_need_packages websocketd chromium chromium-driver python3-selenium fonts-dejavu-core
    stage "web: every game played in the page, headless Chromium against websocketd and $1"
    # Debian's python3 (the one python3-selenium installs into), not whatever python3 is first on PATH.
    /usr/bin/python3 tests/web/e2e.py --engine "$1" --out build/web-e2e
}

# The engine compiled to WebAssembly (Debian's emscripten) and the static page around it
# (uci-like/web/build_static.sh): every game's bench signature under node, then the page served
# by python3 -m http.server played in headless Chromium with its engine in a Worker, the native
# engine given as the test's referee (tests/web/e2e.py --static).
wasm() {
    simia_need_packages emscripten nodejs chromium chromium-driver python3-selenium fonts-dejavu-core
    stage "wasm: the engine as WebAssembly and the static page (uci-like/web/build_static.sh)"
    bash uci-like/web/build_static.sh --build build/wasm --out build/web-static
    stage "wasm: every game's bench signature, the WebAssembly engine under node"
    bash bench/check_signature.sh --recorded build/wasm/simia-node
    stage "wasm: every game played in the static page, its engine in a Worker, headless Chromium (referee $1)"
    /usr/bin/python3 tests/web/e2e.py --static build/web-static --engine "$1" --out build/web-e2e-static
}

case "$mode" in
quick)
    build test-gcc -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release
    test_in test-gcc
    ;;
fuzz)
    simia_need_packages libclang-rt-14-dev
    fuzz
    ;;
evalcheck)
    evalcheck
    ;;
tune)
    tune
    ;;
web)
    build web -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release -DSIMIA_TESTS=OFF
    web build/web/simia
    ;;
wasm)
    build web -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release -DSIMIA_TESTS=OFF
    wasm build/web/simia
    ;;
full)
    build test-gcc -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release
    test_in test-gcc
    stage "bench signature against the commit history"
    bash bench/check_signature.sh build/test-gcc/simia
    evalcheck
    tune
    # The many-machines test (label hosts: ssh, GNU parallel, shell scripts) runs once, in the gcc build.
    build test-clang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release
    test_in test-clang -LE hosts
    build test-asan -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DSIMIA_SANITIZE=address,undefined
    test_in test-asan -LE "hosts|signature"
    build test-tsan -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DSIMIA_SANITIZE=thread
    test_in test-tsan -L threads
    fuzz
    web build/test-gcc/simia
    wasm build/test-gcc/simia
    echo "All tests passed." >&2
    ;;
*)
    echo "usage: bash tests/run.sh [quick|fuzz|web|wasm|evalcheck|tune|full]" >&2
    exit 2
    ;;
esac
