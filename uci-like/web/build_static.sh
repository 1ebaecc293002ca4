#!/usr/bin/env bash
# build_static.sh — Simia in any browser with nothing to install: builds the engine as
# WebAssembly with Debian's emscripten (installing it if missing, as root; else it prints the
# install line) and makes a folder of static files, the page of this folder with the engine
# in a Web Worker, that any web server can serve (no server program, no request elsewhere).
#
# Usage: bash uci-like/web/build_static.sh [--out DIR] [--build DIR] [--no-simd]
#   --out DIR     the static folder (default build/web-static)
#   --build DIR   emscripten's CMake build folder (default build/wasm): simia.js, simia.wasm
#   --no-simd     WebAssembly without 128-bit SIMD (for browsers without it: Safari < 16.4)
# Then: python3 -m http.server --bind 127.0.0.1 --directory build/web-static 8000
#       and open http://127.0.0.1:8000/
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/build/web-static build=$root/build/wasm simd=ON

usage() { sed -n '7,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit "$1"; }
while [ $# -gt 0 ]; do
    case "$1" in
    --out) out=${2:?}; shift 2 ;;
    --build) build=${2:?}; shift 2 ;;
    --no-simd) simd=OFF; shift ;;
    -h|--help) usage 0 ;;
    *) echo "build_static.sh: unknown argument '$1'" >&2; usage 2 ;;
    esac
done
case "$out" in /*) ;; *) out=$PWD/$out ;; esac
case "$build" in /*) ;; *) build=$PWD/$build ;; esac

source "$root/tests/deps.sh"
simia_need_packages emscripten nodejs
# Debian's emscripten runs its JavaScript tools with node and finds their modules (acorn) in
# Debian's folder for them, where a node installed from elsewhere does not look by itself.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

echo "Building the engine as WebAssembly in ${build#"$root"/} (emscripten $(emcc --version | sed -n '1s/.* \([0-9][0-9.]*\).*/\1/p'), SIMD $simd) ..." >&2
emcmake cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSIMIA_TESTS=OFF -DSIMIA_WASM_SIMD=$simd >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target simia >/dev/null

# The folder: the page's files, every game's drawing table gathered into games.js (as serve.sh
# does), the Worker and the engine; the page marked to run its engine in the Worker.
tmp=$out.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
for f in "$here"/*.html "$here"/*.js "$here"/*.css; do cp "$f" "$tmp/"; done
{
    echo "// games.js — every game's drawing table, gathered by uci-like/web/build_static.sh from engine/games/*/board.js: do not edit."
    for b in "$root"/engine/games/*/board.js; do cat "$b"; done
} > "$tmp/games.js"
sed -i 's|</head>|<meta name="simia-engine" content="worker">\n</head>|' "$tmp/index.html"
grep -q 'name="simia-engine" content="worker"' "$tmp/index.html" ||
    { echo "build_static.sh: index.html has no </head> to mark" >&2; exit 1; }
cp "$build/simia.js" "$build/simia.wasm" "$tmp/"
rm -rf "$out"
mv "$tmp" "$out"
echo "Static page in $out ($(du -sh "$out" | cut -f1)); serve it with any web server, e.g." >&2
echo "  python3 -m http.server --bind 127.0.0.1 --directory ${out#"$PWD"/} 8000   # then open http://127.0.0.1:8000/" >&2
