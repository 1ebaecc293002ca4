#!/usr/bin/env bash
# make_seeds.sh — writes the fuzz targets' seed inputs for every game the engine has (from
# its `ugi` Game option) into the game's folder, engine/games/<game>/fuzz/<target>/: start and
# played positions, legal moves, a short UGI session.
# Usage: bash tests/fuzz/make_seeds.sh build/simia     (then commit engine/games/*/fuzz)
set -euo pipefail
simia=$(realpath "$1")
cd "$(dirname "$0")/../../engine/games"
games=$(printf 'ugi\nquit\n' | "$simia" | sed -n 's/^option name Game type combo default [^ ]* //p' | sed 's/var //g')
for g in $games; do
    # A game of a few plies at depth 1, and the position strings along it.
    record=$(mktemp)
    "$simia" --game "$g" selfplay --depth 1 --max-plies 12 --quiet --out "$record" >/dev/null 2>&1
    line=$(cat "$record")
    mkdir -p "$g/fuzz/position" "$g/fuzz/move" "$g/fuzz/ugi"
    rm -f "$record"
    moves=${line#*moves}
    [ "$moves" != "$line" ] || moves=
    fen() { printf 'position startpos moves %s\nd\nquit\n' "$1" | "$simia" --game "$g" | sed -n 's/^Fen: //p'; }
    set -- $moves
    printf '%s|%s' "$g" "$(fen '')" > "$g/fuzz/position/$g-start"
    printf '%s|%s' "$g" "$(fen "${*:1:4}")" > "$g/fuzz/position/$g-ply4"
    printf '%s|%s' "$g" "$(fen "$*")" > "$g/fuzz/position/$g-ply12"
    first=$(printf 'position startpos\ngo perft 1\nquit\n' | "$simia" --game "$g" | sed -n '1s/:.*//p')
    printf '%s|\000%s' "$g" "$first" > "$g/fuzz/move/$g-start"
    printf '%s|\000%s' "$g" "$(printf '%s' "$first" | tr a-z A-Z)" > "$g/fuzz/move/$g-start-upper"
    printf 'setoption name Game value %s\nposition startpos moves %s\ngo perft 1\ngo depth 2\nd\neval\nquery gameover\nquery p1turn\nquery result\nposition startpos moves %s 0000\nquery result\nisready\n' \
        "$g" "$*" "${*:1:3}" > "$g/fuzz/ugi/game-$g"
done
echo "seeds written for: $games" >&2
