#!/usr/bin/env bash
# nnue_speed.sh — what the learned evaluation costs in a search: `bench` with `Use NNUE` off
# and on in turns, the same binary, and the median ratio of nodes per CPU second (on / off).
# Usage: bash bench/nnue_speed.sh [--pairs N] [--depth D] [--threads T] SIMIA [GAME...]
#   --pairs N    rounds of (off, on), the order swapped every other round (default 3)
#   --depth D    bench depth (default: each game's own)
#   --threads T  search threads (default 1; T > 1 also prints nodes per wall second)
#   GAME...      the games (default all the engine lists)
# Example, from the top of a clone after uci-like/quickstart.sh: bash bench/nnue_speed.sh build/simia mad
# Prints one line per game: both speeds of each round, the medians and the ratio, and the
# evaluations per CPU second bench measures. Quote a figure only from a quiet machine (or
# pause what runs beside it): rounds alternate so that drift hits both sides alike.
set -euo pipefail
. "$(dirname "$0")/need.sh"
pairs=3 depth="" threads=1
while [ $# -gt 0 ]; do
    case "$1" in
    --pairs) pairs=${2:?}; shift 2 ;;
    --depth) depth=${2:?}; shift 2 ;;
    --threads) threads=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "nnue_speed.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
case "$pairs$threads$depth" in *[!0-9]*) echo "nnue_speed.sh: --pairs, --depth and --threads take whole numbers" >&2; exit 2 ;; esac
[ $# -ge 1 ] || { echo "usage: bash bench/nnue_speed.sh [--pairs N] [--depth D] [--threads T] SIMIA [GAME...]" >&2; exit 2; }
simia=$(need_exec nnue_speed.sh SIMIA "$1") || exit 2
shift
games=("$@")
if [ ${#games[@]} -eq 0 ]; then
    mapfile -t games < <("$simia" --help 2>/dev/null | sed -n '/^Games/,/^$/p' | awk 'NR > 1 && NF {print $1}')
fi
[ ${#games[@]} -gt 0 ] || { echo "nnue_speed.sh: '$simia' lists no games" >&2; exit 2; }

# One bench: prints "CPU_NPS WALL_NPS EVALS_NNUE" for Use NNUE=$2 in game $1.
one() {
    local out
    out=$(printf 'setoption name Threads value %s\nsetoption name Use NNUE value %s\nbench %s %s\nquit\n' \
        "$threads" "$2" "${depth:-}" "${depth:+$threads}" | "$simia" --game "$1" 2>/dev/null) || return 1
    awk '/^Nodes\/CPU-second:/ {c=$2} /^Nodes\/second:/ {w=$2} /^Evaluations\/CPU-second:/ {e=$0}
         END {if (c == "") exit 1; sub(/^Evaluations\/CPU-second: */, "", e); print c, w, e}' <<<"$out"
}
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

for g in "${games[@]}"; do
    off=() on=() woff=() won=() evals=""
    for ((r = 0; r < pairs; r++)); do
        order=(false true)
        [ $((r % 2)) -eq 1 ] && order=(true false)
        for use in "${order[@]}"; do
            read -r c w e < <(one "$g" "$use") || { echo "nnue_speed.sh: bench failed in game '$g'" >&2; exit 1; }
            if [ "$use" = true ]; then on+=("$c"); won+=("$w"); evals=$e; else off+=("$c"); woff+=("$w"); fi
        done
    done
    moff=$(printf '%s\n' "${off[@]}" | median)
    mon=$(printf '%s\n' "${on[@]}" | median)
    line=$(awk -v a="$mon" -v b="$moff" 'BEGIN {printf "%.3f", a / b}')
    printf '%s: nodes/CPU-s off %s, on %s; medians %s / %s = %s' "$g" "${off[*]}" "${on[*]}" "$mon" "$moff" "$line"
    if [ "$threads" -gt 1 ]; then
        printf '; nodes/s (wall) medians on %s, off %s' "$(printf '%s\n' "${won[@]}" | median)" \
            "$(printf '%s\n' "${woff[@]}" | median)"
    fi
    printf '; evaluations/CPU-s %s\n' "$evals"
done
