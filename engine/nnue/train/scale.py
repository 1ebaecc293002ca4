"""scale.py — the score-to-result scale (NET.md): the logistic P(result) = 1 / (1 + exp(-score
/ s)) that best predicts a set of records' results (draws half) from their scores, fitted."""

import numpy as np

import netfile

MIN_RECORDS = 200  # fewer than this: too few for a fit of their own (train.py)
FIXED = 400  # the one scale every game's loss used before the fit (train.py --scale-wdl 400)


class FitError(Exception):
    """No scale fits: too few records, or results that do not follow the scores."""


def log_loss(score, result, s):
    """Mean cross-entropy of the results (1 win, 0 draw, -1 loss: 1, 1/2, 0) against
    1 / (1 + exp(-score / s))."""
    z = np.asarray(score, np.float64) / s
    y = (np.asarray(result, np.float64) + 1) / 2
    # log(1 + exp(-z)) and log(1 + exp(z)) without overflow
    return float(np.mean(y * np.logaddexp(0, -z) + (1 - y) * np.logaddexp(0, z)))


def fit(score, result):
    """The scale s (cp, rounded to an integer within the net file's range) minimising
    log_loss: Newton's method on 1/s, where the loss is convex, halving any step that does not
    lower it. Raises FitError when it cannot."""
    x = np.asarray(score, np.float64)
    y = (np.asarray(result, np.float64) + 1) / 2
    if len(x) < MIN_RECORDS:
        raise FitError(f"{len(x)} records, too few to fit a scale (at least {MIN_RECORDS})")
    if not np.any(x) or np.all(y == y[0]):
        raise FitError("every score is 0" if not np.any(x) else "every result is the same")

    def loss(beta):
        z = beta * x
        return float(np.mean(y * np.logaddexp(0, -z) + (1 - y) * np.logaddexp(0, z)))

    beta = 1.0 / FIXED
    current = loss(beta)
    for _ in range(100):
        p = 1 / (1 + np.exp(-beta * x))
        grad = float(np.mean((p - y) * x))
        hess = float(np.mean(p * (1 - p) * x * x))
        step = grad / hess if hess > 0 else np.sign(grad) * beta
        while True:
            nxt = beta - step
            new = loss(nxt)
            if new <= current or abs(step) < 1e-15:
                break
            step /= 2
        done = abs(nxt - beta) <= 1e-9 * abs(beta)
        beta, current = nxt, new
        if done:
            break
    if beta <= 0:
        raise FitError(f"the results do not follow the scores (best 1/scale {beta:.3g})")
    s = int(round(1 / beta))
    if not netfile.WDL_SCALE_MIN <= s <= netfile.WDL_SCALE_MAX:
        raise FitError(f"the best scale {s} is outside {netfile.WDL_SCALE_MIN}.."
                       f"{netfile.WDL_SCALE_MAX}")
    return s
