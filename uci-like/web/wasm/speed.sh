#!/usr/bin/env bash
# speed.sh — the WebAssembly engine's speed as a share of the native one's: every game's
# `bench` (its default depth, one thread) run by both, one after the other, each N times
# (the best of the N taken, a loaded machine only ever slows a run down); prints per game the
# node counts (which must agree: the bench signature), both speeds and their ratio.
# Usage: bash uci-like/web/wasm/speed.sh [--runs N] NATIVE_SIMIA WASM_SIMIA
#   e.g. bash uci-like/web/wasm/speed.sh build/simia build/wasm/simia-node
set -euo pipefail
runs=1
if [ "${1:-}" = --runs ]; then runs=${2:?}; shift 2; fi
[ $# -eq 2 ] || { sed -n '6,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
. "$(dirname "$0")/../../../bench/need.sh"
native=$(need_exec speed.sh NATIVE_SIMIA "$1") || exit 2
wasm=$(need_exec speed.sh WASM_SIMIA "$2") || exit 2
cd "$(dirname "$0")/../../.."

best() { # simia game: "nodes nps", the best nps of $runs runs
    local top=0 nodes= out n s
    for _ in $(seq "$runs"); do
        out=$("$1" --game "$2" bench 2>/dev/null)
        n=$(sed -n 's/^Nodes searched: //p' <<<"$out")
        s=$(sed -n 's/^Nodes\/second: //p' <<<"$out")
        nodes=$n
        [ "$s" -gt "$top" ] && top=$s
    done
    echo "$nodes $top"
}

status=0
printf '%-16s %12s %12s %12s %7s\n' game nodes native wasm share
for dir in engine/games/*/; do
    [ -f "$dir/signature.txt" ] || continue
    game=$(basename "$dir")
    read -r n1 s1 < <(best "$native" "$game")
    read -r n2 s2 < <(best "$wasm" "$game")
    [ "$n1" = "$n2" ] || { echo "speed.sh: $game: native searched $n1 nodes, WebAssembly $n2" >&2; status=1; }
    printf '%-16s %12s %12s %12s %6s%%\n' "$game" "$n2" "$s1" "$s2" "$(( s2 * 100 / (s1 > 0 ? s1 : 1) ))"
done
exit $status
