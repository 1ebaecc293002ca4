#!/usr/bin/env bash
# datagen.sh — `simia datagen` spread over many machines: the positions cut into shards, each with its
# own seed, run on the hosts of a GNU parallel sshlogin file (or as a Slurm array job), the shards'
# files checked, merged into one (`simia datagen --merge`) and checked again; progress over all hosts.
#
# Usage: bench/datagen.sh (--hosts FILE | --slurm 'SBATCH-OPTIONS' [--wait]) --positions N [options]
#   --hosts FILE         a GNU parallel sshlogin file ('N/ssh-login': N shards at once there; 'N/:' here)
#   --slurm OPTIONS      one Slurm array task per shard and a merge job after them (a file system every
#                        node sees); --wait waits for the merge and prints its result
#   --positions N        positions in all (needed)
#   --shards K           shards (default: twice the job slots with --hosts, 4 with --slurm); the
#                        positions are split evenly, shard k (from 1) uses seed S + k * 2^32, so no two
#                        shards play a game of the same seed (game i of a shard uses its seed + i)
#   --seed S             (default: from the clock, printed, and kept in OUT for a rerun)
#   --game G, --nodes N, --random-plies K, --threads T, --hash MB, --max-plies N, --option NAME=VALUE,
#   --keep quiet|noisy|all, --keep-noisy, --adjudicate-win SCORE:PLIES|off,
#   --adjudicate-draw SCORE:PLIES:AFTER|off,
#   --openings FILE      passed to every shard's `simia datagen` (the openings file is copied to each)
#   --simia PATH         the executable (default build/simia); the same path on every host
#   --retries N          tries per shard with --hosts (default 2, on other hosts when there are)
#   --out DIR            where the shards and the merged OUT/data.bin go (default a new directory under
#                        $TMPDIR or /tmp)
# A shard that fails loses only its positions: it is named with its host, the merged file holds the
# others and the missing count is printed (exit status 3); the same command with the same --out runs
# only the missing shards. A --simia that is not an executable file, or an unreadable hosts or openings
# file, stops it before anything runs: one line naming it, exit status 2.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/need.sh"
command_args=$(printf '%q ' "$@")

hosts= slurm= slurm_on=0 wait=0 merge_only=0 positions= shards= seed= game=monkeyqueen simia=$(cd "$here/.." && pwd)/build/simia
retries=2 out= openings= pass=()
while [ $# -gt 0 ]; do
    case $1 in
    --hosts) hosts=$2; shift 2 ;;
    --slurm) slurm=$2; slurm_on=1; shift 2 ;;
    --wait) wait=1; shift ;;
    --merge-only) merge_only=1; shift ;; # what the Slurm merge job runs
    --positions) positions=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --game) game=$2; shift 2 ;;
    --nodes|--random-plies|--threads|--hash|--max-plies|--option|--keep|--adjudicate-win|--adjudicate-draw)
        [ $# -ge 2 ] || { echo "datagen.sh: $1 needs a value" >&2; exit 2; }
        pass+=("$1" "$2"); shift 2 ;;
    --keep-noisy) pass+=("$1"); shift ;;
    --openings) openings=$2; shift 2 ;;
    --simia) simia=$2; shift 2 ;;
    --retries) retries=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "datagen.sh: unknown argument $1 (--help)" >&2; exit 2 ;;
    esac
done
. "$here/spread.sh"
[ -n "$hosts" ] || [ "$slurm_on" = 1 ] || { echo "datagen.sh: --hosts FILE or --slurm OPTIONS (on one machine: simia datagen)" >&2; exit 2; }
[ -z "$hosts" ] || [ "$slurm_on" = 0 ] || { echo "datagen.sh: --hosts or --slurm, not both" >&2; exit 2; }
case ${positions:-x}${shards}${seed}${retries} in *[!0-9]*) echo "datagen.sh: --positions N is needed; --positions, --shards, --seed and --retries take numbers" >&2; exit 2 ;; esac
[ "$positions" -gt 0 ] || { echo "datagen.sh: --positions must be positive" >&2; exit 2; }
simia=$(need_exec datagen.sh "the engine (--simia)" "$simia") || exit 2
if [ -n "$hosts" ]; then
    [ -f "$hosts" ] && [ -r "$hosts" ] || { echo "datagen.sh: cannot read the hosts file '$hosts'" >&2; exit 2; }
    hosts=$(cd "$(dirname "$hosts")" && pwd)/$(basename "$hosts")
    slots=$(spread_slots "$hosts")
    [ -n "$shards" ] || shards=$((2 * slots))
else
    [ -n "$shards" ] || shards=4
fi
[ "$shards" -gt 0 ] || { echo "datagen.sh: --shards must be positive" >&2; exit 2; }
[ "$shards" -le "$positions" ] || shards=$positions
if [ -n "$openings" ] && ! { [ -f "$openings" ] && [ -r "$openings" ]; }; then
    echo "datagen.sh: cannot read the openings file '$openings'" >&2; exit 2
fi

[ -n "$out" ] || out=$(mktemp -d -t simia-datagen.XXXXXX)
mkdir -p "$out/shards"
out=$(cd "$out" && pwd)
# The seed: given, else the one an earlier run in OUT chose, else the clock's.
if [ -z "$seed" ]; then
    if [ -s "$out/seed" ]; then seed=$(cat "$out/seed"); else seed=$(date +%s%N | cut -c1-15); fi
fi
echo "$seed" >"$out/seed"

# Each shard: its datagen arguments (a file `args`, one per line) and its positions; a directory of
# an earlier run of the same job keeps its finished shards, another job's is refused.
all=()
for ((k = 1; k <= shards; k++)); do
    s=$(printf '%04d' "$k") d=$out/shards/$(printf '%04d' "$k")
    n=$((positions / shards + (k <= positions % shards ? 1 : 0)))
    mkdir -p "$d"
    {
        printf '%s\n' --game "$game" datagen --out data.bin --positions "$n" --seed "$((seed + k * 4294967296))" "${pass[@]}"
        [ -z "$openings" ] || printf '%s\n' --openings openings.txt
    } >"$d/args.new"
    [ -z "$openings" ] || cp "$openings" "$d/openings.new"
    if [ -e "$d/args" ] && ! { cmp -s "$d/args.new" "$d/args" && { [ -z "$openings" ] || cmp -s "$d/openings.new" "$d/openings.txt"; }; }; then
        rm -f "$d/args.new" "$d/openings.new"
        echo "datagen.sh: $out holds shards of another run; give another --out" >&2; exit 2
    fi
    mv "$d/args.new" "$d/args"; [ -z "$openings" ] || mv "$d/openings.new" "$d/openings.txt"
    echo "$n" >"$d/positions"
    all+=("$s")
done
echo "datagen: $game, $positions positions in $shards shards, seed $seed (shard k: seed + k * 2^32), ${pass[*]}; in $out" >&2

# What a host runs in a shard's directory: datagen (its progress lines on stdout, marked with the
# shard), then its own check of the file it wrote.
sq=$(printf '%q' "$simia")
job="rm -f data.bin ok done; echo \"\$HOST\" > host; read n < positions; echo \"datagen: shard \$SHARD (\$n positions) started on \$HOST\"; { xargs -d '\\n' $sq < args 2>&1; echo \"exit \$?\"; } | tee datagen.log | sed -u \"s/^/shard \$SHARD: /\" | grep --line-buffered 'datagen: [0-9]* positions'; s=\$(sed -n 's/^exit //p' datagen.log); p=\$($sq --game $(printf '%q' "$game") datagen --check data.bin 2>&1 | sed -n 's/^positions: \\([0-9]*\\).*/\\1/p'); if [ \"\$s\" = 0 ] && [ \"\$p\" = \"\$n\" ]; then touch ok; echo \"datagen: shard \$SHARD done on \$HOST: \$p positions\"; else echo \"datagen: shard \$SHARD FAILED on \$HOST: datagen exit \$s, \${p:-no valid file} of \$n positions\"; exit 1; fi"

count() { "$simia" --game "$game" datagen --check "$1" 2>/dev/null | sed -n 's/^positions: \([0-9]*\).*/\1/p'; }
# A shard is done when its job succeeded and its file came back whole (checked here too).
mark_done() {
    local s
    for s in "$@"; do
        [ -e "$out/shards/$s/ok" ] && [ "$(count "$out/shards/$s/data.bin")" = "$(cat "$out/shards/$s/positions")" ] &&
            touch "$out/shards/$s/done"
    done
    return 0
}

todo=()
for s in "${all[@]}"; do [ -e "$out/shards/$s/done" ] || todo+=("$s"); done
[ ${#todo[@]} = ${#all[@]} ] || echo "datagen: $shards shards, $((shards - ${#todo[@]})) already done in $out: running the other ${#todo[@]}" >&2
t0=$(date +%s)
if [ "$merge_only" = 1 ]; then
    mark_done "${todo[@]}"
elif [ "$slurm_on" = 1 ] && [ ${#todo[@]} -gt 0 ]; then
    printf '%s\n' "$job" >"$out/job.sh"
    printf 'cd %q && exec bash %q --merge-only %s\n' "$PWD" "$here/datagen.sh" "$command_args" >"$out/merge.sh"
    spread_slurm "$out" datagen "$slurm" "$wait" "${todo[@]}"
    exit
elif [ ${#todo[@]} -gt 0 ]; then
    spread_check "$hosts" datagen "$simia" || exit 2
    # Progress over every host: the newest count of each shard, summed, at most once a second.
    spread_run "$hosts" "$out" "$retries" "$job" "${todo[@]}" | awk -v total="$positions" -v base="$(
        for s in "${all[@]}"; do [ -e "$out/shards/$s/done" ] && cat "$out/shards/$s/positions"; done | awk '{ n += $1 } END { print n + 0 }')" '
        BEGIN { srand(); t0 = srand() }
        /^shard [0-9]+: datagen: [0-9]+ positions/ {
            now[$2] = $4; sum = base; for (s in now) sum += now[s]
            srand(); t = srand()
            if (t != last) { last = t; el = t - t0
                printf("datagen: %d of %d positions over all hosts (%.0f/s)\n", sum, total, (el > 0 ? (sum - base) / el : 0)) > "/dev/stderr"
                fflush("/dev/stderr") }
            next
        }
        { print > "/dev/stderr"; fflush("/dev/stderr") }' || true
    mark_done "${todo[@]}"
fi

# The finished shards' files merged, in shard order, into OUT/data.bin, then checked.
done_files=() missing=0 failed=() want=0
for s in "${all[@]}"; do
    if [ -e "$out/shards/$s/done" ]; then done_files+=("$out/shards/$s/data.bin"); want=$((want + $(cat "$out/shards/$s/positions")))
    else missing=$((missing + $(cat "$out/shards/$s/positions"))); failed+=("$s"); fi
done
[ "$merge_only" = 1 ] || echo "datagen: shards run in $(($(date +%s) - t0)) s" >&2
[ ${#failed[@]} = 0 ] || spread_failures "$out" datagen "${failed[@]}"
rm -f "$out/data.bin"
if [ ${#done_files[@]} -gt 0 ]; then
    "$simia" --game "$game" datagen --merge "$out/data.bin" "${done_files[@]}" >&2 || { echo "datagen.sh: the merge failed" >&2; exit 1; }
    "$simia" --game "$game" datagen --check "$out/data.bin" || { echo "datagen.sh: the merged file does not check" >&2; exit 1; }
    got=$(count "$out/data.bin")
    [ "$got" = "$want" ] || { echo "datagen.sh: the merged file holds $got positions, the shards $want" >&2; exit 1; }
    echo "Merged: $got positions from ${#done_files[@]} shards into $out/data.bin"
fi
[ "$missing" = 0 ] || { echo "Missing: $missing of $positions positions (shards ${failed[*]}); rerun the same command with --out $out to make only them"; exit 3; }
