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
#   --out DIR            where the settings, log and PGN go (default a new directory in /tmp)
#   --cutegames PATH     the arena (default $CUTEGAMES, cutegames in PATH, /work/tools/bin/cutegames)
# Engine paths may carry arguments: "bench/players/random_player --seed 7" (quote them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

games=100 tc=movetime:100 openings= game=monkeyqueen game_option_b=0 conc=1 sprt= opts_a= opts_b=
name_a= name_b= out= arena=${CUTEGAMES:-} buffer=50
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
    --cutegames) arena=$2; shift 2 ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    -*) echo "match.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -eq 2 ] || { echo "usage: bench/match.sh [options] ENGINE_A ENGINE_B (--help)" >&2; exit 2; }
if [ -z "$arena" ]; then
    arena=$(command -v cutegames || true)
    [ -n "$arena" ] || arena=/work/tools/bin/cutegames
fi
[ -x "$arena" ] || { echo "match.sh: no cutegames arena at '$arena' (set --cutegames or \$CUTEGAMES)" >&2; exit 2; }
[ -n "$openings" ] || openings=$here/../engine/games/$game/openings.txt
[ -r "$openings" ] || { echo "match.sh: cannot read openings file '$openings'" >&2; exit 2; }
# A suite made by `simia book openings` names its game on its first line.
suite_game=$(head -n 1 "$openings" | sed -n 's/^# Simia opening suite for \([a-z0-9]*\):.*/\1/p')
if [ -n "$suite_game" ] && [ "$suite_game" != "$game" ]; then
    echo "match.sh: '$openings' is an opening suite for $suite_game, not for $game" >&2; exit 2
fi

# An engine: its absolute path (first word) and the arguments after it.
abs_cmd() { local first=${1%% *} rest=; [ "$first" != "$1" ] && rest=${1#* }
    [ -x "$first" ] || { echo "match.sh: '$first' is not an executable" >&2; exit 2; }
    printf '%s\t%s' "$(cd "$(dirname "$first")" && pwd)/$(basename "$first")" "$rest"; }
IFS=$'\t' read -r path_a args_a <<<"$(abs_cmd "$1")" || true
IFS=$'\t' read -r path_b args_b <<<"$(abs_cmd "$2")" || true
args_a="${args_a:+$args_a }--game $game"
if [ "$game_option_b" = 1 ]; then opts_b="Game=$game${opts_b:+,$opts_b}"
else args_b="${args_b:+$args_b }--game $game"; fi
[ -n "$name_a" ] || name_a=$(basename "$path_a")
[ -n "$name_b" ] || name_b=$(basename "$path_b")
[ "$name_a" != "$name_b" ] || { name_a="$name_a-A"; name_b="$name_b-B"; }

case $tc in
movetime:*) tcjson="{\"type\": \"movetime\", \"time\": ${tc#movetime:}}" ;;
clock:*+*) t=${tc#clock:}; tcjson="{\"type\": \"clock\", \"time\": ${t%+*}, \"increment\": ${t#*+}}" ;;
nodes:*) tcjson="{\"type\": \"nodes\", \"nodes\": ${tc#nodes:}}" ;;
depth:*) tcjson="{\"type\": \"depth\", \"ply\": ${tc#depth:}}" ;;
*) echo "match.sh: bad --tc '$tc'" >&2; exit 2 ;;
esac

# Name=Value,Name=Value -> {"Name": "Value", ...} (values are JSON strings for cutegames)
opts_json() { local IFS=, first=1 kv; printf '{'
    for kv in $1; do [ -n "$kv" ] || continue; [ $first = 1 ] || printf ', '; first=0
        printf '"%s": "%s"' "${kv%%=*}" "${kv#*=}"; done; printf '}'; }

if [ -n "$sprt" ]; then sprtjson="{\"enabled\": true, \"elo0\": ${sprt%,*}, \"elo1\": ${sprt#*,}, \"alpha\": 0.05, \"beta\": 0.05}"
else sprtjson='{"enabled": false}'; fi

[ -n "$out" ] || out=$(mktemp -d /tmp/simia-match.XXXXXX)
mkdir -p "$out"
pgn=$out/games.pgn
rm -f "$pgn"
cat >"$out/settings.json" <<EOF
{
    "game": "generic",
    "games": $games,
    "concurrency": $conc,
    "ratinginterval": 20,
    "tournament": "roundrobin",
    "protocol": { "askturn": true, "gameover": "both" },
    "openings": { "path": "$(cd "$(dirname "$openings")" && pwd)/$(basename "$openings")", "repeat": true, "shuffle": false },
    "adjudication": { "timeoutbuffer": $buffer },
    "timecontrol": $tcjson,
    "sprt": $sprtjson,
    "pgn": { "enabled": true, "path": "$pgn", "event": "$name_a vs $name_b $tc", "colour1": "P1", "colour2": "P2" },
    "engines": [
        { "name": "$name_a", "path": "$path_a", "parameters": "$args_a", "protocol": "UGI", "options": $(opts_json "$opts_a") },
        { "name": "$name_b", "path": "$path_b", "parameters": "$args_b", "protocol": "UGI", "options": $(opts_json "$opts_b") }
    ]
}
EOF
echo "match: $name_a vs $name_b, $game, $games games, $tc, openings $openings, concurrency $conc${sprt:+, SPRT [$sprt]}" >&2
echo "match: settings and games in $out" >&2
status=0
"$arena" --settings "$out/settings.json" | tee "$out/log.txt" >&2 || status=$?
[ "$status" = 0 ] || echo "match.sh: cutegames exited with status $status" >&2

# The score from A's side, counted from the PGN (also games cutegames did not score).
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
' "$pgn"
# Adjudications other than time losses mean the engines disagreed as referees.
others=$(grep '^\[Adjudicated ' "$pgn" | grep -vc 'Out of time' || true)
echo "Adjudicated otherwise: $others" >&2
grep '^\[Adjudicated ' "$pgn" | grep -v 'Out of time' | sort | uniq -c >&2 || true
[ "$status" = 0 ] || exit "$status"
[ "$others" -eq 0 ] || exit 1
