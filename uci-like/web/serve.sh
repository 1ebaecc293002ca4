#!/usr/bin/env bash
# serve.sh — Simia in the browser: installs websocketd if missing, builds build/simia, and serves
# this folder's page and every game's board.js, one engine process per browser connection (127.0.0.1 unless told), until Ctrl-C.
#
# Usage: bash uci-like/web/serve.sh [--port N] [--address ADDR] [--maxforks N] [--engine PATH]
#   --port N        HTTP and WebSocket port (default 8080)
#   --address ADDR  interface to bind (default 127.0.0.1; 0.0.0.0 opens it to the network)
#   --maxforks N    at most N engine processes at once, i.e. N open pages (default 8)
#   --engine PATH   serve this simia executable instead of building build/simia
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
port=8080 address=127.0.0.1 maxforks=8 engine=

usage() { sed -n '5,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit "$1"; }
while [ $# -gt 0 ]; do
    case "$1" in
    --port) port=${2:?}; shift 2 ;;
    --address) address=${2:?}; shift 2 ;;
    --maxforks) maxforks=${2:?}; shift 2 ;;
    --engine) engine=${2:?}; shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "serve.sh: unknown argument '$1'" >&2; usage 2 ;;
    esac
done
[[ $port =~ ^[0-9]+$ ]] && [ "$port" -ge 1 ] && [ "$port" -le 65535 ] || { echo "serve.sh: bad port '$port'" >&2; exit 2; }
[[ $maxforks =~ ^[0-9]+$ ]] && [ "$maxforks" -ge 1 ] || { echo "serve.sh: --maxforks must be 1 or more (websocketd reads 0 as unlimited)" >&2; exit 2; }

# A given engine is checked before anything is installed or started: one line naming it, exit 2.
source "$root/bench/need.sh"
[ -z "$engine" ] || engine=$(need_exec serve.sh "the engine (--engine)" "$engine") || exit 2

source "$root/tests/deps.sh"
if [ -z "$engine" ]; then
    simia_need_packages websocketd
    echo "Building build/simia ..." >&2
    cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$root/build" -j 2 --target simia >/dev/null
    engine=$root/build/simia
else
    command -v websocketd >/dev/null || simia_need_packages websocketd
fi

# Between the socket and the engine: a line filter that refuses the options naming server
# files (Debug Log File appends to any path, BookFile opens one). The filter answers a refused
# line itself, whole, in the engine's form (one `info string error:` line, before anything the page
# sends after it), and the engine never sees it. The engine matches option names ignoring case
# and spacing; so does the filter.
# When the engine ends by itself (a crash), the filter ends too, so that the page hears of it
# at once instead of at its next command.
filter='$| = 1;
my $pid = open(my $engine, "|-", @ARGV) or die "cannot start @ARGV: $!\n";
$SIG{CHLD} = sub { exit(waitpid($pid, 0) == $pid ? $? >> 8 : 1) };
select($engine); $| = 1;
my %name = (debuglogfile => "Debug Log File", bookfile => "BookFile");
while (my $line = <STDIN>) {
    (my $key = lc $line) =~ s/[\s\x00]+//g;
    if ($key =~ /^setoptionname(debuglogfile|bookfile)/) {
        print STDOUT "info string error: setoption: option \x27$name{$1}\x27 is refused by the web server (it names a file on the server)\n";
        next;
    }
    print $engine $line;
}
$SIG{CHLD} = "DEFAULT";
close($engine);'

# The page: this folder's files, and every game's drawing table (engine/games/<game>/board.js)
# gathered into games.js at each start, in build/web-page/ (a game's table is edited in its
# folder only; a new game's folder is picked up with no list to edit).
page=$root/build/web-page
mkdir -p "$page"
for f in "$here"/*; do ln -sfn "$f" "$page/"; done
{
    echo "// games.js — every game's drawing table, gathered by uci-like/web/serve.sh from engine/games/*/board.js: do not edit."
    for b in "$root"/engine/games/*/board.js; do cat "$b"; done
} > "$page/games.js.tmp"
mv "$page/games.js.tmp" "$page/games.js"

case "$address" in
127.*|localhost|::1|\[::1\]) ;;
*) echo "Warning: listening on $address: anyone who can reach it can start engines here (at most $maxforks at once)." >&2 ;;
esac
shown=$address
[ "$address" = 0.0.0.0 ] && shown=$(hostname -I 2>/dev/null | awk '{print $1}') && shown=${shown:-0.0.0.0}
echo "Simia in the browser: http://$shown:$port/   (engine $engine; at most $maxforks pages at once; Ctrl-C stops)" >&2

# websocketd closes an engine's stdin when its page goes away (the engine then quits) and
# signals it shortly after; Ctrl-C reaches websocketd and every engine in this process group.
exec websocketd --address "$address" --port "$port" --staticdir "$page" --maxforks "$maxforks" \
    --loglevel ${SIMIA_WEB_LOGLEVEL:-error} perl -e "$filter" "$engine"
