#!/usr/bin/env python3
# spsa.py — tunes the search parameters a tuning build announces (Tune* options) by SPSA as fishtest
# and OpenBench run it: the schedule, the matches through bench/match.sh, the resumable log, the result.
"""SPSA of an engine's Tune* options: each iteration plays engine A at theta + c_k*delta against
engine B at theta - c_k*delta (delta a random +-1 per parameter) through bench/match.sh and moves
theta by a_k/c_k * (wins - losses) * delta. bench/README.md, "Tuning the search (SPSA)", has the
whole story.

Usage: bench/spsa.py --engine build/tune/simia --game monkeyqueen --tc nodes:5000 --pairs 50
           --iterations 200 --log spsa.log [--params TuneA,TuneB,...] [--spec FILE] [--start FILE]
           [--seed N] [--c-end-frac 0.05] [--r-end 0.002] [--options Name=V,...]
           [--concurrency N] [--cutegames PATH] [--hosts FILE | --slurm 'OPTS'] [--openings FILE]
           [--shard-games N] [--retries N] [--buffer MS] [--work DIR] [--keep N]
       bench/spsa.py --log spsa.log [--iterations N] [spreading options]    resumes (the rest
           comes from the log's header; options given again must agree with it)
       bench/spsa.py --report --log spsa.log             the table reached, playing nothing

Exit status: 0 done; 1 a match failed (the log holds every finished iteration); 2 bad input
(nothing written); 130/143 interrupted (the same command resumes).
"""
import argparse
import datetime
import fcntl
import json
import math
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "match.sh")
ALPHA, GAMMA = 0.602, 0.101       # fishtest's exponents of a_k and c_k
A_FRAC = 0.1                      # A = 0.1 * iterations, fishtest's stability constant
NAME_A, NAME_B = "spsa-plus", "spsa-minus"  # the seats' names, also how the Result line is read
LOG_VERSION = 1
OPTION = re.compile(r"^option name (Tune\S+) type spin default (-?\d+) min (-?\d+) max (-?\d+)\s*$")
RESULT = re.compile(r"^Result: (.*) vs (.*): \+(\d+) -(\d+) =(\d+) \((\d+) games, (\d+) unscored\)\s*$")


class Stop(Exception):
    """One line for the user, and the exit status."""
    def __init__(self, line, status=2):
        super().__init__(line)
        self.status = status


class Interrupted(Exception):
    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def rnd(x):
    """Nearest integer, halves up: what is sent to an engine."""
    return int(math.floor(x + 0.5))


def clamp(x, lo, hi):
    return min(max(x, lo), hi)


def short(name):
    """The name in the game's override file: without the option's Tune prefix."""
    return name[4:] if name.startswith("Tune") else name


# ---------------------------------------------------------------- the schedule (fishtest's)

def schedule(c_end, r_end, n):
    """(c, a, A) of one parameter for a tune of n iterations: c_N = c_end and a_N/c_N^2 = r_end."""
    big_a = A_FRAC * n
    return c_end * n ** GAMMA, r_end * c_end ** 2 * (big_a + n) ** ALPHA, big_a


def c_at(p, k):
    return p["c"] / k ** GAMMA


def a_at(p, big_a, k):
    return p["a"] / (big_a + k) ** ALPHA


def iteration_seed(seed, k):
    """Iteration k's own seed: its delta is random.Random(seed).getrandbits(1) per parameter."""
    return (seed * 1000003 + k) % (1 << 63)


def deltas(seed_k, n):
    rng = random.Random(seed_k)
    return [1 if rng.getrandbits(1) else -1 for _ in range(n)]


def update(theta, delta, p, big_a, k, wins, losses):
    """theta after an iteration: theta + a_k/c_k * (W - L) * delta, kept in the range."""
    step = a_at(p, big_a, k) / c_at(p, k) * (wins - losses) * delta
    return clamp(theta + step, p["min"], p["max"])


# ---------------------------------------------------------------- inputs, checked first

def need_exec(what, path):
    """The absolute path of an executable file, looked up on PATH as the shell would for a bare
    name; otherwise a Stop naming it (the same words as bench/need.sh)."""
    p = path
    if p and "/" not in p and not os.path.exists(p) and shutil.which(p):
        p = shutil.which(p)
    why = None
    if not p:
        why = "is empty"
    elif not os.path.exists(p):
        why = "does not exist"
    elif os.path.isdir(p):
        why = "is a directory, not a program"
    elif not os.path.isfile(p) or not os.access(p, os.X_OK):
        why = "is not an executable file"
    if why:
        raise Stop("spsa.py: %s '%s' %s" % (what, p, why))
    return os.path.abspath(p)


def need_file(what, path):
    if not (os.path.isfile(path) and os.access(path, os.R_OK)):
        raise Stop("spsa.py: cannot read the %s '%s'" % (what, path))
    return os.path.abspath(path)


def need_arena(given):
    """The arena as match.sh will find it: checked here so a bad one stops us before the log."""
    if given:
        return need_exec("the arena (--cutegames)", given)
    if os.environ.get("CUTEGAMES"):
        return need_exec("the arena ($CUTEGAMES)", os.environ["CUTEGAMES"])
    if shutil.which("cutegames"):
        return need_exec("the arena", shutil.which("cutegames"))
    raise Stop("spsa.py: no arena: give --cutegames PATH or set CUTEGAMES=PATH (no cutegames on PATH)")


def check_tc(tc):
    if not re.fullmatch(r"(movetime|nodes|depth):\d+|clock:\d+\+\d+", tc):
        raise Stop("spsa.py: bad --tc '%s' (movetime:MS, clock:MS+INC, nodes:N or depth:N)" % tc)


def engine_words(engine):
    """The engine as [absolute path, its arguments...] (a path may carry arguments, as in match.sh)."""
    words = engine.split(" ", 1)
    return [need_exec("engine", words[0])] + (shlex.split(words[1]) if len(words) > 1 else [])


def engine_string(words):
    return " ".join([words[0]] + [shlex.quote(w) for w in words[1:]])


def tune_options(words, game):
    """The Tune spin options the engine lists for the game: [(name, default, min, max)]."""
    cmd = words + ["--game", game]
    try:
        p = subprocess.run(cmd, input="ugi\nquit\n", stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise Stop("spsa.py: '%s' did not answer ugi with ugiok within 120 s" % " ".join(cmd))
    lines = p.stdout.splitlines()
    if "ugiok" not in [l.strip() for l in lines]:
        last = (p.stderr.strip().splitlines() or lines or ["no output"])[-1]
        raise Stop("spsa.py: '%s' did not answer ugi with ugiok (status %d): %s" % (" ".join(cmd), p.returncode, last))
    found = []
    for line in lines:
        m = OPTION.match(line.strip())
        if m:
            found.append((m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))))
    if not found:
        raise Stop("spsa.py: '%s' lists no Tune options: a tuning build is configured with -DSIMIA_TUNE=ON"
                   % " ".join(cmd))
    return found


def resolve(name, known, where):
    """An engine option's name from a name given with or without the Tune prefix."""
    for n in (name, "Tune" + name):
        for k in known:
            if k.lower() == n.lower():
                return k
    raise Stop("spsa.py: %s: no parameter '%s' among the engine's Tune options (%s)"
               % (where, name, ", ".join(known)))


def number(text, where):
    try:
        return float(text)
    except ValueError:
        raise Stop("spsa.py: %s: '%s' is not a number" % (where, text))


def read_spec(path, known):
    """fishtest's lines 'Name,start,min,max,c_end,r_end' (OpenBench's 'Name, int, start, ...' too):
    {name: (start, min, max, c_end, r_end)} in the file's order."""
    spec = {}
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split(",")]
            if len(fields) == 7 and fields[1] in ("int", "float"):
                del fields[1]
            where = "%s:%d" % (path, no)
            if len(fields) != 6:
                raise Stop("spsa.py: %s: not 'Name,start,min,max,c_end,r_end': %s" % (where, line))
            name = resolve(fields[0], known, where)
            spec[name] = tuple(number(x, where) for x in fields[1:])
    return spec


def read_start(path, known):
    """Start values {name: value} from an SPSA log (its last theta), fishtest's spec lines, the
    override lines {"Name", V}, or lines Name=V / Name V."""
    with open(path) as f:
        text = f.read()
    first = text.lstrip().split("\n", 1)[0]
    if first.startswith("{") and '"spsa"' in first:
        header, lines, _ = parse_log(path)
        theta = lines[-1]["theta_after"] if lines else {p["name"]: p["start"] for p in header["params"]}
        return {resolve(n, known, path): v for n, v in theta.items()}
    start = {}
    for no, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        where = "%s:%d" % (path, no)
        m = (re.match(r'^\{\s*"(\w+)"\s*,\s*(-?[\d.]+)\s*\}\s*,?', line)
             or re.match(r"^(\w+)\s*[,= ]\s*(?:(?:int|float)\s*,\s*)?(-?[\d.]+)", line))
        if not m:
            raise Stop("spsa.py: %s: no 'Name,value' (or {\"Name\", value}): %s" % (where, line))
        start[resolve(m.group(1), known, where)] = number(m.group(2), where)
    return start


def read_openings(path, game):
    """The suite's header line (or None) and its positions as the arena reads them."""
    with open(path) as f:
        raw = [l.rstrip("\r\n") for l in f]
    m = re.match(r"^# Simia opening suite for ([a-z0-9]*):", raw[0]) if raw else None
    if m and m.group(1) != game:
        raise Stop("spsa.py: '%s' is an opening suite for %s, not for %s" % (path, m.group(1), game))
    lines = [l for l in raw if l and not l.startswith("#")]
    if not lines:
        raise Stop("spsa.py: no openings in '%s'" % path)
    return (raw[0] if m else None), lines


# ---------------------------------------------------------------- the log

def parse_log(path):
    """(header, iteration lines, byte length of the whole lines). A last line cut short by a kill
    (no newline, not JSON) is left out; any other bad line stops us."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.strip():
        raise Stop("spsa.py: the log '%s' is empty (remove it to start a tune)" % path)
    chunks = data.split(b"\n")
    good = len(data)
    if chunks[-1] == b"":
        chunks.pop()
    elif len(chunks) > 1:
        try:
            json.loads(chunks[-1])
        except ValueError:  # the write a kill cut short: this iteration is played again
            good = len(data) - len(chunks[-1])
            chunks.pop()
    records = []
    for no, chunk in enumerate(chunks, 1):
        try:
            records.append(json.loads(chunk))
        except ValueError:
            raise Stop("spsa.py: %s:%d is not a line of an SPSA log" % (path, no))
    header, lines = records[0], records[1:]
    try:
        if header.get("spsa") != LOG_VERSION:
            raise TypeError
        names = [p["name"] for p in header["params"]]
        theta = {p["name"]: p["start"] for p in header["params"]}
    except (AttributeError, KeyError, TypeError):
        raise Stop("spsa.py: '%s' is not an SPSA log (its first line is no spsa.py header)" % path)
    # Each line starts where the one before ended: a log pieced together from two tunes is refused.
    for no, line in enumerate(lines, 2):
        try:
            if line["iteration"] != no - 1 or list(line["theta"]) != names or line["theta"] != theta:
                raise KeyError
            theta = line["theta_after"]
        except (KeyError, TypeError):
            raise Stop("spsa.py: %s:%d does not follow the line before it" % (path, no))
    return header, lines, good


def append_line(path, record):
    """One line, on disk before we go on: a kill loses at most the iteration being played."""
    with open(path, "a") as f:
        f.write(json.dumps(record, separators=(", ", ": ")) + "\n")
        f.flush()
        os.fsync(f.fileno())


def create_log(path, header):
    with open(path, "x") as f:
        f.write(json.dumps(header, separators=(", ", ": ")) + "\n")
        f.flush()
        os.fsync(f.fileno())
    fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    try:
        os.fsync(fd)  # the new file's name is on disk too
    finally:
        os.close(fd)


# ---------------------------------------------------------------- one iteration

def opening_file(path, k, pairs, suite_header, lines):
    """Iteration k's openings: the next `pairs` lines of the suite after iteration k-1's, so the
    tune walks through the whole suite rather than replaying its first lines every iteration."""
    first = (k - 1) * pairs
    with open(path, "w") as f:
        if suite_header:
            f.write(suite_header + "\n")
        for i in range(first, first + pairs):
            f.write(lines[i % len(lines)] + "\n")
    return first % len(lines)


def match_dir(work, k, spread):
    """Where iteration k's match goes. Spread over hosts, the same directory again (match.sh plays
    only the shards not done); here, a new one, so that games left running by a killed run
    cannot write into the new attempt's."""
    base = os.path.join(work, "iter-%06d" % k)
    if spread:
        return base
    d, n = base, 1
    while os.path.exists(d):
        n += 1
        d = "%s-%d" % (base, n)
    return d


def play(args, header, k, plus, minus, work, openings):
    """W, L, D of A (plus) against B (minus) over 2*pairs games, or a Stop saying why not."""
    spread = bool(args.hosts or args.slurm)
    d = match_dir(work, k, spread)
    os.makedirs(d, exist_ok=True)
    suite_header, lines = openings
    offset = opening_file(os.path.join(d, "openings.txt"), k, header["pairs"], suite_header, lines)
    common = header["options"]
    opts = lambda values: ",".join(([common] if common else []) + ["%s=%d" % kv for kv in values.items()])
    cmd = ["bash", MATCH, "--games", str(2 * header["pairs"]), "--tc", header["tc"], "--game", header["game"],
           "--openings", os.path.join(d, "openings.txt"), "--options-a", opts(plus), "--options-b", opts(minus),
           "--name-a", NAME_A, "--name-b", NAME_B, "--out", os.path.join(d, "match")]
    for flag, value in (("--concurrency", args.concurrency), ("--cutegames", args.cutegames),
                        ("--hosts", args.hosts), ("--slurm", args.slurm), ("--shard-games", args.shard_games),
                        ("--retries", args.retries), ("--buffer", args.buffer)):
        if value is not None:
            cmd += [flag, str(value)]
    if args.slurm is not None:
        cmd.append("--wait")  # the result is needed before the next iteration
    cmd += [header["engine"], header["engine"]]
    out_path, err_path = os.path.join(d, "match.out"), os.path.join(d, "match.err")
    with open(out_path, "w") as out, open(err_path, "w") as err:
        # Its own session: on an interrupt we stop the match's whole tree (arena, engines, ssh).
        p = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            status = p.wait()
        except BaseException:
            stop_tree(p)
            raise
    with open(out_path) as f:
        out_lines = f.read().splitlines()
    with open(err_path) as f:
        err_lines = [l for l in f.read().splitlines() if l.strip()]
    result = [m for m in map(RESULT.match, out_lines) if m]
    where = "iteration %d: bench/match.sh" % k
    if status != 0:
        raise Stop("spsa.py: %s failed (exit %d): %s; see %s" % (where, status, why(err_lines), err_path), 1)
    if not result:
        raise Stop("spsa.py: %s printed no 'Result: ...' line; see %s" % (where, out_path), 1)
    m = result[-1]
    w, l, dr, n, unscored = (int(m.group(i)) for i in range(3, 8))
    if (m.group(1), m.group(2)) != (NAME_A, NAME_B) or unscored or w + l + dr != 2 * header["pairs"] or n != w + l + dr:
        raise Stop("spsa.py: %s: unexpected result '%s' (%d games wanted); see %s"
                   % (where, m.group(0).strip(), 2 * header["pairs"], out_path), 1)
    return w, l, dr, offset, d


def why(err_lines):
    """The line of match.sh's stderr that says what went wrong."""
    own = [l for l in err_lines if l.startswith("match.sh:") or "FAILED" in l or "failed" in l]
    if own:
        return own[-1].strip()
    for i, l in enumerate(err_lines):
        m = re.match(r"^Adjudicated otherwise: (\d+)", l)
        if m and int(m.group(1)) > 0:
            kinds = "; ".join(x.strip() for x in err_lines[i + 1:])
            return "%s game(s) adjudicated otherwise (%s)" % (m.group(1), kinds)
    return err_lines[-1].strip() if err_lines else "no message"


def stop_tree(p):
    try:
        os.killpg(p.pid, signal.SIGTERM)
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    except ProcessLookupError:
        pass


def prune(work, keep, k):
    """Only the last `keep` iterations' games stay (the newest show what a failure looked like)."""
    if keep <= 0:
        return
    for name in os.listdir(work):
        m = re.match(r"^iter-(\d{6})(-\d+)?$", name)
        if m and int(m.group(1)) <= k - keep:
            shutil.rmtree(os.path.join(work, name), ignore_errors=True)


# ---------------------------------------------------------------- the table

def report(header, lines, path, out=sys.stdout):
    params = header["params"]
    theta = lines[-1]["theta_after"] if lines else {p["name"]: p["start"] for p in params}
    w = sum(l["w"] for l in lines)
    lo = sum(l["l"] for l in lines)
    d = sum(l["d"] for l in lines)
    width = max([len(p["name"]) for p in params] + [9])
    print("SPSA of %s, %s, %s, %d game pair%s an iteration: %d iterations (schedule of %d), %d games (+%d -%d =%d); log %s"
          % (os.path.basename(header["engine"].split(" ")[0]), header["game"], header["tc"], header["pairs"],
             "" if header["pairs"] == 1 else "s", len(lines), header["iterations"], w + lo + d, w, lo, d, path), file=out)
    print("%-*s %8s %8s %8s %8s %7s %10s %6s %7s" % (width, "parameter", "default", "start", "min", "max", "c_end",
                                                     "theta", "value", "change"), file=out)
    for p in params:
        t = theta[p["name"]]
        print("%-*s %8d %8g %8d %8d %7.2f %10.3f %6d %+7d" % (width, p["name"], p["default"], p["start"], p["min"],
              p["max"], p["c_end"], t, rnd(t), rnd(t) - rnd(p["start"])), file=out)
    print("The values for engine/games/%s/params.h:" % header["game"], file=out)
    for p in params:
        print('    {"%s", %d},' % (short(p["name"]), rnd(theta[p["name"]])), file=out)


# ---------------------------------------------------------------- the run

def build_params(args, options, engine_desc):
    """The tune's parameters at its start: [{name, default, start, min, max, c_end, r_end}]."""
    known = [o[0] for o in options]
    byname = {o[0]: o for o in options}
    spec = read_spec(need_file("spec file", args.spec), known) if args.spec else {}
    if args.params:
        names = [resolve(n.strip(), known, "--params") for n in args.params.split(",") if n.strip()]
        missing = [n for n in names if spec and n not in spec]
        if missing:
            raise Stop("spsa.py: --params: %s not in the spec file %s" % (", ".join(missing), args.spec))
    else:
        names = list(spec) if spec else known
    if not names or len(set(names)) != len(names):
        raise Stop("spsa.py: --params: give each parameter once")
    start = read_start(need_file("start file", args.start), known) if args.start else {}
    frac = 0.05 if args.c_end_frac is None else args.c_end_frac
    r_end = 0.002 if args.r_end is None else args.r_end
    params = []
    for n in names:
        _, default, lo, hi = byname[n]
        s, c_end, r = default, max(1.0, (hi - lo) * frac), r_end
        if n in spec:
            s, slo, shi, c_end, r = spec[n]
            if slo < lo or shi > hi or slo >= shi:
                raise Stop("spsa.py: %s: %s's range [%g, %g] is not inside [%d, %d], the range %s offers"
                           % (args.spec, n, slo, shi, lo, hi, engine_desc))
            lo, hi = int(math.ceil(slo)), int(math.floor(shi))
        s = start.get(n, s)
        if not lo <= s <= hi:
            raise Stop("spsa.py: %s starts at %g, outside its range [%d, %d]" % (n, s, lo, hi))
        if c_end <= 0 or r <= 0:
            raise Stop("spsa.py: %s: c_end and r_end must be positive" % n)
        params.append({"name": n, "default": default, "start": s, "min": lo, "max": hi, "c_end": c_end, "r_end": r})
    return params


def check_resume(args, header, words, log):
    """Everything given again must be what the log was started with: one line naming the first that is not."""
    def refuse(what, given, logged):
        raise Stop("spsa.py: %s is a tune with %s %s, not %s (resume with the same options, or give another --log)"
                   % (log, what, logged, given))
    if words is not None and engine_string(words) != header["engine"]:
        refuse("--engine", engine_string(words), header["engine"])
    for what, given, key in (("--game", args.game, "game"), ("--tc", args.tc, "tc"), ("--pairs", args.pairs, "pairs"),
                             ("--seed", args.seed, "seed"), ("--options", args.options, "options"),
                             ("--c-end-frac", args.c_end_frac, "c_end_frac"), ("--r-end", args.r_end, "r_end")):
        if given is not None and given != header.get(key):
            refuse(what, given, header.get(key))
    if args.openings is not None and os.path.abspath(args.openings) != header["openings"]:
        refuse("--openings", os.path.abspath(args.openings), header["openings"])


def run(args):
    log = args.log
    logdir = os.path.dirname(os.path.abspath(log))
    if not os.path.isdir(logdir):
        raise Stop("spsa.py: the log's directory '%s' does not exist" % logdir)
    exists = os.path.exists(log)
    if args.report:
        if not exists:
            raise Stop("spsa.py: no log '%s' to report" % log)
        header, lines, _ = parse_log(log)
        report(header, lines, log)
        return 0

    # Everything is checked before the log is touched: a bad input leaves no file behind.
    words = engine_words(args.engine) if args.engine else None
    if exists:
        header, lines, good = parse_log(log)
        check_resume(args, header, words, log)
        if words is None:
            words = engine_words(header["engine"])
    else:
        if words is None:
            raise Stop("spsa.py: --engine is needed to start a tune (no log '%s' yet)" % log)
        if args.iterations is None:
            raise Stop("spsa.py: --iterations is needed to start a tune (the total, e.g. 200)")
        header, lines, good = None, [], 0
    game = args.game or (header["game"] if header else "monkeyqueen")
    tc = args.tc or (header["tc"] if header else "nodes:5000")
    check_tc(tc)
    for flag, v in (("--pairs", args.pairs), ("--iterations", args.iterations), ("--concurrency", args.concurrency)):
        if v is not None and v < 1:
            raise Stop("spsa.py: %s must be at least 1" % flag)
    if args.hosts and args.slurm:
        raise Stop("spsa.py: --hosts or --slurm, not both")
    if args.hosts:
        need_file("hosts file", args.hosts)
        args.hosts = os.path.abspath(args.hosts)
    if args.cutegames:
        args.cutegames = need_arena(args.cutegames)
    else:
        need_arena(None)
    openings_path = args.openings or (header["openings"] if header else
                                      os.path.join(HERE, "..", "engine", "games", game, "openings.txt"))
    openings_path = need_file("openings file", openings_path)
    openings = read_openings(openings_path, game)
    desc = "'%s --game %s'" % (engine_string(words), game)
    options = tune_options(words, game)

    if header is None:
        params = build_params(args, options, desc)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        n = args.iterations
        for p in params:
            p["c"], p["a"], big_a = schedule(p["c_end"], p["r_end"], n)
        header = {"spsa": LOG_VERSION, "created": datetime.datetime.now().isoformat(timespec="seconds"),
                  "engine": engine_string(words), "game": game, "tc": tc, "pairs": args.pairs or 50,
                  "openings": openings_path, "options": args.options or "", "seed": seed,
                  "c_end_frac": 0.05 if args.c_end_frac is None else args.c_end_frac,
                  "r_end": 0.002 if args.r_end is None else args.r_end,
                  "iterations": n, "alpha": ALPHA, "gamma": GAMMA, "A": big_a, "params": params}
    else:
        if args.params:
            given = [resolve(x.strip(), [o[0] for o in options], "--params") for x in args.params.split(",") if x.strip()]
            logged = [p["name"] for p in header["params"]]
            if given != logged:
                raise Stop("spsa.py: %s is a tune of %s, not of %s (resume with the same options, or give another --log)"
                           % (log, ",".join(logged), ",".join(given)))
        byname = {o[0]: o for o in options}
        for p in header["params"]:
            o = byname.get(p["name"])
            if o is None or p["min"] < o[2] or p["max"] > o[3]:
                raise Stop("spsa.py: %s tunes %s in [%d, %d], which %s does not offer"
                           % (log, p["name"], p["min"], p["max"], desc))
        # A spec or start file given again must say what the log was started with (a start file's
        # value wins over the spec's start, as when the log was started).
        start = read_start(need_file("start file", args.start), list(byname)) if args.start else {}
        if args.spec:
            spec = read_spec(need_file("spec file", args.spec), list(byname))
            for p in header["params"]:
                if p["name"] in spec:
                    s, lo, hi, c_end, r = spec[p["name"]]
                    if (start.get(p["name"], s), math.ceil(lo), math.floor(hi), c_end, r) != \
                            (p["start"], p["min"], p["max"], p["c_end"], p["r_end"]):
                        raise Stop("spsa.py: %s started %s otherwise than the spec file %s says"
                                   % (log, p["name"], args.spec))
        for p in header["params"]:
            if p["name"] in start and start[p["name"]] != p["start"]:
                raise Stop("spsa.py: %s started %s at %g, the start file %s says %g"
                           % (log, p["name"], p["start"], args.start, start[p["name"]]))
    total = args.iterations or header["iterations"]
    work = os.path.abspath(args.work or log + ".d")

    if not exists:
        try:
            create_log(log, header)
        except FileExistsError:
            raise Stop("spsa.py: the log '%s' is in use by another run" % log)
    with open(log, "a") as lockf:
        try:  # two runs appending to one log would interleave their iterations
            fcntl.flock(lockf.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise Stop("spsa.py: the log '%s' is in use by another run" % log)
        if exists and good != os.path.getsize(log):
            os.truncate(log, good)  # a line a kill cut short: its iteration is played again
        return iterate(args, header, lines, total, work, openings, log)


def iterate(args, header, lines, total, work, openings, log):
    params = header["params"]
    names = [p["name"] for p in params]
    theta = dict(lines[-1]["theta_after"]) if lines else {p["name"]: float(p["start"]) for p in params}
    done = len(lines)
    if done >= total:
        print("spsa: %s holds %d iterations, the %d asked for: nothing to play" % (log, done, total), flush=True)
    elif done:
        print("spsa: %s holds %d iterations: resuming at iteration %d of %d" % (log, done, done + 1, total), flush=True)
    else:
        print("spsa: %s: %d parameters (%s), %d iterations of %d game pair%s, %s, %s, seed %d"
              % (log, len(params), ", ".join(names), total, header["pairs"], "" if header["pairs"] == 1 else "s",
                 header["game"], header["tc"], header["seed"]), flush=True)
    os.makedirs(work, exist_ok=True)
    t_all = time.monotonic()
    for k in range(done + 1, total + 1):
        t0 = time.monotonic()
        seed_k = iteration_seed(header["seed"], k)
        delta = dict(zip(names, deltas(seed_k, len(names))))
        c_k = {p["name"]: c_at(p, k) for p in params}
        a_k = {p["name"]: a_at(p, header["A"], k) for p in params}
        plus = {p["name"]: clamp(rnd(theta[p["name"]] + c_k[p["name"]] * delta[p["name"]]), p["min"], p["max"]) for p in params}
        minus = {p["name"]: clamp(rnd(theta[p["name"]] - c_k[p["name"]] * delta[p["name"]]), p["min"], p["max"]) for p in params}
        w, l, d, offset, mdir = play(args, header, k, plus, minus, work, openings)
        after = {p["name"]: update(theta[p["name"]], delta[p["name"]], p, header["A"], k, w, l) for p in params}
        seconds = time.monotonic() - t0
        append_line(log, {"iteration": k, "seed": seed_k, "theta": theta, "delta": delta, "c_k": c_k, "a_k": a_k,
                          "plus": plus, "minus": minus, "w": w, "l": l, "d": d, "theta_after": after,
                          "openings_from": offset, "seconds": round(seconds, 2),
                          "time": datetime.datetime.now().isoformat(timespec="seconds")})
        theta = after
        print("spsa: iteration %d/%d: +%d -%d =%d in %.1f s; %s" % (k, total, w, l, d, seconds,
              ", ".join("%s %.2f" % (short(n), theta[n]) for n in names)), flush=True)
        prune(work, args.keep, k)
    if total > done:
        print("spsa: %d iterations in %.0f s" % (total - done, time.monotonic() - t_all), flush=True)
    header_now, lines_now, _ = parse_log(log)
    report(header_now, lines_now, log)
    return 0


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, as every script of bench/
        print("spsa.py: %s (--help)" % message, file=sys.stderr)
        sys.exit(2)


def main():
    ap = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter, usage=argparse.SUPPRESS)
    ap.add_argument("--engine", help="the tuning build (a path, with arguments if quoted)")
    ap.add_argument("--game", help="the game (default monkeyqueen)")
    ap.add_argument("--tc", help="match.sh's time control (default nodes:5000)")
    ap.add_argument("--pairs", type=int, help="game pairs an iteration (default 50)")
    ap.add_argument("--iterations", type=int, help="the total of iterations (the schedule's N when the log starts)")
    ap.add_argument("--log", required=True, help="the iteration log (JSON lines); an existing one is resumed")
    ap.add_argument("--params", help="Tune options to tune, comma-separated (default: all, or the spec's)")
    ap.add_argument("--spec", help="fishtest's lines Name,start,min,max,c_end,r_end")
    ap.add_argument("--start", help="start values: an SPSA log, spec lines, {\"Name\", V} or Name=V lines")
    ap.add_argument("--seed", type=int, help="the deltas' seed (default: drawn, written in the log)")
    ap.add_argument("--c-end-frac", type=float, help="c_end as a fraction of the range (default 0.05, at least 1)")
    ap.add_argument("--r-end", type=float, help="r_end, the last learning rate a_N/c_N^2 (default 0.002)")
    ap.add_argument("--options", help="engine options for both sides, Name=V,Name=V (e.g. Hash=16)")
    ap.add_argument("--concurrency", type=int, help="match.sh's games at once")
    ap.add_argument("--cutegames", help="the arena (match.sh's --cutegames)")
    ap.add_argument("--hosts", help="match.sh's --hosts FILE: the games spread over machines")
    ap.add_argument("--slurm", help="match.sh's --slurm 'SBATCH-OPTIONS' (waited for)")
    ap.add_argument("--openings", help="the suite (default engine/games/GAME/openings.txt), walked through in turn")
    ap.add_argument("--shard-games", type=int, help="match.sh's --shard-games")
    ap.add_argument("--retries", type=int, help="match.sh's --retries")
    ap.add_argument("--buffer", type=int, help="match.sh's --buffer")
    ap.add_argument("--work", help="the matches' directories (default LOG.d)")
    ap.add_argument("--keep", type=int, default=3, help="iterations whose games are kept (default 3; 0: all)")
    ap.add_argument("--report", action="store_true", help="print the table of the log, play nothing")
    args = ap.parse_args()

    def interrupted(signum, frame):
        raise Interrupted(signum)
    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGHUP, interrupted)
    try:
        return run(args)
    except Stop as e:
        print(e, file=sys.stderr)
        return e.status
    except (KeyboardInterrupt, Interrupted) as e:
        signum = e.signum if isinstance(e, Interrupted) else signal.SIGINT
        print("spsa.py: interrupted; the log holds every finished iteration, the same command resumes", file=sys.stderr)
        return 128 + signum
    except BrokenPipeError:  # `spsa.py --report | head`
        return 0
    except OSError as e:  # a directory that cannot be made, a disk that is full: still one line
        print("spsa.py: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
