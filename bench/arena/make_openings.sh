#!/usr/bin/env bash
# make_openings.sh — writes the arena openings file from Simia itself: the start position,
# every position after one ply (the pie swap is then available) and an even sample of the
# positions after two plies, as position strings an arena sends with `position fen <line>`.
# Positions where a queen can be taken within three plies are left out (a blunder is not an
# opening). Usage: bash bench/arena/make_openings.sh [path/to/simia] > bench/arena/openings.txt
set -euo pipefail
simia=${1:-build/simia}
two_ply=${TWO_PLY:-66} # how many two-ply positions to keep
coproc ENGINE { "$simia"; }
# The coprocess's pipes exist only in this shell (not in $(...) or pipelines), so the
# helpers leave their answers in globals.
OUT=()
ask() { # sends the lines; OUT = the engine's lines up to one starting with $1
    local until=$1 line
    shift
    OUT=()
    printf '%s\n' "$@" >&"${ENGINE[1]}"
    while IFS= read -r line <&"${ENGINE[0]}"; do
        OUT+=("$line")
        [[ $line == "$until"* ]] && return 0
    done
    return 1
}
MOVES=()
moves_after() { # MOVES = the legal moves after "position startpos moves $*" (perft 1)
    ask "Nodes searched" "position startpos moves $*" "go perft 1"
    MOVES=()
    local l
    for l in "${OUT[@]}"; do [[ $l == *": 1" ]] && MOVES+=("${l%%:*}"); done
    return 0
}
FEN=""
quiet_fen_after() { # FEN = the position string after the moves, or "" if a queen falls in 3 plies
    ask "bestmove" "position startpos moves $*" "d" "go depth 3"
    FEN=""
    local l
    for l in "${OUT[@]}"; do
        [[ $l == info*"score mate"* ]] && FEN="" && return 0
        [[ $l == "Fen: "* ]] && FEN=${l#Fen: }
    done
    return 0
}
echo "# Openings for arena matches of Simia (Monkey Queen), made by bench/arena/make_openings.sh."
echo "# One per line: 'startpos' or a position string (board side swap ply)."
echo "startpos"
second=()
moves_after
first=("${MOVES[@]}")
for a in "${first[@]}"; do
    quiet_fen_after "$a"
    [ -n "$FEN" ] && echo "$FEN"
    moves_after "$a"
    for b in "${MOVES[@]}"; do
        [ "$b" = swap ] || second+=("$a $b")
    done
done
kept=()
for m in "${second[@]}"; do
    quiet_fen_after "$m"
    [ -n "$FEN" ] && kept+=("$FEN")
done
n=${#kept[@]}
for ((i = 0; i < two_ply && i < n; i++)); do
    echo "${kept[$((i * n / two_ply))]}"
done
echo quit >&"${ENGINE[1]}"
wait
