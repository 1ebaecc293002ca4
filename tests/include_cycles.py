#!/usr/bin/env python3
# include_cycles.py — fails when Simia's modules (engine/ with every game folder, bench/, book/,
# uci-like/) depend on each other in a circle; a module is a dir/stem: its .c and its .h together.
"""Finds dependency cycles between Simia's modules.

A module is one stem in one directory: engine/search.c, engine/search.h and the module's
internal header engine/search_internal.h are the module engine/search; a header without a
.c of its stem (engine/types.h) is a module of its own.
Module A depends on module B when

  * a file of A includes a file of B (#include "..." resolved against the file's own
    directory, then the repository root), or
  * (with --objects BUILD_DIR) A's object file uses a symbol that B's object file defines
    (from `nm`): a function declared in a shared header but defined elsewhere, or two files
    that call each other through a header they both include, is a circle too.

Every cycle among the modules of the checked tree (engine/*, bench, book, uci-like; the
game folders with --games) is printed, and the exit status is 1 if there is one. Cycles
inside engine/games/ are only reported unless --games is given: the game folders are owned
by their games.

Usage: tests/include_cycles.py [--objects BUILD_DIR] [--games] [--graph]
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CORE_DIRS = ["engine", "bench", "book", "uci-like"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def source_files():
    """Every .c/.h of the core directories and the game folders, relative to ROOT."""
    out = []
    for d in CORE_DIRS:
        for dirpath, dirnames, files in os.walk(os.path.join(ROOT, d)):
            dirnames[:] = [x for x in dirnames if x not in ("web", "arena", "players", "positions")]
            for f in files:
                if f.endswith((".c", ".h")):
                    out.append(os.path.relpath(os.path.join(dirpath, f), ROOT))
    return sorted(out)


def module_of(path):
    """dir/stem; a stem's internal header (x_internal.h: what x's own files share) is part of x."""
    stem = os.path.splitext(path)[0]
    return stem[: -len("_internal")] if stem.endswith("_internal") else stem


def in_games(module):
    return module.startswith("engine/games/")


def include_edges(files):
    known = set(files)
    edges = {}
    for f in files:
        with open(os.path.join(ROOT, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for inc in INCLUDE.findall(text):
            cands = [os.path.normpath(os.path.join(os.path.dirname(f), inc)), os.path.normpath(inc)]
            target = next((c for c in cands if c in known), None)
            if target is None:
                continue  # generated or outside the checked tree (e.g. bench_data.c)
            a, b = module_of(f), module_of(target)
            if a != b:
                edges.setdefault(a, {}).setdefault(b, f"{f} includes {target}")
    return edges


def object_edges(build_dir, modules):
    """Symbol references between the object files of the checked sources."""
    objs = {}
    for dirpath, _, files in os.walk(build_dir):
        for f in files:
            if not f.endswith(".c.o"):
                continue
            full = os.path.join(dirpath, f)
            m = re.search(r"\.dir/(.*)\.c\.o$", full)
            if not m:
                continue
            mod = m.group(1)
            # The dispatched builds of a game's sources compile the same file again
            # (e.g. CMakeFiles/x.dir/avx2/engine/games/...): map back to the source.
            while mod not in modules and "/" in mod:
                mod = mod.split("/", 1)[1]
            if mod in modules:
                objs.setdefault(mod, []).append(full)
    defined, used = {}, {}
    mod_of_obj = {p: mod for mod, paths in objs.items() for p in paths}
    if not mod_of_obj:
        return {}, 0
    # One nm for all: with -A each line starts with "file: " (POSIX format: "file: sym kind ...").
    out = subprocess.run(["nm", "-A", "-P"] + sorted(mod_of_obj), capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        path, _, rest = line.partition(": ")
        parts = rest.split()
        if path not in mod_of_obj or len(parts) < 2:
            continue
        mod, sym, kind = mod_of_obj[path], parts[0], parts[1]
        if kind == "U":
            used.setdefault(mod, set()).add(sym)
        elif kind in "TDBRCVW":
            defined.setdefault(sym, set()).add(mod)
    edges = {}
    for mod, syms in used.items():
        for s in sorted(syms):
            for owner in defined.get(s, ()):
                if owner != mod:
                    edges.setdefault(mod, {}).setdefault(owner, f"{mod}.c uses {s} of {owner}.c")
    return edges, len(objs)


def cycles(edges, nodes):
    """Strongly connected components of more than one module (Tarjan), each with one circle."""
    index, low, stack, on, comps = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in nodes:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return comps


def circle(edges, comp):
    """One concrete circle through the component's first module (breadth-first)."""
    start, members = comp[0], set(comp)
    prev, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in edges.get(v, {}):
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    path.reverse()
                    return path + [start]
                if w in members and w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return comp


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--objects", metavar="BUILD_DIR", help="also read symbol references from the object files")
    ap.add_argument("--games", action="store_true", help="fail on cycles inside the game folders too")
    ap.add_argument("--graph", action="store_true", help="print every dependency")
    args = ap.parse_args()

    files = source_files()
    modules = {module_of(f) for f in files}
    edges = include_edges(files)
    n_obj = 0
    if args.objects:
        sym_edges, n_obj = object_edges(args.objects, modules)
        if n_obj == 0:
            print(f"include_cycles: no object files of the sources under {args.objects}", file=sys.stderr)
            return 2
        for a, bs in sym_edges.items():
            for b, why in bs.items():
                edges.setdefault(a, {}).setdefault(b, why)
    if args.graph:
        for a in sorted(edges):
            for b, why in sorted(edges[a].items()):
                print(f"{a} -> {b}    ({why})")
    failed = False
    for comp in cycles(edges, modules):
        path = circle(edges, comp)
        fatal = args.games or not all(in_games(m) for m in comp)
        print(("cycle: " if fatal else "cycle (game folder, reported only): ") + " -> ".join(path))
        if len(comp) > len(path) - 1:
            print("    (the circle's modules and more, all tied together: " + ", ".join(comp) + ")")
        for a, b in zip(path, path[1:]):
            print(f"    {a} -> {b}: {edges[a][b]}")
        failed |= fatal
    what = f"{len(modules)} modules, {len(files)} files" + (f", {n_obj} object modules" if n_obj else "")
    print(f"include_cycles: {'CYCLES FOUND' if failed else 'no cycle'} ({what})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
