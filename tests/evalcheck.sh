#!/usr/bin/env bash
# evalcheck.sh — the evaluation-check build at work (CMake -DSIMIA_EVAL_CHECK=ON, engine/evalcheck.h):
# every game's bench with its net and with the hand-written evaluation, each evaluation the search uses
# compared with one from scratch; an abort (a difference) fails. First it makes sure the check fires.
# Usage: bash tests/evalcheck.sh SIMIA    (SIMIA built with the option; tests/run.sh runs it)
set -euo pipefail
[ $# -eq 1 ] && [ -x "$1" ] || { echo "usage: bash tests/evalcheck.sh SIMIA (an executable built with -DSIMIA_EVAL_CHECK=ON)" >&2; exit 2; }
simia=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
fail() { echo "evalcheck: FAILED: $*" >&2; exit 1; }
now() { date +%s%N; }
ms_since() { echo $(( ($(now) - $1) / 1000000 )); }
start=$(now)

# Not vacuous: an evaluation of each path made one off (SIMIA_EVAL_CHECK_PERTURB) must abort with
# the line naming that path. M.A.D. takes every path: a net with accumulators that follow the line
# (the root's evaluation), null moves, the thread's cache and the table's kept evaluations.
for path in evaluate cache table root null; do
    want="^evalcheck: mad: $path "
    [ "$path" = null ] && want="^evalcheck: mad: [a-z]* after a null move "
    # (in a subshell whose own stderr is dropped: the shell's "Aborted" notice is expected here)
    if (SIMIA_EVAL_CHECK_PERTURB=$path "$simia" --game mad bench >/dev/null 2>"$log"; exit $?) 2>/dev/null; then
        fail "a perturbed $path evaluation went unnoticed (no check on that path, or a build without SIMIA_EVAL_CHECK)"
    fi
    grep -q "$want" "$log" || { cat "$log" >&2; fail "the perturbed $path evaluation did not abort with its line"; }
    echo "evalcheck: a perturbed $path evaluation aborts: $(grep '^evalcheck:' "$log" | cut -c1-120)..." >&2
done

# Every game, with its net (Use NNUE's default; the same tree as the normal build, so the signature
# its folder records) and with the hand-written evaluation (through the protocol, whose bench
# measures the evaluation the engine plays with).
for file in engine/games/*/signature.txt; do
    game=$(basename "$(dirname "$file")")
    t0=$(now)
    "$simia" --game "$game" bench >"$log" 2>&1 || { grep -v '^position ' "$log" >&2; fail "$game: bench with its net"; }
    got=$(sed -n 's/^Nodes searched: //p' "$log")
    [ "$got" = "$(tr -d '[:space:]' <"$file")" ] || fail "$game: the check build searched $got nodes, $file says $(cat "$file")"
    net_ms=$(ms_since "$t0")
    t0=$(now)
    printf 'setoption name Use NNUE value false\nbench\nquit\n' | "$simia" --game "$game" >"$log" 2>&1 ||
        { grep -v '^position ' "$log" >&2; fail "$game: bench with the hand-written evaluation"; }
    grep -q '^Evaluation: hand-written' "$log" && grep -q '^Nodes searched: ' "$log" ||
        { cat "$log" >&2; fail "$game: the protocol's bench did not run with the hand-written evaluation"; }
    hand_ms=$(ms_since "$t0")
    # One engine whose evaluator changes between searches (the net, the hand-written evaluation,
    # the net again): no search may meet the other evaluator's numbers in the table it keeps.
    t0=$(now)
    coproc ENGINE { "$simia" --game "$game" 2>&1; }
    for use in true false true; do
        printf 'setoption name Use NNUE value %s\nposition startpos\ngo nodes 200000\n' "$use" >&"${ENGINE[1]}"
        while :; do
            IFS= read -t 300 -r line <&"${ENGINE[0]}" || fail "$game: the engine died (or hung) searching with Use NNUE $use"
            case $line in evalcheck:*) fail "$game: $line" ;; bestmove*) break ;; esac
        done
    done
    echo quit >&"${ENGINE[1]}"
    wait "$ENGINE_PID" || fail "$game: the engine whose evaluator changed exited with status $?"
    echo "evalcheck: $game: every evaluation as from scratch, net ${net_ms} ms, hand-written ${hand_ms} ms," \
         "evaluator switched $(ms_since "$t0") ms" >&2
done
echo "evalcheck: passed in $(ms_since "$start") ms" >&2
