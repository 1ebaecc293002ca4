#!/usr/bin/python3
"""train.py — trains a game's perspective net (NNUE-SPEC §2, §4) on Simia's data files in
float with torch, clips the weights to what the integer net can hold, exports the net file."""

import argparse
import math
import random
import sys
import time

import cli  # before numpy: a missing package is one line naming the setup command
cli.need("train.py", "numpy", "torch")

import numpy as np

import data as datafile
import netfile
import quantised
from netfile import QA, QB, SCALE

W1_CLIP_MAX = 2.0  # float |w1|, |b1| at most this (510 quantised) ...
ACC_LIMIT = quantised.INT16_MAX  # ... and (max_active + 1) * |W1| within int16: see clips()
B2_LIMIT = 1 << 24  # |B2| bound, leaving the int32 output room for x . W2


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Train a Simia NNUE net from data files (see README.md).")
    ap.add_argument("--data", nargs="+", required=True, help="data files (engine/nnue/DATA.md)")
    ap.add_argument("--out", required=True, help="the net file to write")
    ap.add_argument("--game", required=True, help="the game (GameOps.name); the data must be for it")
    ap.add_argument("--hidden", type=int, default=128, help="H, a multiple of 16 in 16..1024")
    ap.add_argument("--activation", choices=tuple(netfile.ACTIVATIONS), default="crelu",
                    help="the hidden layer's: clipped (crelu), or clipped and squared (screlu, "
                         "a version 3 net file)")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch", type=int, default=8192)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--lr-end", type=float, default=None,
                    help="the rate falls from --lr to this one along a cosine over the run "
                         "(default: constant)")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.5,
                    help="weight of the search score against the game result in the target")
    ap.add_argument("--scale-wdl", type=float, default=400.0, help="cp per unit of the sigmoid")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--val-fraction", type=float, default=0.05,
                    help="the share of the records held out for validation")
    ap.add_argument("--val-split", choices=("tail", "random"), default="tail",
                    help="hold out the last records (whole games: datagen writes a game's records "
                         "together) or records drawn by the seed")
    ap.add_argument("--val-data", nargs="+", default=[],
                    help="validate on these files instead (games never trained on)")
    ap.add_argument("--qat-epochs", type=int, default=0,
                    help="the last N epochs train the net as the engine will compute it (weights "
                         "rounded as exported, the gradient passed straight through); with N > 0 "
                         "every validation measures the rounded net")
    ap.add_argument("--keep-best", action="store_true",
                    help="export the epoch with the lowest validation loss, not the last")
    ap.add_argument("--init", help="start from this net (a second generation) instead of random weights")
    ap.add_argument("--scope", default="",
                    help="the configurations the net serves, as the game names them (e.g. '5x5 9x9' "
                         "for Zoo's board sizes; engine/nnue/NET.md); default: every one")
    a = ap.parse_args(argv)
    if not 0 <= a.lam <= 1 or not 0 <= a.val_fraction < 1 or a.epochs < 0 or a.batch < 1 \
            or a.threads < 1 or a.scale_wdl <= 0 or a.lr <= 0 \
            or (a.lr_end is not None and not 0 <= a.lr_end <= a.lr) or not 0 <= a.qat_epochs <= a.epochs:
        ap.error("--lambda in [0,1], --val-fraction in [0,1), --epochs >= 0, --batch, --threads, "
                 "--scale-wdl, --lr > 0, --lr-end in [0, --lr], --qat-epochs in [0, --epochs]")
    if a.keep_best and not a.val_data and a.val_fraction == 0:
        ap.error("--keep-best needs validation records (--val-fraction > 0 or --val-data)")
    try:
        netfile.check_shape(1, a.hidden)
        if a.scope:
            netfile.check_scope(a.scope)
    except ValueError as e:
        ap.error(str(e))
    return a


def clips(max_active, hidden, activation="crelu"):
    """Float bounds (w1 and b1, w2, b2) under which the quantised net cannot overflow: every
    accumulator, B1 plus at most max_active rows of W1, stays within int16, and the output
    B2 + x . W2 (x <= QA, 2*hidden terms) within int32; squared, each x * W2 within int16
    (|W2| <= 128) and the sum of x * x * W2 within int32."""
    w1 = min(W1_CLIP_MAX * QA, ACC_LIMIT // (max_active + 1)) / QA
    if activation == "screlu":
        w2 = min(quantised.INT16_MAX // QA, quantised.INT32_MAX // (2 * hidden * QA * QA)) / QB
    else:
        w2 = min(quantised.INT16_MAX, (quantised.INT32_MAX - B2_LIMIT) // (2 * hidden * QA)) / QB
    return w1, w2, B2_LIMIT / (QA * QB)


def make_model(torch, n_features, hidden, activation="crelu"):
    nn = torch.nn
    bag = torch.nn.functional.embedding_bag

    class FeatureSum(torch.autograd.Function):
        """acc[b] = sum of w1 rows of bag b. torch's own EmbeddingBag backward takes ~7x the CPU
        time of its forward (measured: README.md); the gradient of w1 is the same sum taken
        the other way (row f gets the gradients of the bags holding f): a second forward."""

        @staticmethod
        def forward(ctx, w1, flat, offsets, t_rows, t_offsets):
            ctx.save_for_backward(t_rows, t_offsets)
            return bag(flat, w1, offsets, mode="sum")

        @staticmethod
        def backward(ctx, grad):
            t_rows, t_offsets = ctx.saved_tensors
            return bag(t_rows, grad.contiguous(), t_offsets, mode="sum"), None, None, None, None

    class PerspectiveNet(nn.Module):
        """acc = b1 + sum w1[f] per perspective; out = (b2 + x . w2) * SCALE with x = clamp(acc,
        0, 1) (squared for screlu), the player to move's accumulator first."""

        def __init__(self):
            super().__init__()
            self.w1 = nn.Parameter(torch.empty(n_features, hidden))
            self.b1 = nn.Parameter(torch.empty(hidden))
            self.w2 = nn.Parameter(torch.empty(2 * hidden))
            self.b2 = nn.Parameter(torch.zeros(1))
            nn.init.uniform_(self.w1, -0.05, 0.05)
            nn.init.uniform_(self.b1, 0.2, 0.5)
            nn.init.uniform_(self.w2, -1 / math.sqrt(hidden), 1 / math.sqrt(hidden))

            self.quantised = False  # forward through the integer net's weights (--qat-epochs)

        def forward(self, inputs):
            flat, offsets, t_rows, t_offsets = (torch.from_numpy(x) if x is not None else None
                                                for x in inputs)
            n = len(offsets) // 2
            w1, b1, w2, b2 = self.w1, self.b1, self.w2, self.b2
            if self.quantised:  # rounded as the export rounds; the gradient passes straight through
                w1, b1, w2, b2 = (t + (torch.round(t * f) / f - t).detach()
                                  for t, f in ((w1, QA), (b1, QA), (w2, QB), (b2, QA * QB)))
            if t_rows is None:  # no gradient wanted
                acc = bag(flat, w1, offsets, mode="sum")
            else:
                acc = FeatureSum.apply(w1, flat, offsets, t_rows, t_offsets)
            x = torch.clamp(acc + b1, 0.0, 1.0)  # rows 0..n-1: us, n..2n-1: them
            if activation == "screlu":
                x = x * x
            x = torch.cat([x[:n], x[n:]], dim=1)
            return (x @ w2 + b2) * SCALE

    return PerspectiveNet()


def batch_inputs(d, idx, backward=False):
    """EmbeddingBag inputs for records idx: the flat feature list (the us bags of every record,
    then the them bags) and the bags' offsets; with backward, also the transposed lists (for
    each feature, the bags holding it) that FeatureSum's backward sums over."""
    n_us, n_them = d.n_us[idx].astype(np.int64), d.n_them[idx].astype(np.int64)
    start = d.start[idx]
    parts, offs, total = [], [], 0
    for s, cnt in ((start, n_us), (start + n_us, n_them)):
        ends = np.cumsum(cnt)
        excl = ends - cnt
        size = int(ends[-1]) if len(ends) else 0
        parts.append(d.feats[np.repeat(s - excl, cnt) + np.arange(size)])
        offs.append(excl + total)
        total += size
    flat, offsets = np.concatenate(parts), np.concatenate(offs)
    if not backward:
        return flat.astype(np.int64), offsets, None, None
    lens = np.diff(np.append(offsets, total))
    rows = np.repeat(np.arange(len(offsets)), lens)
    # a stable sort by feature (a radix sort when the ids fit 16 bits)
    key = flat.astype(np.uint16) if d.n_features <= 1 << 16 else flat
    order = np.argsort(key, kind="stable")
    count = np.bincount(flat, minlength=d.n_features)
    t_offsets = np.cumsum(count) - count
    return flat.astype(np.int64), offsets, rows[order], t_offsets


def targets(d, lam, scale_wdl):
    s = 1.0 / (1.0 + np.exp(-d.score.astype(np.float64) / scale_wdl))
    return (lam * s + (1 - lam) * (d.result.astype(np.float64) + 1) / 2).astype(np.float32)


def load_init(torch, model, path, d, hidden, activation):
    net = netfile.read_net(path, d.game, d.feature_set, d.n_features)
    if net.hidden != hidden:
        raise netfile.NetError(path, 48, f"hidden {net.hidden}, but --hidden is {hidden}")
    if net.activation != activation:
        raise netfile.NetError(path, 8, f"activation {net.activation}, but --activation is {activation}")
    with torch.no_grad():
        model.w1.copy_(torch.from_numpy(net.W1.astype(np.float32) / QA))
        model.b1.copy_(torch.from_numpy(net.B1.astype(np.float32) / QA))
        model.w2.copy_(torch.from_numpy(net.W2.astype(np.float32) / QB))
        model.b2.fill_(net.B2 / (QA * QB))


def quantise(model, d, activation="crelu"):
    """The integer net of the float model (NNUE-SPEC §2's rounding)."""
    def q(t, f):
        return np.rint(t.detach().double().numpy() * f)
    W1, B1, W2 = q(model.w1, QA), q(model.b1, QA), q(model.w2, QB)
    B2 = int(q(model.b2, QA * QB)[0])
    return netfile.Net(d.game, d.feature_set, W1.astype(np.int16), B1.astype(np.int16),
                       W2.astype(np.int16), B2, activation=activation)


def acc_bound(net, max_active):
    """max over j of |B1[j]| + max_active * max_f |W1[f][j]|: no list of at most max_active
    features (repeats or not) takes an accumulator beyond it."""
    w1 = np.abs(net.W1.astype(np.int64)).max(axis=0)
    return int((np.abs(net.B1.astype(np.int64)) + max_active * w1).max())


def main(argv=None):
    a = parse_args(argv)
    try:
        import torch
    except ImportError:
        sys.exit("train.py: python3-torch is missing (sudo apt-get install python3-torch)")
    random.seed(a.seed)
    np.random.seed(a.seed)
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(a.seed)

    t0 = time.time()
    try:
        # held-out files come last in one record set, so that one model code path serves both
        d = datafile.read_files(a.data + a.val_data, a.game)
        n_held = len(datafile.read_files(a.val_data, a.game)) if a.val_data else 0
    except (datafile.DataError, OSError) as e:
        sys.exit(f"train.py: {e}")
    n = len(d)
    if n - n_held == 0:
        sys.exit("train.py: the data holds no records")
    if a.val_data and n_held == 0:
        sys.exit("train.py: the validation data holds no records")
    max_active = max(d.max_active(), 1)
    print(f"data: {n - n_held} records of {d.game} ({d.feature_set}, {d.n_features} features, at "
          f"most {max_active} active a side) from {len(a.data)} file(s)"
          + (f", {n_held} held out in {len(a.val_data)} file(s)" if n_held else "")
          + f" in {time.time() - t0:.1f} s", flush=True)

    perm = rng.permutation(n - n_held)
    if n_held:
        val, train = np.arange(n - n_held, n), perm
    else:
        n_val = min(int(round(n * a.val_fraction)), n - 1)
        if a.val_split == "tail":  # whole games but the one cut at the boundary
            val, train = np.arange(n - n_val, n), perm[perm < n - n_val]
        else:
            val, train = np.sort(perm[:n_val]), perm[n_val:]
    target = torch.from_numpy(targets(d, a.lam, a.scale_wdl))
    w1c, w2c, b2c = clips(max_active, a.hidden, a.activation)

    model = make_model(torch, d.n_features, a.hidden, a.activation)
    if a.init:
        try:
            load_init(torch, model, a.init, d, a.hidden, a.activation)
        except netfile.NetError as e:
            sys.exit(f"train.py: {e}")
    opt = torch.optim.Adam(model.parameters(), lr=a.lr)

    def clip():
        with torch.no_grad():
            model.w1.clamp_(-w1c, w1c)
            model.b1.clamp_(-w1c, w1c)
            model.w2.clamp_(-w2c, w2c)
            model.b2.clamp_(-b2c, b2c)

    def loss_of(idx, backward=False):
        out = model(batch_inputs(d, idx, backward))
        return torch.mean((torch.sigmoid(out / a.scale_wdl) - target[idx]) ** 2)

    def mean_loss(idx):
        if not len(idx):
            return float("nan")
        was, model.quantised = model.quantised, model.quantised or a.qat_epochs > 0
        with torch.no_grad():
            total = sum(loss_of(idx[i:i + a.batch]).item() * len(idx[i:i + a.batch])
                        for i in range(0, len(idx), a.batch))
        model.quantised = was
        return total / len(idx)

    def show(v):
        return "-" if np.isnan(v) else f"{v:.6f}"

    clip()
    schedule = "" if a.lr_end is None else f" to {a.lr_end} (cosine)"
    print(f"training {len(train)} records, validating on {len(val)}; hidden {a.hidden} ({a.activation}), "
          f"lambda {a.lam}, lr {a.lr}{schedule}, batch {a.batch}, seed {a.seed}, {a.threads} thread(s); "
          + (f"the last {a.qat_epochs} epoch(s) on the rounded net; " if a.qat_epochs else "") +
          f"|w1|,|b1| <= {w1c:.4f}", flush=True)
    best_loss, best_epoch, best_state = mean_loss(val), 0, None
    if a.keep_best:
        best_state = {k: v.clone() for k, v in model.state_dict().items()}
    print(f"epoch 0: val loss {show(best_loss)}", flush=True)
    steps_per_epoch = (len(train) + a.batch - 1) // a.batch
    total_steps, step = max(1, a.epochs * steps_per_epoch - 1), 0
    for epoch in range(1, a.epochs + 1):
        model.quantised = epoch > a.epochs - a.qat_epochs
        t, cpu = time.time(), time.process_time()
        order = train[rng.permutation(len(train))]
        total = 0.0
        for i in range(0, len(order), a.batch):
            idx = order[i:i + a.batch]
            if a.lr_end is not None:  # small last steps settle the weights (README: measured)
                cosine = 0.5 * (1 + math.cos(math.pi * step / total_steps))
                for g in opt.param_groups:
                    g["lr"] = a.lr_end + (a.lr - a.lr_end) * cosine
            step += 1
            opt.zero_grad(set_to_none=True)
            loss = loss_of(idx, True)
            loss.backward()
            opt.step()
            clip()
            total += loss.item() * len(idx)
        dt, dcpu = time.time() - t, time.process_time() - cpu
        vl = mean_loss(val)
        print(f"epoch {epoch}: train loss {total / len(order):.6f}  val loss {show(vl)}  "
              f"{dt:.1f} s, {len(order) / dt:.0f} positions/s ({len(order) / dcpu:.0f} per CPU "
              f"second)", flush=True)
        if a.keep_best and vl < best_loss:
            best_loss, best_epoch = vl, epoch
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
    model.quantised = False
    if a.keep_best:
        model.load_state_dict(best_state)
        print(f"kept epoch {best_epoch}: val loss {show(best_loss)}", flush=True)

    net = quantise(model, d, a.activation)
    bound = acc_bound(net, max_active)
    if bound > quantised.INT16_MAX:  # cannot happen under clips(); checked all the same
        sys.exit(f"train.py: an accumulator could reach {bound}, beyond int16: not exported")
    check = val if len(val) else train
    check = check[:20000]
    sub = datafile.Data(d.game, d.feature_set, d.n_features, d.score[check], d.result[check],
                        d.stm[check], d.n_us[check], d.n_them[check], d.start[check], d.feats)
    q_evals, worst = quantised.evaluate(net, sub)
    with torch.no_grad():
        f_evals = model(batch_inputs(d, check)).double().numpy()
    q_loss = float(np.mean((1 / (1 + np.exp(-q_evals / a.scale_wdl)) - target[check].numpy()) ** 2))
    net.scope = a.scope
    size = netfile.write_net(a.out, net)
    print(f"quantised on {len(check)} {'validation' if len(val) else 'training'} records: loss "
          f"{q_loss:.6f}, mean |float - integer eval| {np.mean(np.abs(f_evals - q_evals)):.2f} cp, "
          f"largest |accumulator| {worst} (bound for {max_active} active features: {bound})")
    print(f"wrote {a.out}: {size} bytes ({d.game}, {d.feature_set}, {d.n_features}x{a.hidden}"
          + (f", {a.activation}" if a.activation != "crelu" else "")
          + (f", serving {a.scope}" if a.scope else "") + ") "
          f"in {time.time() - t0:.1f} s")


if __name__ == "__main__":
    cli.run(main)
