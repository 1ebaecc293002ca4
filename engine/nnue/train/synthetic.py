#!/usr/bin/python3
"""synthetic.py — a learnable synthetic features file (tests, speed measurements): random feature
sets scored by a hidden linear rule. Usage: synthetic.py OUT [--records N] [--features F] ..."""

import argparse

import cli  # before numpy: a missing package is one line naming the setup command
cli.need("synthetic.py", "numpy")

import numpy as np

import data as datafile


def make(path, records, features, active, seed, game="synthetic", feature_set="synth-1",
         buckets=1):
    """Writes a features file of records records of about `active` distinct features a side
    out of `features` (as a game's views are: engine/game.h); the score is a fixed random value
    per feature, summed for the mover minus for the other, and the result agrees with the
    score's sign. Returns the per-feature values; with buckets > 1, also each record's stage
    (the file's bucket column), drawn at random in [0, buckets), which turns the rule round in
    odd stages: only a net that reads the stage (an output layer per bucket) can learn it."""
    rng = np.random.default_rng(seed)
    value = rng.normal(0, 60, features)
    lo, hi = max(active - active // 4, 0), active + active // 4
    # draws with repeats, each view's repeats then dropped: sorted distinct features a view
    drawn = rng.integers(lo, hi + 1, 2 * records)
    view = np.repeat(np.arange(2 * records), drawn)
    key = np.unique(view * features + rng.integers(0, features, int(drawn.sum())))
    count = np.bincount(key // features, minlength=2 * records)
    n_us, n_them, feats = count[0::2], count[1::2], key % features
    start = np.concatenate([[0], np.cumsum(n_us + n_them)[:-1]])
    rec = np.repeat(np.arange(records), n_us + n_them)
    side = np.arange(len(feats)) - np.repeat(start, n_us + n_them) < np.repeat(n_us, n_us + n_them)
    score = np.bincount(rec, np.where(side, value[feats], -value[feats]), records)
    stage = rng.integers(0, buckets, records).astype(np.uint8) if buckets > 1 else None
    if buckets > 1:
        score = np.where(stage % 2, -score, score)
    score = np.clip(np.rint(score), -32000, 32000).astype(np.int64)
    result = np.where(rng.random(records) < 1 / (1 + np.exp(-score / 400)), 1, -1)
    result[np.abs(score) < 20] = 0
    # the bound: the most distinct features a view can draw
    datafile.write_features(path, game, feature_set, features, min(max(hi, 1), features, datafile.NNUE_MAX_ACTIVE),
                            score, result, rng.integers(1, 3, records), n_us, n_them, feats,
                            bucket=stage, n_buckets=buckets)
    return value if buckets == 1 else (value, stage)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--records", type=int, default=1000)
    ap.add_argument("--features", type=int, default=64)
    ap.add_argument("--active", type=int, default=8, help="about this many active features a side")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="synthetic")
    ap.add_argument("--feature-set", default="synth-1")
    a = ap.parse_args()
    make(a.out, a.records, a.features, a.active, a.seed, a.game, a.feature_set)


if __name__ == "__main__":
    cli.run(main)
