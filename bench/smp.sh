#!/usr/bin/env bash
# smp.sh — the Lazy SMP measurements of one build, to run on an otherwise idle machine:
#   1. nodes/second with 1 and 2 threads over the bench positions, alternating the runs,
#      with the median ratio (target: 2 threads >= 1.9x one thread on 2 cores);
#   2. time to depth with 1, 2, ... threads (simia bench threads);
#   3. self-play: 2 threads against 1 at a fixed time per move (target >= +70 Elo), and 2
#      threads against 1 thread given 1.7x the time (target: at least even).
# Usage: bench/smp.sh [--runs N] [--depth D] [--games G] [--movetime MS] [--skip-matches]
#                     [--cutegames PATH] SIMIA
#   The matches (3.) run bench/match.sh with the arena of --cutegames, else $CUTEGAMES, else
#   cutegames on PATH. A SIMIA or an arena that is not an executable file stops it before anything
#   runs: one line naming it, exit status 2.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/need.sh"
runs=3 depth=6 games=400 movetime=100 matches=1 arena=
while [ $# -gt 0 ]; do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --depth) depth=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --movetime) movetime=$2; shift 2 ;;
    --skip-matches) matches=0; shift ;;
    --cutegames) arena=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -*) echo "smp.sh: unknown option $1 (--help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -eq 1 ] || { echo "usage: bench/smp.sh [options] SIMIA (--help)" >&2; exit 2; }
case $runs$depth$games$movetime in *[!0-9]*) echo "smp.sh: --runs, --depth, --games and --movetime take numbers" >&2; exit 2 ;; esac
simia=$(need_exec smp.sh SIMIA "$1") || exit 2
[ "$matches" = 0 ] || arena=$(need_arena smp.sh "$arena") || exit 2
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"

nps() { "$simia" bench "$depth" "$1" 2>/dev/null | sed -n 's/^Nodes\/second: //p'; }
echo "== nodes/second, bench depth $depth, $runs alternating runs"
r1=() r2=() ratios=()
for ((i = 0; i < runs; i++)); do
    a=$(nps 1); b=$(nps 2)
    r1+=("$a"); r2+=("$b"); ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')")
    echo "run $((i + 1)): 1 thread $a, 2 threads $b, ratio ${ratios[-1]}"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { printf "ratio 2/1 threads: min %s median %s max %s\n", v[1], v[int((NR + 1) / 2)], v[NR] }'

echo "== time to depth $depth"
"$simia" bench threads "$depth" "$(nproc)" 2>/dev/null

[ "$matches" = 1 ] || exit 0
echo "== 2 threads vs 1, movetime $movetime, $games games"
"$here/match.sh" --cutegames "$arena" --games "$games" --tc "movetime:$movetime" --options-a Threads=2 --options-b Threads=1 \
    --name-a threads2 --name-b threads1 "$simia" "$simia"
echo "== 2 threads vs 1 thread with 1.7x the time, movetime $movetime, $games games"
"$here/match.sh" --cutegames "$arena" --games "$games" --tc "movetime:$movetime" --buffer $((movetime * 7 / 10 + 50)) \
    --options-a Threads=2 --options-b Threads=1 --name-a threads2 --name-b threads1x1.7 \
    "$simia" "$here/timescale.sh 170 $simia"
