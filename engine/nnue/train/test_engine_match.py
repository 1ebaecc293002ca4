#!/usr/bin/python3
"""test_engine_match.py — end to end for one game: `simia datagen` writes a small data file and
`datagen --features` its features file, the trainer trains one epoch on it, and the engine, given
the net by EvalFile, prints for every record's position exactly the eval of the integer reference
(quantised.py).
Usage: test_engine_match.py SIMIA GAME [--positions N] [--nodes N] [--keep DIR]
Exits 77 (ctest: skipped) with a SKIPPED line while the engine has no `datagen` job or no
EvalFile option, or numpy/torch are missing. The datagen command can be overridden with
SIMIA_DATAGEN_ARGS, a template such as "datagen --out {out} --positions {positions} --nodes {nodes}"."""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
SKIP = 77
DEFAULT_DATAGEN = "datagen --out {out} --positions {positions} --nodes {nodes}"


def skipped(why):
    print(f"SKIPPED: {why}")
    sys.exit(SKIP)


def fail(why):
    print(f"FAILED: {why}")
    sys.exit(1)


def engine_session(simia, game, commands, timeout=300):
    p = subprocess.run([simia, "--game", game], input="\n".join(commands + ["quit"]) + "\n",
                       capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("simia")
    ap.add_argument("game")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--nodes", type=int, default=300)
    ap.add_argument("--keep", help="keep the data and net in this directory")
    ap.add_argument("--activation", default="crelu", help="the net's (train.py --activation)")
    a = ap.parse_args()
    helptext = subprocess.run([a.simia, "--help"], capture_output=True, text=True).stdout
    if "datagen" not in helptext:
        skipped(f"{a.simia} has no datagen job yet (branch datagen not merged): "
                "the end-to-end net check did not run")
    code, out, _ = engine_session(a.simia, a.game, ["ugi"])
    if "option name EvalFile" not in out:
        skipped(f"{a.simia} has no EvalFile option yet (branch nnue not merged): "
                "the end-to-end net check did not run")

    try:
        import numpy  # noqa: F401
        import torch  # noqa: F401
    except ImportError as e:
        skipped(f"{e.name} is missing (sudo apt-get install python3-numpy python3-torch)")
    import data as datafile
    import netfile
    import quantised
    import train

    work = a.keep or tempfile.mkdtemp(prefix="simia-nnue-match-")
    os.makedirs(work, exist_ok=True)
    dat = os.path.join(work, f"{a.game}-{a.activation}.dat")
    net = os.path.join(work, f"{a.game}-{a.activation}.nnue")
    if os.path.exists(dat):
        os.remove(dat)  # datagen appends to an existing file
    template = os.environ.get("SIMIA_DATAGEN_ARGS", DEFAULT_DATAGEN)
    args = [x.format(out=dat, positions=a.positions, nodes=a.nodes) for x in shlex.split(template)]
    cmd = [a.simia, "--game", a.game] + args
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
    if p.returncode != 0 or not os.path.exists(dat):
        fail(f"{shlex.join(cmd)} exited {p.returncode}:\n{p.stderr[-2000:]}\n"
             f"(its usage: {[l for l in helptext.splitlines() if 'datagen' in l]})")

    feat = dat + ".feat"
    if os.path.exists(feat):
        os.remove(feat)
    cmd = [a.simia, "--game", a.game, "datagen", "--features", feat, dat]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
    if p.returncode != 0:
        fail(f"{shlex.join(cmd)} exited {p.returncode}:\n{p.stderr[-2000:]}")
    try:
        d = datafile.read_data(feat, a.game)
        positions = datafile.read_positions(dat, a.game).positions
    except datafile.DataError as e:
        fail(f"datagen wrote a file the trainer refuses: {e}")
    if len(d) == 0:
        fail(f"datagen wrote no records to {dat}")
    if len(positions) != len(d):
        fail(f"{feat} holds {len(d)} records, {dat} {len(positions)}")
    print(f"{dat}: {len(d)} records, {d.feature_set}, {d.n_features} features")
    try:
        train.main(["--data", feat, "--out", net, "--game", a.game, "--hidden", "32", "--epochs",
                    "1", "--batch", "256", "--seed", "1", "--val-fraction", "0", "--activation", a.activation])
    except SystemExit as e:
        if e.code:
            fail(f"the trainer failed: {e.code}")
    q = netfile.read_net(net, a.game, d.feature_set, d.n_features)
    if q.activation != a.activation:
        fail(f"the trainer wrote a net of activation {q.activation}, not {a.activation}")
    want, _ = quantised.evaluate(q, d)

    commands = [f"setoption name EvalFile value {net}", "setoption name Use NNUE value true"]
    for pos in positions:
        commands += [f"position fen {pos}", "eval"]
    code, out, err = engine_session(a.simia, a.game, commands)
    errors = [l for l in out.splitlines() if l.startswith("info string error")]
    if code != 0 or errors:
        fail(f"the engine exited {code} with {len(errors)} error line(s): {errors[:5]} {err[-1000:]}")
    got = [l.split()[2] for l in out.splitlines() if l.startswith("NNUE evaluation:")]
    if len(got) != len(d):
        fail(f"{len(got)} 'NNUE evaluation:' lines for {len(d)} positions")
    bad = [(i, positions[i], g, int(w)) for i, (g, w) in enumerate(zip(got, want)) if g != str(w)]
    for i, pos, g, w in bad[:10]:
        print(f"record {i}: engine {g}, reference {w}: {pos}")
    if bad:
        fail(f"{len(bad)} of {len(d)} positions differ (data and net kept in {work})")
    nonzero = sum(1 for w in want if w)
    print(f"PASSED: {a.game} ({a.activation}): the engine's NNUE eval equals the reference on all {len(d)} "
          f"positions ({nonzero} non-zero, range {int(want.min())}..{int(want.max())})")
    if not a.keep:
        for f in (dat, feat, net):
            os.remove(f)
        os.rmdir(work)


if __name__ == "__main__":
    main()
