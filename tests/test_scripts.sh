#!/usr/bin/env bash
# test_scripts.sh — the scripts of bench/ and the web page's server fail clearly: a program path that
# is missing, a directory or not executable (an engine, the arena, simia), or an unreadable file,
# stops the script with exit status 2 and one line on stderr naming the path, nothing on stdout,
# and nothing started (no arena run, no directory made); bench/match.sh --write-settings writes a
# settings file an arena plays as it is, its PGN beside it; and bench/match.sh's --help examples run as
# written from the top of a clone after the quick start, with tests/hosts/mini_arena.py as the arena
# (the project's tests never need cutegames).
# Usage: test_scripts.sh SIMIA RANDOM_PLAYER GREEDY_PLAYER   (run by CTest)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
simia=$(realpath "$1") random=$(realpath "$2") greedy=$(realpath "$3")
work=$(mktemp -d -t simia-scripts-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "test_scripts: FAIL: $*" >&2; failures=$((failures + 1)); }

# A stand-in arena that only records that it ran; a file that is no program; a directory.
mkdir -p "$work/bin" "$work/dir" "$work/tmp"
printf '#!/bin/sh\ntouch "%s/arena-ran"\n' "$work" >"$work/bin/arena"
chmod +x "$work/bin/arena"
printf 'not a program\n' >"$work/plain"
printf '1/:\n' >"$work/hosts"

# refused WANT-IN-LINE COMMAND...: exit status 2, one line on stderr that contains WANT, nothing
# on stdout, and nothing started: the arena did not run, nothing made under TMPDIR or in OUT.
refused() {
    local want=$1 status=0; shift
    rm -rf "$work/arena-ran" "$work/out" "$work/tmp"/*
    TMPDIR=$work/tmp "$@" >"$work/stdout" 2>"$work/stderr" </dev/null || status=$?
    local what="'$*'"
    [ "$status" = 2 ] || fail "$what exited $status, not 2: $(head -c 300 "$work/stderr")"
    [ "$(wc -l <"$work/stderr")" = 1 ] || fail "$what wrote $(wc -l <"$work/stderr") lines on stderr, not one: $(head -c 500 "$work/stderr")"
    grep -qF -- "$want" "$work/stderr" || fail "$what: the line does not name '$want': $(head -c 300 "$work/stderr")"
    [ ! -s "$work/stdout" ] || fail "$what wrote on stdout: $(head -c 300 "$work/stdout")"
    [ ! -e "$work/arena-ran" ] || fail "$what started the arena"
    [ ! -e "$work/out" ] || fail "$what made its --out directory"
    [ -z "$(ls -A "$work/tmp")" ] || fail "$what made $(ls "$work/tmp") under TMPDIR"
    return 0
}

arena=$work/bin/arena
m() { bash bench/match.sh --out "$work/out" "$@"; }
echo "== bench/match.sh: engines and the arena"
refused "build/simia2" m --cutegames "$arena" build/simia2 "$simia"
refused "$work/nope" m --cutegames "$arena" "$simia" "$work/nope --seed 7"
refused "$work/dir" m --cutegames "$arena" "$work/dir" "$simia"
refused "$work/plain" m --cutegames "$arena" "$simia" "$work/plain"
refused "$work/no-arena" m --cutegames "$work/no-arena" "$simia" "$simia"
refused "$work/dir" m --cutegames "$work/dir" "$simia" "$simia"
refused "$work/env-arena" env CUTEGAMES="$work/env-arena" bash bench/match.sh --out "$work/out" "$simia" "$simia"
# No arena given and none on PATH: the line says how to give one.
if ! PATH="$work/dir:/usr/bin:/bin" type -P cutegames >/dev/null; then
    refused "--cutegames PATH" env -u CUTEGAMES PATH="$work/dir:/usr/bin:/bin" bash bench/match.sh --out "$work/out" "$simia" "$simia"
else
    echo "(a cutegames in /usr/bin or /bin: the case of no arena at all is not tried)"
fi
# A bad engine is named before a bad arena, and before anything of many machines is tried.
refused "build/simia2" m --cutegames "$work/no-arena" build/simia2 "$simia"
refused "build/simia2" m --cutegames "$arena" --hosts "$work/hosts" build/simia2 "$simia"
refused "build/simia2" m --cutegames "$arena" --slurm "-p x" build/simia2 "$simia"
refused "$work/no-hosts" m --cutegames "$arena" --hosts "$work/no-hosts" "$simia" "$simia"
refused "$work/no-openings" m --cutegames "$arena" --openings "$work/no-openings" "$simia" "$simia"
refused "movetime:5+3" m --cutegames "$arena" --tc movetime:5+3 "$simia" "$simia"
refused "$work/plain/s" m --write-settings "$work/plain/s/s.json" "$simia" "$simia"

# --write-settings: the settings file alone, with no arena anywhere, the PGN beside it; an arena run
# by hand on it (the stand-in) fills that PGN, nothing lands in the folder it was started from.
echo "== bench/match.sh --write-settings"
mkdir -p "$work/own" "$work/here"
status=0
(cd "$work/here" && env -u CUTEGAMES PATH="$work/dir:/usr/bin:/bin" bash "$root/bench/match.sh" \
    --write-settings ../own/zoo.json --game zoo --games 4 --tc nodes:300 "$simia" "$greedy --seed 7") \
    >"$work/stdout" 2>"$work/stderr" || status=$?
[ "$status" = 0 ] || fail "--write-settings exited $status: $(cat "$work/stderr")"
[ ! -s "$work/stdout" ] || fail "--write-settings wrote on stdout: $(cat "$work/stdout")"
grep -qF "grep -c 'Out of time' $work/own/zoo.pgn" "$work/stderr" || fail "--write-settings does not say how to check losses on time: $(cat "$work/stderr")"
/usr/bin/python3 - "$work/own/zoo.json" "$work/own/zoo.pgn" "$root/engine/games/zoo/openings.txt" "$simia" <<'PY' || fail "--write-settings wrote a wrong settings file: $(cat "$work/own/zoo.json")"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["pgn"]["path"] == sys.argv[2] and s["games"] == 4, s["pgn"]
assert s["openings"]["path"] == sys.argv[3], s["openings"]
assert s["engines"][0]["path"] == sys.argv[4] and s["engines"][0]["parameters"] == "--game zoo", s["engines"]
assert s["timecontrol"] == {"type": "nodes", "nodes": 300}, s["timecontrol"]
PY
(cd "$work/here" && /usr/bin/python3 "$root/tests/hosts/mini_arena.py" --settings ../own/zoo.json) >"$work/arena.out" 2>&1 ||
    fail "the stand-in arena failed on the written settings: $(tail -n 5 "$work/arena.out")"
[ "$(grep -c '^\[PlyCount' "$work/own/zoo.pgn" 2>/dev/null)" = 4 ] || fail "the written settings' PGN does not hold the 4 games"
[ -z "$(ls -A "$work/here")" ] || fail "running the arena on the written settings left $(ls "$work/here") where it ran"

echo "== the other scripts"
refused "$work/nope" bash bench/datagen.sh --hosts "$work/hosts" --positions 10 --simia "$work/nope"
refused "$work/dir" bash bench/datagen.sh --slurm "-p x" --positions 10 --simia "$work/dir"
refused "$work/no-hosts" bash bench/datagen.sh --hosts "$work/no-hosts" --positions 10 --simia "$simia"
refused "$work/no-openings" bash bench/datagen.sh --hosts "$work/hosts" --positions 10 --simia "$simia" --openings "$work/no-openings"
refused "$work/nope" bash bench/smp.sh --skip-matches "$work/nope"
refused "$work/no-arena" bash bench/smp.sh --cutegames "$work/no-arena" "$simia"
refused "$work/nope" bash bench/timescale.sh 170 "$work/nope"
refused "$work/plain" bash bench/check_signature.sh "$work/plain"
refused "$work/nope" /usr/bin/python3 bench/compare.py "$work/nope" "$simia"
refused "$work/dir" /usr/bin/python3 bench/compare.py "$simia" "$work/dir"
refused "'nogame'" /usr/bin/python3 bench/compare.py --game nogame "$simia" "$simia"
# --game times that game's bench: the signature it reports is Zoo's, not the default game's.
zoo_nodes=$("$simia" --game zoo bench 2 --json | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["nodes"])')
/usr/bin/python3 bench/compare.py --game zoo -n 1 --only search --depth 2 "$simia" "$simia" >"$work/compare.out" 2>/dev/null ||
    fail "compare.py --game zoo failed"
grep -qF "bench signature: A $zoo_nodes, B $zoo_nodes" "$work/compare.out" ||
    fail "compare.py --game zoo did not time Zoo's bench ($zoo_nodes nodes): $(tail -n 2 "$work/compare.out")"
refused "$work/nope" bash bench/slurm/shard.sbatch "$work/nope"
refused "$work/nope" bash bench/slurm/merge.sbatch "$work/nope"
refused "$work/nope" bash uci-like/web/serve.sh --engine "$work/nope" --port 1

# The help's examples, word for word, from the top of a clone after the quick start (build/simia,
# build/bench/players/): a clone's folders linked, the built programs where the quick start puts them.
echo "== bench/match.sh --help: its examples run as written"
clone=$work/clone
mkdir -p "$clone/build/bench/players"
for f in bench engine tests; do ln -s "$root/$f" "$clone/$f"; done
ln -s "$simia" "$clone/build/simia"
ln -s "$random" "$greedy" "$clone/build/bench/players/"
examples=$(bash bench/match.sh --help | sed -n 's/^ *\(bench\/match\.sh .*\)$/\1/p')
[ -n "$examples" ] || fail "bench/match.sh --help shows no example"
while IFS= read -r ex; do
    echo "\$ $ex"
    status=0
    (cd "$clone" && CUTEGAMES=$root/tests/hosts/mini_arena.py TMPDIR=$work/tmp eval "$ex") >"$work/ex.out" 2>"$work/ex.err" || status=$?
    [ "$status" = 0 ] || fail "the example '$ex' exited $status: $(tail -n 5 "$work/ex.err")"
    grep -q '^Result: .*, 0 unscored)$' "$work/ex.out" || fail "the example '$ex' printed no result: $(cat "$work/ex.out")"
    cat "$work/ex.out"
done <<<"$examples"

[ "$failures" = 0 ] || { echo "test_scripts: $failures failure(s)" >&2; exit 1; }
echo "test_scripts: every bad path refused in one line with status 2, nothing started; the examples ran"
