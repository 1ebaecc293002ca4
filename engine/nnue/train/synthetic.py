#!/usr/bin/python3
"""synthetic.py — a learnable synthetic data file (tests, speed measurements): random feature
sets scored by a hidden linear rule. Usage: synthetic.py OUT [--records N] [--features F] ..."""

import argparse

import cli  # before numpy: a missing package is one line naming the setup command
cli.need("synthetic.py", "numpy")

import numpy as np

import data as datafile


def make(path, records, features, active, seed, game="synthetic", feature_set="synth-1"):
    """Writes records records of about `active` features a side out of `features`; the score
    is a fixed random value per feature, summed for the mover minus for the other, and the
    result agrees with the score's sign. Returns the per-feature values."""
    rng = np.random.default_rng(seed)
    value = rng.normal(0, 60, features)
    lo, hi = max(active - active // 4, 0), active + active // 4
    n_us = rng.integers(lo, hi + 1, records)
    n_them = rng.integers(lo, hi + 1, records)
    feats = rng.integers(0, features, int((n_us + n_them).sum()))
    start = np.concatenate([[0], np.cumsum(n_us + n_them)[:-1]])
    rec = np.repeat(np.arange(records), n_us + n_them)
    side = np.arange(len(feats)) - np.repeat(start, n_us + n_them) < np.repeat(n_us, n_us + n_them)
    score = np.bincount(rec, np.where(side, value[feats], -value[feats]), records)
    score = np.clip(np.rint(score), -32000, 32000).astype(np.int64)
    result = np.where(rng.random(records) < 1 / (1 + np.exp(-score / 400)), 1, -1)
    result[np.abs(score) < 20] = 0
    datafile.write_arrays(path, game, feature_set, features, score, result,
                          rng.integers(1, 3, records), n_us, n_them, feats,
                          [f"synthetic {i}" for i in range(records)])
    return value


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
