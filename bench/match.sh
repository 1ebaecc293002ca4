#!/usr/bin/env bash
# match.sh — a reproducible match between two UGI engines through the cutegames arena:
# writes its settings file, plays the openings with seats exchanged, and prints the score,
# the Elo difference with its 95% error bar, the losses on time and every game the arena
# had to adjudicate otherwise (engines disagreeing on the end or result: exit status 1).
#
# Usage: bench/match.sh [options] ENGINE_A ENGINE_B
#   --games N            games in all (default 100; pairs of games share an opening)
#   --tc SPEC            movetime:MS | clock:MS+INC | nodes:N | depth:N   (default movetime:100)
#   --game NAME          the game (default monkeyqueen): passed to both engines as their
#                        parameter '--game NAME'; the default openings are engine/games/NAME/openings.txt
#   --game-option-b      engine B is told the game by 'setoption name Game' instead (what an
#                        arena does that has no parameters), A still by its parameter
#   --openings FILE      one position string per line (default engine/games/GAME/openings.txt); a
#                        suite whose first line names another game is refused
#   --concurrency N      games at once (default 1; each game runs two engine processes)
#   --sprt ELO0,ELO1     stop early by SPRT (alpha = beta = 0.05)
#   --options-a LIST     engine options for A as Name=Value,Name=Value (e.g. Threads=2)
#   --options-b LIST     the same for B
#   --name-a / --name-b  names in the output (default: the file names)
#   --buffer MS          the arena's tolerance above movetime before a loss on time (default 50)
#   --out DIR            where the settings, log and PGN go (default a new directory under $TMPDIR or /tmp)
#   --write-settings FILE  only write the arena's settings for this match to FILE (its folder made if
#                        need be), its games going to the PGN beside it (FILE's name ending .pgn), and
#                        exit: to run cutegames yourself (`cutegames --settings FILE`); needs no arena
#   --cutegames PATH     the arena (default $CUTEGAMES, else cutegames on PATH; the stand-in
#                        tests/hosts/mini_arena.py plays the same games one at a time, for a try)
#   --hosts FILE         spread the games over the hosts of a GNU parallel sshlogin file (a line
#                        'N/ssh-login' runs N shards at once there, 'N/:' on this machine): shards of
#                        whole opening pairs, each played by the arena on a host, the PGNs merged into
#                        OUT/games.pgn and scored as one match (the same games as without --hosts);
#                        with --sprt in rounds of as many shards as job slots, tested on everything
#                        merged after each round. The engines and the arena must be at the same paths
#                        on every host (checked first). A shard that fails is tried --retries times (on
#                        other hosts when there are); its games are reported missing (exit status 3),
#                        and the same command with the same --out plays only those.
#   --slurm 'SBATCH-OPTIONS'  the same shards as a Slurm array job (one task per shard, every node
#                        seeing OUT and the paths: a shared file system) and a merge job after it that
#                        writes the result to OUT/result.txt; with --wait, waits for it and prints it
#   --shard-games N      games per shard with --hosts or --slurm (even; default 20)
#   --retries N          tries per shard with --hosts (default 2)
# Engine paths may carry arguments: "build/bench/players/greedy_player --seed 7" (quote them).
# A path that is not an executable file (an engine's, the arena's) or an unreadable file stops it
# before anything runs: one line naming it, exit status 2.
#
# Examples, from the top of a clone after uci-like/quickstart.sh (cutegames given as above):
#   bench/match.sh --games 10 --tc nodes:1000 build/simia build/bench/players/random_player
#   bench/match.sh --game zoo --games 10 --tc depth:2 build/simia "build/bench/players/greedy_player --seed 7"
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/need.sh"
command_args=$(printf '%q ' "$@")

games=100 tc=movetime:100 openings= game=monkeyqueen game_option_b=0 conc=1 sprt= opts_a= opts_b=
name_a= name_b= out= arena= buffer=50 hosts= shard_games=20 retries=2 slurm= slurm_on=0 wait=0 merge_only=0
write_settings=
while [ $# -gt 0 ]; do
    case $1 in
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --openings) openings=$2; shift 2 ;;
    --game) game=$2; shift 2 ;;
    --game-option-b) game_option_b=1; shift ;;
    --concurrency) conc=$2; shift 2 ;;
    --sprt) sprt=$2; shift 2 ;;
    --options-a) opts_a=$2; shift 2 ;;
    --options-b) opts_b=$2; shift 2 ;;
    --name-a) name_a=$2; shift 2 ;;
    --name-b) name_b=$2; shift 2 ;;
    --buffer) buffer=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --write-settings) write_settings=$2; shift 2 ;;
    --cutegames) arena=$2; shift 2 ;;
    --hosts) hosts=$2; shift 2 ;;
    --shard-games) shard_games=$2; shift 2 ;;
    --retries) retries=$2; shift 2 ;;
    --slurm) slurm=$2; slurm_on=1; shift 2 ;;
    --wait) wait=1; shift ;;
    --merge-only) merge_only=1; shift ;; # what the Slurm merge job runs: no shard is played
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -*) echo "match.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -eq 2 ] || { echo "usage: bench/match.sh [options] ENGINE_A ENGINE_B (--help)" >&2; exit 2; }
# Every path first, before anything runs: an engine's (its first word; the rest are its arguments).
path_a=$(need_exec match.sh "engine A" "${1%% *}") || exit 2
path_b=$(need_exec match.sh "engine B" "${2%% *}") || exit 2
args_a= args_b=
[ "${1%% *}" = "$1" ] || args_a=${1#* }
[ "${2%% *}" = "$2" ] || args_b=${2#* }
# The arena (not needed by the Slurm merge job, which plays nothing, nor to write the settings).
[ "$merge_only" = 1 ] || [ -n "$write_settings" ] || arena=$(need_arena match.sh "$arena") || exit 2
[ -n "$openings" ] || openings=$here/../engine/games/$game/openings.txt
[ -f "$openings" ] && [ -r "$openings" ] || { echo "match.sh: cannot read the openings file '$openings'" >&2; exit 2; }
if [ -n "$hosts" ] && ! { [ -f "$hosts" ] && [ -r "$hosts" ]; }; then echo "match.sh: cannot read the hosts file '$hosts'" >&2; exit 2; fi
case $games$conc$buffer in *[!0-9]*) echo "match.sh: --games, --concurrency and --buffer take numbers" >&2; exit 2 ;; esac
[[ -z $sprt || $sprt =~ ^-?[0-9.]+,-?[0-9.]+$ ]] || { echo "match.sh: --sprt takes ELO0,ELO1 (e.g. 0,10), not '$sprt'" >&2; exit 2; }
# A suite made by `simia book openings` names its game on its first line.
suite_game=$(head -n 1 "$openings" | sed -n 's/^# Simia opening suite for \([a-z0-9]*\):.*/\1/p')
if [ -n "$suite_game" ] && [ "$suite_game" != "$game" ]; then
    echo "match.sh: '$openings' is an opening suite for $suite_game, not for $game" >&2; exit 2
fi

args_a="${args_a:+$args_a }--game $game"
if [ "$game_option_b" = 1 ]; then opts_b="Game=$game${opts_b:+,$opts_b}"
else args_b="${args_b:+$args_b }--game $game"; fi
[ -n "$name_a" ] || name_a=$(basename "$path_a")
[ -n "$name_b" ] || name_b=$(basename "$path_b")
[ "$name_a" != "$name_b" ] || { name_a="$name_a-A"; name_b="$name_b-B"; }

case $tc in
movetime:*|nodes:*|depth:*) [[ ${tc#*:} =~ ^[0-9]+$ ]] ;;
clock:*) [[ ${tc#clock:} =~ ^[0-9]+\+[0-9]+$ ]] ;;
*) false ;;
esac || { echo "match.sh: bad --tc '$tc' (movetime:MS, clock:MS+INC, nodes:N or depth:N)" >&2; exit 2; }
case $tc in
movetime:*) tcjson="{\"type\": \"movetime\", \"time\": ${tc#movetime:}}" ;;
clock:*) t=${tc#clock:}; tcjson="{\"type\": \"clock\", \"time\": ${t%+*}, \"increment\": ${t#*+}}" ;;
nodes:*) tcjson="{\"type\": \"nodes\", \"nodes\": ${tc#nodes:}}" ;;
depth:*) tcjson="{\"type\": \"depth\", \"ply\": ${tc#depth:}}" ;;
esac

# Name=Value,Name=Value -> {"Name": "Value", ...} (values are JSON strings for cutegames)
opts_json() { local IFS=, first=1 kv; printf '{'
    for kv in $1; do [ -n "$kv" ] || continue; [ $first = 1 ] || printf ', '; first=0
        printf '"%s": "%s"' "${kv%%=*}" "${kv#*=}"; done; printf '}'; }

if [ -n "$sprt" ]; then sprtjson="{\"enabled\": true, \"elo0\": ${sprt%,*}, \"elo1\": ${sprt#*,}, \"alpha\": 0.05, \"beta\": 0.05}"
else sprtjson='{"enabled": false}'; fi

# settings FILE GAMES OPENINGS PGN SPRT-JSON: the arena's settings for a match (or a shard of one).
settings() {
    cat >"$1" <<EOF
{
    "game": "generic",
    "games": $2,
    "concurrency": $conc,
    "ratinginterval": 20,
    "tournament": "roundrobin",
    "protocol": { "askturn": true, "gameover": "both" },
    "openings": { "path": "$3", "repeat": true, "shuffle": false },
    "adjudication": { "timeoutbuffer": $buffer },
    "timecontrol": $tcjson,
    "sprt": $5,
    "pgn": { "enabled": true, "path": "$4", "event": "$name_a vs $name_b $tc", "colour1": "P1", "colour2": "P2" },
    "engines": [
        { "name": "$name_a", "path": "$path_a", "parameters": "$args_a", "protocol": "UGI", "options": $(opts_json "$opts_a") },
        { "name": "$name_b", "path": "$path_b", "parameters": "$args_b", "protocol": "UGI", "options": $(opts_json "$opts_b") }
    ]
}
EOF
}

# --write-settings: the one-machine match's settings, for an arena run by hand; the PGN beside them
# (not in the folder the arena is started from, nor in a tracked file of the repository).
if [ -n "$write_settings" ]; then
    dir=$(dirname "$write_settings")
    mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ] || { echo "match.sh: cannot write the settings in '$dir'" >&2; exit 2; }
    file=$(cd "$dir" && pwd)/$(basename "$write_settings")
    settings "$file" "$games" "$(cd "$(dirname "$openings")" && pwd)/$(basename "$openings")" "${file%.json}.pgn" "$sprtjson"
    echo "match: wrote $file: $name_a vs $name_b, $game, $games games, $tc${sprt:+, SPRT [$sprt]}" >&2
    echo "match: run /path/to/cutegames --settings $file; the games go to ${file%.json}.pgn (losses on time: grep -c 'Out of time' ${file%.json}.pgn)" >&2
    exit 0
fi

[ -n "$out" ] || out=$(mktemp -d -t simia-match.XXXXXX)
mkdir -p "$out"
out=$(cd "$out" && pwd)
pgn=$out/games.pgn

# The score from A's side, counted from the PGN files (also games cutegames did not score).
score() {
    awk -v a="$name_a" -v b="$name_b" '
    /^\[P1 "/ { p1 = substr($0, 6, length($0) - 7) }
    /^\[Result "/ { r = substr($0, 10, length($0) - 11) }
    /^\[Adjudicated "Out of time"\]/ { timeout = 1 }
    /^\[Loser "/ { loser = substr($0, 9, length($0) - 10) }
    /^\[PlyCount/ {
        n++
        if (timeout) { if (loser == a) ta++; else tb++ }
        if (r == "1-0") { if (p1 == a) w++; else l++ }
        else if (r == "0-1") { if (p1 == a) l++; else w++ }
        else if (r == "1/2-1/2") d++
        else u++
        timeout = 0; loser = ""
    }
    END {
        s = n - u
        printf "Result: %s vs %s: +%d -%d =%d (%d games, %d unscored)\n", a, b, w, l, d, n, u
        printf "Time losses: %s %d, %s %d\n", a, ta, b, tb
        if (s == 0) exit
        p = (w + d / 2) / s
        var = (w * (1 - p) ^ 2 + l * p ^ 2 + d * (0.5 - p) ^ 2) / s
        se = sqrt(var / s)
        lo = p - 1.96 * se; hi = p + 1.96 * se
        printf "Score: %.1f%%  Elo: %s  95%%: [%s, %s]\n", 100 * p, fmt(p), fmt(lo), fmt(hi)
    }
    function fmt(x) { if (x <= 0) return "-inf"; if (x >= 1) return "+inf"; return sprintf("%+.1f", -400 * log(1 / x - 1) / log(10)) }
    ' "$@"
}

# Adjudications other than time losses mean the engines disagreed as referees: counted and listed.
bad_games() {
    others=$(grep -h '^\[Adjudicated ' "$@" | grep -vc 'Out of time' || true)
    echo "Adjudicated otherwise: $others" >&2
    grep -h '^\[Adjudicated ' "$@" | grep -v 'Out of time' | sort | uniq -c >&2 || true
}

if [ -z "$hosts" ] && [ "$slurm_on" = 0 ]; then
    settings "$out/settings.json" "$games" "$(cd "$(dirname "$openings")" && pwd)/$(basename "$openings")" "$pgn" "$sprtjson"
    rm -f "$pgn"
    echo "match: $name_a vs $name_b, $game, $games games, $tc, openings $openings, concurrency $conc${sprt:+, SPRT [$sprt]}" >&2
    echo "match: settings and games in $out" >&2
    status=0
    "$arena" --settings "$out/settings.json" | tee "$out/log.txt" >&2 || status=$?
    [ "$status" = 0 ] || echo "match.sh: cutegames exited with status $status" >&2
    score "$pgn"
    bad_games "$pgn"
    [ "$status" = 0 ] || exit "$status"
    [ "$others" -eq 0 ] || exit 1
    exit 0
fi

# ---- Many machines (--hosts, --slurm): shards of whole opening pairs, spread, merged here ----
. "$here/spread.sh"
[ -z "$hosts" ] || [ "$slurm_on" = 0 ] || { echo "match.sh: --hosts or --slurm, not both" >&2; exit 2; }
[ -z "$sprt" ] || [ "$slurm_on" = 0 ] || { echo "match.sh: --sprt runs in rounds with --hosts; a Slurm array plays all its games" >&2; exit 2; }
case $games$shard_games$retries in *[!0-9]*) echo "match.sh: --games, --shard-games and --retries take numbers" >&2; exit 2 ;; esac
[ $((games % 2)) = 0 ] && [ "$games" -gt 0 ] || { echo "match.sh: with --hosts, --games must be even (whole opening pairs)" >&2; exit 2; }
[ $((shard_games % 2)) = 0 ] && [ "$shard_games" -gt 0 ] || { echo "match.sh: --shard-games must be even and positive" >&2; exit 2; }
[ -z "$hosts" ] || hosts=$(cd "$(dirname "$hosts")" && pwd)/$(basename "$hosts")
# The openings as cutegames reads them (no empty line, none starting with '#'): pair i plays line i mod n,
# so the shards together play the games of the one-machine match, in the same seats.
mapfile -t lines < <(sed 's/\r$//' "$openings" | grep -v '^#' | grep -v '^$' || true)
[ ${#lines[@]} -gt 0 ] || { echo "match.sh: no openings in '$openings'" >&2; exit 2; }
pairs=$((games / 2)) per=$((shard_games / 2))
nshards=$(((pairs + per - 1) / per))
shards=()
mkdir -p "$out/shards"
for ((k = 0; k < nshards; k++)); do
    s=$(printf '%04d' $((k + 1)))
    d=$out/shards/$s first=$((k * per)) count=$((pairs - k * per < per ? pairs - k * per : per))
    mkdir -p "$d"
    for ((i = first; i < first + count; i++)); do printf '%s\n' "${lines[i % ${#lines[@]}]}"; done >"$d/openings.new"
    settings "$d/settings.new" $((2 * count)) openings.txt games.pgn '{"enabled": false}'
    # A directory from an earlier run of the same match keeps its finished shards; another match's is refused.
    if [ -e "$d/settings.json" ] && ! { cmp -s "$d/settings.new" "$d/settings.json" && cmp -s "$d/openings.new" "$d/openings.txt"; }; then
        rm -f "$d/settings.new" "$d/openings.new"
        echo "match.sh: $out holds shards of another match; give another --out" >&2; exit 2
    fi
    mv "$d/settings.new" "$d/settings.json"; mv "$d/openings.new" "$d/openings.txt"
    echo "$((2 * count)) $((2 * first + 1))" >"$d/games"
    shards+=("$s")
done
echo "match: $name_a vs $name_b, $game, $games games, $tc, openings $openings, concurrency $conc${sprt:+, SPRT [$sprt]}" >&2
if [ -n "$hosts" ]; then
    slots=$(spread_slots "$hosts")
    echo "match: $nshards shards of up to $shard_games games on $slots job slots of $hosts; settings and games in $out" >&2
    [ "$merge_only" = 1 ] || spread_check "$hosts" match "$path_a" "$path_b" "$arena" || exit 2
else
    echo "match: $nshards shards of up to $shard_games games as a Slurm array; settings and games in $out" >&2
fi

# What a host runs in a shard's directory: the arena, then a check that every game is in the PGN;
# a line naming the shard, its games and the host when it starts, and one with the score (or why it
# failed) when it ends (a try cut off by a lost connection shows as a start without an end).
job="rm -f games.pgn ok done; echo \"\$HOST\" > host; read n f < games; r=\"games \$f-\$((f + n - 1))\"; echo \"match: shard \$SHARD (\$r) started on \$HOST\"; $(printf '%q' "$arena") --settings settings.json > arena.log 2>&1; s=\$?; g=\$(grep -c '^\\[PlyCount' games.pgn 2>/dev/null); if [ \"\$s\" = 0 ] && [ \"\${g:-0}\" = \"\$n\" ]; then touch ok; echo \"match: shard \$SHARD (\$r) done on \$HOST: \$(grep '^Score of' arena.log | tail -n 1)\"; else echo \"match: shard \$SHARD (\$r) FAILED on \$HOST: arena exit \$s, \${g:-0} of \$n games\"; exit 1; fi"

# A shard is done when its job succeeded (it left a file ok) and its PGN came back whole.
mark_done() {
    local s n f
    for s in "$@"; do
        read -r n f <"$out/shards/$s/games"
        [ -e "$out/shards/$s/ok" ] && [ "$(grep -c '^\[PlyCount' "$out/shards/$s/games.pgn" 2>/dev/null)" = "$n" ] &&
            touch "$out/shards/$s/done"
    done
    return 0
}
merge() { # the finished shards' games, in shard order, into OUT/games.pgn
    local s; : >"$pgn"
    for s in "${shards[@]}"; do [ -e "$out/shards/$s/done" ] && cat "$out/shards/$s/games.pgn" >>"$pgn"; done
    return 0
}
# cutegames's SPRT (alpha = beta = 0.05, its LLR with the draw Elo of the games) on A's wins, losses
# and draws of the merged games: prints the LLR line; exits 0 when the test has decided.
sprt_decided() {
    awk -v a="$name_a" -v e0="${sprt%,*}" -v e1="${sprt#*,}" '
    /^\[P1 "/ { p1 = substr($0, 6, length($0) - 7) }
    /^\[Result "/ { r = substr($0, 10, length($0) - 11) }
    /^\[PlyCount/ { if (r == "1-0") { if (p1 == a) w++; else l++ } else if (r == "0-1") { if (p1 == a) l++; else w++ } else if (r == "1/2-1/2") d++ }
    function pwin(e, de) { return 1 / (1 + 10 ^ ((-e + de) / 400)) }
    END {
        alpha = 0.05; beta = 0.05; lo = log(beta / (1 - alpha)); hi = log((1 - beta) / alpha)
        W = w < 1 ? 1 : w; L = l < 1 ? 1 : l; D = d < 1 ? 1 : d; n = W + L + D
        de = 200 * log((1 - L / n) / (L / n) * (1 - W / n) / (W / n)) / log(10)
        w0 = pwin(e0, de); l0 = pwin(-e0, de); w1 = pwin(e1, de); l1 = pwin(-e1, de)
        llr = W * log(w1 / w0) + L * log(l1 / l0) + D * log((1 - w1 - l1) / (1 - w0 - l0))
        verdict = llr >= hi ? "H1 accepted" : llr <= lo ? "H0 accepted" : "continue"
        printf "SPRT [%s, %s]: LLR %.2f (bounds %.2f, %.2f) after %d games: %s\n", e0, e1, llr, lo, hi, w + l + d, verdict
        exit verdict == "continue"
    }' "$pgn"
}

t0=$(date +%s)
todo=()
for s in "${shards[@]}"; do [ -e "$out/shards/$s/done" ] || todo+=("$s"); done
[ ${#todo[@]} = ${#shards[@]} ] || echo "match: ${#shards[@]} shards, $((${#shards[@]} - ${#todo[@]})) already done in $out: playing the other ${#todo[@]}" >&2
stopped=0
if [ "$merge_only" = 1 ]; then
    mark_done "${todo[@]}"
elif [ "$slurm_on" = 1 ] && [ ${#todo[@]} -gt 0 ]; then
    printf '%s\n' "$job" >"$out/job.sh"
    printf 'cd %q && exec bash %q --merge-only %s\n' "$PWD" "$here/match.sh" "$command_args" >"$out/merge.sh"
    spread_slurm "$out" match "$slurm" "$wait" "${todo[@]}"
    exit
elif [ ${#todo[@]} -gt 0 ] && [ -z "$sprt" ]; then
    spread_run "$hosts" "$out" "$retries" "$job" "${todo[@]}" >&2 || true
    mark_done "${todo[@]}"
elif [ ${#todo[@]} -gt 0 ]; then
    # Rounds of as many shards as job slots, the test on everything merged after each (as fishtest):
    # when it decides, no further round starts on any host (nor on a rerun, if it had decided).
    merge
    [ ${#todo[@]} = ${#shards[@]} ] || ! sprt_decided >&2 || stopped=1
    for ((r = 0; stopped == 0 && r < ${#todo[@]}; r += slots)); do
        spread_run "$hosts" "$out" "$retries" "$job" "${todo[@]:r:slots}" >&2 || true
        mark_done "${todo[@]:r:slots}"
        merge
        if sprt_decided >&2; then stopped=1; break; fi
    done
fi
merge
[ "$merge_only" = 1 ] || echo "match: shards run in $(($(date +%s) - t0)) s" >&2
missing=0 failed=()
for s in "${shards[@]}"; do
    [ -e "$out/shards/$s/done" ] && continue
    # Shards an SPRT decision left unplayed are not missing.
    [ "$stopped" = 1 ] && ! grep -q "SHARD=$s;" "$out/joblog" 2>/dev/null && continue
    read -r n f <"$out/shards/$s/games"; missing=$((missing + n)); failed+=("$s")
done
[ ${#failed[@]} = 0 ] || spread_failures "$out" match "${failed[@]}"
score "$pgn"
[ "$stopped" = 0 ] || sprt_decided || true
[ "$missing" = 0 ] || echo "Missing: $missing of $games games (shards ${failed[*]}); rerun the same command with --out $out to play only them"
bad_games "$pgn"
[ "$missing" = 0 ] || exit 3
[ "$others" -eq 0 ] || exit 1
