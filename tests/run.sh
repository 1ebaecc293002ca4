#!/usr/bin/env bash
# run.sh — the whole test suite, as CI runs it: installs what is missing, builds with gcc
# and with clang (warnings are errors) and runs every CTest suite in each build.
# Usage: bash tests/run.sh            (everything)
#        bash tests/run.sh quick      (one gcc build only)
set -euo pipefail
cd "$(dirname "$0")/.."
source tests/deps.sh
simia_need_packages

jobs=$(nproc 2>/dev/null || echo 2)
mode=${1:-full}

run_build() { # name, cmake args...
    local dir="build/test-$1"; shift
    echo "== build $dir ($*)" >&2
    cmake -S . -B "$dir" -DSIMIA_WERROR=ON "$@" >/dev/null
    cmake --build "$dir" -j "$jobs" >/dev/null
    echo "== test $dir" >&2
    ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

run_build gcc -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release
[ "$mode" = quick ] && exit 0
run_build clang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release
echo "All tests passed." >&2
