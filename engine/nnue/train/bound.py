"""bound.py — the game's declared bound (GameOps.nnue_max_active) kept by the trainer: data
checked against it, the first layer clipped lane by lane so that no legal position can take
an accumulator beyond int16, and the integer net's exact bound."""

import numpy as np

from netfile import QA

INT16_MAX = 32767
CHUNK = 1 << 15  # records whose views are sorted together


def check_views(d, max_active, chunk=CHUNK):
    """Raises ValueError naming the first record (its index among all records read) with a view
    of more than max_active features or a view listing a feature twice: the engine's diff of
    feature lists counts a repeat once where a refresh counts it twice, and the clip below
    assumes distinct features."""
    too = np.flatnonzero((d.n_us > max_active) | (d.n_them > max_active))
    if len(too):
        i = int(too[0])
        raise ValueError(f"record {i}: {int(d.n_us[i])}+{int(d.n_them[i])} active features, more than "
                         f"the game's declared {max_active} a view")
    nf = int(d.n_features)
    for c in range(0, len(d), chunk):
        sl = slice(c, min(c + chunk, len(d)))
        n_us, cnt = d.n_us[sl].astype(np.int64), (d.n_us[sl] + d.n_them[sl]).astype(np.int64)
        total = int(cnt.sum())
        if not total:
            continue
        first = np.cumsum(cnt) - cnt
        rec = np.repeat(np.arange(len(cnt)), cnt)
        at = np.arange(total) - first[rec]  # the feature's place in its record
        view = 2 * rec + (at >= n_us[rec])
        key = view * nf + d.feats[d.start[sl][rec] + at]
        key.sort()
        dup = np.flatnonzero(key[1:] == key[:-1])
        if len(dup):
            k = int(key[dup[0]])
            side = "the player deciding's" if (k // nf) % 2 == 0 else "the other player's"
            raise ValueError(f"record {c + k // nf // 2}: feature {k % nf} twice in {side} view")


def lane_limit(max_active):
    """The float budget of a lane (|b1| + its max_active largest |w1|): rounded to the integer
    net, each of those max_active + 1 values moves at most half a step, so this keeps the
    integer sum within int16 with two steps to spare for float sums."""
    return (INT16_MAX - (max_active + 2) // 2 - 2) / QA


def clip_lanes(torch, w1, b1, max_active, limit):
    """In place, without gradient: for each hidden lane j whose |b1[j]| + sum of its max_active
    largest |w1[f][j]| exceeds limit, clips that lane's weights to the one level t_j at which
    the sum equals the limit (only the largest move: a projection, as water fills). Cheaper
    on the weights than one box for all (|w1| <= limit / (max_active + 1)), which binds on
    every weight although few lanes ever come near. Returns how many lanes were clipped."""
    with torch.no_grad():
        k = min(max_active, w1.shape[0])
        a = w1.abs()
        budget = limit - b1.abs()
        if bool((k * a.max(0).values <= budget).all()):  # the usual case: far from it
            return 0
        top = torch.topk(a, k, dim=0).values  # largest first
        over = top.sum(0) > budget
        if not bool(over.any()):
            return 0
        cols = over.nonzero().squeeze(1)
        top, room = top[:, cols], budget[cols]
        cs = torch.cumsum(top, 0)
        m = torch.arange(1, k + 1, dtype=top.dtype).unsqueeze(1)
        level = (room - (cs[-1] - cs)) / m  # the level if exactly the m largest were clipped
        below = torch.cat([top[1:], torch.zeros_like(top[:1])])  # the (m+1)-th largest
        first = (level >= below).to(torch.int8).argmax(0)  # the first m where that holds
        t = level.gather(0, first.unsqueeze(0)).squeeze(0)
        w1[:, cols] = torch.maximum(torch.minimum(w1[:, cols], t), -t)
        return len(cols)


def lane_bound(W1, B1, max_active):
    """The integer net's largest |accumulator| over any view of at most max_active distinct
    features: max over lanes of |B1| + the sum of the max_active largest |W1| of the lane."""
    a = np.abs(W1.astype(np.int64))
    k = min(max_active, a.shape[0])
    top = np.partition(a, a.shape[0] - k, axis=0)[a.shape[0] - k:]
    return int((np.abs(B1.astype(np.int64)) + top.sum(0)).max(initial=0))
