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

import bound
import data as datafile
import netfile
import quantised
import scale as wdl
from netfile import QA, QB, SCALE

W1_CLIP_MAX = 2.0  # float |w1|, |b1| at most this (510 quantised); each lane's sum: bound.py
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
    ap.add_argument("--buckets", type=int, default=None,
                    help="output layers, one per stage of the game (its GameOps.nnue_buckets; the "
                         "data gives each record's stage); default: the data's count, else 1")
    ap.add_argument("--max-active", type=int, default=None,
                    help="the game's declared bound (GameOps.nnue_max_active) on the features of "
                         "a view; default: the data's, where its format says it")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch", type=int, default=8192)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--lr-end", type=float, default=None,
                    help="the rate falls from --lr to this one along a cosine over the run "
                         "(default: constant)")
    ap.add_argument("--weight-decay", type=float, default=0.0,
                    help="decoupled weight decay (AdamW) per unit of the rate; default 0 (Adam)")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.5,
                    help="weight of the search score against the game result in the target")
    ap.add_argument("--lambda-end", dest="lam_end", type=float, default=None,
                    help="lambda moves linearly from --lambda (first epoch) to this (last epoch); "
                         "validation uses this one throughout (default: constant)")
    ap.add_argument("--loss-power", type=float, default=2.0,
                    help="the loss is the mean |prediction - target| to this power (2: squared)")
    ap.add_argument("--scale-wdl", default="fit",
                    help="cp per unit of the logistic that maps scores to results: 'fit' (fitted on "
                         "the held-out games, and each file's scores by their own fit), or a "
                         "number for every file")
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
    if a.scale_wdl != "fit":
        try:
            a.scale_wdl = int(a.scale_wdl)
        except ValueError:
            a.scale_wdl = 0
        if not netfile.WDL_SCALE_MIN <= a.scale_wdl <= netfile.WDL_SCALE_MAX:
            ap.error(f"--scale-wdl: 'fit' or a whole number of cp in {netfile.WDL_SCALE_MIN}.."
                     f"{netfile.WDL_SCALE_MAX}")
    if not 0 <= a.lam <= 1 or not 0 <= a.val_fraction < 1 or a.epochs < 0 or a.batch < 1 \
            or a.threads < 1 or a.lr <= 0 \
            or (a.lr_end is not None and not 0 <= a.lr_end <= a.lr) or not 0 <= a.qat_epochs <= a.epochs \
            or (a.lam_end is not None and not 0 <= a.lam_end <= 1) or not 1 <= a.loss_power <= 4 \
            or a.weight_decay < 0:
        ap.error("--lambda and --lambda-end in [0,1], --val-fraction in [0,1), --epochs >= 0, --batch, "
                 "--threads, --lr > 0, --lr-end in [0, --lr], --qat-epochs in [0, --epochs], "
                 "--loss-power in [1, 4], --weight-decay >= 0")
    if a.keep_best and not a.val_data and a.val_fraction == 0:
        ap.error("--keep-best needs validation records (--val-fraction > 0 or --val-data)")
    if a.buckets is not None and not 1 <= a.buckets <= netfile.BUCKETS_MAX:
        ap.error(f"--buckets in 1..{netfile.BUCKETS_MAX}")
    if a.max_active is not None and not 1 <= a.max_active <= datafile.NNUE_MAX_ACTIVE:
        ap.error(f"--max-active in 1..{datafile.NNUE_MAX_ACTIVE}")
    try:
        netfile.check_shape(1, a.hidden)
        if a.scope:
            netfile.check_scope(a.scope)
    except ValueError as e:
        ap.error(str(e))
    return a


def clips(hidden, activation="crelu"):
    """Float bounds (w1 and b1 each, w2, b2) under which the quantised net cannot overflow
    outside the first layer's sums (those are bound.py's, lane by lane): the output B2 + x . W2
    (x <= QA, 2*hidden terms) within int32; squared, each x * W2 within int16 (|W2| <= 128)
    and the sum of x * x * W2 within int32."""
    if activation == "screlu":
        w2 = min(quantised.INT16_MAX // QA, quantised.INT32_MAX // (2 * hidden * QA * QA)) / QB
    else:
        w2 = min(quantised.INT16_MAX, (quantised.INT32_MAX - B2_LIMIT) // (2 * hidden * QA)) / QB
    return W1_CLIP_MAX, w2, B2_LIMIT / (QA * QB)


def make_model(torch, n_features, hidden, activation="crelu", buckets=1):
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
        """acc = b1 + sum w1[f] per perspective; out = (b2[k] + x . w2[k]) * SCALE with x =
        clamp(acc, 0, 1) (squared for screlu), the player to move's accumulator first, k the
        record's output bucket."""

        def __init__(self):
            super().__init__()
            self.w1 = nn.Parameter(torch.empty(n_features, hidden))
            self.b1 = nn.Parameter(torch.empty(hidden))
            self.w2 = nn.Parameter(torch.empty(buckets, 2 * hidden))
            self.b2 = nn.Parameter(torch.zeros(buckets))
            nn.init.uniform_(self.w1, -0.05, 0.05)
            nn.init.uniform_(self.b1, 0.2, 0.5)
            nn.init.uniform_(self.w2, -1 / math.sqrt(hidden), 1 / math.sqrt(hidden))

            self.quantised = False  # forward through the integer net's weights (--qat-epochs)

        def forward(self, inputs, bucket=None):
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
            if buckets == 1:
                return (x @ w2[0] + b2[0]) * SCALE
            k = torch.from_numpy(bucket)
            return ((x * w2[k]).sum(1) + b2[k]) * SCALE

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


def targets(d, lam, scales):
    """lambda * P(score) + (1 - lambda) * result, each record's score read with its file's
    scale (scales: one per file of d, or one number for all)."""
    per = np.repeat(np.asarray(scales, np.float64) * np.ones(len(d.file_sizes)), d.file_sizes)
    s = 1.0 / (1.0 + np.exp(-d.score.astype(np.float64) / per))
    return (lam * s + (1 - lam) * (d.result.astype(np.float64) + 1) / 2).astype(np.float32)


def file_index(d, i):
    """(file number, record within it) of record i of d."""
    ends = np.cumsum(d.file_sizes)
    f = int(np.searchsorted(ends, i, side="right"))
    return f, i - (int(ends[f - 1]) if f else 0)


def fit_scales(a, d, val, train):
    """The net's result scale and each file's: --scale-wdl N for all, or fitted (scale.py): the
    net's on the held-out records (the training ones when too few are held out), each file's on
    its own records (the net's where a file has too few). Returns (net's, per file, note)."""
    files = a.data + a.val_data
    if a.scale_wdl != "fit":
        return a.scale_wdl, [a.scale_wdl] * len(files), f"result scale {a.scale_wdl} (given)"
    on, where = (val, "held-out") if len(val) >= wdl.MIN_RECORDS else (train, "training")
    try:
        net_scale = wdl.fit(d.score[on], d.result[on])
    except wdl.FitError as e:
        raise wdl.FitError(f"cannot fit the result scale on the {len(on)} {where} records ({e}): "
                           f"give --scale-wdl N") from None
    per, starts = [], np.cumsum([0] + d.file_sizes)
    for k in range(len(files)):
        sl = slice(int(starts[k]), int(starts[k + 1]))
        try:
            per.append(wdl.fit(d.score[sl], d.result[sl]))
        except wdl.FitError:
            per.append(net_scale)
    fixed = wdl.log_loss(d.score[on], d.result[on], wdl.FIXED)
    note = (f"result scale {net_scale}, fitted on {len(on)} {where} records (log-loss "
            f"{wdl.log_loss(d.score[on], d.result[on], net_scale):.5f}, {fixed:.5f} at "
            f"{wdl.FIXED}); each file's scores read at "
            + ", ".join(f"{s}" for s in per))
    return net_scale, per, note


def load_init(torch, model, path, d, a):
    net = netfile.read_net(path, d.game, d.feature_set, d.n_features)
    if net.hidden != a.hidden:
        raise netfile.NetError(path, 48, f"hidden {net.hidden}, but --hidden is {a.hidden}")
    if net.activation != a.activation:
        raise netfile.NetError(path, 8, f"activation {net.activation}, but --activation is {a.activation}")
    if net.buckets not in (1, a.buckets):
        raise netfile.NetError(path, 72, f"{net.buckets} output buckets, but --buckets is {a.buckets}")
    with torch.no_grad():
        model.w1.copy_(torch.from_numpy(net.W1.astype(np.float32) / QA))
        model.b1.copy_(torch.from_numpy(net.B1.astype(np.float32) / QA))
        # a net of one output layer starts every bucket (a first bucketed generation)
        model.w2.copy_(torch.from_numpy(net.W2.astype(np.float32) / QB).expand(a.buckets, -1))
        model.b2.copy_(torch.from_numpy(net.B2.astype(np.float32) / (QA * QB)).expand(a.buckets))


def quantise(model, d, activation="crelu", wdl_scale=0):
    """The integer net of the float model (NNUE-SPEC §2's rounding)."""
    def q(t, f):
        return np.rint(t.detach().double().numpy() * f)
    W1, B1, W2 = q(model.w1, QA), q(model.b1, QA), q(model.w2, QB)
    B2 = q(model.b2, QA * QB).astype(np.int64)
    return netfile.Net(d.game, d.feature_set, W1.astype(np.int16), B1.astype(np.int16),
                       W2.astype(np.int16), B2, activation=activation, wdl_scale=wdl_scale)


def load(a):
    """The records (training files, then the held-out ones), how many are held out, the
    declared bound and the bucket count; exits with one line on a refused file."""
    t0 = time.time()
    try:
        # held-out files come last in one record set, so that one model code path serves both
        d = datafile.read_files(a.data + a.val_data, a.game)
    except (datafile.DataError, OSError) as e:
        sys.exit(f"train.py: {e}")
    n_held = sum(d.file_sizes[len(a.data):])
    if len(d) - n_held == 0:
        sys.exit("train.py: the data holds no records")
    if a.val_data and n_held == 0:
        sys.exit("train.py: the validation data holds no records")
    print(f"data: {len(d) - n_held} records of {d.game} ({d.feature_set}, {d.n_features} features, "
          f"at most {d.max_active()} active a side) from {len(a.data)} file(s)"
          + (f", {n_held} held out in {len(a.val_data)} file(s)" if n_held else "")
          + f" in {time.time() - t0:.1f} s", flush=True)
    return d, n_held


def bounds(a, d):
    """The declared bound and the bucket count for d, checked against the data; exits with one
    line naming the file and record where the data breaks them."""
    files = a.data + a.val_data
    max_active = a.max_active or d.nnue_max_active
    if max_active is None:
        sys.exit("train.py: the data does not say its game's bound on active features (its format "
                 "predates it): give --max-active, the game's GameOps.nnue_max_active")
    if d.nnue_max_active is not None and max_active < d.nnue_max_active:
        sys.exit(f"train.py: --max-active {max_active} is below the game's declared {d.nnue_max_active}")
    buckets = a.buckets or d.nnue_buckets or 1
    # a net's buckets are exactly its game's stages (engine/nnue/NET.md): more than the data's
    # would train layers no record reaches
    if buckets > 1 and d.nnue_buckets is not None and buckets > d.nnue_buckets:
        sys.exit(f"train.py: {buckets} output buckets, but the data's game has {d.nnue_buckets} "
                 f"stage(s) (its GameOps.nnue_buckets)")
    try:
        bound.check_views(d, max_active)
        quantised.stages(d, buckets)
    except ValueError as e:
        msg = str(e)
        if msg.startswith("record "):
            i = int(msg.split()[1].rstrip(":"))
            f, j = file_index(d, i)
            msg = f"{files[f]}: record {j}: {msg.split(': ', 1)[1]}"
        sys.exit(f"train.py: {msg}")
    return max_active, buckets


def main(argv=None):
    a = parse_args(argv)
    d, n_held = load(a)
    run(a, d, n_held)


def run(a, d, n_held):
    """Trains on d (its last n_held records held out) and writes the net: main after load, or
    a caller that gives the records their stages (test_engine_match.py)."""
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
    max_active, a.buckets = bounds(a, d)
    n = len(d)
    perm = rng.permutation(n - n_held)
    if n_held:
        val, train = np.arange(n - n_held, n), perm
    else:
        n_val = min(int(round(n * a.val_fraction)), n - 1)
        if a.val_split == "tail":  # whole games but the one cut at the boundary
            val, train = np.arange(n - n_val, n), perm[perm < n - n_val]
        else:
            val, train = np.sort(perm[:n_val]), perm[n_val:]
    try:
        net_scale, file_scales, note = fit_scales(a, d, val, train)
    except wdl.FitError as e:
        sys.exit(f"train.py: {e}")
    print(note, flush=True)
    lam_end = a.lam if a.lam_end is None else a.lam_end
    result = torch.from_numpy(((d.result.astype(np.float64) + 1) / 2).astype(np.float32))
    val_target = torch.from_numpy(targets(d, lam_end, file_scales))
    w1c, w2c, b2c = clips(a.hidden, a.activation)
    lane = bound.lane_limit(max_active)
    bucket = d.bucket.astype(np.int64) if a.buckets > 1 else None

    model = make_model(torch, d.n_features, a.hidden, a.activation, a.buckets)
    if a.init:
        try:
            load_init(torch, model, a.init, d, a)
        except netfile.NetError as e:
            sys.exit(f"train.py: {e}")
    if a.weight_decay > 0:
        opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=a.weight_decay)
    else:
        opt = torch.optim.Adam(model.parameters(), lr=a.lr)
    clipped = [0]  # lanes clipped to the declared bound, over the run

    def clip():
        with torch.no_grad():
            model.w1.clamp_(-w1c, w1c)
            model.b1.clamp_(-w1c, w1c)
            clipped[0] += bound.clip_lanes(torch, model.w1, model.b1, max_active, lane)
            model.w2.clamp_(-w2c, w2c)
            model.b2.clamp_(-b2c, b2c)

    def forward(idx, backward=False):
        return model(batch_inputs(d, idx, backward), None if bucket is None else bucket[idx])

    def loss_of(out, want):
        err = torch.sigmoid(out / net_scale) - want
        return torch.mean(err ** 2 if a.loss_power == 2 else torch.abs(err) ** a.loss_power)

    def mean_loss(idx):
        """The validation loss and the mean squared error against the results alone (which,
        unlike the loss, compares nets trained with other lambdas or scales)."""
        if not len(idx):
            return float("nan"), float("nan")
        was, model.quantised = model.quantised, model.quantised or a.qat_epochs > 0
        total = against = 0.0
        with torch.no_grad():
            for i in range(0, len(idx), a.batch):
                part = idx[i:i + a.batch]
                out = forward(part)
                total += loss_of(out, val_target[part]).item() * len(part)
                against += torch.sum((torch.sigmoid(out / net_scale) - result[part]) ** 2).item()
        model.quantised = was
        return total / len(idx), against / len(idx)

    def show(v):
        return "-" if np.isnan(v) else f"{v:.6f}"

    clip()
    schedule = "" if a.lr_end is None else f" to {a.lr_end} (cosine)"
    print(f"training {len(train)} records, validating on {len(val)}; hidden {a.hidden} ({a.activation})"
          + (f", {a.buckets} output buckets" if a.buckets > 1 else "")
          + f", lambda {a.lam}" + ("" if a.lam_end is None else f" to {a.lam_end}")
          + f", lr {a.lr}{schedule}, batch {a.batch}, seed {a.seed}, {a.threads} thread(s); "
          + (f"weight decay {a.weight_decay}; " if a.weight_decay else "")
          + (f"loss |error|^{a.loss_power:g}; " if a.loss_power != 2 else "")
          + (f"the last {a.qat_epochs} epoch(s) on the rounded net; " if a.qat_epochs else "")
          + f"each lane within {max_active} features' int16", flush=True)
    (best_loss, best_res), best_epoch, best_state = mean_loss(val), 0, None
    if a.keep_best:
        best_state = {k: v.clone() for k, v in model.state_dict().items()}
    print(f"epoch 0: val loss {show(best_loss)} (results {show(best_res)})", flush=True)
    steps_per_epoch = (len(train) + a.batch - 1) // a.batch
    total_steps, step = max(1, a.epochs * steps_per_epoch - 1), 0
    for epoch in range(1, a.epochs + 1):
        model.quantised = epoch > a.epochs - a.qat_epochs
        lam = a.lam + (lam_end - a.lam) * ((epoch - 1) / (a.epochs - 1) if a.epochs > 1 else 1)
        target = val_target if lam == lam_end else torch.from_numpy(targets(d, lam, file_scales))
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
            loss = loss_of(forward(idx, True), target[idx])
            loss.backward()
            opt.step()
            clip()
            total += loss.item() * len(idx)
        dt, dcpu = time.time() - t, time.process_time() - cpu
        vl, vr = mean_loss(val)
        print(f"epoch {epoch}: train loss {total / len(order):.6f}  val loss {show(vl)} (results "
              f"{show(vr)})  {dt:.1f} s, {len(order) / dt:.0f} positions/s ({len(order) / dcpu:.0f} "
              f"per CPU second)", flush=True)
        if a.keep_best and vl < best_loss:
            best_loss, best_epoch = vl, epoch
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
    model.quantised = False
    if a.keep_best:
        model.load_state_dict(best_state)
        print(f"kept epoch {best_epoch}: val loss {show(best_loss)}", flush=True)

    net = quantise(model, d, a.activation, net_scale)
    worst_case = bound.lane_bound(net.W1, net.B1, max_active)
    if worst_case > quantised.INT16_MAX:  # cannot happen under the clips; checked all the same
        sys.exit(f"train.py: an accumulator could reach {worst_case}, beyond int16: not exported")
    check = val if len(val) else train
    check = check[:20000]
    sub = datafile.Data(d.game, d.feature_set, d.n_features, d.score[check], d.result[check],
                        d.stm[check], d.n_us[check], d.n_them[check], d.start[check], d.feats,
                        bucket=None if bucket is None else bucket[check])
    q_evals, worst = quantised.evaluate(net, sub)
    with torch.no_grad():
        f_evals = forward(check).double().numpy()
    q_prob = 1 / (1 + np.exp(-q_evals / net_scale))
    q_loss = float(np.mean(np.abs(q_prob - val_target[check].numpy()) ** a.loss_power))
    q_res = float(np.mean((q_prob - result[check].numpy()) ** 2))
    net.scope = a.scope
    size = netfile.write_net(a.out, net)
    print(f"quantised on {len(check)} {'validation' if len(val) else 'training'} records: loss "
          f"{q_loss:.6f}, against results {q_res:.6f}, mean |float - integer eval| "
          f"{np.mean(np.abs(f_evals - q_evals)):.2f} cp, largest |accumulator| {worst} (bound for "
          f"{max_active} distinct features: {worst_case}; {clipped[0]} lane clips)")
    print(f"wrote {a.out}: {size} bytes ({d.game}, {d.feature_set}, {d.n_features}x{a.hidden}"
          + (f", {a.activation}" if a.activation != "crelu" else "")
          + (f", {a.buckets} output buckets" if a.buckets > 1 else "")
          + f", result scale {net_scale}"
          + (f", serving {a.scope}" if a.scope else "") + ") "
          f"in {time.time() - t0:.1f} s")


if __name__ == "__main__":
    cli.run(main)
