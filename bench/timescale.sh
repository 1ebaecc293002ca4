#!/usr/bin/env bash
# timescale.sh — runs a UGI engine with the time limits of every `go` multiplied by a
# factor (movetime, clocks, increments), for matches that give one engine more time:
# cutegames has one time control for all engines. Pair it with a larger arena time buffer
# (bench/match.sh --buffer) in movetime matches.
# Usage: bench/timescale.sh FACTOR ENGINE [ARGS...]     (FACTOR in hundredths: 170 = 1.7x)
# An ENGINE that is not an executable file stops it before it reads a line: one line naming it,
# exit status 2.
# Example: bench/match.sh --buffer 120 build/simia "bench/timescale.sh 170 build/simia"
set -euo pipefail
. "$(dirname "$0")/need.sh"
[ $# -ge 2 ] || { echo "usage: bench/timescale.sh FACTOR ENGINE [ARGS...]" >&2; exit 2; }
[[ $1 =~ ^[0-9]+$ ]] && [ "$1" -gt 0 ] || { echo "timescale.sh: FACTOR is in hundredths (170 = 1.7x), not '$1'" >&2; exit 2; }
factor=$1
need_exec timescale.sh ENGINE "$2" >/dev/null || exit 2
shift
# Line by line (awk implementations may wait for the end of input before they answer).
while IFS= read -r line; do
    read -r -a w <<<"$line"
    if [ "${w[0]:-}" = go ]; then
        for ((i = 1; i + 1 < ${#w[@]}; i++)); do
            case ${w[i]} in movetime|p1time|p2time|p1inc|p2inc|wtime|btime|winc|binc)
                [[ ${w[i + 1]} =~ ^[0-9]+$ ]] && w[i + 1]=$((w[i + 1] * factor / 100)); i=$((i + 1)) ;;
            esac
        done
        line="${w[*]}"
    fi
    printf '%s\n' "$line"
done | "$@"
