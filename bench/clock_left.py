#!/usr/bin/env python3
"""clock_left.py — how much of its clock an engine left at each game's end, read from the
arena's own words: a proxy between the arena and the engine that logs each `go`, and a report.

Usage:
  bench/clock_left.py --log DIR -- ENGINE [ARGS...]   (what the arena runs instead of ENGINE)
  bench/clock_left.py --report DIR [--base MS]        (per game: the engine's clock at its last go)

As a proxy it passes every line both ways unchanged and appends to DIR/<pid>.log, per `go`, the
time the arena gave the engine's own side, which it learns from the engine's answer to
`query p1turn` (cutegames asks player 1's engine before each go, and only it: an engine not asked
is player 2's, and its line is marked `unsure`). A game ends at `uginewgame` or when the engine's
input ends; after each move it logs `best WALL ENGINE`: the ms from `go` to `bestmove` as the proxy
saw them, and the time of the engine's last info line. The report prints, over every game of every
log, the engine's time at its last `go` as a share of the base clock (--base, else the first `go` of each game): the median, the lowest and
the highest, and how many games were under 5% — the share a strong engine leaves on the table.
Example, with bench/match.sh:
  bench/match.sh --tc clock:2000+0 "bench/clock_left.py --log build/clock-left -- build/simia" OLD
  bench/clock_left.py --report build/clock-left --base 2000
"""
import os
import statistics
import subprocess
import sys
import threading
import time


def proxy(log_dir, argv):
    os.makedirs(log_dir, exist_ok=True)
    log = open(os.path.join(log_dir, f"{os.getpid()}.log"), "a", buffering=1)
    child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    state = {"asked": False, "p1turn": None, "go_at": None, "engine_ms": None}

    def engine_to_arena():
        out = sys.stdout.buffer
        for raw in iter(child.stdout.readline, b""):
            line = raw.decode(errors="replace").strip()
            if state["asked"] and line.startswith("response "):
                state["p1turn"] = line.split()[1] == "true"
                state["asked"] = False
            out.write(raw)
            out.flush()
            words = line.split()
            if words[:1] == ["info"] and "time" in words[:-1]:
                state["engine_ms"] = words[words.index("time") + 1]
            elif words[:1] == ["bestmove"] and state["go_at"] is not None:
                # What the move took as the proxy saw it, and as the engine said: a gap between
                # them is time outside the search (the machine, the pipes).
                wall = (time.monotonic() - state["go_at"]) * 1000
                log.write(f"best {wall:.0f} {state['engine_ms']}\n")
                state["go_at"] = state["engine_ms"] = None

    reader = threading.Thread(target=engine_to_arena, daemon=True)
    reader.start()
    for raw in iter(sys.stdin.buffer.readline, b""):
        words = raw.decode(errors="replace").split()
        if words[:2] == ["query", "p1turn"]:
            state["asked"] = True
        elif words[:1] == ["uginewgame"]:
            log.write("newgame\n")
        elif words[:1] == ["go"]:
            args = dict(zip(words[1::2], words[2::2]))
            p1 = args.get("p1time", args.get("wtime"))
            p2 = args.get("p2time", args.get("btime"))
            side = state["p1turn"]
            if p1 is not None and p2 is not None:
                own = p1 if side else p2
                log.write(f"go {own}{'' if side is not None else ' unsure'}\n")
            state["p1turn"] = None
            state["go_at"] = time.monotonic()
        try:
            child.stdin.write(raw)
            child.stdin.flush()
        except BrokenPipeError:
            break
    try:
        child.stdin.close()
    except BrokenPipeError:
        pass
    log.write("end\n")
    reader.join(timeout=5)
    return child.wait()


def report(log_dir, base):
    shares = []
    for name in sorted(os.listdir(log_dir)):
        if not name.endswith(".log"):
            continue
        first = last = None
        for line in open(os.path.join(log_dir, name)):
            words = line.split()
            if words and words[0] in ("newgame", "end"):
                if last is not None:
                    shares.append(last / (base or first))
                first = last = None
            elif words and words[0] == "go":
                t = int(words[1])
                first = t if first is None else first
                last = t
        if last is not None:
            shares.append(last / (base or first))
    if not shares:
        print("clock_left: no game in " + log_dir, file=sys.stderr)
        return 1
    under = sum(1 for s in shares if s < 0.05)
    print(f"games {len(shares)}  clock left at the last move: median {100 * statistics.median(shares):.1f}%"
          f"  lowest {100 * min(shares):.1f}%  highest {100 * max(shares):.1f}%  under 5%: {under}")
    return 0


def main(args):
    if len(args) >= 2 and args[0] == "--report":
        base = int(args[3]) if len(args) >= 4 and args[2] == "--base" else 0
        if not os.path.isdir(args[1]):
            print(f"clock_left: no directory {args[1]}", file=sys.stderr)
            return 2
        return report(args[1], base)
    if len(args) >= 4 and args[0] == "--log" and args[2] == "--":
        return proxy(args[1], args[3:])
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
