#!/usr/bin/env bash
# timescale.sh — runs a UGI engine with the time limits of every `go` multiplied by a
# factor (movetime, clocks, increments), for matches that give one engine more time:
# cutegames has one time control for all engines. Pair it with a larger arena time buffer
# (bench/match.sh --buffer) in movetime matches.
# Usage: bench/timescale.sh FACTOR ENGINE [ARGS...]     (FACTOR in hundredths: 170 = 1.7x)
set -euo pipefail
factor=$1
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
