#!/usr/bin/env bash
# quickstart.sh — from a fresh clone to Simia at work: installs what is missing (as root;
# otherwise prints the install line), builds a Release engine in build/, and shows it
# playing a fast game against itself.
set -euo pipefail
cd "$(dirname "$0")/.."
source tests/deps.sh
simia_need_packages
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
echo "Built build/simia. A perft from the start position:" >&2
./build/simia perft 4
