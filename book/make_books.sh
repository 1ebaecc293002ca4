#!/usr/bin/env bash
# make_books.sh — makes the book and suite Monkey Queen ships (engine/games/monkeyqueen/) with
# Simia itself: first the
# depth Simia reaches in 5 s here (one thread, as arenas run it; printed for the record),
# then the opening book, each position searched for those 5 s, then the opening suite for
# arenas. About 12 + 20 minutes on one core. The book depends on the machine's speed (a time
# per position); the suite does not (a fixed depth, one thread: the same command, the same file).
# Usage: bash book/make_books.sh [--measure-only] [--book-only] [--openings-only] [SIMIA]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
games=$here/../engine/games # each game's folder holds its opening.book and openings.txt
simia="$here/../build/simia" measure_only=0 book=1 openings=1
for a in "$@"; do
    case "$a" in
        --measure-only) measure_only=1 ;;
        --book-only) openings=0 ;;
        --openings-only) book=0 ;;
        -*) echo "make_books.sh: unknown option $a" >&2; exit 2 ;;
        *) simia=$a ;;
    esac
done
simia=$(realpath "$simia")
hash=${HASH:-256}

# The deepest iteration Simia completes in 5 s (Threads 1, default Hash) over a sample of
# opening positions.
d5=0
for pos in "startpos" "startpos moves g1g7" "startpos moves g1a1" "startpos moves g1d4" \
           "startpos moves g1g7 swap" "startpos moves g1a1 f12b12 a1c1"; do
    d=$( (printf 'position %s\ngo movetime 5000\n' "$pos"; sleep 6; printf 'quit\n') | "$simia" |
         awk '/^info depth/ && / pv / && !/bound/ { d = $3 } END { print d + 0 }')
    echo "depth in 5 s: $d   ($pos)" >&2
    [ "$d" -gt "$d5" ] && d5=$d
done
echo "deepest in 5 s: $d5" >&2
[ "$d5" -gt 0 ] || { echo "make_books.sh: could not measure the search depth" >&2; exit 1; }
[ "$measure_only" -eq 1 ] && exit 0

if [ "$book" -eq 1 ]; then
    # Each position gets the 5 s of one thread that the measure above is about (MultiPV 2
    # where the pie decision is made, one line further on); --depth only bounds it.
    "$simia" book build --out "$games/monkeyqueen/opening.book" --plies 6 --full-plies 1 --width 2,1 \
        --margin 30 --movetime 5000 --depth 100 --threads 1 --hash "$hash"
    "$simia" book dump "$games/monkeyqueen/opening.book" | head -1
fi
if [ "$openings" -eq 1 ]; then
    # One thread: the same command writes the same file.
    "$simia" book openings --plies 6 --max-score 50 --count 2000 --depth 7 --seed 1 \
        --threads 1 --hash 64 --out "$games/monkeyqueen/openings.txt"
fi
