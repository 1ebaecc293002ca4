#!/usr/bin/env python3
"""fit_wdl.py — fits a game's score-to-result constants (GameCalibration.wdl_scale and
wdl_draw, engine/wdl.h) to self-play data from `simia datagen` (engine/nnue/DATA.md): the
maximum-likelihood logistic model

    win = 1 / (1 + exp((draw - s) / scale)),  loss = 1 / (1 + exp((draw + s) / scale)),
    draw = 1 - win - loss,

for each record's search score s and game result, both for the player deciding. Data without
a draw fits the scale alone (draw 0). Pure Python: no dependency.

Usage: bench/fit_wdl.py FILE...     (every file of one game; prints the constants)
"""

import math
import struct
import sys

HEADER = struct.Struct("<8sII16s16s")


def read(path):
    """(game, [(score, result)]) of a data file, records checked only for their length."""
    with open(path, "rb") as f:
        raw = f.read()
    if len(raw) < HEADER.size:
        sys.exit(f"fit_wdl.py: {path}: not a Simia data file (too short)")
    magic, version, _, game, _ = HEADER.unpack_from(raw, 0)
    if magic != b"SIMIADG1" or version != 1:
        sys.exit(f"fit_wdl.py: {path}: not a Simia data file of version 1")
    out, at = [], HEADER.size
    while at < len(raw):
        if at + 4 > len(raw):
            sys.exit(f"fit_wdl.py: {path}: byte {at}: a record cut short")
        (body,) = struct.unpack_from("<I", raw, at)
        if at + 4 + body + 4 > len(raw) or body < 10:
            sys.exit(f"fit_wdl.py: {path}: byte {at}: a record cut short")
        score, result = struct.unpack_from("<hb", raw, at + 4)
        out.append((score, result))
        at += 4 + body + 4
    return game.rstrip(b"\0").decode(), out


def log_sigmoid(x):
    return -math.log1p(math.exp(-x)) if x > -30 else x


def nll(records, scale, draw):
    """Mean negative log-likelihood of the results under the model."""
    total = 0.0
    for s, r in records:
        if r > 0:
            total -= log_sigmoid((s - draw) / scale)
        elif r < 0:
            total -= log_sigmoid((-s - draw) / scale)
        else:
            w = 1 / (1 + math.exp(min(60.0, (draw - s) / scale)))
            l = 1 / (1 + math.exp(min(60.0, (draw + s) / scale)))
            total -= math.log(max(1e-12, 1 - w - l))
    return total / len(records)


def golden(f, lo, hi, steps=40):
    """The minimum of a unimodal f on [lo, hi]."""
    g = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    return (a + b) / 2


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) == 2 else 2)
    games, records = set(), []
    for path in sys.argv[1:]:
        game, recs = read(path)
        games.add(game)
        records += recs
    if len(games) != 1:
        sys.exit(f"fit_wdl.py: the files hold data of {', '.join(sorted(games))}: fit one game at a time")
    if not records:
        sys.exit("fit_wdl.py: no records")
    draws = sum(1 for _, r in records if r == 0)
    # the log of the scale and the draw margin as a share of it, by turns
    log_scale, share = math.log(400.0), 0.0
    for _ in range(6):
        log_scale = golden(lambda x: nll(records, math.exp(x), share * math.exp(x)), math.log(20), math.log(20000))
        if draws:
            share = golden(lambda y: nll(records, math.exp(log_scale), y * math.exp(log_scale)), 0.0, 6.0)
    scale, draw = math.exp(log_scale), share * math.exp(log_scale)
    print(f"{next(iter(games))}: {len(records)} records, {draws} from drawn games "
          f"({100.0 * draws / len(records):.1f}%)")
    predicted = sum(1 - 1 / (1 + math.exp(min(60.0, (draw - s) / scale)))
                    - 1 / (1 + math.exp(min(60.0, (draw + s) / scale))) for s, _ in records)
    print(f"wdl_scale {round(scale)}, wdl_draw {round(draw)}: mean log-loss {nll(records, scale, draw):.4f} "
          f"(the default scale 400 without draws: {nll(records, 400.0, 0.0):.4f}); "
          f"draws predicted {max(0.0, 100.0 * predicted / len(records)):.1f}%")


if __name__ == "__main__":
    main()
