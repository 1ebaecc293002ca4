#!/usr/bin/env bash
# quickstart.sh — from a fresh clone to Simia at work: installs what is missing (as root;
# otherwise prints the install line), builds a Release engine in build/, and shows it
# playing a fast game against itself, then how to plug it into an arena.
set -euo pipefail
cd "$(dirname "$0")/.."
source tests/deps.sh
simia_need_packages
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
echo "Built build/simia. A fast game of Simia against itself (50 ms a move):" >&2
./build/simia selfplay --movetime 50 --out build/selfplay-game.txt
cat >&2 <<EOT

Simia speaks UGI on stdin/stdout: run build/simia and type 'ugi', 'position startpos',
'go movetime 1000', 'd', 'quit'. To play it in an arena (e.g. cutegames' generic mode),
point the arena at $(pwd)/build/simia with protocol UGI; a settings file and an openings
file to start from are in bench/arena/ (see "Playing in an arena" in README.md).
The game above was saved as build/selfplay-game.txt (a 'position ... moves ...' line).
EOT
