#!/usr/bin/env bash
# check_signature.sh — this build's bench signatures: every game's against its folder's
# engine/games/<game>/signature.txt, and the default game's (Monkey Queen) also against the
# newest `Bench: N` line on the main line of the git history: a change of search behaviour
# that no commit announced fails.
# Usage: bash bench/check_signature.sh SIMIA             (CI runs it from tests/run.sh)
#        bash bench/check_signature.sh --recorded SIMIA  the games' recorded signatures only
#                                                        (ctest bench_signatures)
# Example, from the top of a clone after uci-like/quickstart.sh: bash bench/check_signature.sh build/simia
set -euo pipefail
. "$(dirname "$0")/need.sh"
recorded_only=0
if [ "${1:-}" = --recorded ]; then recorded_only=1; shift; fi
[ $# -eq 1 ] || { echo "usage: bash bench/check_signature.sh [--recorded] SIMIA" >&2; exit 2; }
simia=$(need_exec check_signature.sh SIMIA "$1") || exit 2
cd "$(dirname "$0")/.."
status=0
for file in engine/games/*/signature.txt; do
    game=$(basename "$(dirname "$file")")
    nodes=$(tr -d '[:space:]' < "$file")
    got=$("$simia" --game "$game" bench 2>/dev/null | sed -n 's/^Nodes searched: //p')
    if [ "$got" != "$nodes" ]; then
        echo "signature: $game gives $got, $file says $nodes" >&2
        status=1
    else
        echo "signature: $game $got, as recorded" >&2
    fi
done
[ "$status" = 0 ] || exit 1
[ "$recorded_only" = 0 ] || exit 0
if ! git rev-parse --git-dir >/dev/null 2>&1; then
    echo "signature: not a git checkout, nothing to compare with" >&2
    exit 0
fi
# --first-parent: the commits of the main line (a merge carries the signature it lands with).
want=$(git log --first-parent --format=%B | sed -n 's/^Bench: \([0-9][0-9]*\)[[:space:]]*$/\1/p' | head -n 1)
if [ -z "$want" ]; then
    echo "signature: no commit in this history carries a Bench line (a shallow clone?)" >&2
    exit 0
fi
got=$("$simia" bench 2>/dev/null | sed -n 's/^Nodes searched: //p')
if [ "$got" != "$want" ]; then
    echo "signature: this build's bench gives $got, the newest Bench line says $want" >&2
    exit 1
fi
echo "signature: Bench: $got, as announced" >&2
