#!/usr/bin/python3
"""quantised.py — the exact integer reference of the net (NNUE-SPEC §2) in numpy int64: the
eval the engine must print for each record of a data file. Usage: quantised.py NET DATA..."""

import argparse
import sys

import cli  # before numpy: a missing package is one line naming the setup command
cli.need("quantised.py", "numpy")

import numpy as np

import data as datafile
import netfile
from netfile import QA, QB, SCALE

SCORE_WIN_MIN = 30000  # engine/types.h: above this a score is a forced win
EVAL_LIMIT = SCORE_WIN_MIN - 1  # the net's eval is clamped to +-EVAL_LIMIT
INT16_MAX, INT32_MIN, INT32_MAX = 32767, -(1 << 31), (1 << 31) - 1
CHUNK = 512  # records at a time (a chunk's feature rows are gathered as int64)


def accumulate(W1, B1, feats, start, count):
    """acc[i] = B1 + sum of W1 rows of feats[start[i] : start[i] + count[i]], in int64."""
    total = int(count.sum())
    rows = np.zeros((total + 1, W1.shape[1]), np.int64)
    if total:
        idx = np.repeat(start - np.cumsum(count) + count, count) + np.arange(total)
        np.cumsum(W1[feats[idx]].astype(np.int64), axis=0, out=rows[1:])
    ends = np.cumsum(count)
    return B1.astype(np.int64) + rows[ends] - rows[ends - count]


def crelu(acc):
    return np.clip(acc, 0, QA)


def stages(d, buckets):
    """Each record's output bucket for a net of `buckets`: its stage (d.bucket), or 0 for a net
    of one. Raises ValueError where the data has no stages or one without a layer."""
    if buckets == 1:
        return np.zeros(len(d), np.int64)
    if d.bucket is None:
        raise ValueError(f"{buckets} output buckets, but the data gives no stage per record")
    b = d.bucket.astype(np.int64)
    bad = np.flatnonzero(b >= buckets)
    if len(bad):
        raise ValueError(f"record {int(bad[0])}: stage {int(b[bad[0]])}, not below the {buckets} output buckets")
    return b


def evaluate(net, d, chunk=CHUNK):
    """The integer eval of every record of d (player to move's view), and the largest |acc|.
    Raises OverflowError if an accumulator leaves int16 or the output leaves int32."""
    evals = np.empty(len(d), np.int64)
    worst = 0
    W2, B2 = net.W2.astype(np.int64), net.B2
    bucket = stages(d, net.buckets)
    for c in range(0, len(d), chunk):
        sl = slice(c, c + chunk)
        us = accumulate(net.W1, net.B1, d.feats, d.start[sl], d.n_us[sl].astype(np.int64))
        them = accumulate(net.W1, net.B1, d.feats, d.start[sl] + d.n_us[sl],
                          d.n_them[sl].astype(np.int64))
        big = max(int(np.abs(us).max(initial=0)), int(np.abs(them).max(initial=0)))
        if big > INT16_MAX:
            bad = c + int(np.flatnonzero((np.abs(us) > INT16_MAX).any(1)
                                         | (np.abs(them) > INT16_MAX).any(1))[0])
            raise OverflowError(f"record {bad}: an accumulator reaches {big}, beyond int16")
        worst = max(worst, big)
        x = np.concatenate([crelu(us), crelu(them)], axis=1)
        w2, b2 = W2[bucket[sl]], B2[bucket[sl]]  # each record's output layer
        if net.activation == "screlu":
            # sum of x * (x * W2) (the int32 sum holds no B2): the engine keeps x * W2 in
            # int16, exact where |W2| <= 128
            xw = x * w2
            if int(np.abs(xw).max(initial=0)) > INT16_MAX:
                raise OverflowError(f"records {c}..: x * W2 leaves int16")
            out = (xw * x).sum(1)
            total, unit = out + b2 * QA, QA * QA * QB
        else:
            out = b2 + (x * w2).sum(1)
            total, unit = out, QA * QB
        if out.min(initial=0) < INT32_MIN or out.max(initial=0) > INT32_MAX:
            raise OverflowError(f"records {c}..: the output leaves int32")
        evals[sl] = np.clip((total * SCALE) // unit, -EVAL_LIMIT, EVAL_LIMIT)
    return evals, worst


def main(argv=None):
    ap = argparse.ArgumentParser(description="The engine's exact integer NNUE eval, one line per record.")
    ap.add_argument("net")
    ap.add_argument("data", nargs="+")
    ap.add_argument("--positions", action="store_true", help="print 'eval<TAB>position' lines")
    ap.add_argument("--positions-from", nargs="+", metavar="DATA",
                    help="print 'eval<TAB>position' lines for a features file, the positions read from the "
                         "data files it was made of (datagen --features, all kept, no --mirror): record "
                         "by record, so that the engine's eval of a position can be checked")
    a = ap.parse_args(argv)
    try:
        net = netfile.read_net(a.net)
        d = datafile.read_files(a.data, net.game, a.positions)
        if d.feature_set != net.feature_set or d.n_features != net.n_features:
            sys.exit(f"quantised.py: the data's feature set {d.feature_set}/{d.n_features} is "
                     f"not the net's {net.feature_set}/{net.n_features}")
        positions = d.positions if a.positions else None
        if a.positions_from:
            # A features file keeps no positions; its records are its data files' in order
            # when every record was kept and none twinned, which the counts check.
            positions = []
            for f in a.positions_from:
                positions += list(datafile.read_positions(f, net.game).positions)
            if len(positions) != len(d):
                sys.exit(f"quantised.py: the features hold {len(d)} records, the data files given to "
                         f"--positions-from {len(positions)}: make the features from these data files "
                         f"alone, every record kept and without --mirror")
        evals, _ = evaluate(net, d)
    except (datafile.DataError, netfile.NetError, OverflowError, ValueError, OSError) as e:
        sys.exit(f"quantised.py: {e}")
    out = sys.stdout
    for i, e in enumerate(evals.tolist()):
        out.write(f"{e}\t{positions[i]}\n" if positions is not None else f"{e}\n")


if __name__ == "__main__":
    cli.run(main)
