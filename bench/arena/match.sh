#!/usr/bin/env bash
# match.sh — a match between two Simia builds in the cutegames arena (generic UGI mode,
# the engines as referees): writes the settings file, runs it, then counts the games the
# arena adjudicated (time losses, result or gameover mismatches), which must be zero.
# cutegames is not part of Simia: build it outside the repository (see README, "Playing in
# an arena") and put it on PATH or name it in CUTEGAMES=/path/to/cutegames.
set -euo pipefail

usage() {
    cat <<'EOT'
Usage: bench/arena/match.sh [options] ENGINE_A ENGINE_B
  --games N          games in all (default 200; seats swap on every opening)
  --concurrency N    games played at once (default 1; each uses two engine processes)
  --movetime MS      fixed time per move (default 100)
  --clock MS+INC     a clock per player instead, e.g. 2000+20
  --nodes N          a node limit per move instead (no clock: no time losses)
  --depth N          a depth limit per move instead
  --buffer MS        the arena's tolerance above movetime before a time loss (default 50)
  --sprt ELO0 ELO1   stop early by SPRT (alpha = beta = 0.05) for A against B
  --openings FILE    one position per line (default bench/arena/openings.txt)
  --pgn FILE         where the games go (default match-<date>.pgn; appended to)
  --option NAME=VAL  an engine option for both engines (repeatable)
  --out DIR          where the settings file and PGN are written (default .)
EOT
}

here=$(cd "$(dirname "$0")" && pwd)
games=200 concurrency=1 buffer=50 tc='{ "type": "movetime", "time": 100 }' sprt='"enabled": false'
openings="$here/openings.txt" pgn="" out="." options=() engines=()
while [ $# -gt 0 ]; do
    case "$1" in
        --games) games=$2; shift 2 ;;
        --concurrency) concurrency=$2; shift 2 ;;
        --movetime) tc="{ \"type\": \"movetime\", \"time\": $2 }"; shift 2 ;;
        --clock) tc="{ \"type\": \"clock\", \"time\": ${2%+*}, \"increment\": ${2#*+} }"; shift 2 ;;
        --nodes) tc="{ \"type\": \"nodes\", \"nodes\": $2 }"; shift 2 ;;
        --depth) tc="{ \"type\": \"depth\", \"ply\": $2 }"; shift 2 ;;
        --buffer) buffer=$2; shift 2 ;;
        --sprt) sprt="\"enabled\": true, \"elo0\": $2, \"elo1\": $3, \"alpha\": 0.05, \"beta\": 0.05"; shift 3 ;;
        --openings) openings=$(realpath "$2"); shift 2 ;;
        --pgn) pgn=$2; shift 2 ;;
        --option) options+=("$2"); shift 2 ;;
        --out) out=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "match.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) engines+=("$(realpath "$1")"); shift ;;
    esac
done
[ ${#engines[@]} -eq 2 ] || { usage >&2; exit 2; }
for e in "${engines[@]}"; do
    [ -x "$e" ] || { echo "match.sh: $e is not an executable" >&2; exit 2; }
    case "$e" in *\ *) echo "match.sh: the arena cannot run a path with spaces: $e" >&2; exit 2 ;; esac
done
cutegames=${CUTEGAMES:-$(command -v cutegames || true)}
[ -n "$cutegames" ] && [ -x "$cutegames" ] || { echo "match.sh: cutegames not found (set CUTEGAMES)" >&2; exit 2; }

mkdir -p "$out"
stamp=$(date +%Y%m%d-%H%M%S)
pgn=${pgn:-$out/match-$stamp.pgn}
settings="$out/match-$stamp.json"
opts=""
for o in "${options[@]+"${options[@]}"}"; do
    opts+="${opts:+, }\"${o%%=*}\": \"${o#*=}\""
done
cat >"$settings" <<EOT
{
    "game": "generic",
    "games": $games,
    "concurrency": $concurrency,
    "ratinginterval": 20,
    "tournament": "roundrobin",
    "protocol": { "askturn": true, "gameover": "both" },
    "openings": { "path": "$openings", "repeat": true, "shuffle": false },
    "adjudication": { "timeoutbuffer": $buffer },
    "timecontrol": $tc,
    "options": { $opts },
    "sprt": { $sprt },
    "pgn": { "enabled": true, "path": "$pgn", "event": "Simia match $stamp", "colour1": "P1", "colour2": "P2" },
    "engines": [
        { "name": "A", "path": "${engines[0]}", "protocol": "UGI", "parameters": "", "options": {} },
        { "name": "B", "path": "${engines[1]}", "protocol": "UGI", "parameters": "", "options": {} }
    ]
}
EOT
echo "settings: $settings" >&2
echo "command:  $cutegames --settings $settings" >&2
"$cutegames" --settings "$settings"
played=$(grep -c '^\[Result ' "$pgn" || true)
adjudicated=$(grep -c '^\[Adjudicated ' "$pgn" || true)
echo "PGN $pgn: $played games, $adjudicated adjudicated by the arena" >&2
grep '^\[Adjudicated ' "$pgn" | sort | uniq -c >&2 || true
[ "$adjudicated" -eq 0 ]
