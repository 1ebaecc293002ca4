#!/usr/bin/env python3
# compare.py — compares two simia executables in the same run, alternating them, and
# prints the ratio (B / A) of their speeds with min / median / max; or, with --mailbox,
# one simia's perft against the plain mailbox generator.
"""Compare the speed of two builds on a shared, noisy machine: run them in turns (A B,
then B A, ...) and look at the ratios of each round, never at one timing.

  bench/compare.py OLD NEW [-n ROUNDS] [--game NAME] [--depth D] [--perft-depth D]
        [--playouts N] [--only search,perft,playouts]
      Ratios NEW / OLD of nodes/second (`simia bench`), leaves/second (`simia bench
      perft`) and plies/second (`simia bench playouts`), per CPU second (steadier when
      other processes share the machine) and per wall-clock second. Also says whether
      the two bench signatures (nodes searched) agree. --game: that game's bench
      (default: the engine's default game, Monkey Queen).

  bench/compare.py --mailbox MAILBOX SIMIA [-n ROUNDS] [--perft-depth D]
      Wall and CPU time of `SIMIA perft D` against `MAILBOX D` (the plain mailbox generator
      of the shared tools' mailbox_perft.c, built with gcc -O2 -march=native), perft from
      the start (default depth 5), and the speed ratio.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time


def run_json(exe, game, args):
    """Runs `exe [--game GAME] bench ARGS --json` and returns the parsed result."""
    cmd = [exe] + (["--game", game] if game else []) + ["bench"] + args + ["--json"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if p.returncode != 0:
        sys.exit("compare.py: '%s' failed with status %d" % (" ".join(cmd), p.returncode))
    return json.loads(p.stdout)


def timed(cmd):
    """Wall and CPU (user + system) seconds of one run of cmd, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit("compare.py: '%s' failed with status %d" % (" ".join(cmd), p.returncode))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, p.stdout


def spread(values):
    return min(values), statistics.median(values), max(values)


def line(name, ratios, fmt="%.3f"):
    lo, med, hi = spread(ratios)
    print(("%-22s min " + fmt + "  median " + fmt + "  max " + fmt) % (name, lo, med, hi))


def compare_builds(a, b, args):
    modes = args.only.split(",")
    runs = {  # words, rate per wall-clock second, rate per CPU second
        "search": (["%d" % args.depth] if args.depth else [], "nps", "nodes_per_cpu_second"),
        "perft": (["perft"] + (["%d" % args.perft_depth] if args.perft_depth else []),
                  "leaves_per_second", "leaves_per_cpu_second"),
        "playouts": (["playouts", "%d" % args.playouts], "plies_per_second", "plies_per_cpu_second"),
    }
    speeds = {(m, k): ([], []) for m in modes for k in (1, 2)}
    signatures = {}
    for r in range(args.rounds):
        order = [(0, a), (1, b)] if r % 2 == 0 else [(1, b), (0, a)]
        for mode in modes:
            words = runs[mode][0]
            for side, exe in order:
                res = run_json(exe, args.game, words)
                for k in (1, 2):
                    speeds[(mode, k)][side].append(res[runs[mode][k]])
                if mode == "search":
                    signatures.setdefault(side, set()).add(res["nodes"])
        print("round %d/%d done" % (r + 1, args.rounds), file=sys.stderr)
    print("A = %s\nB = %s\nrounds: %d (alternating A B / B A)\n" % (a, b, args.rounds))
    for mode in modes:
        for k in (2, 1):
            sa, sb = speeds[(mode, k)]
            print("%-8s %-22s A median %12d  B median %12d" % (mode, runs[mode][k], statistics.median(sa),
                                                              statistics.median(sb)))
            line("  ratio B/A", [y / x for x, y in zip(sa, sb) if x > 0])
    if "search" in modes:
        sig = {side: sorted(v) for side, v in signatures.items()}
        same = sig.get(0) == sig.get(1) and len(sig.get(0, [])) == 1
        print("\nbench signature: A %s, B %s%s" % (
            ",".join(map(str, sig.get(0, []))), ",".join(map(str, sig.get(1, []))),
            "" if same else "  (DIFFERENT: the builds search differently)"))


def compare_mailbox(mailbox, simia, args):
    depth = args.perft_depth or 5
    walls = ([], [])
    cpus = ([], [])
    outputs = set()
    for r in range(args.rounds):
        order = [(0, [simia, "perft", str(depth)]), (1, [mailbox, str(depth)])]
        if r % 2:
            order.reverse()
        for side, cmd in order:
            wall, cpu, out = timed(cmd)
            walls[side].append(wall)
            cpus[side].append(cpu)
            outputs.add((side, out.strip().splitlines()[-1].split()[-1]))
    counts = sorted(outputs)
    print("simia   = %s perft %d\nmailbox = %s %d\nrounds: %d (alternating)\n" % (simia, depth, mailbox, depth, args.rounds))
    print("leaf counts: %s" % ", ".join("%s %s" % ("simia" if s == 0 else "mailbox", c) for s, c in counts))
    for name, (ts, tm) in (("wall", walls), ("cpu", cpus)):
        print("%-4s time: simia median %.4f s (min %.4f), mailbox median %.4f s (min %.4f)" % (
            name, statistics.median(ts), min(ts), statistics.median(tm), min(tm)))
        line("  %s ratio mailbox/simia" % name, [m / s for s, m in zip(ts, tm) if s > 0], "%.2f")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", help="the first executable (OLD, or MAILBOX with --mailbox)")
    ap.add_argument("b", help="the second executable (NEW, or SIMIA with --mailbox)")
    ap.add_argument("-n", "--rounds", type=int, default=5, help="rounds (each runs both once; default 5)")
    ap.add_argument("--game", default="", help="the game whose bench is timed (default: the engine's default)")
    ap.add_argument("--depth", type=int, default=0, help="search depth for `bench` (default: its own)")
    ap.add_argument("--perft-depth", type=int, default=0, help="perft depth (default: per position)")
    ap.add_argument("--playouts", type=int, default=100000, help="playouts per run (default 100000)")
    ap.add_argument("--only", default="search,perft,playouts", help="comma-separated: search,perft,playouts")
    ap.add_argument("--mailbox", action="store_true", help="compare SIMIA's perft with MAILBOX")
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    if args.game and args.mailbox:
        ap.error("--game does not go with --mailbox (the mailbox perft is Monkey Queen's)")
    # A path that is not an executable file: one line naming it, status 2, before anything runs.
    for exe in (args.a, args.b):
        why = ("does not exist" if not os.path.exists(exe) else "is a directory, not a program" if os.path.isdir(exe)
               else "is not an executable file" if not os.access(exe, os.X_OK) else None)
        if why:
            print("compare.py: '%s' %s" % (exe, why), file=sys.stderr)
            sys.exit(2)
    # A game either build does not know: one line naming it, before anything is timed.
    if args.game and not args.mailbox:
        for exe in (args.a, args.b):
            p = subprocess.run([exe, "--game", args.game, "perft", "1"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            if p.returncode != 0:
                print("compare.py: '%s' is no game of '%s'" % (args.game, exe), file=sys.stderr)
                sys.exit(2)
    if args.mailbox:
        compare_mailbox(args.a, args.b, args)
    else:
        bad = [m for m in args.only.split(",") if m not in ("search", "perft", "playouts")]
        if bad:
            ap.error("--only: unknown mode '%s'" % bad[0])
        compare_builds(args.a, args.b, args)


if __name__ == "__main__":
    main()
