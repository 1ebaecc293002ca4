#!/usr/bin/python3
"""test_spsa.py — bench/spsa.py end to end on a tuning build: a few iterations of Monkey Queen at
1,000 nodes with tests/hosts/mini_arena.py as the arena (no cutegames), each logged line checked
against the schedule and update recomputed here; a run killed in an iteration and resumed; the
same log continued with more iterations; --report; and bad inputs refused in one line.

Usage: test_spsa.py SIMIA     (a tuning build: -DSIMIA_TUNE=ON; run by CTest)
"""
import json
import math
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPSA = os.path.join(ROOT, "bench", "spsa.py")
ARENA = os.path.join(ROOT, "tests", "hosts", "mini_arena.py")
failures = []


def fail(what):
    print("test_spsa: FAIL: " + what, file=sys.stderr)
    failures.append(what)


def spsa(*args):
    p = subprocess.run([sys.executable, SPSA] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def records(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def tune_names(simia):
    out = subprocess.run([simia, "--game", "monkeyqueen"], input="ugi\nquit\n", stdout=subprocess.PIPE,
                         text=True, timeout=60).stdout
    return [line.split()[2] for line in out.splitlines() if line.startswith("option name Tune")]


def check_log(path, pairs, iterations):
    """Every line recomputed from the one before: the schedule, the deltas from the logged seed,
    the values sent, and theta after the logged result."""
    recs = records(path)
    header, lines = recs[0], recs[1:]
    if len(lines) != iterations:
        fail("%s holds %d iterations, not %d" % (path, len(lines), iterations))
    n, big_a = header["iterations"], header["A"]
    close = lambda x, y: abs(x - y) <= 1e-9 * max(1.0, abs(y))
    if not close(big_a, 0.1 * n):
        fail("A is %g, not 0.1 * %d" % (big_a, n))
    params = header["params"]
    for p in params:
        c_end = max(1.0, (p["max"] - p["min"]) * 0.05)
        if not (close(p["c_end"], c_end) and close(p["c"], c_end * n ** 0.101)
                and close(p["a"], 0.002 * c_end ** 2 * (big_a + n) ** 0.602)):
            fail("%s: c_end, c or a not as the schedule says: %s" % (p["name"], p))
    theta = {p["name"]: p["start"] for p in params}
    for line in lines:
        k = line["iteration"]
        rng = random.Random(line["seed"])
        delta = {p["name"]: (1 if rng.getrandbits(1) else -1) for p in params}
        if line["delta"] != delta:
            fail("iteration %d: delta %s is not the one its seed gives, %s" % (k, line["delta"], delta))
        if line["theta"] != theta:
            fail("iteration %d starts at %s, the line before ended at %s" % (k, line["theta"], theta))
        if line["w"] + line["l"] + line["d"] != 2 * pairs:
            fail("iteration %d: %d games, not %d" % (k, line["w"] + line["l"] + line["d"], 2 * pairs))
        after = {}
        for p in params:
            name, lo, hi = p["name"], p["min"], p["max"]
            c_k, a_k = p["c"] / k ** 0.101, p["a"] / (big_a + k) ** 0.602
            if not (close(line["c_k"][name], c_k) and close(line["a_k"][name], a_k)):
                fail("iteration %d: %s's c_k, a_k %g, %g, not %g, %g" % (k, name, line["c_k"][name], line["a_k"][name], c_k, a_k))
            t, d = theta[name], delta[name]
            plus = min(max(math.floor(t + c_k * d + 0.5), lo), hi)
            minus = min(max(math.floor(t - c_k * d + 0.5), lo), hi)
            if (line["plus"][name], line["minus"][name]) != (plus, minus):
                fail("iteration %d: %s sent %s/%s, not %d/%d" % (k, name, line["plus"][name], line["minus"][name], plus, minus))
            after[name] = min(max(t + a_k / c_k * (line["w"] - line["l"]) * d, lo), hi)
            if not close(line["theta_after"][name], after[name]):
                fail("iteration %d: %s moved to %r, the update gives %r" % (k, name, line["theta_after"][name], after[name]))
        theta = line["theta_after"]
    return recs


def running(pid):
    """Whether the process is alive (a zombie waiting for its parent is not)."""
    try:
        with open("/proc/%s/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def refused(what, want, status, out, err, expect=2):
    lines = err.strip().splitlines()
    if status != expect:
        fail("%s: exit status %d, not %d: %s" % (what, status, expect, err.strip()[:300]))
    if len(lines) != 1 or want not in lines[0]:
        fail("%s: stderr is not one line naming '%s': %r" % (what, want, err[:400]))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: test_spsa.py SIMIA")
    simia = os.path.abspath(sys.argv[1])
    names = tune_names(simia)
    if len(names) < 2:
        print("test_spsa: FAIL: '%s' lists %d Tune options, not a tuning build" % (simia, len(names)), file=sys.stderr)
        return 1
    p1, p2 = names[0], names[1]
    work = tempfile.mkdtemp(prefix="simia-spsa-test.")
    try:
        return run(simia, p1, p2, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(simia, p1, p2, work):
    t0 = time.monotonic()
    log = os.path.join(work, "spsa.log")
    pairs = 2
    # 1,000 nodes: at 200 the side to move first won every game, so theta never moved.
    base = ["--engine", simia, "--game", "monkeyqueen", "--tc", "nodes:1000", "--pairs", str(pairs),
            "--cutegames", ARENA, "--params", "%s,%s" % (p1, p2), "--seed", "11", "--log", log]

    print("== two iterations of %s and %s" % (p1, p2))
    status, out, err = spsa(*base, "--iterations", "2")
    if status != 0:
        fail("the first run exited %d: %s" % (status, err.strip()[-500:]))
        return 1
    check_log(log, pairs, 2)
    if out.count("spsa: iteration ") != 2:
        fail("not one progress line an iteration: %r" % out)
    # What the arena was told: A's options are the logged plus values (kept: the last iterations' games).
    last = records(log)[-1]
    with open(os.path.join(log + ".d", "iter-000002", "match", "settings.json")) as f:
        engines = json.load(f)["engines"]
    if engines[0]["options"] != {k: str(v) for k, v in last["plus"].items()} or \
       engines[1]["options"] != {k: str(v) for k, v in last["minus"].items()}:
        fail("the match's options %s are not the logged values" % [e["options"] for e in engines])

    print("== killed in an iteration, resumed")
    # The arena of the run to kill hangs, so the kill comes in the middle of iteration 3's match.
    hang, pidfile = os.path.join(work, "hanging-arena"), os.path.join(work, "hanging.pid")
    with open(hang, "w") as f:
        f.write("#!/bin/sh\necho $$ > '%s'\nexec sleep 300\n" % pidfile)
    os.chmod(hang, 0o755)
    with open(log, "rb") as f:
        before = f.read()
    killed = base[:]
    killed[killed.index(ARENA)] = hang
    proc = subprocess.Popen([sys.executable, SPSA] + killed + ["--iterations", "4"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (os.path.exists(pidfile) and os.path.getsize(pidfile)) and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    if proc.returncode != 128 + signal.SIGTERM or "same command resumes" not in err:
        fail("the killed run: status %d, %r" % (proc.returncode, err))
    with open(log, "rb") as f:
        if f.read() != before:
            fail("the killed run changed the log")
    with open(pidfile) as f:  # the match it was playing was stopped with it
        pid = f.read().strip()
    deadline = time.monotonic() + 10
    while running(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if running(pid):
        fail("the killed run left its match's arena running (process %s)" % pid)
    # A line cut short by a kill while it was written: dropped, that iteration played again.
    with open(log, "a") as f:
        f.write('{"iteration": 3, "seed": 1')
    status, out, err = spsa(*base, "--iterations", "4")
    if status != 0 or "resuming at iteration 3 of 4" not in out:
        fail("the resumed run: status %d, %r %r" % (status, out[:300], err.strip()[-500:]))
    recs = check_log(log, pairs, 4)
    with open(log, "rb") as f:
        if not f.read().startswith(before):
            fail("the resumed run did not continue the log it found")

    print("== continued with the log's own settings, one more iteration")
    status, out, err = spsa("--log", log, "--iterations", "5", "--cutegames", ARENA)
    if status != 0 or "resuming at iteration 5 of 5" not in out:
        fail("continuing from the log alone: status %d, %r %r" % (status, out[:300], err[-300:]))
    recs = check_log(log, pairs, 5)

    print("== --report")
    with open(log, "rb") as f:
        before = f.read()
    status, out, err = spsa("--report", "--log", log)
    theta = recs[-1]["theta_after"]
    for name in (p1, p2):
        want = '{"%s", %d},' % (name[4:], math.floor(theta[name] + 0.5))
        if want not in out or name not in out:
            fail("--report does not show %s and the line %s: %r" % (name, want, out))
    if status != 0 or "5 iterations" not in out:
        fail("--report: status %d, %r" % (status, out[:300]))
    with open(log, "rb") as f:
        if f.read() != before:
            fail("--report changed the log")

    print("== bad inputs: one line, exit status 2, nothing written")
    fresh = os.path.join(work, "fresh.log")
    b = base[:]
    b[b.index(log)] = fresh
    refused("an unknown --params name", "TuneNoSuchThing",
            *spsa(*b[:b.index("--params") + 1], "%s,TuneNoSuchThing" % p1, *b[b.index("--params") + 2:], "--iterations", "2"))
    refused("a missing engine", os.path.join(work, "nope"),
            *spsa("--engine", os.path.join(work, "nope"), "--log", fresh, "--iterations", "2", "--cutegames", ARENA))
    refused("a missing log directory", os.path.join(work, "no-dir"),
            *spsa(*base[:-1], os.path.join(work, "no-dir", "spsa.log"), "--iterations", "2"))
    refused("a missing arena", os.path.join(work, "no-arena"),
            *spsa(*b[:b.index("--cutegames") + 1], os.path.join(work, "no-arena"), *b[b.index("--cutegames") + 2:], "--iterations", "2"))
    if os.path.exists(fresh):
        fail("a refused run made its log")
    refused("a resume with another --tc", "--tc",
            *spsa(*base[:base.index("nodes:1000")], "nodes:300", *base[base.index("nodes:1000") + 1:], "--iterations", "6"))
    refused("a resume with other --params", p2,
            *spsa(*base[:base.index("--params") + 1], p2, *base[base.index("--params") + 2:], "--iterations", "6"))
    refused("--report of no log", fresh, *spsa("--report", "--log", fresh))
    # The match fails (the arena exits 3 having played nothing): one line, status 1, the log still whole.
    broken = os.path.join(work, "broken-arena")
    with open(broken, "w") as f:
        f.write("#!/bin/sh\necho 'no games today' >&2\nexit 3\n")
    os.chmod(broken, 0o755)
    refused("a failing match", "match.sh", *spsa("--log", log, "--iterations", "6", "--cutegames", broken), expect=1)
    with open(log, "rb") as f:
        if f.read() != before:
            fail("a failed match changed the log")
    recs = check_log(log, pairs, 5)
    if all(r["w"] == r["l"] for r in recs[1:]):  # still checked, but only that theta stayed
        print("(every iteration was even: no update moved theta)")

    if failures:
        print("test_spsa: %d failure(s)" % len(failures), file=sys.stderr)
        return 1
    print("test_spsa: the log's every line recomputed, kill and resume, --report and bad inputs: all as they should (%.0f s)"
          % (time.monotonic() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
