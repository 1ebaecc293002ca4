#!/usr/bin/python3
"""test_engine_match.py — end to end for one game: `simia datagen` writes a small data file and
`datagen --features` its features file, the trainer trains one epoch on it, and the engine, given
the net by EvalFile, prints for every record's position exactly the eval of the integer reference
(quantised.py). Each record's stage in the features file must be the one the engine's `eval`
names (the game's nnue_bucket); with --buckets, the net has an output layer per stage.
Usage: test_engine_match.py SIMIA GAME [--positions N] [--nodes N] [--keep DIR] [--buckets]
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
    ap.add_argument("--buckets", action="store_true", help="a net with the game's output buckets")
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

    def evals(commands):
        """The engine's NNUE evaluation and stage lines for every record's position."""
        for pos in positions:
            commands += [f"position fen {pos}", "eval"]
        code, out, err = engine_session(a.simia, a.game, commands)
        errors = [l for l in out.splitlines() if l.startswith("info string error")]
        if code != 0 or errors:
            fail(f"the engine exited {code} with {len(errors)} error line(s): {errors[:5]} {err[-1000:]}")
        got = [l.split()[2] for l in out.splitlines() if l.startswith("NNUE evaluation:")]
        stages = [l.split()[3:6:2] for l in out.splitlines() if l.startswith("NNUE output bucket:")]
        if len(got) != len(d) or len(stages) not in (0, len(d)):
            fail(f"{len(got)} 'NNUE evaluation:' and {len(stages)} 'NNUE output bucket:' lines for "
                 f"{len(d)} positions")
        return got, stages

    # the stages first (the game's, whatever the net): the features file's stage column must be
    # what the engine names, so that each record trains the layer the engine will read
    _, stages = evals([])
    if a.buckets and not stages:
        fail(f"{a.game} names no stage in eval: a game without output buckets")
    named = [int(b) for b, _ in stages] if stages else [0] * len(d)
    if d.bucket.tolist() != named or d.nnue_buckets != (int(stages[0][1]) if stages else 1):
        i = next((i for i, (f, e) in enumerate(zip(d.bucket.tolist(), named)) if f != e), 0)
        fail(f"{feat}: {d.nnue_buckets} bucket(s), record {i} in stage {int(d.bucket[i])}; the engine "
             f"names {named[i]} of {stages[0][1] if stages else 1}: {positions[i]}")
    count = d.nnue_buckets if a.buckets else 1
    # the bound and the stages come from the features file; the result scale changes no eval,
    # and 300 positions of some 30 games are too few to fit it
    argv = ["--data", feat, "--out", net, "--game", a.game, "--hidden", "32", "--epochs", "1",
            "--batch", "256", "--seed", "1", "--val-fraction", "0", "--activation", a.activation,
            "--buckets", str(count), "--scale-wdl", "400"]
    try:
        train.main(argv)
    except SystemExit as e:
        if e.code:
            fail(f"the trainer failed: {e.code}")
    q = netfile.read_net(net, a.game, d.feature_set, d.n_features)
    if (q.activation, q.buckets) != (a.activation, count):
        fail(f"the trainer wrote a net of activation {q.activation} and {q.buckets} output "
             f"bucket(s), not {a.activation} and {count}")
    want, _ = quantised.evaluate(q, d)

    got, again = evals([f"setoption name EvalFile value {net}", "setoption name Use NNUE value true"])
    if again != stages:
        fail("eval named other stages with the net loaded")
    bad = [(i, positions[i], g, int(w)) for i, (g, w) in enumerate(zip(got, want)) if g != str(w)]
    for i, pos, g, w in bad[:10]:
        print(f"record {i}: engine {g}, reference {w}: {pos}")
    if bad:
        fail(f"{len(bad)} of {len(d)} positions differ (data and net kept in {work})")
    # the first-net page's check: the reference's line names the position the engine evaluates
    tool = [sys.executable, "-B", os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantised.py"), net, feat]
    p = subprocess.run(tool + ["--positions-from", dat], capture_output=True, text=True, timeout=600)
    lines = p.stdout.splitlines()
    if p.returncode or len(lines) != len(d) or lines[0] != f"{int(want[0])}\t{positions[0]}":
        fail(f"quantised.py --positions-from exited {p.returncode}, its first line {lines[:1]}: {p.stderr[-500:]}")
    p = subprocess.run(tool + ["--positions-from", dat, dat], capture_output=True, text=True, timeout=600)
    if p.returncode != 1 or p.stdout or "--positions-from" not in p.stderr:
        fail(f"quantised.py took data files of twice the features' records: {p.returncode} {p.stderr[-500:]}")
    nonzero = sum(1 for w in want if w)
    used = f", {len(set(d.bucket.tolist()))} of its {count} output buckets used" if a.buckets else ""
    print(f"PASSED: {a.game} ({a.activation}{used}): the engine's NNUE eval equals the reference on "
          f"all {len(d)} positions ({nonzero} non-zero, range {int(want.min())}..{int(want.max())})")
    if not a.keep:
        for f in (dat, feat, net):
            os.remove(f)
        os.rmdir(work)


if __name__ == "__main__":
    main()
