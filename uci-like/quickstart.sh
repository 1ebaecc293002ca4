#!/usr/bin/env bash
# quickstart.sh — from a fresh clone to Simia at work: installs what is missing (as root;
# otherwise prints the install line), builds the Release engine and the two bundled bots in build/
# (only those: the test suite builds its own), shows a fast game against itself, then how to play
# it by hand, in the browser and in an arena. Says what it does as it goes.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { echo "== $*" >&2; }

step "Checking the build tools (cmake, gcc, clang, Check, pkg-config)"
source tests/deps.sh
simia_need_packages

step "Configuring build/ (CMake, Release)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null

# Only the engine and the bots: the test suites (tests/run.sh) build their own, in build/test-*.
jobs=$(nproc 2>/dev/null || echo 2)
step "Building build/simia and the bots build/bench/players/random_player and greedy_player ($jobs jobs; a few minutes on a small machine)"
log=build/quickstart-build.log
# The build's progress, one line a step ("[ 42%] engine/search.c"): rewritten in place on a
# terminal, every tenth percent otherwise; the whole output goes to the log.
progress() {
    awk -v tty="$([ -t 2 ] && echo 1 || echo 0)" '
        match($0, /^\[ *[0-9]+%\]/) {
            pc = substr($0, 2, RLENGTH - 3) + 0; what = $NF; sub(/.*\.dir\//, "", what); sub(/\.o$/, "", what)
            if (tty) printf "\r   [%3d%%] %-60.60s", pc, what > "/dev/stderr"
            else if (pc >= next_pc) { printf "   [%3d%%] %s\n", pc, what > "/dev/stderr"; next_pc = pc + 10 }
            fflush("/dev/stderr")
        }
        END { if (tty) printf "\r%75s\r", "" > "/dev/stderr" }'
}
if ! cmake --build build -j "$jobs" --target simia random_player greedy_player 2>&1 | tee "$log" | progress; then
    tail -n 40 "$log" >&2
    echo "quickstart.sh: the build failed (the whole output is in $log)" >&2
    exit 1
fi
step "Built build/simia ($(./build/simia --version | head -n 1))"

step "A fast game of Simia against itself (50 ms a move), every move with the board:"
./build/simia selfplay --movetime 50 --out build/selfplay-game.txt

cat >&2 <<EOT

== What next
The game above was saved as build/selfplay-game.txt (a 'position ... moves ...' line).

By hand: Simia speaks UGI on stdin/stdout. Run build/simia and type 'ugi', 'position startpos',
'go movetime 1000', 'd', 'quit' (build/simia --game NAME for another game; --help lists them).

In the browser: bash uci-like/web/serve.sh, then open http://127.0.0.1:8080/

In an arena (e.g. cutegames' generic mode, not part of Simia): point it at
$(pwd)/build/simia with protocol UGI; bench/match.sh --write-settings FILE writes a settings
file for it, with each game's openings (see "Play in an arena" in README.md). Two bots come with Simia,
UGI engines for every game, as opponents to try it with (built above, in $(pwd)/):
  build/bench/players/random_player   plays a uniformly random legal move
  build/bench/players/greedy_player   wins at once when it can, avoids losing at once, prefers captures
With cutegames installed (--cutegames PATH, \$CUTEGAMES or on PATH), a first match:
  bench/match.sh --games 10 --tc nodes:1000 build/simia build/bench/players/random_player
EOT
