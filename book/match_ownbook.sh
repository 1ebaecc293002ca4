#!/usr/bin/env bash
# match_ownbook.sh — OwnBook on against OwnBook off: one Simia build as two engines in the
# cutegames arena (generic UGI mode), every game from the start position, seats swapped
# each pair; engine A uses the book, B searches from move one. Counts arena adjudications
# (time losses, mismatches), which must be zero. cutegames lives outside the repository:
# put it on PATH or name it in CUTEGAMES=/path/to/cutegames.
set -euo pipefail

usage() {
    cat <<'EOT'
Usage: book/match_ownbook.sh [options] [SIMIA]       (SIMIA default: build/simia)
  --games N          games in all (default 2000; stop earlier by SPRT)
  --sprt ELO0 ELO1   SPRT bounds for A (book) against B (default -20 0: "does not lose")
  --no-sprt          play all the games
  --clock MS+INC     clock per player (default 2000+20)
  --movetime MS      fixed time per move instead
  --book FILE        the book for A (default: the shipped one, BookFile <empty>)
  --variety BOOL     BookVariety for A (default true)
  --concurrency N    games at once (default 1; each runs two engine processes)
  --out DIR          where the settings, openings file and PGN go (default .)
EOT
}

here=$(cd "$(dirname "$0")" && pwd)
games=2000 concurrency=1 tc='{ "type": "clock", "time": 2000, "increment": 20 }'
sprt='"enabled": true, "elo0": -20, "elo1": 0, "alpha": 0.05, "beta": 0.05'
book="" variety=true out="." simia="$here/../build/simia"
while [ $# -gt 0 ]; do
    case "$1" in
        --games) games=$2; shift 2 ;;
        --sprt) sprt="\"enabled\": true, \"elo0\": $2, \"elo1\": $3, \"alpha\": 0.05, \"beta\": 0.05"; shift 3 ;;
        --no-sprt) sprt='"enabled": false'; shift ;;
        --clock) tc="{ \"type\": \"clock\", \"time\": ${2%+*}, \"increment\": ${2#*+} }"; shift 2 ;;
        --movetime) tc="{ \"type\": \"movetime\", \"time\": $2 }"; shift 2 ;;
        --book) book=$(realpath "$2"); shift 2 ;;
        --variety) variety=$2; shift 2 ;;
        --concurrency) concurrency=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "match_ownbook.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) simia=$1; shift ;;
    esac
done
simia=$(realpath "$simia")
[ -x "$simia" ] || { echo "match_ownbook.sh: $simia is not an executable" >&2; exit 2; }
case "$simia$book" in *\ *) echo "match_ownbook.sh: the arena cannot run paths with spaces" >&2; exit 2 ;; esac
cutegames=${CUTEGAMES:-$(command -v cutegames || true)}
[ -n "$cutegames" ] && [ -x "$cutegames" ] || { echo "match_ownbook.sh: cutegames not found (set CUTEGAMES)" >&2; exit 2; }
# The book must load: a bad one would make this a match of two bookless engines.
"$simia" book dump ${book:+"$book"} >/dev/null

mkdir -p "$out"
out=$(realpath "$out")
stamp=$(date +%Y%m%d-%H%M%S)
settings="$out/ownbook-$stamp.json" pgn="$out/ownbook-$stamp.pgn" openings="$out/ownbook-startpos.txt"
echo startpos >"$openings"
cat >"$settings" <<EOT
{
    "game": "generic",
    "games": $games,
    "concurrency": $concurrency,
    "ratinginterval": 20,
    "tournament": "roundrobin",
    "protocol": { "askturn": true, "gameover": "both" },
    "openings": { "path": "$openings", "repeat": true, "shuffle": false },
    "adjudication": { "timeoutbuffer": 50 },
    "timecontrol": $tc,
    "options": { "Threads": "1", "Hash": "16" },
    "sprt": { $sprt },
    "pgn": { "enabled": true, "path": "$pgn", "event": "Simia OwnBook on vs off $stamp", "colour1": "P1", "colour2": "P2" },
    "engines": [
        { "name": "book", "path": "$simia", "protocol": "UGI", "parameters": "",
          "options": { "OwnBook": "true", "BookFile": "$book", "BookVariety": "$variety" } },
        { "name": "nobook", "path": "$simia", "protocol": "UGI", "parameters": "",
          "options": { "OwnBook": "false" } }
    ]
}
EOT
echo "settings: $settings" >&2
echo "command:  $cutegames --settings $settings" >&2
"$cutegames" --settings "$settings"
played=$(grep -c '^\[Result ' "$pgn" || true)
adjudicated=$(grep -c '^\[Adjudicated ' "$pgn" || true)
echo "PGN $pgn: $played games, $adjudicated adjudicated by the arena" >&2
[ "$adjudicated" -eq 0 ]
